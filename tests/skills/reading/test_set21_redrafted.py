"""What unseen set 21 taught the reading, checked on the same issues drafted in other words: service credits as the
only remedy, the other side's use of our data for its own products, rent or a price payable whatever happens, a
right to join the other shareholder's sale (and its exclusion), a transfer free of our rights, a renewal term
apart from its notice, a run-on list of termination grounds, a party named only as the object of a verb, and the
parties block of a four-party Chinese agreement. None of these sentences is in set 21; each says what one of its
contracts said, differently."""

import pytest

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.reading.document import read_document
from paralaw.skills.reading.reader import Party, SentenceReader

EN = SentenceReader((Party("Supplier"), Party("Customer")))
ZH = SentenceReader((Party("甲方"), Party("乙方")))

CASES = [
    (EN, "The Customer's only remedy for any failure to achieve the Service Levels is the service credit set out in Schedule 2.", "exclude_liability", "sole_remedy"),
    (ZH, "乙方未达到服务水平的，甲方仅可获得服务费抵扣，该等抵扣为甲方唯一的救济。", "exclude_liability", "sole_remedy"),
    (EN, "The Supplier may use anonymised Customer Data to train its own models and improve its offerings.", "disclose", "own_purposes"),
    (ZH, "乙方可以将履约过程中获得的甲方经营数据用于开发乙方的其他产品。", "disclose", "own_purposes"),
    (EN, "The Customer shall pay the Hire Charges notwithstanding any malfunction of the Equipment, however caused.", "pay", "unconditional"),
    (EN, "Payment of the Subscription Price shall not be conditional upon the satisfaction of the Conditions.", "pay", "unconditional"),
    (EN, "Before any Shareholder sells Shares to a third party, the Investor may require that the buyer also acquire the Investor's Shares on the same terms.", "tag", None),
    (ZH, "创始股东向第三方出售股权时，投资方有权要求买方同时收购投资方所持股权。", "tag", None),
    (EN, "The Founder may dispose of all or part of its Shares free of any pre-emption or tag rights.", "transfer_shares", "free"),
    (ZH, "乙方可将服务全部或部分交由第三方完成，无须取得甲方同意。", "subcontract", "free"),
]


@pytest.mark.parametrize("reader, text, action, condition", CASES, ids=[c[1][:40] for c in CASES])
def test_the_same_issue_in_other_words_is_read_the_same_way(reader, text, action, condition, assert_read_as):
    assert_read_as(reader, text, action, condition=condition)


def test_a_renewal_term_is_told_apart_from_its_notice():
    [renewal] = [p for p in EN.read("Thereafter this Agreement shall renew automatically for further terms of two (2) years "
                                    "unless either party gives at least four (4) months' notice.") if p.action == "renew"]
    assert {(q.value, q.of) for q in renewal.quantities} == {(730.0, "renewal"), (120.0, "notice")}


def test_a_figure_written_in_digits_then_words_is_read():
    [payment] = [p for p in EN.read("The Customer shall pay each invoice within 45 (forty-five) days of receipt.") if p.action == "pay"]
    assert [q.value for q in payment.quantities] == [45.0]


def test_a_party_named_as_the_object_of_a_verb_is_not_the_actor():
    read = [p for p in ZH.read("乙方泄露保密信息的，除应赔偿甲方的全部损失外，还应向甲方支付违约金十万元。") if p.action == "liquidated_damages"]
    assert read and {p.actor for p in read} == {"乙方"}


def test_each_ground_of_a_run_on_list_is_read_with_its_lead_in():
    text = ("# Services Agreement\n\nThis Agreement is between Acme Ltd (the \"Supplier\") and Beta Ltd (the \"Customer\").\n\n"
            "## 9. Termination\n\n9.2 The Customer may end this Agreement at once by notice if the Supplier (a) commits a "
            "material breach; (b) has a receiver appointed over its assets; or (c) ceases to trade.\n")
    reading = read_document(parse_document_text(text, filename="x.md"))
    grounds = [p for p in reading.provisions if p.action == "terminate" and p.actor == "Customer"]
    assert any("insolvency" in p.conditions for p in grounds), [sorted(p.conditions) for p in grounds]


def test_a_four_party_chinese_block_keeps_its_parties_apart():
    text = ("# 增资协议\n\n甲方（投资方）：北辰创投合伙企业\n\n乙方（目标公司）：远山科技有限公司\n\n丙方：王某\n\n丁方：远山持股平台\n\n"
            "（甲方以下称\"投资方\"，乙方以下称\"公司\"，丙方与丁方合称\"原股东\"。）\n\n"
            "## 第一条 增资\n\n1.1 投资方应于交割日向公司支付增资款。\n")
    reading = read_document(parse_document_text(text, filename="x.md"))
    names = {p.name: set(p.aliases) for p in reading.parties}
    assert "投资方" in names.get("甲方", set()) and "公司" in names.get("乙方", set())
    assert names.get("原股东") == {"丙方", "丁方"}
    assert any(p.action == "pay" and p.actor == "甲方" for p in reading.provisions)
