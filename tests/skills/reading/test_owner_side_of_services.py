"""The owner's side of a services contract whose parties block bolds the role and its colon ('**甲方：**'), whose
provider pays penalties, and whose provider excludes its liability "even if" it failed to do what it promised.

- '**甲方：** …业主委员会' names 甲方 (an association, no company), and '（以下简称“本物业”）' names the property,
  not a party.
- Damages, penalties and costs a party pays because of a breach are no evidence that it is the paying side.
- '即使乙方存在未按约定巡查…，乙方一律不承担赔偿责任' and 'even if the Contractor has failed to patrol' exclude
  liability whatever the other side's own failure.
- '物业服务用房的所有权归全体业主所有' is held by the owners, who are no party: nobody's IP position.
"""

import pytest

ZH = """# 物业管理服务合同

**甲方：** 青石湾花园业主委员会（代表青石湾花园全体业主）

地址：杭州市余杭区良渚街道青石路18号

**乙方：** 浙江禾安物业管理有限公司

地址：杭州市拱墅区湖墅南路66号

甲方经业主大会决定，选聘乙方为本物业提供物业管理服务，双方订立本合同。

## 第一条 物业概况

物业名称：青石湾花园（以下简称“本物业”）。

## 第五条 服务费用

（一）物业服务费由业主按月向乙方缴纳，甲方应督促业主按时缴纳。

（二）乙方应按照附件一的标准提供保洁、绿化、秩序维护和设施设备维护服务。

## 第九条 违约责任

（一）乙方未达到服务标准的，应按当月物业服务费的百分之十向甲方支付违约金。

（二）乙方擅自改变共用部位用途的，应恢复原状并赔偿由此造成的损失。

（三）乙方延误维修造成业主损失的，维修费用由乙方承担。

## 第十条 安全责任

（一）小区内发生车辆被盗、财物丢失等情形的，即使乙方存在未按约定巡查或者门禁失灵等情况，乙方亦不承担任何赔偿责任。

（二）物业管理用房的所有权归全体业主所有，乙方不得出租或者改变用途。
"""

EN = """# FACILITIES SERVICES AGREEMENT

This agreement is made between Harrowgate Estates Limited (the "Owner") and Brightline Facilities Limited (the "Contractor").

## 6. Security

6.1 The Contractor shall provide a security patrol of the Site every night.

6.2 The Contractor shall not be liable for any theft from or damage to vehicles at the Site, even if the Contractor has failed to carry out the patrols required by clause 6.1.
"""


def test_the_bold_role_block_names_the_owner_and_the_property_is_no_party():
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.positions.engine import our_side

    reading, _, side = our_side(parse_document_text(ZH, filename="wy.md"), "甲方")
    assert [p.name for p in reading.parties] == ["甲方", "乙方"]
    assert side.party == "甲方" and side.side == "payer", side  # the provider's penalties do not make it the payer


@pytest.mark.parametrize("contract, us, clause", [(ZH, "甲方", "10(一)"), (EN, "Owner", "6.2")])
def test_an_exclusion_even_for_the_providers_own_failure_is_flagged(judged, contract, us, clause):
    result = judged(contract, us, filename="services.md")["exclusion_their_fault"]
    assert result.verdict == "RED" and result.clause_id == clause


def test_premises_owned_by_the_owners_are_no_ones_ip(judged):
    results = judged(ZH, "甲方", filename="wy.md")
    assert not ("ip_ownership" in results and results["ip_ownership"].verdict == "RED")
