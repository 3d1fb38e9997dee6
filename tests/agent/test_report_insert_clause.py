"""A clause the contract lacks goes in where a lawyer would put it, numbered as the contract numbers, and a
clause struck whole keeps its number.

The bundled example, reviewed for the Customer, lacks an insolvency right, a force majeure clause, an IP
indemnity and the return of our data. Given as Markdown, as Word with typed numbers and as Word whose numbers
Word draws (w:numPr), the insolvency right becomes 9.4 after 9.3, the data return 9.5 (the consequences of
termination), the IP indemnity 6.3 under Intellectual Property (not under Limitation of Liability) and force
majeure a new "11. Force Majeure" with 11.1, before Schedule 1; nothing existing is renumbered, and 8.3, struck,
reads "8.3 [Not used.]". A Chinese 服务合同 in 第X条 articles gets its missing 不可抗力 as 第九条, before its 附件.
The place comes from the contract's own headings, so the same provisions land elsewhere in a contract headed
otherwise (test_the_place_is_chosen_by_the_contracts_own_headings).
"""

from __future__ import annotations

import copy
import json
import re
import zipfile
from pathlib import Path

import docx
import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx_fixtures import accept_all, reject_all
from lxml import etree
from paralaw.skills import load_document
from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.reports import proposed_wording, write_docx
from paralaw.skills.reports.placement import plan
from test_report_redline import example_docx

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "services_agreement.md"
MISSING = ("termination_insolvency", "force_majeure", "ip_indemnity", "data_return")

CHINESE = """# 信息系统运维服务合同

甲方（委托方）：上海明远贸易有限公司

乙方（服务方）：杭州数衡科技有限公司

甲乙双方根据《中华人民共和国民法典》的规定，经友好协商，就甲方委托乙方提供信息系统运维服务事宜，达成如下协议：

第一条 服务内容
乙方应按照本合同附件一的要求，为甲方提供服务器、网络及业务系统的日常运维服务。

第二条 服务期限
本合同服务期限为一年，自2025年1月1日起至2025年12月31日止。

第三条 服务费用及支付
甲方应于每季度开始后十五个工作日内向乙方支付当季度服务费人民币六万元。

第四条 保密
双方应对在履行本合同过程中知悉的对方商业秘密予以保密，未经对方书面同意不得向任何第三方披露。

第五条 违约责任
乙方未按约定提供服务的，应按当季度服务费的百分之五向甲方支付违约金。

第六条 合同解除
乙方可随时提前三十日书面通知甲方解除本合同。
任何一方严重违反本合同约定，经对方书面催告后十五日内仍未改正的，对方有权书面通知解除本合同。

第七条 争议解决
因本合同引起的争议，双方应协商解决；协商不成的，任何一方可向甲方所在地人民法院提起诉讼。

第八条 其他
本合同一式两份，双方各执一份，自双方签字盖章之日起生效。

附件一 服务内容及要求
1. 服务器巡检：每周一次。
2. 故障响应：接到报修后两小时内响应。
"""


@pytest.fixture
def review(succeeding_review):
    return succeeding_review


def word_numbered_example(path: Path) -> Path:
    """The bundled example as Word numbers it: each clause heading a list item of level 0 ("%1."), each
    sub-clause of level 1 ("%1.%2"); no number is typed in the text."""
    document = docx.Document()
    numbering = document.part.numbering_part.element
    levels = "".join(f'<w:lvl w:ilvl="{i}"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="{text}"/>'
                     f"</w:lvl>" for i, text in enumerate(("%1.", "%1.%2")))
    numbering.insert(0, parse_xml(f'<w:abstractNum {nsdecls("w")} w:abstractNumId="90">{levels}</w:abstractNum>'))
    numbering.append(parse_xml(f'<w:num {nsdecls("w")} w:numId="90"><w:abstractNumId w:val="90"/></w:num>'))
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#+\s+\d+\.\s+(.*)", line)
        clause = re.match(r"\d+\.\d+\s+(.*)", line)
        if heading or clause:
            paragraph = document.add_heading(heading.group(1), level=1) if heading else document.add_paragraph(clause.group(1))
            paragraph._p.get_or_add_pPr().append(parse_xml(
                f'<w:numPr {nsdecls("w")}><w:ilvl w:val="{0 if heading else 1}"/><w:numId w:val="90"/></w:numPr>'))
        elif line.startswith("#"):
            document.add_heading(line.lstrip("# "), level=len(line) - len(line.lstrip("#")))
        elif line.strip():
            document.add_paragraph(line)
    document.save(str(path))
    return path


