"""fidic_merge_gc_pc on the fidic_a case, the synthetic PC with an original GC, and the original PC fixture."""

from __future__ import annotations

import pytest

from fidic_helpers import SYNTHETIC_PC, assert_verbatim, call, case_state, doc, fixture, roles_state

from paralaw.skills.fidic.merge import merge


def _by_kind(findings, kind):
    return [f for f in findings if f["kind"] == kind]


def test_fidic_a_merged_texts():
    primary, state = case_state("fidic_a")
    data = call("fidic_merge_gc_pc", "*", state, primary).data
    clauses = {c["clause_id"]: c for c in data["clauses"]}
    assert clauses["20.1"]["status"] == "amended"
    assert "not later than 14 days after the date" in clauses["20.1"]["text"]
    assert "28 days" not in clauses["20.1"]["text"].split("The Contractor shall keep")[0]
    assert clauses["14.7"]["status"] == "substituted" and "within 90 days after the Engineer receives" in clauses["14.7"]["text"]
    assert clauses["13.7"]["status"] == "deleted" and clauses["13.7"]["text"] == ""
    assert clauses["21.6"]["status"] == "new" and clauses["21.6"]["title"] == "Expert Determination of Technical Disputes"
    text_19 = clauses["1.9"]["text"]
    assert text_19.index("water abstraction licence") < text_19.index("(b) the Contractor shall give all notices")
    text_191 = clauses["19.1"]["text"]
    assert text_191.index("(vi) natural catastrophes") < text_191.index("(vii) an epidemic")
    assert clauses["1.1"]["truncated"]
    definitions = call("fidic_merge_gc_pc", "1.1", state, primary, max_chars=50_000).data["clauses"][0]
    assert not definitions["truncated"] and '- "Key Personnel" means' in definitions["text"]
    assert data["has_gc"] and data["has_pc"] and data["edition"] == "1999"
    assert len(data["changes"]) == 16 and all(c["applied"] for c in data["changes"])
    assert data["unparsed"] == []


def test_fidic_a_contract_data_filled_in_for_unchanged_clause():
    primary, state = case_state("fidic_a")
    data = call("fidic_merge_gc_pc", "14.3", state, primary).data
    [clause] = data["clauses"]
    assert clause["status"] == "unchanged"
    assert [r["item"] for r in clause["contract_data"]] == ["Percentage of retention", "Limit of Retention Money"]


def test_fidic_a_findings_cover_the_planted_issues():
    primary, state = case_state("fidic_a")
    findings = call("fidic_merge_gc_pc", "*", state, primary).data["findings"]
    assert_verbatim(findings, state)
    [bar] = _by_kind(findings, "time_bar_shortened")
    assert (bar["clause_id"], bar["severity"], bar["evidence"]) == ("20.1", "high", "In Sub-Clause 20.1, replace '28 days' with '14 days'.")
    [pay] = _by_kind(findings, "payment_period_extended")
    assert pay["clause_id"] == "14.7" and "90 days" in pay["evidence"]
    [cap] = _by_kind(findings, "delay_damages_uncapped")
    assert cap["clause_id"] == "8.7" and "no maximum amount shall apply to Delay Damages" in cap["evidence"]
    [ref] = _by_kind(findings, "broken_cross_reference")
    assert ref["clause_id"] == "21.6" and "refer the matter to arbitration under Sub-Clause 21.8 [Arbitration]" in ref["evidence"]
    [deleted] = _by_kind(findings, "deleted_clause_still_referenced")
    assert deleted["clause_id"] == "13.7" and all(c in deleted["message"] for c in ("1.9", "14.1(b)", "14.3(b)"))
    [term] = _by_kind(findings, "undefined_term")
    assert term["clause_id"] == "4.2" and "Final Acceptance Date" in term["message"]
    highs = {(f["clause_id"], f["kind"]) for f in findings if f["severity"] == "high"}
    assert ("14.6", "period_changed") not in highs  # 28 -> 21 days for the Engineer favours the Contractor


def test_single_clause_request_filters_findings():
    primary, state = case_state("fidic_a")
    data = call("fidic_merge_gc_pc", "Sub-Clause 20.1", state, primary).data
    assert [c["clause_id"] for c in data["clauses"]] == ["20.1"]
    assert {f["clause_id"] for f in data["findings"]} == {"20.1"}


