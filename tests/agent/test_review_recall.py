"""The offline review finds the planted issues of all seven review cases, each once, and raises no false alarm
on clean templates (bench/review_recall.py prints the same figures, see docs/quality.md).

Measured when this test was last changed: 38 of 38 planted issues, 0 duplicated risks of 60, no high finding
that is no planted issue, no high risk on any of the six clean controls. The three newest cases (us_spa, hk_jv_sha, zh_spa) were found 2 of 15 before the review positions.
The assertions keep a margin of one issue per case."""

from __future__ import annotations

import json

import anyio
import pytest

from bench import review_recall
from data_paths import CASES

GOALS = {"fidic_a": 6, "hk_jv_sha": 4, "services_a": 4, "spa_a": 5, "us_spa": 4, "zh_construction": 4, "zh_spa": 4}


@pytest.fixture(scope="module")
def results():
    return {r.case_id: r for r in review_recall.run([CASES / case / "gold.json" for case in sorted(GOALS)])}


def test_every_case_is_reviewed(results):
    assert set(results) == set(GOALS)


@pytest.mark.parametrize("case_id", sorted(GOALS))
def test_recall_per_case(results, case_id):
    result = results[case_id]
    assert len(result.found) >= GOALS[case_id], f"{case_id} missed {result.missed}"


def test_overall_recall_and_false_positives(results):
    overall = review_recall.overall(list(results.values()))
    assert overall >= 35 / 38
    false_positives = [fp for r in results.values() for fp in r.high_false_positives]
    assert len(false_positives) <= 1, false_positives


def test_each_issue_is_reported_once(results):
    risks = sum(r.risks for r in results.values())
    duplicates = sum(r.duplicates for r in results.values())
    assert duplicates <= 0.05 * risks, {r.case_id: r.duplicates for r in results.values()}


def test_positions_judge_every_case(results):
    for result in results.values():
        assert sum(result.verdicts.values()) >= 3, (result.case_id, result.verdicts)


def test_clean_controls_raise_at_most_one_high_finding():
    for control in review_recall.run_controls():
        assert control["high"] <= 1, control


HELDOUT_CASES = sorted(p.parent.name for p in review_recall.HELDOUT.glob("*/gold.json"))


@pytest.mark.parametrize("case", HELDOUT_CASES)
def test_heldout_contracts(case):
    """Whole contracts written after the positions were settled (tests/data/heldout, see docs/quality.md)."""
    assert len(HELDOUT_CASES) >= 9
    for manifest in [review_recall.HELDOUT / case / "gold.json"]:
        gold = json.loads(manifest.read_text(encoding="utf-8"))
        report = anyio.run(review_recall.review_case, manifest)
        result = review_recall.score(gold["case_id"], gold, report)
        assert len(result.high_false_positives) <= 1, result.high_false_positives
        risks = [r for clause in report["clauses"] for r in clause["risks"]]
        for planted in gold["planted"]:  # each issue raised at its own severity, not only noted in passing
            assert any(r["risk_level"] == planted["severity"] and review_recall.risk_matches(r, planted) for r in risks), planted["id"]


def test_matching_rules():
    assert review_recall.clause_matches("Sub-Clause 20.1", "20.1") and review_recall.clause_matches("9.2(a)", "9.2")
    assert not review_recall.clause_matches("20.10", "20.1") and not review_recall.clause_matches("9", "9.2")
    assert review_recall.clause_matches("第18.1条", "18.1")
    evidence = "The Customer's liability under or in connection with this Agreement shall not be limited."
    assert review_recall.quote_matches("15.3 " + evidence, evidence)
    assert review_recall.quote_matches("under or in connection with this Agreement shall not be limited, save", evidence)
    assert not review_recall.quote_matches("this Agreement", evidence)


def test_duplicates_rule():
    quote = "The Supplier's total aggregate liability shall not exceed the Charges paid in the one (1) month before the claim."
    first = {"clause_id": "8.2", "location": {"original_text": quote}}
    assert review_recall.duplicated([first, {"clause_id": "8", "location": {"original_text": quote}}])
    assert not review_recall.duplicated([first, {"clause_id": "9.1", "location": {"original_text": quote}}])
