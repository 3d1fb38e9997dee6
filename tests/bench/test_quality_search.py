"""The search quality goal of issue 3: search_reference_doc finds the CUAD-labelled clause in its top 5."""

from __future__ import annotations

from bench import quality_search


def test_search_finds_labelled_clauses_in_top_five(load):
    figures = quality_search.measure(load=load)
    assert figures.pairs >= 500, "every located CUAD span of a described category is measured"
    assert figures.share >= quality_search.GOAL + 0.02, quality_search.report(figures)
    assert figures.passage_share >= 0.75  # the matched passage itself, not only its clause
    assert figures.clause_chars / figures.hits < 2500  # the figure does not rest on huge clauses
    by_category = figures.categories
    assert by_category["Governing Law"].share >= 0.9 and by_category["Anti-Assignment"].share >= 0.9
