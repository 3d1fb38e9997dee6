"""For the employee: vested equity bought back at cost on any leaving, and a bonus forfeited whenever the employment
ends, are raised; the market terms (cost for unvested shares or a leaver for cause, a bonus lost only for cause)
are not. English and Chinese."""

import pytest

EN = """# EXECUTIVE EMPLOYMENT AGREEMENT

This Executive Employment Agreement is made between Norhaven Therapeutics, Inc., a Delaware corporation (the
"Company"), and Dana Whitcombe (the "Executive").

## Section 3. Compensation

3.02 {sentence}
"""

ZH = """# 劳动合同

甲方（用人单位）：深圳市澜汐生物科技有限公司
乙方（员工）：周明远

第三条 劳动报酬
3.2 {sentence}
"""


@pytest.mark.parametrize("contract, us, sentence, verdict", [
    (EN, "Executive", "Upon the termination of the Executive's employment for any reason, the Company shall have the right to "
                      "repurchase all or any portion of the Restricted Shares, whether vested or unvested, at a price per share "
                      "equal to the lesser of the Purchase Price and the Fair Market Value on the Termination Date.", "RED"),
    (EN, "Executive", "If the Executive's employment ends for whatever reason, the Company may buy back the Executive's Vested "
                      "Shares at their original cost.", "RED"),
    (EN, "Executive", "Upon the termination of the Executive's employment for any reason, the Company may repurchase any Unvested "
                      "Shares at the lower of the Purchase Price and their Fair Market Value.", "GREEN"),
    (EN, "Executive", "If the Executive's employment is terminated by the Company for Cause, the Company may repurchase the "
                      "Executive's vested shares at the lower of cost and Fair Market Value.", "GREEN"),
    (ZH, "乙方", "乙方因任何原因离职的，甲方有权按乙方的原始出资额回购乙方持有的全部激励股权（包括已归属部分）。", "RED"),
])
def test_vested_equity_is_not_bought_back_at_cost_on_any_leaving(judged, contract, us, sentence, verdict):
    found = judged(contract.format(sentence=sentence), us)["vested_equity_bought_back_at_cost"]
    assert found.verdict == verdict, found.message
    if verdict == "RED":
        assert found.severity == "high"


@pytest.mark.parametrize("contract, us, sentence, verdict", [
    (EN, "Executive", "Notwithstanding anything to the contrary in this Agreement, no Annual Bonus, whether in full or on a "
                      "prorated basis, shall be earned or payable for any fiscal year in which the Executive's employment "
                      "terminates for any reason, including a termination by the Company without Cause.", "RED"),
    (EN, "Executive", "The Executive shall not be entitled to any bonus for the year in which the employment terminates for "
                      "any reason.", "RED"),
    (EN, "Executive", "No Annual Bonus shall be payable for a fiscal year in which the Executive's employment is terminated "
                      "by the Company for Cause.", "GREEN"),
    (ZH, "乙方", "劳动合同因任何原因解除或终止的，乙方不再享有当年度的年终奖。", "RED"),
])
def test_a_bonus_is_not_forfeited_on_leaving_without_fault(judged, contract, us, sentence, verdict):
    found = judged(contract.format(sentence=sentence), us)["earned_bonus_forfeited"]
    assert found.verdict == verdict, found.message
