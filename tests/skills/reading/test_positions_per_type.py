"""Positions a practitioner checks first for an employee, a tenant and a patent licensee, each drafted here in words of
its own and in Chinese; the fair version of each stays quiet. Also the two readings they rest on: a definition that
lists its cases carries the case that decides, and a sentence that speaks of a right through the term the right's
sentence defines ('A Break Notice shall be of no effect if ...') conditions that right."""

import pytest

EMPLOYMENT = """# EMPLOYMENT AGREEMENT

This Agreement is made between Pellow Analytics Inc. (the "Company") and Dana Whitcombe (the "Employee").

## 1. Definitions

1.1 In this Agreement:

"Cause" means any of the following:

(a) the Employee's conviction of a felony;

(b) the Employee's material breach of this Agreement, not cured within fifteen (15) days after written notice; or

(c) {cause_case}

"Salary" means the Employee's annual base salary under clause 3.1.

## 3. Pay

3.1 The Company shall pay the Employee a Salary of USD 180,000 a year in equal monthly instalments.

3.4 {clawback}

3.5 {role}

## 6. Termination

6.1 The Company may terminate the Employee's employment for Cause by written notice.

6.2 The Company may terminate the Employee's employment without Cause on sixty (60) days' written notice.
"""

FAIR_CAUSE = "the Employee's wilful misconduct causing material harm to the Company."
FAIR_CLAWBACK = ("Incentive pay is subject to recovery only under the clawback policy the Company adopts to comply with "
                 "applicable securities law.")
FAIR_ROLE = "The Employee shall report to the Chief Technology Officer."


def _employment(cause_case=FAIR_CAUSE, clawback=FAIR_CLAWBACK, role=FAIR_ROLE) -> str:
    return EMPLOYMENT.format(cause_case=cause_case, clawback=clawback, role=role)


@pytest.mark.parametrize("cause_case, verdict", [
    ("any conduct that the Company, acting in its absolute discretion, regards as harmful to its standing.", "RED"),
    (FAIR_CAUSE, "GREEN"),
])
def test_a_cause_case_the_employer_judges_alone(judged, cause_case, verdict):
    found = judged(_employment(cause_case=cause_case), "Employee").get("termination_cause_at_their_discretion")
    assert (found.verdict if found is not None else "GREEN") == verdict, found and found.message
    if verdict == "RED":  # the case that decides is quoted alone, not the whole definition
        assert found.evidence.startswith("(c) any conduct") and "felony" not in found.evidence
        assert "fifteen" not in found.message  # the cure period of another case is no notice of this one


@pytest.mark.parametrize("clawback, flagged", [
    ("If the Company considers that the Employee has acted against its interests, it may recoup from the Employee any "
     "bonus paid in the previous two years.", True),
    (FAIR_CLAWBACK, False),
])
def test_a_clawback_at_the_employers_judgment(judged, clawback, flagged):
    found = judged(_employment(clawback=clawback), "Employee").get("employee_clawback_at_will")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("role, flagged", [
    ("The Company may, at its sole discretion, vary the Employee's title and duties.", True),
    ("The Company may reduce the Salary where it decides, in its absolute discretion, that business conditions require.",
     True),
    (FAIR_ROLE, False),
])
def test_role_or_pay_changed_at_the_employers_will(judged, role, flagged):
    found = judged(_employment(role=role), "Employee").get("employer_changes_role_at_will")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


LABOUR_ZH = """# 劳动合同

用人单位（甲方）：杭州恒远科技有限公司
劳动者（乙方）：李明

第三条 工作内容和工作地点
{role}

第五条 劳动报酬
5.1 甲方每月15日前以货币形式支付乙方工资人民币30,000元。
5.3 {clawback}
"""


@pytest.mark.parametrize("role, clawback, position", [
    ("甲方有权根据生产经营需要调整乙方的工作岗位和工作地点，乙方应当服从。", "乙方的年终奖按公司制度发放。",
     "employer_changes_role_at_will"),
    ("乙方的工作岗位为研发总监，工作地点为杭州。", "甲方认为乙方存在损害公司利益行为的，有权追回已发放的年终奖。",
     "employee_clawback_at_will"),
])
def test_the_same_in_a_chinese_labour_contract(judged, role, clawback, position):
    results = judged(LABOUR_ZH.format(role=role, clawback=clawback), "乙方")
    assert results[position].verdict == "RED", results[position].message
    fair = judged(LABOUR_ZH.format(role="乙方的工作岗位为研发总监，工作地点为杭州。", clawback="乙方的年终奖按公司制度发放。"),
                  "乙方")
    assert position not in fair or fair[position].verdict == "GREEN"


LICENCE = """# PATENT LICENCE AGREEMENT

This Agreement is made between Norhaven Therapeutics Ltd (the "Licensor") and Calder Bio Inc. (the "Licensee").

## 2. Grant

2.1 The Licensor grants the Licensee a non-exclusive licence under the Licensed Patents to make and sell Products.

## 5. Royalties

5.1 {royalty}

5.2 {sublicence}
"""


