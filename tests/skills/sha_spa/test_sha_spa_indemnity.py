"""spa_indemnity_analysis on the spa_a review case (both sides), a Chinese excerpt of our own and edge cases."""

from __future__ import annotations

import anyio
import pytest

from paralaw.skills import DocumentStructure, create_dispatcher, make_state, parse_document_text
from paralaw.skills.sha_spa.market import DEFAULTS, market_ranges

SPA = "review_cases/spa_a/share_purchase_agreement.md"

ZH = """# 股权转让协议

### 第2条 转让价款

2.1 本次股权转让的转让价款为人民币10,000万元。

### 第9条 赔偿责任的限制

9.1 卖方就违反陈述与保证承担的赔偿总额不超过转让价款的百分之三十。

9.2 单项索赔金额低于人民币5万元的，卖方不承担责任。

9.3 买方应在交割日后二十四个月内书面通知卖方提出索赔，否则卖方不承担责任。

9.4 卖方应就交割日前的税务事项向买方承担税务赔偿责任。
"""


def call(structure, clause_id="*", our_party="Buyer", **arguments):
    dispatcher = create_dispatcher("sha_spa")
    state = make_state(structure, domain_id="sha_spa", our_party=our_party)
    return anyio.run(lambda: dispatcher.prepare_and_call("spa_indemnity_analysis", clause_id, structure, state, llm_arguments=arguments))


def by_kind(findings):
    return {f["kind"]: f for f in findings}


def test_spa_a_terms_are_read(load):
    data = call(load(SPA)).data
    assert data["consideration"]["value"] == 62_000_000 and data["consideration"]["currency"] == "GBP"
    caps = {c["applies_to"]: c for c in data["caps"]}
    assert caps["warranty claims"]["percent_of_consideration"] == 5 and caps["warranty claims"]["amount"] == 3_100_000
    assert caps["indemnity claims"]["percent_of_consideration"] == 100
    assert data["de_minimis"]["amount"] == 150_000 and data["de_minimis"]["clause_id"] == "9.2(a)"
    assert data["basket"]["amount"] == 2_500_000 and data["basket"]["kind"] == "deductible"
    periods = [(p["applies_to"], p["months"]) for p in data["claims_periods"]]
    assert periods == [("warranty claims", 6), ("indemnity claims", 36), ("indemnity claims", 60)]
    assert [(i["clause_id"], i["category"]) for i in data["specific_indemnities"]][:2] == [("10.1(a)", "litigation"), ("10.1(b)", "environmental")]
    assert data["tax_covenant"] == "excluded"
    assert [e["category"] for e in data["exclusions"]] == ["disclosed", "provided_in_accounts", "change_in_law", "post_completion_acts"]
    assert data["sandbagging"] == "buyer_knowledge_no_bar" and data["fraud_carve_out"] is True


@pytest.mark.parametrize("kind, clause_id, gold_evidence", [
    ("liability_cap_too_low", "9.1", "shall not exceed an amount equal to five per cent (5%) of the Consideration"),
    ("threshold_excessive", "9.2(b)", "the aggregate amount of all Claims exceeding the threshold in Clause 9.2(a) exceeds £2,500,000, in which case the Seller shall be liable only for the amount by which that aggregate exceeds £2,500,000"),
    ("claims_period_too_short", "9.3", "on or before the date falling six months after the Completion Date"),
    ("missing_tax_indemnity", "10.4", "the Seller gives no covenant, indemnity or undertaking in respect of Tax"),
])
def test_spa_a_planted_limitations_are_high_for_the_buyer(load, kind, clause_id, gold_evidence):
    structure = load(SPA)
    finding = by_kind(call(structure).data["findings"])[kind]
    assert finding["severity"] == "high" and finding["clause_id"] == clause_id
    assert gold_evidence in finding["evidence"] and finding["evidence"] in structure.text


def test_spa_a_figures_in_messages_and_distractors_clean(load):
    findings = call(load(SPA)).data["findings"]
    kinds = by_kind(findings)
    assert "GBP 3.10m" in kinds["liability_cap_too_low"]["message"]
    assert "GBP 5.60m" in kinds["threshold_excessive"]["message"]  # basket + cap to reach the maximum
    assert kinds["de_minimis_excessive"]["severity"] == "high"
    # Specific indemnities with a 100% cap and 3/5-year periods are market: nothing on 10.1/10.2.
    assert not [f for f in findings if f["clause_id"] in ("10.1", "10.1(a)", "10.1(b)", "10.2")]


