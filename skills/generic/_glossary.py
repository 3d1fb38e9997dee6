"""The glossary behind resolve_definition: definitions from several documents, forgiving lookup keys, defined
terms found in a passage, and capitalised phrases that look like defined terms but are defined nowhere.

The document parser's definitions are the base. A second pass over double-quoted terms adds what it cannot
see, e.g. terms with an apostrophe ('(the "Contractor's Representative")'), so lookups do not miss them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel

from ..documents.model import DocumentStructure


class Entry(BaseModel):
    term: str
    definition: str
    clause_id: str | None
    document: str
    start: int
    style: str  # means | paren | zh
    quote: str  # verbatim text of the definition, for evidence


_QUOTES = "\"“”'‘’「」『』"
_DQ_TERM = r"(?<![\w\"”])[\"“](?!\s)([^\"“”\n]{1,80}?)(?<!\s)[\"”]"
_MEANS = re.compile(
    rf"{_DQ_TERM}\s*,?\s*(?:(?:shall|will|does|has|is)\s+)?(?:means?\b|has\s+the\s+meanings?|have\s+the\s+meanings?|"
    rf"shall\s+have\s+the\s+meanings?|refers?\s+to|is\s+defined|includes?\b|:)",
    re.IGNORECASE,
)
_PAREN = re.compile(r"[(（]([^()（）\n]{0,200}?)[)）]")
_PAREN_TERM = re.compile(rf"{_DQ_TERM}|\*\*([^*\n]{{1,80}}?)\*\*")  # (the "Seller") or (the **Seller**)
_POINTER = re.compile(r"has\s+the\s+meaning|as\s+defined\s+in|is\s+defined\s+in|meaning\s+given|meaning\s+set\s+out|meaning\s+ascribed|见第|按照第.{0,10}约定", re.IGNORECASE)
_BOUNDARY = re.compile(r"(?<![A-Z0-9])[.;!?](?=\s)|[。；]|\n")


def key(term: str) -> str:
    """Lookup key: case, quotes, a leading article, possessives and a plural last word do not matter."""
    t = " ".join(term.strip().strip(_QUOTES).split())
    t = re.sub(r"^(?:the|a|an)\s+", "", t, flags=re.IGNORECASE)
    t = re.sub(r"['’]s?$", "", t).lower()
    if not t or not t[-1].isascii():
        return t
    head, _, last = t.rpartition(" ")
    if len(last) > 4 and last.endswith("ies"):
        last = last[:-3] + "y"
    elif last.endswith(("sses", "shes", "ches", "xes")):
        last = last[:-2]
    elif len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is")):
        last = last[:-1]
    return f"{head} {last}".strip()


def body(definition: str) -> str:
    """A definition without its term and connective, for comparing two definitions of one term."""
    return re.sub(r"^[\"“][^\"”]*[\"”]\s*(?:shall\s+)?(?:means?|是指|系指|指)?\s*", "", definition.strip()).lower()


def is_cross_pointer(definition: str) -> bool:
    return bool(_POINTER.search(definition[:200]))


def _sentence_after(text: str, start: int) -> str:
    m = re.compile(r"(?<=[.;。；])\s|\n\s*\n").search(text, start, min(len(text), start + 1500))
    return text[start: m.start() if m else min(len(text), start + 1500)].strip()


_CUT = re.compile(r"(?<!\bINC)(?<!\bLTD)(?<!\bCO)(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bCorp)(?<!\bNo)(?<!\bU\.S)(?<!\b[A-Z])\.\s|;\s|\n|。")


def _phrase_before(text: str, start: int) -> str:
    """What a parenthesised definition names: the words before it back to the sentence start ('Inc.' is no end)."""
    window = text[max(0, start - 300):start]
    cuts = [m.end() for m in _CUT.finditer(window)]
    return window[cuts[-1] if cuts else 0:].strip(" ,(")


def _entries_of(structure: DocumentStructure) -> list[Entry]:
    text, name = structure.text, structure.filename or structure.document_id
    entries: list[Entry] = []
    taken: set[tuple[str, int]] = set()

    def add(term: str, definition: str, start: int, style: str, quote: str) -> None:
        term = term.strip().rstrip(",.;:").strip()
        if not term or len(term) > 80 or term.endswith((".", ",")) or term[0].isdigit() or (term.lower(), start) in taken:
            return
        taken.add((term.lower(), start))
        clause = structure.clause_at(start)
        entries.append(Entry(term=term, definition=definition[:2000], clause_id=clause.clause_id if clause else None,
                             document=name, start=start, style=style, quote=quote))

    for d in structure.definitions:
        style = "paren" if text[d.start:d.start + 1] in "(（" else ("zh" if structure.language == "zh" else "means")
        quote = d.definition if text.startswith(d.definition, d.start) else text[d.start:d.end]
        definition = _phrase_before(text, d.start) if style == "paren" else d.definition
        add(d.term, definition or d.definition, d.start, style, quote)
    known = {e.term.lower() for e in entries}
    for m in _MEANS.finditer(text):
        if m.group(1).lower() not in known:
            sentence = _sentence_after(text, m.start())
            add(m.group(1), sentence, m.start(), "means", sentence)
    for paren in _PAREN.finditer(text):
        for m in _PAREN_TERM.finditer(paren.group(1)):
            term = m.group(1) or m.group(2)
            if term.lower() not in known:
                add(term, _phrase_before(text, paren.start()), paren.start(), "paren", paren.group(0))
    return sorted(entries, key=lambda e: e.start)


def build_index(documents: list[DocumentStructure]) -> dict[str, list[Entry]]:
    """Key -> definitions, the first document's (the one under review) first."""
    index: dict[str, list[Entry]] = {}
    for structure in documents:
        for entry in _cached_entries(structure):
            index.setdefault(key(entry.term), []).append(entry)
    return index


