"""Acting for the buyer: more than the agreed share of the price paid before delivery (an advance, or an instalment
due before shipment) without a bank guarantee for it is raised (medium); a 30% advance, or a larger one against an
advance payment guarantee, is not. English and Chinese."""

import pytest

EN = """# EQUIPMENT SUPPLY AGREEMENT

This agreement is made between Corvane Process Systems GmbH (the "Supplier") and Tideline Foods Pty Ltd (the "Purchaser").

## 6. Payment

6.1 {sentence}
"""

ZH = """# 设备采购合同

买方：苏州禾丰食品有限公司
卖方：无锡恒拓机械制造有限公司

第四条 付款方式
4.1 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence, flagged", [
    (EN, "Purchaser", "The Purchaser shall pay sixty per cent (60%) of the Contract Price as an advance payment within "
                      "seven days after signature, and no advance payment guarantee shall be required from the Supplier.", True),
    (EN, "Purchaser", "The Purchaser shall pay fifty per cent (50%) of the Contract Price prior to shipment of the Equipment "
                      "from the Supplier's works.", True),
    (EN, "Purchaser", "The Purchaser shall pay an advance of sixty per cent (60%) of the Contract Price within ten days "
                      "after receiving an advance payment guarantee for the same amount issued by a bank acceptable to it.", False),
    (EN, "Purchaser", "The Purchaser shall pay an advance payment of twenty per cent (20%) of the Contract Price within "
                      "fourteen days after signature.", False),
    (ZH, "买方", "设备具备发运条件后，买方应于卖方发货前向卖方支付合同价款的百分之六十，卖方无需就此提供任何担保。", True),
    (ZH, "买方", "本合同生效后七日内，买方向卖方支付合同总价的百分之五十作为预付款。", True),
    (ZH, "买方", "卖方向买方提交等额银行预付款保函后十日内，买方向卖方支付合同总价的百分之五十作为预付款。", False),
    (ZH, "买方", "设备到货并经买方验收合格后三十日内，买方向卖方支付合同总价的百分之六十。", False),
])
def test_large_advance_without_a_guarantee(judged, contract, us, sentence, flagged):
    found = judged(contract.format(sentence=sentence), us).get("advance_without_security")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
