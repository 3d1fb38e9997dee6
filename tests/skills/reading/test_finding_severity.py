"""How serious a finding is. A cap on the other side's liability: a cap that also swallows what caps usually leave out (the
IP indemnity, title and tax claims, fundamental warranties) is high even at a level that would otherwise only need
a look; a month of fees is a month of fees however the Chinese orders its words (已支付的服务费), in Simplified or
Traditional characters."""

import pytest

SERVICES = """# MANAGED SERVICES AGREEMENT

This agreement is made between Corvane Systems Limited ("Supplier") and Halloway Foods plc ("Customer").

## 12. Limitation of liability

12.2 {sentence}
"""

SERVICES_ZH = """# 信息技术服务合同

甲方（客户）：苏州禾丰食品有限公司
乙方（服务商）：南京启衡信息技术有限公司

第十二条 责任限制
12.2 {sentence}
"""

SPA = """# SHARE PURCHASE AGREEMENT

This agreement is made between Thornbury Holdings Limited (the "Seller") and Alder Capital Partners LLP (the "Buyer").

## 2. Consideration

2.1 The consideration for the Shares is £24,000,000 (the "Consideration").

## 9. Limitations

9.1 {sentence}
"""


@pytest.mark.parametrize("sentence", [
    "The Supplier's total aggregate liability under or in connection with this Agreement, including under the indemnity "
    "in clause 11 and for any loss or corruption of data, shall not exceed the Charges paid in the six (6) months "
    "immediately preceding the event giving rise to the claim.",
    "Save for fraud, the aggregate liability of the Supplier for all claims, whether in contract or tort, shall be limited "
    "to the charges paid by the Customer in the 6 months before the claim, and this limit applies to all liability, "
    "including claims under clause 11 (IPR Indemnity) and clause 13 (Confidentiality).",
])
def test_a_half_year_cap_that_covers_the_indemnities_is_high(judged, sentence):
    found = judged(SERVICES.format(sentence=sentence), "Customer")["lol_cap_level"]
    assert (found.verdict, found.severity) == ("RED", "high"), found.message


def test_the_same_cap_with_the_indemnities_outside_it_only_needs_a_look(judged):
    sentence = ("The Supplier's total aggregate liability under or in connection with this Agreement shall not exceed the "
                "Charges paid in the six (6) months immediately preceding the event giving rise to the claim.")
    found = judged(SERVICES.format(sentence=sentence), "Customer")["lol_cap_level"]
    assert (found.verdict, found.severity) == ("YELLOW", "medium"), found.message


def test_a_year_of_charges_covering_the_indemnities_is_fair(judged):
    sentence = ("The Supplier's total aggregate liability, including under the indemnity in clause 11, shall not exceed the "
                "Charges paid in the twelve (12) months preceding the claim.")
    assert judged(SERVICES.format(sentence=sentence), "Customer")["lol_cap_level"].verdict == "GREEN"


@pytest.mark.parametrize("sentence", [
    "在第12.1条的规限下，乙方就本合同承担的全部责任总额，无论基于合同、侵权或其他原因，均不得超过引起索赔的事件发生前一（1）个月甲方已支付的服务费。",
    "在第12.1條的規限下，乙方就本合同承擔的全部責任總額，無論基於合約、侵權或其他原因，均不得超過引起索賠事件發生前一(1)個月甲方已支付的服務費。",
])
def test_a_month_of_fees_paid_is_read_whatever_the_word_order(judged, sentence):
    found = judged(SERVICES_ZH.format(sentence=sentence), "甲方")["lol_cap_level"]
    assert (found.verdict, found.severity) == ("RED", "high"), found.message


@pytest.mark.parametrize("sentence", [
    "The aggregate liability of the Seller in respect of all Claims, including Claims under the Fundamental Warranties and "
    "the Tax Covenant, shall not exceed an amount equal to ten per cent (10%) of the Consideration.",
    "The total liability of the Seller for all Claims (including Title Claims and Tax Claims) is limited to 10% of the "
    "Consideration.",
])
def test_a_ten_per_cent_cap_over_title_and_tax_is_high_for_the_buyer(judged, sentence):
    found = judged(SPA.format(sentence=sentence), "Buyer", domain="sha_spa", filename="spa.md")["spa_cap_level"]
    assert (found.verdict, found.severity) == ("RED", "high"), found.message


def test_a_ten_per_cent_cap_on_the_general_warranties_only_needs_a_look(judged):
    sentence = ("The aggregate liability of the Seller in respect of all Claims under the Business Warranties shall not exceed "
                "an amount equal to ten per cent (10%) of the Consideration.")
    found = judged(SPA.format(sentence=sentence), "Buyer", domain="sha_spa", filename="spa.md")["spa_cap_level"]
    assert found.verdict == "YELLOW", found.message


SUPPLY = """# SUPPLY AGREEMENT

This agreement is made between Brightwater Components Ltd (the "Supplier") and Marlow Retail plc (the "Buyer").

## 7. Payment

7.2 {sentence}
"""


@pytest.mark.parametrize("sentence, verdict", [
    ("The Buyer shall pay each undisputed invoice within seventy-five (75) days of receipt.", "YELLOW"),
    ("The Buyer shall pay each invoice within one hundred and twenty (120) days after the end of the month of invoice.", "RED"),
])
def test_a_long_payment_period_for_the_supplier_is_worth_raising_not_alarming(judged, sentence, verdict):
    """Long payment terms cost the supplier money, not the deal: medium whether past sixty days or past ninety."""
    found = judged(SUPPLY.format(sentence=sentence), "Supplier")["payment_period_for_provider"]
    assert (found.verdict, found.severity) == (verdict, "medium"), found.message
