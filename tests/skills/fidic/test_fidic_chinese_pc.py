"""A Chinese 专用合同条款 applied to the zh_construction contract used as the general terms."""

from __future__ import annotations

from fidic_helpers import CASES, assert_verbatim, call, doc

from paralaw.skills import parse_document_text

PC = """# 专用合同条款（测试用原创文本）

第18.1条〔承包人的索赔〕
将第18.1条中的“7天”修改为“28天”。

第11.5条〔进度款支付〕
删除第11.5条，替换为：
“进度款按照每期经审核确认的已完成工程价款的80%支付。发包人应在进度款支付证书签发后60天内完成支付。”

第15.2条〔承包人违约〕
在第15.2条末尾增加：
“承包人违约情形持续超过28天仍未改正的，发包人有权按照第22.3条的约定解除合同。”

第9.9条〔价格调整〕
第9.9条删除。
"""


def _state():
    contract = doc(str(CASES / "zh_construction" / "construction_contract.md"))
    pc = parse_document_text(PC, filename="zh_pc.md")
    documents = [{"document_id": contract.document_id, "role": "gc", "filename": contract.filename, "structure": contract},
                 {"document_id": pc.document_id, "role": "pc", "filename": pc.filename, "structure": pc}]
    return {"review_id": "zh", "domain_id": "fidic", "our_party": "承包人", "language": "zh", "documents": documents}


def test_chinese_amendments_merged():
    data = call("fidic_merge_gc_pc", "*", _state()).data
    clauses = {c["clause_id"]: c for c in data["clauses"]}
    assert "承包人应在知道或应当知道索赔事件发生后28天内" in clauses["18.1"]["text"]
    assert clauses["11.5"]["status"] == "substituted" and "签发后60天内完成支付" in clauses["11.5"]["text"]
    assert "第22.3条的约定解除合同" in clauses["15.2"]["text"]
    not_applied = [c for c in data["changes"] if not c["applied"]]
    assert [(c["clause_id"], c["kind"]) for c in not_applied] == [("9.9", "delete")]


def test_chinese_pc_checked_and_timed():
    state = _state()
    findings = call("fidic_check_pc_consistency", "*", state).data["findings"]
    kinds = {(f["kind"], f["clause_id"]) for f in findings}
    assert {("broken_cross_reference", "15.2"), ("amendment_target_missing", "9.9"), ("payment_period_extended", "11.5")} <= kinds
    assert not any(f["kind"] == "title_mismatch" for f in findings)
    assert_verbatim(findings, state)
    claim = call("fidic_calculate_time_bar", "18.1", state).data
    assert claim["time_limits"][0]["period"] == "28天" and claim["findings"] == []
