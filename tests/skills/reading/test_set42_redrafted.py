"""Set 42's general causes (read after its first run), each redrafted in other words and, where the cause is the same
in Chinese, in Chinese; the fair version of each stays quiet."""

import pytest

SERVICE_AGREEMENT = """# SERVICE AGREEMENT

This Agreement is made between Halden Logistics plc (the "Company") and Priya Raman (the "Executive").

## 12. Restrictions after employment

12.1 The Executive undertakes to the Company that she shall not, for {period} after the Termination Date, be engaged
in any business which competes with the business of the Company.

## 14. Inventions

14.1 {inventions}

## 20. Law

20.1 This Agreement is governed by and shall be construed in accordance with the laws of England and Wales.
"""

FAIR_INVENTIONS = ("All Inventions made by the Executive in the course of her duties belong to the Company.")


def _service_agreement(period="six (6) months", inventions=FAIR_INVENTIONS) -> str:
    return SERVICE_AGREEMENT.format(period=period, inventions=inventions)


def test_a_service_agreement_with_an_executive_is_an_employment(judged):
    """'Service Agreement' is the English name of an executive's contract of employment; 'she' is the Executive."""
    results = judged(_service_agreement(period="thirty (30) months"), "Executive")
    found = results["employee_restraint"]
    assert found.verdict == "RED" and found.clause_id == "12.1", found.message
    assert judged(_service_agreement(), "Executive")["employee_restraint"].verdict == "GREEN"


def test_governing_law_that_shall_be_construed(judged):
    results = judged(_service_agreement(), "Executive")
    assert "governing_law" not in results or results["governing_law"].verdict != "MISSING"
    assert "governing_forum" not in results  # an employee's courts are the employer's


@pytest.mark.parametrize("inventions, flagged", [
    ("The Executive hereby assigns to the Company all right, title and interest in every Invention she makes during "
     "the employment, whether or not made during normal working hours and whether or not it relates to the business "
     "of the Company.", True),
    (FAIR_INVENTIONS, False),
])
def test_inventions_made_on_the_employees_own_time(judged, inventions, flagged):
    found = judged(_service_agreement(inventions=inventions), "Executive").get("employee_inventions_own_time")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


LABOUR_ZH = """# 劳动合同

用人单位（甲方）：成都锐拓软件有限公司
劳动者（乙方）：王芳

第九条 奖金
9.2 {bonus}

附件一 竞业限制协议
（一）竞业限制范围：乙方不得到与甲方经营同类业务的其他单位任职。
（二）竞业限制期限：自乙方离职之日起{period}。
（三）经济补偿：甲方在竞业限制期限内按月向乙方支付经济补偿。
"""


@pytest.mark.parametrize("period, verdict", [("三年", "RED"), ("六个月", "GREEN")])
def test_a_chinese_restraint_period_in_an_item_of_its_own(judged, period, verdict):
    found = judged(LABOUR_ZH.format(bonus="年终奖于次年三月发放。", period=period), "乙方")["employee_restraint"]
    assert found.verdict == verdict, found.message


@pytest.mark.parametrize("bonus, flagged", [
    ("年终奖发放前，乙方劳动合同因任何原因解除或终止的，乙方不享有当年度的任何年终奖金。", True),
    ("乙方因严重违纪被解除劳动合同的，不享有当年度年终奖。", False),
])
def test_a_chinese_bonus_lost_on_any_leaving(judged, bonus, flagged):
    found = judged(LABOUR_ZH.format(bonus=bonus, period="六个月"), "乙方").get("earned_bonus_forfeited")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


PATENT_ZH = """# 专利实施许可合同

许可方（甲方）：武汉光谷新材料有限公司
被许可方（乙方）：常州锂源科技有限公司

第一条 定义
1.3 “许可产品”：指乙方生产的全部电解液产品，{scope}。

第五条 使用费
5.1 乙方应按许可产品年净销售额的百分之三向甲方支付提成费。
"""


@pytest.mark.parametrize("scope, flagged", [
    ("不论该产品是否落入许可专利权利要求的保护范围", True),
    ("以落入许可专利权利要求保护范围者为限", False),
])
def test_a_chinese_royalty_on_products_the_patent_does_not_cover(judged, scope, flagged):
    found = judged(PATENT_ZH.format(scope=scope), "乙方").get("royalty_beyond_patent")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
    if flagged:  # the words to change are the definition's
        assert "保护范围" in found.evidence


LEASE = """# RETAIL LEASE

This Lease is made between Bexley Malls LLC ("Landlord") and Juniper Tea Co. ("Tenant").

## Article 3 Premises

Section 3.4 {relocation}

## Article 9 Landlord's liability

Section 9.2 Landlord's liability under this Lease shall be limited to its interest in the Shopping Center.
"""


@pytest.mark.parametrize("relocation, flagged", [
    ("Landlord may at any time, on ninety (90) days' notice, relocate Tenant to any other space in the Shopping Center "
     "that Landlord selects.", True),
    ("Landlord shall not relocate Tenant during the Term.", False),
])
def test_a_landlord_moving_the_tenant_to_any_other_space(judged, relocation, flagged):
    results = judged(LEASE.format(relocation=relocation), "Tenant")
    found = results.get("lease_relocation")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
    # a landlord's liability limited to its interest in the property is the market for a lease
    assert "lol_mutual" not in results and "lol_cap_level" not in results


FACTORY_ZH = """# 厂房租赁合同

出租方（甲方）：无锡恒信实业有限公司
承租方（乙方）：无锡精工机械有限公司

第一条 定义
1.5 “乙方维修范围”：指租赁厂房{scope}。

第四条 租金
4.2 {rent}

第九条 维修
9.1 乙方负责乙方维修范围内的维修、维护，并承担相应费用。
"""


