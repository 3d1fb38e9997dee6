"""Building .docx files the way Word writes them when a lawyer edits with Track Changes on.

python-docx writes plain paragraphs only; these helpers add what Word adds: runs inside w:ins / w:del /
w:moveFrom / w:moveTo, footnotes (a footnotes part and a w:footnoteReference run), and comments. Accepting or
rejecting every change (accept_all, reject_all) lives in bench/word_changes.py, which bench/redline_checks.py
uses too.
"""

from __future__ import annotations

from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls

from bench.word_changes import accept_all, reject_all  # noqa: F401  (the report tests import them from here)

DATE = "2026-03-02T10:00:00Z"


def _run(text: str, deleted: bool = False, declare: bool = False) -> str:
    tag = "w:delText" if deleted else "w:t"
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f'<w:r{" " + nsdecls("w") if declare else ""}><{tag} xml:space="preserve">{escaped}</{tag}></w:r>'


def tracked_paragraph(document, parts: list[tuple[str, str]], style: str | None = None):
    """A paragraph from (kind, text) parts: kind "" for plain text, or ins / del / moveFrom / moveTo."""
    paragraph = document.add_paragraph(style=style)
    for number, (kind, text) in enumerate(parts, start=1):
        if not kind:
            paragraph._p.append(parse_xml(_run(text, declare=True)))
            continue
        deleted = kind in ("del", "moveFrom")
        paragraph._p.append(parse_xml(
            f'<w:{kind} {nsdecls("w")} w:id="{900 + number}" w:author="Counterparty" w:date="{DATE}">'
            f"{_run(text, deleted)}</w:{kind}>"))
    return paragraph


def add_footnotes(document, notes: dict[int, str]) -> None:
    """A footnotes part with Word's two separator notes and the given notes by id."""
    body = "".join(
        f'<w:footnote w:id="{number}"><w:p><w:r><w:footnoteRef/></w:r>{_run(" " + text)}</w:p></w:footnote>'
        for number, text in notes.items())
    xml = (f'<w:footnotes {nsdecls("w")}>'
           '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
           '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>'
           f"{body}</w:footnotes>")
    part = Part(PackURI("/word/footnotes.xml"),
                "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml",
                xml.encode("utf-8"), document.part.package)
    document.part.relate_to(part, RT.FOOTNOTES)


def cite_footnote(paragraph, note_id: int) -> None:
    paragraph._p.append(parse_xml(
        f'<w:r {nsdecls("w")}><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
        f'<w:footnoteReference w:id="{note_id}"/></w:r>'))


def text_box(paragraph, text: str) -> None:
    """A VML text box holding `text`, anchored in `paragraph` (as Word writes a legacy text box)."""
    paragraph._p.append(parse_xml(
        f'<w:r {nsdecls("w")} xmlns:v="urn:schemas-microsoft-com:vml"><w:pict>'
        '<v:shape id="TextBox1" type="#_x0000_t202" style="width:180pt;height:40pt">'
        f'<v:textbox><w:txbxContent><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:txbxContent></v:textbox>'
        "</v:shape></w:pict></w:r>"))


def rich_contract(path):
    """A contract as Word users send one: a title, headings, clauses numbered by Word (List Number, not typed
    numbers), a table, a header and a footer, a footnote, a text box, a comment and tracked changes by the
    counterparty."""
    import docx

    document = docx.Document()
    section = document.sections[0]
    section.header.paragraphs[0].text = "CONFIDENTIAL - Master Services Agreement"
    section.footer.paragraphs[0].text = "Supplier draft 3"
    document.add_heading("Master Services Agreement", level=0)
    notice = document.add_paragraph("This agreement is made between the Supplier and the Customer.")
    text_box(notice, "Draft for discussion only")
    document.add_heading("1 Charges", level=1)
    document.add_paragraph("The Customer shall pay each invoice within 60 days of receipt.", style="List Number")
    tracked_paragraph(document, [("", "The Supplier may increase the Charges "), ("del", "at any time"),
                                 ("ins", "once a year"), ("", " on written notice.")], style="List Number")
    document.add_heading("2 Liability", level=1)
    cap = document.add_paragraph("The Supplier's total liability shall not exceed the Charges paid in the three months "
                                 "before the claim.", style="List Number")
    cite_footnote(cap, 1)
    add_footnotes(document, {1: "Charges exclude VAT."})
    excluded = document.add_paragraph("The Supplier is not liable for loss of data.", style="List Number")
    document.add_comment(excluded.runs[0], text="We cannot accept this.", author="Counterparty", initials="CP")
    document.add_heading("3 Service levels", level=1)
    table = document.add_table(rows=2, cols=2)
    table.style = "Table Grid"
    for row, cells in zip(table.rows, [("Service", "Level"), ("Availability", "99.5% monthly availability")]):
        for cell, value in zip(row.cells, cells):
            cell.text = value
    document.add_paragraph("Service credits are the Customer's sole remedy.", style="List Number")
    document.save(str(path))
    return path
