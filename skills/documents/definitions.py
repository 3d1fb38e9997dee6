"""Defined terms: '"X" means', '"X" shall mean', '(the "X")', '(hereinafter "X")', '“X”是指', '本合同所称X'."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .model import Definition

if TYPE_CHECKING:
    from .model import DocumentStructure

Q_OPEN = "\"“'‘「『"
Q_CLOSE = "\"”'’」』"
_TERM = rf"[{Q_OPEN}]([^{Q_CLOSE}\n]{{1,80}}?)[{Q_CLOSE}]"
_BOLD_TERM = r"\*\*([^*\n]{1,80}?)\*\*"

_MEANS = re.compile(
    rf"(?:{_TERM}|{_BOLD_TERM})\s*(?:,\s*|\s+)?(?:(?:shall|will|does|has)\s+)?"
    rf"(?:means?|mean\b|shall\s+mean|has\s+the\s+meaning|have\s+the\s+meanings?|refers?\s+to|includes?|is\s+defined|:)",
    re.IGNORECASE,
)
_PAREN = re.compile(
    rf"[(（](?:[^()（）\n]{{0,60}}?\b(?:the|a|an|each|collectively|together|hereinafter|herein|individually|jointly)\b[,\s]*|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?"
    rf"(?:the\s+|a\s+|an\s+)?{_TERM}(?:\s*(?:or|and)\s+(?:the\s+)?{_TERM})?[^()（）\n]{{0,40}}[)）]"
)
_ZH_MEANS = re.compile(rf"[{Q_OPEN}]([^{Q_CLOSE}\n]{{1,30}})[{Q_CLOSE}]\s*(?:是指|系指|指)")
_ZH_SO_CALLED = re.compile(r"本(?:合同|协议|条款)(?:中)?所称(?:的)?[“\"]?([^，,。“”\"\s]{1,20}?)[”\"]?[，,]?\s*(?:是指|系指|指)")
_SENTENCE_END = re.compile(r"(?<=[.;。；])\s|\n\s*\n")


def _sentence_after(text: str, start: int, limit: int = 1500) -> str:
    end_match = _SENTENCE_END.search(text, start, min(len(text), start + limit))
    end = end_match.start() if end_match else min(len(text), start + limit)
    return text[start:end].strip()


def _phrase_before(text: str, start: int, limit: int = 300) -> str:
    window = text[max(0, start - limit):start]
    cut = max(window.rfind(". "), window.rfind("\n"), window.rfind("; "), window.rfind("。"))
    return window[cut + 1:].strip(" ,(") if cut >= 0 else window.strip(" ,(")


def _plausible_term(term: str) -> bool:
    term = term.strip()
    if not term or len(term) > 80 or term.endswith((".", ",")):
        return False
    if _is_cjk(term):
        return True
    # defined terms are capitalised words or acronyms, not quoted sentences
    return term[0].isupper() or term[0].isdigit() or term[0] in "$%"


def _is_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def extract_definitions(structure: "DocumentStructure") -> list[Definition]:
    text = structure.text
    found: dict[str, Definition] = {}
    order: list[Definition] = []

    def add(term: str, definition: str, start: int, end: int) -> None:
        term = term.strip()
        if not _plausible_term(term):
            return
        clause = structure.clause_at(start)
        entry = Definition(term=term, definition=definition[:2000], clause_id=clause.clause_id if clause else None, start=start, end=end)
        order.append(entry)
        found.setdefault(term.lower(), entry)

    for match in _MEANS.finditer(text):
        term = match.group(1) or match.group(2)
        add(term, _sentence_after(text, match.start()), match.start(), match.end())
    for match in _PAREN.finditer(text):
        for term in (match.group(1), match.group(2)):
            if term:
                add(term, _phrase_before(text, match.start()), match.start(), match.end())
    for pattern in (_ZH_MEANS, _ZH_SO_CALLED):
        for match in pattern.finditer(text):
            add(match.group(1), _sentence_after(text, match.start()), match.start(), match.end())
    order.sort(key=lambda d: d.start)
    return order
