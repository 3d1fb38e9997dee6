"""Held-out checks of the Word redline: the unseen contracts given as .docx, reviewed offline as `paralaw review
FILE --party P --domain D --docx --html` does, and the reports held to six rules.

  (a) every insertion that changes words of an existing paragraph has its deletion beside it (a wholly new
      clause paragraph needs none);
  (b) no tracked insertion is an instruction or advice (skills/reports/advice.py's advice_reason);
  (c) accepting every change gives the revised text the review's edits say, and rejecting every change gives
      the input's text;
  (d) LibreOffice headless converts each report to PDF and saves it back as .docx with every tracked change
      and comment (skipped, and said so, when soffice is missing or --no-libreoffice is given);
  (e) no redline comes from a position of another contract type than the one the review read;
  (f) no literal Markdown (`**` around words, as a Markdown reader pairs them, not asterisks that mask a
      number; `|---|`; a leading `#`; `](`) in the .docx text (body and comments) or the HTML report's visible
      text.

Each case folder holds gold.json (our_party, domain, language, documents) and the contract as Markdown. The
contract becomes a real Word file first (the generator the Word report uses for text input: headings as
Word headings, pipe tables as Word tables, **bold** as bold runs), in a temporary folder, and the review
reads that file.

What (c) expects is computed from the review's JSON and the input's paragraphs alone: each exact edit of a
position (`redline`: sentence, old, new) replaces its words in the paragraph that holds its sentence; a
finding's proposed wording without exact edits replaces its quote when the quote is one paragraph's text, or
goes in as a new paragraph when the finding has no quote (a missing provision). Three rules of the Word
report (docs/reports.md) are part of what the edits say: advice never goes in; words in another language than
the contract's never replace its own; a paragraph's own number ('8.3', '13(2)', '（三）') stays when the words
after it are replaced or struck, and a numbered clause struck whole reads "8.3 [Not used.]". Where two changes
take the same words the higher-severity one stands and the other is counted as a conflict, not a failure. New
paragraphs are matched to the insertions the review says, up to a clause number or heading in front. A new
clause in another language than the contract's is noted beside the checks (it is none of them).

    python -m bench.redline_checks                                   # every tests/data/unseen* set
    python -m bench.redline_checks tests/data/unseen25 --no-libreoffice --json rows.json
"""

from __future__ import annotations

import argparse
import copy
import html.parser
import json
import re
import sys
import tempfile
import time
import unicodedata
import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from lxml import etree

from bench.word_changes import W, accept_all, convert, office, reject_all, review_markup

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
CHECKS = ("a", "b", "c", "d", "e", "f")
TITLES = {"a": "insertion beside its deletion", "b": "no advice as a tracked change",
          "c": "accept all / reject all text", "d": "LibreOffice converts it",
          "e": "positions of the contract's type only", "f": "no literal Markdown"}
NOT_USED = {"en": "[Not used.]", "zh": "[此条删除]"}
_MARK = "{urn:paralaw:bench}new"  # set on the reviewed file's new paragraphs before every change is accepted
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "\u3000": " "})
# a paragraph's own number, as the checks read it: a token with a digit before a space ('8.3', '13(2)', 'B.2',
# 'Clause 9'), an enumerator ('(c)', 'iv)', '（三）'), a Chinese article or item number ('第五条', '六、')
_NUMBER = (r"(?:(?:clause|section|article|schedule)\s+)?[0-9A-Za-z.()]*\d[0-9A-Za-z.()]*(?=\s|$)|\(?[a-z]\)"
           r"|\(?[ivxlc]{1,6}[.)]|[（(][^（()）\s]{1,4}[）)]|第[^条款章\s]{1,6}[条款章]|[零〇一二三四五六七八九十百]+、")
_LEAD = re.compile(rf"\s*(?:{_NUMBER})\s*", re.IGNORECASE)
_BARE = re.compile(rf"\s*(?:{_NUMBER})?[\s.:：]*", re.IGNORECASE)
_LABEL = re.compile(rf"\s*(?:{_NUMBER})?[\s.:：\-–—]*", re.IGNORECASE)
_MARKDOWN = [("|---|", re.compile(r"\|\s*:?-{3,}:?\s*\|")), ("leading #", re.compile(r"^\s*#{1,6}(?:\s|$)")),
             ("](", re.compile(r"\]\("))]
