"""Acting for the provider: fees held back until the whole work is finally accepted, whatever milestones were met,
are raised (high); milestone payments, and a final instalment of a tenth held to the end, are not. English and Chinese."""

import pytest

EN = """# SOFTWARE DEVELOPMENT AGREEMENT

This agreement is made between Tamarack Health Ltd. (the "Client") and Brightpath Code Inc. (the "Contractor").

## 5. Payment

5.2 {sentence}
"""

ZH = """# 软件开发合同

甲方（委托方）：杭州澄湖医疗科技有限公司
乙方（受托方）：南京启衡信息技术有限公司

第五条 付款
5.2 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence, flagged", [
    (EN, "Contractor", "Although the Fees are allocated to Milestones for reporting, all Fees become payable only upon Final "
                       "Acceptance of the System as a whole.", True),
    (EN, "Contractor", "The Client shall pay the Fees allocated to each Milestone within thirty (30) days after that Milestone "
                       "is accepted.", False),
    (EN, "Contractor", "The remaining ten per cent (10%) of the Fees shall be payable only upon Final Acceptance of the System.", False),
    (ZH, "乙方", "各阶段成果不单独付款，甲方在系统整体验收合格后三十日内一次性支付全部合同价款。", True),
    (ZH, "乙方", "甲方应在每一阶段成果验收合格后十五日内支付该阶段对应的开发费用。", False),
])
def test_fees_held_until_final_acceptance_of_the_whole(judged, contract, us, sentence, flagged):
    found = judged(contract.format(sentence=sentence), us).get("paid_only_on_final_acceptance")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
