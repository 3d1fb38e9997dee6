"""The shared amount, percentage and period parser, on the forms contracts use and on real contract text."""

from __future__ import annotations

import pytest

from paralaw.skills.text.amounts import find_money, find_percentages, find_periods


@pytest.mark.parametrize(
    "text, value, currency, quote",
    [
        ("pay $10,000,000 on signing", 10_000_000, "USD", "$10,000,000"),
        ("a fee of USD 1.5 million", 1_500_000, "USD", "USD 1.5 million"),
        ("ten million dollars ($10,000,000)", 10_000_000, "USD", "ten million dollars ($10,000,000)"),
        ("exceeds GBP 150,000", 150_000, "GBP", "GBP 150,000"),
        ("a cap of £2.5m", 2_500_000, "GBP", "£2.5m"),
        ("€ 750,000.50 payable", 750_000.5, "EUR", "€ 750,000.50"),
        ("S$500,000", 500_000, "SGD", "S$500,000"),
        ("人民币壹佰万元整", 1_000_000, "CNY", "人民币壹佰万元整"),
        ("罚款100万元。", 1_000_000, "CNY", "100万元"),
        ("¥342,600,000.00", 342_600_000, "CNY", "¥342,600,000.00"),
        ("人民币8,910,000.00元；", 8_910_000, "CNY", "人民币8,910,000.00元"),
        ("伍万叁仟元伍角整", 53_000.5, "CNY", "伍万叁仟元伍角整"),
        ("Three-thousand dollars ($3000)", 3000, "USD", "Three-thousand dollars ($3000)"),
        ("500 US dollars", 500, "USD", "500 US dollars"),
    ],
)
def test_money_forms(text, value, currency, quote):
    found = find_money(text)
    assert [(m.value, m.currency, m.quote) for m in found] == [(value, currency, quote)]
    assert text[found[0].start:found[0].end] == quote


def test_indian_grouping_and_weights():
    assert [(m.value, m.currency) for m in find_money("capital of Rs. 5,00,000/- divided")] == [(500_000, "INR")]
    assert find_money("reels weighing more than 50 pounds used by printers") == []
    assert [m.value for m in find_money("two million pounds (£2,000,000)")] == [2_000_000]


def test_money_ignores_plain_numbers_and_redactions():
    assert find_money("Section 7.2 applies to 400,000 patrons for 12 months") == []
    assert find_money("shall exceed $[***] in any year") == []
    assert find_money("") == []


def test_words_with_figure_in_brackets_are_one_amount():
    text = "USD 48,650,000 (forty-eight million six hundred and fifty thousand United States Dollars), exclusive"
    (money,) = find_money(text)
    assert money.value == 48_650_000 and money.currency == "USD"
    assert money.quote.endswith("United States Dollars)")


@pytest.mark.parametrize(
    "text, value, quote",
    [
        ("ten per cent (10%)", 10, "ten per cent (10%)"),
        ("0.05% of the final Contract Price", 0.05, "0.05%"),
        ("百分之八", 8, "百分之八"),
        ("按签约合同价的万分之三计算", 0.03, "万分之三"),
        ("千分之五", 0.5, "千分之五"),
        ("百分之零点五", 0.5, "百分之零点五"),
        ("an additional two (2) percent", 2, "two (2) percent"),
        ("8.5 percent", 8.5, "8.5 percent"),
        ("占比8％", 8, "8％"),
    ],
)
def test_percent_forms(text, value, quote):
    (pct,) = find_percentages(text)
    assert (pct.value, pct.quote) == (value, quote)
    assert text[pct.start:pct.end] == quote


def test_percent_basis_english_and_chinese():
    (en,) = find_percentages("shall not exceed an amount equal to five per cent (5%) of the Consideration.")
    assert en.basis == "of the Consideration"
    (zh,) = find_percentages("质量保证金的预留比例为工程价款结算总额的8%，在竣工结算时一次性扣留")
    assert zh.basis == "工程价款结算总额"


