"""Set 37's general causes, each redrafted in other words and, where it applies, the other language; the fair
version of each stays quiet."""

import pytest

DIST = """# EXCLUSIVE DISTRIBUTION AGREEMENT

This Agreement is made between Corrin Valves Ltd (the "Supplier") and Ashgrove Industrial Supplies Ltd (the
"Distributor").

## 1. Definitions

1.1 {definition}

## 2. Appointment

2.1 The Supplier appoints the Distributor as its exclusive distributor of the Products in the Territory.

2.3 The Supplier may sell the Products directly to the House Accounts.

## 5. Targets

5.4 {target}
"""

DIST_ZH = """# 独家经销合同

供货方：宁波恒岳阀门有限公司
经销商：成都蜀通工业物资有限公司

第十二条 竞业限制

12.2 {sentence}
"""

WORK_ZH = """# 软件开发合同

委托方：南京智汇物流有限公司
受托方：杭州码匠信息技术有限公司

第九条 质量保证

9.1 {sentence}
"""

WORK_EN = """# SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made between Harbourline Freight Ltd (the "Customer") and Quillstack Software Ltd (the
"Developer").

## 9. Warranty

9.1 {sentence}
"""


@pytest.mark.parametrize("definition, flagged", [
    ("\"House Accounts\" means the customers listed in Schedule 2 and such other accounts as the Supplier may nominate "
     "from time to time by notice to the Distributor.", True),
    ("\"House Accounts\" means the three customers listed in Schedule 2.", False),
])
def test_reserved_accounts_the_supplier_may_add_to_at_will(judged, definition, flagged):
    contract = DIST.format(definition=definition, target="The Distributor shall use reasonable endeavours to meet "
                                                         "the Minimum Purchase Target.")
    found = judged(contract, "Distributor").get("direct_sales_in_our_territory")
    assert found is not None
    assert (found.verdict == "RED") == flagged, found.message
    if flagged:
        assert found.evidence.startswith("\"House Accounts\"")  # the words to change are the definition's


@pytest.mark.parametrize("contract, us, target, flagged", [
    (DIST, "Distributor", "If the Distributor fails to meet the Minimum Purchase Target in any Contract Year, it shall "
                          "pay the Supplier fifteen per cent (15%) of the shortfall within thirty (30) days.", True),
    (DIST, "Distributor", "If the Distributor fails to meet the Minimum Purchase Target in any Contract Year, the "
                          "Supplier may end the Distributor's exclusivity on ninety (90) days' notice.", False),
])
def test_a_payment_on_a_missed_purchase_target(judged, contract, us, target, flagged):
    text = contract.format(definition="\"House Accounts\" means the customers listed in Schedule 2.", target=target)
    found = judged(text, us).get("shortfall_payment")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_shortfall_payment_in_chinese(judged):
    contract = DIST_ZH.format(sentence="经销商年度实际进货额未达到最低进货额的，应就差额部分按百分之十五向供货方支付补偿。")
    found = judged(contract, "经销商").get("shortfall_payment")
    assert found is not None and found.verdict == "RED", found and found.message


@pytest.mark.parametrize("sentence, flagged", [
    ("本协议解除或期满后三年内，经销商不得在中国境内经营与产品相竞争的产品。", True),
    ("本协议解除或期满后一年内，经销商不得在本区域内经营与产品相竞争的产品。", False),
])
def test_a_restraint_after_the_contract_ends_or_expires(judged, sentence, flagged):
    found = judged(DIST_ZH.format(sentence=sentence), "经销商").get("restraint_after_term")
    assert found is not None
    assert (found.verdict == "RED") == flagged, found.message


