"""The contract as a Word document with the review in it: a comment on each risk's quote, and a tracked
change (the old words deleted, the proposed words inserted) for each risk that proposes wording.

Lawyers read a review in the contract, not beside it. Word's own review markup is used so that the redline
can be accepted or rejected clause by clause, and so that nothing else in the document changes: rejecting
every revision gives back the input text. A .docx input is kept as it is (styles, numbering, its own
revisions); any other input becomes a generated document, one paragraph per line of the text the review read,
clause headings as Word headings.

The XML for revisions is written with lxml (python-docx has no API for them); comments use python-docx's
(>= 1.2). Everything authored here carries w:author="paralaw", which is also how a second pass tells our
markup from the document's own.
"""

from __future__ import annotations

import io

import copy
import datetime as dt
import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


AUTHOR = "paralaw"
LEVELS = ("high", "medium", "low")
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "})
_NUMBER = re.compile(r"^\s*(?:#+\s*)?(?:\(?[0-9A-Za-z]{1,4}[.)]?(?:\.\d+)*\)?\s+)")


def w(tag: str) -> str:
    return _W + tag


@dataclass
class DocxResult:
    """What was written, for the command's note and for tests."""

    comments: int = 0
    revisions: int = 0
    not_located: list[str] = field(default_factory=list)  # risk ids whose quote is not in the document
    redline_skipped: list[str] = field(default_factory=list)  # proposed wording left in the comment only


def proposed_wording(risk: dict[str, Any]) -> str:
    """The replacement text a risk proposes, whichever shape the risk has."""
    value = risk.get("proposed_wording") or risk.get("suggestion") or ""
    if isinstance(value, dict):
        value = value.get("text") or value.get("wording") or ""
    return str(value).strip()


