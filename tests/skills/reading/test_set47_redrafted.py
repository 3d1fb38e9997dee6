"""Set 47's general causes (read after its first run), each redrafted in other words and, where the cause is not
English-only, in Chinese; the fair version of each stays quiet."""

import pytest

SUPPLY = """# SUPPLY AGREEMENT

This Agreement is made between Harbour Fresh Markets Pty Ltd (the "Buyer") and Kellan Bakeries Pty Ltd (the "Supplier").

## 6. Prices and payment

6.2 {sentence}
"""


@pytest.mark.parametrize("sentence, position, flagged", [
    ("The Buyer may amend the Prices or any of the trading terms at any time by giving written notice to the Supplier.",
     "price_set_by_them_for_provider", True),
    ("The Prices may be amended only by written agreement of the parties.", "price_set_by_them_for_provider", False),
    ("The Buyer shall pay each correct invoice within seventy-five (75) days from the end of the calendar month in which it "
     "was received.", "payment_period_for_provider", True),
    ("The Buyer shall pay each correct invoice within forty-five (45) days from the date of the invoice.",
     "payment_period_for_provider", False),
])
def test_a_supplier_whose_buyer_reprices_by_notice_or_pays_long_after_month_end(judged, sentence, position, flagged):
    """Seventy-five days from month end is up to 105 days after the invoice."""
    found = judged(SUPPLY.format(sentence=sentence), "Supplier").get(position)
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_buyer_that_may_vary_the_price_by_notice_in_chinese(judged):
    text = ("# 产品供货合同\n\n采购方（甲方）：广州百汇超市有限公司\n供货方（乙方）：佛山禾丰食品有限公司\n\n第五条 价格\n5.2 甲方有权根据市场情况"
            "随时书面通知乙方调整供货价格及结算条件，调整自通知载明之日起生效。\n")
    found = judged(text, "乙方").get("price_set_by_them_for_provider")
    assert found is not None and found.verdict == "RED", found and found.message


SERVICES = """# MANAGED SERVICES AGREEMENT

This Agreement is made between Torrance Housing Trust (the "Customer") and Vantage Hosting Ltd (the "Supplier").

## Schedule 4 Charges

3. {escalator}
"""


@pytest.mark.parametrize("escalator, flagged", [
    ("On each 1 April the Charges shall increase by the higher of four per cent (4%) and the rise in CPI over the previous "
     "year.", True),
    ("On each 1 April the Charges shall increase by the rise in CPI over the previous year, capped at three per cent (3%).",
     False),
])
def test_an_automatic_rise_with_a_floor_under_the_index(judged, escalator, flagged):
    found = judged(SERVICES.format(escalator=escalator), "Customer").get("fixed_escalator")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("sentence, flagged", [
    ("On expiry the Supplier shall return all Customer Data, but may withhold the Customer Data until all invoices issued "
     "under this Agreement, whether or not disputed, have been paid.", True),
    ("On expiry the Supplier shall return all Customer Data within thirty (30) days, whether or not any invoice remains "
     "unpaid.", False),
])
def test_our_data_held_until_every_invoice_is_paid_is_a_lien(judged, sentence, flagged):
    text = SERVICES.split("## Schedule 4")[0] + "## 25. Exit\n\n25.3 " + sentence + "\n"
    found = judged(text, "Customer").get("general_lien")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


DISTRIBUTION_HK = """# 獨家經銷協議

供應商：恒達電子有限公司（「供應商」）
經銷商：啟明貿易有限公司（「經銷商」）

第2條 委任
2.1 供應商委任經銷商為產品在區域內的獨家經銷商。
2.2 在協議期內，供應商不得委任任何其他人士在區域內經銷產品。
2.3 {reserve}
"""


@pytest.mark.parametrize("reserve, flagged", [
    ("供應商有權在區域內自行或透過其關聯公司向任何客戶銷售產品，而無須向經銷商支付任何補償。", True),
    ("供應商可在區域外自行銷售產品，但不得向區域內的客戶供貨。", False),
])
def test_a_supplier_that_keeps_selling_in_an_exclusive_territory_in_chinese(judged, reserve, flagged):
    found = judged(DISTRIBUTION_HK.format(reserve=reserve), "經銷商").get("direct_sales_in_our_territory")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("sentence, flagged", [
    ("乙方应赔偿甲方因此遭受的全部损失，包括间接损失和商誉损失，且上述赔偿不受本协议约定的任何赔偿限额的限制。", True),
    ("乙方应赔偿甲方因此遭受的直接损失，但累计赔偿总额以本协议项下已收取的服务费为限。", False),
])
def test_a_suppliers_liability_freed_of_every_cap_in_chinese(judged, sentence, flagged):
    text = "# 软件服务协议\n\n甲方：杭州星河零售有限公司\n乙方：杭州云犀科技有限公司\n\n第十条 违约责任\n10.2 " + sentence + "\n"
    found = judged(text, "乙方").get("our_liability_unlimited")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_customers_convenience_exit_free_of_liability_on_short_notice(judged):
    """'甲方无需就提前解除承担任何违约责任' frees the exit of liability; it is no termination for breach."""
    text = ("# 软件服务协议\n\n甲方：杭州星河零售有限公司\n乙方：杭州云犀科技有限公司\n\n第十一条 解除\n11.3 甲方可随时提前十日书面通知乙方解除"
            "本协议，甲方无需就提前解除承担任何违约责任。\n")
    found = judged(text, "乙方").get("termination_convenience_for_provider")
    assert found is not None and found.verdict == "RED", found and found.message
