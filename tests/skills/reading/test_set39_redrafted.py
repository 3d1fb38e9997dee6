"""Set 39's general causes, each redrafted in other words and, where it applies, the other language; the fair
version of each stays quiet."""

import pytest

LEASE_ZH = """# 房屋租赁合同

出租人：申城置业有限公司
承租人：晨曦咨询（上海）有限公司

第十二条 合同解除
12.3 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("出租人如因物业改造、整体招商调整或其他运营需要收回房屋的，可提前三十日书面通知承租人解除本合同，无需支付任何补偿。", True),
    ("承租人逾期支付租金超过三十日的，出租人可书面通知承租人解除本合同。", False),
])
def test_a_landlord_ending_the_lease_for_its_own_business_needs(judged, sentence, flagged):
    results = judged(LEASE_ZH.format(sentence=sentence), "承租人")
    found = results.get("termination_convenience")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


SUPPLY = """# SUPPLY AGREEMENT

This Agreement is made between Halden Foods Ltd (the "Buyer") and Corran Steelworks Ltd (the "Seller").

## 3. Price

3.2 {sentence}
"""

SUPPLY_ZH = """# 设备买卖合同

买方：岭南机械有限公司
卖方：华东精工设备有限公司

第三条 价格
3.2 {sentence}
"""


@pytest.mark.parametrize("template, party, sentence, verdict", [
    # a trigger past which costs pass through is no cap on the increase
    (SUPPLY, "Buyer", "If the Seller's cost of steel rises by more than four per cent (4%) after the Order Date, the "
                      "Seller may adjust the Price accordingly.", "YELLOW"),
    (SUPPLY_ZH, "买方", "合同签订后主要原材料价格涨幅超过百分之八的，卖方有权相应上调合同价款。", "YELLOW"),
    (SUPPLY, "Buyer", "The Seller may increase the Price once in each contract year by no more than three per cent (3%).", "GREEN"),
])
def test_a_price_passed_through_once_costs_rise_past_a_trigger(judged, template, party, sentence, verdict):
    found = judged(template.format(sentence=sentence), party)["price_changes"]
    assert found.verdict == verdict, found.message


SERVICES_ZH = """# 技术服务合同

甲方：东岳物流有限公司
乙方：云启信息技术有限公司

第五条 服务费
5.3 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("服务费标准由乙方根据人工成本变化每半年确定一次，甲方应予执行。", True),
    ("服务费标准在合同有效期内固定不变。", False),
])
def test_a_fee_the_other_side_sets_is_its_power_to_change_the_price(judged, sentence, flagged):
    found = judged(SERVICES_ZH.format(sentence=sentence), "甲方").get("price_changes")
    assert (found is not None and found.verdict in ("RED", "YELLOW")) == flagged, found and found.message


SAAS = """# SUBSCRIPTION AGREEMENT

This Agreement is made between Tallis Retail Inc. (the "Client") and Norvane Cloud LLC (the "Vendor").

## 4. Fees

4.2 {price}

## 9. Client Data

9.1 The Client owns all Client Data.

9.2 {licence}

9.3 {end}
"""

FAIR_PRICE = "The Fees are fixed for the Initial Term."
FAIR_LICENCE = "The Client grants the Vendor a non-exclusive licence to use Client Data solely to provide the Services to the Client."
FAIR_END = ("For thirty (30) days after termination the Vendor shall make Client Data available for export, after which "
            "it may delete it.")


def test_a_price_rise_only_at_renewal_is_medium(judged):
    price = ("At the start of each renewal period the Vendor may raise the Fees by an amount it decides, on forty-five "
             "(45) days' notice.")
    found = judged(SAAS.format(price=price, licence=FAIR_LICENCE, end=FAIR_END), "Client")["price_changes"]
    assert found.verdict == "YELLOW" and found.severity == "medium", found.message


@pytest.mark.parametrize("licence, flagged", [
    ("The Client hereby grants the Vendor a non-exclusive, perpetual licence to use Client Data to improve and develop "
     "the Vendor's products and services and to train its models.", True),
    (FAIR_LICENCE, False),
])
def test_our_data_licensed_to_the_vendor_for_its_own_products(judged, licence, flagged):
    results = judged(SAAS.format(price=FAIR_PRICE, licence=licence, end=FAIR_END), "Client")
    found = results.get("our_data_licensed_for_their_purposes")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("end, flagged", [
    ("Upon termination the Vendor shall have no obligation to retain or return any Client Data and may delete it "
     "immediately.", True),
    ("The Vendor shall have no obligation to return Client Data after the period of thirty (30) days following "
     "termination, during which the Client may export it.", False),
])
def test_our_data_gone_the_day_the_contract_ends(judged, end, flagged):
    results = judged(SAAS.format(price=FAIR_PRICE, licence=FAIR_LICENCE, end=end), "Client")
    found = results.get("our_data_not_returned")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


TW_SERVICES = """# 軟體委託開發契約

委託人：信達物流股份有限公司（以下簡稱甲方）
受託人：宏碩資訊股份有限公司（以下簡稱乙方）

第一條（定義）
一、「測試期」：指乙方通知甲方交付項目已備妥測試之日起{days}；甲方未於測試期內以書面提出異議者，視為驗收合格。

第九條（智慧財產權）
一、{ip}
"""