@pytest.mark.parametrize("royalty, flagged", [
    ("The Licensee shall pay a royalty of 5% of Net Sales of each Product, and royalties shall remain payable after the "
     "expiry or revocation of the Licensed Patents for as long as the Product is sold.", True),
    ("The Licensee shall pay a royalty of 5% of Net Sales of each Product whether or not any Licensed Patent remains "
     "in force in the country of sale.", True),
    ("The Licensee shall pay a royalty of 5% of Net Sales of each Product sold while a Valid Claim covers it.", False),
])
def test_royalties_after_the_patents_expire(judged, royalty, flagged):
    found = judged(LICENCE.format(royalty=royalty, sublicence=""), "Licensee").get("royalty_beyond_patent")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("sublicence, verdict", [
    ("The Licensee shall pay the Licensor sixty per cent (60%) of all amounts received from any Sublicensee.", "RED"),
    ("The Licensee shall pay the Licensor forty per cent (40%) of Sublicense Revenue.", "YELLOW"),
    ("The Licensee shall pay the Licensor fifteen per cent (15%) of Sublicense Revenue.", "GREEN"),
])
def test_the_licensors_share_of_sublicence_income(judged, sublicence, verdict):
    found = judged(LICENCE.format(royalty="", sublicence=sublicence), "Licensee")["sublicence_income_share"]
    assert found.verdict == verdict, found.message


PATENT_ZH = """# 专利实施许可合同

许可方（甲方）：北京瑞丰医疗器械有限公司
被许可方（乙方）：苏州康宁医疗科技有限公司

第六条 使用费及支付方式
6.1 乙方应按合同产品年销售额的百分之五向甲方支付提成费。
6.2 {royalty}
6.3 {sublicence}
"""


def test_the_same_in_a_chinese_patent_licence(judged):
    results = judged(PATENT_ZH.format(royalty="本合同许可专利的专利权期限届满后，乙方仍应继续按第6.1条支付提成费。",
                                      sublicence="乙方应将分许可收入的百分之七十支付给甲方。"), "乙方")
    assert results["royalty_beyond_patent"].verdict == "RED"
    assert results["sublicence_income_share"].verdict == "RED"
    fair = judged(PATENT_ZH.format(royalty="专利权期限届满或被宣告无效的，乙方自该日起不再支付提成费。",
                                   sublicence="乙方应将分许可收入的百分之二十支付给甲方。"), "乙方")
    assert "royalty_beyond_patent" not in fair or fair["royalty_beyond_patent"].verdict == "GREEN"
    assert fair["sublicence_income_share"].verdict == "GREEN"


LEASE = """# LEASE OF OFFICE PREMISES

This Lease is made between Arden Estates Limited (the "Landlord") and Morrow Design LLP (the "Tenant").

## 4. Rent and service charge

4.1 The Tenant shall pay the Rent quarterly in advance.

4.2 The Tenant shall pay the Service Charge in accordance with Schedule 2.

## 9. Break right

9.1 The Tenant may end this Lease on the fifth anniversary of the Term Commencement Date by giving the Landlord at
least six months' written notice (a "Termination Notice").

9.2 {break_condition}

## Schedule 2 Service Charge

1. The Service Costs are the costs the Landlord reasonably incurs in:

(a) cleaning, lighting and heating the common parts;

(b) {cost}
"""

FAIR_BREAK = "A Termination Notice shall be void if, on the break date, the Rent then due has not been paid."
FAIR_COST = "repairing and maintaining the lifts and plant serving the Building."


@pytest.mark.parametrize("break_condition, verdict", [
    ("A Termination Notice shall not take effect if, on the break date, there is any outstanding breach of any of the "
     "Tenant's obligations in this Lease, however minor.", "RED"),
    (FAIR_BREAK, "GREEN"),
])
def test_a_break_lost_on_any_breach_stated_apart_from_the_break(judged, break_condition, verdict):
    found = judged(LEASE.format(break_condition=break_condition, cost=FAIR_COST), "Tenant")["lease_break_conditions"]
    assert found.verdict == verdict, found.message
    if verdict == "RED":  # the finding sits on the sentence that states the condition
        assert found.clause_id == "9.2" and "however minor" in found.evidence


@pytest.mark.parametrize("cost, verdict", [
    ("replacing, upgrading or rebuilding the lifts, roof and plant of the Building, whether or not the relevant item is "
     "capable of economic repair.", "RED"),
    (FAIR_COST, "GREEN"),
])
def test_a_service_charge_that_pays_for_capital_works(judged, cost, verdict):
    found = judged(LEASE.format(break_condition=FAIR_BREAK, cost=cost), "Tenant")["lease_service_charge_capital"]
    assert found.verdict == verdict, found.message
    if verdict == "RED":
        assert found.clause_id.startswith("Schedule 2") and "upgrading" in found.evidence


LEASE_ZH = """# 房屋租赁合同

出租方（甲方）：上海恒泰置业有限公司
承租方（乙方）：上海青禾文化传播有限公司

第五条 租金及物业服务费
5.1 乙方应于每季度首月十日前支付当季租金。
5.2 乙方应按月向甲方支付物业服务费，物业服务费包括公共区域清洁、保安、绿化费用以及{cost}。
"""


def test_the_service_charge_in_a_chinese_lease(judged):
    found = judged(LEASE_ZH.format(cost="电梯、空调主机等共用设施设备的更新改造费用"), "乙方")["lease_service_charge_capital"]
    assert found.verdict == "RED", found.message
    fair = judged(LEASE_ZH.format(cost="共用设施设备的日常维修养护费用，但不包括其更新改造费用"), "乙方")
    assert fair["lease_service_charge_capital"].verdict == "GREEN"
