"""A guarantor's first checks, on guarantees drafted in styles other than the deed they were built from: a New York
guaranty whose all-obligations scope sits in its definition of "Obligations", and a PRC 保证合同. Each states the
three issues (a scope beyond the supported contract, liability not limited to the debtor's, and no expiry but the
beneficiary's release) and, beside them, the market wording, which must pass."""

import pytest

US_GUARANTY = """# PARENT GUARANTY

This Parent Guaranty is made by Brightwater Holdings Inc. (the "Guarantor") in favor of Osprey Utilities LLC (the "Owner").

## 1. Definitions

1.1 "Obligations" means all obligations and liabilities of Brightwater Services LLC to the Owner, whether under the Services Agreement or any other agreement, instrument or dealing, now existing or arising in the future.

## 2. Guaranty

2.1 The Guarantor irrevocably guarantees the payment and performance of the Obligations when due.

2.2 The Guarantor may not assert any defense, set-off or counterclaim that Brightwater Services LLC could assert under the Services Agreement.

## 3. Term

3.1 This Guaranty is a continuing guaranty and remains in effect until released by the Owner in its discretion.
"""

US_GUARANTY_MARKET = (US_GUARANTY
                      .replace("whether under the Services Agreement or any other agreement, instrument or dealing, now existing or arising in the future",
                               "under the Services Agreement")
                      .replace("2.2 The Guarantor may not assert any defense, set-off or counterclaim that Brightwater Services LLC could assert under the Services Agreement.",
                               "2.2 The Guarantor may assert any defense, set-off or counterclaim that Brightwater Services LLC could assert under the Services Agreement.")
                      .replace("This Guaranty is a continuing guaranty and remains in effect until released by the Owner in its discretion.",
                               "This Guaranty expires on the first anniversary of the date of completion under the Services Agreement, save for claims notified before then."))

ZH_GUARANTEE = """# 保证合同

保证人：青川控股集团有限公司
债权人：东岚能源有限公司

第一条 保证范围
保证人为债务人在主合同及债务人与债权人之间任何其他合同项下的全部债务承担连带保证责任。

第二条 抗辩
保证人放弃债务人依主合同享有的全部抗辩权。

第三条 保证期间
本保证为持续性担保，保证期间至债权人根据其自行决定书面解除保证人的保证责任之日止。
"""


@pytest.mark.parametrize("contract, us, filename", [(US_GUARANTY, "Guarantor", "guaranty.md"), (ZH_GUARANTEE, "保证人", "保证合同.md")])
def test_a_guarantors_first_checks_hold_in_another_drafting_style(judged, contract, us, filename):
    results = judged(contract, us, filename=filename)
    assert results["guarantee_all_moneys"].verdict == "RED"
    assert results["guarantee_defences_waived"].verdict == "RED"
    assert results["guarantee_release_at_discretion"].verdict == "RED"


def test_a_guaranty_of_one_contract_with_the_debtors_defences_and_an_expiry_passes(judged):
    results = judged(US_GUARANTY_MARKET, "Guarantor", filename="guaranty.md")
    for position in ("guarantee_all_moneys", "guarantee_defences_waived", "guarantee_release_at_discretion"):
        assert position not in results or results[position].verdict != "RED", position


def test_guarantee_positions_do_not_run_for_the_beneficiary_or_on_other_contracts(judged):
    assert judged(US_GUARANTY, "Owner", filename="guaranty.md").get("guarantee_all_moneys") is None or \
        judged(US_GUARANTY, "Owner", filename="guaranty.md")["guarantee_all_moneys"].verdict == "NOT_APPLICABLE"
    supply = US_GUARANTY.replace("# PARENT GUARANTY", "# SUPPLY AGREEMENT")
    results = judged(supply, "Guarantor", filename="supply.md")
    assert "guarantee_all_moneys" not in results or results["guarantee_all_moneys"].verdict == "NOT_APPLICABLE"
