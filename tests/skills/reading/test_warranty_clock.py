"""How long a warranty lasts, read apart from the other times a warranty clause states: a response time in hours,
a deadline that runs once the warranty has ended and a stoppage "of more than 72 hours" that extends it measure no
warranty, and twelve months counted from
shipment are less than twelve months of use. Drafted in other words than the contracts they came from."""

import pytest

SUPPLY = """# Supply Agreement

This Agreement is made between Kestrel Tools Ltd (the "Seller") and Arlow Plant Hire Ltd (the "Buyer").

## 9. Warranty

9.1 {period}

9.2 During the Warranty Period the Seller shall respond to a fault report within four (4) hours and attend site within twenty-four (24) hours.

9.3 The Buyer shall release the retention within fifteen (15) Business Days after the expiry of the Warranty Period.

9.4 Where a Seller fault stops the Goods for more than seventy-two (72) hours, the Warranty Period is extended accordingly.
"""

ZH = """# 设备采购合同

买方：岚城机械有限公司
卖方：泓远数控设备有限公司

第九条 质量保证
9.1 {period}
9.2 质保期内，卖方应在接到买方通知后四（4）小时内响应，二十四（24）小时内到达现场。
9.3 质保金在质保期届满后十五（15）个工作日内由买方无息退还卖方。
9.4 因卖方原因导致设备停机超过七十二小时的，质保期相应顺延。
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


@pytest.mark.parametrize("contract, party, sentence", [
    ("# 买卖合同\n\n买方：岚城机械有限公司\n卖方：泓远数控设备有限公司\n\n第九条 合同解除\n9.1 {s}\n", "卖方", "卖方逾期交货超过三十日的，买方有权解除本合同。"),
    ("# Supply Agreement\n\nThis Agreement is made between Kestrel Tools Ltd (the \"Seller\") and Arlow Plant Hire Ltd (the \"Buyer\").\n\n## 9. Termination\n\n9.1 {s}\n",
     "Seller", "If delivery is delayed by more than thirty (30) days, the Buyer may terminate this Agreement for cause."),
])
def test_a_failure_that_counts_only_once_it_has_lasted_gives_time_to_put_it_right(judged, contract, party, sentence):
    # 'a delay of more than 30 days' is what triggers the right, not its length: it is time to cure, not a term
    found = judged(contract.format(s=sentence), party)["termination_cause_no_cure"]
    assert found.verdict == "GREEN", found.message
