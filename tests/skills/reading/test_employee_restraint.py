"""An employee's non-compete, read on an employment contract whatever it is called: a UK service agreement for a
director, a US offer letter's covenant, and a PRC 劳动合同's 竞业限制. Two years is flagged for the employee; six months
passes; and an employment contract is not judged by the positions written for commercial contracts."""

import pytest

UK_SERVICE = """# EMPLOYMENT AGREEMENT

This agreement is made between Corran Analytics Limited (the "Company") and Priya Nair (the "Employee").

1. The Employee shall serve as Head of Data Science.

14. Restrictions

14.1 The Employee shall not, for a period of {period} after the Termination Date, be engaged in any business which competes with the Company.
"""

ZH_LABOUR = """# 劳动合同

甲方（用人单位）：澄海智能科技有限公司
乙方（劳动者）：林晓

第十条 竞业限制
乙方在劳动合同解除或终止后{period}内，不得到与甲方生产或者经营同类产品、从事同类业务的有竞争关系的其他用人单位任职。
"""


@pytest.mark.parametrize("contract, us, long, short", [
    (UK_SERVICE, "Employee", "twenty-four months", "six months"),
    (ZH_LABOUR, "乙方", "二十四个月", "六个月"),
])
def test_a_two_year_non_compete_is_flagged_for_the_employee_and_six_months_passes(judged, contract, us, long, short):
    flagged = judged(contract.format(period=long), us, filename="employment.md")["employee_restraint"]
    assert flagged.verdict == "RED" and flagged.severity == "high"
    assert judged(contract.format(period=short), us, filename="employment.md")["employee_restraint"].verdict == "GREEN"


def test_commercial_positions_stay_off_an_employment_contract(judged):
    results = judged(UK_SERVICE.format(period="twenty-four months"), "Employee", filename="employment.md")
    for commercial in ("restraint_after_term", "insurance", "force_majeure", "data_return"):
        assert commercial not in results or results[commercial].verdict == "NOT_APPLICABLE", commercial
