"""Set 38's general causes, each redrafted in other words and, where it applies, the other language; the fair
version of each stays quiet."""

import pytest

JV_ZH = """# 合资经营合同

甲方：江苏华瑞化工集团有限公司
乙方：常州新材科技有限公司

第九条 增资
9.2 {pre_emption}

第十一条 随售
11.1 {tag}

第十二条 领售
12.1 {drag}
"""


def test_a_sale_the_majority_may_require_of_us_is_a_drag(judged):
    contract = JV_ZH.format(
        pre_emption="各方有权按出资比例优先认缴新增资本，并应在收到认缴通知之日起三十日内书面确认。",
        tag="甲方向第三方转让股权的，乙方有权（但无义务）按相同价格和条件一并出售其股权。",
        drag="甲方向第三方转让其全部股权的，甲方有权要求乙方按照同等价格及条件将其所持全部股权一并转让给该第三方。")
    results = judged(contract, "乙方", domain="sha_spa")
    drag = results.get("sha_drag_along")
    assert drag is not None and drag.clause_id == "12.1", drag and drag.message
    # a right 'but not the obligation' is a right, not a tag-along denied
    assert "sha_tag_denied" not in results
    assert results["sha_tag_along"].verdict == "GREEN"


@pytest.mark.parametrize("window, flagged", [("七日", True), ("三十日", False)])
def test_a_short_window_to_take_up_new_shares_from_the_notice(judged, window, flagged):
    contract = JV_ZH.format(
        pre_emption=f"各方有权按出资比例优先认缴新增资本，但应在甲方发出认缴通知之日起{window}内书面确认；逾期视为放弃。",
        tag="甲方向第三方转让股权的，乙方有权按相同价格和条件一并出售其股权。",
        drag="甲方拟转让股权的，应事先书面通知乙方。")
    found = judged(contract, "乙方", domain="sha_spa")["sha_pre_emption"]
    assert (found.verdict == "YELLOW") == flagged, found.message


SUPPLY_EN = """# SUPPLY AGREEMENT

This Agreement is made between Kellmore Foods plc (the "Buyer") and Ravensby Packaging Ltd (the "Supplier").

## 9. Inspection

9.4 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("The Buyer's test results on any batch shall be conclusive, and the Supplier may not dispute them.", True),
    ("If the parties disagree on a test result, either may refer the batch to an independent laboratory, whose "
     "findings shall be final and binding.", False),
])
def test_a_test_result_the_other_side_makes_final(judged, sentence, flagged):
    found = judged(SUPPLY_EN.format(sentence=sentence), "Supplier").get("their_determination_final")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_an_indemnity_whether_or_not_our_goods_were_defective(judged):
    contract = SUPPLY_EN.replace("## 9. Inspection", "## 14. Recall").replace(
        "9.4 {sentence}", "14.3 The Supplier shall indemnify the Buyer against all costs of any recall of the Buyer's "
                          "products, whether or not the recall results from a defect in the Supplier's goods.")
    found = judged(contract, "Supplier").get("indemnity_their_fault")
    assert found is not None and found.verdict == "RED", found and found.message


SHA_EN = """# SHAREHOLDERS' AGREEMENT

This Agreement is made between Larchfield Ventures Fund II LP (the "Investor"), Dana Okafor (the "Founder") and
Quayside Analytics Pte. Ltd. (the "Company").

## 1. Definitions

1.1 In this Agreement:

"Exempt Issues" means:

(a) Shares issued under the ESOP;

(b) any other securities issued on such terms as the Board may determine; and

"Founder Shares" means the Shares held by the Founder.

## 7. Pre-emption

7.1 Other than Exempt Issues, any new Shares shall first be offered to the Shareholders in proportion to their
holdings for twenty (20) Business Days.

## 14. Restrictions