@pytest.mark.parametrize(
    "text, value, unit, days, quote",
    [
        ("within thirty (30) days of receipt", 30, "days", 30, "thirty (30) days"),
        ("28 days after", 28, "days", 28, "28 days"),
        ("6 months after Completion", 6, "months", 180, "6 months"),
        ("ten (10) Business Days", 10, "business_days", None, "ten (10) Business Days"),
        ("30 calendar days", 30, "calendar_days", 30, "30 calendar days"),
        ("two weeks", 2, "weeks", 14, "two weeks"),
        ("收到后30日内", 30, "days", 30, "30日"),
        ("7天内", 7, "days", 7, "7天"),
        ("十个工作日内", 10, "working_days", None, "十个工作日"),
        ("缺陷责任期为24个月", 24, "months", 720, "24个月"),
        ("48小时内", 48, "hours", 2, "48小时"),
    ],
)
def test_period_forms(text, value, unit, days, quote):
    (period,) = find_periods(text)
    assert (period.value, period.unit, period.days, period.quote) == (value, unit, days, quote)


def test_chinese_rate_units_and_tenors_are_not_periods():
    assert find_periods("期限最后一天的截止时间为当天24:00时") == []
    assert find_periods("按同期一年期贷款市场报价利率（LPR）支付") == []
    assert [p.quote for p in find_periods("3个月期满后")] == ["3个月"]


def test_chinese_dates_are_not_periods():
    assert find_periods("2024年3月1日") == []
    assert [p.quote for p in find_periods("自2024年3月1日起3年内")] == ["3年"]


def test_spa_limitations_clause(load):
    spa = load("review_cases/spa_a/share_purchase_agreement.md")
    cap = spa.full_text(spa.get_clause("9.1"))
    (pct,) = find_percentages(cap)
    assert (pct.value, pct.basis) == (5, "of the Consideration")
    basket = spa.full_text(spa.get_clause("9.2"))
    assert [(m.value, m.currency) for m in find_money(basket)] == [(150_000, "GBP"), (2_500_000, "GBP"), (2_500_000, "GBP")]
    assert [p.days for p in find_periods(spa.full_text(spa.get_clause("9.3")))] == [180]


def test_chinese_contract_price_and_rates(load):
    zh = load("review_cases/zh_construction/construction_contract.md")
    money = find_money(zh.text)
    assert any(m.value == 342_600_000 and "叁亿肆仟贰佰陆拾万元整（¥342,600,000.00）" in m.quote for m in money)
    delay = zh.full_text(zh.get_clause("7.7"))
    assert [p.value for p in find_percentages(delay)] == [0.03]
    payment = zh.full_text(zh.get_clause("11.5"))
    assert [(p.value, p.unit) for p in find_periods(payment)] == [(90, "days")]


def test_offsets_index_into_a_whole_cuad_contract(load):
    doc = load("cuad/contracts/BIOPURECORP_06_30_1999-EX-10.13-AGENCY AGREEMENT.txt")
    found = find_money(doc.text) + find_percentages(doc.text) + find_periods(doc.text)
    assert any(m.quote == "Five Million Dollars ($5,000,000)" and m.value == 5_000_000 for m in find_money(doc.text))
    for item in found:
        assert doc.text[item.start:item.end] == item.quote


from hypothesis import given, settings
from hypothesis import strategies as st

_PIECES = st.sampled_from([
    "$", "US$", "USD ", "£", "€", "¥", "人民币", "元", "万", "整", "壹", "佰", "三", "十", "%", "％", " per cent", " percent",
    "百分之", "万分之", "(", ")", "（", "）", " ", ",", ".", "1", "0", "5", "1,000", "2.5", " million", "m", " dollars",
    "ten", "thirty", "-", " and ", " days", " Business Days", "日", "天", "个月", "年", "2024", "月", "the", "\n",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_any_text_gives_consistent_quotes(text):
    for found in (find_money(text), find_percentages(text), find_periods(text)):
        for item in found:
            assert text[item.start:item.end] == item.quote
            assert item.value >= 0
        assert all(a.end <= b.start for a, b in zip(found, found[1:]))


def test_continental_figures_are_read_with_dots_for_thousands():
    # a German or Dutch SPA writes its cap as 'EUR 36.000.000,00'; read as 36, a 30% cap looked like nothing
    assert [(m.value, m.currency) for m in find_money("is limited to EUR 36.000.000,00.")] == [(36_000_000.0, "EUR")]
    assert [(m.value, m.currency) for m in find_money("claims exceeding EUR 50.000,00 in the individual case")] == [(50_000.0, "EUR")]
    assert [m.value for m in find_money("a fee of USD 1,500.50")] == [1500.5]  # English decimals are untouched
