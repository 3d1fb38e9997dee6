"""An employee's (or a supplier's) termination "for Cause" where the definition of Cause lets the other side decide
what it is: the discretion stands in the definition and is carried into the termination that uses the term, and
the finding quotes the definition. Drafted as a US executive agreement, a UK consultancy and a PRC 劳动合同; a
definition listing objective causes passes. Also: "shall not ... own, manage or be employed by any business that
engages in" our line of business is a non-compete."""

import pytest

US = """# EMPLOYMENT AGREEMENT

This Employment Agreement is entered into by Northgale Robotics, Inc. (the "Company") and Dana Whitlow (the "Employee").

## ARTICLE I DEFINITIONS

Section 1.01 "Cause" means (a) the Employee's conviction of a felony; (b) the Employee's willful misconduct; or (c) {extra}.

## ARTICLE IV TERMINATION

Section 4.02 The Company may terminate the Employee's employment for Cause with immediate effect by written notice.

## ARTICLE VI COVENANTS

Section 6.01 For eighteen (18) months after the Termination Date, the Employee shall not own, manage, operate or be employed by any business that engages in the design of warehouse robots.
"""

ZH = """# 劳动合同

甲方（用人单位）：苏州澄川智能装备有限公司
乙方（劳动者）：周启明

第一条 定义
1.1 "严重违纪"：指乙方{extra}的行为。

第九条 合同的解除
9.2 乙方严重违纪的，甲方有权立即解除本合同，且无需支付任何经济补偿。
"""


@pytest.mark.parametrize("contract, us, unfair, fair, clause", [
    (US, "Employee", "any other act or omission that the Company, in its sole discretion, considers detrimental to its business",
     "a material breach of this Agreement not cured within thirty (30) days after written notice", "4.02"),
    (ZH, "乙方", "违反甲方规章制度且经甲方自行决定认定为情节严重", "严重违反经民主程序制定并已公示的规章制度，且经查证属实", "9.2"),
])
def test_cause_the_other_side_decides_is_flagged_at_the_definition(judged, contract, us, unfair, fair, clause):
    found = judged(contract.format(extra=unfair), us, filename="employment.md")["termination_cause_at_their_discretion"]
    assert found.verdict == "RED" and found.clause_id == clause
    assert unfair[:12] in found.evidence  # the words to change are the definition's
    assert "termination_cause_at_their_discretion" not in judged(contract.format(extra=fair), us, filename="employment.md")


def test_owning_or_working_for_a_business_that_engages_in_ours_is_a_non_compete(judged):
    found = judged(US.format(extra="fraud"), "Employee", filename="employment.md")["employee_restraint"]
    assert found.verdict == "RED" and found.clause_id == "6.01"