_ENTRY_CACHE: dict[tuple[str, int], list[Entry]] = {}


def _cached_entries(structure: DocumentStructure) -> list[Entry]:
    cache_key = (structure.document_id, len(structure.text))
    if cache_key not in _ENTRY_CACHE:
        if len(_ENTRY_CACHE) > 64:
            _ENTRY_CACHE.clear()
        _ENTRY_CACHE[cache_key] = _entries_of(structure)
    return _ENTRY_CACHE[cache_key]


def _is_cjk(term: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in term)


@lru_cache(maxsize=64)
def _term_pattern(terms: tuple[str, ...]) -> re.Pattern[str] | None:
    latin, cjk = [], []
    for term in terms:
        (cjk if _is_cjk(term) else latin).append(re.escape(term))
        if not _is_cjk(term) and term.endswith("y") and term[-2:-1].isalpha() and term[-2] not in "aeiou":
            latin.append(re.escape(term[:-1] + "ies"))
    parts = []
    if latin:
        parts.append(rf"(?<![\w-])(?:{'|'.join(sorted(latin, key=len, reverse=True))})(?:s|es|['’]s)?(?![\w-])")
    if cjk:
        parts.append("|".join(sorted(cjk, key=len, reverse=True)))
    return re.compile("|".join(f"(?:{p})" for p in parts)) if parts else None


def terms_in(text: str, index: dict[str, list[Entry]]) -> dict[str, tuple[str, int]]:
    """Key -> (the term as first written in `text`, occurrences), in order of first use."""
    terms = tuple(sorted({e.term for group in index.values() for e in group if len(e.term) > 1}))
    pattern = _term_pattern(terms)
    found: dict[str, tuple[str, int]] = {}
    if pattern is None:
        return found
    for m in pattern.finditer(text):
        k = key(m.group(0))
        if k not in index:
            continue
        written, count = found.get(k, (m.group(0), 0))
        found[k] = (written, count + 1)
    return found


# ------------------------------------------------------------------------------------ undefined terms

