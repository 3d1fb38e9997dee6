"""How long a warranty lasts, read apart from the other times a warranty clause states: a response time in hours
and a deadline that runs once the warranty has ended measure no warranty, and twelve months counted from
shipment are less than twelve months of use. Drafted in other words than the contracts they came from."""

import pytest

SUPPLY = """# Supply Agreement

This Agreement is made between Kestrel Tools Ltd (the "Seller") and Arlow Plant Hire Ltd (the "Buyer").

## 9. Warranty

9.1 {period}

9.2 During the Warranty Period the Seller shall respond to a fault report within four (4) hours and attend site within twenty-four (24) hours.

9.3 The Buyer shall release the retention within fifteen (15) Business Days after the expiry of the Warranty Period.
"""

ZH = """# 设备采购合同

买方：岚城机械有限公司
卖方：泓远数控设备有限公司

第九条 质量保证
9.1 {period}
9.2 质保期内，卖方应在接到买方通知后四（4）小时内响应，二十四（24）小时内到达现场。
9.3 质保金在质保期届满后十五（15）个工作日内由买方无息退还卖方。
"""


@pytest.mark.parametrize("template, party, period, verdict", [
    (SUPPLY, "Buyer", "The Seller warrants the Goods against defects for a Warranty Period of twelve (12) months from the date of shipment from the Seller's works.", "RED"),
    (SUPPLY, "Buyer", "The Seller warrants the Goods against defects for a Warranty Period of eighteen (18) months from the date of shipment.", "GREEN"),
    (SUPPLY, "Buyer", "The Seller warrants the Goods against defects for a Warranty Period of twelve (12) months from acceptance.", "GREEN"),
    (ZH, "买方", "设备的质保期为十二（12）个月，自设备发货之日起计算。", "RED"),
    (ZH, "买方", "设备的质保期为十二（12）个月，自设备验收合格之日起计算。", "GREEN"),
])
def test_the_warranty_is_measured_by_its_own_period(judged, template, party, period, verdict):
    found = judged(template.format(period=period), party)["warranty_period"]
    assert found.verdict == verdict, found.message
    assert found.clause_id == "9.1"
