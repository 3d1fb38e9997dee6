"""Set 51's general causes (read after its first run), each redrafted in other words; the fair version stays quiet."""

import pytest

from paralaw.skills.reading.reader import Party, SentenceReader


def _red(found) -> bool:
    return found is not None and found.verdict == "RED"


SUBCONTRACT = """# ELECTRICAL SUB-CONTRACT

**THIS SUB-CONTRACT** is made between:

(1) **NORTHGATE BUILD LIMITED**, a company registered in England with number 01234567 (the **"Main Contractor"**); and

(2) **AMPERLINE SERVICES LIMITED**, a company registered in England with number 07654321 (the **"Sub-Contractor"**).

## 9 PAYMENT

9.1 The Main Contractor shall pay the Sub-Contractor each sum due within 30 days of its due date.

9.6 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("Other than a sum stated in a pay less notice as to the value of the work, the Main Contractor shall not deduct, "
     "withhold or set off against any payment due to the Sub-Contractor any liquidated damages, the cost of remedying "
     "defects or any other claim, whether under this Sub-Contract or otherwise.", True),
    ("The Main Contractor may set off against any sum due to the Sub-Contractor any amount the Sub-Contractor is liable "
     "to pay under this Sub-Contract, by a pay less notice.", False),
])
def test_a_main_contractor_barred_from_setting_off(judged, clause, flagged):
    """A parties block whose labels carry emphasis outside the quotes ('(the **"Main Contractor"**)') names the parties;
    the main contractor pays, and a bar on setting off its claims is a payer's loss of its cheapest remedy."""
    found = judged(SUBCONTRACT.format(clause=clause), "Main Contractor").get("set_off_barred_for_us")
    assert _red(found) == flagged, found and found.message


EMPLOYMENT = """# 劳动合同书

甲方（用人单位）：江川精密机械有限公司

乙方（员工）：李明

甲方招用乙方担任结构工程师，双方依据《中华人民共和国劳动合同法》（以下简称“劳动合同法”）订立本合同。

## 第五条 工作时间和劳动报酬

一、乙方月工资为人民币二万八千元，甲方于每月十日前支付上月工资。

二、{clause}

## 第九条 服务期

{bond}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("乙方的月工资中已包含全部加班工资，乙方不得另行要求甲方支付延长工作时间的工资。", True),
    ("甲方安排乙方延长工作时间的，应依照劳动合同法的规定另行支付加班工资。", False),
])
def test_overtime_folded_into_the_salary_of_an_employee(judged, clause, flagged):
    """A 劳动合同 names its parties by role words in brackets (用人单位, 员工): the employee works and is paid, and a salary
    said to include all overtime waives what the law gives; the statute the opening names is no party."""
    text = EMPLOYMENT.format(clause=clause, bond="乙方应遵守甲方的规章制度。")
    found = judged(text, "乙方").get("overtime_in_salary")
    assert _red(found) == flagged, found and found.message


@pytest.mark.parametrize("bond, flagged", [
    ("乙方自入职之日起应在甲方工作满四年。乙方未满四年主动辞职，或者因乙方过错经甲方依法解除合同的，应向甲方支付相当于三个月工资的违约金。", True),
    ("甲方出资安排乙方参加专业技术培训的，双方另行约定服务期；乙方违反服务期约定的，违约金不超过服务期尚未履行部分所应分摊的培训费用。", False),
])
def test_a_service_period_without_training_paid_for_by_the_employee(judged, bond, flagged):
    """'...经甲方依法解除合同的，应向甲方支付违约金': the one who pays is the employee the sentence opens with, not the
    employer that (经) ends the contract."""
    text = EMPLOYMENT.format(clause="加班工资依法另行支付。", bond=bond)
    found = judged(text, "乙方").get("employee_penalty")
    assert _red(found) == flagged, found and found.message


def test_a_statute_the_opening_names_is_no_party():
    from paralaw.skills.documents.parser import parse_text
    from paralaw.skills.generic.parties import contract_parties

    text = EMPLOYMENT.format(clause="加班工资依法另行支付。", bond="")
    assert contract_parties(parse_text(text)) == ["甲方", "乙方"]


OUTSOURCING = """# BUSINESS PROCESS SERVICES AGREEMENT

This Agreement is made between Halden Insurance Ltd (the "Client") and Pivotal Operations Pte. Ltd. (the "Supplier").

## 18. Termination

18.4 {clause}
"""


@pytest.mark.parametrize("clause, quiet", [
    ("The Client may end this Agreement for convenience on forty-five (45) days' written notice to the Supplier, and "
     "the Client shall not be required to pay any termination charge or compensation for the Supplier's stranded costs.", False),
    ("The Client may end this Agreement for convenience on forty-five (45) days' written notice to the Supplier, "
     "subject to payment of the termination fee set out in Schedule 5.", True),
])
def test_a_termination_fee_the_sentence_denies_is_no_fee(judged, clause, quiet):
    found = judged(OUTSOURCING.format(clause=clause), "Supplier").get("termination_convenience_for_provider")
    assert found is not None
    assert (found.verdict == "GREEN") == quiet, found.message


LEASE = """# OFFICE LEASE

This Lease is made between Larkfield Property Holdings LLC ("Landlord") and Quillon Analytics, Inc. ("Tenant").

## Article 4. Term

Section 4.1 The Term is ten (10) years from the Commencement Date.

Section 4.5 {clause}

## Article 5. Rent

