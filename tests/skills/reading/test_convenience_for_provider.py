"""Acting for the provider, the customer's right to end the contract for convenience is raised at medium when it is
at once or on a few days' notice, noted (medium) in between, and fair on three months' notice; acting for the
customer, the same one-sided right stays high. English and Chinese."""

import pytest

EN = """# MANAGED SERVICES AGREEMENT

This agreement is made between Corvane Systems Limited (the "Provider") and Halloway Foods plc (the "Customer").

## 5. Charges

5.1 The Customer shall pay the Charges within thirty (30) days of receipt of a valid invoice.

## 15. Termination

15.3 {sentence}
"""

ZH = """# 技术服务合同

甲方（委托方）：苏州禾丰食品有限公司
乙方（服务方）：南京启衡信息技术有限公司

第五条 服务费
5.1 甲方应在收到乙方发票后三十日内支付服务费。

第十五条 合同解除
15.3 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence, verdict", [
    (EN, "Provider", "The Customer may terminate this Agreement at any time and for any reason by giving not less than seven (7) "
                     "days' written notice to the Provider.", "RED"),
    (EN, "Provider", "The Customer may terminate this Agreement for convenience on sixty (60) days' written notice.", "YELLOW"),
    (EN, "Provider", "The Customer may terminate this Agreement for convenience on not less than ninety (90) days' written notice, "
                     "and shall pay the Provider for all work performed up to the date of termination.", "GREEN"),
    (ZH, "乙方", "甲方可以随时书面通知乙方解除本合同，本合同自解除通知送达乙方之日起解除。", "RED"),
])
def test_the_customers_walk_away_right_for_the_provider(judged, contract, us, sentence, verdict):
    found = judged(contract.format(sentence=sentence), us)["termination_convenience_for_provider"]
    assert found.verdict == verdict, found.message
    assert found.severity == ("low" if verdict == "GREEN" else "medium")


def test_for_the_customer_the_providers_walk_away_right_stays_high(judged):
    sentence = "The Provider may terminate this Agreement for convenience on sixty (60) days' written notice."
    found = judged(EN.format(sentence=sentence), "Customer")["termination_convenience"]
    assert (found.verdict, found.severity) == ("RED", "high"), found.message
