"""Finding a quote in a Word paragraph and writing the review's own markup there: tracked deletions and
insertions (w:del / w:ins) and comments, each with its author and date.

The rules Word holds a revision to (and reports "unreadable content" when broken) are kept here: a w:del
holds whole runs whose text is w:delText, never another revision, a field or a content control; a w:ins
holds runs of w:t; every revision and comment carries w:author and w:date, and revision ids are unique in the
package. Our markup is told from the document's own by its ids (not its author: the lawyer running the review
may be an author of the input's revisions too). Paragraphs in text boxes are never touched: Word keeps a text
box twice (a DrawingML and a VML copy) and a revision in one copy only is damage.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from typing import Any

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "})
_CONTAINERS = ("hyperlink", "smartTag", "customXml", "fldSimple", "sdt", "sdtContent")
# what may sit between the runs a deletion takes: runs and range markers, nothing with text of its own
_DELETABLE = ("r", "bookmarkStart", "bookmarkEnd", "proofErr", "commentRangeStart", "commentRangeEnd", "permStart",
              "permEnd")


def w(tag: str) -> str:
    return _W + tag


class Reading:
    """How the review read the input (`view`: its own revisions accepted, "current", or rejected, "original")
    and which revision ids are ours, so quotes are always looked for in the text the review read."""

    def __init__(self, view: str = "current") -> None:
        self.view = view
        self.ours: set[str] = set()

    def is_ours(self, element, tag: str) -> bool:
        return element.tag == w(tag) and element.get(w("id")) in self.ours

    def runs(self, element, out: list | None = None) -> list:
        """Runs of the paragraph as the review read it: the document's own revisions in the view, our deletions
        in and our insertions out."""
        out = [] if out is None else out
        for child in element:
            tag = child.tag
            if tag == w("r"):
                out.append(child)
            elif tag in (w("ins"), w("moveTo")):
                if not self.is_ours(child, "ins") and self.view == "current":
                    self.runs(child, out)
            elif tag in (w("del"), w("moveFrom")):
                if self.is_ours(child, "del") or self.view == "original":
                    self.runs(child, out)
            elif tag in tuple(w(t) for t in _CONTAINERS):
                self.runs(child, out)
        return out

    @staticmethod
    def outermost(run):
        """A run inside a revision (ours or the document's) is anchored at the revision, so a comment's markers
        and reference never sit inside one: rejecting someone's insertion must not take our comment with it."""
        while run.getparent() is not None and run.getparent().tag in (w("ins"), w("del"), w("moveTo"), w("moveFrom")):
            run = run.getparent()
        return run


def body_paragraphs(body) -> list:
    """The paragraphs a comment or revision may go in: the body's and its tables', not text boxes'."""
    return [p for p in body.iter(w("p"))
            if not any(a.tag in (w("txbxContent"), _MC + "Fallback") for a in p.iterancestors())]


class ParagraphText:
    """A paragraph's text with, for each character, the text node it comes from, so a quote can be cut out."""

    def __init__(self, p, reading: Reading) -> None:
        self.p = p
        self.text = ""
        self.pieces: list[tuple[Any, Any, int]] = []  # (run, node or None, start offset)
        for run in reading.runs(p):
            for node in run:
                if node.tag in (w("t"), w("delText")):
                    piece = node.text or ""
                elif node.tag == w("tab"):
                    piece = "\t"
                elif node.tag in (w("br"), w("cr")):
                    piece = "\n"
                elif node.tag == w("noBreakHyphen"):
                    piece = "-"
                else:
                    continue
                self.pieces.append((run, node if node.tag in (w("t"), w("delText")) else None, len(self.text)))
                self.text += piece

    def find(self, quote: str) -> tuple[int, int] | None:
        """(start, end) of the quote, matched up to whitespace and curly quotes."""
        loose, index = [], []
        previous_space = True
        for i, ch in enumerate(self.text.translate(_QUOTES)):
            if ch.isspace():
                if previous_space:
                    continue
                ch, previous_space = " ", True
            else:
                previous_space = False
            loose.append(ch)
            index.append(i)
        wanted = " ".join(quote.translate(_QUOTES).split())
        if not wanted:
            return None
        at = "".join(loose).find(wanted)
        if at < 0:
            return None
        return index[at], index[at + len(wanted) - 1] + 1

    def split_at(self, offset: int) -> None:
        """Make `offset` fall on a run boundary, splitting the run whose text node holds it."""
        for run, node, start in self.pieces:
            if node is None or not start < offset < start + len(node.text or ""):
                continue
            cut = offset - start
            twin = copy.deepcopy(run)
            nodes = [c for c in run if c.tag != w("rPr")]
            twin_nodes = [c for c in twin if c.tag != w("rPr")]
            k = nodes.index(node)
            text = node.text
            node.text, twin_nodes[k].text = text[:cut], text[cut:]
            for n in (node, twin_nodes[k]):
                n.set(_XML_SPACE, "preserve")
            for n in nodes[k + 1:]:
                run.remove(n)
            for n in twin_nodes[:k]:
                twin.remove(n)
            run.addnext(twin)
            return


def runs_in(p, start: int, end: int, reading: Reading) -> list:
    """The runs whose text lies in [start, end) (in document order); split at both ends first."""
    runs = []
    for run, _, at in ParagraphText(p, reading).pieces:
        if start <= at < end and (not runs or runs[-1] is not run):
            runs.append(run)
    return runs


def initials(author: str) -> str:
    """Word's initials for an author: "Jane Q. Smith" -> "JQS", "paralaw" -> "PL"."""
    if author == "paralaw":
        return "PL"
    words = re.findall(r"\w+", author)
    if len(words) > 1:
        return "".join(word[0] for word in words[:3]).upper()
    return (words[0][:2] if words else "").upper()


class Markup:
    """Writes our revisions and comments into one document, all by `author` at `when`."""

    def __init__(self, document, when: dt.datetime, reading: Reading, author: str) -> None:
        self.document = document
        self.reading = reading
        self.author = author
        self.date = when.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        self.next_id = _largest_id(document) + 1000

    def _attrs(self) -> dict[str, str]:
        self.next_id += 1
        self.reading.ours.add(str(self.next_id))
        return {w("id"): str(self.next_id), w("author"): self.author, w("date"): self.date}

    def _text_run(self, text: str, properties=None):
        from docx.oxml import OxmlElement

        run = OxmlElement("w:r")
        if properties is not None:
            properties = copy.deepcopy(properties)
            for change in properties.findall(w("rPrChange")):  # the input's formatting revision is not ours
                properties.remove(change)
            run.append(properties)
        node = OxmlElement("w:t")
        node.text = text
        node.set(_XML_SPACE, "preserve")
        run.append(node)
        return run

    def redline(self, runs: list, new_text: str):
        """Wrap the runs in w:del and put a w:ins with the new text after them; (first, last) elements, or
        None when the runs cannot carry a revision (split over containers, inside a revision, a field, or with
        anything but runs and range markers between them)."""
        from docx.oxml import OxmlElement

        parent = runs[0].getparent()
        if any(r.getparent() is not parent for r in runs) or parent.tag not in (w("p"), w("hyperlink")):
            return None
        first, last = parent.index(runs[0]), parent.index(runs[-1])
        taken = list(parent)[first:last + 1]
        if any(e.tag not in tuple(w(t) for t in _DELETABLE) for e in taken):
            return None
        if any(r.find(w(tag)) is not None for r in runs for tag in ("fldChar", "instrText", "delText")):
            return None
        deletion = OxmlElement("w:del", attrs=self._attrs())
        parent.insert(first, deletion)
        deletion.extend(taken)  # moves them
        for node in deletion.iter(w("t")):
            node.tag = w("delText")
        if not new_text:  # struck, nothing in its place
            return deletion, deletion
        insertion = OxmlElement("w:ins", attrs=self._attrs())
        insertion.append(self._text_run(new_text, runs[0].find(w("rPr"))))
        deletion.addnext(insertion)
        return deletion, insertion

    def insert_paragraph(self, after, text: str, *, like=None):
        """A new paragraph after `after` (a paragraph or a table; the end of the body when None), inserted as a
        tracked change, formatted like paragraph `like` when given. Returns its w:ins.

        Rejecting it must leave the paragraphs as they were. Between two paragraphs the new one's own mark is
        marked inserted (rejected, its empty remainder joins the next paragraph, which keeps its formatting),
        and it takes `like`'s properties (style, list numbering, indents), else the neighbour's paragraph style
        unless that is a heading. After the last paragraph of the body or of a cell there is no next paragraph
        to join, so it is written as Word writes a paragraph typed at the end: the previous paragraph's mark is
        the inserted one, and the new paragraph carries that paragraph's properties."""
        from docx.oxml import OxmlElement

        if after is None:
            after = next((c for c in reversed(self.document.element.body) if c.tag == w("p")), None)
        if after is None:
            body = self.document.element.body
            after = OxmlElement("w:p")
            section = body.find(w("sectPr"))
            body.insert(body.index(section) if section is not None else len(body), after)
        paragraph = OxmlElement("w:p")
        following = after.getnext()
        at_end = (following is None or following.tag != w("p")) and after.tag == w("p")
        if at_end:
            properties = _own_properties(after.find(w("pPr")), keep_mark=True)
            marked = after.find(w("pPr"))
            if marked is None:
                marked = OxmlElement("w:pPr")
                after.insert(0, marked)
        else:
            if like is not None:
                properties = _own_properties(like.find(w("pPr")))
            else:
                properties = OxmlElement("w:pPr")
                style = after.find(f"{w('pPr')}/{w('pStyle')}")
                if style is not None and not style.get(w("val"), "").lower().startswith(("heading", "title")):
                    properties.append(copy.deepcopy(style))
            marked = properties
        mark = marked.find(w("rPr"))
        if mark is None:
            mark = OxmlElement("w:rPr")
            change = marked.find(w("sectPr")) if marked.find(w("sectPr")) is not None else marked.find(w("pPrChange"))
            if change is not None:
                change.addprevious(mark)
            else:
                marked.append(mark)
        mark.insert(0, OxmlElement("w:ins", attrs=self._attrs()))
        paragraph.append(properties)
        insertion = OxmlElement("w:ins", attrs=self._attrs())
        insertion.append(self._text_run(text))
        paragraph.append(insertion)
        after.addnext(paragraph)
        return insertion

    def strike(self, runs: list):
        """Wrap the runs in a w:del (a provision struck, nothing in its place); the w:del, or None as redline."""
        return self.redline(runs, "")

    def comment(self, first, last, lines: list[str]) -> None:
        """A comment by the author spanning first..last (runs or revision elements of one paragraph)."""
        from docx.oxml import OxmlElement, parse_xml
        from docx.oxml.ns import nsdecls

        note = self.document.comments.add_comment(text="\n".join(lines), author=self.author,
                                                   initials=initials(self.author))
        element = note._comment_elm
        element.date = dt.datetime.strptime(self.date, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)
        for p in element.iter(w("p")):  # python-docx styles only the first paragraph
            if p.find(w("pPr")) is None:
                p.insert(0, parse_xml(f'<w:pPr {nsdecls("w")}><w:pStyle w:val="CommentText"/></w:pPr>'))
        cid = str(note.comment_id)
        first.addprevious(OxmlElement("w:commentRangeStart", attrs={w("id"): cid}))
        end = OxmlElement("w:commentRangeEnd", attrs={w("id"): cid})
        last.addnext(end)
        end.addnext(parse_xml(f'<w:r {nsdecls("w")}><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr>'
                              f'<w:commentReference w:id="{cid}"/></w:r>'))


def _own_properties(properties, *, keep_mark: bool = False):
    """A copy of a paragraph's properties for a new paragraph: without its section break or its formatting
    revision, which stay with their paragraph, and without its mark's run properties (which may record a
    revision of the mark) unless the new paragraph takes over that mark (`keep_mark`)."""
    from docx.oxml import OxmlElement

    if properties is None:
        return OxmlElement("w:pPr")
    properties = copy.deepcopy(properties)
    mark = [] if keep_mark else properties.findall(w("rPr"))
    for own in properties.findall(w("sectPr")) + properties.findall(w("pPrChange")) + mark:
        properties.remove(own)
    return properties


def _largest_id(document) -> int:
    """The largest w:id in the main document and its headers, footers and notes (revision ids are one space)."""
    found = [document.element.body]
    for rel in document.part.rels.values():
        if not rel.is_external and getattr(rel.target_part, "element", None) is not None:
            found.append(rel.target_part.element)
    largest = 0
    for root in found:
        for element in root.iter():
            value = element.get(w("id")) if isinstance(element.tag, str) else None
            if value is not None and value.isdigit():
                largest = max(largest, int(value))
    for rel in document.part.rels.values():  # parts python-docx keeps as bytes (footnotes, endnotes)
        if not rel.is_external and getattr(rel.target_part, "element", None) is None:
            blob = getattr(rel.target_part, "blob", b"") or b""
            largest = max([largest, *(int(v) for v in re.findall(rb'w:id="(\d+)"', blob[:5_000_000]))])
    return largest
