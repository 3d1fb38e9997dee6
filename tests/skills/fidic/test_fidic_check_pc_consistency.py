"""fidic_check_pc_consistency: the listed defects of the synthetic PC, fidic_a, and the original PC fixture."""

from __future__ import annotations

from fidic_helpers import SYNTHETIC_PC, assert_verbatim, call, case_state, doc, fixture, roles_state


def _kinds(findings):
    return {(f["kind"], f["clause_id"]) for f in findings}


def test_synthetic_pc_every_listed_defect_found():
    state = roles_state(gc=fixture("gc_2017_style.md"), pc=doc(str(SYNTHETIC_PC)))
    data = call("fidic_check_pc_consistency", "*", state).data
    findings = data["findings"]
    assert_verbatim(findings, state)
    kinds = _kinds(findings)
    # 14.7(b) 56 -> 84 days and 20.2.1 28 -> 14 days: departures from the Golden Principles
    assert ("payment_period_extended", "14.7") in kinds and ("time_bar_shortened", "20.2.1") in kinds
    assert all("Golden Principle" in f["message"] for f in findings if f["clause_id"] in ("14.7", "20.2.1"))
    # 4.20 [Progress Reports] is checked against the GC index, and matches it
    [progress] = [c for c in data["references_checked"] if c["reference"] == "Sub-Clause 4.20 [Progress Reports]"]
    assert progress["ok"] and progress["in_clause"] == "4.25"
    # 21.9 [Expert Determination] does not exist: a dangling cross-reference
    [dangling] = [f for f in findings if f["kind"] == "broken_cross_reference"]
    assert dangling["clause_id"] == "21.5" and "21.9" in dangling["message"]
    # 1.1.31 is not "Contract Data" in the GC's definitions index
    [title] = [f for f in findings if f["kind"] == "title_mismatch"]
    assert title["clause_id"] == "1.1.31" and "General Conditions" in title["message"] and "1.1.10" in title["message"]


def test_wrong_bracketed_title_is_reported():
    pc = "### Sub-Clause 4.25 [Local Content]\n\nInsert the following new Sub-Clause 4.25 [Local Content]:\n\n\"Report under Sub-Clause 4.20 [Site Records].\"\n"
    from paralaw.skills import parse_document_text

    state = roles_state(gc=fixture("gc_2017_style.md"), pc=parse_document_text(pc, filename="pc.md"))
    findings = call("fidic_check_pc_consistency", "*", state).data["findings"]
    assert [(f["kind"], f["evidence"]) for f in findings] == [("title_mismatch", "Sub-Clause 4.20 [Site Records]")]


def test_fidic_a_deleted_clause_retention_and_cap():
    primary, state = case_state("fidic_a")
    findings = call("fidic_check_pc_consistency", "*", state, primary).data["findings"]
    assert_verbatim(findings, state)
    kinds = _kinds(findings)
    assert {("deleted_clause_still_referenced", "13.7"), ("risk_shifted", "13.7"), ("retention_increased", "14.3"),
            ("delay_damages_uncapped", "8.7"), ("broken_cross_reference", "21.6")} <= kinds
    retention = [f for f in findings if f["kind"] == "retention_increased"]
    assert retention[0]["evidence"] == "Ten per cent (10%) of the value of the Works certified in each Interim Payment Certificate"
    assert "10% against 5%" in retention[0]["message"]
    highs = {f["clause_id"] for f in findings if f["severity"] == "high"}
    assert highs == {"13.7", "8.7", "14.7", "20.1"}


def test_fixture_pc_risk_contradictions_blanks_and_targets():
    state = roles_state(gc=fixture("gc_2017_style.md"), pc=fixture("pc_sample.md"))
    data = call("fidic_check_pc_consistency", "*", state).data
    kinds = _kinds(data["findings"])
    assert {
        ("amendment_target_missing", "16.4"), ("deleted_clause_still_referenced", "14.7"), ("contradictory_amendments", "14.7"),
        ("contradictory_amendments", "8.8"), ("risk_shifted", "4.1"), ("risk_shifted", "4.12"), ("risk_shifted", "18.1"),
        ("delay_damages_uncapped", "8.8"), ("contract_data_blank", "14.8"), ("contract_data_blank", "14.15"),
    } <= kinds
    assert not any(k == "retention_increased" for k, _ in kinds)  # 5% / 5% is the GC default
    assert_verbatim(data["findings"], state)


def test_clause_scope_and_severity_filter():
    primary, state = case_state("fidic_a")
    data = call("fidic_check_pc_consistency", "14.3", state, primary).data
    assert {f["kind"] for f in data["findings"]} == {"retention_increased"}
    no_low = call("fidic_check_pc_consistency", "*", state, primary, include_low=False).data
    assert all(f["severity"] != "low" for f in no_low["findings"])


def test_without_pc_nothing_to_check():
    primary, state = case_state("zh_construction")
    data = call("fidic_check_pc_consistency", "*", state, primary).data
    assert data["findings"] == [] and "No Particular Conditions" in data["summary"]