@pytest.mark.parametrize("ip, flagged", [
    ("乙方為甲方客製開發之軟體及文件，其著作財產權歸屬乙方；甲方僅取得使用權。", True),
    ("乙方為甲方客製開發之軟體及文件，其著作財產權歸屬甲方。", False),
])
def test_traditional_chinese_ownership_of_what_we_pay_for(judged, ip, flagged):
    found = judged(TW_SERVICES.format(days="十五日", ip=ip), "甲方").get("ip_ownership")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("days, verdict", [("四日", "YELLOW"), ("十五日", "GREEN")])
def test_a_deemed_acceptance_inside_a_definition_in_corner_brackets(judged, days, verdict):
    found = judged(TW_SERVICES.format(days=days, ip="乙方為甲方客製開發之軟體，其著作財產權歸屬甲方。"), "甲方")["deemed_acceptance"]
    assert found.verdict == verdict, found.message


CLOUD_ZH = """# 云服务协议

客户：北辰零售有限公司
服务商：数衡云计算有限公司

第7条 知识产权
7.1 {ip}

第12条 服务水平
12.2 {credits}

第15条 分包
15.3 服务商可委托分包方处理客户数据中的个人信息，具体按附件二执行。

## 附件二 数据处理条款

1. 服务商新增或更换分包方的，应提前三十日书面通知客户；客户有合理理由反对的，可解除本协议。
"""


def test_the_providers_own_cloud_platform_is_no_work_made_for_us(judged):
    results = judged(CLOUD_ZH.format(ip="服务商云平台及产品文档的全部知识产权属于服务商。",
                                     credits="服务水平未达标的，按附件一扣减服务费。"), "客户")
    found = results.get("ip_ownership")
    assert found is None or found.verdict != "RED", found.message


def test_an_annex_cited_in_chinese_gives_its_terms_to_the_clause(judged):
    results = judged(CLOUD_ZH.format(ip="服务商云平台的知识产权属于服务商。", credits="服务水平未达标的，按附件一扣减服务费。"), "客户")
    assert results["subprocessor_changes"].verdict == "GREEN", results["subprocessor_changes"].message


def test_a_fee_reduction_as_the_only_remedy_is_service_credits_as_sole_remedy(judged):
    credits = "服务费扣减为客户就服务水平未达标可获得的唯一救济。"
    found = judged(CLOUD_ZH.format(ip="服务商云平台的知识产权属于服务商。", credits=credits), "客户")["sole_remedy_credits"]
    assert found.verdict == "RED", found.message


DELAY = """# EQUIPMENT SUPPLY CONTRACT

This Contract is made between Marlow Bottling Ltd (the "Purchaser") and Stenhaus Machinery GmbH (the "Supplier").

## 12. Late delivery

12.1 If the Supplier delivers late, it shall pay liquidated damages of 0.1% of the Contract Price for each week of delay, up to a maximum of two per cent (2%) of the Contract Price. {sentence}
"""


@pytest.mark.parametrize("sentence, severity", [
    ("Those liquidated damages are the Purchaser's sole and exclusive remedy for late delivery.", "high"),
    ("The Purchaser may also terminate if delivery is more than twelve weeks late.", "medium"),
])
def test_token_delay_damages_are_high_only_when_they_are_all_we_get(judged, sentence, severity):
    found = judged(DELAY.format(sentence=sentence), "Purchaser")["delay_damages_too_low"]
    assert found.verdict != "GREEN" and found.severity == severity, found.message


def test_token_delay_damages_deemed_full_compensation_in_chinese(judged):
    contract = SUPPLY_ZH.format(sentence="卖方迟延交货的，每迟延一日按合同总价的万分之一支付违约金，违约金总额不超过合同总价的百分之二；"
                                         "卖方支付该违约金后，视为买方因迟延交货所受的全部损失已获赔偿。")
    found = judged(contract, "买方")["delay_damages_too_low"]
    assert found.verdict == "RED" and found.severity == "high", found.message


NDA = """# MUTUAL CONFIDENTIALITY AGREEMENT

This Agreement is made between Ferrowind Energy Inc. ("Ferrowind") and Lumen Grid Corp. ("Lumen").

## 6. Staff

{sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("For thirty (30) months after the date of this Agreement, Lumen will not, and will cause its subsidiaries not to, "
     "solicit or hire any employee of Ferrowind.", True),
    ("For twelve (12) months after the date of this Agreement, Lumen will not, and will cause its subsidiaries not to, "
     "solicit any employee of Ferrowind it met in the discussions.", False),
])
def test_a_no_hire_that_binds_our_group_too_is_a_restraint_on_us(judged, sentence, flagged):
    found = judged(NDA.format(sentence=sentence), "Lumen").get("non_solicit_period")
    assert found is not None and (found.verdict == "RED") == flagged, found and found.message


DESIGN_BUILD = """# DESIGN AND BUILD CONTRACT

This Contract is made between Tarawera District Council (the "Employer") and Kōwhai Civil Ltd (the "Contractor").