def chinese_contract(path: Path) -> Path:
    path.write_text(CHINESE, encoding="utf-8")
    return path


def body(path: Path):
    with zipfile.ZipFile(path) as archive:
        return etree.fromstring(archive.read("word/document.xml"))


def texts(root) -> list[str]:
    return ["".join(t.text or "" for t in p.iter(qn("w:t"))) for p in root.iter(qn("w:p"))]


def ours(p) -> bool:
    """A paragraph we wrote: its mark inserted and its text all in our insertions (none struck)."""
    runs = [r for r in p.iter(qn("w:r")) if r.find(qn("w:t")) is not None]
    return bool(runs) and all(r.getparent().tag == qn("w:ins") for r in runs) and p.find(f".//{qn('w:del')}") is None


def resolved(path: Path, change, target: Path):
    """The document with every change accepted (or rejected), saved, and as paralaw's loader reads it."""
    document = docx.Document(str(path))
    change(document.element.body)
    document.save(str(target))
    return body(target), load_document(target)


def own_text(clause) -> str:
    """A clause's text without the marker of the heading that follows it ('## ')."""
    return re.sub(r"[\s#]+$", "", clause.text)


def missing_risks(report: dict) -> dict[str, dict]:
    return {r["topic"]: r for c in report["clauses"] for r in c["risks"] if r.get("verdict") == "MISSING"}


def revised(paragraphs: list[str], risks: list[dict]) -> list[str]:
    """The paragraphs as the report says the redline changes them: each exact edit, each wording that replaces
    its quote; a clause struck whole reads "[Not used.]"."""
    out = list(paragraphs)

    def change(find: str, old: str, new: str) -> None:
        i = next(i for i, p in enumerate(paragraphs) if find in p)
        out[i] = out[i].replace(old, new, 1)
        if not new and re.fullmatch(r"[\d.]*\s*", out[i]):
            out[i] += "[Not used.]"

    for risk in risks:
        quote = (risk.get("location") or {}).get("original_text") or ""
        if isinstance(risk.get("redline"), list):
            for edit in (e for e in risk["redline"] if e["kind"] != "insert"):
                change(edit["sentence"], edit["old"], edit["new"])
        elif quote and risk.get("proposed_wording") and not re.search(r"\.\.\.|…|\[", risk["proposed_wording"]):
            change(quote, quote, risk["proposed_wording"])
    return out


