"""The contract as a Word document with the review in it: a comment on each risk's quote, and a tracked
change (the old words deleted, the proposed words inserted) for each risk that proposes contract wording.

Lawyers read a review in the contract, not beside it. Word's own review markup is used so that the redline
can be accepted or rejected clause by clause, and so that nothing else in the document changes: rejecting
every revision gives back the input, accepting every one gives the revised text. A .docx input is kept as it
is (styles, numbering, tables, headers and footers, notes, text boxes, its own revisions and comments); any
other input becomes a generated document in Word's own structure (word_generated.py). A proposed wording that
is advice to the drafter rather than contract text (advice.py) stays in the comment.

The revisions and comments are written by word_revisions.py, and the package is finished for Word by
word_package.py. Everything authored here carries the review's author (`--author`, default "paralaw") and
its date.
"""

from __future__ import annotations

import datetime as dt
import difflib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .advice import advice_reason, other_language
from .markup import plain, plain_quote
from .placement import plan
from .word_generated import generated_document
from .word_insert import NOT_USED, ClauseWriter, bare_number, past_number
from .word_package import finish
from .word_revisions import Markup, ParagraphText, Reading, body_paragraphs, runs_in

AUTHOR = "paralaw"
LEVELS = ("high", "medium", "low")
_NUMBER = re.compile(r"^\s*(?:#+\s*)?(?:\(?[0-9A-Za-z]{1,4}[.)]?(?:\.\d+)*\)?\s+)")


@dataclass
class DocxResult:
    """What was written, for the command's note and for tests."""

    comments: int = 0
    revisions: int = 0
    not_located: list[str] = field(default_factory=list)  # risk ids whose quote is not in the document
    redline_skipped: list[str] = field(default_factory=list)  # proposed wording left in the comment only
    advice: list[str] = field(default_factory=list)  # of those, the wordings that are advice, not contract text


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


def minimal_edit(old: str, new: str) -> tuple[int, int, str] | None:
    """(start, end, replacement): the smallest run of whole words of `old` to replace so that it reads as `new`,
    or None when nothing changes.

    A lawyer's redline strikes the words that change ("one (1) month" -> "twelve (12) months"), not the whole
    clause. A pure insertion or deletion takes a neighbouring word along, so every change is a w:del and a
    w:ins side by side.
    """
    new = new.strip()
    old_words = [(m.start(), m.end()) for m in re.finditer(r"\S+", old)]
    new_words = [(m.start(), m.end()) for m in re.finditer(r"\S+", new)]
    if not old_words or not new_words:
        return None
    matcher = difflib.SequenceMatcher(None, [old[a:b] for a, b in old_words], [new[a:b] for a, b in new_words], autojunk=False)
    ops = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    if not ops:
        return None
    i1, i2, j1, j2 = ops[0][1], ops[-1][2], ops[0][3], ops[-1][4]
    if i1 == i2 or j1 == j2:  # a pure insertion or deletion: take the word before (or after) along
        if i1 > 0 and j1 > 0:
            i1, j1 = i1 - 1, j1 - 1
        elif i2 < len(old_words) and j2 < len(new_words):
            i2, j2 = i2 + 1, j2 + 1
        else:
            return None
    return old_words[i1][0], old_words[i2 - 1][1], new[new_words[j1][0]:new_words[j2 - 1][1]]


def _said(edit: dict[str, Any]) -> str:
    """One exact change, as the comment says it."""
    where = f" (clause {edit.get('clause_id')})" if edit.get("clause_id") else ""
    if edit.get("kind") == "insert":
        return f"Inserted as clause {edit.get('number', '')}: \u201c{edit.get('new', '')}\u201d".replace("clause :", "a new clause:")
    if edit.get("kind") == "strike" or not edit.get("new"):
        return f"Struck{where}: \u201c{edit.get('old', '')}\u201d"
    return f"Replaced{where}: \u201c{edit.get('old', '')}\u201d with \u201c{edit.get('new', '')}\u201d"


