"""What unseen set 20 taught the reading, checked on the same issues drafted in other words: a pay-when-paid, a
general lien, a claim barred for want of notice, free subcontracting, an uncapped penalty, a restraint, variations
without adjustment. None of these sentences is in set 20; each says what one of its contracts said, differently."""

import pytest

from paralaw.skills.reading.reader import Party, SentenceReader

EN = SentenceReader((Party("Supplier"), Party("Customer")))
ZH = SentenceReader((Party("甲方"), Party("乙方")))

CASES = [
    (EN, "The Supplier may subcontract any of its obligations without giving notice to, or obtaining the consent of, the Customer.", "subcontract", "free"),
    (EN, "The Supplier may subcontract any Services without prior notice to or consent from the Customer.", "subcontract", "free"),
    (EN, "The Supplier shall have a general and continuing lien over all goods in its custody for all sums owed by the Customer.", "lien", "general"),
    (EN, "The Supplier shall have a lien of a general nature over all Goods for any amounts due from the Customer.", "lien", "general"),
    (EN, "For two (2) years after termination the Customer shall not, whether directly or indirectly, sell or promote any product that competes with the Products.", "compete", None),
    (EN, "Where the Supplier fails to notify the Customer of a claim within five (5) Business Days, the claim is waived.", "claim", None),
    (EN, "Unless the Supplier serves written notice of the claim within 3 days, the Customer shall have no liability for it.", "claim", None),
    (EN, "The Customer shall pay each progress claim within 30 days after it has been paid by the Principal in respect of that work.", "pay", "when_paid"),
    (EN, "The liability of the Supplier for delay damages is not subject to the limitation in clause 14.", "liquidated_damages", "uncapped"),
    (ZH, "甲方有权随时书面通知乙方终止本合同，本合同于通知到达乙方之日终止。", "terminate", "convenience"),
    (ZH, "乙方提出变更的，合同价款不予调整，工期亦不顺延。", "change_scope", "no_adjustment"),
    (ZH, "甲方发出变更指示的，变更部分的价款不作调整。", "change_scope", "no_adjustment"),
]


@pytest.mark.parametrize("reader, text, action, condition", CASES, ids=[c[1][:40] for c in CASES])
def test_the_same_issue_in_other_words_is_read_the_same_way(reader, text, action, condition, assert_read_as):
    assert_read_as(reader, text, action, condition=condition)


def test_only_the_party_that_ends_the_contract_is_its_actor():
    # '本合同于通知到达乙方之日终止' says when the contract ends, not that 乙方 may end it
    read = [p for p in ZH.read(CASES[9][1]) if p.action == "terminate"]
    assert {p.actor for p in read} == {"甲方"}
