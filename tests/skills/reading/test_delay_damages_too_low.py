"""Acting for the buyer or employer: the other side's delay damages at a token daily rate, or capped at a token share
of the price, are raised (medium); market rates and caps are not. English and Chinese."""

import pytest

EN = """# EQUIPMENT SUPPLY AND INSTALLATION CONTRACT

This contract is made between Northgate Water Authority (the "Purchaser") and Feldmann Pumps Ltd (the "Contractor").

## 9. Delay

9.2 {sentence}
"""

ZH = """# 建设工程设计合同

发包人：青州市城市建设投资有限公司
设计人：华东联合建筑设计研究院有限公司

第九条 违约责任
9.2 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence, flagged", [
    (EN, "Purchaser", "If the Contractor fails to complete the Works by the Completion Date, the Contractor shall pay "
                      "liquidated damages of 0.1% of the Contract Price for each day of delay, up to a maximum of two per "
                      "cent (2%) of the Contract Price.", True),
    (EN, "Purchaser", "If the Contractor fails to complete the Works by the Completion Date, the Contractor shall pay "
                      "liquidated damages of 0.1% of the Contract Price for each day of delay, up to a maximum of ten per "
                      "cent (10%) of the Contract Price.", False),
    # a weekly rate is a rate, not the cap: 1% a week is 52% a year, and the cap is the 5% after it
    (EN, "Purchaser", "The Contractor shall pay liquidated damages of one per cent (1%) of the Contract Price for each "
                      "complete week of delay, up to a maximum of five per cent (5%) of the Contract Price.", False),
    (EN, "Purchaser", "The Contractor shall pay liquidated damages of half of one per cent (0.5%) of the Contract Price for "
                      "each week of delay, up to a maximum of two per cent (2%) of the Contract Price.", True),
    (ZH, "发包人", "设计人逾期交付设计文件的，每逾期一日，按该阶段设计费的万分之一向发包人支付违约金。", True),
    (ZH, "发包人", "设计人逾期交付设计文件的，每逾期一日，按该阶段设计费的千分之一向发包人支付违约金，违约金总额不超过设计费总额的百分之二。", True),
    (ZH, "发包人", "设计人逾期交付设计文件的，每逾期一日，按该阶段设计费的千分之一向发包人支付违约金，违约金总额不超过设计费总额的百分之十。", False),
])
def test_token_delay_damages(judged, contract, us, sentence, flagged):
    found = judged(contract.format(sentence=sentence), us).get("delay_damages_too_low")
    assert (found is not None and found.verdict != "GREEN") == flagged, found and found.message
    # medium: with no words making them all we get for the delay (set 39's redraft test has those, at high)
    assert not flagged or found.severity == "medium", found.message
