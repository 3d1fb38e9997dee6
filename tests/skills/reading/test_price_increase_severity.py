"""A right to raise prices at any time is high; one the contract holds to set dates (each anniversary, each
1 January, 每个合同年度) or to an upward-only escalator is still raised, at medium, since the buyer can plan for it.
English and Chinese."""

import pytest

EN = """# SERVICES AGREEMENT

This agreement is made between Kestrel Analytics Limited (the "Supplier") and Dunmore Logistics Limited (the "Customer").

## 6. Charges

6.4 {sentence}
"""

ZH = """# 技术服务合同

甲方（委托方）：宁波恒远物流有限公司
乙方（服务方）：杭州澜石数据科技有限公司

第六条 服务费
6.4 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence, verdict, severity", [
    (EN, "Customer", "The Supplier may increase the Charges at any time by giving the Customer not less than thirty (30) days' written notice.", "RED", "high"),
    (EN, "Customer", "The Supplier may increase the Charges with effect from each anniversary of the Commencement Date by giving the Customer not less than thirty (30) days' written notice.", "YELLOW", "medium"),
    (EN, "Customer", "The Supplier may review and increase its rates on each 1 January by written notice given at least sixty (60) days before.", "YELLOW", "medium"),
    (EN, "Customer", "On each anniversary of the Effective Date the Supplier may increase the Charges by the greater of the percentage increase in CPI over the preceding twelve months and four per cent (4%).", "YELLOW", "medium"),
    (EN, "Customer", "The Supplier may increase the Charges once in any contract year by no more than the increase in CPI, on ninety (90) days' written notice.", "GREEN", "low"),
    (ZH, "甲方", "乙方有权根据人力成本变化随时调整服务费，调整后的服务费自乙方书面通知送达甲方之日起执行。", "RED", "high"),
    (ZH, "甲方", "乙方可于每个合同年度开始时调整服务费，并应提前三十（30）日书面通知甲方。", "YELLOW", "medium"),
])
def test_when_the_price_may_rise_decides_how_serious(judged, contract, us, sentence, verdict, severity):
    found = judged(contract.format(sentence=sentence), us)["price_changes"]
    assert (found.verdict, found.severity) == (verdict, severity), found.message
