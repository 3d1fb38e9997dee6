"""The reviewed contract as Word: a comment on each risk's quote, a tracked change per proposed wording that is
contract text (advice stays in the comment), nothing else changed (rejecting every revision, as Word's "Reject
All" does, gives back the input text), and a Markdown input drawn in Word's own structure, never as markup.

test_report_docx_fidelity.py checks a rich .docx input; test_report_libreoffice.py opens every kind of file
written here in LibreOffice."""

from __future__ import annotations

import re
import zipfile

import docx
import pytest
from docx.oxml.ns import qn
from docx_fixtures import reject_all
from lxml import etree

from paralaw.skills.reports import write_docx
from paralaw.skills import load_document

CONTRACT = [
    ("h", "1 Charges"),
    ("p", "1.1 The Customer shall pay each invoice within 60 days of receipt."),
    ("p", "1.2 The Supplier may increase the Charges at any time on written notice."),
    ("h", "2 Liability"),
    ("runs", ["2.1 The Supplier's total liability ", "shall not exceed", " the Charges paid in the ",
              "three months", " before the claim."]),
    ("p", "2.2 The Supplier is not liable for loss of data, however caused."),
]


def risk(clause_id, level, quote, description, wording="", **extra):
    return {"id": f"r{clause_id}-{level}", "clause_id": clause_id, "risk_level": level, "risk_type": "liability",
            "description": description, "reason": f"Reason for {description.lower()}", "analysis": "",
            "location": {"original_text": quote} if quote else None, "quote_verified": bool(quote), "source": "model",
            **extra}


RISKS = [
    risk("2.1", "high", "shall not exceed the Charges paid in the three months",
         "Cap of three months' Charges is low", proposed_wording="shall never exceed the Charges paid in the twelve months"),
    risk("1.1", "medium", "within 60 days", "Long payment term", suggestion="within 30 days"),
    risk("1.2", "high", "The Supplier may increase the Charges at any time on written notice.",
         "Unilateral price increase", proposed_wording="… on ninety (90) days' written notice."),  # a fragment: advice
    risk("2.1", "low", "three months", "Overlaps the cap risk", proposed_wording="six months"),
    risk("2.2", "medium", "loss of   data, however caused", "Data loss excluded"),
    risk("9.9", "low", "a sentence this contract does not contain", "Quote not in the document"),
    risk("2", "low", "", "No insurance clause", verdict="MISSING",
         proposed_wording="The Supplier shall maintain professional indemnity insurance of at least GBP 2 million."),
]


def report(risks):
    return {"clauses": [{"clause_id": r["clause_id"], "risks": [r]} for r in risks], "finished": "2026-03-02T10:00:00+00:00"}


def input_docx(path):
    document = docx.Document()
    for kind, value in CONTRACT:
        if kind == "h":
            document.add_heading(value, level=1)
        elif kind == "p":
            document.add_paragraph(value)
        else:
            paragraph = document.add_paragraph()
            for i, piece in enumerate(value):
                paragraph.add_run(piece).bold = i == 1  # the quote starts inside one run and ends in another
    document.save(str(path))
    return path


def body_xml(path):
    with zipfile.ZipFile(path) as archive:
        return etree.fromstring(archive.read("word/document.xml"))


def paragraph_texts(root):
    return ["".join(t.text or "" for t in p.iter(qn("w:t"))) for p in root.iter(qn("w:p"))]


def test_docx_input_gets_comments_and_redlines_and_rejecting_restores_it(tmp_path):
    source = input_docx(tmp_path / "msa.docx")
    out = tmp_path / "reviewed.docx"
    result = write_docx(report(RISKS), out, source=source, text=load_document(source).text)

    assert (result.comments, result.revisions) == (7, 3)
    assert result.not_located == ["r9.9-low"]
    # the fragment is advice; the low risk's words are already under the high risk's redline
    assert result.redline_skipped == ["r1.2-high", "r2.1-low"] and result.advice == ["r1.2-high"]

    reviewed = docx.Document(str(out))  # python-docx opens it
    comments = list(reviewed.comments)
    assert len(comments) == 7 and {c.author for c in comments} == {"paralaw"}
    cap = next(c for c in comments if "Cap of three months" in c.text)
    assert cap.text.splitlines() == [
        "HIGH [liability] clause 2.1", "Issue: Cap of three months' Charges is low",
        "Why: Reason for cap of three months' charges is low",
        "Proposed wording: shall never exceed the Charges paid in the twelve months"]

    root = body_xml(out)
    marks = [e for e in root.iter(qn("w:ins")) if e.getparent().tag == qn("w:rPr")]
    insertions = [e for e in root.iter(qn("w:ins")) if e not in marks]
    deletions = list(root.iter(qn("w:del")))
    assert len(insertions) == 3 and len(deletions) == 2 and len(marks) == 1  # the missing clause is a new paragraph
    assert all(e.get(qn("w:author")) == "paralaw" for e in insertions + deletions)
    # the words that change are struck, not the whole quote
    assert ["".join(t.text for t in d.iter(qn("w:delText"))) for d in deletions] == [
        "60", "not exceed the Charges paid in the three"]
    assert ["".join(t.text for t in i.iter(qn("w:t"))) for i in insertions] == [
        "30", "never exceed the Charges paid in the twelve",
        "2.3 The Supplier shall maintain professional indemnity insurance of at least GBP 2 million."]
    increase = next(c for c in comments if "Unilateral price increase" in c.text)
    assert increase.text.splitlines()[-1] == "Advice: … on ninety (90) days' written notice."
    # each comment is anchored: a range start, a range end and a reference per comment
    for tag in ("w:commentRangeStart", "w:commentRangeEnd", "w:commentReference"):
        assert len(list(root.iter(qn(tag)))) == 7
    # the quote spanning a bold and a plain run keeps each run's formatting inside the deletion
    def bold(run):
        b = run.find(qn("w:rPr") + "/" + qn("w:b"))
        return b is not None and b.get(qn("w:val")) not in ("0", "false")

    assert [bold(r) for r in deletions[1].iter(qn("w:r"))] == [True, False, False]

    # accepted, the contract reads with the proposed wording
    accepted = load_document(out).text
    assert "shall never exceed the Charges paid in the twelve months before the claim." in accepted
    assert "within 30 days of receipt" in accepted
    assert "at any time on written notice." in accepted and "ninety" not in accepted
    # the missing clause goes in as the next sub-clause of the clause the risk names, numbered like its neighbours
    assert "however caused.\n\n2.3 The Supplier shall maintain professional indemnity insurance" in accepted

    reject_all(root)
    assert paragraph_texts(root) == paragraph_texts(body_xml(source))


