"""Set 53's general causes (read after its first run), each redrafted in other words; the fair version stays quiet."""

import pytest


def _red(found) -> bool:
    return found is not None and found.verdict == "RED"


TRANSFER = """# 股权转让协议

转让方：华川实业集团有限公司

受让方：远景智造投资有限公司

## 附件三 价款支付

一、{clause}

户名：华川实业集团有限公司
开户行：【 】银行
"""


@pytest.mark.parametrize("clause, flagged", [
    ("受让方应在本协议签署后三个工作日内将全部转让价款支付至转让方的下列账户，该笔付款不以任何交割条件的成就为前提：", True),
    ("受让方应在全部交割条件成就之日起三个工作日内将全部转让价款支付至转让方的下列账户：", False),
])
def test_a_price_paid_before_the_conditions_whatever_happens(judged, clause, flagged):
    """A payment the lead-in of a list makes unconditional ('...不以任何交割条件的成就为前提：' before the bank details) is
    paid whatever happens."""
    found = judged(TRANSFER.format(clause=clause), "受让方", domain="sha_spa").get("pay_whatever_happens")
    assert _red(found) == flagged, found and found.message


ENDORSEMENT = """# ENDORSEMENT AGREEMENT

This Agreement is made between Lumio Skincare, Inc. ("Company") and Dana Reyes ("Creator").

## 3. Compensation

3.2 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("Company shall pay the whole Fee on signature, and the Fee is non-refundable in all circumstances, including where "
     "Creator fails to publish the Content.", True),
    ("Company shall pay half of the Fee on signature and the balance within thirty (30) days after the Content is published "
     "as approved.", False),
])
def test_an_endorsement_fee_paid_whatever_happens(judged, clause, flagged):
    """An endorsement or influencer agreement is a contract for services, not an NDA."""
    found = judged(ENDORSEMENT.format(clause=clause), "Company").get("pay_whatever_happens")
    assert _red(found) == flagged, found and found.message


SUPPLY = """# PARTS SUPPLY AGREEMENT

This Agreement is made between Torvane Components Ltd. (the "Supplier") and Halden Motors Inc. (the "Buyer").

## 9. Field Actions

9.4 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("Supplier shall reimburse Buyer for all losses and costs of any field action on vehicles fitted with the Parts, "
     "whether or not a defect in the Parts is the sole or a contributing cause of it.", True),
    ("Supplier shall reimburse Buyer for the costs of any field action to the extent that it is caused by a defect in the "
     "Parts.", False),
])
def test_a_supplier_paying_for_recalls_whatever_their_cause(judged, clause, flagged):
    """'reimburse ... for all losses' makes good another's losses; 'whether or not a defect is the sole or a contributing
    cause' is regardless of fault."""
    found = judged(SUPPLY.format(clause=clause), "Supplier").get("indemnity_their_fault")
    assert _red(found) == flagged, found and found.message


EXECUTIVE = """# SERVICE AGREEMENT

This Agreement is made between Corbell Systems Limited (the "Company") and Priya Nair (the "Executive").

## 7. Bonus

7.3 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("If the Executive resigns within nine months after a bonus is paid, the Executive shall repay to the Company the whole "
     "amount of that bonus.", True),
    ("If the Company's accounts for a year are restated because of the Executive's misconduct, the Executive shall repay "
     "to the Company the amount of any bonus overpaid as a result.", False),
])
def test_a_bonus_repaid_because_the_executive_resigns(judged, clause, flagged):
    found = judged(EXECUTIVE.format(clause=clause), "Executive").get("employee_clawback_at_will")
    assert _red(found) == flagged, found and found.message


SUBCONTRACT = """# 工程分包契約書

**甲方（總承攬廠商）**：宏遠營造股份有限公司

**乙方（分包商）**：立昌水電工程有限公司

緣甲方承攬永豐光電股份有限公司（以下簡稱「業主」）之廠房新建工程，茲將其中水電工程分包予乙方施作，雙方議定條款如下：

## 第八條 付款