def comment_lines(risk: dict[str, Any], wording: str, *, located: bool, redlined: bool, advice: bool = False,
                  applied: list[dict[str, Any]] | None = None) -> list[str]:
    """The comment's text, without Markdown: a comment is read in Word."""
    level = str(risk.get("risk_level", "")).upper()
    lines = [f"{level} [{risk.get('risk_type', '')}] clause {risk.get('clause_id', '')}".strip()]
    if risk.get("verdict"):
        lines[0] += f" ({risk['verdict']})"
    if risk.get("position_source"):
        lines.append(f"Position: {'your playbook' if risk['position_source'] == 'playbook' else 'the domain pack'}")
    lines.append(f"Issue: {risk.get('description') or risk.get('risk_type', '')}")
    if risk.get("reason") and risk.get("reason") != risk.get("description"):
        lines.append(f"Why: {risk['reason']}")
    for edit in applied or []:
        lines.append(_said(edit))
    if applied is not None and wording:  # the position's own words: the tracked changes above are the redline
        lines.append(f"{'Advice' if advice else 'Wording to ask for'}: {wording}")
    elif wording and advice:
        lines.append(f"Advice: {wording}")
    elif wording:
        lines.append(f"Proposed wording: {wording}" + ("" if redlined else " (not applied as a tracked change)"))
    quote = (risk.get("location") or {}).get("original_text") or ""
    if quote and not located:
        lines.append(f"Quote not found in this document: \u201c{' '.join(plain_quote(quote).split())[:300]}\u201d")
    return [plain(line) for line in lines]


def _candidates(quote: str) -> list[tuple[str, bool]]:
    """(text to look for, whether it is the whole quote) - the quote as read and without Markdown, without a
    leading clause number, its first line when it runs over several paragraphs, and a table row's longest cell
    (a Word table keeps each cell in a paragraph of its own)."""
    out: list[tuple[str, bool]] = []
    variants = [quote.strip()]
    if plain_quote(quote).strip() != variants[0]:
        variants.append(plain_quote(quote).strip())
    for whole in variants:
        for text, complete in ((whole, True), (_NUMBER.sub("", whole, count=1), True)):
            lines = [line for line in text.split("\n") if line.strip()]
            out.append((text, complete and len(lines) <= 1))
            if len(lines) > 1:
                out.append((lines[0], False))
                out.append((_NUMBER.sub("", lines[0], count=1), False))
    for line in quote.split("\n"):
        if line.strip().startswith("|"):
            cells = sorted((plain(c.strip()) for c in line.strip().strip("|").split("|")), key=len, reverse=True)
            out += [(cell, False) for cell in cells[:1] if len(cell) >= 3]
    return [(t, c) for t, c in out if t.strip()]


def _clause_heading(paragraphs: list, clause_id: str, clause_texts: dict[str, str], reading: Reading):
    """The paragraph that opens a clause: its first line as the review read it, else the first paragraph."""
    first_line = (clause_texts.get(clause_id) or "").split("\n", 1)[0].lstrip("# ").strip()
    for text, _ in _candidates(first_line) if first_line else []:
        for p in paragraphs:
            if ParagraphText(p, reading).find(text):
                return p
    return None


def _find_sentence(paragraphs: list, sentence: str, reading: Reading):
    """(paragraph, start, end) of a sentence the reading judged, as the paragraph reads it (markup drawn)."""
    for text, _ in _candidates(sentence):
        for p in paragraphs:
            found = ParagraphText(p, reading).find(text)
            if found:
                return p, found[0], found[1]
    return None


def _span_in(text: str, old: str, start: int, end: int, near: int) -> tuple[int, int] | None:
    """Where `old` (the words the edit changes) is inside text[start:end], the occurrence nearest `near`."""
    if not old:
        return None
    hits = [m.start() for m in re.finditer(re.escape(old), text[start:end])]
    if not hits:
        loose = ParagraphText.__new__(ParagraphText)
        loose.text = text[start:end]
        found = ParagraphText.find(loose, plain_quote(old))
        return (start + found[0], start + found[1]) if found else None
    at = min(hits, key=lambda h: abs(h - near))
    return start + at, start + at + len(old)


def _left_after_cut(p, start: int, end: int, reading: Reading) -> str:
    """The paragraph's text once our deletions and the cut start..end are accepted: what a strike leaves."""
    pieces = ParagraphText(p, reading).pieces
    text = ParagraphText(p, reading).text
    kept = []
    for i, (run, _, at) in enumerate(pieces):
        stop = pieces[i + 1][2] if i + 1 < len(pieces) else len(text)
        struck = any(reading.is_ours(a, "del") for a in run.iterancestors())
        kept += [text[k] for k in range(at, stop) if not struck and not start <= k < end]
    return "".join(kept)


