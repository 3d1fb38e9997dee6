"""The reviewed contract as Word: a comment on each risk's quote, a tracked change per proposed wording, and
nothing else changed (rejecting every revision, as Word's "Reject All" does, gives back the input text)."""

from __future__ import annotations

import shutil
import subprocess
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
         "Unilateral price increase", proposed_wording="… on ninety (90) days' written notice."),  # an excerpt
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

    assert (result.comments, result.revisions) == (7, 4)
    assert result.not_located == ["r9.9-low"]
    assert result.redline_skipped == ["r2.1-low"]  # its words are already under the high risk's redline

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
    assert len(insertions) == 4 and len(deletions) == 3 and len(marks) == 1  # the missing clause is a new paragraph
    assert all(e.get(qn("w:author")) == "paralaw" for e in insertions + deletions)
    # the words that change are struck, not the whole quote; an excerpt is placed inside its quote
    assert ["".join(t.text for t in d.iter(qn("w:delText"))) for d in deletions] == [
        "60", "on", "not exceed the Charges paid in the three"]
    assert ["".join(t.text for t in i.iter(qn("w:t"))) for i in insertions] == [
        "30", "on ninety (90) days'", "The Supplier shall maintain professional indemnity insurance of at least GBP 2 million.",
        "never exceed the Charges paid in the twelve"]
    # each comment is anchored: a range start, a range end and a reference per comment
    for tag in ("w:commentRangeStart", "w:commentRangeEnd", "w:commentReference"):
        assert len(list(root.iter(qn(tag)))) == 7
    # the quote spanning a bold and a plain run keeps each run's formatting inside the deletion
    def bold(run):
        b = run.find(qn("w:rPr") + "/" + qn("w:b"))
        return b is not None and b.get(qn("w:val")) not in ("0", "false")

    assert [bold(r) for r in deletions[2].iter(qn("w:r"))] == [True, False, False]

    # accepted, the contract reads with the proposed wording
    accepted = load_document(out).text
    assert "shall never exceed the Charges paid in the twelve months before the claim." in accepted
    assert "within 30 days of receipt" in accepted
    assert "at any time on ninety (90) days' written notice." in accepted
    # the missing clause goes in after the heading of the clause the risk names, as a plain paragraph
    assert "# 2 Liability\n\nThe Supplier shall maintain professional indemnity insurance" in accepted

    reject_all(root)
    assert paragraph_texts(root) == paragraph_texts(body_xml(source))


def test_markdown_input_becomes_a_document_with_headings(tmp_path):
    text = "\n".join([
        "# Master Services Agreement", "", "## 1 Charges", "",
        "1.1 The Customer shall pay each invoice within 60 days of receipt.", "",
        "1.2 The Supplier may increase the Charges at any time on written notice.", "",
        "2 Liability", "",
        "2.1 The Supplier's total liability shall not exceed the Charges paid in the three months before the claim.",
        "", "| Cap | <b>3 months</b> |"])
    out = tmp_path / "reviewed.docx"
    result = write_docx(report(RISKS[:3]), out, source=tmp_path / "msa.md", text=text)
    assert (result.comments, result.revisions) == (3, 3)
    reviewed = docx.Document(str(out))
    headings = [(p.style.name, p.text) for p in reviewed.paragraphs if p.style.name.startswith("Heading")]
    assert headings == [("Heading 1", "Master Services Agreement"), ("Heading 2", "1 Charges"), ("Heading 1", "2 Liability")]
    root = body_xml(out)
    reject_all(root)
    expected = [line.lstrip("# ") for line in text.splitlines() if line.strip()]
    assert paragraph_texts(root) == expected


def test_no_risks_leaves_the_text_alone(tmp_path):
    source = input_docx(tmp_path / "msa.docx")
    out = tmp_path / "reviewed.docx"
    result = write_docx(report([]), out, source=source, text=load_document(source).text)
    assert (result.comments, result.revisions) == (0, 0)
    assert paragraph_texts(body_xml(out)) == paragraph_texts(body_xml(source))


@pytest.mark.skipif(shutil.which("soffice") is None and shutil.which("libreoffice") is None,
                    reason="LibreOffice is not installed (it is large; CI does not install it)")
def test_libreoffice_opens_it_and_sees_each_revision_and_comment(tmp_path):
    """LibreOffice headless reads the output into its own model (flat ODT): a tracked change there is a
    text:changed-region (one per w:ins and per w:del) and a comment an office:annotation; it also converts
    the document to PDF."""
    source = input_docx(tmp_path / "msa.docx")
    out = tmp_path / "reviewed.docx"
    result = write_docx(report(RISKS), out, source=source, text=load_document(source).text)
    office = shutil.which("soffice") or shutil.which("libreoffice")
    for target in ("fodt", "pdf"):
        subprocess.run([office, f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}", "--headless",
                        "--convert-to", target, "--outdir", str(tmp_path), str(out)],
                       check=True, timeout=180, capture_output=True)
    flat = etree.parse(str(tmp_path / "reviewed.fodt"))
    ns = {"text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0", "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0"}
    changes = flat.findall(".//text:tracked-changes/text:changed-region", ns)
    kinds = sorted(next(iter(c)).tag.rsplit("}", 1)[1] for c in changes)
    # three replacements (a deletion and an insertion each) and one inserted paragraph, which LibreOffice keeps
    # as two insertions: its text and its paragraph mark
    assert result.revisions == 4 and kinds == ["deletion"] * 3 + ["insertion"] * 5
    assert len(flat.findall(".//office:annotation", ns)) == result.comments
    assert (tmp_path / "reviewed.pdf").stat().st_size > 1000


@pytest.mark.parametrize("old, new, struck, inserted", [
    ("shall not exceed the Charges paid in the three months", "shall not exceed the Charges paid in the twelve months",
     "three", "twelve"),
    ("renew for successive periods of thirty-six (36) months unless the Customer gives notice",
     "... successive periods of twelve (12) months ...", "thirty-six (36)", "twelve (12)"),
    ("The Customer shall pay within 7 days.", "The Customer shall pay within 7 days of receipt.", "days.", "days of receipt."),
    ("within 60 days", "within 60 days", None, None),  # nothing to change
    ("at the rate of 4% per month from the due date until payment.", "... at 4% a year above base rate ...", None, None),
    ("governed by English law", "... an unrelated sentence about something else entirely ...", None, None),
])
def test_minimal_edit_strikes_only_the_words_that_change(old, new, struck, inserted):
    from paralaw.skills.reports.word import minimal_edit

    edit = minimal_edit(old, new)
    assert (old[edit[0]:edit[1]], edit[2]) == (struck, inserted) if struck else edit is None
