"""spa_extract_conditions on the spa_a review case, a Chinese SPA excerpt of our own and edge cases."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from paralaw.skills import DocumentStructure, create_dispatcher, make_state, parse_document_text

SPA = "review_cases/spa_a/share_purchase_agreement.md"
SHA = "sha_spa/cofounders_sg_shareholders_agreement_template.md"
HERE = Path(__file__).parent


def call(structure, clause_id="*", our_party="Buyer", **arguments):
    dispatcher = create_dispatcher("sha_spa")
    state = make_state(structure, domain_id="sha_spa", our_party=our_party)
    return anyio.run(lambda: dispatcher.prepare_and_call("spa_extract_conditions", clause_id, structure, state, llm_arguments=arguments))


def test_spa_a_conditions_and_who_controls_them(load):
    result = call(load(SPA))
    assert result.success, result.error
    conditions = {c["clause_id"]: c for c in result.data["conditions"]}
    assert list(conditions) == ["5.1(a)", "5.1(b)", "5.1(c)"]
    assert conditions["5.1(a)"]["category"] == "regulatory"
    assert conditions["5.1(a)"]["responsible_party"] == "Buyer"  # 5.2: the Buyer notifies under the NSI Act
    assert conditions["5.1(a)"]["waivable_by"] == "not waivable"
    assert conditions["5.1(b)"]["responsible_party"] == "Seller"
    assert conditions["5.1(b)"]["waivable_by"] == "Buyer"
    assert conditions["5.1(c)"]["category"] == "no_material_adverse_change"
    assert result.data["termination_right"] == "none"


def test_spa_a_missing_long_stop_date_found_at_5_4(load):
    structure = load(SPA)
    result = call(structure)
    long_stop = [f for f in result.data["findings"] if f["kind"] == "missing_long_stop_date"]
    assert len(long_stop) == 1 and long_stop[0]["severity"] == "high" and long_stop[0]["clause_id"] == "5.4"
    assert "neither party shall be entitled to terminate" in long_stop[0]["evidence"]
    for finding in result.data["findings"]:
        assert finding["evidence"] in structure.text


def test_buyer_side_mac_condition_is_not_flagged(load):
    findings = call(load(SPA)).data["findings"]
    assert not [f for f in findings if f["clause_id"] == "5.1(c)"]
    assert all(f["severity"] == "low" for f in findings if f["kind"] == "vague_condition")


def test_seller_side_sees_buyer_discretion_and_mac(load):
    findings = call(load(SPA), our_party="Seller").data["findings"]
    kinds = {(f["kind"], f["clause_id"], f["severity"]) for f in findings}
    assert ("vague_condition", "5.1(b)", "medium") in kinds  # 'reasonably satisfactory to the Buyer'
    assert ("mac_condition", "5.1(c)", "medium") in kinds
    assert ("missing_long_stop_date", "5.4", "high") in kinds


def test_focus_on_a_clause_lists_other_findings_elsewhere(load):
    data = call(load(SPA), clause_id="5.1").data
    assert not [f for f in data["findings"] if f["clause_id"] == "5.4"]
    assert "5.4: missing_long_stop_date (high)" in data["findings_elsewhere"]
    topic = call(load(SPA), clause_id="conditions").data
    assert any(f["clause_id"] == "5.4" for f in topic["findings"])


def test_chinese_conditions_long_stop_and_subjective_condition():
    structure = parse_document_text((HERE / "data" / "zh_spa_conditions.md").read_text(encoding="utf-8"), filename="zh_spa.md")
    data = call(structure, our_party="卖方").data
    conditions = {c["clause_id"]: c for c in data["conditions"]}
    assert conditions["3.1(1)"]["responsible_party"] == "卖方"
    assert conditions["3.1(2)"]["responsible_party"] == "买方"  # shares 经营者集中申报 with 3.2
    assert conditions["3.1(3)"]["waivable_by"] == "买方"
    assert data["long_stop_clause_id"] == "3.4" and data["termination_right"] == "either party"
    assert not [f for f in data["findings"] if f["kind"] == "missing_long_stop_date"]
    vague = [f for f in data["findings"] if f["kind"] == "vague_condition"]
    assert vague and vague[0]["severity"] == "high" and vague[0]["evidence"] == "买方对尽职调查结果满意"


def test_agreement_without_conditions_says_so(load):
    data = call(load(SHA), our_party="Investors").data
    assert data["conditions"] == [] and data["findings"] == []
    assert data["summary"].startswith("0 conditions")


@pytest.mark.parametrize("clause_id, code", [("99.9", "CLAUSE_NOT_FOUND")])
def test_unknown_clause_is_a_clear_error(load, clause_id, code):
    result = call(load(SPA), clause_id=clause_id)
    assert not result.success and result.error.code == code and "99.9" in result.error.message


def test_empty_or_missing_document_is_a_clear_error():
    result = call(DocumentStructure(document_id="empty", filename="empty.md"))
    assert not result.success and result.error.code == "EMPTY_DOCUMENT"
    result = call(None)
    assert not result.success and result.error.code == "NO_DOCUMENT"
