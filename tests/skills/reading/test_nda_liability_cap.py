"""An NDA's liability clause: a cap (an amount, a multiple, a share) on what misuse of our information costs the
other side is flagged; a clause that only restates remoteness ('limited to the loss that is the natural consequence
of the breach') and keeps equitable remedies is not. English and Chinese."""

import pytest

EN = """# MUTUAL CONFIDENTIALITY AGREEMENT

This agreement is made between Larchfield Biotech Pty Ltd ("Larchfield") and Orrery Devices Pty Ltd ("Orrery").

## 9. Liability

9.2 {sentence}
"""

ZH = """# 保密协议

甲方：上海澄泓生物科技有限公司
乙方：杭州远岚医疗器械有限公司

第九条 违约责任
9.2 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence, verdict", [
    (EN, "Larchfield", "Each party's total liability under this agreement shall not exceed A$50,000.", "RED"),
    (EN, "Larchfield", "Each party's liability for breach of this agreement is limited to the loss that is the natural consequence of the breach; nothing in this clause limits equitable remedies.", "GREEN"),
    (ZH, "甲方", "任何一方因违反本协议承担的赔偿责任累计不超过人民币十万元。", "RED"),
])
def test_a_cap_is_an_amount(judged, contract, us, sentence, verdict):
    found = judged(contract.format(sentence=sentence), us, filename="nda.md")["nda_liability_cap"]
    assert found.verdict == verdict, found.message
