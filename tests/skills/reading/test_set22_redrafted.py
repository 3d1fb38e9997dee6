"""What unseen set 22 taught the reading, checked on the same lessons drafted in other words: parties blocks that name
a party by a bold short name, by a group ('together, the Vendors'), or only as 'you'; a liability left outside the
cap 'in respect of' a party; a restraint on 'no Vendor'; a price change and an approval by silence stated as facts;
pay-when-paid to an end customer; free sub-licensing; a landlord's relocation, arbitrary consent and restoration of
its own works. None of these sentences is in set 22."""

import pytest

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.reading.document import read_document
from paralaw.skills.reading.reader import Party, SentenceReader

EN = SentenceReader((Party("Supplier"), Party("Customer")))
ZH = SentenceReader((Party("甲方"), Party("乙方")))

CASES = [
    (EN, "No Customer shall, for five (5) years after Completion, carry on any business which competes with the Business.", "compete", "shall_not", None),
    (EN, "The Customer may sub-license the Software to its contractors without the Supplier's approval.", "license", "may", "free"),
    (ZH, "每个合同年度届满后，服务费单价自动上调百分之三。", "change_price", "shall", None),
    (ZH, "甲方收到乙方的付款申请后十日内未提出书面异议的，视为甲方同意该付款申请。", "accept", "deemed", "claim_or_account"),
    (ZH, "甲方在收到最终用户支付的货款后，方向乙方支付相应货款。", "pay", None, "when_paid"),
    # a lease's own issues, for the tenant (乙方 / Customer stand for the tenant, 甲方 / Supplier for the landlord)
    (ZH, "租赁期内，甲方有权根据经营需要将乙方调换至本大厦其他楼层的房屋。", "relocate", "may", None),
    (EN, "The Supplier may at its option substitute other premises in the Building for the Premises.", "relocate", "may", None),
    (EN, "Consent to any assignment may be refused by the Supplier for any reason or no reason.", "veto", "may", "discretion"),
    (ZH, "租赁期满，乙方应拆除全部装修（包括甲方交付时的原有装修）并恢复原状。", "restore", "shall", "landlord_works"),
    # key personnel, sandbagging, a ratchet through the conversion ratio
    (EN, "The Supplier may replace the Project Manager on giving the Customer five days' notice.", "replace_personnel", "may", None),
    (ZH, "乙方有权根据工作安排更换项目经理，但应提前通知甲方。", "replace_personnel", "may", None),
    (EN, "The Customer's right to be indemnified shall not be limited by any due diligence it carried out before signing.", "indemnify", None, "knowledge_no_bar"),
    (EN, "On a Down Round the conversion ratio shall be adjusted so that each share converts at the Issue Price divided by the price per share of the Down Round issue.", "change_price", None, "full_ratchet"),
]


@pytest.mark.parametrize("reader, text, action, modality, condition", CASES, ids=[c[1][:40] for c in CASES])
def test_the_same_lesson_in_other_words_is_read_the_same_way(reader, text, action, modality, condition, assert_read_as):
    assert_read_as(reader, text, action, modality, condition)


def _parties(block: str) -> dict[str, set[str]]:
    reading = read_document(parse_document_text(f"# Agreement\n\n{block}\n\n## 1. Terms\n\n1.1 Each party shall act in good faith.\n",
                                                filename="x.md"))
    return {p.name: set(p.aliases) for p in reading.parties}


def test_a_bold_short_name_in_brackets_names_a_party():
    parties = _parties("**Kestrel Engineering Pty Ltd** ACN 111 222 333 of 1 Smith Street, Perth (**Kestrel**)\n\n"
                       "**Altamira Mining Ltd** ACN 444 555 666 of 9 King Street, Perth (**Altamira**)")
    assert {"Kestrel", "Altamira"} <= set(parties)


def test_a_group_of_individuals_is_one_party():
    parties = _parties("(1) **JO BLOGGS** and (2) **SAM SMITH**, each an individual (each, a \"**Vendor**\" and together, the \"**Vendors**\");\n\n"
                       "(3) **BIGCO LIMITED**, a company incorporated in England (the \"**Purchaser**\").")
    assert "Vendor" in parties.get("Vendors", set()) and "Purchaser" in parties


def test_a_party_addressed_only_as_you_is_a_party():
    parties = _parties("(1) **QUAYSIDE SOFTWARE LIMITED**, a company registered in England (\"**Quayside**\", \"**we**\" and \"**us**\"); and\n\n"
                       "(2) **HARBOUR FOODS PLC**, a company registered in England (\"**you**\" and \"**your**\").")
    assert set(parties) == {"Quayside", "you"}


def test_liability_left_outside_the_cap_belongs_to_the_party_named_after_the_verb():
    reader = SentenceReader((Party("Quayside", ("we", "us", "our")), Party("you", ("your",))), {"we": "Quayside", "you": "you"})
    read = [p for p in reader.read("The cap in clause 12.2 does not apply to our liability under the indemnity in clause 9.") if p.action == "unlimited_liability"]
    assert read and {p.actor for p in read} == {"Quayside"}


def test_a_carve_out_for_the_other_sides_fault_is_no_indemnity_regardless_of_fault():
    text = ("The Supplier shall indemnify the Customer against claims arising from any defect in the Goods, except to the "
            "extent resulting from the Customer's own negligence or breach.")
    plain = ("The Customer shall indemnify the Supplier against claims arising from any defect in the Goods, whether or not "
             "caused by the Supplier's negligence.")
    carved = [p for p in EN.read(text) if p.action == "indemnify"]
    uncarved = [p for p in EN.read(plain) if p.action == "indemnify"]
    assert carved and not any("regardless_of_fault" in p.conditions for p in carved)
    assert uncarved and all("regardless_of_fault" in p.conditions for p in uncarved)