@pytest.mark.parametrize("scope, flagged", [
    ("内的全部建筑物及设施，包括主体结构、屋面和外墙", True),
    ("内乙方自行安装的设备及室内装修，不包括主体结构、屋面和外墙", False),
])
def test_a_chinese_tenant_repairing_the_structure_through_a_definition(judged, scope, flagged):
    found = judged(FACTORY_ZH.format(scope=scope, rent="租金每年支付一次。"), "乙方").get("lease_structural_repair")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("rent, flagged", [
    ("自第三个租赁年度起，每一租赁年度的租金在上一租赁年度租金的基础上递增百分之十。", True),
    ("自第三个租赁年度起，每一租赁年度的租金在上一租赁年度租金的基础上递增百分之三。", False),
])
def test_a_chinese_rent_rising_by_a_fixed_rate_on_last_years(judged, rent, flagged):
    found = judged(FACTORY_ZH.format(scope="内乙方自行安装的设备", rent=rent), "乙方").get("fixed_escalator")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


JV_ZH = """# 股东协议

甲方：深圳宏图投资有限公司（持股70%）
乙方：深圳启明科技有限公司（持股30%）

第八条 增资
8.1 公司增加注册资本的，须经股东会决议。
8.2 {waiver}
"""


@pytest.mark.parametrize("waiver, flagged", [
    ("乙方同意放弃其对公司今后任何新增注册资本所享有的优先认缴权。", True),
    ("公司新增注册资本的，各股东有权按实缴出资比例优先认缴。", False),
])
def test_a_minority_giving_up_its_pre_emption_in_chinese(judged, waiver, flagged):
    found = judged(JV_ZH.format(waiver=waiver), "乙方", domain="sha_spa").get("sha_pre_emption")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


SERIES_A = """# SUBSCRIPTION AND SHAREHOLDERS' AGREEMENT

This Agreement is made between Lumen Robotics Limited (the "Company"), the Founders and Arbor Ventures LP (the
"Investor").

## 1. Definitions

"Subscription Price": £2.50 per Series A Share.

## 3. Subscription

3.1 The Investor shall subscribe for 1,200,000 Series A Shares at the Subscription Price.

## 9. Transfers

9.4 {tag}

## Schedule 3 Limitations

1. No Founder shall be liable for a Warranty Claim unless the amount of that claim exceeds £5,000.
"""


@pytest.mark.parametrize("tag, flagged", [
    ("No sale that would give any person more than half of the Shares may complete unless the buyer offers to purchase "
     "all the remaining Shares on the same terms.", False),
    ("Each Shareholder may transfer its Shares to any person.", True),
])
def test_a_tag_along_written_as_the_buyers_offer_for_the_other_shares(judged, tag, flagged):
    found = judged(SERIES_A.format(tag=tag), "Investor", domain="sha_spa").get("sha_tag_along")
    assert (found is not None and found.verdict in ("RED", "MISSING")) == flagged, found and found.message


def test_a_price_per_share_is_not_the_price_of_the_deal():
    """£5,000 against a £2.50 share price would be 200,000% of the price."""
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.sha_spa.limitations import consideration

    structure = parse_document_text(SERIES_A.format(tag=""), filename="c.md")
    assert consideration(structure) is None


LICENCE = """# SOFTWARE AND PATENT LICENCE

This Agreement is made between Quorra Vision Inc. (the "Licensor") and Maple Line Systems Ltd. (the "Licensee").

## 2. Grant

2.1 The Licensor grants the Licensee a non-exclusive licence to use the Licensed Technology in Canada.

## 6. Records and audit

6.3 The Licensor may audit the Licensee's records once a year. {audit}

## 7. Improvements

7.1 Improvements made by or for the Licensor belong to the Licensor.

7.2 {improvements}

## 9. Royalties

9.4 {minimum}
"""

FAIR_AUDIT = ("The Licensor bears the cost of each audit unless it shows an underpayment of more than five per cent "
              "(5%), in which case the Licensee shall pay its reasonable costs.")
FAIR_IMPROVEMENTS = "Improvements made by the Licensee belong to the Licensee."


def _licence(audit=FAIR_AUDIT, improvements=FAIR_IMPROVEMENTS, minimum="Royalties are payable on Net Sales only."):
    return LICENCE.format(audit=audit, improvements=improvements, minimum=minimum)


@pytest.mark.parametrize("audit, flagged", [
    ("The Licensee shall pay all costs and expenses of each audit, however its findings turn out.", True),
    (FAIR_AUDIT, False),
])
def test_audit_costs_whatever_the_audit_finds(judged, audit, flagged):
    found = judged(_licence(audit=audit), "Licensee").get("audit_costs_on_us")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("improvements, flagged", [
    ("The Licensee hereby assigns, and shall procure that its Affiliates assign, to the Licensor all right, title and "
     "interest in every Improvement it makes to the Licensed Technology, including any embodied in its own products.",
     True),
    (FAIR_IMPROVEMENTS, False),
])
def test_a_grant_back_with_a_parenthetical_and_the_licensors_own_improvements(judged, improvements, flagged):
    found = judged(_licence(improvements=improvements), "Licensee").get("licence_grant_back")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
    if flagged:
        assert found.clause_id == "7.2"


def test_a_minimum_royalty_under_a_non_exclusive_licence(judged):
    minimum = "The Licensee shall pay a Minimum Royalty of CAD 250,000 for each Contract Year."
    assert judged(_licence(minimum=minimum), "Licensee")["minimum_royalty"].verdict == "RED"
    exclusive = _licence(minimum=minimum).replace("a non-exclusive licence", "an exclusive licence")
    assert judged(exclusive, "Licensee")["minimum_royalty"].verdict == "YELLOW"