def test_no_risks_leaves_the_text_alone(tmp_path):
    source = input_docx(tmp_path / "msa.docx")
    out = tmp_path / "reviewed.docx"
    result = write_docx(report([]), out, source=source, text=load_document(source).text)
    assert (result.comments, result.revisions) == (0, 0)
    assert paragraph_texts(body_xml(out)) == paragraph_texts(body_xml(source))


@pytest.mark.parametrize("old, new, struck, inserted", [
    ("shall not exceed the Charges paid in the three months", "shall not exceed the Charges paid in the twelve months",
     "three", "twelve"),
    ("renew for successive periods of thirty-six (36) months unless the Customer gives notice",
     "renew for successive periods of twelve (12) months unless the Customer gives notice", "thirty-six (36)", "twelve (12)"),
    ("The Customer shall pay within 7 days.", "The Customer shall pay within 7 days of receipt.", "days.", "days of receipt."),
    ("within 60 days", "within 60 days", None, None),  # nothing to change
    ("governed by English law", "governed by English law.", "law", "law."),
])
def test_minimal_edit_strikes_only_the_words_that_change(old, new, struck, inserted):
    from paralaw.skills.reports.word import minimal_edit

    edit = minimal_edit(old, new)
    assert (old[edit[0]:edit[1]], edit[2]) == (struck, inserted) if struck else edit is None


MARKDOWN = "\n".join([
    "# Master Services Agreement", "",
    "**Dated 2 March 2026**", "",
    "---", "",
    "## 1 Definitions", "",
    '1.1 The Supplier warrants the Services for twelve months (the "**Warranty Period**").', "",
    "1.2 *Business Day* means a day other than a Saturday or Sunday; snake_case_names stay as written.", "",
    "2 Liability", "",
    "2.1 The Supplier's total liability shall not exceed the Charges paid in the three months before the claim.", "",
    "- fees are exclusive of VAT", "",
    "## Schedule 1 Charges", "",
    "| Service | Monthly charge |",
    "|---|---:|",
    "| **Support** | GBP 1,000 |",
    "| Hosting | GBP 2,500 |",
])
MARKDOWN_RISKS = [
    risk("1.1", "medium", 'warrants the Services for twelve months (the "**Warranty Period**")', "Short warranty",
         proposed_wording='warrants the Services for twenty-four months (the "**Warranty Period**")'),
    risk("2.1", "high", "shall not exceed the Charges paid in the three months", "Low cap",
         proposed_wording="shall not exceed the Charges paid in the twelve months"),
    risk("S1", "low", "| Hosting | GBP 2,500 |", "Hosting charge is high"),
]
MARKUP_LEFT = re.compile(r"\*\*|__|^#|\|\s*-{2,}|^\s*\|.*\|\s*$|^-{3,}$|^- ")


