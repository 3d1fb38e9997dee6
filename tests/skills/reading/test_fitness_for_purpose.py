"""A designer's or consultant's warranty that the finished work will be fit for its purpose, redrafted: an engineer's
appointment in US style and a PRC 设计合同; a duty of reasonable skill and care, and an express disclaimer of fitness
for purpose, pass."""

import pytest

ENGINEER = """# PROFESSIONAL SERVICES AGREEMENT

This agreement is made between Ridgeway Water Authority (the "Owner") and Castell Engineering LLC (the "Engineer").

## Article 4. Standard of Care

4.1 {duty}
"""

ZH_DESIGN = """# 建设工程设计合同

发包人：江宁水务集团有限公司
设计人：华川工程设计有限公司

第五条 设计质量
5.1 {duty}
"""


@pytest.mark.parametrize("contract, us, duty", [
    (ENGINEER, "Engineer", "The Engineer warrants that the treatment plant, when built to its design, will be fit for the purposes stated in the Owner's brief."),
    (ENGINEER, "Engineer", "The Engineer warrants that the completed facility will achieve the performance requirements in Exhibit B."),
    (ZH_DESIGN, "设计人", "设计人保证按其设计建成的工程满足发包人的使用目的。"),
])
def test_a_warranty_of_fitness_for_purpose_is_flagged_for_the_designer(judged, contract, us, duty):
    result = judged(contract.format(duty=duty), us, filename="appointment.md")["fitness_for_purpose_by_us"]
    assert result.verdict == "RED" and result.severity == "high"


@pytest.mark.parametrize("duty", [
    "The Engineer shall perform the Services with the skill and care ordinarily exercised by engineers practising in the same locality.",
    "The Engineer gives no warranty that the facility will be fit for any purpose.",
])
def test_skill_and_care_or_a_disclaimer_passes(judged, duty):
    result = judged(ENGINEER.format(duty=duty), "Engineer", filename="appointment.md").get("fitness_for_purpose_by_us")
    assert result is None or result.verdict != "RED"
