"""The text of a .docx paragraph as a reader sees it, tracked changes and footnotes included.

python-docx's `Paragraph.text` reads only the runs that are direct children of the paragraph (and of
hyperlinks). A run Word records as a tracked insertion sits inside `w:ins`, a deletion inside `w:del` (its
words in `w:delText`), a move inside `w:moveTo` / `w:moveFrom`: python-docx skips all of them, so a contract
with unaccepted changes loses its inserted words and reads as broken sentences. Here the paragraph is walked
in document order and each revision is read as one of two views:

- "current": insertions and moves' destinations in, deletions and moves' sources out (all changes accepted);
- "original": the reverse (all changes rejected), the text before anyone's edits.

Footnotes and endnotes are text of the clause that cites them: their text is appended to the citing paragraph
as "[Footnote 1: ...]". Comments are not contract text; `inspect_docx` counts them (and the revisions) so a
review can warn about them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

View = Literal["current", "original"]
VIEWS = ("current", "original")

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def qn(tag: str) -> str:
    """'w:ins' -> Clark notation (this module reads only WordprocessingML's own namespace)."""
    return _W + tag.split(":", 1)[1]

_SHOWN = {"current": {"ins", "moveTo"}, "original": {"del", "moveFrom"}}
_REVISIONS = {"ins", "del", "moveTo", "moveFrom"}
# containers whose runs are paragraph text (links, fields, content controls, smart tags)
_CONTAINERS = {"hyperlink", "smartTag", "customXml", "fldSimple", "sdt", "sdtContent", "dir", "bdo"}
_NOTE_TYPES = (("footnote", "Footnote"), ("endnote", "Endnote"))


def _local(element) -> str:
    tag = element.tag
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _run_text(run, out: list[str], notes: list[tuple[str, str]]) -> None:
    for child in run:
        tag = _local(child)
        if tag in ("t", "delText"):  # delText is reached only inside a shown w:del (the original view)
            out.append(child.text or "")
        elif tag == "tab":
            out.append("\t")
        elif tag in ("br", "cr"):
            out.append("\n")
        elif tag == "noBreakHyphen":
            out.append("-")
        elif tag in ("footnoteReference", "endnoteReference"):
            notes.append((tag[:-9], child.get(qn("w:id"), "")))


def _walk(element, view: View, out: list[str], notes: list[tuple[str, str]]) -> None:
    for child in element:
        tag = _local(child)
        if tag == "r":
            _run_text(child, out, notes)
        elif tag in _REVISIONS:
            if tag in _SHOWN[view]:
                _walk(child, view, out, notes)
        elif tag in _CONTAINERS:
            _walk(child, view, out, notes)


def paragraph_text(p, view: View = "current") -> tuple[str, list[tuple[str, str]]]:
    """(the paragraph's text in that view, the notes it cites as (kind, id) in order)."""
    out: list[str] = []
    notes: list[tuple[str, str]] = []
    _walk(p, view, out, notes)
    return "".join(out), notes


def row_shown(tr, view: View) -> bool:
    """False for a table row Word records as inserted (original view) or deleted (current view)."""
    tr_pr = tr.find(qn("w:trPr"))
    if tr_pr is None:
        return True
    hidden = "w:del" if view == "current" else "w:ins"
    return tr_pr.find(qn(hidden)) is None


def _part_root(document, reltype_suffix: str):
    """The XML root of a related part of the main document (footnotes, endnotes, comments), or None."""
    from docx.oxml import parse_xml

    for rel in document.part.rels.values():
        if rel.is_external or not rel.reltype.endswith("/" + reltype_suffix):
            continue
        part = rel.target_part
        element = getattr(part, "element", None)
        return element if element is not None else parse_xml(part.blob)
    return None


class Notes:
    """Footnote and endnote texts by id, numbered in the order the body cites them (as Word shows them)."""

    def __init__(self, document, view: View) -> None:
        self.texts: dict[tuple[str, str], str] = {}
        self.numbers: dict[tuple[str, str], int] = {}
        self.counts: dict[str, int] = {}
        for kind, _ in _NOTE_TYPES:
            root = _part_root(document, kind + "s")
            if root is None:
                continue
            for note in root.findall(qn(f"w:{kind}")):
                if note.get(qn("w:type")) in ("separator", "continuationSeparator", "continuationNotice"):
                    continue
                paragraphs = [paragraph_text(p, view)[0].strip() for p in note.iter(qn("w:p"))]
                text = " ".join(t for t in paragraphs if t)
                if text:
                    self.texts[(kind, note.get(qn("w:id"), ""))] = text

    def render(self, cited: list[tuple[str, str]]) -> str:
        """' [Footnote 1: text]' for each cited note that has text."""
        parts = []
        for key in cited:
            text = self.texts.get(key)
            if text is None:
                continue
            if key not in self.numbers:
                self.counts[key[0]] = self.counts.get(key[0], 0) + 1
                self.numbers[key] = self.counts[key[0]]
            name = dict(_NOTE_TYPES)[key[0]]
            parts.append(f" [{name} {self.numbers[key]}: {text}]")
        return "".join(parts)


@dataclass
class DocxInventory:
    """What a .docx holds beside its text: unaccepted revisions, comments, notes."""

    insertions: int = 0
    deletions: int = 0
    moves: int = 0
    footnotes: int = 0
    comments: list[tuple[str, str]] = field(default_factory=list)  # (author, text)

    @property
    def revisions(self) -> int:
        return self.insertions + self.deletions + self.moves


def inventory(document) -> DocxInventory:
    """Count the body's tracked changes (runs' revisions, not formatting ones) and list the comments."""
    body = document.element.body
    found = DocxInventory(
        insertions=sum(1 for _ in body.iter(qn("w:ins")) if _has_runs(_)),
        deletions=sum(1 for _ in body.iter(qn("w:del")) if _has_runs(_)),
        moves=sum(1 for _ in body.iter(qn("w:moveTo"))),
        footnotes=len(Notes(document, "current").texts),
    )
    root = _part_root(document, "comments")
    if root is not None:
        for comment in root.findall(qn("w:comment")):
            text = " ".join(t for t in (paragraph_text(p)[0].strip() for p in comment.iter(qn("w:p"))) if t)
            found.comments.append((comment.get(qn("w:author"), ""), text))
    return found


def _has_runs(revision) -> bool:
    """w:ins / w:del also mark a paragraph mark or row as changed (inside w:rPr / w:trPr): count text only."""
    return revision.find(qn("w:r")) is not None
