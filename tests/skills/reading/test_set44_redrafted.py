"""Set 44's general causes (read after its first run), each redrafted in other words; the fair version of each stays
quiet."""

import pytest

DISTRIBUTION_TW = """# 經銷合約書

立合約書人：

恆光照明股份有限公司（以下簡稱「甲方」）
北辰貿易有限公司（以下簡稱「乙方」）

緣甲方為LED燈具之生產商，乙方有意於約定區域內經銷甲方產品，雙方同意訂立本合約，條款如下：

第三條 保固
乙方應負責其轄區內之保固維修，並得向甲方請領維修工資。
一、甲方授權乙方於約定區域內使用甲方商標。
二、乙方依前項提供保固維修之工資，甲方應依附件一所列標準按月支付予乙方。

第四條 付款
乙方應於每月月底結算當月進貨金額，並於次月底前支付予甲方。
五、甲方得要求乙方提供新臺幣伍拾萬元之銀行履約保證，作為乙方付款義務之擔保。

第十八條 終止
{termination}

第二十條 競業禁止
{restraint}
"""

FAIR = dict(termination="任一方違反本合約，經他方書面催告三十日內仍未改善者，他方得終止本合約。",
            restraint="本合約有效期間內，乙方不得經銷與本產品相同之產品。")


def test_a_distributor_named_only_b_is_the_buyer_the_recital_says(judged):
    """'緣甲方為LED燈具之生產商': the maker supplies, so 乙方 is the distributor that buys."""
    unfair = {**FAIR, "termination": "甲方得隨時以三十日前之書面通知終止本合約，乙方不得請求任何補償。"}
    found = judged(DISTRIBUTION_TW.format(**unfair), "乙方")["termination_convenience"]
    assert found.verdict == "RED", found.message
    fair = judged(DISTRIBUTION_TW.format(**FAIR), "乙方").get("termination_convenience")
    assert fair is None or fair.verdict != "RED"


@pytest.mark.parametrize("restraint, flagged", [
    ("本合約終止或期滿後三年內，乙方不得於中華民國境內製造、經銷或代理與本產品相同或類似之產品。", True),
    (FAIR["restraint"], False),
])
def test_a_restraint_on_making_or_dealing_in_similar_products(judged, restraint, flagged):
    found = judged(DISTRIBUTION_TW.format(**{**FAIR, "restraint": restraint}), "乙方").get("restraint_after_term")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


ADVERTISING_ZH = """# 广告发布合同

甲方（广告主）：上海澄明化妆品有限公司
乙方（发布者）：上海星屏传媒有限公司

第七条 取消
7.1 {cancellation}

附件二 补播规则
四、{makegood}
"""

FAIR_ZH = dict(cancellation="甲方取消尚未发布的广告的，应提前十五日书面通知乙方，并支付乙方已实际发生的制作费用。",
               makegood="乙方漏播的，应予补播；补播不影响甲方要求退还相应费用或赔偿损失的权利。")


@pytest.mark.parametrize("field, unfair, position", [
    ("cancellation", "甲方取消全部或部分尚未发布的广告的，已付款项不予退还，且甲方应按被取消部分广告费用的百分之百支付取消费。",
     "convenience_exit_fee"),
    ("makegood", "乙方完成补播的，即视为已完全履行发布义务，乙方无须承担其他责任，甲方不得要求退款或赔偿。", "sole_remedy_credits"),
])
def test_an_advertisers_cancellation_fee_and_make_good_as_the_only_remedy(judged, field, unfair, position):
    found = judged(ADVERTISING_ZH.format(**{**FAIR_ZH, field: unfair}), "甲方").get(position)
    assert found is not None and found.verdict == "RED", found and found.message
    fair = judged(ADVERTISING_ZH.format(**FAIR_ZH), "甲方").get(position)
    assert fair is None or fair.verdict != "RED", fair.message


NDA_ZH = """# 保密协议

甲方：北京明德科技有限公司
乙方：北京远川数据有限公司

第五条 其他
5.4 {residuals}
"""


@pytest.mark.parametrize("residuals, flagged", [
    ("接收方人员凭记忆保留的任何信息，接收方均可自由使用。", True),
    ("接收方人员凭记忆保留的一般性技能和经验不受限制，但该等内容不包括具体的保密信息本身。", False),
])
def test_general_skills_kept_are_no_residuals_clause(judged, residuals, flagged):
    found = judged(NDA_ZH.format(residuals=residuals), "甲方").get("nda_residuals")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_sum_in_words_with_a_comma_after_the_millions():
    from paralaw.skills.text.amounts import find_money

    found = find_money("the sum of three million, four hundred and twenty thousand euro (€3,420,000)")
    assert [m.value for m in found] == [3420000.0]


SHA = """# SHAREHOLDERS' AGREEMENT

This Agreement is made between Harrow Seed Fund LP (the "Investor"), Dana Cole and Sam Price (the "Founders") and
Quill Labs Limited (the "Company").

## 12. Vesting

12.2 The Founder Shares of each Founder shall vest as follows:

(a) 25 per cent on the first anniversary of Completion; and

(b) the remaining 75 per cent in 36 equal monthly instalments thereafter.

## Schedule 4 Limitations on the Founders' liability

1. The aggregate liability of each Founder for all Warranty Claims shall not exceed an amount equal to {cap}.

2. No Founder shall be liable for a Warranty Claim unless notice is given within 18 months of Completion.
"""


@pytest.mark.parametrize("cap, capped", [
    ("two times his or her gross annual salary", True),
    ("one times the Founder's annual base salary", True),
    ("the losses the Investor suffers", False),
])
def test_a_founders_cap_measured_by_salary_is_a_cap(cap, capped):
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.sha_spa.indemnity_analysis import IndemnityInput, indemnity_analysis

    structure = parse_document_text(SHA.format(cap=cap), filename="sha.md")
    out = indemnity_analysis(IndemnityInput(document_structure=structure, our_party="Founders"))
    assert bool(out.caps) == capped, out.caps

