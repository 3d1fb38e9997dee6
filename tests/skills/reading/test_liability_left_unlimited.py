"""Our liability left unlimited by a sentence that points back to it ('前述赔偿责任不受本合同总金额的限制', 'such
liability shall not be limited'): the liability is the sentence subject's, not a party named in between."""

import pytest

ZH = """# 技术服务合同

甲方（委托方）：临川物流有限公司
乙方（服务方）：泰思系统有限公司

第十条 违约责任
10.1 甲方未按期支付服务费的，每逾期一日按应付金额的万分之三支付违约金。
10.2 {sentence}
"""

EN = """# Services Agreement

This Agreement is made between Orrin Logistics Ltd (the "Client") and Tessel Systems Ltd (the "Provider").

## 10. Liability

10.1 The Client's total liability under this Agreement shall not exceed the Fees paid in the twelve (12) months before the claim.

10.2 {sentence}
"""


@pytest.mark.parametrize("template, party, sentence", [
    (ZH, "乙方", "乙方违约的，应赔偿甲方的全部损失，包括甲方向其客户支付的赔偿及甲方支付的律师费，上述赔偿责任不受合同总价款的限制。"),
    (EN, "Provider", "The Provider shall indemnify the Client against all losses, including amounts the Client pays to its own "
                     "customers, and such liability shall not be limited by any cap in this Agreement."),
])
def test_our_liability_pointed_back_to_is_ours(judged, template, party, sentence):
    found = judged(template.format(sentence=sentence), party)["our_liability_unlimited"]
    assert found.verdict == "RED", found.message
    assert found.clause_id == "10.2"


def test_a_range_of_clauses_cited_includes_the_ones_inside_it():
    """'The limitations in clauses 12.1 to 12.3' names the cap in 12.2 too: the liability they leave unlimited is the
    one party's that 12.2 caps."""
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.reading.document import read_document

    text = """# Services Agreement

This Agreement is made between Orrin Logistics Ltd (the "Client") and Tessel Systems Ltd (the "Provider").

## 12. Liability

12.1 Nothing in this Agreement limits liability for fraud.

12.2 The Provider's total liability under this Agreement shall not exceed the Fees paid in the preceding twelve (12) months.

12.3 Any claim must be notified within twelve (12) months after the Client becomes aware of it.

12.4 The limitations in clauses 12.1 to 12.3 shall not apply to any breach of clause 9 (Confidentiality).
"""
    reading = read_document(parse_document_text(text, filename="c.md"))
    unlimited = [p for p in reading.provisions if p.action == "unlimited_liability" and p.clause_id == "12.4"]
    assert unlimited and unlimited[0].actor == "Provider"
