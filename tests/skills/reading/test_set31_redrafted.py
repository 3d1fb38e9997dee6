"""The general causes behind set 31's misses, each in other words than the set's and in the other language: a
franchise is a contract of its own kind (特许经营, 加盟), whose franchisor may not rewrite the system at our cost; an
agent's indemnity for the goodwill it built is not waived; a deposit is not forfeited whole; royalties do not outlive
the patent; a restraint after the term is read in Chinese without the word 竞争; two caps in one sentence are two caps;
tested trial products are no use before acceptance."""

import pytest

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.reading.contract_type import contract_type
from paralaw.skills.reading.document import read_document


FRANCHISE_EN = """# FRANCHISE AGREEMENT

This agreement is made between Copperleaf Bakeries Pty Ltd (the "Franchisor") and Dalby Street Foods Pty Ltd (the
"Franchisee").

## 8. The System

8.4 {sentence}
"""

FRANCHISE_ZH = """# 加盟合同

甲方（特许人）：上海麦穗餐饮管理有限公司
乙方（被特许人）：南通禾田餐饮有限公司

第八条 经营体系
8.4 {sentence}
"""


@pytest.mark.parametrize("text", [FRANCHISE_ZH, FRANCHISE_ZH.replace("加盟合同", "特许经营合同")])
def test_a_chinese_franchise_is_read_as_one(text):
    structure = parse_document_text(text.format(sentence="乙方应按照运营手册经营加盟店。"), filename="c.md")
    assert contract_type(structure.text, read_document(structure)) == "distribution"


@pytest.mark.parametrize("contract, us, sentence, verdict", [
    (FRANCHISE_EN, "Franchisee", "The Franchisor may at any time change, replace or add to the Operations Manual as it sees fit, and the "
                                 "Franchisee must implement every change at its own expense.", "RED"),
    (FRANCHISE_EN, "Franchisee", "The Franchisor may amend the Manual from time to time, provided that no amendment may materially "
                                 "increase the Franchisee's costs or the fees payable under this agreement.", "GREEN"),
    (FRANCHISE_ZH, "乙方", "甲方有权随时修改运营手册，乙方应自行承担因此产生的装修及设备更新费用。", "RED"),
])
def test_the_franchisor_does_not_rewrite_the_system_at_our_cost(judged, contract, us, sentence, verdict):
    found = judged(contract.format(sentence=sentence), us)["scope_change_at_will"]
    assert found.verdict == verdict, found.message


AGENCY_EN = """# COMMERCIAL AGENCY AGREEMENT

This agreement is made between Halvard Instruments GmbH (the "Principal") and Northgate Sales Limited (the "Agent").

## 15. Consequences of termination

15.1 {sentence}
"""

AGENCY_ZH = """# 销售代理协议

甲方（委托方）：宁波澜海仪器有限公司
乙方（代理商）：杭州远途贸易有限公司

第十五条 协议终止
15.1 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence", [
    (AGENCY_EN, "Agent", "The Agent waives any right it may have to an indemnity or compensation under regulation 17 of the "
                         "Commercial Agents (Council Directive) Regulations 1993, and shall not be entitled to any compensation "
                         "on the termination of this Agreement."),
    (AGENCY_EN, "Agent", "Upon expiry or termination, the Agent shall not be entitled to any indemnity or compensation for the "
                         "loss of clientele."),
    (AGENCY_ZH, "乙方", "本协议期满或终止的，乙方无权要求甲方支付任何补偿。"),
])
def test_the_agents_goodwill_indemnity_is_not_waived(judged, contract, us, sentence):
    found = judged(contract.format(sentence=sentence), us)["goodwill_compensation_waived"]
    assert (found.verdict, found.severity) == ("RED", "high"), found.message


@pytest.mark.parametrize("contract, us, sentence, flagged", [
    (FRANCHISE_EN, "Franchisee", "If the Franchisee breaches this agreement in any respect, the Franchisor may forfeit the whole of "
                                 "the Security Deposit.", True),
    (FRANCHISE_ZH, "乙方", "乙方有任何违约行为的，甲方有权没收乙方缴纳的全部保证金。", True),
    (FRANCHISE_ZH, "乙方", "乙方逾期支付加盟费超过三十日的，甲方可以从保证金中扣除相应款项，并通知乙方补足。", False),
])
def test_a_deposit_is_not_forfeited_whole(judged, contract, us, sentence, flagged):
    found = judged(contract.format(sentence=sentence), us).get("deposit_forfeited")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


LICENCE_EN = """# PATENT LICENCE AGREEMENT

This agreement is made between Veltrix Coatings Limited (the "Licensor") and Orrin Fabrication Limited (the "Licensee").

## 6. Royalties

6.4 {sentence}
"""


@pytest.mark.parametrize("text, us, sentence", [
    (LICENCE_EN, "Licensee", "The royalties shall not be reduced, suspended or refunded if any Licensed Patent is held invalid or "
                             "expires, and the Licensee shall continue to pay them for the Term."),
    (FRANCHISE_ZH.replace("加盟合同", "专利实施许可合同").replace("甲方（特许人）", "甲方（许可方）").replace("乙方（被特许人）", "乙方（被许可方）"),
     "乙方", "许可使用费不因许可专利被宣告无效或者保护期限届满而减免，乙方仍应按期足额支付。"),
])
def test_royalties_do_not_outlive_the_patent(judged, text, us, sentence):
    found = judged(text.format(sentence=sentence), us)["pay_whatever_happens"]
    assert found.verdict == "RED", found.message


def test_a_restraint_after_the_term_is_read_without_the_word_compete(judged):
    sentence = "本合同终止后三年内，乙方及其关联方不得在江苏省境内从事、投资或者参与烘焙行业的任何经营活动。"
    found = judged(FRANCHISE_ZH.format(sentence=sentence), "乙方")["restraint_after_term"]
    assert found.verdict == "RED", found.message


PURCHASE_ZH = """# 设备采购合同

甲方（买方）：苏州禾丰食品有限公司
乙方（卖方）：南京启衡机械有限公司

第十一条 违约责任
11.5 {sentence}
"""

PURCHASE_EN = """# EQUIPMENT PURCHASE AGREEMENT

This agreement is made between Brightwater Machines Ltd (the "Seller") and Marlow Foods plc (the "Buyer").

## 11. Liability

11.5 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence", [
    (PURCHASE_ZH, "甲方", "乙方的赔偿责任总额以合同价款为限，甲方的赔偿责任总额以合同价款的百分之二十为限。"),
    (PURCHASE_EN, "Buyer", "The Seller's total liability under this Agreement is limited to the Contract Price, and the Buyer's total "
                           "liability under this Agreement is limited to twenty per cent (20%) of the Contract Price."),
])
def test_two_caps_in_one_sentence_are_each_partys_own(judged, contract, us, sentence):
    results = judged(contract.format(sentence=sentence), us)
    assert results["lol_mutual"].verdict != "RED", results["lol_mutual"].message  # ours is capped too
    assert results["lol_cap_level"].verdict == "GREEN", results["lol_cap_level"].message  # theirs is the whole price


def test_trial_products_that_pass_their_tests_are_no_use_before_acceptance(judged):
    sentence = ("试生产的产品经双方共同委托的第三方检测机构检测，各项指标均达到附件三所列技术指标的，视为验收合格，双方签署验收合格证书。")
    results = judged(PURCHASE_ZH.format(sentence=sentence), "甲方")
    assert "deemed_acceptance" not in results or results["deemed_acceptance"].verdict != "RED", results["deemed_acceptance"].message
