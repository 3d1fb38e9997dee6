"""Hybrid clause search on an original contract: category queries, addressable ids, reasons for nothing."""

from __future__ import annotations

from paralaw.skills.clauses.search import search_clauses
from paralaw.skills.documents.model import DocumentStructure
from paralaw.skills.text.retrieval import ClauseIndex


def test_category_queries_find_their_clause_first(agreement):
    expected = {"Rofr/Rofo/Rofn": "1.2", "Cap On Liability": "6.1", "Minimum Commitment": "3.1", "Insurance": "6.2",
                "Governing Law": "7.2", "Anti-Assignment": "7.1", "Termination For Convenience": "7.3",
                "Audit Rights": "4.1", "No-Solicit Of Employees": "5.2"}
    for query, clause_id in expected.items():
        result = search_clauses(agreement, query, top_k=5)
        assert result.categories[0] == query
        assert result.hits[0].clause_id == clause_id, (query, [h.clause_id for h in result.hits])


def test_plain_bm25_misses_what_the_model_finds(agreement):
    """'Rofr/Rofo/Rofn' shares no word with a clause that says 'first offer ... before ... anyone else'."""
    assert not ClauseIndex.for_document(agreement).search("Rofr/Rofo/Rofn", 5)
    assert search_clauses(agreement, "Rofr/Rofo/Rofn").hits[0].clause_id == "1.2"


def test_hits_carry_offsets_and_ids_every_tool_accepts(agreement):
    hits = search_clauses(agreement, "Parties", top_k=5).hits
    assert hits[0].clause_id == "preamble" and "Northwind Instruments" in agreement.text[hits[0].start:hits[0].end]
    for hit in hits:
        clause = agreement.get_clause(hit.clause_id)
        assert clause is not None, hit.clause_id
        assert agreement.text[hit.start:hit.end].strip() and clause.start <= hit.start
        assert hit.quote in agreement.text
    flat = DocumentStructure(document_id="flat-copy", text=agreement.text, structure_type="flat")
    unnumbered = search_clauses(flat, "Governing Law", top_k=3).hits
    assert unnumbered and all(h.clause_id.startswith("text@") for h in unnumbered)
    best = flat.get_clause(unnumbered[0].clause_id)
    assert "laws of the State of New York" in best.text and (best.start, best.end) == (unnumbered[0].start, unnumbered[0].end)
    assert flat.get_clause("preamble") is None and flat.get_clause("text@5-1") is None


def test_empty_results_say_why(agreement):
    nothing = search_clauses(agreement, "zebra xylophone")
    assert nothing.hits == [] and "none of the query's words" in nothing.reason
    stop = search_clauses(agreement, "the of and")
    assert stop.hits == [] and "no searchable words" in stop.reason


def test_free_query_without_category_is_plain_bm25(agreement):
    result = search_clauses(agreement, "independent accountant", top_k=3)
    assert result.categories == [] and result.hits[0].clause_id == "4.1"
    assert result.hits[0].category_probability is None
