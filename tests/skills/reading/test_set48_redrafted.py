"""Set 48's general causes (read after its first run), each redrafted in other words; the fair version stays quiet."""

import pytest


@pytest.mark.parametrize("sentence, flagged", [
    ("顾问方交付阶段成果迟延且可归责于顾问方的，每迟延一日应按该阶段费用的千分之三支付违约金。", False),
    ("顾问方为本项目完成的研究成果及报告的知识产权归顾问方所有。", True),
])
def test_a_delay_attributable_to_the_consultant_is_no_ownership_of_the_work(judged, sentence, flagged):
    """'可归责于' (attributable to) holds the character of '归' (belongs to) but says nothing of who owns what."""
    text = "# 咨询服务合同\n\n委托方（甲方）：成都蓉欣商贸有限公司\n顾问方（乙方）：成都明策管理咨询有限公司\n\n第八条 违约责任\n8.2 " + sentence + "\n"
    found = judged(text, "甲方").get("ip_ownership")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


SUBCONTRACT_TW = """# 工程分包契約書

承攬人：宏築營造股份有限公司（以下簡稱「承攬人」）
分包商：立昇機電工程有限公司（以下簡稱「分包商」）

第五條 付款
二、{payment}
"""


@pytest.mark.parametrize("payment, flagged", [
    ("承攬人於收到業主就該期所給付之工程款後，始給付分包商該期分包工程款。", True),
    ("承攬人應於每期估驗完成後三十日內給付分包商該期分包工程款，不以業主付款為前提。", False),
])
def test_a_taiwan_subcontract_is_construction_and_its_subcontractor_is_paid_whether_or_not_the_owner_pays(
        judged, payment, flagged):
    """'工程分包契約' is a construction contract; the '分包商' supplies and the '承攬人' hiring it pays."""
    found = judged(SUBCONTRACT_TW.format(payment=payment), "分包商").get("pay_when_paid_for_provider")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("payment, flagged", [
    ("受让方应于签署日起三个工作日内支付全部股权转让款，该等付款不以本协议第五条所列全部交割先决条件是否已经满足、股东会决议是否作出或工商变更登记是否完成为前提。", True),
    ("受让方应于本协议第五条所列全部交割先决条件满足且工商变更登记完成后十个工作日内支付全部股权转让款。", False),
])
def test_the_whole_price_paid_before_any_condition_is_met(judged, payment, flagged):
    text = ("# 股权转让协议\n\n转让方：宁波华策投资有限公司\n受让方：上海瑞衡控股有限公司\n\n第三条 转让价款\n3.2 " + payment + "\n")
    found = judged(text, "受让方", domain="sha_spa").get("pay_whatever_happens")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("tail, flagged", [
    ("each item of which the Vendor may copy, disclose to any person and exploit for any purpose after the Term", True),
    ("which the Vendor may use only to provide and support the Platform for the Customer", False),
])
def test_a_definition_that_goes_on_to_let_the_vendor_commercialise_our_data(judged, tail, flagged):
    text = ("# SUBSCRIPTION AGREEMENT\n\nThis Agreement is made between Meridian Freight Pte Ltd (the \"Customer\") and "
            "Tidewater Systems Pte Ltd (the \"Vendor\").\n\n## 1. Definitions\n\n(f) \"Usage Data\" means data generated "
            "through the Customer's use of the Platform, including shipment and consignee records, " + tail + ";\n")
    found = judged(text, "Customer").get("our_data_for_their_purposes")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("text, party, flagged", [
    ("# SHARE PURCHASE AGREEMENT\n\nThis Agreement is made between Alder Holdings Limited (the \"Vendor\") and Brook "
     "Capital Limited (the \"Purchaser\").\n\n## 7. Warranties\n\n7.3 The Vendor shall indemnify the Purchaser against any "
     "loss arising from any breach of the Warranties.\n", "Vendor", True),
    ("# SHARE PURCHASE AGREEMENT\n\nThis Agreement is made between Alder Holdings Limited (the \"Vendor\") and Brook "
     "Capital Limited (the \"Purchaser\").\n\n## 7. Warranties\n\n7.3 The Vendor shall indemnify the Purchaser against any "
     "Tax liability of the Company arising before Completion.\n", "Vendor", False),
    ("# STOCK PURCHASE AGREEMENT\n\nThis Agreement is made between Corwin Partners LLC (\"Seller\") and Dunmore Inc. "
     "(\"Buyer\").\n\n## Article IX Indemnification\n\n9.2 Seller shall indemnify Buyer against Losses arising out of any "
     "breach of any representation or warranty in Article IV.\n\n9.8 The indemnification provided in this Article IX "
     "shall be the sole and exclusive remedy of Buyer for any breach of any representation or warranty.\n", "Seller", False),
    ("# 股权转让协议\n\n转让方：宁波华策投资有限公司\n受让方：上海瑞衡控股有限公司\n\n第七条 陈述与保证\n7.3 因转让方违反本协议项下陈述与保证"
     "给受让方造成的任何损失，转让方应当全额补偿受让方。\n", "转让方", True),
])
def test_a_seller_whose_every_warranty_is_backed_by_an_indemnity(judged, text, party, flagged):
    found = judged(text, party, domain="sha_spa").get("spa_seller_warranty_indemnity")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
