"""Per-day charges read for what they are, in English and Chinese: a penalty the other side pays us for late
delivery is not interest on our late payment; a high daily late-payment charge whose total is capped cannot grow
into a penalty; and a termination for late payment only after a demand and a period to pay is one with a cure."""

import pytest

ZH_SERVICES = """# 技术服务合同

委托方：南屿零售有限公司
受托方：恒拓数据科技有限公司

第九条 违约责任
（一）受托方逾期提交交付物的，每逾期一日，应按该交付物对应费用的千分之五向委托方支付违约金。
（二）委托方逾期支付服务费的，每逾期一日，应按逾期金额的千分之一向受托方支付违约金{cap}。

第十条 合同解除
（一）委托方逾期支付服务费超过六十日，经受托方书面催告后十五日内仍未支付的，受托方有权书面通知解除本合同。
"""

EN_SERVICES = """# SERVICES AGREEMENT

This agreement is made between Calder Retail Ltd (the "Customer") and Novis Data Ltd (the "Supplier").

## 9. Delay and late payment

9.1 If the Supplier delivers any Deliverable late, it shall pay the Customer 0.5% of the Charges for that Deliverable for each day of delay.

9.2 The Customer shall pay interest on any amount not paid when due at 0.1% per day{cap}.

## 10. Termination

10.1 The Supplier may terminate this Agreement if the Customer fails to pay any undisputed amount within fifteen days after receiving written notice that it is overdue.
"""


@pytest.mark.parametrize("contract, us, cap", [
    (ZH_SERVICES, "委托方", "，违约金总额不超过逾期金额的百分之十"),
    (EN_SERVICES, "Customer", ", up to a maximum of 10% of the overdue amount"),
])
def test_a_delay_penalty_paid_to_us_is_not_late_interest_and_a_capped_charge_passes(judged, contract, us, cap):
    uncapped = judged(contract.format(cap=""), us)["late_interest"]
    assert uncapped.verdict == "RED" and uncapped.clause_id.endswith(("(二)", "9.2"))  # our late payment, not their delay
    assert judged(contract.format(cap=cap), us)["late_interest"].verdict != "RED"


@pytest.mark.parametrize("contract, us", [(ZH_SERVICES, "委托方"), (EN_SERVICES, "Customer")])
def test_termination_after_a_demand_and_time_to_pay_has_a_cure(judged, contract, us):
    result = judged(contract.format(cap=""), us).get("termination_cause_no_cure")
    assert result is None or result.verdict in ("GREEN", "NOT_APPLICABLE", "MISSING")
