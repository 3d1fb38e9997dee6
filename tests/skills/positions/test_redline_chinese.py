"""A Chinese contract is redlined in Chinese: a figure's new words carry a Chinese unit, a sentence is replaced
only by the position's Chinese wording, and no English sentence or clause is written into it."""

import re

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.positions.engine import evaluate_positions
from paralaw.skills.positions.packs import resolve_positions
from paralaw.skills.positions.schema import ChineseWording

CONTRACT = """# 技术服务合同

甲方（委托方）：杭州澄禾家居用品有限公司
乙方（服务方）：浙江驰远信息技术有限公司

第一条 服务内容
1.1 乙方应按照附件一的要求向甲方提供系统运维服务。

第二条 费用及支付
2.1 甲方应在收到乙方开具的合法有效发票后七日内支付当月服务费。

第三条 合同解除
3.1 乙方有权随时解除本合同，并提前十日书面通知甲方。

第四条 争议解决
4.1 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""


def _redlines(positions):
    structure = parse_document_text(CONTRACT, filename="服务合同.md")
    return {r.position_id: r for r in evaluate_positions(positions, structure, domain="generic", our_party="甲方")}


def test_a_figure_is_replaced_with_a_chinese_unit():
    positions, _ = resolve_positions("generic")
    payment = _redlines(positions)["payment_period"]
    assert payment.verdict == "RED"
    (edit,) = payment.redline
    assert (edit["old"], edit["new"]) == ("七日", "30日")


def test_no_english_sentence_goes_into_a_chinese_contract():
    positions, _ = resolve_positions("generic")
    for result in _redlines(positions).values():
        for edit in result.redline or []:
            assert not re.search(r"[A-Za-z]{3,}", edit["new"]), (result.position_id, edit["new"])


def test_a_positions_chinese_wording_replaces_the_sentence():
    positions, _ = resolve_positions("generic")
    termination = next(p for p in positions.positions if p.id == "termination_convenience")
    assert termination.redline.replace_sentence  # the English sentence the position would write
    wording = ChineseWording(proposed="任何一方均有权提前九十（90）日书面通知对方解除本合同。",
                             replace_sentence="任何一方均有权提前九十（90）日书面通知对方解除本合同。")
    localised = termination.model_copy(update={"redline": termination.redline.model_copy(update={"zh": wording})})
    positions = positions.model_copy(update={"positions": [localised if p.id == localised.id else p for p in positions.positions]})
    result = _redlines(positions)["termination_convenience"]
    assert result.verdict == "RED"
    assert [e["new"] for e in result.redline] == ["任何一方均有权提前九十（90）日书面通知对方解除本合同。"]
    assert result.proposed_wording == "任何一方均有权提前九十（90）日书面通知对方解除本合同。"


PURCHASE = """# 设备采购合同

甲方（买方）：杭州澄禾家居用品有限公司
乙方（卖方）：浙江驰远机械设备有限公司

第一条 标的
1.1 乙方应按照附件一向甲方交付设备。

第二条 价款
2.1 甲方应在验收合格后三十日内支付合同价款。

第三条 责任限制
3.1 乙方在本合同项下的累计赔偿责任不超过合同价款的百分之十。
3.2 甲方在本合同项下的赔偿责任不受限制。
"""


def test_striking_our_unlimited_liability_makes_their_cap_each_partys_in_chinese():
    positions, _ = resolve_positions("generic")
    structure = parse_document_text(PURCHASE, filename="采购合同.md")
    results = {r.position_id: r for r in evaluate_positions(positions, structure, domain="generic", our_party="甲方")}
    unlimited = results["our_liability_unlimited"]
    assert unlimited.verdict == "RED"
    edits = {(e["clause_id"], e["kind"], e["old"], e["new"]) for e in unlimited.redline}
    assert ("3.2", "strike", "甲方在本合同项下的赔偿责任不受限制。", "") in edits
    assert ("3.1", "replace", "乙方", "任何一方") in edits  # no contradiction left: the cap now binds us too


def test_a_missing_clause_is_proposed_in_chinese_for_a_chinese_contract():
    # confidentiality is judged by cues (not yet by provisions): its missing clause is proposed in Chinese too
    positions, _ = resolve_positions("generic")
    missing = [r for r in _redlines(positions).values() if r.verdict == "MISSING" and r.proposed_wording]
    assert any(r.position_id == "confidentiality" for r in missing)
    for result in missing:
        assert not re.search(r"[A-Za-z]{3,}", result.proposed_wording), (result.position_id, result.proposed_wording)



def test_a_chinese_contract_silent_on_governing_law_is_a_drafting_point_not_a_risk():
    # PRC law governs a contract between PRC parties whether or not it says so; an English contract's silence is medium
    positions, _ = resolve_positions("generic")
    chinese = _redlines(positions)["governing_law"]
    assert (chinese.verdict, chinese.severity) == ("MISSING", "low")
    english = parse_document_text("# SERVICES AGREEMENT\n\nThis agreement is made between Arden Ltd (the \"Customer\") and "
                                  "Brisk Ltd (the \"Supplier\").\n\n1. Services\n\n1.1 The Supplier shall provide the "
                                  "Services.\n\n2. Payment\n\n2.1 The Customer shall pay each invoice within 30 days.\n",
                                  filename="services.md")
    result = {r.position_id: r for r in evaluate_positions(positions, english, domain="generic", our_party="Customer")}
    assert (result["governing_law"].verdict, result["governing_law"].severity) == ("MISSING", "medium")
