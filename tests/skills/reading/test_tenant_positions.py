"""A tenant's first checks on a lease: a break right that any breach defeats, and a repairing covenant that reaches
the building's structure (stated directly, or through the definition of the premises it repairs). Drafted three
ways: English "covenants as follows" with a definition listing the premises' parts, a US-style lease, and a
Chinese 房屋租赁合同; the market wording (break on rent paid and vacant possession, structure excluded) passes."""

import pytest

ENGLISH = """# LEASE

This lease is made between Corvan Estates Limited (the "Landlord") and Pellow Design Limited (the "Tenant").

## 1. Definitions

"Demised Premises" means the second floor of the Building, including: (a) the raised floors and ceilings; (b) the internal doors and partitions; and (c) {parts}.

## 4. Tenant's covenants

The Tenant covenants with the Landlord as follows:

4.1 To pay the rent on the quarter days.

4.2 To keep the Demised Premises in good and substantial repair and condition.

## 8. Break

8.1 The Tenant may end this Lease on 24 June 2029 by giving the Landlord at least six months' written notice.

8.2 A notice given under clause 8.1 shall only be effective if, on the break date: (a) the Tenant has paid the rent then due; (b) {condition}; and (c) the Tenant gives up the Demised Premises free of any occupation.
"""

US = """# OFFICE LEASE

This Office Lease is entered into by Halvard Tower LLC ("Landlord") and Quillfeather Analytics, Inc. ("Tenant").

## Section 9. Repairs

9.1 Tenant shall, at Tenant's sole cost, keep the Premises{extent} in good condition and repair.

## Section 21. Early Termination Option

21.1 Tenant shall have a one-time right to terminate this Lease effective as of the last day of the sixtieth full month of the Term, on not less than nine months' prior written notice to Landlord.

21.2 Tenant's break right is conditioned upon {condition} as of the date of Tenant's notice and as of the termination date.
"""

CHINESE = """# 房屋租赁合同

出租方（甲方）：杭州澄湖置业有限公司

承租方（乙方）：杭州青禾文化传媒有限公司

## 第五条 维修责任

5.1 {repair}

## 第九条 提前解除

9.1 乙方可以提前三个月书面通知甲方提前解除本合同，但乙方提前解除本合同须以{condition}为前提。
"""


@pytest.mark.parametrize("contract, us, fields, bad, fair", [
    (ENGLISH, "Tenant", ("parts", "condition"),
     ("the structure, roof and external walls of the Building so far as they enclose the second floor",
      "the Tenant has performed and observed all of the Tenant's covenants in this Lease in every respect"),
     ("the Tenant's fixtures, but excluding the structure, roof and external walls of the Building",
      "the Landlord has received the keys")),
    (US, "Tenant", ("extent", "condition"),
     (", including the structural elements, roof and foundations of the Building,",
      "Tenant having complied with all of its obligations under this Lease"),
     (" (excluding the structure of the Building)", "Tenant having paid all Base Rent then due")),
    (CHINESE, "乙方", ("repair", "condition"),
     ("租赁期内房屋主体结构、屋面及外墙的维修均由乙方负责并承担费用。", "乙方已全面履行本合同项下的全部义务且无任何违约"),
     ("租赁期内乙方负责其使用范围内门窗、灯具等非结构部分的日常维修，房屋其他部分的维修由甲方负责。", "乙方已付清截至解除之日的租金")),
])
def test_a_break_any_breach_defeats_and_structural_repair_are_flagged(judged, contract, us, fields, bad, fair):
    worse = judged(contract.format(**dict(zip(fields, bad))), us, filename="lease.md")
    assert worse["lease_break_conditions"].verdict == "RED"
    assert worse["lease_structural_repair"].verdict == "RED" and worse["lease_structural_repair"].severity == "high"
    better = judged(contract.format(**dict(zip(fields, fair))), us, filename="lease.md")
    assert "lease_break_conditions" not in better or better["lease_break_conditions"].verdict == "GREEN"
    assert "lease_structural_repair" not in better or better["lease_structural_repair"].verdict == "GREEN"


def test_structure_brought_in_by_the_definition_is_quoted_from_the_definition(judged):
    contract = ENGLISH.format(parts="the structure, roof and external walls of the Building so far as they enclose the second floor",
                              condition="the Landlord has received the keys")
    result = judged(contract, "Tenant", filename="lease.md")["lease_structural_repair"]
    assert result.clause_id == "4.2" and "roof and external walls" in result.evidence  # the words to change