def test_synthetic_pc_against_original_gc():
    gc, pc = fixture("gc_2017_style.md"), doc(str(SYNTHETIC_PC))
    state = roles_state(gc=gc, pc=pc)
    data = call("fidic_merge_gc_pc", "*", state).data
    clauses = {c["clause_id"]: c for c in data["clauses"]}
    assert clauses["4.2"]["text"].split("\n\n")[1] == "The Contractor shall deliver the Performance Security to the Employer within 21 days after receiving the Letter of Acceptance."
    assert "within 84 days after the Engineer receives" in clauses["14.7"]["text"]
    assert "(c) the amount certified in the Final Payment Certificate within 56 days" in clauses["14.7"]["text"]
    assert clauses["14.15"]["status"] == "substituted" and "US Dollars (USD)" in clauses["14.15"]["text"]
    assert clauses["4.25"]["status"] == "new"
    assert "56th day" in clauses["21.5"]["text"]
    kinds = {(f["kind"], f["clause_id"]) for f in data["findings"]}
    assert {("time_bar_shortened", "20.2.1"), ("payment_period_extended", "14.7"), ("broken_cross_reference", "21.5"),
            ("amendment_unparsed", "21.5")} <= kinds
    assert_verbatim(data["findings"], state)


def test_fixture_pc_parts_deleted_and_new_numbering():
    merged = merge(fixture("gc_2017_style.md"), fixture("pc_sample.md"))
    assert merged.clause("4.1").text.endswith("at its own cost.")
    assert "The Employer is responsible for the design" not in merged.clause("4.1").text
    assert "keep the Performance Security valid" not in merged.clause("4.2").text
    assert "(b) any amounts to be added" not in merged.clause("14.3").text and "(c) any amount" in merged.clause("14.3").text
    order = list(merged.clauses)
    assert order.index("4.20") < order.index("4.24A") and order.index("4.9") < order.index("4.12")
    assert merged.new_terms == ["Key Date"]
    not_applied = {c.clause_id: c.note for c in merged.changes if not c.applied}
    assert "deleted by an earlier amendment" in not_applied["14.7"] and "not in the GC" in not_applied["16.4"]
    assert [u.target for u in merged.unparsed] == ["20.2.1", "21.5"]


def test_pc_without_gc_lists_amendments_unapplied():
    state = roles_state(pc=doc(str(SYNTHETIC_PC)))
    data = call("fidic_merge_gc_pc", "*", state).data
    assert not data["has_gc"] and data["has_pc"]
    assert all(not c["applied"] or c["kind"] in ("no_change", "insert_new") for c in data["changes"])
    assert "No General Conditions loaded" in data["summary"]


def test_single_chinese_contract_is_shown_as_written():
    primary, state = case_state("zh_construction")
    data = call("fidic_merge_gc_pc", "第18.1条", state, primary).data
    assert not data["has_pc"] and data["clauses"][0]["clause_id"] == "18.1"
    assert "承包人应在知道或应当知道索赔事件发生后7天内" in data["clauses"][0]["text"]


def test_errors_are_structured():
    primary, state = case_state("fidic_a")
    missing = call("fidic_merge_gc_pc", "99.9", state, primary)
    assert not missing.success and missing.error.code == "CLAUSE_NOT_FOUND"
    empty = call("fidic_merge_gc_pc", "1.1", {"documents": []})
    assert not empty.success and empty.error.code == "NO_DOCUMENT"
    bad = call("fidic_merge_gc_pc", "1.1", state, primary, max_chars=10)
    assert not bad.success and bad.error.code == "INVALID_ARGUMENT" and "max_chars" in bad.error.message


@pytest.mark.parametrize("line, target, old, new", [
    ("Sub-Clause 20.1 is amended by replacing '28 days' with '14 days'.", "20.1", "28 days", "14 days"),
    ("In Sub-Clause 14.7, '56 days' is replaced by '90 days'.", "14.7", "56 days", "90 days"),
    ("In the first paragraph of Sub-Clause 14.7, substitute '90 days' for '56 days'.", "14.7", "56 days", "90 days"),
])
def test_word_replacements_in_other_drafting_orders(line, target, old, new):
    from paralaw.skills.fidic.amendments import match_instruction

    amendment, expects_text, _ = match_instruction(line, "")
    assert (amendment.kind, amendment.target, amendment.old, amendment.new) == ("replace_words", target, old, new)
    assert not expects_text
