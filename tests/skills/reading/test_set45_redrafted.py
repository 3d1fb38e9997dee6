"""Set 45's general causes (read after its first run), each redrafted in other words; the fair version of each stays
quiet."""

import pytest

DESIGN_BUILD = """# DESIGN-BUILD AGREEMENT

This Agreement is made between Prairie Cold Storage LLC (the "Owner") and Halvorsen Builders Inc. (the "Design-Builder").

## 6. Time

6.4 {damages}
"""


@pytest.mark.parametrize("damages, flagged", [
    ("Liquidated damages for late completion shall not exceed in aggregate one quarter of one percent (0.25%) of the "
     "Contract Price, and shall be the Owner's sole and exclusive remedy for delay.", True),
    ("Liquidated damages for late completion are USD 12,000 per day, capped at ten percent (10%) of the Contract Price.",
     False),
])
def test_an_owner_under_a_design_build_agreement_pays_and_is_owed_delay_damages(judged, damages, flagged):
    """'Owner' lets property in a lease; facing whoever designs and builds for it, it pays."""
    found = judged(DESIGN_BUILD.format(damages=damages), "Owner").get("delay_damages_too_low")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


EQUITY_ZH = """# 股权转让协议

转让方：杭州远景投资有限公司
受让方：上海恒泰控股有限公司

第十三条 赔偿
（四）{cap}

附件三 价款支付
（三）{set_off}
"""

FAIR_ZH = dict(cap="转让方在本协议项下的赔偿责任以股权转让价款的百分之二十为限。",
               set_off="受让方应于交割后十二个月内支付第三期价款，不得扣减。")


@pytest.mark.parametrize("field, unfair, position", [
    ("cap", "转让方在本协议项下的赔偿责任不设任何赔偿上限。", "our_liability_unlimited"),
    ("set_off", "受让方可以根据其单方判断，从第三期价款中扣减转让方应承担的赔偿金额。", "set_off_by_them"),
])
def test_a_seller_of_shares_with_unlimited_liability_or_a_buyer_that_deducts_at_will(judged, field, unfair, position):
    found = judged(EQUITY_ZH.format(**{**FAIR_ZH, field: unfair}), "转让方", domain="sha_spa").get(position)
    assert found is not None and found.verdict == "RED", found and found.message
    fair = judged(EQUITY_ZH.format(**FAIR_ZH), "转让方", domain="sha_spa").get(position)
    assert fair is None or fair.verdict != "RED", fair.message


TRANSPORT_ZH = """# 公路货物运输合同

托运人（甲方）：苏州嘉禾食品有限公司
承运人（乙方）：苏州通达物流有限公司

第八条 货损赔偿
（三）{salvage}
"""


@pytest.mark.parametrize("salvage, flagged", [
    ("承运人赔偿后，受损货物的残值归承运人所有。", False),
    ("乙方为甲方开发的运输管理报表及其知识产权归乙方所有。", True),
])
def test_salvage_that_passes_to_a_carrier_is_no_ip_ownership(judged, salvage, flagged):
    found = judged(TRANSPORT_ZH.format(salvage=salvage), "甲方").get("ip_ownership")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


SERVICES_HK = """# 資訊科技服務協議

客戶：德興物流有限公司（下稱「客戶」）
服務供應商：恆晉系統有限公司（下稱「服務供應商」）

## 附表二 費用
4. {rise}
"""


@pytest.mark.parametrize("rise, flagged", [
    ("服務供應商可於每年一月一日上調服務費，上調幅度為百分之六或消費物價指數按年變動率（以較高者為準）。", True),
    ("服務供應商可於每年一月一日按消費物價指數按年變動率上調服務費，但上調幅度不得超過百分之三。", False),
])
def test_a_rise_of_a_floor_or_the_index_whichever_is_higher(judged, rise, flagged):
    """'以較高者為準': the index is a floor, not a cap."""
    found = judged(SERVICES_HK.format(rise=rise), "客戶").get("price_changes")
    assert (found is not None and found.verdict in ("RED", "YELLOW")) == flagged, found and found.message