def apply_edits(markup: Markup, paragraphs: list, risk: dict[str, Any], reading: Reading,
                language: str = "en") -> list[dict[str, Any]]:
    """Write a risk's exact edits (a review position's redline) as tracked changes; the edits written.

    Each edit names its sentence and the words in it that change, so the redline strikes those words and
    nothing else; an edit whose words another change already took, or that cannot carry a revision, is not
    written (the comment says what was). A numbered clause struck whole keeps its number and reads "[Not
    used.]", so the clauses after it keep theirs; a sentence replaced whole keeps the number it starts with.
    Words in another language than the contract's never replace its own. Insertions are placed by placement.py
    (annotate)."""
    applied = []
    for edit in risk.get("redline") or []:
        if not isinstance(edit, dict) or edit.get("kind") == "insert":
            continue
        new, old = str(edit.get("new") or ""), str(edit.get("old") or "")
        if new and (advice_reason(new) is not None or other_language(new, language)):
            continue
        place = _find_sentence(paragraphs, str(edit.get("sentence") or ""), reading)
        if place is None:
            continue
        p, start, end = place
        text = ParagraphText(p, reading).text
        span = (start, end) if old.strip() == str(edit.get("sentence") or "").strip() else \
            _span_in(text, old, start, end, int(edit.get("start") or 0))
        if span is None:
            continue
        a, b = span
        a = past_number(text, a, b, new)
        if new:
            change = minimal_edit(text[a:b], new)
            if change is None:
                continue
            cut_start, cut_end, replacement = a + change[0], a + change[1], change[2]
        else:
            cut_start, cut_end, replacement = a, b, ""
            if bare_number(_left_after_cut(p, cut_start, cut_end, reading)):
                replacement = NOT_USED.get(language, NOT_USED["en"])
        for offset in (cut_start, cut_end):
            ParagraphText(p, reading).split_at(offset)
        runs = runs_in(p, cut_start, cut_end, reading)
        if runs and markup.redline(runs, replacement) is not None:
            applied.append(edit)
    return applied


def _new_clauses(markup: Markup, paragraphs: list, risks: list[dict[str, Any]], structure, reading: Reading,
                 applied: dict[int, list[dict[str, Any]]]) -> tuple[dict[int, tuple], int]:
    """Write every new clause the risks make, where placement.py puts it: a position's insert edit (added to
    that risk's applied edits, numbered as written) or a missing provision's wording. {risk index: (first,
    last)} of the latter, for their comments, and how many paragraphs went in (a heading is one too)."""
    written: dict[int, tuple] = {}
    index = {id(r): i for i, r in enumerate(risks)}
    planned = plan(structure, risks, lambda r: plain(proposed_wording(r))) if structure is not None else []
    writer = ClauseWriter(markup, paragraphs, structure, reading) if planned else None
    for risk, edit, slot in planned:
        text = str(edit["new"]) if edit is not None else plain(proposed_wording(risk))
        elements = writer.write(slot, text)
        if elements is None:
            continue
        if edit is not None:
            applied.setdefault(index[id(risk)], []).append({**edit, "number": slot.number or slot.heading_number,
                                                            "_element": elements})
        else:
            written[index[id(risk)]] = elements
    return written, writer.paragraphs if writer is not None else 0


