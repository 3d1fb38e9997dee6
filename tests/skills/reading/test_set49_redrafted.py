"""Set 49's general causes (read after its first run), each redrafted in other words; the fair version stays quiet."""

import pytest


def test_a_marketing_services_contract_is_no_joint_venture(judged):
    """'整合营销' holds the characters of '合营' (a joint venture) but is a services contract."""
    text = ("# 联合营销推广服务合同\n\n甲方（委托方）：杭州澄湖食品有限公司\n乙方（服务方）：上海点石品牌策划有限公司\n\n"
            "第十条 知识产权\n10.2 乙方为本项目创作的全部工作成果的著作权归乙方所有，甲方仅可在服务期内使用。\n")
    found = judged(text, "甲方").get("ip_ownership")
    assert found is not None and found.verdict == "RED", found and found.message


ASSET_SALE = """# ASSET PURCHASE AGREEMENT

This Asset Purchase Agreement is entered into by and among Ridgeline Holdings LLC ("Purchaser"), Copperfield Tooling, Inc. ("Vendor"), and Martha Ellison, the sole stockholder of Vendor ("Stockholder").

## ARTICLE VI COVENANTS

6.4 Restrictive Covenants. {covenant}

6.5 Vendor and Stockholder shall each deliver the Closing deliverables. Vendor and Stockholder shall cooperate with Purchaser.
"""


@pytest.mark.parametrize("covenant, flagged", [
    ("For eight (8) years after the Closing, neither Vendor nor Stockholder shall, and each shall cause its Affiliates and "
     "relatives not to, engage in any business that competes with Purchaser anywhere in the world.", True),
    ("For three (3) years after the Closing, neither Vendor nor Stockholder shall engage in any business that competes "
     "with the Business in the states where it had customers at Closing.", False),
])
def test_an_asset_sale_filed_as_generic_still_gets_a_sellers_positions(judged, covenant, flagged):
    """The type read from the text (a purchase of a business) selects its positions whatever pack was named; the
    stockholder named jointly with the seller binds the seller's side."""
    found = judged(ASSET_SALE.format(covenant=covenant), "Vendor", domain="generic").get("spa_seller_non_compete")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


RESEARCH = """# RESEARCH SERVICES AGREEMENT

This Agreement is made between Corvane Biologics Inc. ("Sponsor") and Lakeshore University Hospital ("Institution").

## 4. Payment

4.1 Sponsor shall pay Institution the per-patient fees set out in Exhibit A. Institution shall pay any subject stipends from those fees.

## 9. Publication

9.1 {publication}
"""


@pytest.mark.parametrize("publication, flagged", [
    ("Institution may not submit any manuscript or abstract describing the results of the Study unless Sponsor has approved "
     "it in writing, which approval Sponsor may give or withhold at its discretion.", True),
    ("Institution may publish the results of the Study after giving Sponsor forty-five (45) days to review the manuscript "
     "and to ask that its Confidential Information be removed.", False),
])
def test_a_sites_right_to_publish_its_results(judged, publication, flagged):
    """A site the sponsor pays supplies the work (it pays stipends from the fees, but faces the sponsor); a consent
    to publish the sponsor may withhold at will is a veto, and withholding consent is no set-off."""
    found = judged(RESEARCH.format(publication=publication), "Institution")
    veto = found.get("our_publication_at_their_will")
    assert (veto is not None and veto.verdict == "RED") == flagged, veto and veto.message
    assert found.get("set_off_by_them") is None