@pytest.mark.parametrize("contract, us, sentence, flagged", [
    (WORK_EN, "Customer", "The Developer warrants that each Deliverable will conform to its Specification for a "
                          "warranty period of thirty (30) days from delivery.", True),
    (WORK_EN, "Customer", "The Developer warrants that each Deliverable will conform to its Specification for a "
                          "warranty period of six (6) months from acceptance.", False),
    (WORK_ZH, "委托方", "受托方保证目标软件自交付之日起三十（30）日的质保期内无重大缺陷。", True),
])
def test_a_warranty_on_work_built_to_order(judged, contract, us, sentence, flagged):
    found = judged(contract.format(sentence=sentence), us).get("warranty_period_services")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_general_cap_that_also_reaches_named_liabilities_is_still_the_cap(judged):
    contract = WORK_EN.replace("## 9. Warranty", "## 14. Liability").replace(
        "9.1 {sentence}", "14.2 The Developer's total liability under this Agreement shall not exceed ten per cent (10%) "
                          "of the fees paid, and this cap also applies to its liability for breach of clause 11.")
    found = judged(contract, "Customer").get("lol_cap_level")
    assert found is not None and found.verdict == "RED", found and found.message


def test_the_providers_liability_freed_from_every_cap_in_chinese(judged):
    contract = """# 运维服务合同

甲方：宁波港联物流有限公司
乙方：浙江云舟信息技术有限公司

第十五条 责任限制
15.1 任何一方在本合同项下的赔偿总额不超过本合同年度服务费总额。

第十六条 特别赔偿
16.1 乙方因运维服务造成甲方业务中断的，应赔偿甲方的全部损失，且该赔偿不受第十五条赔偿限额的限制。
"""
    found = judged(contract, "乙方").get("our_liability_unlimited")
    assert found is not None and found.verdict == "RED" and found.clause_id == "16.1", found and found.message


MUTUAL_NDA = """# MUTUAL NONDISCLOSURE AGREEMENT

This Agreement is made between Kestrel Robotics, Inc. ("Kestrel") and Vantor Logistics Corporation ("Vantor"), each of
which may disclose Confidential Information to the other.

## 1. Obligations

1.1 Each party receiving Confidential Information shall hold it in confidence and use it only for the Purpose.

## 9. Term

9.2 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("The receiving party's obligations under this Agreement end two (2) years after the Effective Date, including as to "
     "any information that is a trade secret.", True),
    ("The receiving party's obligations under this Agreement continue for five (5) years after each disclosure and, for "
     "trade secrets, for as long as they remain trade secrets.", False),
])
def test_a_party_to_a_mutual_nda_is_protected_as_a_discloser(judged, sentence, flagged):
    results = judged(MUTUAL_NDA.format(sentence=sentence), "Kestrel")
    found = results.get("nda_term_for_discloser")
    assert found is not None
    assert (found.verdict in ("RED", "YELLOW")) == flagged, found.message
    assert "nda_term" not in results  # one finding on the term, in the discloser's words


def test_trade_secrets_named_inside_the_short_term_are_not_protected(judged):
    sentence = ("The receiving party's obligations continue for two (2) years from the date of each disclosure, and this "
                "period applies to all Confidential Information, including any trade secrets.")
    found = judged(MUTUAL_NDA.format(sentence=sentence), "Kestrel").get("nda_term_for_discloser")
    assert found is not None and found.verdict == "RED", found and found.message


def test_credits_as_the_sole_financial_remedy(judged):
    contract = """# LOGISTICS SERVICES AGREEMENT

This Agreement is made between Tai Fung Trading Limited (the "Customer") and Harbourline Logistics Limited (the
"Provider").

## 8. Service Levels

8.3 The Service Credits are the Customer's sole and exclusive monetary remedy for any failure by the Provider to
meet a Service Level.
"""
    found = judged(contract, "Customer").get("sole_remedy_credits")
    assert found is not None and found.verdict == "RED", found and found.message


def test_credits_as_the_only_money_remedy_with_termination_kept_are_fair(judged):
    contract = """# SAAS AGREEMENT

This Agreement is made between Northwind Health LLC ("Customer") and Cobalt Cloud Inc. ("Provider").

## B. Service Levels

B.3 If availability falls below 99.5% in any three months, Customer may terminate on notice. Service credits are
Customer's exclusive monetary remedy for failures to meet the availability commitment, without prejudice to this
termination right.
"""
    found = judged(contract, "Customer").get("sole_remedy_credits")
    assert found is None or found.verdict != "RED", found.message


LICENCE_EN = """# SOFTWARE LICENSE AGREEMENT

