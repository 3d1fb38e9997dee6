"""What unseen set 24 taught, checked on the same lessons drafted in other words: a variation with no adjustment,
liquidated damages on top of general damages, a warranty without end, acceptance as the client decides, a
convenience right on shorter notice than ours, a plain-English contract that names no one, and a sale of a
business read as such. None of these sentences is in set 24."""

import pytest

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.positions import evaluate_positions, resolve_positions
from paralaw.skills.reading.contract_type import contract_type
from paralaw.skills.reading.document import read_document
from paralaw.skills.reading.reader import Party, SentenceReader
from paralaw.skills.reading.roles import sides_of

EN = SentenceReader((Party("Supplier"), Party("Customer")))
ZH = SentenceReader((Party("甲方"), Party("乙方")))

CASES = [
    (EN, "Liquidated damages under this clause are in addition to any general damages the Customer may recover for the delay.", "preserve_remedies", None, "liquidated"),
    (ZH, "乙方支付的违约金不足以弥补甲方实际损失的，乙方应补足差额。", "preserve_remedies", None, "liquidated"),
    (ZH, "本系统的保修期至甲方停止使用本系统之日止。", "warrant", None, "perpetual"),
    (ZH, "验收是否合格，以甲方出具的验收意见为准，甲方有权根据其经营需要调整验收标准。", "accept", "may", "discretion"),
    # a payment term stated as fact, with no modal, is a duty; an advance on signing is not an invoice's term
    (ZH, "系统上线运行满一年后十五日内，甲方向乙方支付合同价款的百分之三十五。", "pay", "shall", None),
    (ZH, "合同签订后五日内，甲方支付合同价款的30%作为首付款。", "pay", "shall", "advance"),
    (EN, "A deposit of 25% of the Price is payable by the Customer on signature of this Agreement.", "pay", "shall", "advance"),
    (ZH, "承运方可根据油价变化调整运费，并提前三日告知托运方。", "change_price", "may", None),
    # a right reserved with an aside, and a verb late in a run of infinitives, keep their modal
    (EN, "The Supplier reserves the right, at its sole option, to appoint additional distributors in the Territory.", "compete", "may", None),
    (EN, "The Supplier shall be entitled to suspend performance of its obligations until all overdue sums are received in full, "
         "to withhold delivery of any Goods in transit, and to increase the prices of all Goods not yet delivered.", "change_price", "may", None),
]


@pytest.mark.parametrize("reader, text, action, modality, condition", CASES, ids=[c[1][:40] for c in CASES])
def test_the_same_lesson_in_other_words_is_read_the_same_way(reader, text, action, modality, condition, assert_read_as):
    assert_read_as(reader, text, action, modality, condition)


SUPPLY = """# Supply Agreement

This Agreement is between Kelvin Castings Ltd (the "Supplier") and Orrin Pumps Ltd (the "Customer").

## 4. Specifications

4.1 The Customer may amend the specifications of the Goods by notice at any time. Amendments so notified do not entitle the Supplier to any increase in the price or to more time for delivery.

## 9. Termination

9.1 The Customer may terminate this Agreement for convenience on fourteen (14) days' notice.

9.2 The Supplier may terminate this Agreement for convenience on one hundred and eighty (180) days' notice.
"""


def test_a_variation_without_adjustment_and_a_shorter_convenience_notice_are_flagged_for_the_supplier(judged):
    results = judged(SUPPLY, "Supplier")
    assert (results["variations_without_adjustment_for_provider"].verdict, results["variations_without_adjustment_for_provider"].clause_id) == ("RED", "4.1")
    walk_away = results["termination_convenience_for_provider"]
    assert (walk_away.verdict, walk_away.clause_id) == ("RED", "9.1") and "shorter notice than we must give" in walk_away.message


def test_a_plain_english_contract_naming_no_one_has_two_parties():
    text = ("# Hosting Terms\n\nThese terms are between **Fenwick Hosting Ltd** (\"we\", \"us\" and \"our\") and "
            "**Tarn Dental LLP** (\"you\" and \"your\").\n\n## 1. Service\n\n1.1 We will host your records.\n")
    reading = read_document(parse_document_text(text, filename="c.md"))
    assert {p.name for p in reading.parties} == {"we", "you"} and sides_of(reading) == {"we": "provider", "you": "payer"}


def test_a_sale_of_a_business_is_not_an_nda_because_it_mentions_one():
    text = ("# AGREEMENT FOR THE SALE OF THE BUSINESS AND ASSETS OF HOLT JOINERY LIMITED\n\nThis agreement supersedes "
            "the confidentiality agreement between the parties dated 1 March 2025.\n")
    assert contract_type(text) == "spa"


