"""A buyer's claims period set by a definition: "the warranties survive until the Survival Date" where the Survival
Date is six months after closing, with a longer period for the fundamental warranties counted from the end of
the limitation period (which measures no claims period). The finding quotes the definition, the words to change.
Drafted in US and Chinese styles other than the contracts it came from; a two-year definition passes."""

import pytest

US = """# ASSET PURCHASE AGREEMENT

This Asset Purchase Agreement is entered into by Larkspur Tooling, Inc. ("Seller") and Bramhall Industrial LLC ("Buyer").

## ARTICLE I DEFINITIONS

Section 1.01 Definitions. "Survival Date" means the date that is {period} after the Closing Date.

## ARTICLE II PURCHASE AND SALE

Section 2.01 Purchase Price. The purchase price for the Purchased Assets is $14,500,000.

## ARTICLE IX INDEMNIFICATION

Section 9.01 Survival. The representations and warranties in this Agreement shall survive the Closing until the Survival Date; provided that the Title Representations shall survive until ninety (90) days after the expiration of the applicable statute of limitations.
"""

ZH = """# 股权转让协议

转让方：宁川控股有限公司（以下简称"甲方"）
受让方：远岫投资有限公司（以下简称"乙方"）

## 第一条 定义

1.3 "索赔期间"：指自交割日起{period}的期间。

## 第三条 转让价款

3.1 标的股权的转让价款为人民币贰亿元。

## 第九条 索赔

9.2 乙方就甲方违反陈述与保证提出的任何索赔，均应在索赔期间届满前以书面形式提出。
"""


@pytest.mark.parametrize("contract, us, short, long, clause", [
    (US, "Buyer", "six (6) months", "twenty-four (24) months", "9.01"),
    (ZH, "乙方", "六个月", "二十四个月", "9.2"),
])
def test_a_short_claims_period_set_by_a_definition_is_flagged_and_quoted(judged, contract, us, short, long, clause):
    result = judged(contract.format(period=short), us, domain="sha_spa", filename="spa.md")["spa_claims_period"]
    assert result.verdict == "RED" and result.clause_id == clause
    assert short in result.evidence  # the definition, not the sentence that uses it
    fair = judged(contract.format(period=long), us, domain="sha_spa", filename="spa.md")["spa_claims_period"]
    assert fair.verdict == "GREEN"


UK = """# SHARE PURCHASE AGREEMENT

This agreement is made between Orrin Holdings Limited (the "Seller") and Tamsin Capital Limited (the "Buyer").

## 2. Sale and purchase

2.1 The Seller shall sell and the Buyer shall buy the Sale Shares for £18,000,000.

## 8. Limitations

8.2 The Seller shall not be liable for any Claim unless the Buyer has given notice of it to the Seller:

(a) in the case of a Claim under the Tax Covenant, on or before the date falling {tax} after Completion; and

(b) in the case of any other Claim, on or before the date falling twenty-four (24) months after Completion.
"""


@pytest.mark.parametrize("tax, verdict", [("eighteen (18) months", "RED"), ("seven (7) years", "GREEN")])
def test_a_time_limit_set_item_by_item_and_tax_claims_barred_before_the_tax_authority(judged, tax, verdict):
    # the lead-in sets the time limit; each item states its own; tax claims need the tax authority's own time
    result = judged(UK.format(tax=tax), "Buyer", domain="sha_spa", filename="spa.md")["spa_claims_period"]
    assert result.verdict == verdict and result.clause_id.startswith("8.2")
