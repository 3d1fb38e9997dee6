"""fidic_search_er: ranked ER sections with their numbers, and conflicts with the contract terms."""

from __future__ import annotations

from fidic_helpers import SYNTHETIC_PC, assert_verbatim, call, case_state, doc, fixture, roles_state


def test_fidic_a_progress_reports_rank_the_er_section_first():
    primary, state = case_state("fidic_a")
    data = call("fidic_search_er", "4.10", state, primary).data
    assert data["er_document"] == "employers_requirements.md"
    first = data["passages"][0]
    assert (first["section"], first["title"]) == ("7.1", "Progress Reports")
    er = [d["structure"] for d in state["documents"] if d["kind"] == "er"][0]
    assert all(p["quote"] in er.text for p in data["passages"])
    assert data["findings"] == []  # ER 7.1 repeats the GC's 7 days


def test_query_overrides_the_clause_text():
    primary, state = case_state("fidic_a")
    data = call("fidic_search_er", "*", state, primary, query="membrane plant log removal Cryptosporidium", top_k=2).data
    assert data["passages"][0]["section"] == "2.5" and len(data["passages"]) == 2


def test_fidic_a_er_has_no_false_conflicts():
    primary, state = case_state("fidic_a")
    gc = state["documents"][0]["structure"]
    for clause in gc.iter_clauses():
        if clause.level == 2:
            assert call("fidic_search_er", clause.clause_id, state, primary).data["findings"] == [], clause.clause_id


def test_conflicts_in_period_standard_and_quantity():
    gc, er = fixture("gc_2017_style.md"), fixture("er_sample.md")
    state = roles_state(gc=gc, pc=fixture("pc_sample.md"), er=er)
    period = call("fidic_search_er", "4.20", state).data["findings"]
    assert [(f["kind"], f["clause_id"]) for f in period] == [("er_conflict_period", "4.20")]
    assert "14 days" in period[0]["message"] and "7 days" in period[0]["message"]
    standard = call("fidic_search_er", "4.9", state).data["findings"]
    assert [f["kind"] for f in standard] == ["er_conflict_standard"] and "ISO 9001:2008" in standard[0]["message"]
    quantity_state = roles_state(gc=gc, pc=doc(str(SYNTHETIC_PC)), er=er)
    quantity = call("fidic_search_er", "4.25", quantity_state).data["findings"]
    assert [f["kind"] for f in quantity] == ["er_conflict_quantity"] and "40%" in quantity[0]["message"]
    assert_verbatim(period + standard, state)


def test_no_er_is_a_clear_error():
    state = roles_state(gc=fixture("gc_2017_style.md"))
    result = call("fidic_search_er", "4.20", state)
    assert not result.success and result.error.code == "NO_DOCUMENT" and "Employer's Requirements" in result.error.message
