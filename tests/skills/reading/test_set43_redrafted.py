"""Set 43's general causes (read after its first run), each redrafted in other words, in English and in Chinese where
the cause is the same there; the fair version of each stays quiet."""

import pytest

SHOP_LEASE_HK = """# 舖位租約

業主：德信地產有限公司（下稱「業主」）
租客：半島茶餐廳有限公司（下稱「租客」）

第1條 釋義
1.1 「租客維修範圍」指該舖的內部、裝置及{scope}。

第5條 租客的責任
5.2 租客須自費保持租客維修範圍內的各部分處於良好狀況。

第8條 提早終止
8.2 {landlord_break}

第10條 違約
10.1 如租金逾期十四天仍未繳付，{deposit}
"""

FAIR = dict(scope="租客自行安裝的設備，但不包括大廈的結構部分及外牆",
            landlord_break="業主不得於租期內提早終止本租約，但租客違約者除外。",
            deposit="業主可向租客發出書面催告，並可從按金中扣除其實際損失，餘額退還租客。")


@pytest.mark.parametrize("field, unfair, position", [
    ("scope", "該舖範圍內的結構部分、樓板及外牆，不論損壞原因為何", "lease_structural_repair"),
    ("landlord_break", "業主可於租期內任何時間給予租客兩個月書面通知終止本租約，無須說明任何理由。", "termination_convenience"),
    ("deposit", "業主可即時收回舖位，全數按金由業主沒收。", "deposit_forfeited"),
])
def test_a_hong_kong_shop_lease_in_traditional_characters(judged, field, unfair, position):
    found = judged(SHOP_LEASE_HK.format(**{**FAIR, field: unfair}), "租客").get(position)
    assert found is not None and found.verdict == "RED", found and found.message
    fair = judged(SHOP_LEASE_HK.format(**FAIR), "租客").get(position)
    assert fair is None or fair.verdict != "RED", fair.message


def test_a_surveyors_rent_review_that_cannot_be_questioned(judged):
    text = SHOP_LEASE_HK.format(**FAIR) + "\n附表三 租金檢討\n2. 第三年租金由業主委任的測量師釐定，該測量師的決定為最終決定，租客無權提出異議。\n"
    assert judged(text, "租客")["their_determination_final"].verdict == "RED"


EMPLOYMENT = """# EMPLOYMENT AGREEMENT

This Agreement is made between Fernhill Telematics Ltd. (the "Company") and Jordan Avery (the "Employee").

## 11. Restrictive covenants

11.2 For eighteen (18) months after the Termination Date, the Employee will not, anywhere in North America, directly or
indirectly, whether as owner, employee or adviser, be engaged in any business that sells fleet tracking products.

## Schedule A Commission plan

A.6 {commission}
"""


@pytest.mark.parametrize("commission, flagged", [
    ("If the employment ends for any reason, including dismissal without cause, the Employee forfeits all commission "
     "not yet paid on the termination date.", True),
    ("If the employment ends, commission earned on bookings made before the termination date is paid when due.", False),
])
def test_commission_forfeited_whenever_the_employment_ends(judged, commission, flagged):
    results = judged(EMPLOYMENT.format(commission=commission), "Employee")
    found = results.get("earned_bonus_forfeited")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
    # 'will not, anywhere ..., directly or indirectly, ..., be engaged in': the modal reaches its verb
    assert results["employee_restraint"].verdict == "RED"


FRANCHISE = """# FRANCHISE AGREEMENT

This Agreement is made between Crumb & Co Franchising Pty Ltd (the "Franchisor") and Oakridge Bakery Pty Ltd (the
"Franchisee").

## 17. Termination

17.4 {termination}

17.6 The Franchisee may at any time propose to the Franchisor, in writing, that this Agreement be terminated by mutual
agreement.
"""


@pytest.mark.parametrize("termination, flagged", [
    ("The Franchisor may end this Agreement at any time by 60 days' notice, without any need to show a breach or fault "
     "by the Franchisee.", True),
    ("The Franchisor may terminate this Agreement if the Franchisee commits a material breach and fails to remedy it "
     "within 30 days of notice.", False),
])
def test_a_franchisor_ending_at_will_and_a_franchisee_that_can_only_propose(judged, termination, flagged):
    found = judged(FRANCHISE.format(termination=termination), "Franchisee").get("termination_convenience")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


