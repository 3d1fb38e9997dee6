"""Defined terms, in the forms contracts use:

    "X" means / "X" shall mean / "X" has the meaning / "X" or "Y" means / **X** means / **X:** ... (Markdown)
    (the "X") / (hereinafter "X") / (hereinafter referred to as "the X") / ("**X**")
    1.5 Net Sales means ...   (a numbered definitions list whose quotes were lost, as in SEC filings)
    “X”是指 / “X”系指 / 本合同所称X，是指 / 本协议所称“X”指

Each definition records the clause it sits in and its span; `definition` is the defining sentence (for the
parenthesis forms, the phrase the term names: 'Acme Inc.' for 'Acme Inc. (the "Supplier")').
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import TYPE_CHECKING

from .model import Definition

if TYPE_CHECKING:
    from .model import DocumentStructure

_PAIRS = (('"', '"'), ("“", "”"), ("'", "'"), ("‘", "’"), ("「", "」"), ("『", "』"))


def _quoted(slot: int) -> str:
    """A quoted term whose closing quote matches its opening one, so the apostrophe in
    "Contractor's Documents" neither opens nor closes a term."""
    options = []
    for k, (open_, close) in enumerate(_PAIRS):
        guard_before, guard_after = (r"(?<![A-Za-z])", r"(?![A-Za-z])") if open_ in "'‘" else ("", "")
        options.append(rf"{guard_before}{re.escape(open_)}\**(?P<q{slot}_{k}>[^{re.escape(close)}\n*]{{1,80}}?)\**{re.escape(close)}{guard_after}")
    return "(?:" + "|".join(options) + ")"


def _term(match: re.Match[str], slot: int) -> str | None:
    return next((match.group(f"q{slot}_{k}") for k in range(len(_PAIRS)) if match.group(f"q{slot}_{k}")), None)


_BOLD_TERM = r"\*\*(?P<bold>[^*\n]{1,80}?)\*\*"
# '"Due Date", in relation to any amount claimed, means ...': a short qualifier between a term and its verb
QUALIFIER = r"(?:in\s+relation\s+to|in\s+respect\s+of|with\s+respect\s+to|for\s+the\s+purposes\s+of)\s+[^,.;:\n]{1,80},"
_VERB = (
    r"(?:(?:shall|will|does|has|have)\s+)?(?:means?\b|shall\s+mean\b|has\s+the\s+meanings?\b|have\s+the\s+meanings?\b|"
    r"refers?\s+to\b|includes?\b|is\s+defined\b|:)"
)
_MEANS = re.compile(
    rf"(?:{_quoted(1)}|{_BOLD_TERM})(?:\s*,?\s*(?:or|and)\s+{_quoted(2)})?\s*,?\s*(?:{QUALIFIER}\s*)?{_VERB}",
    re.IGNORECASE,
)
_PAREN = re.compile(
    rf"[(（](?:[^()（）\n]{{0,60}}?\b(?:the|a|an|each|collectively|together|hereinafter|herein|individually|jointly)\b[,\s]*"
    rf"|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?"
    rf"(?:the\s+|a\s+|an\s+)?{_quoted(1)}(?:\s*(?:or|and)\s+(?:the\s+)?{_quoted(2)})?[^()（）\n]{{0,40}}[)）]"
)
# 'The date on which the employment terminates is the "Separation Date."': a term named at a sentence's end
_IS_THE = re.compile(rf"\b(?:is|are|shall\s+be)\s+(?:(?:referred\s+to\s+|hereinafter\s+)?(?:as|called|known\s+as)\s+)?(?:the|an?)\s+{_quoted(1)}\s*(?=[.;]|$)", re.M)
_UNQUOTED_WORD = r"(?:[A-Z][\w'’&/.-]*|\([A-Z]{2,}\))"
_UNQUOTED = re.compile(
    rf"\s*({_UNQUOTED_WORD}(?:\s+(?:{_UNQUOTED_WORD}|of|and|or|the|for|in|to|by|on)){{0,7}})\s+"
    r"(?:means|shall\s+mean|shall\s+have\s+the\s+meanings?|has\s+the\s+meanings?|refers\s+to)\b"
)
# "**Restricted Period:** the period of six months ...": a bold term with its colon, opening its own line, and a
# definition that reads as one (in lower case); "**Outlet:** #01-27 Northpoint Mall" is a cover-page field
_BOLD_COLON = re.compile(r"(?m)^[ \t>*-]*\*\*(?P<bold>[^*\n:：]{1,80}?)\s*[:：]\s*\*\*[ \t]*(?=[a-z])")
_ZH_MEANS = re.compile(r"[“\"「『]([^”\"」』\n]{1,30})[”\"」』]\s*[:：]?\s*(?:是指|系指|指)")  # '“保证期间”：指
_ZH_SO_CALLED = re.compile(r"本(?:合同|协议|条款)(?:中)?所称(?:的)?[“\"]?([^，,。“”\"\s]{1,20}?)[”\"]?[，,]?\s*(?:是指|系指|指)")
_TITLE_WORD = r"[A-Z][\w'’&-]*"
_TABLE_TERM = re.compile(rf"(?m)^[ \t]*\|(?:[ \t]*[\w.()]{{1,6}}[ \t]*\|)?[ \t]*\**(?P<term>{_TITLE_WORD}(?:[ \t]+(?:{_TITLE_WORD}|of|and|the|for|to|in))*)"
                         rf"\**[ \t]*\|[ \t]*(?P<value>[^|\n]*?\w[^|\n]*?)[ \t]*\|[ \t]*$")
_SENTENCE_END = re.compile(r"(?<=[.;。；])\s|\n\s*\n")
_ABBREVIATION = re.compile(r"\b(?:Inc|Ltd|Co|Corp|Pte|Pty|LLC|L\.L\.C|S\.A|N\.V|B\.V|GmbH|AG|plc|No|St|Mr|Ms|Dr)\.\s$")


_INLINE_LIST = re.compile(r"(?:[:：]|\bmeans|\binclud\w*)\s*\((?:a|i|1)\)")  # '..., including: (a) ...; (b) ...; and (f) ...'
_LINE_END = re.compile(r"\n")


def _sentence_after(text: str, start: int, limit: int = 1500) -> str:
    """The defining sentence; a definition that lists its parts inline ('including: (a) ...; (b) ...') runs to the
    end of its paragraph, so that every part is in it."""
    stop = min(len(text), start + limit)
    end_match = _SENTENCE_END.search(text, start, stop)
    end = end_match.start() if end_match else stop
    if _INLINE_LIST.search(text, start, end + 1):
        line_end = _LINE_END.search(text, end, stop)
        end = line_end.start() if line_end else stop
    return text[start:end].strip()


def _phrase_before(text: str, start: int, limit: int = 200) -> str:
    """The name a parenthesised term stands for: 'Acme Inc.' in 'between Acme Inc. (the "Supplier")'."""
    window = text[max(0, start - limit):start]
    cut = -1
    for match in re.finditer(r"[;\n()]|\bbetween\s|\band\s|\bby\s|\.\s", window):
        if match.group(0).startswith(".") and _ABBREVIATION.search(window[: match.end()]):
            continue
        cut = match.end()
    return window[cut if cut >= 0 else 0:].strip(" ,")


def _clean(term: str) -> str:
    term = term.strip().strip("*_").strip().strip("\"“”「」").strip()  # '**"Term"**': bold around the quotes
    return re.sub(r"^(?:the|a|an)\s+(?=[A-Z])", "", term)


def _plausible_term(term: str, *, lower_ok: bool = False) -> bool:
    if not term or len(term) > 80 or term.endswith((".", ",")):
        return False
    if _is_cjk(term):
        return True
    if term[0].isupper() or term[0].isdigit() or term[0] in "$%":
        return True
    # '"day" means a calendar day': lower-case terms are real in the "X" means form, if short
    return lower_ok and len(term.split()) <= 3 and term[0].isalpha()


def _is_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def extract_definitions(structure: "DocumentStructure") -> list[Definition]:
    text = structure.text
    order: list[Definition] = []
    spans: dict[str, list[tuple[int, int]]] = {}

    def add(raw: str, definition: str, start: int, end: int, *, lower_ok: bool = False) -> None:
        if raw != raw.strip():
            return  # '"include" and "includes"' read from the inside: ' and '
        term = _clean(raw)
        if not _plausible_term(term, lower_ok=lower_ok):
            return
        seen = spans.setdefault(term.lower(), [])  # the term's spans so far: sorted, never overlapping
        i = bisect_left(seen, (end,)) - 1  # the last span starting before this one ends
        if i >= 0 and seen[i][1] > start:
            return  # the same definition matched by two forms
        seen.insert(i + 1, (start, end))
        clause = structure.clause_at(start)
        order.append(Definition(term=term, definition=definition[:2000], clause_id=clause.clause_id if clause else None, start=start, end=end))

    for match in _MEANS.finditer(text):
        sentence = _sentence_after(text, match.start())
        for term in (_term(match, 1) or match.group("bold"), _term(match, 2)):
            if term:
                add(term, sentence, match.start(), match.end(), lower_ok=True)
    for match in _BOLD_COLON.finditer(text):
        add(match.group("bold"), _sentence_after(text, match.start("bold") - 2), match.start("bold") - 2, match.end())
    for match in _PAREN.finditer(text):
        for term in (_term(match, 1), _term(match, 2)):
            if term:
                add(term, _phrase_before(text, match.start()), match.start(), match.end())
    for match in _IS_THE.finditer(text):
        term = _term(match, 1)
        if term:
            add(term.rstrip(".,;"), _phrase_before(text, match.start()), match.start(), match.end())
    for clause in structure.iter_clauses():
        # "1.5 Biologics License Application or BLA means ...": the term opens a numbered clause
        at = clause.start + len(clause.label)
        match = _UNQUOTED.match(text, at, min(clause.end, at + 200))
        if match and clause.label[:1].isdigit():
            sentence = _sentence_after(text, match.start(1))
            for term in re.split(r"\s+or\s+", match.group(1)):
                add(term.strip("()"), sentence, match.start(1), match.end())
    for pattern in (_ZH_SO_CALLED, _ZH_MEANS):
        for match in pattern.finditer(text):
            add(match.group(1), _sentence_after(text, match.start()), match.start(), match.end())
    # a details table before the clauses ('| 6 | Effective Date | 3 November 2025 |') defines the names in it that no
    # clause defines ('"Purpose" means the purpose in Item 3' is the same term, not a second definition of it)
    first = min((c.start for c in structure.iter_clauses() if c.clause_id[:1].isdigit()), default=0)
    for match in _TABLE_TERM.finditer(text, 0, first):
        if _clean(match.group("term")).lower() not in spans:
            add(match.group("term"), match.group(0).strip(), match.start("term"), match.end())
    order.sort(key=lambda d: d.start)
    return order
