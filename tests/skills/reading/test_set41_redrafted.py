"""Set 41's general causes (read at the end of the session), each redrafted in other words; the fair version of each
stays quiet."""

import pytest

FREIGHT_ZH = """# 公路货物运输合同

托运方：瀚海食品有限公司
承运方：迅达物流有限公司

第五条 运费
5.2 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("承运方可根据油价变化调整运费标准，调整后的运费自承运方通知之日起执行。", True),
    ("运费标准在合同期内固定不变。", False),
])
def test_the_shipper_pays_its_carrier(judged, sentence, flagged):
    results = judged(FREIGHT_ZH.format(sentence=sentence), "托运方")
    found = results.get("price_changes")
    assert (found is not None and found.verdict in ("RED", "YELLOW")) == flagged, found and found.message


SAAS = """# SUBSCRIPTION AGREEMENT

This Agreement is made between Corvid Freight Pty Ltd (the "Customer") and Tallow Systems Pty Ltd (the "Provider").

## 7. Fees

7.4 The Provider may raise the Fees once a year on sixty (60) days' notice. {cap}

## 11. Intellectual property

11.3 {ip}
"""


@pytest.mark.parametrize("cap, verdict", [
    ("No such rise may exceed the change in the Consumer Price Index over the preceding year.", "GREEN"),
    ("", "YELLOW"),
])
def test_an_index_cap_stated_in_a_sentence_of_its_own(judged, cap, verdict):
    found = judged(SAAS.format(cap=cap, ip="The Customer owns all deliverables."), "Customer")["price_changes"]
    assert found.verdict == verdict, found.message


@pytest.mark.parametrize("ip, verdict", [
    ("The Provider owns all intellectual property rights in the reports it builds for the Customer and grants the "
     "Customer a perpetual, royalty-free licence to use them.", "YELLOW"),
    ("The Provider owns all intellectual property rights in the reports it builds for the Customer.", "RED"),
])
def test_work_kept_by_the_provider_with_a_perpetual_licence_to_us(judged, ip, verdict):
    found = judged(SAAS.format(cap="", ip=ip), "Customer")["ip_ownership"]
    assert found.verdict == verdict, found.message
