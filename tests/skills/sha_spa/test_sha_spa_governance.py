"""sha_governance_check on the Singapore founders/investors template, two original agreements and edge cases."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from paralaw.skills import DocumentStructure, create_dispatcher, make_state, parse_document_text

SHA = "sha_spa/cofounders_sg_shareholders_agreement_template.md"
SPA = "review_cases/spa_a/share_purchase_agreement.md"
DATA = Path(__file__).parent / "data"
FOUR_MISSING = {"missing_reserved_matters", "missing_deadlock", "missing_drag_along", "missing_pre_emption_on_issues"}


def call(structure, clause_id="*", our_party="Investors", **arguments):
    dispatcher = create_dispatcher("sha_spa")
    state = make_state(structure, domain_id="sha_spa", our_party=our_party)
    return anyio.run(lambda: dispatcher.prepare_and_call("sha_governance_check", clause_id, structure, state, llm_arguments=arguments))


def own(name):
    return parse_document_text((DATA / name).read_text(encoding="utf-8"), filename=name)


@pytest.mark.parametrize("our_party", ["Investors", "Founders"])
def test_sg_template_reports_the_four_missing_rights(load, our_party):
    data = call(load(SHA), our_party=our_party).data
    assert FOUR_MISSING <= {f["kind"] for f in data["findings"]}
    assert {"reserved_matters", "deadlock", "drag_along", "pre_emption_on_issues"} <= set(data["missing"])


def test_sg_template_recognises_what_is_there(load):
    data = call(load(SHA)).data
    items = {i["topic"]: i for i in data["items"]}
    assert items["board_composition"]["clause_ids"] == ["2.1"]
    assert data["board_size"] == 3 and data["board_seats"] == {"Founders": 2, "Investors": 1}
    assert items["board_quorum"]["clause_ids"] == ["2.5"] and data["board_quorum"] == 2
    assert items["general_meeting_quorum"]["clause_ids"] == ["2.9"]
    assert "2.7" in items["consent_rights"]["clause_ids"] and items["consent_rights"]["holders"] == ["Investors"]
    assert "5.1.2" in items["transfer_restrictions"]["clause_ids"]
    assert items["tag_along"]["clause_ids"] == ["7"] and items["tag_along"]["holders"] == ["Investors"]
    assert items["information_rights"]["present"] and items["pre_emption_on_transfers"]["holders"] == ["Founders"]
    for topic in ("board_composition", "board_quorum", "consent_rights", "transfer_restrictions", "tag_along"):
        assert f"missing_{topic}" not in {f["kind"] for f in data["findings"]}


def test_sg_template_investor_side_judgement(load):
    structure = load(SHA)
    findings = {f["kind"]: f for f in call(structure).data["findings"]}
    assert findings["missing_reserved_matters"]["severity"] == "high"
    assert findings["missing_pre_emption_on_issues"]["severity"] == "high"
    # Two founder directors make a quorum of two without the investor director (2.5).
    assert findings["quorum_without_our_director"]["clause_id"] == "2.5"
    assert findings["pre_emption_on_transfers_for_other_side_only"]["clause_id"] == "5.2(a)"
    for finding in findings.values():
        assert finding["evidence"] in structure.text


def test_sg_template_founder_side_judgement(load):
    findings = {f["kind"]: f for f in call(load(SHA), our_party="Founders").data["findings"]}
    assert findings["missing_reserved_matters"]["severity"] == "low"  # no veto list suits the founders
    assert findings["other_side_consent_rights"]["clause_id"] == "2.7"
    assert "transfer_locked_by_other_side" in findings
    assert "quorum_without_our_director" not in findings


def test_present_rights_are_judged_on_their_terms():
    data = call(own("sha_investor_protections.md"), our_party="Investor").data
    assert data["missing"] == ["general_meeting_quorum"]
    assert data["board_seats"] == {"Majority Holder": 3, "Investor": 2} and data["board_quorum"] == 3
    kinds = {f["kind"]: f for f in data["findings"]}
    assert set(kinds) == {"casting_vote_for_other_side", "drag_threshold_low", "drag_without_minimum_price", "quorum_without_our_director"}
    assert "adjourned" in kinds["quorum_without_our_director"]["message"]  # the three majority directors suffice once adjourned
    items = {i["topic"]: i for i in data["items"]}
    assert items["board_quorum"]["details"].startswith("quorum 3; must include: Investor Director")
    assert items["drag_along"]["details"] == "threshold 51%; no minimum price"
    assert kinds["drag_threshold_low"]["clause_id"] == "7.3" and "51%" in kinds["drag_threshold_low"]["message"]


def test_chinese_shareholders_agreement():
    data = call(own("zh_shareholders_agreement.md"), our_party="投资方").data
    assert data["board_seats"] == {"创始人": 3, "投资方": 2} and data["board_quorum"] == 3
    assert {"tag_along", "pre_emption_on_issues", "pre_emption_on_transfers", "transfer_restrictions", "information_rights"} <= set(data["present"])
    kinds = {f["kind"] for f in data["findings"]}
    assert {"missing_reserved_matters", "missing_deadlock", "missing_drag_along", "quorum_without_our_director"} <= kinds
    assert "missing_pre_emption_on_issues" not in kinds


def test_an_spa_is_not_judged_as_a_shareholders_agreement(load):
    data = call(load(SPA), our_party="Buyer").data
    assert data["is_shareholders_agreement"] is False and data["findings"] == []


def test_focus_keeps_missing_rights_and_bad_input(load):
    data = call(load(SHA), clause_id="2.5").data
    kinds = {f["kind"] for f in data["findings"]}
    assert FOUR_MISSING <= kinds and "quorum_without_our_director" in kinds
    assert any(line.startswith("5.2(a):") for line in data["findings_elsewhere"])
    assert call(load(SHA), clause_id="board").data["findings_elsewhere"] == []
    assert call(load(SHA), clause_id="19").error.code == "CLAUSE_NOT_FOUND"
    assert call(DocumentStructure(document_id="empty")).error.code == "EMPTY_DOCUMENT"
