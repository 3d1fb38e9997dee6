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