# The last word of most defined terms: a phrase like 'the Final Acceptance Date' reads as a defined term.
_HEADS = {
    "date", "period", "certificate", "price", "amount", "sum", "cost", "fee", "notice", "account", "security",
    "guarantee", "bond", "payment", "statement", "event", "claim", "damage", "loss", "liability", "consideration",
    "value", "capital", "share", "rate", "percentage", "territory", "product", "service", "deliverable", "property",
    "right", "plan", "budget", "report", "standard", "specification", "approval", "consent", "information", "term",
    "year", "quarter", "day", "revenue", "sale", "profit", "margin", "royalty", "threshold", "cap", "basket",
    "deductible", "material", "milestone", "commitment", "forecast", "order", "quantity", "fund", "money", "deposit",
}
_ORG_WORDS = re.compile(r"\b(?:Ltd|Limited|Inc|LLC|plc|Corporation|Corp|Company|Bank|Institute|Chamber|Court|Act|Rules|Regulations|Association|Authority|Office|Government|Republic|Kingdom|States)\b")
_NAMED_ELSEWHERE = re.compile(r"\s*(?:\([A-Z]{2,}\)|\s(?:and|of|for|&)\s+[A-Z]|,?\s*(?:as\s+)?(?:published|quoted|issued|administered)\s+by\b"
                              r"|,?\s*\(?(?:as\s+(?:such\s+term\s+is\s+|that\s+term\s+is\s+)?defined\s+(?:in|by|under)|having\s+the\s+meaning|"
                              r"(?:which\s+)?has\s+the\s+meaning\s+given|within\s+the\s+meaning\s+of)\b)")
_RUN = re.compile(r"\b(?:the|a|an|any|each|such|this|that|its|their|said|every|no)\s+((?:[A-Z][A-Za-z'’-]*)(?:\s+[A-Z][A-Za-z'’-]*){1,4})")


def _inside_brackets(text: str, start: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    return before.rfind("[") > before.rfind("]") or before.rfind("〔") > before.rfind("〕")


def _sentence(text: str, start: int, end: int) -> str:
    left = max(0, start - 400)
    for m in _BOUNDARY.finditer(text, left, start):
        left = m.end()
    right = _BOUNDARY.search(text, end, min(len(text), end + 400))
    return text[left: right.end() if right else min(len(text), end + 400)].strip()


def undefined_candidates(structure: DocumentStructure, lo: int, hi: int, index: dict[str, list[Entry]],
                         documents: list[DocumentStructure]) -> list[tuple[str, int, str]]:
    """(phrase, offset, sentence) for capitalised multi-word phrases used like defined terms but defined nowhere.

    Deliberately narrow, to keep ordinary capitalised words quiet: only phrases after an article or determiner
    (so never a sentence start), ending in a typical defined-term noun, outside headings, brackets and quotes,
    and not party, institution or statute names, clause titles, or defined terms with an extra leading word.
    """
    if structure.language != "en":
        return []
    text = structure.text
    titles = {c.title.lower() for d in documents for c in d.iter_clauses() if c.title}
    out: list[tuple[str, int, str]] = []
    seen: set[str] = set()
    for m in _RUN.finditer(text, lo, hi):
        phrase = re.sub(r"['’]s?$", "", m.group(1))
        words = phrase.split()
        start = m.start(1)
        line = text[text.rfind("\n", 0, start) + 1:start]
        if (len(words) < 2 or phrase.isupper() or line.lstrip().startswith("#") or text[start - 1:start] in _QUOTES
                or _inside_brackets(text, start) or _ORG_WORDS.search(phrase) or phrase.lower() in titles):
            continue
        if key(words[-1]) not in _HEADS or _NAMED_ELSEWHERE.match(text, start + len(phrase)):
            continue
        possessive = [i + 1 for i, w in enumerate(words[:-1]) if w.endswith(("'s", "’s", "'", "’"))]
        if any(key(" ".join(words[i:])) in index for i in [*range(len(words) - 1), *possessive]):
            continue
        k = key(phrase)
        if k in seen:
            continue
        seen.add(k)
        # '**Effective Date:** September 2, 2025' heading the contract defines the term as a labelled field
        if re.search(rf"(?m)^[ \t>*_]*{re.escape(phrase)}[*_]*[ \t]*[:：]", text):
            continue
        out.append((phrase, start, _sentence(text, start, start + len(phrase))))
    return out