This Agreement is made between Orbital Data Systems Inc. ("Licensor") and Greywater Mutual Insurance Company
("Licensee").

## 6. Support

6.4 {sentence}
"""


@pytest.mark.parametrize("sentence, position, flagged", [
    ("If the Licensee does not renew Support, the licence granted under Section 2.1 shall terminate on the date Support "
     "expires.", "licence_ends_with_support", True),
    ("The licence granted under Section 2.1 is perpetual and is not affected by any expiry of Support.",
     "licence_ends_with_support", False),
    ("The Support Fee shall increase by ten per cent (10%) on each anniversary of the Effective Date.",
     "fixed_escalator", True),
    ("The Support Fee shall increase by three per cent (3%) on each anniversary of the Effective Date.",
     "fixed_escalator", False),
])
def test_licence_and_support_terms(judged, sentence, position, flagged):
    found = judged(LICENCE_EN.format(sentence=sentence), "Licensee").get(position)
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_fixed_escalator_in_chinese(judged):
    contract = """# 软件许可使用协议

许可方：上海星图软件有限公司
被许可方：江苏汇川医药有限公司

第六条 维护费
6.2 年度维护费自第二年起每年递增百分之十。
"""
    found = judged(contract, "被许可方").get("fixed_escalator")
    assert found is not None and found.verdict == "RED", found and found.message


@pytest.mark.parametrize("target, flagged", [
    ("The Supplier may increase the Minimum Purchase Target for any Contract Year by written notice to the Distributor.",
     True),
    ("The parties shall agree the Minimum Purchase Target for each Contract Year in writing.", False),
])
def test_purchase_targets_set_by_the_other_side(judged, target, flagged):
    contract = DIST.format(definition="\"House Accounts\" means the customers listed in Schedule 2.", target=target)
    found = judged(contract, "Distributor").get("target_revised_at_will")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


SHA_ZH = """# 增资协议

投资方：苏州启明创业投资合伙企业（有限合伙）
公司：无锡微芯半导体有限公司
创始人：李卫东

第十条 保留事项
10.3 {veto}

第十四条 回购
14.3 {redemption}
"""


@pytest.mark.parametrize("veto, redemption, flagged", [
    ("对于保留事项，投资方董事自收到会议通知之日起五日内未书面反对的，视为投资方同意。",
     "回购价款由公司支付，创始人不承担回购责任。", True),
    ("保留事项须经投资方董事书面同意；投资方董事自收到完整材料之日起十五日内未答复的，公司可再次书面催告。",
     "创始人与公司对回购价款的支付承担连带责任。", False),
])
def test_an_investors_veto_and_buy_back(judged, veto, redemption, flagged):
    results = judged(SHA_ZH.format(veto=veto, redemption=redemption), "投资方", domain="sha_spa")
    for position in ("sha_veto_deemed_consent", "sha_redemption_founders_released"):
        found = results.get(position)
        assert (found is not None and found.verdict == "RED") == flagged, (position, found and found.message)


def test_the_price_left_outside_the_cap_is_no_unlimited_liability_of_ours(judged):
    contract = """# LOGISTICS SERVICES AGREEMENT

This Agreement is made between Tai Fung Trading Limited (the "Customer") and Harbourline Logistics Limited (the
"Provider").

## 15. Limitation of Liability

15.3 Each party's total liability in each contract year shall not exceed the Charges paid in that year. This limit
shall not apply to the Customer's obligation to pay the Charges.

15.4 The Customer's liability for any breach of clause 9 shall be unlimited.
"""
    found = judged(contract, "Customer").get("our_liability_unlimited")
    assert found is not None and found.verdict == "RED" and found.clause_id == "15.4", found and found.message


def test_a_licence_that_survives_the_end_of_support_stays_quiet(judged):
    contract = """# 软件许可使用协议

许可方：上海星图软件有限公司
被许可方：江苏汇川医药有限公司

第十四条 终止
14.3 被许可方已付清许可费的永久许可，不因维护服务的终止而受影响。
"""
    assert "licence_ends_with_support" not in judged(contract, "被许可方")