def report_risks(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Every risk of a JSON report (to_json's shape), highest severity first, document order kept within."""
    risks = [risk for clause in report.get("clauses", []) for risk in clause.get("risks", [])]
    return sorted(risks, key=lambda r: LEVELS.index(r["risk_level"]) if r.get("risk_level") in LEVELS else len(LEVELS))


# --- the document --------------------------------------------------------------------------------------

def generated_document(text: str):
    """A Word document holding `text` (the text the review read): one paragraph per non-empty line, Markdown
    headings and clause headings ("9 Limitations on Liability") as Word headings at their clause's level."""
    import docx

    from ..documents.loaders import parse_document_text

    structure = parse_document_text(text, filename="contract.md")
    heading_level = {}
    for clause in structure.iter_clauses():
        first = clause.text.split("\n", 1)[0].strip()
        if clause.title and len(first) <= 120 and not first.rstrip().endswith((".", ";", "。", "；")):
            heading_level[clause.start] = min(clause.level, 9)
    document = docx.Document()
    offset = 0
    for line in text.split("\n"):
        start, offset = offset, offset + len(line) + 1
        stripped = line.strip()
        if not stripped:
            continue
        hashes = re.match(r"^(#{1,9})\s+(.*)$", stripped)
        level = heading_level.get(start + len(line) - len(line.lstrip()))
        if hashes:
            document.add_heading(hashes.group(2), level=len(hashes.group(1)))
        elif level is not None:
            document.add_heading(stripped, level=level)
        else:
            document.add_paragraph(stripped)
    return document


# --- locating a quote ----------------------------------------------------------------------------------

def _ours(element, tag: str) -> bool:
    return element.tag == w(tag) and element.get(w("author")) == AUTHOR


def _input_runs(element, out: list, view: str = "current"):
    """Runs of the paragraph as the review read the input: the document's own revisions in `view` ("current":
    accepted, "original": rejected), our deletions in and our insertions out."""
    for child in element:
        tag = child.tag
        if tag == w("r"):
            out.append(child)
        elif tag in (w("ins"), w("moveTo")):
            if not _ours(child, "ins") and view == "current":
                _input_runs(child, out, view)
        elif tag in (w("del"), w("moveFrom")):
            if _ours(child, "del") or view == "original":
                _input_runs(child, out, view)
        elif tag in (w("hyperlink"), w("smartTag"), w("customXml"), w("fldSimple"), w("sdt"), w("sdtContent")):
            _input_runs(child, out, view)
    return out


class ParagraphText:
    """A paragraph's text with, for each character, the text node it comes from, so a quote can be cut out."""

    def __init__(self, p, view: str = "current") -> None:
        self.p = p
        self.text = ""
        self.pieces: list[tuple[Any, Any, int]] = []  # (run, node or None, start offset)
        for run in _input_runs(p, [], view):
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


def _split_at(paragraph: ParagraphText, offset: int) -> None:
    """Make `offset` fall on a run boundary, splitting the run whose text node holds it."""
    for run, node, start in paragraph.pieces:
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


def _runs_in(p, start: int, end: int, view: str) -> list:
    """The runs whose text lies in [start, end) (in document order); split at both ends first."""
    runs = []
    for run, _, at in ParagraphText(p, view).pieces:
        if start <= at < end and (not runs or runs[-1] is not run):
            runs.append(run)
    return runs


_ELLIPSIS = ("...", "\u2026")


def minimal_edit(old: str, new: str) -> tuple[int, int, str] | None:
    """(start, end, replacement): the smallest run of whole words of `old` to replace so that it reads as `new`,
    or None when nothing changes or `new` does not fit `old`.

    A lawyer's redline strikes the words that change ("one (1) month" -> "twelve (12) months"), not the whole
    clause. Proposed wording may also be an excerpt ("... twelve (12) months ..."): the ellipses mark words of
    the quote left as they are, so the excerpt is aligned inside the quote rather than replacing it.
    """
    new = new.strip()
    open_start, open_end = new.startswith(_ELLIPSIS), new.endswith(_ELLIPSIS)
    if open_start:
        new = new[3 if new.startswith("...") else 1:].lstrip()
    if open_end:
        new = new[:-3 if new.endswith("...") else -1].rstrip()
    old_words = [(m.start(), m.end()) for m in re.finditer(r"\S+", old)]
    new_words = [(m.start(), m.end()) for m in re.finditer(r"\S+", new)]
    if not old_words or not new_words:
        return None
    matcher = difflib.SequenceMatcher(None, [old[a:b] for a, b in old_words], [new[a:b] for a, b in new_words], autojunk=False)
    ops = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    if open_start and ops and ops[0][0] == "delete" and ops[0][1] == 0:
        ops = ops[1:]  # quote words before the excerpt stay
    if open_end and ops and ops[-1][0] == "delete" and ops[-1][2] == len(old_words):
        ops = ops[:-1]  # and those after it
    if not ops:
        return None
    matched = sum(block.size for block in matcher.get_matching_blocks())
    if (open_start or open_end) and matched < 0.5 * len(new_words):
        return None  # the excerpt shares too few words with the quote to say where it goes
    i1, i2, j1, j2 = ops[0][1], ops[-1][2], ops[0][3], ops[-1][4]
    if (open_start and i1 == 0 and j1 == 0) or (open_end and i2 == len(old_words) and j2 == len(new_words)):
        return None  # the excerpt changes its open end: where its words stop replacing the quote's is a guess
    if i1 == i2 or j1 == j2:  # a pure insertion or deletion: take the word before (or after) along
        if i1 > 0 and j1 > 0:
            i1, j1 = i1 - 1, j1 - 1
        elif i2 < len(old_words) and j2 < len(new_words):
            i2, j2 = i2 + 1, j2 + 1
        else:
            return None
    return old_words[i1][0], old_words[i2 - 1][1], new[new_words[j1][0]:new_words[j2 - 1][1]]


# --- writing the markup --------------------------------------------------------------------------------

class Markup:
    def __init__(self, document, when: dt.datetime) -> None:
        self.document = document
        self.date = when.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        ids = [int(v) for v in document.element.body.xpath("//@w:id") if str(v).lstrip("-").isdigit()]
        self.next_id = max(ids, default=0) + 1000

    def _id(self) -> str:
        self.next_id += 1
        return str(self.next_id)

    def redline(self, runs: list, new_text: str):
        """Wrap the runs in w:del and put a w:ins with the new text after them; (first, last) elements, or
        None when the runs cannot carry a revision (split over containers, inside a revision, a field)."""
        from docx.oxml import OxmlElement

        parent = runs[0].getparent()
        if any(r.getparent() is not parent for r in runs) or parent.tag not in (w("p"), w("hyperlink")):
            return None
        if any(r.find(w("fldChar")) is not None or r.find(w("instrText")) is not None for r in runs):
            return None
        first, last = parent.index(runs[0]), parent.index(runs[-1])
        deletion = OxmlElement("w:del", attrs={w("id"): self._id(), w("author"): AUTHOR, w("date"): self.date})
        parent.insert(first, deletion)
        for element in list(parent)[first + 1:last + 2]:
            deletion.append(element)  # moves it
        for node in deletion.iter(w("t")):
            node.tag = w("delText")
        insertion = OxmlElement("w:ins", attrs={w("id"): self._id(), w("author"): AUTHOR, w("date"): self.date})
        run = OxmlElement("w:r")
        properties = runs[0].find(w("rPr"))
        if properties is not None:
            run.append(copy.deepcopy(properties))
        text = OxmlElement("w:t")
        text.text = new_text
        text.set(_XML_SPACE, "preserve")
        run.append(text)
        insertion.append(run)
        deletion.addnext(insertion)
        return deletion, insertion

    def insert_paragraph(self, after, text: str):
        """A new paragraph after `after` (or at the end of the body when None), inserted as a tracked change:
        its text in w:ins and its paragraph mark marked inserted, so rejecting it removes the paragraph. It takes
        the neighbour's paragraph style unless that is a heading. Returns its w:ins."""
        from docx.oxml import OxmlElement

        paragraph = OxmlElement("w:p")
        properties = OxmlElement("w:pPr")
        style = after.find(f"{w('pPr')}/{w('pStyle')}") if after is not None else None
        if style is not None and not style.get(w("val"), "").lower().startswith(("heading", "title")):
            properties.append(copy.deepcopy(style))
        mark = OxmlElement("w:rPr")
        mark.append(OxmlElement("w:ins", attrs={w("id"): self._id(), w("author"): AUTHOR, w("date"): self.date}))
        properties.append(mark)
        paragraph.append(properties)
        insertion = OxmlElement("w:ins", attrs={w("id"): self._id(), w("author"): AUTHOR, w("date"): self.date})
        run = OxmlElement("w:r")
        node = OxmlElement("w:t")
        node.text = text
        node.set(_XML_SPACE, "preserve")
        run.append(node)
        insertion.append(run)
        paragraph.append(insertion)
        if after is not None:
            after.addnext(paragraph)
        else:
            body = self.document.element.body
            section = body.find(w("sectPr"))
            body.insert(body.index(section) if section is not None else len(body), paragraph)
        return insertion

    def comment(self, first, last, lines: list[str]) -> None:
        """A comment by paralaw spanning first..last (runs or revision elements of one paragraph)."""
        from docx.oxml import OxmlElement, parse_xml
        from docx.oxml.ns import nsdecls

        note = self.document.comments.add_comment(text="\n".join(lines), author=AUTHOR, initials="PL")
        note._comment_elm.date = dt.datetime.strptime(self.date, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)
        cid = str(note.comment_id)
        first.addprevious(OxmlElement("w:commentRangeStart", attrs={w("id"): cid}))
        end = OxmlElement("w:commentRangeEnd", attrs={w("id"): cid})
        last.addnext(end)
        end.addnext(parse_xml(f'<w:r {nsdecls("w")}><w:commentReference w:id="{cid}"/></w:r>'))


def comment_lines(risk: dict[str, Any], wording: str, *, located: bool, redlined: bool) -> list[str]:
    level = str(risk.get("risk_level", "")).upper()
    lines = [f"{level} [{risk.get('risk_type', '')}] clause {risk.get('clause_id', '')}".strip()]
    if risk.get("verdict"):
        lines[0] += f" ({risk['verdict']})"
    lines.append(f"Issue: {risk.get('description') or risk.get('risk_type', '')}")
    if risk.get("reason") and risk.get("reason") != risk.get("description"):
        lines.append(f"Why: {risk['reason']}")
    if wording:
        lines.append(f"Proposed wording: {wording}" + ("" if redlined else " (not applied as a tracked change)"))
    quote = (risk.get("location") or {}).get("original_text") or ""
    if quote and not located:
        lines.append(f"Quote not found in this document: \u201c{' '.join(quote.split())[:300]}\u201d")
    return lines


def _candidates(quote: str) -> list[tuple[str, bool]]:
    """(text to look for, whether it is the whole quote) - the quote, without a leading clause number, and its
    first line when it runs over several paragraphs."""
    out: list[tuple[str, bool]] = []
    whole = quote.strip()
    for text, complete in ((whole, True), (_NUMBER.sub("", whole, count=1), True)):
        lines = [line for line in text.split("\n") if line.strip()]
        out.append((text, complete and len(lines) <= 1))
        if len(lines) > 1:
            out.append((lines[0], False))
            out.append((_NUMBER.sub("", lines[0], count=1), False))
    return [(t, c) for t, c in out if t.strip()]


def _clause_heading(paragraphs: list, clause_id: str, clause_texts: dict[str, str], view: str):
    """The paragraph that opens a clause: its first line as the review read it, else the first paragraph."""
    first_line = (clause_texts.get(clause_id) or "").split("\n", 1)[0].lstrip("# ").strip()
    for text, _ in _candidates(first_line) if first_line else []:
        for p in paragraphs:
            found = ParagraphText(p, view).find(text)
            if found:
                return p
    return None


def annotate(document, risks: list[dict[str, Any]], *, clause_texts: dict[str, str] | None = None,
             when: dt.datetime | None = None, view: str = "current") -> DocxResult:
    """Add a comment per risk and a tracked change per proposed wording to `document` (a python-docx Document)."""
    markup = Markup(document, when or dt.datetime.now(dt.timezone.utc))
    body = document.element.body
    paragraphs = [p for p in body.iter(w("p"))]
    result = DocxResult()
    for risk in risks:
        wording = proposed_wording(risk)
        quote = (risk.get("location") or {}).get("original_text") or ""
        spot = None
        for text, complete in _candidates(quote) if quote else []:
            for p in paragraphs:
                found = ParagraphText(p, view).find(text)
                if found:
                    spot = (p, found, complete)
                    break
            if spot:
                break
        redlined = False
        if spot is not None:
            p, (start, end), complete = spot
            change = minimal_edit(ParagraphText(p, view).text[start:end], wording) if wording and complete else None
            cuts = [start, end] + ([start + change[0], start + change[1]] if change else [])
            for offset in sorted(set(cuts)):
                _split_at(ParagraphText(p, view), offset)
            runs = _runs_in(p, start, end, view)
            edges = markup.redline(_runs_in(p, start + change[0], start + change[1], view), change[2]) if change else None
            if edges is not None:
                redlined = True
                result.revisions += 1
            elif wording:
                result.redline_skipped.append(risk.get("id", ""))
            first, last = _outermost(runs[0]), _outermost(runs[-1])
            following = last.getnext()
            if _ours(last, "del") and following is not None and _ours(following, "ins"):
                last = following  # the comment spans the proposed words too
        else:
            p = _clause_heading(paragraphs, str(risk.get("clause_id", "")), clause_texts or {}, view)
            if quote:
                result.not_located.append(risk.get("id", ""))
            if wording and not quote:
                # a provision the contract lacks: its proposed wording goes in as a new paragraph, after the
                # clause the risk names, else at the end of the document
                insertion = markup.insert_paragraph(p if p is not None else _last_paragraph(body), wording)
                redlined = True
                result.revisions += 1
                first = last = insertion
            else:
                if wording:
                    result.redline_skipped.append(risk.get("id", ""))
                if p is None:
                    p = _first_text(paragraphs, view)
                if p is None:
                    continue
                runs = _input_runs(p, [], view)
                first, last = _outermost(runs[0]), _outermost(runs[-1])
        markup.comment(first, last, comment_lines(risk, wording, located=spot is not None, redlined=redlined))
        result.comments += 1
    return result


def _outermost(run):
    """A run inside one of our revisions is anchored at the revision, so markers never sit inside it."""
    parent = run.getparent()
    return parent if _ours(parent, "del") or _ours(parent, "ins") else run


def _last_paragraph(body):
    """The body's last paragraph (not one inside a table), or None."""
    found = [child for child in body if child.tag == w("p")]
    return found[-1] if found else None


def _first_text(paragraphs: list, view: str):
    return next((p for p in paragraphs if _input_runs(p, [], view) and ParagraphText(p, view).text.strip()), None)


def write_docx(report: dict[str, Any], out_path: str | Path, *, source: str | Path | bytes | None, text: str,
               view: str = "current") -> DocxResult:
    """Write the reviewed contract. `source` is the input file (kept when it is a .docx); `text` is the text
    the review read (used to generate the document otherwise); `view` is how the review read the .docx's own
    tracked changes ("current" or "original"), so quotes are looked for in the same text."""
    import docx

    from ..documents.loaders import parse_document_text

    clause_texts = {c.clause_id: c.text for c in parse_document_text(text).iter_clauses()} if text.strip() else {}
    if isinstance(source, (bytes, bytearray)):  # the .docx already read through the server's file gate
        document = docx.Document(io.BytesIO(source))
    else:
        source = Path(source) if source else None
        document = docx.Document(str(source)) if source is not None and source.suffix.lower() == ".docx" else generated_document(text)
    finished = report.get("finished")
    when = dt.datetime.fromisoformat(finished) if isinstance(finished, str) else None
    result = annotate(document, report_risks(report), clause_texts=clause_texts, when=when, view=view)
    properties = document.core_properties
    properties.comments = f"Reviewed by paralaw: {result.comments} comments, {result.revisions} tracked changes."
    document.save(str(out_path))
    return result