@pytest.mark.parametrize("given", ["md", "typed_docx", "numbered_docx"])
def test_missing_clauses_go_where_they_belong_numbered_like_their_neighbours(tmp_path, review, given):
    source = {"md": lambda: EXAMPLE, "typed_docx": lambda: example_docx(tmp_path / "typed.docx"),
              "numbered_docx": lambda: word_numbered_example(tmp_path / "numbered.docx")}[given]()
    review(str(source), "--party", "Customer", "--docx", "out.docx", "--json", "r.json", "--out", "r.md")
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    missing = missing_risks(report)
    wording = {topic: proposed_wording(missing[topic]) for topic in MISSING}

    # where each goes, as the report says it: the next sub-clause of the clause its headings name, else a new
    # clause with a heading before the first schedule
    placed = {topic: missing[topic]["insert_as"] for topic in MISSING}
    assert {t: p["number"] for t, p in placed.items()} == {"termination_insolvency": "9.4", "data_return": "9.5",
                                                             "ip_indemnity": "6.3", "force_majeure": "11.1"}
    assert (placed["force_majeure"]["heading"], placed["force_majeure"]["before"]) == ("Force Majeure", "Schedule 1")
    markdown = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "Proposed wording (as clause 9.4, after 9.3):" in markdown
    assert "Proposed wording (as new clause 11 Force Majeure (11.1), after clause 10, before Schedule 1):" in markdown

    # accepted, paralaw's own reader finds them so numbered, and nothing existing renumbered
    root = body(tmp_path / "out.docx")
    accepted, contract = resolved(tmp_path / "out.docx", accept_all, tmp_path / "accepted.docx")
    assert [c.clause_id for c in contract.clauses] == [str(n) for n in range(1, 12)] + ["Schedule 1", "Schedule 2"]
    assert [c.clause_id for c in contract.get_clause("9").children] == ["9.1", "9.2", "9.3", "9.4", "9.5"]
    assert [c.clause_id for c in contract.get_clause("6").children] == ["6.1", "6.2", "6.3"]
    assert [c.clause_id for c in contract.get_clause("8").children] == ["8.1", "8.2", "8.3", "8.4"]
    for number, topic in (("9.4", "termination_insolvency"), ("9.5", "data_return"), ("6.3", "ip_indemnity"),
                          ("11.1", "force_majeure")):
        assert own_text(contract.get_clause(number)) == f"{number} {wording[topic]}"
    assert contract.get_clause("11").title == "Force Majeure"
    # the struck 8.3 keeps its number: no bare number anywhere
    assert own_text(contract.get_clause("8.3")) == "8.3 [Not used.]"
    assert not [line for line in contract.text.splitlines() if re.fullmatch(r"[#\s]*\d+(?:\.\d+)*\.?\s*", line)]

    # in the document: before the first schedule, numbered as the neighbours are (typed, or by Word's list)
    paragraphs = list(root.iter(qn("w:p")))
    schedule = next(i for i, p in enumerate(paragraphs) if texts(p)[0].startswith("Schedule 1"))
    new = [(i, p) for i, p in enumerate(paragraphs) if ours(p)]
    assert len(new) == 5 and all(i < schedule for i, _ in new)  # four clauses and one heading
    neighbour = next(p for p in paragraphs if "On termination the Customer shall pay all Charges" in texts(p)[0])
    for _, p in new:
        typed = re.match(r"\d+(?:\.\d+)*\.? ", texts(p)[0])
        if given == "numbered_docx":
            assert typed is None and p.find(f"{qn('w:pPr')}/{qn('w:numPr')}") is not None
        else:
            assert typed is not None
    if given == "numbered_docx":
        sub_clause = next(p for _, p in new if texts(p)[0] == wording["termination_insolvency"])
        numbering = [etree.tostring(x.find(f"{qn('w:pPr')}/{qn('w:numPr')}"), method="c14n") for x in (sub_clause, neighbour)]
        assert numbering[0] == numbering[1]

    # accept all = the revised text; reject all = the input (Word's numbering and every paragraph's properties)
    before = texts(resolved(tmp_path / "out.docx", reject_all, tmp_path / "rejected.docx")[0])
    expected = revised(before, [r for c in report["clauses"] for r in c["risks"]])
    typed = given != "numbered_docx"
    line = {t: (f"{placed[t]['number']} " if typed else "") + wording[t] for t in MISSING}
    schedule = next(i for i, p in enumerate(before) if p.startswith("Schedule 1"))
    termination = next(i for i, p in enumerate(before) if "On termination the Customer shall pay" in p)  # 9.3
    licence = next(i for i, p in enumerate(before) if "The Supplier grants the Customer" in p)  # 6.2
    expected[schedule:schedule] = ["11. Force Majeure" if typed else "Force Majeure", line["force_majeure"]]
    expected[termination + 1:termination + 1] = [line["termination_insolvency"], line["data_return"]]
    expected[licence + 1:licence + 1] = [line["ip_indemnity"]]
    assert texts(accepted) == expected
    source_root = body(source) if given != "md" else None
    rejected = body(tmp_path / "rejected.docx")
    if source_root is not None:
        assert before == texts(source_root)
        properties = [[etree.tostring(p.find(qn("w:pPr")), method="c14n") if p.find(qn("w:pPr")) is not None else b""
                       for p in r.iter(qn("w:p"))] for r in (rejected, source_root)]
        assert properties[0] == properties[1]
    else:
        assert before == [line.lstrip("# ") for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_a_chinese_contract_gets_its_missing_force_majeure_as_a_numbered_article(tmp_path, review):
    source = chinese_contract(tmp_path / "服务合同.md")
    review(str(source), "--party", "甲方", "--docx", "out.docx", "--json", "r.json", "--out", "r.md")
    missing = missing_risks(json.loads((tmp_path / "r.json").read_text(encoding="utf-8")))
    placed = missing["force_majeure"]["insert_as"]
    assert re.fullmatch(r"第[九十][一二三四五六七八九]?条", placed["number"]) and placed["before"] == "附件一"

    # accepted: new articles after 第八条, numbered on from 第九条 (one per missing provision no article's heading
    # names), before the 附件
    _, contract = resolved(tmp_path / "out.docx", accept_all, tmp_path / "accepted.docx")
    ids = [c.clause_id for c in contract.clauses]
    assert ids[-1] == "附件一" and ids[:-1] == [str(n) for n in range(1, len(ids))] and len(ids) > 9
    article = next(c for c in contract.clauses if c.label == placed["number"])
    assert own_text(article) == f"{placed['number']} {proposed_wording(missing['force_majeure'])}"
    # the insolvency right joins the article its headings name (合同解除), as one more of its paragraphs
    assert proposed_wording(missing["termination_insolvency"]) in contract.get_clause("6").text
    # reject all gives the contract back
    rejected = texts(resolved(tmp_path / "out.docx", reject_all, tmp_path / "rejected.docx")[0])
    assert rejected == [line.lstrip("# ") for line in CHINESE.splitlines() if line.strip()]


@pytest.mark.parametrize("language, marker", [("en", "[Not used.]"), ("zh", "[此条删除]")])
def test_a_numbered_clause_struck_whole_keeps_its_number(tmp_path, language, marker):
    text = ("# Services Agreement\n\n## 5. Liability\n\n5.1 The Supplier is liable for its negligence.\n\n"
            "5.2 The Customer's liability shall not be limited.\n\n5.3 Neither party is liable for indirect loss.\n"
            if language == "en" else
            "# 服务合同\n\n第五条 违约责任\n5.1 乙方应对其过失承担责任。\n5.2 甲方的责任不受限制。\n5.3 任何一方均不对间接损失承担责任。\n")
    sentence = "The Customer's liability shall not be limited." if language == "en" else "甲方的责任不受限制。"
    risk = {"id": "r", "clause_id": "5.2", "risk_level": "high", "risk_type": "position_unlimited", "description": "x",
            "location": {"original_text": sentence},
            "redline": [{"kind": "strike", "clause_id": "5.2", "sentence": sentence, "start": 0, "end": len(sentence),
                         "old": sentence, "new": "", "position_id": "unlimited"}]}
    (tmp_path / "c.md").write_text(text, encoding="utf-8")
    write_docx({"clauses": [{"clause_id": "5.2", "risks": [risk]}]}, tmp_path / "out.docx", source=tmp_path / "c.md", text=text)
    root = body(tmp_path / "out.docx")
    done = copy.deepcopy(root)
    accept_all(done)
    assert f"5.2 {marker}" in texts(done) and "5.3" in " ".join(texts(done))
    reject_all(root)
    assert f"5.2 {sentence}" in texts(root)


def _risk(topic: str, where: str, wording: str) -> dict:
    return {"topic": topic, "expected_in": where, "clause_id": "*", "verdict": "MISSING", "proposed_wording": wording,
            "location": None, "risk_level": "medium"}


def test_the_place_is_chosen_by_the_contracts_own_headings():
    """No number or wording of the bundled example is built in: a contract with its own Indemnities clause
    takes the IP indemnity there, one headed 'Term and Termination' the data return, the next top-level clause
    is numbered in the contract's style ('Clause 4', '第五条'), and a chaptered Chinese contract continues its
    article numbers inside its last chapter, before the 附件."""
    english = parse_document_text(
        "# Supply Agreement\n\n## Clause 1 Supply\n\n1.1 The Supplier shall supply the Goods.\n\n"
        "## Clause 2 Term and Termination\n\n2.1 This Agreement lasts two years.\n\n2.2 Either party may terminate for breach.\n\n"
        "## Clause 3 Indemnities\n\n3.1 The Customer shall indemnify the Supplier against claims from its use of the Goods.\n\n"
        "## Annex A Goods\n\nServers.\n")
    risks = [_risk("ip_indemnity", "an indemnities clause", "The Supplier shall indemnify the Customer against IP claims."),
             _risk("data_return", "the consequences of termination", "On expiry the Supplier shall return all Customer Data."),
             _risk("force_majeure", "a force majeure clause", "Neither party is liable for events beyond its control.")]
    slots = {risk["topic"]: slot for risk, _, slot in plan(english, risks, lambda r: r["proposed_wording"])}
    assert (slots["ip_indemnity"].home, slots["ip_indemnity"].number) == ("3", "3.2")
    assert (slots["data_return"].home, slots["data_return"].number) == ("2", "2.3")
    top = slots["force_majeure"]
    assert (top.heading_number, top.heading, top.number, top.after, top.before) == ("Clause 4", "Force Majeure", "4.1", "3", "Annex A")

    chaptered = parse_document_text(
        "# 买卖合同\n\n第一章 总则\n\n第一条 目的\n为明确双方权利义务，订立本合同。\n\n第二条 定义\n本合同所称货物指附件一所列货物。\n\n"
        "第二章 价款\n\n第三条 价款\n价款为人民币十万元。\n\n第四条 支付\n甲方应于收货后三十日内付款。\n\n附件一 货物清单\n1. 服务器两台。\n")
    slot = plan(chaptered, [_risk("force_majeure", "a force majeure clause", "任何一方因不可抗力不能履行的，不承担责任。")],
                lambda r: r["proposed_wording"])[0][2]
    assert (slot.kind, slot.number, slot.after, slot.before) == ("top", "第五条", "4", "附件一")
