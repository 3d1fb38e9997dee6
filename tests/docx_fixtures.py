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


def reject_all(root) -> None:
    """What Word's "Reject All Changes" does to the text: insertions go (a paragraph whose mark was inserted
    with them), deletions come back as text."""
    for mark in list(root.iter(qn("w:ins"))):
        rpr = mark.getparent()
        if rpr.tag == qn("w:rPr") and rpr.getparent().tag == qn("w:pPr"):
            paragraph = rpr.getparent().getparent()
            if not any(t.text for t in paragraph.iter(qn("w:t")) if t.getparent().getparent().tag != qn("w:ins")):
                paragraph.getparent().remove(paragraph)
    for tag in ("w:ins", "w:moveTo"):
        for element in list(root.iter(qn(tag))):
            if element.getparent().tag in (qn("w:rPr"), qn("w:pPr"), qn("w:trPr")):
                continue
            element.getparent().remove(element)
    for tag in ("w:del", "w:moveFrom"):
        for element in list(root.iter(qn(tag))):
            parent = element.getparent()
            if parent.tag in (qn("w:rPr"), qn("w:pPr"), qn("w:trPr")):
                continue
            for deleted in element.iter(qn("w:delText")):
                deleted.tag = qn("w:t")
            index = parent.index(element)
            for child in list(element):
                parent.insert(index, child)
                index += 1
            parent.remove(element)
