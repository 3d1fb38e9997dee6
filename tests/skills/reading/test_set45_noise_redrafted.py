"""Set 45's high findings on fine clauses (read after its first run): each cause redrafted in other words and the other
language. The fair version stays quiet; the unfair one is still found."""

import pytest

SERVICES = """# CONSULTING SERVICES AGREEMENT

This Agreement is made between Norwood Health Trust (the "Client") and Brightline Analytics Ltd (the "Consultant").

## 1. Definitions

"Consultant Materials" means {materials}

## 9. Intellectual Property

9.2 All Intellectual Property Rights in the Consultant Materials shall remain vested in the Consultant.
"""

SERVICES_ZH = """# 技术服务合同

委托方（甲方）：宁波港通物流有限公司
受托方（乙方）：杭州数衡信息技术有限公司

第一条 定义
1.4 "乙方技术"指{materials}

第九条 知识产权
9.2 乙方技术的知识产权归乙方所有。
"""


@pytest.mark.parametrize("template, party, materials, flagged", [
    (SERVICES, "Client", "the software, methods and know-how the Consultant owned before the Effective Date, and all reports, "
                         "code and other materials the Consultant creates for the Client in performing the Services.", True),
    (SERVICES, "Client", "the software, methods and know-how the Consultant owned before the Effective Date or develops "
                         "independently of this Agreement.", False),
    (SERVICES_ZH, "甲方", "乙方在本合同生效日期前已拥有的软件和工具，以及乙方在提供服务过程中为甲方开发的全部报表、程序及其他成果。", True),
    (SERVICES_ZH, "甲方", "乙方在本合同生效日期前已拥有的或者独立于本合同而开发的软件、工具和方法。", False),
])
def test_a_suppliers_own_materials_stay_its_own_unless_defined_to_sweep_in_what_it_makes_for_us(judged, template, party,
                                                                                              materials, flagged):
    """'Supplier IP' kept by the supplier is fine when it is background; a definition that also takes in what the
    supplier makes for us is the other side keeping what we paid for, and the definition holds the words to change."""
    found = judged(template.format(materials=materials), party).get("ip_ownership")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
    if flagged:
        assert found.evidence in materials or materials.rstrip("。.") in found.evidence, found.evidence


@pytest.mark.parametrize("sentence", [
    "The Analytics Engine, its source code and its manuals, and all Intellectual Property Rights in them, belong to the "
    "Provider or its licensors.",
    "分析引擎及其源代码、操作手册的知识产权归乙方或其许可方所有。",
])
def test_a_vendors_platform_owned_by_it_or_its_licensors_is_no_ip_ownership_finding(judged, sentence):
    text = ("# SUBSCRIPTION AGREEMENT\n\nThis Agreement is made between Kestrel Foods Ltd (the \"Customer\", 甲方) and Arclight "
            "Cloud Ltd (the \"Provider\", 乙方).\n\n## 8. Intellectual Property\n\n8.1 " + sentence + "\n")
    found = judged(text, "Customer" if sentence.isascii() else "甲方").get("ip_ownership")
    assert found is None or found.verdict != "RED", found.message


SPA = """# SHARE PURCHASE AGREEMENT

This Agreement is made between Calloway Holdings Pty Ltd (the "Seller") and Tern Industries Ltd (the "Buyer").

## Schedule 4 Limitations

1. No claim may be brought against the Seller unless notice of it, setting out such particulars of the Claim as are then
available, is given: {limbs}
"""


@pytest.mark.parametrize("limbs, flagged", [
    ("(a) within 24 months after Completion, for any Claim other than a claim under the Tax Warranties; and (b) within four "
     "years after Completion, for any claim under the Tax Warranties.", False),
    ("(a) within 24 months after Completion, for any Claim other than a claim under the Tax Warranties; and (b) within 12 "
     "months after Completion, for any claim under the Tax Warranties.", True),
])
def test_tax_claims_left_out_of_a_limb_are_not_its_subject_and_four_years_for_them_is_no_refusal(judged, limbs, flagged):
    found = judged(SPA.format(limbs=limbs), "Buyer", domain="sha_spa").get("spa_claims_period")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("sentence, flagged", [
    ("The Seller is not liable for any claim under the Warranties unless the Buyer notifies it, giving details of the claim "
     "so far as they are then known, within 18 months after Completion.", False),
    ("Each of the Warranties is given so far as the Seller is aware.", True),
])
def test_the_details_of_a_claim_so_far_as_known_are_no_knowledge_qualifier(judged, sentence, flagged):
    text = SPA.split("## Schedule 4")[0] + "## 8. Warranties\n\n8.4 " + sentence + "\n"
    found = judged(text, "Buyer", domain="sha_spa").get("spa_knowledge_qualifier")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


SAAS = """# SUBSCRIPTION AGREEMENT

This Agreement is made between Lindqvist Retail AB (the "Customer") and Fathom Software Inc (the "Provider").

## 3. Users

3.3 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("The Customer may add Authorised Users at any time, and shall pay for them pro rata for the remainder of the "
     "Subscription Term.", False),
    ("On any termination or expiry of this Agreement, the Customer shall pay the fees for the remainder of the "
     "Subscription Term.", True),
])
def test_users_added_pro_rata_for_the_rest_of_the_term_are_no_payout_on_termination(judged, sentence, flagged):
    found = judged(SAAS.format(sentence=sentence), "Customer").get("termination_payout")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


DISTRIBUTION = """# EXCLUSIVE DISTRIBUTION AGREEMENT

This Agreement is made between Halden Pumps GmbH (the "Supplier") and Orrin Industrial Ltd (the "Distributor").

## 2. Appointment

2.1 The Supplier appoints the Distributor as its exclusive distributor of the Products in the Territory.

2.2 {reserve}
"""


@pytest.mark.parametrize("reserve, flagged", [
    ("The Supplier may itself sell the Products to its Reserved Accounts (the customers listed in Schedule 3), and that "
     "list may be changed only by agreement in writing.", False),
    ("The Supplier may sell the Products directly to any other customer in the Territory which the Supplier designates "
     "from time to time.", True),
])
def test_a_closed_list_of_reserved_accounts_does_not_undercut_exclusivity(judged, reserve, flagged):
    found = judged(DISTRIBUTION.format(reserve=reserve), "Distributor").get("direct_sales_in_our_territory")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


CONSTRUCTION = """# CONSTRUCTION CONTRACT

This Contract is made between Whitlow Estates LLC (the "Owner") and Carrick Builders Inc (the "Contractor").

## 14. Indemnities

14.2 {indemnity}
"""


@pytest.mark.parametrize("indemnity, flagged", [
    ("The Owner shall defend and indemnify the Contractor against third-party claims for bodily injury or property damage, "
     "including legal costs, but only to the extent caused by the negligence of the Owner or its other contractors.", False),
    ("The Owner shall defend and indemnify the Contractor against all third-party claims for bodily injury or property "
     "damage, including claims arising from the Contractor's own negligence.", True),
])
def test_an_indemnity_measured_by_the_indemnifiers_own_fault_is_not_one_however_caused(judged, indemnity, flagged):
    found = judged(CONSTRUCTION.format(indemnity=indemnity), "Owner").get("indemnity_their_fault")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
