"""A developer's checks on a development contract, redrafted: acceptance left to the client's own judgment even after
the system is live, background technology transferred to the client with the deliverables, and delay damages at a
daily rate several times the market's. Drafted as an English development agreement and a PRC 委托开发合同 in 一、
numbering; the market wording beside them must pass. (A discretion stated in a sentence of its own, after a
'；', is not yet carried to the acceptance in the next one: that sentence states no provision to hold it.)"""

import pytest

EN_DEVELOPMENT = """# SOFTWARE DEVELOPMENT AGREEMENT

This agreement is made between Harwick Foods plc (the "Client") and Lumen Code Ltd (the "Developer").

## 7. Acceptance

7.4 Whether the Software passes final acceptance shall be determined by the Client in its sole discretion, and no use of the Software in production shall constitute acceptance.

## 10. Intellectual Property

10.2 All intellectual property in the Developer's pre-existing tools, frameworks and components embedded in the Software is hereby assigned to the Client on delivery.

## 12. Delay

12.2 If the Developer misses a Milestone, it shall pay the Client delay damages of 0.5% of the Contract Price for each day of delay, up to 30% of the Contract Price.
"""

EN_MARKET = (EN_DEVELOPMENT
             .replace("shall be determined by the Client in its sole discretion, and no use of the Software in production shall constitute acceptance",
                      "shall be determined against the Acceptance Criteria in Schedule 2")
             .replace("All intellectual property in the Developer's pre-existing tools, frameworks and components embedded in the Software is hereby assigned to the Client on delivery.",
                      "The Developer grants the Client a non-exclusive, perpetual licence to use its pre-existing tools embedded in the Software.")
             .replace("0.5% of the Contract Price for each day of delay, up to 30%", "0.05% of the Contract Price for each day of delay, up to 10%"))

ZH_DEVELOPMENT = """# 委托开发合同

委托方：岚山物流有限公司
受托方：启衡软件有限公司

一、验收
（一）系统是否验收合格，由委托方根据其经营需要自行决定，系统上线运行不视为验收合格。

二、知识产权
（一）受托方在签订本合同前已拥有的开发框架及通用组件的著作权，随交付成果一并转让给委托方。

三、违约责任
（一）受托方逾期交付的，每逾期一日，应按合同总价款的千分之四向委托方支付违约金。
"""


@pytest.mark.parametrize("contract, us, filename", [(EN_DEVELOPMENT, "Developer", "dev.md"), (ZH_DEVELOPMENT, "受托方", "委托开发合同.md")])
def test_a_developers_checks_hold_in_another_drafting_style(judged, contract, us, filename):
    results = judged(contract, us, filename=filename)
    assert results["acceptance_at_their_discretion"].verdict == "RED"
    assert results["our_ip_to_them"].verdict == "RED"
    assert results["delay_damages_rate"].verdict == "RED"


def test_objective_acceptance_a_licence_of_our_tools_and_market_delay_damages_pass(judged):
    results = judged(EN_MARKET, "Developer", filename="dev.md")
    for position in ("acceptance_at_their_discretion", "our_ip_to_them", "delay_damages_rate"):
        assert position not in results or results[position].verdict != "RED", position