一、{clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("業主延遲給付或減少給付甲方工程款者，甲方得相應緩付或減付乙方工程款，乙方不得請求遲延利息。", True),
    ("甲方應於乙方估驗計價經甲方審核後三十日內給付乙方工程款，不受業主付款情形之影響。", False),
])
def test_a_taiwan_subcontract_paid_only_as_the_owner_pays(judged, clause, flagged):
    """A recital opened by 緣 ends the parties block: the owner it names (「業主」) is no party, and a payment the
    contractor may withhold as the owner withholds is pay-when-paid."""
    text = SUBCONTRACT.format(clause=clause)
    found = judged(text, "乙方").get("pay_when_paid_for_provider")
    assert _red(found) == flagged, found and found.message


def test_a_recital_opened_by_yuan_ends_the_parties_block():
    from paralaw.skills.documents.parser import parse_text
    from paralaw.skills.generic.parties import contract_parties

    text = SUBCONTRACT.format(clause="甲方應按月給付乙方工程款。")
    assert contract_parties(parse_text(text)) == ["甲方", "乙方"]


CAMPAIGN = """# CREATOR CAMPAIGN AGREEMENT

This Agreement is made between Fennick Outdoor, Inc. ("Brand") and Rio Castell LLC ("Creator").

## 3. Fee

3.1 Brand shall pay Creator the Fee within thirty (30) days after receipt of each invoice.

## Exhibit B. Approvals

4. {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("Where Brand has not sent comments on a draft within twelve (12) hours of receiving it, the draft is deemed approved "
     "by Brand.", True),
    ("Where Brand has not sent comments on a draft within ten (10) business days of receiving it, Creator may remind Brand, "
     "and the draft is deemed approved five (5) business days after the reminder.", False),
])
def test_a_draft_deemed_approved_within_hours(judged, clause, flagged):
    found = judged(CAMPAIGN.format(clause=clause), "Brand").get("deemed_acceptance")
    assert _red(found) == flagged, found and found.message


DATA_LICENCE = """# DATA LICENSE AGREEMENT

This Agreement is made between Quantive Data LLC ("Licensor") and Harrow Point Capital LP ("Licensee").

## 1. Definitions

"**Licensor Property**" means the Licensed Data and {derived}.

## 6. Ownership

6.1 As between the Parties, Licensor and its data suppliers own all right, title and interest in and to the Licensor Property.
"""


@pytest.mark.parametrize("derived, flagged", [
    ("any analysis, signal or model created by Licensee that is derived from the Licensed Data", True),
    ("the documentation Licensor supplies with it", False),
])
def test_a_licensor_owning_what_the_licensee_derives_from_the_data(judged, derived, flagged):
    """'Licensor and its data suppliers own': the licensor, named first, owns; what the licensee derives from the data,
    carried in by the definition, is its own work taken back."""
    found = judged(DATA_LICENCE.format(derived=derived), "Licensee").get("licence_grant_back")
    assert _red(found) == flagged, found and found.message


def test_a_passive_right_held_by_two_agents_each_on_its_own_notice():
    """'may be terminated by the Employer giving ..., or by the Employee giving ...': two rights, each with its figure."""
    from paralaw.skills.reading.reader import Party, SentenceReader

    reader = SentenceReader((Party("Employer"), Party("Employee")))
    read = {p.actor: p for p in reader.read(
        "This Agreement may be terminated by the Employer giving the Employee at least one month's written notice, or by "
        "the Employee giving the Employer at least six months' written notice.") if p.action == "terminate"}
    assert {actor: [q.value for q in p.quantities if q.kind == "period"] for actor, p in read.items()} == {
        "Employer": [30.0], "Employee": [180.0]}


@pytest.mark.parametrize("clause, flagged", [
    ("甲方自每期估驗計價款中扣留百分之五作為保留款，俟主契約保固期滿後，始無息發還乙方。", True),
    ("甲方自每期估驗計價款中扣留百分之五作為保留款，於本分包工程保固期滿後三十日內無息發還乙方。", False),
])
def test_a_subcontractors_retention_held_until_the_main_contracts_defects_period_ends(judged, clause, flagged):
    found = judged(SUBCONTRACT.format(clause=clause), "乙方").get("retention_tied_to_main_contract")
    assert _red(found) == flagged, found and found.message
