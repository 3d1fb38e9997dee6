"""Acting for the buyer: goods that are at our risk from loading, dispatch or hand-over to a carrier, before they
reach us, are raised (medium); risk passing on delivery to us, or under a named trade term (FOB, CIF, FCA), is not.
Acting for the seller, the same words are no risk of ours. English and Chinese, several wordings."""

import pytest

EN = """# SUPPLY AGREEMENT

This Agreement is made between Harrow Foods plc (the "Buyer") and Lindqvist Packaging AB (the "Supplier").

## 6. Delivery

6.1 The Supplier shall deliver the Goods DDP to the Buyer's warehouse at Corby.

6.4 {sentence}
"""

ZH = """# 设备买卖合同

买方：江城精密制造有限公司
卖方：北辰机电设备有限公司

第五条 交付与风险
5.1 卖方应将设备运至买方厂区并负责卸货。
5.3 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence, flagged", [
    (EN, "Buyer", "Risk in the Goods passes to the Buyer when the Goods leave the Supplier's premises.", True),
    (EN, "Buyer", "The Buyer assumes all risk of loss of the Goods from the time they are handed over to the first carrier.",
     True),
    (EN, "Buyer", "Risk of damage to or loss of the Goods shall pass to the Buyer upon dispatch.", True),
    (EN, "Buyer", "Risk in the Goods passes to the Buyer on completion of unloading at the Buyer's warehouse.", False),
    (EN, "Buyer", "Risk in the Goods passes to the Buyer on shipment in accordance with FOB Gothenburg (Incoterms 2020).",
     False),
    (EN, "Supplier", "Risk in the Goods passes to the Buyer when the Goods leave the Supplier's premises.", False),
    (ZH, "买方", "设备自卖方工厂装车之时起，其毁损、灭失的风险由买方承担。", True),
    (ZH, "买方", "卖方将设备交付承运人后，设备毁损、灭失的风险转移至买方。", True),
    (ZH, "买方", "设备毁损、灭失的风险自设备运抵买方厂区并经买方签收之时起转移至买方。", False),
    (ZH, "卖方", "卖方将设备交付承运人后，设备毁损、灭失的风险转移至买方。", False),
])
def test_risk_before_the_goods_reach_us(judged, contract, us, sentence, flagged):
    found = judged(contract.format(sentence=sentence), us).get("risk_on_dispatch")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
    if flagged:
        assert found.severity == "medium"
        assert found.clause_id == ("6.4" if contract is EN else "5.3")
