"""The parser on layouts it was not tuned on: unnumbered captions, and the CUAD contracts rewritten five ways."""

from __future__ import annotations

from bench import parse_layouts
from paralaw.skills.documents.parser import parse_text

FILLER = "The parties shall co-operate in good faith on every matter this Agreement covers. " * 50


def test_capitals_captions_become_clauses_where_numbering_leaves_a_huge_stretch():
    text = ("SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Corp and Beta LLC on the date below.\n\n"
            "1. Products. Acme shall supply the Products listed in the order form.\n"
            "TERM AND TERMINATION\n\nThis Agreement starts on the Effective Date and lasts two years unless ended earlier.\n\n"
            "Governing Law\n\nThis Agreement is governed by the laws of the State of New York and the courts of New York.\n\n"
            f"{FILLER}\n\nACME CORP\n\nBy: ____________\n\nPage 3 of 12\n")
    structure = parse_text(text)
    ids = [c.clause_id for c in structure.iter_clauses()]
    assert ids == ["1", "Term And Termination", "Governing Law"]
    law = structure.get_clause("governing law")
    assert law is not None and law.title == "Governing Law" and "State of New York" in law.text
    assert structure.get_clause("1").end == text.index("TERM AND TERMINATION")


def test_captions_inside_a_normal_clause_are_left_alone():
    text = ("1. Services\n\nThe Supplier shall provide the Services.\n\nSERVICE LEVELS\n\nThe Services meet the levels in the "
            "schedule, measured monthly by the Supplier.\n\n2. Fees\n\nThe Customer pays the fees in the order form.\n")
    assert [c.clause_id for c in parse_text(text).iter_clauses()] == ["1", "2"]


def test_cuad_contracts_in_five_layouts():
    rows = parse_layouts.measure()
    assert {r.layout for r in rows} == set(parse_layouts.LAYOUTS)
    for row in rows:
        assert row.spans >= 1000 and row.inside >= parse_layouts.GOAL_INSIDE * row.spans, parse_layouts.report(rows)
        assert row.largest <= parse_layouts.GOAL_LARGEST, parse_layouts.report(rows)