14.2 {restraint}
"""


def test_a_carve_out_in_a_listed_definition_reaches_the_pre_emption_clause(judged):
    contract = SHA_EN.format(restraint="The Founder shall not compete with the Company while a Shareholder.")
    found = judged(contract, "Investor", domain="sha_spa").get("sha_pre_emption_carve_out")
    assert found is not None and found.verdict == "RED" and found.clause_id == "7.1", found and found.message
    assert "such terms as the Board may determine" in found.evidence  # the definition's item, the words to change


@pytest.mark.parametrize("restraint, flagged", [
    ("For two years after it ceases to hold Shares, the Investor shall not, and shall procure that none of its "
     "Affiliates shall, invest in any Competing Business.", True),
    ("No Shareholder shall, while it holds Shares, carry on any Competing Business.", False),
])
def test_a_restraint_on_the_investor(judged, restraint, flagged):
    found = judged(SHA_EN.format(restraint=restraint), "Investor", domain="sha_spa").get("sha_investor_restraint")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_definition_that_excludes_background_far_down_its_list(judged):
    contract = """# SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made between Corrib Health DAC (the "Client") and Tessellate Software Ltd (the "Developer").

## 1. Definitions

1.1 "Custom Software" means all software developed by the Developer for the Client under this Agreement, including
all releases and modifications, but excluding third-party components and the Developer's Background IPR.

## 12. Intellectual Property

12.2 The Intellectual Property Rights in the Custom Software shall belong to the Developer absolutely.
"""
    found = judged(contract, "Client").get("ip_ownership")
    assert found is not None and found.verdict == "RED", found and found.message


@pytest.mark.parametrize("contract, us, sentence, flagged", [
    ("# WAREHOUSING AGREEMENT\n\nThis Agreement is made between Tasman Retail Ltd (the \"Customer\") and Portside Storage "
     "Ltd (the \"Warehouse\").\n\n## 6. Stock\n\n6.3 {sentence}\n", "Customer",
     "The Warehouse shall not be liable for stock losses within a shrinkage tolerance of three per cent (3%) a year.", True),
    ("# 仓储合同\n\n存货人：宁波海悦贸易有限公司\n保管人：宁波港储物流有限公司\n\n第六条 损耗\n6.3 {sentence}\n", "存货人",
     "货物年度合理损耗率为千分之三，超出部分由保管人赔偿。", False),
    ("# 委托加工合同\n\n委托方：深圳澜湾电子有限公司\n受托方：东莞精拓电子有限公司\n\n第三条 来料\n3.4 {sentence}\n", "委托方",
     "来料按照投料数量的百分之六计算定额损耗，定额内损耗由委托方承担。", True),
])
def test_a_loss_allowance_on_our_goods(judged, contract, us, sentence, flagged):
    found = judged(contract.format(sentence=sentence), us).get("loss_allowance")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_periods_under_a_day_read_in_hours():
    from paralaw.skills.positions.judge import days_in_words

    assert [days_in_words(d) for d in (4 / 24, 1 / 24, 2, 30)] == ["4 hours", "one hour", "2 days", "one month"]


def test_a_table_row_states_its_own_figures(assert_read_as):
    from paralaw.skills.reading.reader import Party, SentenceReader

    table = ("| KPI | Target |\n|---|---|\n| Inventory accuracy | 99.8% by unit count, with a shrinkage tolerance of "
             "0.1% of units handled |\n| Order accuracy | 99.7% |")
    read = assert_read_as(SentenceReader((Party("Provider", ()), Party("Customer", ()))), table, "allow_loss")
    assert [q.value for q in read[0].quantities if q.kind == "percent"][0] == 0.1


@pytest.mark.parametrize("sentence, flagged", [
    ("自第二年起，运维服务费按乙方当年公布的收费标准执行，乙方可以每年上调一次。", True),
    ("运维服务费在合同期内固定不变。", False),
])
def test_a_fee_the_other_side_may_raise_each_year(judged, sentence, flagged):
    contract = "# 软件许可使用协议\n\n甲方：无锡恒远制药有限公司\n乙方：上海数智软件有限公司\n\n第六条 费用\n6.2 " + sentence + "\n"
    found = judged(contract, "甲方").get("price_changes")
    assert (found is not None and found.verdict in ("RED", "YELLOW")) == flagged, found and found.message