def test_a_payment_date_defined_as_after_the_payer_is_paid_makes_payment_wait_on_it(judged):
    text = """# Supply Agreement

This Agreement is between Kelvin Castings Ltd (the "Supplier") and Orrin Pumps Ltd (the "Customer").

## 1. Definitions

1.1 In this Agreement:

"**Payment Date**", in respect of any invoice, means the tenth (10th) day after the Customer receives payment from its own customer for the goods concerned.

## 6. Payment

6.1 The Customer shall pay each invoice on or before the Payment Date.
"""
    results = judged(text, "Supplier")
    # the words to change are the definition's: the finding at the clause that uses it quotes them
    found = results["pay_when_paid_for_provider"]
    assert (found.verdict, found.clause_id) == ("RED", "6.1") and "receives payment from its own customer" in found.evidence
    assert "definition in 1.1" in found.message


DATA_TERMS = """# Hosted Payroll Terms

These terms are between Quillfeather Payroll Ltd (the "Supplier") and Mossbank Veterinary Group Ltd (the "Customer").

## 7. Personal data

7.1 The Supplier may appoint new sub-processors from time to time and will publish the current list on its website.

7.2 The Supplier shall inform the Customer of any security incident affecting Customer personal data within ten (10) business days after the Supplier has concluded its investigation of the incident.

7.3 The Customer shall rely on the Supplier's annual independent assurance report and shall not carry out, or have a third party carry out, any inspection of the Supplier's data centres.

## 12. Liability

12.1 The Supplier's aggregate liability under these terms, including liability for any data breach, shall not exceed the fees paid in the twelve (12) months before the claim.
"""


def test_a_processor_s_data_terms_redrafted_are_each_found_for_the_controller(judged):
    results = judged(DATA_TERMS, "Customer")
    found = {pid: (results[pid].verdict, results[pid].clause_id) for pid in
             ("subprocessor_changes", "breach_notice_time", "our_audit_barred", "data_breach_in_cap")}
    assert found == {"subprocessor_changes": ("RED", "7.1"), "breach_notice_time": ("RED", "7.2"),
                     "our_audit_barred": ("RED", "7.3"), "data_breach_in_cap": ("RED", "12.1")}


@pytest.mark.parametrize("text, verdict", [
    ("乙方发现个人信息泄露的，应在发现后二十四小时内通知甲方。", "GREEN"),
    ("乙方应在其内部调查结束并确认数据泄露后十个工作日内通知甲方。", "RED"),
])
def test_breach_notice_time_in_chinese(text, verdict, judged):
    contract = f"# 技术服务合同\n\n甲方：青石医疗有限公司\n\n乙方：远帆云计算有限公司\n\n## 第八条 数据安全\n\n8.1 {text}\n"
    results = judged(contract, "甲方")
    assert results["breach_notice_time"].verdict == verdict


LICENCE = """# Know-how Licence

This Licence is between Harrowgate Biologics Ltd (the "Licensor") and Penmarric Therapeutics Ltd (the "Licensee").

## 5. Development

5.1 The Licensee will decide, at its sole discretion, what efforts to devote to developing and commercialising the Licensed Products.

## 9. Patents

9.3 Nothing in this Licence prevents the Licensee from contesting the validity of any Licensed Patent, and the Licensee's rights under this Licence continue during any such proceedings.
"""


def test_a_licensee_free_to_shelve_or_attack_the_licence_is_flagged_for_the_licensor(judged):
    results = judged(LICENCE, "Licensor")
    assert (results["licensee_diligence_at_will"].verdict, results["licensee_diligence_at_will"].clause_id) == ("RED", "5.1")
    assert (results["licensee_may_challenge"].verdict, results["licensee_may_challenge"].clause_id) == ("RED", "9.3")


BUSINESS_SALE = """# Business Purchase Agreement

This Agreement is between Wexcombe Garden Centres Limited (the "Seller") and Larkspur Retail Limited (the "Buyer").

## 1. Interpretation

1.1 In this Agreement:

**Completion:** completion of the sale and purchase of the Business under clause 6.

**Non-Compete Period:** the period of three months after Completion.

## 14. Protection of the Business

14.1 The Seller undertakes to the Buyer that it shall not, whether on its own account or jointly with or for any other person, firm or company:

14.1.1 during the Non-Compete Period, carry on, or be engaged, concerned or interested in, any business competing with the Business; or

14.1.2 use any trade name of the Business.
"""


def test_a_short_restraint_set_by_a_definition_quotes_the_definition():
    positions, _ = resolve_positions("sha_spa", None)
    results = [r for r in evaluate_positions(positions, parse_document_text(BUSINESS_SALE, filename="c.md"),
                                             domain="sha_spa", our_party="Buyer") if r.position_id == "spa_non_compete"]
    assert [(r.verdict, r.clause_id) for r in results] == [("RED", "14.1.1")]
    assert "three months after Completion" in results[0].evidence and "definition in 1.1" in results[0].message
