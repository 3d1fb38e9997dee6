"""A provider's warranty or defects period past two years is off-market; the periods the law itself sets are not."""

import pytest

CONSTRUCTION_ZH = "# 建设工程施工合同\n\n发包人：杭州临江置业有限公司\n承包人：浙江恒筑建设有限公司\n\n第十七条 缺陷责任\n17.2 {clause}\n"
SUBCONTRACT_TW = "# 工程分包契約書\n\n承攬人：宏築營造股份有限公司\n分包商：立昇機電工程有限公司\n\n第九條 保固\n一、{clause}\n"
SUPPLY_EN = ("# SUPPLY AGREEMENT\n\nThis Agreement is made between Harlow Plant Hire Limited (the \"Buyer\") and Kestrel "
             "Pumps Limited (the \"Supplier\").\n\n## 9. Warranty\n\n9.1 {clause}\n")


@pytest.mark.parametrize("template, party, clause, flagged", [
    (CONSTRUCTION_ZH, "承包人", "本工程缺陷责任期为自竣工验收合格之日起五年，缺陷责任期内承包人应负责修复全部缺陷。", True),
    (CONSTRUCTION_ZH, "承包人", "缺陷责任期为自工程竣工验收合格之日起二十四个月。", False),
    # the waterproofing's five years are the law's (建设工程质量管理条例 art. 40), not a term the employer added
    (CONSTRUCTION_ZH, "承包人", "屋面防水工程及外墙防渗漏的保修期为五年，自竣工验收合格之日起算。", False),
    (SUBCONTRACT_TW, "分包商", "保固期間自業主驗收合格之日起算四年，保固期間內之一切瑕疵均由分包商負責修繕。", True),
    (SUBCONTRACT_TW, "分包商", "保固期間自業主驗收合格之日起算一年。", False),
    (SUPPLY_EN, "Supplier", "The Supplier warrants that each Pump will be free from defects in materials and workmanship for "
                            "a period of forty-eight (48) months from delivery.", True),
    (SUPPLY_EN, "Supplier", "The Supplier warrants that each Pump will be free from defects in materials and workmanship for "
                            "a period of eighteen (18) months from delivery.", False),
])
def test_a_long_warranty_given_by_the_provider(judged, template, party, clause, flagged):
    found = judged(template.format(clause=clause), party).get("warranty_period_long_for_provider")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_spare_parts_promised_after_the_warranty_are_no_warranty(judged):
    """'质量保证期满后 ... 不少于十年' is a promise of spare parts after the warranty, not a ten-year warranty."""
    text = ("# 设备买卖合同\n\n买方：苏州恒远精密机械有限公司\n卖方：无锡宏力液压设备有限公司\n\n第七条 质量保证\n"
            "7.1 质量保证期为设备验收合格之日起十二个月。\n"
            "7.4 质量保证期满后，卖方应以优惠价格向买方提供备品备件及维修服务，期限不少于十年。\n")
    found = judged(text, "卖方").get("warranty_period_long_for_provider")
    assert found is None or found.verdict != "RED", found.message
