"""classify_clauses on the visible CUAD contracts: categories present, the right clause, and key values."""

from __future__ import annotations

from bench import quality_classify


def test_categories_clauses_and_values_against_cuad_labels():
    figures = quality_classify.measure()
    total = {k: sum(row[k] for row in figures["counts"]["all"].values()) for k in ("tp", "fp", "fn")}
    precision, recall = quality_classify._pr(total)
    assert precision >= 0.88 and recall >= 0.88, quality_classify.report(figures)
    found, pairs = figures["located"]
    assert pairs >= 450 and found / pairs >= 0.95
    law = figures["values"]["Governing Law"]
    assert law["right"] >= 22 and law["wrong"] == 0, law
    assert figures["values"]["Notice Period To Terminate Renewal"]["wrong"] == 0
