"""Set 36's general causes, each redrafted in other words and, where it applies, the other language: fair clauses
that were misread as one-sided stay quiet, and one-sided ones the reading missed are found."""

import pytest

SAAS = """# SOFTWARE SUBSCRIPTION AGREEMENT

This Agreement is made between Larkspur Analytics Ltd (the "Supplier") and Dunmore Health DAC (the "Customer").

## 2. Term

2.2 This Agreement renews automatically for successive periods of twelve (12) months (each a "Renewal Term")
unless either party gives at least sixty (60) days' notice of non-renewal.

## 7. Service

7.3 {sentence}
"""

LOAN = """# TERM FACILITY AGREEMENT

This Agreement is made between Orchid Bay Holdings Pte. Ltd. (the "Borrower") and Straits Merchant Bank Limited (the
"Lender").

## 7. Repayment

7.1 The Borrower shall repay the Loan in eight equal semi-annual instalments.

7.4 {sentence}
"""

LOAN_ZH = """# 借款合同

借款人：福州海岚贸易有限公司
贷款人：闽东商业银行股份有限公司

第七条 还款

7.1 借款人应按照本合同附件所列还款计划分期归还借款本金。

7.4 {sentence}
"""

WORKS_ZH = """# 建设工程施工合同

发包人：合肥新桥置业有限公司
承包人：安徽建工第三工程有限公司

第十二条 进度款

12.3 {sentence}
"""


@pytest.mark.parametrize("sentence, position", [
    # fair: the supplier's cure of an IP claim is no change of the service at will
    ("If the Services are, or in the Supplier's reasonable opinion are likely to be, held to infringe, the Supplier may "
     "modify them so that they cease to infringe without material reduction in functionality.", "scope_change_at_will"),
    # fair: credits that are expressly not the only remedy
    ("Service credits are a price adjustment and are not the Customer's exclusive remedy for a failure to meet the "
     "Service Levels.", "sole_remedy_credits"),
    # fair: a price change from the start of a renewal term is no renewal notice
    ("The Supplier may increase the Fees with effect from the start of each Renewal Term by notice given one hundred "
     "and twenty (120) days before it, by no more than three per cent (3%).", "renewal_notice"),
])
def test_fair_saas_terms_stay_quiet(judged, sentence, position):
    found = judged(SAAS.format(sentence=sentence), "Customer").get(position)
    assert found is None or found.verdict == "GREEN" or found.severity == "low", found.message


@pytest.mark.parametrize("contract, us, sentence, position, flagged", [
    (LOAN, "Borrower", "The Lender may at any time by notice to the Borrower require the Loan to be repaid, whereupon it "
                       "shall become immediately due and payable.", "loan_on_demand", True),
    (LOAN, "Borrower", "At any time after an Event of Default has occurred, the Lender may by notice declare the Loan "
                       "immediately due and payable.", "loan_on_demand", False),
    (LOAN_ZH, "借款人", "贷款人有权随时要求借款人提前归还全部或部分借款。", "loan_on_demand", True),
    (LOAN, "Borrower", "The Lender may vary the Margin at any time on three Business Days' notice to the Borrower.",
     "price_changes", True),
    (WORKS_ZH, "承包人", "发包人支付各期进度款，以发包人就本项目取得的银行贷款相应放款为前提条件。", "pay_when_paid_for_provider", True),
    (WORKS_ZH, "承包人", "发包人应在收到承包人进度付款申请单后二十八日内支付进度款。", "pay_when_paid_for_provider", False),
])
def test_one_sided_terms_are_found(judged, contract, us, sentence, position, flagged):
    found = judged(contract.format(sentence=sentence), us).get(position)
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_definition_that_excludes_the_suppliers_tools_does_not_carry_them(judged):
    contract = """# MANAGED SERVICES AGREEMENT

This Agreement is made between Calder Systems Limited (the "Supplier") and Brookfield Insurance plc (the "Customer").

## 1. Definitions

1.1 "Deliverables" means the reports and scripts made specifically for the Customer, other than the Supplier's
pre-existing materials.

## 16. Intellectual Property

16.2 The Intellectual Property Rights in the Deliverables shall vest in the Customer on creation.
"""
    found = judged(contract, "Supplier").get("our_ip_to_them")
    assert found is None or found.verdict != "RED", found.message


def test_an_affiliate_carve_out_for_one_side_is_a_point_to_raise_not_a_red_flag(judged):
    contract = SAAS.format(sentence="Neither party may assign this Agreement without the other's prior written consent, "
                                    "except that the Supplier may assign it to an Affiliate.")
    found = judged(contract, "Customer").get("assignment")
    assert found is not None and found.verdict == "YELLOW" and found.severity == "medium", found and found.message
    free = SAAS.format(sentence="The Supplier may assign this Agreement without the Customer's consent. The Customer may "
                                "not assign it without the Supplier's prior written consent.")
    assert judged(free, "Customer")["assignment"].verdict == "RED"


LICENCE_ZH = """# 技术许可合同

许可方：苏州恒膜新材料科技有限公司
被许可方：宜宾川能电池材料有限公司

第九条 后续改进

9.2 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("被许可方对许可专利所作的改良及由此产生的技术秘密，全部归许可方单独所有。", True),
    ("被许可方在合同有效期内对许可技术作出的改进，归被许可方所有，许可方享有优先受让权。", False),
])
def test_improvements_owned_whatever_they_are_called(judged, sentence, flagged):
    found = judged(LICENCE_ZH.format(sentence=sentence), "被许可方").get("licence_grant_back")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


ADVERTISING_ZH = """# 广告发布合同

甲方：杭州禾木食品有限公司
乙方：浙江城联传媒有限公司

第一条 定义
1.1 “发布周期”：指自每季度第一日起的三个月期间。

第八条 验收
8.3 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    # the deemed acceptance's period is the limb before it (二日), not the quarter a defined term of its own holds
    ("甲方对广告发布情况有异议的，应在每个发布周期开始后二日内书面提出；逾期未提出的，视为该发布周期的广告已按约定发布并验收合格。", True),
    ("甲方对广告发布情况有异议的，应在每个发布周期结束后十五日内书面提出；逾期未提出的，视为该发布周期的广告已按约定发布并验收合格。", False),
])
def test_a_deemed_acceptance_takes_the_period_of_the_limb_before_it(judged, sentence, flagged):
    found = judged(ADVERTISING_ZH.format(sentence=sentence), "甲方").get("deemed_acceptance")
    assert found is not None
    assert (found.verdict == "RED") == flagged, found.message
