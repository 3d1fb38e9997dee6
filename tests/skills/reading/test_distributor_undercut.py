"""A distributor's exclusivity undercut by the supplier's own direct sales ('reserves the right, itself or through
any third party it appoints, to sell directly' is the supplier's right, not a third party's), and recall costs the
distributor bears 'irrespective of the cause'. English and Chinese; the fair versions pass."""

import pytest

EN = """# EXCLUSIVE DISTRIBUTION AGREEMENT

This agreement is made between Calloway Audio Ltd (the "Supplier") and Meranti Trading Pte. Ltd. (the "Distributor").

## 2. Appointment

2.1 The Supplier hereby appoints the Distributor as its exclusive distributor of the Products in the Territory.

2.3 {direct}

## 11. Recalls

11.3 {recall}
"""

ZH = """# 独家经销协议

供货方：广州澜声电子有限公司
经销商：南宁嘉禾贸易有限公司

第二条 经销权
2.1 供货方授予经销商在约定区域内独家经销本产品的权利。
2.3 {direct}

第十一条 产品召回
11.3 {recall}
"""


@pytest.mark.parametrize("contract, us, direct, recall, fair_direct, fair_recall", [
    (EN, "Distributor",
     "Notwithstanding clause 2.1, the Supplier reserves the right, itself or through any third party appointed by it, to sell the Products directly to any customer in the Territory.",
     "The Distributor shall bear all costs of any recall of the Products in the Territory, irrespective of the cause of the recall.",
     "The Supplier shall refer to the Distributor every enquiry it receives from a customer in the Territory.",
     "Each party shall bear the costs of a recall to the extent caused by its own breach or negligence."),
    (ZH, "经销商",
     "尽管有第2.1条的约定，供货方保留自行或通过其指定的第三方在约定区域内直接销售本产品的权利。",
     "约定区域内产品召回的全部费用均由经销商承担，无论召回原因如何。",
     "供货方收到约定区域内客户的询价的，应转交经销商处理。",
     "召回费用由造成召回的一方按其过错承担。"),
])
def test_direct_sales_and_recall_costs_whatever_the_cause(judged, contract, us, direct, recall, fair_direct, fair_recall):
    worse = judged(contract.format(direct=direct, recall=recall), us, filename="distribution.md")
    assert worse["direct_sales_in_our_territory"].verdict == "RED" and worse["direct_sales_in_our_territory"].clause_id == "2.3"
    assert worse["costs_borne_whatever_the_cause"].verdict == "RED" and worse["costs_borne_whatever_the_cause"].clause_id == "11.3"
    better = judged(contract.format(direct=fair_direct, recall=fair_recall), us, filename="distribution.md")
    assert "costs_borne_whatever_the_cause" not in better
    assert "direct_sales_in_our_territory" not in better or better["direct_sales_in_our_territory"].verdict != "RED"


def test_a_grant_is_made_by_the_party_before_授予():
    from paralaw.skills.reading.reader import Party, SentenceReader

    reader = SentenceReader((Party("甲方"), Party("乙方")), {})
    licences = [p for p in reader.read("工作成果中包含乙方既有工具的，乙方授予甲方在其内部业务范围内永久、免费、非独占的使用许可。")
                if p.action == "license"]
    assert licences and {p.actor for p in licences} == {"乙方"}  # the grantor, not the party granted to
