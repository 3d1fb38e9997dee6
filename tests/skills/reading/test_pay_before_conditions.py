"""Acting for a buyer or an investor: a price payable whether or not the conditions are met (or the shares
registered) is raised (high); a price payable once the conditions are satisfied is not. English and Chinese."""

import pytest

EN = """# SHARE PURCHASE AGREEMENT

This agreement is made between Halden Holdings Limited (the "Seller") and Marrow Capital Partners LLP (the "Buyer").

## 3. Consideration

3.2 {sentence}
"""

ZH = """# 股权转让协议

转让方（甲方）：宁波恒远实业有限公司
受让方（乙方）：上海青禾投资管理有限公司

第三条 转让价款的支付
3.2 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence, flagged", [
    (EN, "Buyer", "The Buyer shall pay the Purchase Price within ten Business Days after the date of this Agreement, "
                  "irrespective of whether the Conditions have been satisfied.", True),
    (EN, "Buyer", "The Buyer shall pay the Purchase Price on Completion, which shall take place within five Business Days "
                  "after the Conditions have been satisfied or waived by the Buyer.", False),
    (ZH, "乙方", "第五条所列交割条件能否全部成就、目标股权是否办理完毕变更登记，均不影响乙方支付转让价款的义务。", True),
    (ZH, "乙方", "前述先决条件以及工商变更登记不构成乙方付款的前提条件，乙方应于本协议签署后十日内付清全部价款。", True),
    (ZH, "乙方", "乙方应于第五条所列先决条件全部满足且目标股权完成变更登记之日起十个工作日内支付全部转让价款。", False),
])
def test_price_paid_whether_or_not_the_conditions_are_met(judged, contract, us, sentence, flagged):
    found = judged(contract.format(sentence=sentence), us).get("pay_whatever_happens")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