def test_seller_side_is_not_alarmed_by_its_own_protections(load):
    findings = call(load(SPA), our_party="Seller").data["findings"]
    assert [f["kind"] for f in findings] == ["buyer_knowledge_no_bar"]


def test_focus_and_topic_ids(load):
    focused = call(load(SPA), clause_id="10").data
    assert [f["kind"] for f in focused["findings"]] == ["missing_tax_indemnity"]
    assert "9.1: liability_cap_too_low (high)" in focused["findings_elsewhere"]
    assert len(call(load(SPA), clause_id="limitations").data["findings"]) == 6


def test_caller_given_price_changes_the_percentages(load):
    data = call(load(SPA), consideration_amount=20_000_000).data
    assert data["basket"]["percent_of_consideration"] == pytest.approx(12.5)


def test_chinese_limitations():
    structure = parse_document_text(ZH, filename="zh_spa.md")
    data = call(structure, our_party="买方").data
    assert data["consideration"]["value"] == 100_000_000 and data["consideration"]["currency"] == "CNY"
    assert data["caps"][0]["percent_of_consideration"] == 30
    assert data["de_minimis"]["amount"] == 50_000
    assert data["claims_periods"][0]["months"] == 24
    assert data["tax_covenant"] == "given"
    kinds = {f["kind"] for f in data["findings"]}
    assert not kinds & {"liability_cap_too_low", "claims_period_too_short", "missing_tax_indemnity", "de_minimis_excessive"}


def test_market_ranges_come_from_the_pack_criteria_and_a_playbook():
    assert market_ranges()["claims_period_months"].low == 18  # criterion claims_period_length
    playbook = {"criteria": [{"id": "claims_period_length", "title": "24 months", "clause_patterns": ["claim"],
                              "limits": [{"label": ">= 2 years", "measure": "period", "op": ">=", "value": 2, "unit": "years"}]}]}
    assert market_ranges({"playbook": playbook})["claims_period_months"].low == 24
    assert market_ranges({"playbook": playbook})["de_minimis_pct"] == DEFAULTS["de_minimis_pct"]


def test_bad_inputs(load):
    assert call(load(SPA), clause_id="Clause 42").error.code == "CLAUSE_NOT_FOUND"
    assert call(load(SPA), consideration_amount=-5).error.code == "INVALID_ARGUMENT"
    assert call(DocumentStructure(document_id="empty")).error.code == "EMPTY_DOCUMENT"


def test_a_services_agreement_is_listed_not_judged(load):
    data = call(load("review_cases/services_a/master_services_agreement.md"), our_party="Customer").data
    assert data["is_share_deal"] is False and data["findings"] == []
    assert "Not judged" in data["summary"]


def own_spa():
    from pathlib import Path
    path = Path(__file__).parent / "data" / "spa_buyer_friendly.md"
    return parse_document_text(path.read_text(encoding="utf-8"), filename=path.name)


def test_buyer_friendly_regime_read_and_judged_from_both_sides():
    structure = own_spa()
    buyer = call(structure, our_party="Buyer").data
    assert buyer["caps"][0]["percent_of_consideration"] == 100 and buyer["consideration"]["currency"] == "USD"
    assert buyer["basket"]["kind"] == "tipping" and buyer["basket"]["percent_of_consideration"] == pytest.approx(0.5)
    assert [(p["applies_to"], p["months"]) for p in buyer["claims_periods"]] == [("warranty claims", 48), ("tax claims", 84)]
    assert buyer["tax_covenant"] == "given" and buyer["sandbagging"] == "anti_sandbagging" and not buyer["fraud_carve_out"]
    assert {f["kind"] for f in buyer["findings"]} == {"anti_sandbagging", "no_fraud_carve_out"}
    seller = {f["kind"]: f for f in call(structure, our_party="Seller").data["findings"]}
    assert set(seller) == {"no_de_minimis", "tipping_basket", "claims_period_too_long"}
    assert seller["claims_period_too_long"]["clause_id"] == "8.3"
