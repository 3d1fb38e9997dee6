"""Set 40's general causes, each redrafted in other words and, where it applies, the other language; the fair
version of each stays quiet."""

import pytest

RESELLER = """# RESELLER AGREEMENT

This Agreement is made between Orlen Audio Ltd (the "Principal") and Brackwater Trading Ltd (the "Reseller").

## 1. Definitions

1.1 **"House Accounts"**: the customers listed in Schedule 1{designate}.

## 2. Appointment

2.1 The Principal appoints the Reseller as its {kind} reseller of the Products in the Territory.

2.2 This Clause shall not prevent the Principal from selling products to any House Account, whether directly or through any agent.

## 12. After termination

12.3 {restraint}
"""

FAIR_RESTRAINT = "For six (6) months after termination the Reseller shall not use the Principal's trade marks."


@pytest.mark.parametrize("months, flagged", [("thirty (30)", True), ("three (3)", False)])
def test_a_restraint_whose_modal_stands_far_before_its_verbs(judged, months, flagged):
    restraint = (f"For {months} months after this Agreement ends, the Reseller shall not, in the Territory or elsewhere, "
                 "whether alone or together with or for the benefit of any other person or firm, market, sell or "
                 "supply any Competing Goods.")
    contract = RESELLER.format(designate="", kind="non-exclusive", restraint=restraint)
    found = judged(contract, "Reseller").get("restraint_after_term")
    assert found is not None and (found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("designate, kind, verdict", [
    (" and any other customer or group of customers in the Territory which the Principal may designate by notice from time to time",
     "exclusive", "RED"),
    ("", "non-exclusive", "YELLOW"),
])
def test_a_right_kept_by_saying_a_clause_shall_not_prevent_it(judged, designate, kind, verdict):
    contract = RESELLER.format(designate=designate, kind=kind, restraint=FAIR_RESTRAINT)
    found = judged(contract, "Reseller")["direct_sales_in_our_territory"]
    assert found.verdict == verdict and found.clause_id == "2.2", found.message


DISTRIBUTION_ZH = """# 独家经销合同

供应商：瑞安电器有限公司
经销商：华信商贸有限公司

第二条 委任
2.1 供应商指定经销商为其在区域内的独家经销商。

第四条 采购目标
4.2 {sentence}

第十三条 终止
13.4 {goodwill}
"""


@pytest.mark.parametrize("sentence, verdict", [
    ("经销商年度采购额未达到年度采购目标的，双方应协商改进方案；协商不成的，供应商有权将经销商的独家经销权变更为非独家经销权。", "GREEN"),
    ("供应商有权随时书面通知将经销商的独家经销权变更为非独家经销权。", "RED"),
])
def test_exclusivity_lost_for_a_missed_target_is_the_fair_remedy(judged, sentence, verdict):
    contract = DISTRIBUTION_ZH.format(sentence=sentence, goodwill="本合同终止后，双方应在三十日内结清货款。")
    found = judged(contract, "经销商")["direct_sales_in_our_territory"]
    assert found.verdict == verdict, found.message


@pytest.mark.parametrize("goodwill, severity", [
    ("本合同期满终止的，双方均无需就商誉或客户资源向对方支付任何补偿。", "low"),
    ("本合同因任何原因终止的，供应商无需向经销商支付任何商誉补偿。", "high"),
])
def test_a_mutual_goodwill_waiver_is_no_one_sided_waiver(judged, goodwill, severity):
    contract = DISTRIBUTION_ZH.format(sentence="经销商应完成年度采购目标。", goodwill=goodwill)
    found = judged(contract, "经销商")["goodwill_compensation_waived"]
    assert found.severity == severity, found.message


LOAN_ZH = """# 流动资金借款合同

贷款人：恒丰商业银行股份有限公司
借款人：青禾食品有限公司

第七条 还款
7.2 {demand}
7.4 {prepay}

第十九条 违约事件
19.3 借款人或其任何关联公司的任何其他借款或融资到期未偿还的，构成违约事件。{threshold}
"""

FAIR_DEMAND = "借款人发生本合同约定的违约事件的，贷款人可书面通知借款人，要求借款人偿还全部借款。"
FAIR_PREPAY = "借款人可提前十个工作日书面通知贷款人，提前偿还全部或部分借款。"


@pytest.mark.parametrize("demand, flagged", [
    ("贷款人可随时视其资金安排书面通知借款人，要求借款人归还全部借款。", True),
    (FAIR_DEMAND, False),
])
def test_a_term_loan_repayable_whenever_the_lender_asks(judged, demand, flagged):
    contract = LOAN_ZH.format(demand=demand, prepay=FAIR_PREPAY, threshold="前款所述借款金额超过人民币五百万元的方构成违约事件。")
    found = judged(contract, "借款人").get("loan_on_demand")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_no_voluntary_prepayment_in_the_first_year(judged):
    contract = LOAN_ZH.format(demand=FAIR_DEMAND, prepay="首个借款年度内，借款人不得自愿预付本金。",
                              threshold="前款所述借款金额超过人民币五百万元的方构成违约事件。")
    assert judged(contract, "借款人")["prepayment_barred"].verdict == "RED"


@pytest.mark.parametrize("threshold, verdict", [
    ("前述情形无论金额大小，均构成违约事件，且借款包括日常经营中的应付账款。", "RED"),
    ("前款所述借款金额超过人民币五百万元的方构成违约事件。", "GREEN"),
])
def test_a_cross_default_with_no_minimum_at_all(judged, threshold, verdict):
    contract = LOAN_ZH.format(demand=FAIR_DEMAND, prepay=FAIR_PREPAY, threshold=threshold)
    found = judged(contract, "借款人")["cross_default_threshold"]
    assert found.verdict == verdict, found.message
    assert verdict != "RED" or found.severity == "high", found.message


DPA_ZH = """# 数据处理协议

委托方：云岭保险代理有限公司
受托方：启明客服外包有限公司

第六条 再委托
{sub}

第九条 数据返还与删除
{keep}
"""


@pytest.mark.parametrize("sub, verdict", [
    ("受托方可自行委托再受托方处理委托方的个人信息，无需取得委托方同意。", "RED"),
    ("受托方委托再受托方处理个人信息的，须事先取得委托方书面同意。", "GREEN"),
])
def test_a_processor_appointing_its_own_processors(judged, sub, verdict):
    contract = DPA_ZH.format(sub=sub, keep="合同终止后，受托方应删除全部个人信息。")
    found = judged(contract, "委托方").get("subprocessor_changes")
    assert (found is not None and found.verdict == "RED") == (verdict == "RED"), found and found.message


@pytest.mark.parametrize("keep, flagged", [
    ("受托方可保留去标识化后的个人信息副本两年，用于其算法模型训练。", True),
    # statistics that identify no one, to improve the service, are the norm
    ("受托方可在无法识别委托方及任何个人的前提下，对服务运行数据进行汇总统计，用于改进服务。", False),
])
def test_a_processor_keeping_our_data_to_train_its_models(judged, keep, flagged):
    contract = DPA_ZH.format(sub="受托方委托再受托方处理个人信息的，须事先取得委托方书面同意。", keep=keep)
    found = judged(contract, "委托方").get("our_data_for_their_purposes")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


INVESTMENT_ZH = """# 增资协议

投资方：景行创业投资合伙企业（有限合伙）
目标公司：博远智能科技有限公司

第五条 先决条件
5.1 原股东已就本次增资放弃优先认缴权。

第十条 反稀释
10.1 目标公司以低于投资单价的价格增加注册资本的，投资方有权要求调整其投资单价。
10.2 以下情况不适用第10.1条约定的价格调整：（一）员工持股计划；{carve_out}
"""


@pytest.mark.parametrize("carve_out, flagged", [
    ("（二）经董事会决议通过的其他任何融资。", True),
    ("（二）全体股东同比例转增注册资本。", False),
])
def test_an_anti_dilution_carve_out_for_whatever_the_board_approves(judged, carve_out, flagged):
    results = judged(INVESTMENT_ZH.format(carve_out=carve_out), "投资方", domain="sha_spa")
    found = results.get("sha_anti_dilution_carve_out")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
    # the existing shareholders waiving pre-emption for this very round is no pre-emption denied
    pre_emption = results.get("sha_pre_emption")
    assert pre_emption is None or pre_emption.verdict != "RED", pre_emption.message


DEV = """# SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made between Wexford Freight Ltd (the "Customer") and Ostrava Code s.r.o. (the "Developer").

## 1. Definitions

1.4 "Acceptance" means the earliest of: (a) the Customer signing an acceptance certificate; (b) the expiry of {days} after delivery without a written notice of rejection from the Customer.
"""


@pytest.mark.parametrize("days, verdict", [("five (5) Business Days", "YELLOW"), ("twenty (20) Business Days", "GREEN")])
def test_acceptance_defined_to_include_silence(judged, days, verdict):
    found = judged(DEV.format(days=days), "Customer")["deemed_acceptance"]
    assert found.verdict == verdict and found.clause_id == "1.4", found.message


DEV_ZH = """# 软件开发合同

甲方：北辰物流有限公司
乙方：智码软件有限公司

一、定义
1.5 “终验通过”：指下列情形之一：（1）甲方签署终验证书；（2）乙方提交终验申请后{days}内甲方未书面提出异议。
"""


@pytest.mark.parametrize("days, verdict", [("二日", "RED"), ("十五个工作日", "GREEN")])
def test_acceptance_defined_to_include_silence_in_chinese(judged, days, verdict):
    found = judged(DEV_ZH.format(days=days), "甲方")["deemed_acceptance"]
    assert found.verdict == verdict, found.message


NDA = """# MUTUAL NON-DISCLOSURE AGREEMENT

This Agreement is made between Helix Platforms Inc. ("Helix") and Nova Robotics Inc. ("Nova").

## 6. Feedback

{sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("Nova hereby assigns to Helix all rights, title and interest in any feedback or suggestions Nova provides about "
     "Helix's products.", True),
    ("Feedback is given voluntarily, and neither party acquires any right in the other's intellectual property under "
     "this Agreement.", False),
])
def test_feedback_assigned_to_the_other_side_under_an_nda(judged, sentence, flagged):
    found = judged(NDA.format(sentence=sentence), "Nova").get("nda_feedback_assigned")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
