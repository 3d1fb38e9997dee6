"""A right to leave for convenience that costs the rest of the term's fees is no right to leave: checked on the
same fee drafted in other words and in Chinese, beside a fee that covers wind-down only, which must pass."""

import pytest

SERVICES = """# Managed Services Agreement

This Agreement is made between Orrin Logistics Ltd (the "Client") and Tessel Systems Ltd (the "Provider").

## 12. Termination

12.2 The Client may terminate this Agreement without cause on ninety (90) days' written notice.

12.3 {sentence}
"""

ZH = """# 技术服务合同

甲方（委托方）：临川物流有限公司
乙方（服务方）：泰思系统有限公司

第十二条 合同解除
12.2 甲方可提前九十日书面通知乙方无故解除本合同。
12.3 {sentence}
"""


@pytest.mark.parametrize("template, party, sentence, verdict", [
    (SERVICES, "Client", "Should the Client end this Agreement under clause 12.2 (termination without cause), the Client shall pay "
                         "the Provider all Fees that would have fallen due for the unexpired portion of the Term.", "RED"),
    (SERVICES, "Client", "If the Client terminates for convenience, the Client shall pay an early termination charge equal to "
                         "eighty per cent (80%) of the Fees for the remaining months of the Term.", "RED"),
    (ZH, "甲方", "甲方依据第12.2条无故提前解除本合同的，应向乙方支付剩余服务期限内的全部服务费。", "RED"),
    (SERVICES, "Client", "If the Client terminates for convenience, the Client shall pay the Fees for Services performed up to the "
                         "date of termination.", "GREEN"),
])
def test_a_fee_for_the_rest_of_the_term_makes_leaving_illusory(judged, template, party, sentence, verdict):
    results = judged(template.format(sentence=sentence), party)
    found = results["convenience_exit_fee"]
    assert found.verdict == verdict, found.message
    if verdict == "RED":
        assert found.clause_id == "12.3" and found.severity == "high"
