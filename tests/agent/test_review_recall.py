"""The offline review finds the planted issues of the four review cases (bench/review_recall.py prints the same
figures). Measured when this test was written: 23 of 23 planted issues (100%), no high-severity finding on text
that is no planted issue. The assertions keep a margin of one issue per case and two overall."""

from __future__ import annotations

import pytest

from bench import review_recall
from data_paths import CASES

GOALS = {"fidic_a": 6, "services_a": 4, "spa_a": 5, "zh_construction": 4}


@pytest.fixture(scope="module")
def results():
    # the four original cases, from tests/data; the three added later (us_spa, hk_jv_sha, zh_spa: issue 12) are
    # measured by `python -m bench.review_recall` but not asserted here
    return {r.case_id: r for r in review_recall.run([CASES / case / "gold.json" for case in sorted(GOALS)])}


def test_every_case_is_reviewed(results):
    assert set(results) == set(GOALS)


@pytest.mark.parametrize("case_id", sorted(GOALS))
def test_recall_per_case(results, case_id):
    result = results[case_id]
    assert len(result.found) >= GOALS[case_id], f"{case_id} missed {result.missed}"


def test_overall_recall_and_false_positives(results):
    overall = review_recall.overall(list(results.values()))
    assert overall >= 21 / 23
    false_positives = [fp for r in results.values() for fp in r.high_false_positives]
    assert len(false_positives) <= 1, false_positives


def test_matching_rules():
    assert review_recall.clause_matches("Sub-Clause 20.1", "20.1") and review_recall.clause_matches("9.2(a)", "9.2")
    assert not review_recall.clause_matches("20.10", "20.1") and not review_recall.clause_matches("9", "9.2")
    assert review_recall.clause_matches("第18.1条", "18.1")
    evidence = "The Customer's liability under or in connection with this Agreement shall not be limited."
    assert review_recall.quote_matches("15.3 " + evidence, evidence)
    assert review_recall.quote_matches("under or in connection with this Agreement shall not be limited, save", evidence)
    assert not review_recall.quote_matches("this Agreement", evidence)