def annotate(document, risks: list[dict[str, Any]], *, clause_texts: dict[str, str] | None = None,
             when: dt.datetime | None = None, view: str = "current", author: str = AUTHOR,
             structure=None) -> DocxResult:
    """Add a comment per risk and a tracked change per proposed wording to `document` (a python-docx Document).
    `structure` is the parsed contract (the text the review read): new clauses are placed by its clauses."""
    reading = Reading(view)
    markup = Markup(document, when or dt.datetime.now(dt.timezone.utc), reading, author)
    paragraphs = body_paragraphs(document.element.body)
    result = DocxResult()
    language = structure.language if structure is not None else "en"
    exact: dict[int, list[dict[str, Any]]] = {}
    for index, risk in enumerate(risks):  # the positions' exact edits first, highest severity first
        if isinstance(risk.get("redline"), list):
            exact[index] = apply_edits(markup, paragraphs, risk, reading, language)
    new_clauses, added = _new_clauses(markup, paragraphs, risks, structure, reading, exact)
    result.revisions += sum(1 for edits in exact.values() for e in edits if "_element" not in e) + added
    if new_clauses or any("_element" in e for edits in exact.values() for e in edits):
        paragraphs = body_paragraphs(document.element.body)
    for index, risk in enumerate(risks):
        applied = exact.get(index)
        wording = plain(proposed_wording(risk))
        advice = bool(wording) and advice_reason(wording) is not None
        # words in another language than the contract's never replace its own (they stay in the comment)
        foreign = bool(wording) and other_language(wording, language)
        if advice:
            result.advice.append(risk.get("id", ""))
        quote = (risk.get("location") or {}).get("original_text") or ""
        spot = None
        for text, complete in _candidates(quote) if quote else []:
            for p in paragraphs:
                found = ParagraphText(p, reading).find(text)
                if found:
                    spot = (p, found, complete)
                    break
            if spot:
                break
        redlined = False
        if spot is not None:
            p, (start, end), complete = spot
            said = ParagraphText(p, reading).text
            lead = past_number(said, start, end, wording) - start if wording else 0
            change = minimal_edit(said[start + lead:end], wording) \
                if wording and complete and not advice and not foreign and applied is None else None
            change = (change[0] + lead, change[1] + lead, change[2]) if change else None
            cuts = [start, end] + ([start + change[0], start + change[1]] if change else [])
            for offset in sorted(set(cuts)):
                ParagraphText(p, reading).split_at(offset)
            runs = runs_in(p, start, end, reading)
            edges = markup.redline(runs_in(p, start + change[0], start + change[1], reading), change[2]) if change else None
            if edges is not None:
                redlined = True
                result.revisions += 1
            elif applied:
                redlined = True
            elif wording:
                result.redline_skipped.append(risk.get("id", ""))
            first, last = reading.outermost(runs[0]), reading.outermost(runs[-1])
            following = last.getnext()
            if reading.is_ours(last, "del") and following is not None and reading.is_ours(following, "ins"):
                last = following  # the comment spans the proposed words too
        else:
            p = _clause_heading(paragraphs, str(risk.get("clause_id", "")), clause_texts or {}, reading)
            if quote:
                result.not_located.append(risk.get("id", ""))
            inserted = [e["_element"] for e in applied or [] if "_element" in e]
            if inserted:
                first, last = inserted[0]
                redlined = True
            elif applied:
                redlined = True
                if p is None:
                    p = next((q for q in paragraphs if reading.runs(q) and ParagraphText(q, reading).text.strip()), None)
                if p is None:
                    continue
                runs = reading.runs(p)
                first, last = reading.outermost(runs[0]), reading.outermost(runs[-1])
            elif index in new_clauses:  # a provision the contract lacks, in as a clause where it belongs
                first, last = new_clauses[index]
                redlined = True
            elif wording and not quote and not advice and applied is None:
                # a contract without numbered clauses: the wording goes in as a new paragraph, after the
                # clause the risk names, else at the end of the document
                first = last = markup.insert_paragraph(p, wording)
                redlined = True
                result.revisions += 1
            else:
                if wording:
                    result.redline_skipped.append(risk.get("id", ""))
                if p is None:
                    p = next((q for q in paragraphs if reading.runs(q) and ParagraphText(q, reading).text.strip()), None)
                if p is None:
                    continue
                runs = reading.runs(p)
                first, last = reading.outermost(runs[0]), reading.outermost(runs[-1])
        shown = [{k: v for k, v in e.items() if k != "_element"} for e in applied] if applied is not None else None
        markup.comment(first, last, comment_lines(risk, wording, located=spot is not None, redlined=redlined,
                                                  advice=advice, applied=shown))
        result.comments += 1
    return result


def write_docx(report: dict[str, Any], out_path: str | Path, *, source: str | Path | bytes | None, text: str,
               view: str = "current", author: str = AUTHOR) -> DocxResult:
    """Write the reviewed contract. `source` is the input file (kept when it is a .docx); `text` is the text
    the review read (used to generate the document otherwise); `view` is how the review read the .docx's own
    tracked changes ("current" or "original"), so quotes are looked for in the same text; `author` signs
    every revision and comment."""
    import docx

    from ..documents.loaders import parse_document_text

    structure = parse_document_text(text) if text.strip() else None
    clause_texts = {c.clause_id: c.text for c in structure.iter_clauses()} if structure is not None else {}
    if isinstance(source, (bytes, bytearray)):  # the .docx already read through the server's file gate
        document = docx.Document(io.BytesIO(source))
    else:
        source = Path(source) if source else None
        document = docx.Document(str(source)) if source is not None and source.suffix.lower() == ".docx" else generated_document(text)
    finished = report.get("finished")
    when = dt.datetime.fromisoformat(finished) if isinstance(finished, str) else None
    result = annotate(document, report_risks(report), clause_texts=clause_texts, when=when, view=view, author=author,
                      structure=structure)
    properties = document.core_properties
    properties.comments = f"Reviewed by {author}: {result.comments} comments, {result.revisions} tracked changes."
    saved = io.BytesIO()
    document.save(saved)
    Path(out_path).write_bytes(finish(saved.getvalue(), authors=[author] if result.comments else []))
    return result
