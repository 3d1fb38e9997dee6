"""One risk per issue: how findings of several skills about one provision become one risk."""

from __future__ import annotations

from paralaw.agent.merge import merge_risks

QUOTE = "The Supplier's total aggregate liability shall not exceed the Charges paid in the one (1) month before the claim."


def risk(clause_id, risk_type, source, level="high", quote=QUOTE, **extra):
    return {"clause_id": clause_id, "risk_type": risk_type, "source": source, "risk_level": level,
            "description": f"{risk_type} says so", "location": {"original_text": quote} if quote else None, **extra}


def test_two_skills_on_one_sentence_become_one_risk_with_the_positions_verdict():
    position = risk("8.2", "position_lol_mutual", "review_positions", topic="liability_cap", verdict="RED")
    old = risk("8", "criterion_liability_cap_mutual", "assess_deviation", level="medium")
    merged = merge_risks([old, position], {"liability_cap_mutual": "liability_cap"})
    assert len(merged) == 1
    one = merged[0]
    assert one["source"] == "review_positions" and one["verdict"] == "RED" and one["risk_level"] == "high"
    assert one["clause_id"] == "8.2" and one["found_by"] == ["assess_deviation", "review_positions"]
    assert one["also_noted"] == ["criterion_liability_cap_mutual says so"]


def test_an_absence_reported_at_several_sections_is_one_finding():
    absent = [risk(c, "missing_tag_along", "sha_governance_check", quote="") for c in ("3", "7", "*")]
    assert len(merge_risks(absent, {})) == 1


def test_other_skills_yield_on_a_topic_the_positions_found_at_the_standard():
    old = risk("5", "missing_board_composition", "sha_governance_check", quote="")
    assert merge_risks([old], {"missing_board_composition": "board_seat"}, {"board_seat"}) == []


def test_different_provisions_stay_apart():
    cap = risk("8.2", "position_lol_mutual", "review_positions", topic="liability_cap")
    renewal = risk("2.2", "position_renewal_term", "review_positions", topic="renewal_term",
                   quote="This Agreement shall automatically renew for successive periods of thirty-six (36) months.")
    assert len(merge_risks([cap, renewal], {})) == 2
