"""Building .docx files the way Word writes them when a lawyer edits with Track Changes on.

python-docx writes plain paragraphs only; these helpers add what Word adds: runs inside w:ins / w:del /
w:moveFrom / w:moveTo, footnotes (a footnotes part and a w:footnoteReference run), and comments.
"""

from __future__ import annotations

from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn

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


def _merge_marked(root, kind: str) -> None:
    """A paragraph whose mark is a `kind` revision being removed joins the next paragraph, as in Word: what is
    left of its content goes before the next paragraph's, which keeps its own properties."""
    for mark in list(root.iter(qn(f"w:{kind}"))):
        rpr = mark.getparent()
        if rpr.tag != qn("w:rPr") or rpr.getparent().tag != qn("w:pPr"):
            continue
        paragraph = rpr.getparent().getparent()
        following = paragraph.getnext()
        rpr.remove(mark)
        if following is None or following.tag != qn("w:p"):
            continue  # the last paragraph of its container keeps its mark
        anchor = following.find(qn("w:pPr"))
        index = following.index(anchor) + 1 if anchor is not None else 0
        for child in [c for c in paragraph if c.tag != qn("w:pPr")]:
            following.insert(index, child)
            index += 1
        paragraph.getparent().remove(paragraph)


def _unwrap(element) -> None:
    parent = element.getparent()
    index = parent.index(element)
    for child in list(element):
        parent.insert(index, child)
        index += 1
    parent.remove(element)


def _revisions(root, *tags: str) -> list:
    """The run-level revisions (not a paragraph mark's, a row's or a property change's)."""
    return [e for tag in tags for e in root.iter(qn(tag))
            if e.getparent() is not None and e.getparent().tag not in (qn("w:rPr"), qn("w:pPr"), qn("w:trPr"))]


def reject_all(root) -> None:
    """What Word's "Reject All Changes" does to the text: insertions go (a paragraph whose mark was inserted
    joins the next one), deletions come back as text, inserted table rows go."""
    for row in [m.getparent().getparent() for m in root.iter(qn("w:ins")) if m.getparent().tag == qn("w:trPr")]:
        row.getparent().remove(row)
    for element in _revisions(root, "w:ins", "w:moveTo"):
        element.getparent().remove(element)
    for element in _revisions(root, "w:del", "w:moveFrom"):
        for deleted in element.iter(qn("w:delText")):
            deleted.tag = qn("w:t")
        _unwrap(element)
    _merge_marked(root, "ins")
    for mark in list(root.iter(qn("w:del"))):  # a deleted paragraph mark or row, restored
        mark.getparent().remove(mark)


def accept_all(root) -> None:
    """What Word's "Accept All Changes" does to the text: deletions go (a paragraph whose mark was deleted
    joins the next one), insertions stay as plain text, deleted table rows go."""
    for row in [m.getparent().getparent() for m in root.iter(qn("w:del")) if m.getparent().tag == qn("w:trPr")]:
        row.getparent().remove(row)
    for element in _revisions(root, "w:del", "w:moveFrom"):
        element.getparent().remove(element)
    for element in _revisions(root, "w:ins", "w:moveTo"):
        _unwrap(element)
    _merge_marked(root, "del")
    for mark in list(root.iter(qn("w:ins"))):  # an inserted paragraph mark or row, kept
        mark.getparent().remove(mark)


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
