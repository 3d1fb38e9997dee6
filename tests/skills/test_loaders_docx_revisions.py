""".docx files as lawyers send them back: unaccepted tracked changes, moved text, footnotes and comments.

Each document is generated here with the XML Word writes. Before tracked changes were read, the inserted and
deleted words both vanished ("the Charges paid in the  months before the event") and the findings on that
clause with them.
"""

from __future__ import annotations

import docx
import pytest
from docx_fixtures import add_footnotes, cite_footnote, tracked_paragraph

from paralaw.skills import DocumentError, load_document
from paralaw.skills.documents.docx_text import inventory

CAP = [("", "The Supplier's total liability under this Agreement shall not exceed the Charges paid in the "),
       ("del", "six"), ("ins", "twelve"), ("", " months before the event giving rise to the claim.")]


def edited_contract(tmp_path):
    document = docx.Document()
    document.add_heading("1 Charges", level=1)
    document.add_paragraph("1.1 The Customer shall pay the Charges within 30 days of a valid invoice.")
    tracked_paragraph(document, [("", "1.2 "), ("ins", "Late payments bear interest at 2% a year above base rate. "),
                                 ("", "The Supplier may suspend the Services on 14 days' notice.")])
    document.add_heading("2 Liability", level=1)
    tracked_paragraph(document, [("", "2.1 ")] + CAP)
    tracked_paragraph(document, [("", "2.2 Neither party excludes liability for fraud."),
                                 ("moveFrom", " Each party shall mitigate its loss.")])
    tracked_paragraph(document, [("", "2.3 "), ("moveTo", "Each party shall mitigate its loss. "),
                                 ("", "Clause 2.1 does not apply to the indemnity in clause 3.")])
    path = tmp_path / "msa_redlined.docx"
    document.save(str(path))
    return path


def test_tracked_changes_read_as_the_current_text(tmp_path):
    doc = load_document(edited_contract(tmp_path))
    cap = doc.get_clause("2.1").text
    assert "the Charges paid in the twelve months before the event giving rise to the claim." in cap
    assert "six" not in cap
    assert doc.get_clause("1.2").text.startswith("1.2 Late payments bear interest at 2% a year above base rate. The Supplier")
    assert "mitigate" not in doc.get_clause("2.2").text
    assert doc.get_clause("2.3").text.startswith("2.3 Each party shall mitigate its loss. Clause 2.1")


def test_original_view_rejects_every_change(tmp_path, monkeypatch):
    monkeypatch.setenv("PARALAW_DOCX_REVISIONS", "original")
    doc = load_document(edited_contract(tmp_path))
    assert "the Charges paid in the six months before" in doc.get_clause("2.1").text
    assert doc.get_clause("1.2").text.startswith("1.2 The Supplier may suspend")
    assert doc.get_clause("2.2").text.endswith("fraud. Each party shall mitigate its loss.")
    assert doc.get_clause("2.3").text.startswith("2.3 Clause 2.1 does not apply")


def test_unknown_revision_view_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("PARALAW_DOCX_REVISIONS", "both")
    with pytest.raises(DocumentError) as caught:
        load_document(edited_contract(tmp_path))
    assert caught.value.code == "INVALID_OPTION" and "current, original" in str(caught.value)


def test_inventory_counts_revisions_and_comments(tmp_path):
    path = edited_contract(tmp_path)
    document = docx.Document(str(path))
    paragraph = document.paragraphs[-1]
    document.add_comment(paragraph.runs[0], text="Check against the indemnity cap.", author="A. Partner", initials="AP")
    document.save(str(path))
    found = inventory(docx.Document(str(path)))
    assert (found.insertions, found.deletions, found.moves) == (2, 1, 1)
    assert found.comments == [("A. Partner", "Check against the indemnity cap.")]
    # a comment is a note on the contract, not its text
    assert "indemnity cap" not in load_document(path).text


def test_footnotes_are_text_of_their_clause(tmp_path):
    document = docx.Document()
    document.add_heading("4 Fees", level=1)
    paragraph = document.add_paragraph("4.1 The Customer shall pay the Fees set out in the Order Form.")
    cite_footnote(paragraph, 2)
    document.add_paragraph("4.2 Fees are exclusive of VAT.")
    cite_footnote(document.paragraphs[-1], 3)
    add_footnotes(document, {2: "Fees are fixed for the Initial Term and may rise by CPI thereafter.",
                             3: "VAT is charged at the rate in force at the invoice date."})
    path = tmp_path / "fees.docx"
    document.save(str(path))
    doc = load_document(path)
    assert doc.get_clause("4.1").text == ("4.1 The Customer shall pay the Fees set out in the Order Form. "
                                          "[Footnote 1: Fees are fixed for the Initial Term and may rise by CPI thereafter.]")
    assert doc.get_clause("4.2").text.endswith("[Footnote 2: VAT is charged at the rate in force at the invoice date.]")


def test_deleted_table_row_is_gone_and_inserted_cell_text_is_in(tmp_path):
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    document = docx.Document()
    document.add_heading("Schedule 1 Service Credits", level=1)
    table = document.add_table(rows=3, cols=2)
    for row, (level, credit) in zip(table.rows, [("Availability", "Credit"), ("below 99.5%", "5%"), ("below 99%", "10%")]):
        row.cells[0].text, row.cells[1].text = level, credit
    table.rows[2]._tr.get_or_add_trPr().append(parse_xml(
        f'<w:del {nsdecls("w")} w:id="7" w:author="Counterparty" w:date="2026-03-02T10:00:00Z"/>'))
    cell = table.rows[1].cells[1].paragraphs[0]
    cell._p.append(parse_xml(f'<w:ins {nsdecls("w")} w:id="8" w:author="Counterparty" w:date="2026-03-02T10:00:00Z">'
                             '<w:r><w:t xml:space="preserve"> of the monthly Charges</w:t></w:r></w:ins>'))
    path = tmp_path / "credits.docx"
    document.save(str(path))
    text = load_document(path).text
    assert "| below 99.5% | 5% of the monthly Charges |" in text
    assert "below 99%" not in text.replace("below 99.5%", "")
