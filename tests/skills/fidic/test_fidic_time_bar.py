"""fidic_calculate_time_bar: periods, parties, time bars, standards, deadlines, in English and Chinese."""

from __future__ import annotations

from datetime import date

import pytest
from fidic_helpers import CASES, SYNTHETIC_PC, assert_verbatim, call, case_state, doc, fixture, roles_state

from paralaw.skills.fidic.time_limits import TimeLimit, add_period, extract_time_limits


def _limits(data):
    return [(t["period"], t["party"], t["standard_days"], t["time_barred"]) for t in data["time_limits"]]


def test_fidic_a_claim_notice_cut_to_14_days():
    primary, state = case_state("fidic_a")
    data = call("fidic_calculate_time_bar", "20.1", state, primary, trigger_date="2025-01-03").data
    assert data["edition"] == "1999"
    assert _limits(data) == [("14 days", "Contractor", 28, True), ("42 days", "Contractor", 42, False), ("42 days", "Engineer", 42, False)]
    assert [t["deadline"] for t in data["time_limits"]] == ["2025-01-17", "2025-02-14", "2025-02-14"]
    [finding] = data["findings"]
    assert (finding["kind"], finding["severity"], finding["clause_id"]) == ("time_bar_shortened", "high", "20.1")
    assert finding["evidence"] == "In Sub-Clause 20.1, replace '28 days' with '14 days'."
    assert "the Employer shall be released from all liability" in data["time_limits"][0]["consequence"]


def test_fidic_a_payment_stretched_to_90_days_and_distractors_low():
    primary, state = case_state("fidic_a")
    data = call("fidic_calculate_time_bar", "14.7", state, primary).data
    paragraphs = {t["paragraph"]: t for t in data["time_limits"] if t["period"] in ("90 days", "56 days")}
    assert paragraphs["b"]["standard_days"] == 56 and paragraphs["b"]["party"] == "Employer" and paragraphs["b"]["side"] == "theirs"
    highs = [f for f in data["findings"] if f["severity"] == "high"]
    assert [(f["kind"], f["clause_id"]) for f in highs] == [("payment_period_extended", "14.7")]
    assert "within 90 days after the Engineer receives the Statement" in highs[0]["evidence"]
    assert_verbatim(data["findings"], state)
    engineer = call("fidic_calculate_time_bar", "14.6", state, primary).data
    assert [f["severity"] for f in engineer["findings"]] == ["low"]
    force_majeure = call("fidic_calculate_time_bar", "19.2", state, primary).data
    assert _limits(force_majeure) == [("14 days", "Either", 14, False)] and force_majeure["findings"] == []


def test_chinese_claim_notice_and_progress_payment():
    primary, state = case_state("zh_construction")
    claim = call("fidic_calculate_time_bar", "第18.1条", state, primary).data
    assert claim["edition"] is None
    first = claim["time_limits"][0]
    assert (first["period"], first["party"], first["standard_days"], first["time_barred"]) == ("7天", "Contractor", 28, True)
    assert "FIDIC Sub-Clause 20.2.1" in first["standard_ref"]
    [finding] = claim["findings"]
    assert finding["kind"] == "time_bar_shortened" and finding["severity"] == "high"
    assert "承包人应在知道或应当知道索赔事件发生后7天内" in finding["evidence"]
    payment = call("fidic_calculate_time_bar", "11.5", state, primary).data
    [finding] = payment["findings"]
    assert finding["kind"] == "payment_period_extended" and "发包人应在进度款支付证书签发后90天内完成支付" in finding["evidence"]
    assert_verbatim(claim["findings"] + payment["findings"], state)


@pytest.mark.parametrize("clause_id", ["18.2", "18.3", "13.2", "11.2", "11.6", "16.2"])
def test_chinese_standard_periods_are_not_flagged(clause_id):
    primary, state = case_state("zh_construction")
    data = call("fidic_calculate_time_bar", clause_id, state, primary).data
    assert [f for f in data["findings"] if f["severity"] != "low"] == []


def test_synthetic_pc_2017_edition_detected_and_departures_found():
    state = roles_state(gc=fixture("gc_2017_style.md"), pc=doc(str(SYNTHETIC_PC)))
    notice = call("fidic_calculate_time_bar", "20.2.1", state).data
    assert notice["edition"] == "2017"
    assert [(f["kind"], f["severity"]) for f in notice["findings"]] == [("time_bar_shortened", "high")]
    payment = call("fidic_calculate_time_bar", "14.7", state).data
    assert ("payment_period_extended", "high") in [(f["kind"], f["severity"]) for f in payment["findings"]]
    as_1999 = call("fidic_calculate_time_bar", "20.2.1", state, edition="1999").data
    assert as_1999["edition"] == "1999" and as_1999["edition_reasons"] == ["given by the caller"]


def test_time_bar_added_by_new_sub_clause():
    state = roles_state(gc=fixture("gc_2017_style.md"), pc=fixture("pc_sample.md"))
    data = call("fidic_calculate_time_bar", "4.24A", state).data
    [finding] = data["findings"]
    assert finding["kind"] == "time_bar_added" and finding["severity"] == "high"
    assert finding["evidence"].startswith("The Contractor shall notify the Engineer within 7 days")


def test_employer_side_sees_the_same_change_as_favourable():
    primary, state = case_state("fidic_a")
    data = call("fidic_calculate_time_bar", "20.1", state, primary, our_party="Employer").data
    assert [f["severity"] for f in data["findings"]] == ["low"]


def test_working_days_skip_weekends_and_months_clamp():
    limit = TimeLimit(clause_id="x", period="10 working days", value=10, unit="working_days")
    assert add_period(date(2025, 1, 3), limit) == date(2025, 1, 17)  # Friday + 10 working days
    month = TimeLimit(clause_id="x", period="1 month", value=1, unit="months")
    assert add_period(date(2025, 1, 31), month) == date(2025, 2, 28)


def test_extraction_reads_actor_trigger_and_consequence():
    text = ("Within 21 days after receiving a Statement, the Engineer shall issue a certificate. "
            "The Contractor shall give notice not later than 10 working days after the event. "
            "If the Contractor fails to give notice within that period, it shall not be entitled to any extension of time.")
    limits = extract_time_limits("9.9", text)
    assert [(l.period, l.party, l.unit, l.time_barred) for l in limits] == [
        ("21 days", "Engineer", "calendar_days", False), ("10 working days", "Contractor", "working_days", True)]
    assert limits[0].trigger == "receiving a Statement"


def test_bad_trigger_date_is_a_clear_error():
    primary, state = case_state("fidic_a")
    result = call("fidic_calculate_time_bar", "20.1", state, primary, trigger_date="03/01/2025")
    assert not result.success and result.error.code == "INVALID_ARGUMENT" and "ISO date" in result.error.message


def test_non_fidic_contract_gets_no_edition_and_no_findings():
    cuad = sorted((CASES.parent / "cuad" / "contracts").glob("*.txt"))
    assert cuad, "CUAD contracts missing"
    contract = doc(str(cuad[0]))
    data = call("fidic_calculate_time_bar", "*", roles_state(primary=contract), contract).data
    assert data["edition"] is None and "no FIDIC numbering" in data["edition_reasons"][0]
    assert [f for f in data["findings"] if f["severity"] == "high"] == []