FACILITY = """# TERM LOAN FACILITY AGREEMENT

This Agreement is made between Tembusu Logistics Pte. Ltd. (the "Borrower") and Straits Commerce Bank Limited (the
"Lender").

## 7. Repayment

7.3 {demand}

## 15. Indemnities

15.2 {indemnity}
"""

FAIR_DEMAND = "The Borrower shall repay the Loan in eight equal semi-annual instalments."
FAIR_INDEMNITY = ("The Borrower shall indemnify the Lender against any loss it incurs as a result of an Event of "
                  "Default, except to the extent caused by the Lender's gross negligence or wilful misconduct.")


@pytest.mark.parametrize("demand, indemnity, position", [
    ("The Lender may at any time, by notice to the Borrower, require that all or any part of the Loan be repaid "
     "immediately.", FAIR_INDEMNITY, "loan_on_demand"),
    (FAIR_DEMAND, "The Borrower shall indemnify the Lender against any loss, including any loss which results from the "
     "negligence or wilful misconduct of the Lender.", "indemnity_their_fault"),
])
def test_a_loan_payable_on_demand_and_an_indemnity_for_the_lenders_own_fault(judged, demand, indemnity, position):
    found = judged(FACILITY.format(demand=demand, indemnity=indemnity), "Borrower").get(position)
    assert found is not None and found.verdict == "RED", found and found.message
    fair = judged(FACILITY.format(demand=FAIR_DEMAND, indemnity=FAIR_INDEMNITY), "Borrower").get(position)
    assert fair is None or fair.verdict != "RED", fair.message


CONVERTIBLE_ZH = """# 可转换借款协议

投资方：上海启航创业投资合伙企业（有限合伙）
公司：苏州云图智能科技有限公司

第七条 还款
（二）{extension}

第十三条 违约责任
（二）{remedy}
"""

FAIR_ZH = dict(extension="借款期限的延长须经投资方书面同意。",
               remedy="发生违约事件的，投资方有权书面通知公司宣布借款提前到期。")


@pytest.mark.parametrize("field, unfair, position", [
    ("extension", "公司董事会认为现金不足的，公司有权单方决定将还款期限延长十二个月。", "borrower_extends_at_will"),
    ("remedy", "发生违约事件的，投资方仅有权要求公司纠正，无权宣布借款提前到期。", "lender_cannot_accelerate"),
])
def test_an_investor_lending_on_a_convertible_loan(judged, field, unfair, position):
    """The investor lends here: it is the provider of the money, and the company's name is a party."""
    found = judged(CONVERTIBLE_ZH.format(**{**FAIR_ZH, field: unfair}), "投资方").get(position)
    assert found is not None and found.verdict == "RED", found and found.message
    fair = judged(CONVERTIBLE_ZH.format(**FAIR_ZH), "投资方").get(position)
    assert fair is None or fair.verdict != "RED", fair.message


OEM_ZH = """# 委托加工合同

委托方：深圳声悦电子有限公司
受托方：东莞精诚制造有限公司

第一条 定义
（6）“工艺改进成果”指受托方在履行本合同过程中对产品结构或工艺所作的改进，{ownership}。

第八条 生产
8.4 {subcontract}
"""


@pytest.mark.parametrize("ownership, subcontract, position", [
    ("其全部知识产权归受托方所有", "受托方不得将加工工序委托第三方完成。", "improvements_to_them"),
    ("其知识产权归委托方所有", "受托方可根据产能安排，将部分工序委托其关联方完成，无须取得委托方同意。", "subcontracting_free"),
])
def test_an_oem_manufacturer_keeping_improvements_or_handing_the_work_on(judged, ownership, subcontract, position):
    found = judged(OEM_ZH.format(ownership=ownership, subcontract=subcontract), "委托方").get(position)
    assert found is not None and found.verdict == "RED", found and found.message
    fair = judged(OEM_ZH.format(ownership="其知识产权归委托方所有", subcontract="受托方不得将加工工序委托第三方完成。"), "委托方")
    assert position not in fair or fair[position].verdict != "RED", fair[position].message
