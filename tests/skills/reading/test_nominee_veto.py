"""A board majority that must include the director we nominate is our veto, not a matter left to the majority: a
20% investor's reserved matters drafted as "经包括丙方提名董事在内的董事会过半数董事同意" or "approved by a majority
of the Board including the Investor Director" are not reported as excluded (high) for the investor."""

import pytest

ZH_SHA = """# 股东协议

甲方：江北实业有限公司
乙方：林舟
丙方：澄远创业投资合伙企业（有限合伙）

第6条 董事会
6.1 公司董事会由五名董事组成，其中丙方提名一名。

第8条 重大事项
8.1 下列事项须经董事会审议，并经{who}董事会过半数董事同意方可实施：
（一）公司年度预算及经营计划；
（二）公司与任一股东或其关联方之间的关联交易。
"""

EN_SHA = """# SHAREHOLDERS' AGREEMENT

This agreement is made between Northfold Holdings Limited (the "Founder") and Vantage Growth LP (the "Investor").

## 8. Board Matters

8.1 The annual budget and business plan, and any transaction with a Shareholder or its affiliates, shall be approved by a majority of the Board{who}.
"""


@pytest.mark.parametrize("contract, us, ours, majority", [
    (ZH_SHA, "丙方", "包括丙方提名董事在内的", ""),
    (EN_SHA, "Investor", " including the director appointed by the Investor", ""),
])
def test_a_majority_that_needs_our_nominee_is_a_veto(judged, contract, us, ours, majority):
    with_us = judged(contract.format(who=ours), us, domain="sha_spa", filename="sha.md")["sha_reserved_matters"]
    assert not (with_us.verdict == "RED" and with_us.severity == "high")
    without_us = judged(contract.format(who=majority), us, domain="sha_spa", filename="sha.md")["sha_reserved_matters"]
    assert without_us.verdict == "RED" and without_us.severity == "high"