def test_markdown_input_becomes_word_structure_not_markup(tmp_path):
    out = tmp_path / "reviewed.docx"
    result = write_docx(report(MARKDOWN_RISKS), out, source=tmp_path / "msa.md", text=MARKDOWN)
    assert (result.comments, result.revisions, result.not_located) == (3, 2, [])
    reviewed = docx.Document(str(out))
    paragraphs = [(p.style.name, p.text) for p in reviewed.paragraphs]
    assert [(s, t) for s, t in paragraphs if s.startswith("Heading")] == [
        ("Heading 1", "Master Services Agreement"), ("Heading 2", "1 Definitions"), ("Heading 1", "2 Liability"),
        ("Heading 2", "Schedule 1 Charges")]
    assert ("List Bullet", "fees are exclusive of VAT") in paragraphs
    # numbered clauses keep their numbers; no Markdown is left in any text of the document
    texts = [t.text or "" for t in body_xml(out).iter(qn("w:t"), qn("w:delText"))]
    assert [p.text[:3] for p in reviewed.paragraphs if p.text[:1].isdigit()] == ["1 D", "1.1", "1.2", "2 L", "2.1"]
    assert [t for t in texts if MARKUP_LEFT.search(t)] == []
    # emphasis is run formatting
    def styled(flag):
        return ["".join(r.text for r in p.runs if getattr(r, flag)) for p in reviewed.paragraphs if any(getattr(r, flag) for r in p.runs)]

    assert styled("bold") == ["Dated 2 March 2026", "Warranty Period"]
    assert styled("italic") == ["Business Day"]
    # the rule is a bordered empty paragraph; the pipe table is a Word table with a bold, repeated header row
    assert any(p._p.find(f"{qn('w:pPr')}/{qn('w:pBdr')}") is not None and not p.text for p in reviewed.paragraphs)
    (table,) = reviewed.tables
    assert [[c.text for c in row.cells] for row in table.rows] == [
        ["Service", "Monthly charge"], ["Support", "GBP 1,000"], ["Hosting", "GBP 2,500"]]
    assert table.rows[0]._tr.find(f"{qn('w:trPr')}/{qn('w:tblHeader')}") is not None
    assert all(r.bold for r in table.rows[0].cells[0].paragraphs[0].runs) and table.rows[1].cells[0].paragraphs[0].runs[0].bold
    # the quote written with Markdown is found in the drawn text, and the table row's risk on its cell
    root = body_xml(out)
    assert ["".join(t.text for t in d.iter(qn("w:delText"))) for d in root.iter(qn("w:del"))] == ["twelve", "three"]
    assert ["".join(t.text for t in d.iter(qn("w:t"))) for d in root.iter(qn("w:ins"))] == ["twenty-four", "twelve"]
    hosting_cell = table.rows[2].cells[1]._tc
    assert hosting_cell.find(f".//{qn('w:commentRangeStart')}") is not None
    # rejecting every change gives back the text as drawn
    reject_all(root)
    assert [t for t in paragraph_texts(root) if t] == [
        "Master Services Agreement", "Dated 2 March 2026", "1 Definitions",
        '1.1 The Supplier warrants the Services for twelve months (the "Warranty Period").',
        "1.2 Business Day means a day other than a Saturday or Sunday; snake_case_names stay as written.",
        "2 Liability",
        "2.1 The Supplier's total liability shall not exceed the Charges paid in the three months before the claim.",
        "fees are exclusive of VAT", "Schedule 1 Charges",
        "Service", "Monthly charge", "Support", "GBP 1,000", "Hosting", "GBP 2,500"]


@pytest.mark.parametrize("wording, advice", [
    ("Ask for a cap of twelve months' Charges.", True),
    ("Add to the Reserved Matters: approval of the annual budget.", True),
    ("Consider a mutual cap.", True),
    ("The Company shall deliver monthly management accounts within [20] days of each month end.", True),
    ("The Supplier shall pay [●] to the Customer.", True),
    ("... twelve (12) months ...", True),
    ("We recommend deleting this clause.", True),
    ("The Customer shall pay each valid invoice within thirty (30) days of receipt.", False),
    ("shall not exceed the Charges paid in the twelve months", False),
    ("Each party may assign this Agreement to an Affiliate on written notice.", False),
    ("as defined in Clause [4.2]", True),  # square brackets in a draft: still to be agreed
    ("The quorum for a meeting of the Board is [two] Directors.", True),
    ("Each party submits to the courts of England; or: any dispute shall be referred to arbitration.", True),
    ("the Supplier's liability under clause 4.2 (Indemnities) is unlimited", False),
])
def test_advice_is_told_from_contract_text(wording, advice):
    from paralaw.skills.reports.advice import advice_reason

    assert (advice_reason(wording) is not None) == advice, advice_reason(wording)


def test_advice_goes_into_the_comment_never_into_the_contract(tmp_path):
    source = input_docx(tmp_path / "msa.docx")
    out = tmp_path / "reviewed.docx"
    risks = [risk("2.1", "high", "shall not exceed the Charges paid in the three months", "Low cap",
                  proposed_wording="Ask for a cap of [12] months' Charges"),
             risk("2", "medium", "", "No reserved matters", verdict="MISSING",
                  proposed_wording="Add to the Reserved Matters: approval of the annual budget.")]
    result = write_docx(report(risks), out, source=source, text=load_document(source).text)
    assert (result.comments, result.revisions, result.advice) == (2, 0, ["r2.1-high", "r2-medium"])
    root = body_xml(out)
    assert not list(root.iter(qn("w:ins"))) and not list(root.iter(qn("w:del")))
    notes = [c.text for c in docx.Document(str(out)).comments]
    assert notes[0].endswith("Advice: Ask for a cap of [12] months' Charges")
    assert notes[1].endswith("Advice: Add to the Reserved Matters: approval of the annual budget.")