OUTSOURCING = """# FACILITIES SERVICES AGREEMENT

BETWEEN:

(1) NORTHGATE SERVICES LIMITED, a company incorporated in England (the "Contractor"); and

(2) ASHCOMBE COLLEGE TRUST, a company incorporated in England (the "Trust").

BACKGROUND:

(A) The Trust's cleaning is currently carried out by Brightclean Limited (the "Incumbent Contractor").

## 14. Staff

14.3 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("The Contractor shall indemnify the Trust against all Employment Liabilities relating to the Transferring Employees, "
     "including any arising from acts or omissions of the Incumbent Contractor before the Transfer Date.", True),
    ("The Trust shall procure that the Incumbent Contractor indemnifies the Contractor against Employment Liabilities arising "
     "before the Transfer Date. The Contractor shall indemnify the Trust against Employment Liabilities arising on or after "
     "the Transfer Date.", False),
])
def test_an_indemnity_for_the_outgoing_contractors_time(judged, clause, flagged):
    """A party named in the recitals (the incumbent) is no party to the contract; our indemnity for what came before
    our time is one-sided."""
    found = judged(OUTSOURCING.format(clause=clause), "Contractor").get("indemnity_before_our_time")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("clause, flagged", [
    ("The Contractor is responsible for all loss of or damage to the Trust's equipment while in its custody, however "
     "arising, and no limit in clause 18 shall apply to any such liability.", True),
    ("The Contractor is responsible for loss of or damage to the Trust's equipment caused by its negligence while in its "
     "custody, subject to clause 18.", False),
])
def test_a_liability_for_goods_in_custody_outside_the_cap(judged, clause, flagged):
    found = judged(OUTSOURCING.format(clause=clause), "Contractor").get("our_liability_unlimited")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("clause, flagged", [
    ("乙方得為優化服務、開發新產品及市場推廣之目的，自行利用甲方資料，並得提供予其關係企業。", True),
    ("乙方僅得為向甲方提供本服務之目的利用甲方資料，不得為其他目的利用。", False),
])
def test_a_taiwan_provider_using_our_data_for_its_own_products(judged, clause, flagged):
    """'得' ... '，自行利用': the later limb goes on with the modal of the first."""
    text = "# 雲端服務契約\n\n甲方：安和物流股份有限公司\n乙方：雲拓科技股份有限公司\n\n第七條 資料\n二、" + clause + "\n"
    found = judged(text, "甲方").get("our_data_for_their_purposes")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_no_termination_fee_is_no_termination_fee(judged):
    """'no termination charge or early termination fee shall be payable' denies the fee it names."""
    text = ("# SUBSCRIPTION AGREEMENT\n\nThis Agreement is made between Halden Analytics Ltd. (the \"Provider\") and Fraser "
            "Mills Inc. (the \"Customer\").\n\n## 12. Term and Termination\n\n12.4 The Customer may terminate this Agreement "
            "for convenience on thirty (30) days' notice, and no early termination fee or termination charge shall be payable.\n")
    found = judged(text, "Provider").get("termination_convenience_for_provider")
    assert found is not None and found.verdict in ("YELLOW", "RED"), found and found.message


@pytest.mark.parametrize("clause, flagged", [
    ("乙方於提供本服務過程中所使用之軟體及技術之智慧財產權，均歸乙方或其授權人所有。", False),
    ("乙方依本契約為甲方客製開發之程式及文件之智慧財產權，均歸乙方所有，甲方僅得於契約期間內使用。", True),
])
def test_a_taiwan_provider_keeps_the_software_it_provides_the_service_with(judged, clause, flagged):
    """What a provider uses to provide the service, 'or its licensors'' (其授權人), is its own; what it builds for us
    is not."""
    text = "# 雲端服務契約\n\n甲方：安和物流股份有限公司\n乙方：雲拓科技股份有限公司\n\n第十條 智慧財產權\n一、" + clause + "\n"
    found = judged(text, "甲方").get("ip_ownership")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_the_other_side_named_with_us_is_still_the_other_side(judged):
    """'the Seller and the Buyer shall' names both sides together: the buyer does not become one of us."""
    text = ("# SHARE PURCHASE AGREEMENT\n\nThis Agreement is made between Anil Mehta (the \"Seller\"), Kestrel Capital "
            "Limited (the \"Buyer\") and Mehta Precision Private Limited (the \"Company\").\n\n"
            "## 3. Consideration\n\n3.1 The Seller and the Buyer shall sign the escrow agreement at Completion.\n\n"
            "3.2 The Seller and the Buyer shall share the escrow agent's fees equally.\n\n"
            "3.3 The Buyer may set off against the Deferred Consideration any amount which it considers, in its sole "
            "discretion, may become due to it under this Agreement.\n")
    found = judged(text, "Seller", domain="sha_spa").get("spa_retention_at_their_will")
    assert found is not None and found.verdict == "RED", found and found.message


@pytest.mark.parametrize("clause, flagged", [
    ("Royalties are calculated on the Net Sales shown in the Licensee's own quarterly statements, which the Licensor shall "
     "not be entitled to audit or verify.", True),
    ("The Licensor may, once a year on thirty days' notice, audit the Licensee's records of Net Sales at its own cost.", False),
])
def test_a_royalty_we_may_not_audit(judged, clause, flagged):
    text = ("# PATENT LICENCE AGREEMENT\n\nThis Agreement is made between Orrin Devices Ltd (the \"Licensor\") and Palisade "
            "Medical Inc. (the \"Licensee\").\n\n## 6. Royalties\n\n6.2 " + clause + "\n")
    found = judged(text, "Licensor").get("royalty_audit_barred_for_us")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("clause, flagged", [
    ("结算数据以乙方后台系统记录为准，甲方自行统计的数据与之不一致的，不作为异议依据。", True),
    ("结算数据以双方共同认可的第三方监测机构出具的报告为准，任何一方有异议的，可于五个工作日内申请复核。", False),
])
def test_the_other_sides_own_figures_binding_without_dispute(judged, clause, flagged):
    text = "# 推广服务合同\n\n甲方：杭州澄湖食品有限公司\n乙方：上海点石品牌策划有限公司\n\n第五条 结算\n5.3 " + clause + "\n"
    found = judged(text, "甲方").get("their_determination_final")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("definition, flagged", [
    ("\"Enhancements\" means any customisation or extension of the Software written by the Vendor for the Licensee under "
     "a work order.", False),
    ("\"Enhancements\" means any improvement, modification or derivative of the Software made by or for the Licensee.", True),
])
def test_what_the_licensor_makes_for_us_is_no_grant_back(judged, definition, flagged):
    """A grant-back takes the improvements we make; the licensor owning what it writes for us is its own work."""
    text = ("# SOFTWARE LICENCE AGREEMENT\n\nThis Agreement is made between Tallis Systems Pty Ltd (the \"Vendor\") and "
            "Marlow Health Pty Ltd (the \"Licensee\").\n\n## 1. Definitions\n\n1.1 In this Agreement:\n\n(a) " + definition +
            "\n\n## 8. Intellectual property\n\n8.3 The Vendor owns all Intellectual Property Rights in the Enhancements.\n")
    found = judged(text, "Licensee").get("licence_grant_back")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
