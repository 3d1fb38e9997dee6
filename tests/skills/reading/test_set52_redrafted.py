"""Set 52's general causes (read after its first run), each redrafted in other words; the fair version stays quiet."""

import pytest

from paralaw.skills.reading.reader import Party, SentenceReader


def _red(found) -> bool:
    return found is not None and found.verdict == "RED"


SPA = """# AGREEMENT FOR THE SALE AND PURCHASE OF SHARES

This agreement is made between Harcourt Capital Partners LLP (the "Seller") and Mistral Foods Holdings Limited (the
"Buyer").

## 1. Interpretation

1.1 In this agreement:

**Consideration** means £48,000,000.
{policy}
## 9. Limitations

9.2 The aggregate liability of the Seller for all Warranty Claims shall not exceed {cap}.

9.3 The Seller shall not be liable for any Warranty Claim unless written notice of it is given within eighteen (18)
months after Completion, or for any Tax Claim unless written notice of it is given within six (6) years after Completion.

9.6 {fraud}
"""
POLICY = "\n**Buyer Policy** means the buyer-side warranty and indemnity insurance policy taken out by the Buyer in connection with this agreement.\n"
FAIR_FRAUD = "None of the limitations in this clause 9 shall apply to any Claim arising from the fraud or dishonesty of the Seller."


@pytest.mark.parametrize("policy, flagged", [("", True), (POLICY, False)])
def test_a_nominal_seller_cap_is_the_market_where_a_wi_policy_answers(judged, policy, flagged):
    """A cap of £10 on £48m is the refusal, unless a warranty and indemnity policy stated anywhere in the contract (a
    definition will do) is the buyer's recourse."""
    text = SPA.format(policy=policy, cap="£10", fraud=FAIR_FRAUD)
    results = judged(text, "Buyer", domain="sha_spa")
    assert _red(results.get("spa_cap_level")) == flagged, results.get("spa_cap_level")
    # eighteen months for warranties and six years for tax: the longer period is the tax one
    assert not _red(results.get("spa_claims_period")), results.get("spa_claims_period")


@pytest.mark.parametrize("fraud, flagged", [
    ("The limitations in this clause 9 shall apply to every Claim, even where the Claim arises from the fraud of the Seller "
     "or of any of its directors.", True),
    (FAIR_FRAUD, False),
])
def test_limits_kept_even_for_the_sellers_fraud(judged, fraud, flagged):
    text = SPA.format(policy="", cap="£12,000,000", fraud=fraud)
    found = judged(text, "Buyer", domain="sha_spa").get("their_fraud_limited")
    assert _red(found) == flagged, found and found.message


TENANCY = """# 商舖租約

業主：寶澤置業有限公司（「業主」）

租客：恆興餐飲有限公司（「租客」）

## 第五條 維修

5.2 {repair}

## 第七條 損毀

7.1 {damage}
"""


@pytest.mark.parametrize("repair, damage, flagged", [
    ("租客須自費保持舖位，包括其結構、屋頂、外牆及所有喉管，處於良好及可租用之狀態，並須自費修理任何損壞。",
     "即使舖位因火警、水浸或任何其他原因而損毀，租客仍須繼續全數繳付租金及管理費。", True),
    ("租客須自費保持舖位內部之裝修及固定裝置處於良好狀態，惟結構及外牆之維修由業主負責。",
     "如舖位因火警或水浸而不適宜使用，租金及管理費按不適宜使用之部分暫停繳付，直至舖位修復為止。", False),
])
def test_a_hong_kong_tenant_repairing_the_structure_and_paying_whatever_happens(judged, repair, damage, flagged):
    results = judged(TENANCY.format(repair=repair, damage=damage), "租客")
    assert _red(results.get("lease_structural_repair")) == flagged, results.get("lease_structural_repair")
    assert _red(results.get("pay_whatever_happens")) == flagged, results.get("pay_whatever_happens")


RESEARCH = """# RESEARCH AGREEMENT

This Agreement is made between Corvane Biologics, Inc. ("Sponsor") and Eastbrook Institute of Technology
("Institute").

## Article 6. Publication

6.1 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("Institute may not submit any publication or presentation of the Research unless Sponsor has first approved it in "
     "writing, in Sponsor's absolute discretion.", True),
    ("Institute shall give Sponsor a copy of each proposed publication sixty (60) days before submission, and shall remove "
     "any Sponsor Confidential Information that Sponsor identifies.", False),
])
def test_a_research_institute_publishing_only_with_the_sponsors_approval(judged, clause, flagged):
    found = judged(RESEARCH.format(clause=clause), "Institute").get("our_publication_at_their_will")
    assert _red(found) == flagged, found and found.message


EQUIPMENT_LEASE = """# EQUIPMENT LEASE

