"""A distributor's or franchisee's territory redrawn by the other side alone: read however it is drafted (a reserved
right in a list, a country removed from the territory, 调整经销区域) and passed when only agreement changes it."""

import pytest

DISTRIBUTION = """# Distribution Agreement

This Agreement is made between Ondine Foods Ltd (the "Supplier") and Pell Trading Ltd (the "Distributor").

## 2. Appointment

2.1 The Supplier appoints the Distributor as its exclusive distributor of the Products in the Territory.

2.2 {sentence}
"""

ZH = """# 独家经销协议

甲方（供货方）：翁迪食品有限公司
乙方（经销商）：佩尔贸易有限公司

第二条 经销区域
2.1 甲方授权乙方在经销区域内独家经销合同产品。
2.2 {sentence}
"""


@pytest.mark.parametrize("template, party, sentence, verdict", [
    (DISTRIBUTION, "Distributor", "The Supplier may at any time, by giving the Distributor thirty days' notice, remove any country from the Territory.", "RED"),
    (DISTRIBUTION, "Distributor", "The Supplier reserves the right, acting through itself or any of its affiliates or licensees, to redraw the Territory "
                                  "if sales fall below forecast.", "RED"),
    (ZH, "乙方", "甲方有权根据市场情况调整乙方的经销区域，并提前十日书面通知乙方。", "RED"),
])
def test_a_territory_redrawn_by_the_other_side_alone(judged, template, party, sentence, verdict):
    found = judged(template.format(sentence=sentence), party)["territory_changed_at_will"]
    assert found.verdict == verdict, found.message
    assert found.clause_id == "2.2"


def test_a_territory_changed_only_by_agreement_is_no_issue(judged):
    sentence = "The Supplier may not reduce the Territory without the Distributor's prior written consent."
    found = judged(DISTRIBUTION.format(sentence=sentence), "Distributor").get("territory_changed_at_will")
    assert found is None or found.verdict == "GREEN"
