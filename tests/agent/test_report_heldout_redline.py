"""What the held-out redline checks (bench/redline_checks.py, over the unseen sets 15-25 given as .docx) found
wrong in the Word and HTML reports, each on a contract written the way the one it was found in is written.

- A masked number ("身份证号码：3205********1234", "Y******(3)") lost six of its asterisks, read as bold
  around nothing.

The risks are given as the review's JSON report gives them (a position's `redline` names the sentence as the
review read it, the clause number included when the number is not 1.1-style).
"""

from __future__ import annotations

import copy
import zipfile
from pathlib import Path

import docx
from docx.oxml.ns import qn
from docx_fixtures import accept_all, reject_all
from lxml import etree
from paralaw.skills import load_document
from paralaw.skills.reports import write_docx, write_html
from paralaw.skills.reports.word_generated import generated_document

PARTIES = """# 增资协议

**甲方（投资方）**：苏州元和创业投资合伙企业（有限合伙）

**乙方（创始人）**：周明远，中国公民，身份证号码：3205********1234

**丙方（目标公司）**：苏州明远智能装备有限公司

(2) **HO KA WAI KELVIN** (何家偉), holder of Hong Kong Identity Card No. Y******(3), of Flat C, 21/F, Block 2, Parkview Terrace

联系人：陆青（信息中心主任）　电话：025-5218****

## 第一条 增资

1.1 甲方以人民币叁仟万元认购目标公司新增注册资本人民币伍佰万元。

甲方（盖章）：______________________ 日期：__________
"""


def line(text: str, start: str) -> str:
    return next(x for x in text.split("\n") if x.startswith(start))


def risk(rid, clause_id, quote="", wording="", redline=None, **extra):
    out = {"id": rid, "clause_id": clause_id, "risk_level": "high", "risk_type": f"position_{rid}", "description": f"Issue {rid}",
           "reason": "", "location": {"original_text": quote} if quote else None, "proposed_wording": wording,
           "source": "review_positions", "verdict": "RED", **extra}
    if redline is not None:
        out["redline"] = redline
    return out


def edit(kind, clause_id, sentence, old, new, position, **extra):
    return {"kind": kind, "clause_id": clause_id, "sentence": sentence, "start": 0, "end": len(old), "old": old, "new": new,
            "position_id": position, "number": None, "heading": None, **extra}


def report(risks):
    return {"clauses": [{"clause_id": r["clause_id"], "risks": [r]} for r in risks], "finished": "2026-03-02T10:00:00+00:00",
            "summary": {"risks": {"high": len(risks), "medium": 0, "low": 0, "total": len(risks)}}}


def as_docx(markdown: str, path: Path) -> Path:
    """The contract as a Word file (headings, bold runs, one paragraph per line), as a user would send it."""
    generated_document(markdown).save(str(path))
    return path


def reviewed(tmp_path, markdown, risks, name="contract"):
    source = as_docx(markdown, tmp_path / f"{name}.docx")
    out = tmp_path / f"{name}_reviewed.docx"
    result = write_docx(report(risks), out, source=source, text=load_document(source).text)
    return source, out, result


def body(path):
    with zipfile.ZipFile(path) as archive:
        return etree.fromstring(archive.read("word/document.xml"))


def texts(root) -> list[str]:
    return ["".join(t.text or "" for t in p.iter(qn("w:t"))) for p in root.iter(qn("w:p"))]


def accepted(path) -> list[str]:
    root = copy.deepcopy(body(path))
    accept_all(root)
    return texts(root)


def rejected(path) -> list[str]:
    root = copy.deepcopy(body(path))
    reject_all(root)
    return texts(root)


def insertions(path) -> list[str]:
    return ["".join(t.text or "" for t in e.iter(qn("w:t"))) for e in body(path).iter(qn("w:ins"))
            if e.getparent().tag != qn("w:rPr")]


def test_a_masked_number_keeps_every_asterisk_in_word_and_html(tmp_path):
    cap = "1.1 甲方以人民币叁仟万元认购目标公司新增注册资本人民币伍佰万元。"
    risks = [risk("capital", "1.1", cap)]
    source = tmp_path / "增资协议.md"
    source.write_text(PARTIES, encoding="utf-8")
    out = tmp_path / "reviewed.docx"
    write_docx(report(risks), out, source=source, text=PARTIES)
    text = "\n".join(texts(body(out)))
    for masked in ("3205********1234", "Y******(3)", "025-5218****", "______________________ 日期：__________"):
        assert masked in text, masked
    assert "**" not in text.replace("********", "").replace("******", "").replace("****", "")
    bold = [r.text for p in docx.Document(str(out)).paragraphs for r in p.runs if r.bold]
    assert "甲方（投资方）" in bold and "HO KA WAI KELVIN" in bold  # the bold is still bold
    page = tmp_path / "report.html"
    write_html(report(risks), page, {"1": PARTIES})
    shown = page.read_text(encoding="utf-8")
    assert "3205********1234" in shown and "Y******(3)" in shown
