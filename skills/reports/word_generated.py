"""A Word document for a contract given as text or Markdown: Word's own structure, never literal markup.

`## 9 Liability` is a Heading 2, a clause heading the parser found ("9 Liability" on a line of its own) a
heading at its clause's level, `**Warranty Period**` a bold run, a pipe table a Word table (its header row
bold and repeated on each page), `---` a rule, `- item` a bulleted paragraph, `> text` a quote. Each other
line is a paragraph of its own, as the review read it; a clause keeps the number written in its text.
"""

from __future__ import annotations

from .markup import Block, blocks, pieces


def generated_document(text: str):
    """A python-docx Document holding `text` (the text the review read)."""
    import docx

    from ..documents.loaders import parse_document_text

    structure = parse_document_text(text, filename="contract.md")
    heading_level = {}
    for clause in structure.iter_clauses():
        first = clause.text.split("\n", 1)[0].strip()
        if clause.title and len(first) <= 120 and not first.rstrip().endswith((".", ";", "。", "；")):
            heading_level[clause.start] = min(clause.level, 9)
    document = docx.Document()
    for block in blocks(text):
        if block.kind == "table":
            _table(document, text, block)
            continue
        level = block.level if block.kind == "heading" else heading_level.get(block.span[0])
        if level is not None and block.kind in ("heading", "paragraph"):
            paragraph = document.add_heading(level=min(max(level, 1), 9))
        else:
            style = {"bullet": "List Bullet", "quote": "Quote"}.get(block.kind)
            paragraph = document.add_paragraph(style=style)
        if block.kind == "rule":
            _rule(paragraph)
        else:
            add_runs(paragraph, text, *block.span)
    return document


def add_runs(paragraph, text: str, start: int, end: int, *, bold: bool = False) -> None:
    """Runs for text[start:end], bold and italic where the Markdown marks them."""
    for piece in pieces(text, start, end):
        run = paragraph.add_run(text[piece.start:piece.end])
        if piece.bold or bold:
            run.bold = True
        if piece.italic:
            run.italic = True


def _table(document, text: str, block: Block) -> None:
    from docx.oxml import OxmlElement

    columns = max(len(row) for row in block.rows)
    table = document.add_table(rows=len(block.rows), cols=columns)
    try:
        table.style = "Table Grid"
    except KeyError:  # a template without it keeps its default table style
        pass
    for r, (row, cells) in enumerate(zip(table.rows, block.rows)):
        header = r < block.header
        if header:
            row._tr.get_or_add_trPr().append(OxmlElement("w:tblHeader"))
        for cell, span in zip(row.cells, cells):
            add_runs(cell.paragraphs[0], text, *span, bold=header)


def _rule(paragraph) -> None:
    """A thematic break (`---`) as an empty paragraph with a bottom border, as Word draws a horizontal line."""
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    paragraph._p.get_or_add_pPr().append(parse_xml(
        f'<w:pBdr {nsdecls("w")}><w:bottom w:val="single" w:sz="6" w:space="1" w:color="auto"/></w:pBdr>'))