Section 5.3 If Rent is not paid within five (5) days after it is due, Tenant shall pay a late charge of three percent
(3%) of the amount overdue, save that for the first late payment in any twelve (12) month period the late charge applies
only if payment is not made within five (5) days after written notice.
"""


@pytest.mark.parametrize("clause, flagged", [
    ("Tenant may end this Lease on the last day of the sixtieth (60th) month of the Term by giving Landlord at least "
     "six (6) months' prior written notice.", True),
    ("Tenant may end this Lease on the last day of the sixtieth (60th) month of the Term by giving Landlord at least "
     "six (6) months' prior written notice and paying Landlord a termination fee equal to the unamortized cost of the "
     "tenant improvement allowance and leasing commissions.", False),
])
def test_a_tenant_break_without_a_fee_for_the_landlord(judged, clause, flagged):
    """A right to end the lease on notice that names no event is a right at will; the landlord's concern is the fee."""
    results = judged(LEASE.format(clause=clause), "Landlord")
    found = results.get("tenant_break_for_landlord")
    assert _red(found) == flagged, found and found.message
    # the late charge's 'in any twelve month period' is a window, not a time to pay
    assert not _red(results.get("payment_period_for_provider"))


@pytest.fixture
def reader():
    return SentenceReader((Party("Landlord"), Party("Tenant"), Party("出租人"), Party("承租人")))


@pytest.mark.parametrize("text, at_will", [
    ("承租人可提前三个月书面通知出租人解除本合同。", True),
    ("Tenant shall have the right to terminate this Lease as of any date after the third anniversary of the "
     "Commencement Date on ninety (90) days' notice to Landlord.", True),
    ("Landlord may terminate this Lease by notice to Tenant if Tenant fails to pay Rent within ten (10) days after it "
     "is due.", False),
    ("Landlord may terminate this Lease by notice in the circumstances set out in Section 14.2.", False),
    ("承租人逾期支付租金超过三十日的，出租人可书面通知承租人解除本合同。", False),
])
def test_a_right_to_end_on_notice_naming_no_event_is_at_will(reader, text, at_will):
    read = [p for p in reader.read(text) if p.action == "terminate" and p.modality == "may"]
    assert read
    assert ("convenience" in read[0].conditions) == at_will, sorted(read[0].conditions)


DESIGN = """# 建设工程设计合同

发包人：青川文旅开发有限公司

设计人：恒筑建筑设计研究院有限公司

## 第八条 设计费支付

8.2 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("发包人在收到业主拨付的相应款项后十五日内向设计人支付该阶段设计费。", True),
    ("发包人在支付本阶段设计费后，即可将施工图用于本项目的施工招标。", False),
])
def test_paid_after_a_payment_is_pay_when_paid_only_when_someone_else_pays(judged, clause, flagged):
    """'发包人在支付...后' in a contract with the 发包人 is its own payment; '收到业主拨付的款项后' waits on someone else's."""
    found = judged(DESIGN.format(clause=clause), "设计人").get("pay_when_paid_for_provider")
    assert _red(found) == flagged, found and found.message


@pytest.mark.parametrize("clause, flagged", [
    ("因设计人原因造成设计文件存在缺陷的，设计人应赔偿发包人因此遭受的全部损失，包括间接损失和预期利益损失，且不受任何赔偿限额的限制。", True),
    ("因设计人原因造成设计文件存在缺陷的，设计人应赔偿发包人因此遭受的直接损失，但累计赔偿总额不超过本合同设计费总额。", False),
])
def test_a_designers_own_liability_left_unlimited(judged, clause, flagged):
    """A design contract is read as construction; a designer's uncapped liability is checked there as elsewhere."""
    text = DESIGN.replace("## 第八条 设计费支付\n\n8.2", "## 第十三条 违约责任\n\n13.3").format(clause=clause)
    found = judged(text, "设计人").get("our_liability_unlimited")
    assert _red(found) == flagged, found and found.message


DISTRIBUTION = """# NON-EXCLUSIVE DISTRIBUTION AGREEMENT

This Agreement is made between Brennan Optics Limited (the "Supplier") and Talwood Medical Supplies Limited (the
"Distributor").

## 2. Appointment

2.1 The Supplier appoints the Distributor as a non-exclusive distributor of the Products in the Territory.

2.2 The Supplier may itself sell the Products in the Territory and may appoint other distributors there.

## 9. Information

9.4 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("The Supplier shall not use any data on the Distributor's sub-dealers or margins received under this Agreement to "
     "solicit those sub-dealers or to compete with the Distributor for their business.", False),
    ("The Supplier shall not compete with the Distributor in the Territory.", True),
])
def test_a_promise_not_to_use_our_information_is_no_exclusivity(judged, clause, flagged):
    """'shall not use data ... to compete' bars a use of information; the reserved right to sell is no undercut."""
    found = judged(DISTRIBUTION.format(clause=clause), "Distributor").get("direct_sales_in_our_territory")
    assert _red(found) == flagged, found and found.message


PROPERTY = """# 物业服务合同

委托人：华岭科技园发展有限公司

物业服务人：安泓物业服务有限公司

## 第九条 安全管理

9.3 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("园区内发生的失窃、火灾、漏水等造成人身或财产损失的，不论物业服务人是否存在过失，均由物业服务人向委托人及业户承担全部赔偿责任。", True),
    ("因物业服务人未履行本合同约定的安全管理义务造成人身或财产损失的，物业服务人应在其过错范围内承担相应的赔偿责任。", False),
])
def test_a_property_manager_liable_for_every_incident_whatever_its_fault(judged, clause, flagged):
    """'...均由物业服务人...承担全部赔偿责任' is a duty to make good the loss; '不论...是否存在过失' makes it one without fault."""
    found = judged(PROPERTY.format(clause=clause), "物业服务人").get("indemnity_their_fault")
    assert _red(found) == flagged, found and found.message