This lease is made between Sterling Plant Finance Pty Ltd (the "Lessor") and Bindaree Quarries Pty Ltd (the "Lessee").

## 14. Default

14.1 Each of the following is an Event of Default:

(a) the Lessee fails to pay any Rent within ten Business Days after it is due; or

(b) {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("anything happens which the Lessor considers, in its absolute discretion, to be a material adverse change in the "
     "financial condition of the Lessee.", True),
    ("the Lessee suffers a change in its financial condition that has a material adverse effect on its ability to pay the "
     "Rent, as reasonably demonstrated by the Lessor.", False),
])
def test_a_lessees_default_on_a_change_the_lessor_alone_judges(judged, clause, flagged):
    found = judged(EQUIPMENT_LEASE.format(clause=clause), "Lessee").get("loan_called_on_lenders_opinion")
    assert _red(found) == flagged, found and found.message


MANAGEMENT = """# PORTFOLIO MANAGEMENT AGREEMENT

This Agreement is made between Arden Family Office Limited (the "Client") and Larchmont Asset Management Limited (the
"Manager").

## 11. Liability

11.1 {liability}

## 15. Termination

15.1 {exit}
"""
FAIR_LIABILITY = "The Manager shall be liable to the Client for any loss caused by its negligence, wilful default or fraud."
FAIR_EXIT = "The Client may terminate this Agreement on one (1) month's written notice to the Manager."


@pytest.mark.parametrize("liability, flagged", [
    ("The Manager shall not be liable to the Client for any loss in connection with the Portfolio save where the loss is "
     "caused by its gross negligence or fraud.", True),
    (FAIR_LIABILITY, False),
])
def test_a_manager_liable_only_for_gross_fault(judged, liability, flagged):
    found = judged(MANAGEMENT.format(liability=liability, exit=FAIR_EXIT), "Client").get("their_negligence_excluded")
    assert _red(found) == flagged, found and found.message


@pytest.mark.parametrize("exit_, flagged", [
    ("The Client may terminate this Agreement by giving three (3) months' written notice, and on any such termination the "
     "Client shall pay the Manager a fee equal to the aggregate Management Fees paid in the nine (9) months before the date of the notice.", True),
    ("The Client may terminate this Agreement by giving three (3) months' written notice, and on any such termination the "
     "Client shall pay the Manager a fee equal to the aggregate Management Fees paid in the one (1) month before the date of the notice.", False),
])
def test_an_exit_fee_of_many_months_of_fees_on_a_right_to_leave(judged, exit_, flagged):
    """A right to end on notice naming no event is at will, and the fee the same sentence has paid on it is its price."""
    found = judged(MANAGEMENT.format(liability=FAIR_LIABILITY, exit=exit_), "Client").get("convenience_exit_fee")
    assert _red(found) == flagged, found and found.message


RESELLER = """# SAAS RESELLER AGREEMENT

This Agreement is made between Northwind Cloud, Inc. ("Provider") and Apex Channel Partners LLC ("Reseller").

## 6. Pricing

(b) Provider may change the List Prices on not less than sixty (60) days' written notice to Reseller. {cap}
"""


@pytest.mark.parametrize("cap, flagged", [
    ("", True),
    ("Any increase in the Reseller Price for a renewal shall not exceed four percent (4%) over the prior term.", False),
])
def test_a_price_change_capped_in_a_sentence_of_its_own(judged, cap, flagged):
    found = judged(RESELLER.format(cap=cap), "Reseller").get("price_changes")
    assert _red(found) == flagged, found and found.message


def test_a_fund_whose_partners_are_named_by_role_and_listed_in_an_annex():
    from paralaw.skills.documents.parser import parse_text
    from paralaw.skills.generic.parties import contract_parties

    text = ("# 宁远成长股权投资合伙企业（有限合伙）合伙协议\n\n"
            "**普通合伙人／执行事务合伙人**：杭州宁远股权投资管理有限公司\n\n"
            "**有限合伙人**：本协议附件一所列之各有限合伙人。\n\n## 第一条 定义\n\n1.1 本协议所用词语的含义如下。\n")
    assert contract_parties(parse_text(text)) == ["普通合伙人", "有限合伙人"]


def test_a_condition_with_an_aside_leaves_the_payer_its_subject():
    """'乙方未按期完成的（因甲方原因导致的除外），每迟延一日，应...向甲方支付违约金': the aside names 甲方, the one who
    pays is 乙方."""
    reader = SentenceReader((Party("甲方"), Party("乙方")))
    read = [p for p in reader.read("乙方未按工作计划完成阶段工作的（因甲方原因导致的除外），每迟延一日，应按该阶段服务费的万分之五"
                                   "向甲方支付违约金。") if p.action == "liquidated_damages"]
    assert read and read[0].actor == "乙方"
