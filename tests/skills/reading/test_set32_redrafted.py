"""The general causes behind set 32's misses, in other words than the set's and in the other language: a figure the
other side may raise to whatever it decides ('or such higher rate as the Lender may determine'), even inside a
definition; a person's parties block ('(the **Executive**)'); what the employer pays to have made; a penalty on an
employee for leaving; a non-compete whose term is stated as a fact; our background technology carried into the
deliverables by a definition."""

import pytest

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.reading.document import read_document

LOAN = """# TERM LOAN FACILITY AGREEMENT

This agreement is made between Kestrel Shipping Pte. Ltd. (the "Borrower") and Meridian Bank Limited (the "Lender").

## 1. Definitions

"Margin" means {margin}

## 8. Interest

8.1 The rate of interest on the Loan for each Interest Period is the aggregate of the Margin and Term SOFR.
"""


@pytest.mark.parametrize("margin, verdict", [
    ("1.90 per cent. per annum, or such other rate as the Lender may from time to time notify to the Borrower.", "RED"),
    ("1.90 per cent. per annum.", None),
])
def test_a_margin_the_lender_may_raise_at_will_is_flagged(judged, margin, verdict):
    found = judged(LOAN.format(margin=margin), "Borrower").get("price_changes")
    assert (found.verdict if found else None) == verdict, found and found.message


FRANCHISE = """# FRANCHISE AGREEMENT

This agreement is made between Copperleaf Bakeries Pty Ltd (the "Franchisor") and Dalby Street Foods Pty Ltd (the
"Franchisee").

## 9. Fees

9.2 {sentence}
"""


@pytest.mark.parametrize("sentence, verdict", [
    ("The Franchisee must pay a marketing contribution of 2% of Gross Sales each week, or such greater percentage as the "
     "Franchisor may specify by notice.", "RED"),
    ("The Franchisee must pay a marketing contribution of 2% of Gross Sales each week.", None),
])
def test_a_levy_the_franchisor_may_raise_at_will_is_flagged(judged, sentence, verdict):
    found = judged(FRANCHISE.format(sentence=sentence), "Franchisee").get("price_changes_for_resale")
    assert (found.verdict if found else None) == verdict, found and found.message


EMPLOYMENT = """# EXECUTIVE SERVICE AGREEMENT

**Harbourline Analytics Pty Ltd** (ACN 612 000 111)
Level 4, 10 Queen Street, Brisbane QLD 4000
(the **Employer**)

**Priya Ramanathan**
3 Park Road, Milton QLD 4064
(the **Employee**)

## 14. Intellectual property

14.2 {sentence}
"""


def test_a_persons_parties_block_names_the_employee():
    reading = read_document(parse_document_text(EMPLOYMENT.format(sentence="The Employee shall work diligently."), filename="c.md"))
    assert {p.name for p in reading.parties} == {"Employer", "Employee"}


@pytest.mark.parametrize("sentence, verdict", [
    ("Any invention or work the Employee creates in the course of the employment belongs to the Employee unless the "
     "Employee agrees in writing to assign it to the Employer.", "RED"),
    ("All Intellectual Property the Employee creates in the course of the employment vests in the Employer on creation.", None),
])
def test_the_employer_owns_what_it_pays_to_have_made(judged, sentence, verdict):
    found = judged(EMPLOYMENT.format(sentence=sentence), "Employer").get("ip_ownership")
    assert (found.verdict if found and found.verdict != "GREEN" else None) == verdict, found and found.message


LABOUR_ZH = """# 劳动合同

甲方（用人单位）：苏州澜川智能科技有限公司
乙方（劳动者）：陈思远

第十六条 违约责任
16.3 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("乙方未满三年提出辞职的，应向甲方支付违约金人民币五万元。", True),
    ("乙方违反服务期约定提前离职的，应按照服务期尚未履行部分所应分摊的培训费用向甲方支付违约金。", False),
])
def test_no_penalty_on_the_employee_for_leaving(judged, sentence, flagged):
    found = judged(LABOUR_ZH.format(sentence=sentence), "乙方").get("employee_penalty")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_an_employee_penalty_for_resigning_in_english(judged):
    text = EMPLOYMENT.replace("## 14. Intellectual property", "## 18. Resignation").replace("14.2", "18.2")
    sentence = "If the Employee resigns within two years of the Commencement Date, the Employee shall pay the Employer liquidated damages of $40,000."
    found = judged(text.format(sentence=sentence), "Employee")["employee_penalty"]
    assert (found.verdict, found.severity) == ("RED", "high"), found.message


def test_a_non_compete_whose_term_is_stated_as_a_fact(judged):
    sentence = "竞业限制期为乙方离职之日起二十个月，范围为全国。"
    found = judged(LABOUR_ZH.replace("第十六条 违约责任", "第九条 竞业限制").replace("16.3", "9.2").format(sentence=sentence), "乙方")["employee_restraint"]
    assert found.verdict == "RED", found.message


DEVELOPMENT = """# SOFTWARE DEVELOPMENT AGREEMENT

This agreement is made between Tamarack Health Ltd. (the "Client") and Brightpath Code Inc. (the "Contractor").

## 1. Definitions

1.1 "Work Product" means the software written for the Client under this Agreement, together with all Contractor Tools
and pre-existing libraries of the Contractor incorporated in it.

## 9. Ownership

9.1 The Client shall own all right, title and interest in the Work Product.
"""


def test_our_background_tools_carried_in_by_a_definition_are_flagged(judged):
    found = judged(DEVELOPMENT, "Contractor")["our_ip_to_them"]
    assert (found.verdict, found.severity) == ("RED", "high"), found.message
