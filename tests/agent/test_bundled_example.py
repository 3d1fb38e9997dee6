"""The README's first command reviews examples/services_agreement.md offline: what a lawyer would flag there is
flagged, each issue once, at its sub-clause, and the report reads in the contract's order."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from bench.review_recall import duplicated, review_file

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "services_agreement.md"


@pytest.fixture(scope="module")
def report():
    return anyio.run(review_file, EXAMPLE, "generic", "Customer")


def _risks(report):
    return [risk for clause in report["clauses"] for risk in clause["risks"]]


@pytest.mark.parametrize("clause_id, topic", [
    ("9.3", "termination_payout"),       # the rest of the term payable on any termination
    ("10.2", "assignment"),              # only the Supplier may assign
    ("3.3", "sole_remedy"),              # service credits are the sole remedy
    ("8.2", "liability_cap"),            # only the Supplier's liability is capped
    ("9.1", "termination_convenience"),  # only the Supplier may terminate for convenience
    ("5.3", "late_interest"),            # 4% a month is 48% a year
    ("2.2", "renewal_term"),             # 36-month automatic renewal
])
def test_issue_is_flagged_once_at_its_sub_clause(report, clause_id, topic):
    found = [r for r in _risks(report) if r.get("topic") == topic]
    assert len(found) == 1, [(r["clause_id"], r["description"][:80]) for r in found]
    assert found[0]["clause_id"] == clause_id
    assert found[0]["quote_verified"] is True


@pytest.mark.parametrize("topic", ["termination_insolvency", "data_protection", "insurance", "force_majeure"])
def test_missing_provisions_are_reported(report, topic):
    found = [r for r in _risks(report) if r.get("topic") == topic]
    assert len(found) == 1 and found[0]["verdict"] == "MISSING"


def test_no_duplicates_and_document_order(report):
    risks = _risks(report)
    assert not duplicated(risks)
    positions = [p for p in report["positions"] if p["clause_id"] != "*"]
    assert positions and all(p["verdict"] in ("GREEN", "YELLOW", "RED", "MISSING") for p in positions)
    assert any(p["verdict"] == "GREEN" for p in report["positions"]), "what meets the standard is listed as such"


def test_departures_in_our_favour_are_listed_apart(report):
    assert all(r.get("verdict") != "GREEN" for r in _risks(report))
    assert all(r.get("verdict") == "GREEN" for r in report["favourable"])