## 1. Definitions

1.1 "Unforeseeable" means not reasonably foreseeable by an experienced contractor at the Base Date{exclusion}.

## 4. Site

4.8 If the Contractor encounters Unforeseeable physical conditions, the Contractor shall be entitled to an extension of time and payment of its Cost.

## 5. Design

5.2 {requirements}
"""

FAIR_REQUIREMENTS = ("The Contractor shall not be entitled to additional payment for any error in the Employer's "
                     "Requirements which an experienced contractor exercising due care would have discovered.")


@pytest.mark.parametrize("exclusion, flagged", [
    (", and excludes any sub-surface conditions, whether or not shown in the Site Data", True),
    ("", False),
])
def test_the_ground_defined_out_of_what_is_unforeseeable(judged, exclusion, flagged):
    results = judged(DESIGN_BUILD.format(exclusion=exclusion, requirements=FAIR_REQUIREMENTS), "Contractor", domain="fidic")
    found = results.get("unforeseeable_defined_away")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("requirements, verdict", [
    ("The Contractor shall have no entitlement to an extension of time or additional payment arising from any error in "
     "the Employer's Requirements, whether or not an experienced contractor would have found it.", "RED"),
    (FAIR_REQUIREMENTS, "GREEN"),
])
def test_errors_in_the_employers_requirements(judged, requirements, verdict):
    found = judged(DESIGN_BUILD.format(exclusion="", requirements=requirements), "Contractor",
                   domain="fidic")["employer_requirements_errors"]
    assert found.verdict == verdict, found.message


SPA = """# SHARE PURCHASE AGREEMENT

This Agreement is made between Arden Holdings Limited (the "Seller") and Callow Industries plc (the "Purchaser").

## 1. Definitions

1.1 "Disclosed" means fairly disclosed in the Disclosure Letter{data_room}.

## 6. Leakage

6.2 {leakage}

## 7. Warranties

7.1 The Seller warrants to the Purchaser that each Warranty is true and accurate at the date of this Agreement, save as Disclosed.

## 9. Tax

9.1 The Seller covenants to pay to the Purchaser an amount equal to any Tax of the Company arising from events before Completion.

9.2 The Seller shall not be liable under clause 9.1 to the extent that the Tax was provided for in the Completion Accounts.
"""


@pytest.mark.parametrize("data_room, flagged", [
    (", and is deemed to include all documents in the Virtual Data Room", True),
    (" with sufficient detail to enable a reasonable purchaser to identify the nature and scope of the matter", False),
])
def test_the_data_room_deemed_disclosed_against_the_warranties(judged, data_room, flagged):
    results = judged(SPA.format(data_room=data_room, leakage="The Seller shall pay the Purchaser the amount of any Leakage."),
                     "Purchaser", domain="sha_spa")
    found = results.get("spa_deemed_disclosure")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_tax_covenants_usual_limits_are_no_exclusion_of_it(judged):
    results = judged(SPA.format(data_room="", leakage="The Seller shall pay the Purchaser the amount of any Leakage."),
                     "Purchaser", domain="sha_spa")
    assert results["spa_tax_indemnity"].verdict == "GREEN", results["spa_tax_indemnity"].message


def test_a_short_window_to_notify_leakage_is_a_claims_period(judged):
    leakage = ("The Seller shall have no liability for Leakage unless the Purchaser notifies the Seller of it within "
               "forty-five (45) days after Completion.")
    found = judged(SPA.format(data_room="", leakage=leakage), "Purchaser", domain="sha_spa")["spa_claims_period"]
    assert found.verdict == "RED" and found.clause_id == "6.2", found.message


EQUITY_ZH = """# 股权转让协议

转让方：锦川投资有限公司
受让方：海岳控股有限公司

第一条 定义
（五）“披露清单”：指转让方向受让方提交的披露文件；受让方或其顾问在尽职调查中知悉或应当知悉的任何事项，均视为已在披露清单中披露。

第九条 陈述与保证
转让方向受让方保证如下，但披露清单所列事项除外：
（一）目标公司依法设立并有效存续。
（二）目标公司不存在未披露的债务。
"""


def test_what_the_buyer_ought_to_have_known_deemed_disclosed_in_chinese(judged):
    found = judged(EQUITY_ZH, "受让方", domain="sha_spa").get("spa_deemed_disclosure")
    assert found is not None and found.verdict == "RED", found and found.message


DEV = """# SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made between Pellow Insurance Ltd (the "Client") and Brightcode Ltd (the "Developer").

## 6. Acceptance

6.1 The Client shall review each Deliverable within {days} Business Days after delivery and either accept it or notify the Developer of any defect. The Developer shall correct any defect so notified and redeliver the Deliverable. If the Client does not respond within the period stated above, the Deliverable is deemed accepted.
"""


@pytest.mark.parametrize("days, verdict", [("four (4)", "YELLOW"), ("fifteen (15)", "GREEN")])
def test_a_period_stated_above_is_the_nearest_stated_period(judged, days, verdict):
    found = judged(DEV.format(days=days), "Client")["deemed_acceptance"]
    assert found.verdict == verdict, found.message