_MARKERS = {W + t for t in ("commentRangeStart", "commentRangeEnd", "bookmarkStart", "bookmarkEnd", "proofErr",
                            "permStart", "permEnd")}


def norm(text: str) -> str:
    """Text as the checks compare it: straight quotes, one space for any run of white space."""
    return " ".join(text.translate(_QUOTES).split())


def shown(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


# --- the input -------------------------------------------------------------------------------------------

def case_folders(sets: list[Path]) -> list[Path]:
    return [gold.parent for folder in sets for gold in sorted(Path(folder).glob("*/gold.json"))]


def contract_docx(markdown: Path, out: Path) -> Path:
    """The contract as a Word file: the Word report's own generator for text input (word_generated.py) writes
    headings as Word headings, pipe tables as Word tables, **bold** as bold runs, each other line a paragraph."""
    from paralaw.skills.reports.word_generated import generated_document

    generated_document(markdown.read_text(encoding="utf-8")).save(str(out))
    return out


def review(source: Path, gold: dict[str, Any], docx_out: Path, html_out: Path) -> dict[str, Any]:
    """The offline review `paralaw review SOURCE --party P --domain D --docx --html` runs (cli_review._run, then
    exports' place_new_clauses and write_reports), for gold's party and domain; the review's data."""
    import anyio
    from paralaw.agent.cli_review import _run
    from paralaw.agent.exports import input_warnings, place_new_clauses, write_reports
    from paralaw.agent.pipeline import DocumentInput, ReviewRequest
    from paralaw.agent.settings import get_settings

    request = ReviewRequest(documents=[DocumentInput(path=str(source))], domain=gold["domain"],
                            our_party=gold.get("our_party") or "")
    data = anyio.run(lambda: _run(request, server=None, mode="offline", settings=get_settings(), store=None,
                                  chosen_domain=gold["domain"]))
    data["warnings"] = data.get("warnings", []) + input_warnings([str(source)])
    place_new_clauses(data, str(source))
    write_reports(data, str(source), docx_path=str(docx_out), html_path=str(html_out))
    return data


# --- reading the files -----------------------------------------------------------------------------------

def document_xml(path: Path, name: str = "word/document.xml"):
    with zipfile.ZipFile(path) as archive:
        return etree.fromstring(archive.read(name)) if name in archive.namelist() else None


def body_paragraphs(root) -> list:
    """The body's paragraphs, tables' included, text boxes' not (as the review's Word writer sees them)."""
    return [p for p in root.iter(W + "p") if not any(a.tag == W + "txbxContent" for a in p.iterancestors())]


def text_of(element, tags=("t",)) -> str:
    return "".join(t.text or "" for t in element.iter(*(W + tag for tag in tags)))


def _run_level(element) -> bool:
    parent = element.getparent()
    return parent is not None and parent.tag not in (W + "rPr", W + "pPr", W + "trPr")


def revisions(p, tag: str) -> list:
    return [e for e in p.iter(W + tag) if _run_level(e)]


def is_new(p) -> bool:
    """A paragraph the review added: it has text, all of it inserted, and nothing of it deleted (a paragraph
    whose every word is replaced is still the input's)."""
    texts = [t for t in p.iter(W + "t") if t.text]
    return (bool(texts) and not revisions(p, "del")
            and all(any(a.tag == W + "ins" for a in t.iterancestors()) for t in texts))


def where(text: str) -> str:
    """A paragraph named by how it starts ('12.2 Subject to Clause 12.1, our total ...')."""
    return shown(text, 60)


def differing(text: str, other: str, before: int = 40, after: int = 80) -> str:
    """`text` around where it first differs from `other`, quoted ('(nothing)' when empty)."""
    if not text:
        return "(nothing)"
    at = next((i for i, (a, b) in enumerate(zip(text, other)) if a != b), min(len(text), len(other)))
    start = max(0, at - before)
    more = "\u2026"
    return f"\u201c{more if start else ''}{text[start:at + after]}{more if at + after < len(text) else ''}\u201d"


def tracked_changes(root) -> int:
    """Tracked changes as a reader counts them: a deletion and the insertion beside it are one, so is a new
    paragraph, and a strike."""
    count = 0
    for p in body_paragraphs(root):
        if is_new(p):
            count += 1
            continue
        count += len(revisions(p, "del"))
        count += sum(1 for e in revisions(p, "ins") if _beside(e, W + "del") is None)
    return count


def _beside(element, tag: str):
    """The sibling of kind `tag` right before or after `element` (range markers and comment references
    between them do not count)."""
    for step in ("getprevious", "getnext"):
        other = getattr(element, step)()
        while other is not None and (other.tag in _MARKERS or (other.tag == W + "r" and other.find(f"{W}commentReference") is not None)):
            other = getattr(other, step)()
        if other is not None and other.tag == tag:
            return other
    return None


# --- (a) (b) --------------------------------------------------------------------------------------------

def check_pairs(root) -> list[str]:
    failures = []
    for p in body_paragraphs(root):
        if is_new(p):
            continue
        for ins in revisions(p, "ins"):
            if _beside(ins, W + "del") is None:
                failures.append(f"{where(text_of(p, ('t', 'delText')))}: insertion \u201c{shown(text_of(ins))}\u201d "
                                f"with no deletion beside it")
    return failures


def _accepted_with(p, ins) -> tuple[str, int, int]:
    """The paragraph's text with every change accepted, and where `ins`'s words are in it."""
    text, at, end = "", -1, -1
    for t in p.iter(W + "t"):
        if any(a.tag == W + "del" for a in t.iterancestors()):
            continue
        inside = any(a is ins for a in t.iterancestors())
        if inside and at < 0:
            at = len(text)
        text += t.text or ""
        if inside:
            end = len(text)
    return text, at, end


_CONTINUES = re.compile(r"\b(?:may|shall|will|must|can|could|should|would|to|not|and|or|then)\s*$", re.IGNORECASE)


def check_advice(root) -> list[str]:
    """An insertion whose words are an instruction, advice, a placeholder or a fragment. Its opening verb is read
    in its sentence: 'increase the fees no more than once ...' after 'The Vendor may' continues contract text;
    'Ask for a longer term' after 'one further term of' does not."""
    from paralaw.skills.reports.advice import advice_reason

    failures = []
    for p in body_paragraphs(root):
        for ins in revisions(p, "ins"):
            reason = advice_reason(text_of(ins))
            if reason is None:
                continue
            text, at, _ = _accepted_with(p, ins)
            if reason.startswith("an instruction") and at > 0 and _CONTINUES.search(text[:at]):
                continue
            failures.append(f"{where(text_of(p, ('t', 'delText')))}: \u201c{shown(text_of(ins))}\u201d is {reason}")
    return failures


# --- (c) ------------------------------------------------------------------------------------------------

@dataclass
class Paragraph:
    """An input paragraph and the replacements the review's edits make in it (offsets in its `text`)."""

    text: str
    changes: list[tuple[int, int, str]] = field(default_factory=list)

    def free(self, start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b, _ in self.changes)

    def revised(self) -> str:
        text = self.text
        for a, b, new in sorted(self.changes, reverse=True):
            text = text[:a] + new + text[b:]
        return norm(text)


@dataclass
class Expected:
    paragraphs: list[Paragraph]
    inserted: list[dict[str, Any]] = field(default_factory=list)  # {text, heading, said}
    missing: list[str] = field(default_factory=list)  # edits whose words are not in the input: failures
    conflicts: list[str] = field(default_factory=list)  # edits whose words another change took first
    notes: list[str] = field(default_factory=list)  # new clauses in another language than the contract's


def _sentence_at(paragraphs: list[Paragraph], sentence: str, old: str) -> tuple[int, int, int] | None:
    """(paragraph, start, end) of the sentence an edit names; a table row's sentence is looked for cell by cell."""
    wanted = norm(re.sub(r"^\s*#{1,6}\s+", "", sentence))
    if wanted:
        for i, p in enumerate(paragraphs):
            at = p.text.find(wanted)
            if at >= 0:
                return i, at, at + len(wanted)
    if "|" in sentence:
        for cell in (norm(c) for c in sentence.split("|")):
            if cell and norm(old) in cell:
                for i, p in enumerate(paragraphs):
                    if p.text == cell:
                        return i, 0, len(cell)
    return None


def _place(p: Paragraph, old: str, start: int, end: int, near: int) -> tuple[int, int] | None:
    hits = [m.start() for m in re.finditer(re.escape(old), p.text[start:end])] if old else []
    if not hits:
        return None
    at = min(hits, key=lambda h: abs(h - near))
    return start + at, start + at + len(old)


def _bare(text: str) -> bool:
    return bool(_BARE.fullmatch(text))


def _past_number(text: str, start: int, end: int, new: str) -> int:
    """A change from the start of a paragraph leaves the paragraph's own number where the new words do not
    begin with it (docs/reports.md: a struck clause reads '8.3 [Not used.]')."""
    found = _LEAD.match(text, start, end) if not text[:start].strip() else None
    if found is None or found.end() >= end or new.startswith(found.group().strip()):
        return start
    return found.end()


def contract_text(text: str, language: str, *, replacing: bool) -> bool:
    """Words the Word report puts into this contract: not advice (advice_reason); and, where they replace the
    contract's own words, in its language (an English sentence never replaces a Chinese contract's words)."""
    from paralaw.skills.reports.advice import advice_reason, other_language

    return advice_reason(text) is None and not (replacing and other_language(text, language))


def _language_note(text: str, language: str, label: str) -> str | None:
    """A new clause in another language than the contract's (docs/reports.md: a Chinese contract never gets an
    English clause): not one of the six checks, said beside them."""
    from paralaw.skills.reports.advice import other_language

    if other_language(text, language):
        return f"{label}: a new clause in another language than the contract's: \u201c{shown(text, 100)}\u201d"
    return None


def expected(report: dict[str, Any], input_paragraphs: list[str], language: str) -> Expected:
    """The accepted text the review's findings say, from the JSON report and the input's paragraphs."""
    from paralaw.skills.reports import proposed_wording, report_risks
    from paralaw.skills.reports.markup import plain, plain_quote

    out = Expected([Paragraph(norm(t)) for t in input_paragraphs])
    risks = report_risks(report)
    for risk in risks:  # the positions' exact edits, highest severity first
        for edit in risk.get("redline") or [] if isinstance(risk.get("redline"), list) else []:
            if not isinstance(edit, dict):
                continue
            new, old, sentence = norm(str(edit.get("new") or "")), norm(str(edit.get("old") or "")), str(edit.get("sentence") or "")
            label = f"clause {edit.get('clause_id') or risk.get('clause_id')} ({edit.get('position_id')})"
            inserting = edit.get("kind") == "insert"
            if new and not contract_text(new, language, replacing=not inserting):
                continue  # never written; (b) checks what was
            if inserting:
                heading = edit.get("heading") or (risk.get("insert_as") or {}).get("heading") or ""
                out.inserted.append({"text": new, "heading": norm(str(heading)), "said": label})
                out.notes += [n for n in [_language_note(new, language, label)] if n]
                continue
            found = _sentence_at(out.paragraphs, sentence, old)
            if found is None:
                out.missing.append(f"{label}: the sentence \u201c{shown(sentence, 100)}\u201d is not in the input")
                continue
            i, start, end = found
            p = out.paragraphs[i]
            span = (start, end) if old == norm(sentence) else _place(p, old, start, end, int(edit.get("start") or 0))
            if span is None:
                out.missing.append(f"{label}: \u201c{shown(old, 80)}\u201d is not in its sentence \u201c{shown(sentence, 100)}\u201d")
                continue
            span = (_past_number(p.text, span[0], span[1], new), span[1])
            if p.text[span[0]:span[1]] == new:
                continue
            if not p.free(*span):
                out.conflicts.append(f"{label}: \u201c{shown(old, 80)}\u201d -> \u201c{shown(new, 80)}\u201d")
                continue
            if not new and _bare(p.text[:span[0]] + p.text[span[1]:]) and not any(c[2] for c in p.changes):
                new = NOT_USED.get(language, NOT_USED["en"])
            p.changes.append((span[0], span[1], new))
    for risk in risks:  # wordings without exact edits: a new clause, or the quote replaced
        if isinstance(risk.get("redline"), list):
            continue
        wording = norm(plain(proposed_wording(risk)))
        quote = (risk.get("location") or {}).get("original_text") or ""
        if not wording or not contract_text(wording, language, replacing=bool(quote)):
            continue
        label = f"clause {risk.get('clause_id')} ({risk.get('risk_type')})"
        if not quote:
            heading = norm(str((risk.get("insert_as") or {}).get("heading") or ""))
            out.inserted.append({"text": wording, "heading": heading, "said": label})
            out.notes += [n for n in [_language_note(wording, language, label)] if n]
            continue
        loose = norm(plain_quote(quote))
        if "\n" in quote.strip():
            continue  # a quote over several paragraphs is commented, never replaced
        for p in out.paragraphs:
            at = p.text.find(loose) if loose else -1
            if at >= 0:
                at = _past_number(p.text, at, at + len(loose), wording)
                if p.free(at, at + len(loose)):
                    p.changes.append((at, p.text.find(loose) + len(loose), wording))
                else:
                    out.conflicts.append(f"{label}: \u201c{shown(loose, 80)}\u201d")
                break
    return out


def _matches(paragraph: str, wanted: str) -> bool:
    """A new paragraph reads as `wanted`, up to a clause number ('9.6', 'Clause 17', '第十二条') in front."""
    if paragraph == wanted:
        return True
    if not paragraph.endswith(wanted):
        return False
    return bool(_LABEL.fullmatch(paragraph[: len(paragraph) - len(wanted)]))


def check_texts(source: Path, written: Path, report: dict[str, Any], language: str) -> tuple[list[str], Expected]:
    """(c)'s failures, and what it expected (its conflicts and notes)."""
    before = [text_of(p) for p in body_paragraphs(document_xml(source))]
    root = document_xml(written)
    failures = []
    rejected = copy.deepcopy(root)
    reject_all(rejected)
    after_reject = [text_of(p) for p in body_paragraphs(rejected)]
    if after_reject != before:
        at = next((i for i, (a, b) in enumerate(zip(after_reject, before)) if a != b), min(len(before), len(after_reject)))
        got, was = (after_reject[at] if at < len(after_reject) else ""), (before[at] if at < len(before) else "")
        failures.append(f"reject all: {where(was or got)}: reads {differing(got, was)}, the input {differing(was, got)}")
    accepted = copy.deepcopy(root)
    for p in body_paragraphs(accepted):
        if is_new(p):
            p.set(_MARK, "1")
    accept_all(accepted)
    kept = [norm(text_of(p)) for p in body_paragraphs(accepted) if p.get(_MARK) is None]
    added = [norm(text_of(p)) for p in body_paragraphs(accepted) if p.get(_MARK) is not None]
    want = expected(report, before, language)
    failures += want.missing
    revised = [p.revised() for p in want.paragraphs]
    if kept != revised:
        at = next((i for i, (a, b) in enumerate(zip(kept, revised)) if a != b), min(len(kept), len(revised)))
        got, said = (kept[at] if at < len(kept) else ""), (revised[at] if at < len(revised) else "")
        original = want.paragraphs[at].text if at < len(want.paragraphs) else ""
        failures.append(f"accept all: {where(original or got)}: reads {differing(got, said)} where the review's edits say "
                        f"{differing(said, got)}")
    unmatched = list(added)
    for item in want.inserted:
        hit = next((t for t in unmatched if _matches(t, item["text"])), None)
        if hit is None:
            failures.append(f"accept all: {item['said']}'s new clause \u201c{shown(item['text'])}\u201d is not in the document")
            continue
        unmatched.remove(hit)
        if item["heading"]:
            heading = next((t for t in unmatched if _matches(t, item["heading"])), None)
            if heading is not None:
                unmatched.remove(heading)
    failures += [f"accept all: new paragraph \u201c{shown(t)}\u201d is no change the review says" for t in unmatched]
    return failures, want


# --- (e) ------------------------------------------------------------------------------------------------

def position_types(domain: str) -> dict[str, list[str]]:
    """Each position's contract types (empty: every type), the domain pack's and the generic pack's."""
    from paralaw.skills.positions import resolve_positions

    types: dict[str, list[str]] = {}
    for pack in dict.fromkeys(["generic", domain]):
        positions, _ = resolve_positions(pack, None, None)
        for p in positions.positions:
            if getattr(p, "applies", None) is not None:
                types[p.id] = list(p.applies.types)
    return types


def check_types(report: dict[str, Any], contract_type: str, types: dict[str, list[str]]) -> list[str]:
    """Every redline the review makes (a position's exact edits, and a position's wording that goes in as a
    new clause) from a position whose types leave out the contract's."""
    from paralaw.skills.reports import proposed_wording, report_risks
    from paralaw.skills.reports.advice import advice_reason

    failures = []
    for risk in report_risks(report):
        made = []
        if isinstance(risk.get("redline"), list):
            made = [(e.get("position_id") or str(risk.get("risk_type", "")).removeprefix("position_"), e.get("new") or e.get("old") or "")
                    for e in risk["redline"] if isinstance(e, dict)]
        elif risk.get("source") == "review_positions" and proposed_wording(risk) and advice_reason(proposed_wording(risk)) is None:
            made = [(str(risk.get("risk_type", "")).removeprefix("position_"), proposed_wording(risk))]
        for position, text in made:
            allowed = types.get(position) or []
            if allowed and contract_type not in allowed:
                failures.append(f"clause {risk.get('clause_id')}: position {position} (for {', '.join(allowed)}) on a "
                                f"{contract_type or 'unknown-type'} contract: \u201c{shown(text, 100)}\u201d")
    return failures


# --- (f) ------------------------------------------------------------------------------------------------

class _Visible(html.parser.HTMLParser):
    """The text a browser shows, one piece per block element (a heading's `#` would start a piece)."""

    BLOCKS: ClassVar[set[str]] = {"p", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "br", "section", "article",
              "blockquote", "pre", "summary", "details", "table", "header", "footer", "dt", "dd"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = [""]
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self.hidden += 1
        if tag in self.BLOCKS:
            self.pieces.append("")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template"):
            self.hidden = max(0, self.hidden - 1)
        if tag in self.BLOCKS:
            self.pieces.append("")

    def handle_data(self, data):
        if not self.hidden:
            self.pieces[-1] += data


def visible_html(path: Path) -> list[str]:
    reader = _Visible()
    reader.feed(path.read_text(encoding="utf-8"))
    return [piece for piece in reader.pieces if piece.strip()]


def docx_texts(path: Path) -> list[tuple[str, str]]:
    """(where, text) of each paragraph of the body (deleted words included) and of each comment."""
    out = [("body", text_of(p, ("t", "delText"))) for p in body_paragraphs(document_xml(path))]
    comments = document_xml(path, "word/comments.xml")
    if comments is not None:
        out += [("comment", text_of(p)) for p in comments.iter(W + "p")]
    return out


def _punctuation(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "PS"


def bold_pair(line: str) -> int | None:
    """Where `**strong**` starts in a line, as CommonMark reads delimiter runs: a run of asterisks that can
    open (left-flanking) and a later one that can close it (right-flanking). Asterisks that mask a number
    ('3205********1234', 'Y******(3)', '025-5218****') open and close nothing: they are the contract's text."""
    openers = []
    for run in re.finditer(r"\*{2,}", line):
        before = line[run.start() - 1] if run.start() else " "
        after = line[run.end()] if run.end() < len(line) else " "
        left = not after.isspace() and (not _punctuation(after) or before.isspace() or _punctuation(before))
        right = not before.isspace() and (not _punctuation(before) or after.isspace() or _punctuation(after))
        if right and openers:
            return openers[-1]
        if left:
            openers.append(run.start())
    return None


def check_markdown(docx_path: Path, html_path: Path) -> list[str]:
    failures = []
    pieces = docx_texts(docx_path) + [("html", piece) for piece in visible_html(html_path)]
    for place, text in pieces:
        for line in text.split("\n"):
            found = [("**", at)] if (at := bold_pair(line)) is not None else []
            found += [(name, m.start()) for name, pattern in _MARKDOWN if (m := pattern.search(line))]
            if found:
                name, at = found[0]
                at = max(0, at - 40)
                failures.append(f"{place}: {name} in \u201c{shown(line[at:at + 120])}\u201d")
    return failures


# --- (d) ------------------------------------------------------------------------------------------------

def check_libreoffice(files: dict[str, Path], folder: Path) -> dict[str, list[str]]:
    """{case: failures}: every file converted to PDF and saved back as .docx in two LibreOffice runs."""
    from pypdf import PdfReader

    pdf, again, profile = folder / "pdf", folder / "docx", folder / "profile"
    for d in (pdf, again, profile):
        d.mkdir(parents=True, exist_ok=True)
    errors = []
    for target, outdir in (("pdf", pdf), ("docx:MS Word 2007 XML", again)):
        try:
            convert(list(files.values()), target, outdir, profile)
        except Exception as exc:  # one failed run is a failure of every file it held, said once per file
            errors.append(f"soffice --convert-to {target.split(':')[0]}: {type(exc).__name__}: {shown(getattr(exc, 'stderr', b'') or exc, 200)}")
    out = {}
    for case, path in files.items():
        failures = list(errors)
        written_pdf, saved = pdf / f"{path.stem}.pdf", again / path.name
        if not written_pdf.exists():
            failures.append("LibreOffice wrote no PDF")
        else:
            try:
                words = len(" ".join(page.extract_text() or "" for page in PdfReader(str(written_pdf)).pages).split())
                if words < 20:
                    failures.append(f"the PDF holds {words} words")
            except Exception as exc:
                failures.append(f"the PDF cannot be read: {type(exc).__name__}: {exc}")
        if not saved.exists():
            failures.append("LibreOffice could not save it as .docx")
        else:
            ours, theirs = review_markup(path), review_markup(saved, moves=True)
            if theirs[0] != ours[0]:
                lost = next((c for c in ours[0] if c not in theirs[0]), None) or next(c for c in theirs[0] if c not in ours[0])
                failures.append(f"saved back, the tracked changes differ ({len(ours[0])} -> {len(theirs[0])}; e.g. {lost[0]} "
                                f"\u201c{shown(lost[2], 80)}\u201d)")
            if theirs[1] != ours[1]:
                failures.append(f"saved back, the comments differ ({len(ours[1])} -> {len(theirs[1])})")
        out[case] = sorted(set(failures), key=failures.index)
    return out


# --- one case, all cases --------------------------------------------------------------------------------

@dataclass
class Row:
    case: str
    set: str
    language: str
    contract_type: str = ""
    changes: int = 0
    checks: dict[str, str] = field(default_factory=dict)  # check -> "pass" / "fail" / "skip"
    failures: dict[str, list[str]] = field(default_factory=dict)
    conflicts: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: str = ""
    seconds: float = 0.0


def check_case(folder: Path, work: Path, types_cache: dict[str, dict[str, list[str]]] | None = None) -> tuple[Row, Path | None]:
    """Review one case and run checks (a), (b), (c), (e), (f); (d) runs over a whole set at once. The Word
    report's path is returned for (d)."""
    from paralaw.agent.report import to_json

    started = time.perf_counter()
    gold = json.loads((folder / "gold.json").read_text(encoding="utf-8"))
    row = Row(case=folder.name, set=folder.parent.name, language=gold.get("language", ""))
    primary = next((d for d in gold["documents"] if d.get("role", "primary") == "primary"), gold["documents"][0])
    work.mkdir(parents=True, exist_ok=True)
    source = contract_docx(folder / primary["file"], work / f"{folder.name}_input.docx")
    written, page = work / f"{folder.name}.docx", work / f"{folder.name}.html"
    try:
        data = review(source, gold, written, page)
    except Exception as exc:
        row.error = f"{type(exc).__name__}: {exc}"
        row.checks = {c: "fail" for c in CHECKS}
        row.failures = {c: [f"the review failed: {row.error}"] for c in CHECKS}
        row.seconds = round(time.perf_counter() - started, 1)
        return row, None
    report = to_json(data)
    (work / f"{folder.name}.json").write_text(json.dumps(report, ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    language = (data.get("review") or {}).get("language") or row.language or "en"
    row.contract_type = data.get("contract_type") or ""
    cache = types_cache if types_cache is not None else {}
    if gold["domain"] not in cache:
        cache[gold["domain"]] = position_types(gold["domain"])
    root = document_xml(written)
    row.changes = tracked_changes(root)
    texts, want = check_texts(source, written, report, language)
    row.conflicts, row.notes = want.conflicts, want.notes
    row.failures = {"a": check_pairs(root), "b": check_advice(root), "c": texts,
                    "e": check_types(report, row.contract_type, cache[gold["domain"]]),
                    "f": check_markdown(written, page)}
    row.checks = {c: ("fail" if row.failures.get(c) else "pass") if c != "d" else "skip" for c in CHECKS}
    row.seconds = round(time.perf_counter() - started, 1)
    return row, written


def run(sets: list[Path], *, libreoffice: bool = True, work: Path | None = None, log=print) -> tuple[list[Row], str]:
    """Every case of the sets, checked; and a note when (d) was skipped."""
    rows: list[Row] = []
    soffice = office() if libreoffice else None
    note = "" if soffice else ("(d) skipped: --no-libreoffice" if not libreoffice else "(d) skipped: soffice is not installed")
    types_cache: dict[str, dict[str, list[str]]] = {}
    with tempfile.TemporaryDirectory(prefix="redline-checks-") as temporary:
        base = Path(work) if work is not None else Path(temporary)
        for folder in sets:
            written: dict[str, Path] = {}
            set_rows = []
            for case in case_folders([folder]):
                row, path = check_case(case, base / folder.name / case.name, types_cache)
                set_rows.append(row)
                if path is not None:
                    written[row.case] = path
                log(line(row))
            if soffice and written:
                converted = check_libreoffice(written, base / folder.name / "_libreoffice")
                for row in set_rows:
                    if row.case in converted:
                        row.failures["d"] = converted[row.case]
                        row.checks["d"] = "fail" if converted[row.case] else "pass"
                        log(f"  (d) {row.case}: {row.checks['d']}" + (f" - {converted[row.case][0]}" if converted[row.case] else ""))
            rows += set_rows
    return rows, note


# --- printing -------------------------------------------------------------------------------------------

def line(row: Row) -> str:
    marks = " ".join(f"{c}:{row.checks.get(c, '-')}" for c in CHECKS)
    return f"{row.set}/{row.case} [{row.language}, {row.contract_type or '?'}] {row.changes} changes  {marks}  ({row.seconds} s)"


def table(rows: list[Row], note: str) -> str:
    out = ["| case | lang | type | changes | " + " | ".join(f"({c})" for c in CHECKS) + " | first failure per failing check |",
           "|---|---|---|---:|" + "---|" * len(CHECKS) + "---|"]
    for row in rows:
        first = "; ".join([f"({c}) {row.failures[c][0]}" for c in CHECKS if row.checks.get(c) == "fail" and row.failures.get(c)]
                          + [f"note: {n}" for n in row.notes[:1]])
        out.append(f"| {row.set}/{row.case} | {row.language} | {row.contract_type} | {row.changes} | "
                   + " | ".join(row.checks.get(c, "-") for c in CHECKS) + f" | {first.replace('|', '¦')} |")
    out += ["", totals(rows)]
    if note:
        out.append(note)
    return "\n".join(out)


def totals(rows: list[Row]) -> str:
    parts = []
    for c in CHECKS:
        passed = sum(r.checks.get(c) == "pass" for r in rows)
        failed = sum(r.checks.get(c) == "fail" for r in rows)
        skipped = sum(r.checks.get(c) == "skip" for r in rows)
        parts.append(f"({c}) {TITLES[c]}: {passed} pass, {failed} fail" + (f", {skipped} skipped" if skipped else ""))
    sets = sorted({r.set for r in rows})
    conflicts = sum(len(r.conflicts) for r in rows)
    noted = [r for r in rows if r.notes]
    return (f"{len(rows)} cases in {len(sets)} sets ({', '.join(sets)}); {sum(r.changes for r in rows)} tracked changes; "
            f"{conflicts} edits whose words another change took; {sum(len(r.notes) for r in noted)} new clauses in "
            f"another language than the contract's, in {len(noted)} cases\n" + "\n".join(parts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", type=Path, help="set folders (default: every tests/data/unseen* folder)")
    parser.add_argument("--json", dest="json_out", type=Path, default=None, help="write the rows (every failure) here")
    parser.add_argument("--no-libreoffice", action="store_true", help="skip check (d)")
    parser.add_argument("--keep", type=Path, default=None, help="keep the input and reports in this folder")
    args = parser.parse_args(argv)
    sets = args.sets or sorted((p for p in DATA.glob("unseen*") if p.is_dir()),
                               key=lambda p: int(re.sub(r"\D", "", p.name) or 0))
    missing = [s for s in sets if not s.is_dir()]
    if missing:
        parser.error(f"not a folder: {missing[0]}")
    rows, note = run(sets, libreoffice=not args.no_libreoffice, work=args.keep)
    print()
    print(table(rows, note))
    if args.json_out:
        args.json_out.write_text(json.dumps({"rows": [asdict(r) for r in rows], "note": note}, ensure_ascii=False, indent=1),
                                 encoding="utf-8")
    return 1 if any(v == "fail" for r in rows for v in r.checks.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
