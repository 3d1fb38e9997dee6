"""Positions written as predicates over the reading layer: a lawyer's own position finds its issue however the
contract words it, positions apply to the side we act for whatever the contract calls it, and the same issue
redrafted in another tradition or language is still found."""

from __future__ import annotations

import pytest

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.positions import evaluate_positions, resolve_positions

SUSPEND_AT_WILL = {
    "positions": [{
        "id": "suspension_at_will",
        "title": "The other side suspends only on notice",
        "topic": "suspension_notice",
        "applies": {"side": ["payer"]},
        "provision": {"actor": "them", "action": "suspend", "modality": ["may"]},
        "parameters": {"min_notice_days": 10},
        "escalate": {"when": "not notice or notice_days < min_notice_days", "text": "suspension without proper notice"},
        "standard": {"when": "notice_days >= min_notice_days", "text": "suspension only after ten days' written notice"},
        "severity": "high",
        "rationale": "A service stopped without warning stops our business.",
    }],
}

EN = """# Hosting Agreement

This Agreement is made between Tallow Retail Ltd (the "Customer") and Nimbus Hosting Ltd (the "Provider").

## 4. Service

4.3 {sentence}
"""

ZH = """# 云服务合同

甲方：北辰零售有限公司（以下简称"甲方"）
乙方：云岭科技有限公司（以下简称"乙方"）

## 第四条 服务

4.3 {sentence}
"""


def _verdicts(template: str, sentence: str, party: str, playbook=None, domain: str = "generic"):
    structure = parse_document_text(template.format(sentence=sentence), filename="contract.md")
    positions, _ = resolve_positions(domain, playbook)
    return {r.position_id: r for r in evaluate_positions(positions, structure, domain=domain, our_party=party)}


@pytest.mark.parametrize("template, sentence, party, verdict", [
    (EN, "The Provider may suspend the Services at any time without notice.", "Customer", "RED"),
    (EN, "The Services may be suspended by the Provider immediately if it so decides.", "Customer", "RED"),
    (EN, "The Provider may suspend the Services on three (3) days' notice to the Customer.", "Customer", "RED"),
    (EN, "The Provider may suspend the Services on fifteen (15) days' written notice to the Customer.", "Customer", "GREEN"),
    (ZH, "乙方有权随时暂停提供服务，无需通知甲方。", "甲方", "RED"),
    (ZH, "乙方可以提前十五（15）日书面通知甲方后暂停提供服务。", "甲方", "GREEN"),
])
def test_a_position_a_lawyer_writes_finds_its_issue_in_any_drafting(template, sentence, party, verdict):
    found = _verdicts(template, sentence, party, SUSPEND_AT_WILL)["suspension_at_will"]
    assert found.verdict == verdict, found.message
    assert found.clause_id == "4.3" and found.evidence == sentence


def test_the_position_is_ours_only_when_we_pay():
    """Acting for the provider, the provider's own right to suspend is no issue of ours."""
    assert "suspension_at_will" not in _verdicts(EN, "The Provider may suspend the Services at any time.", "Provider",
                                                 SUSPEND_AT_WILL)


@pytest.mark.parametrize("party", ["Customer", "buyer", "customer", "Tallow Retail Ltd", "payer"])
def test_a_side_is_found_by_its_name_its_full_name_or_its_role(party):
    found = _verdicts(EN, "The Provider may suspend the Services at any time without notice.", party, SUSPEND_AT_WILL)
    assert found["suspension_at_will"].verdict == "RED"


DISTRIBUTION = """# Exclusive Distribution Agreement

This Agreement is made between Harrow Foods Ltd (the "Company") and Linden Trading Ltd (the "Reseller").

## 9. Restrictions

9.4 {sentence}
"""

DISTRIBUTION_ZH = """# 独家经销合同

甲方（供货方）：华庭食品有限公司（以下简称"甲方"）
乙方（经销商）：林登贸易有限公司（以下简称"乙方"）

## 第九条 限制

9.4 {sentence}
"""


@pytest.mark.parametrize("template, sentence, party, verdict", [
    (DISTRIBUTION, "For three (3) years after this Agreement ends, the Reseller shall not sell any product that competes with the Products in the Territory.", "Reseller", "RED"),
    (DISTRIBUTION, "The Reseller will not, during the Term and for a period of thirty-six months thereafter, engage in any competing business.", "Reseller", "RED"),
    (DISTRIBUTION, "During the Term and for twelve (12) months after it ends, the Reseller shall not sell competing products in the Territory.", "Reseller", "GREEN"),
    (DISTRIBUTION_ZH, "本合同终止后三年内，乙方不得在经销区域内销售与合同产品相竞争的产品。", "乙方", "RED"),
])
def test_a_restraint_after_the_term_is_judged_for_a_distributor_in_either_language(template, sentence, party, verdict):
    found = _verdicts(template, sentence, party)["restraint_after_term"]
    assert found.verdict == verdict, found.message
    assert found.clause_id == "9.4"


SUPPLY = """# Component Supply Agreement

This Agreement is made between Ferrow Components Ltd (the "Seller") and Quill Machines Ltd (the "Buyer").

## 6. Payment

6.2 The Buyer shall pay each invoice within sixty (60) days of its date.

6.3 {sentence}
"""

SUPPLY_ZH = """# 零部件买卖合同

卖方：菲罗零部件有限公司（以下简称"卖方"）
买方：奎尔机械有限公司（以下简称"买方"）

## 第六条 付款

6.2 买方应在收到发票后六十日内付款。

6.3 {sentence}
"""


@pytest.mark.parametrize("template, sentence", [
    (SUPPLY, "Payment of each invoice by the Buyer is conditional upon the Buyer having received payment from its own customer for the machine in which the Goods are installed."),
    (SUPPLY, "The Buyer will pay each invoice within ten (10) days after the Buyer has been paid by its end customer."),
    (SUPPLY_ZH, "买方向卖方付款以买方收到其客户支付的整机货款为前提。"),
    (SUPPLY_ZH, "买方在收到终端客户支付的相应货款后十日内向卖方付款。"),
])
def test_payment_that_waits_on_the_other_sides_own_customer_is_flagged_for_the_seller(template, sentence):
    party = "卖方" if "卖方" in template else "Seller"
    found = _verdicts(template, sentence, party)["pay_when_paid_for_provider"]
    assert (found.verdict, found.severity, found.clause_id) == ("RED", "high", "6.3"), found.message


def test_a_fixed_payment_period_is_no_pay_when_paid():
    assert "pay_when_paid_for_provider" not in _verdicts(SUPPLY, "Late payments bear interest at 4% a year above base rate.", "Seller")


def test_a_deemed_approval_in_two_articles_is_two_findings():
    contract = """# 建设工程施工合同

发包人：东岭化工有限公司（以下简称"发包人"）
承包人：华建工程有限公司（以下简称"承包人"）

## 第十四条 进度款

14.3 发包人在收到承包人的进度款申请后七日内未予答复的，视为发包人认可该申请。

## 第十六条 竣工结算

16.4 发包人在收到承包人提交的竣工结算申请单后十四日内未提出异议的，视为发包人认可该结算申请单。
"""
    positions, _ = resolve_positions("generic", None)
    results = evaluate_positions(positions, parse_document_text(contract, filename="c.md"), domain="generic", our_party="发包人")
    found = [r.clause_id for r in results if r.position_id == "deemed_approval_by_silence" and r.verdict == "RED"]
    assert found == ["14.3", "16.4"]
