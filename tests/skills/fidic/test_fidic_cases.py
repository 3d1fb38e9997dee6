"""Every planted issue of fidic_a and zh_construction whose gold.json names a FIDIC skill is found by that
skill; the README's distractors are not flagged high; the synthetic PC's listed defects are all reported."""

from __future__ import annotations

import pytest
from fidic_helpers import assert_verbatim, call, case_state, gold

SKILLS = ("fidic_merge_gc_pc", "fidic_calculate_time_bar", "fidic_check_pc_consistency", "fidic_search_er")
PLANTED = [(case, p) for case in ("fidic_a", "zh_construction") for p in gold(case)["planted"] if set(p["skills"]) & set(SKILLS)]
DISTRACTORS = {
    "fidic_a": ["1.6", "4.4", "4.5", "8.3", "14.6", "19.1", "19.2", "14.2"],
    "zh_construction": ["18.2", "18.3", "13.2", "11.2", "3.4", "2.4", "14.1", "11.6", "16.4"],
}


def _matches(finding: dict, planted: dict) -> bool:
    cid, evidence = finding.get("clause_id") or "", finding.get("evidence") or ""
    on_clause = cid == planted["clause_id"] or cid.startswith(planted["clause_id"] + "(")
    return on_clause or (bool(evidence) and (planted["evidence"] in evidence or evidence in planted["evidence"]))


def test_the_cases_plant_nine_issues_for_the_fidic_skills():
    assert [(c, p["id"]) for c, p in PLANTED] == [("fidic_a", f"P{i}") for i in range(1, 8)] + [("zh_construction", "P1"), ("zh_construction", "P2")]


@pytest.mark.parametrize("case, planted", PLANTED, ids=[f"{c}-{p['id']}" for c, p in PLANTED])
@pytest.mark.parametrize("scope", ["focused", "whole"])
def test_planted_issue_found_by_each_named_skill(case, planted, scope):
    primary, state = case_state(case)
    for skill in (s for s in planted["skills"] if s in SKILLS):
        result = call(skill, planted["clause_id"] if scope == "focused" else "*", state, primary)
        assert result.success, result.error
        findings = result.data["findings"]
        assert_verbatim(findings, state)
        hits = [f for f in findings if _matches(f, planted)]
        assert hits, f"{skill} missed {planted['id']} ({planted['kind']}) in {case}"
        rank = {"low": 0, "medium": 1, "high": 2}
        assert max(rank[f["severity"]] for f in hits) >= rank[planted["severity"]]


@pytest.mark.parametrize("case", list(DISTRACTORS))
def test_distractors_not_flagged_high(case):
    primary, state = case_state(case)
    skills = [s for s in SKILLS if s != "fidic_search_er" or case == "fidic_a"]
    for skill in skills:
        findings = [] if skill == "fidic_search_er" else call(skill, "*", state, primary).data["findings"]  # the ER search needs a clause or query
        for clause in DISTRACTORS[case]:
            focused = call(skill, clause, state, primary)
            pool = findings + (focused.data["findings"] if focused.success else [])
            high = [f for f in pool if f["severity"] == "high" and (f["clause_id"] or "").split("(")[0] == clause]
            assert high == [], f"{skill} flags distractor {clause} high: {high[0]['kind']}"
