"""Cross-references: 'Clause 14.2', 'Sub-Clause 14.7 [Payment]', 'Sections 5.1 and 5.2(b)', 'Article IV',
'Schedule 3', '第十二条', '第12.3款'. References to other instruments ('Section 16 of the Exchange Act') are
kept but marked external, since they cannot resolve inside this document.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .model import Clause, CrossReference
from .numbering import CN_NUMERAL, DOTTED, PARA, SCHEDULE_WORDS, normalise_clause_id, parent_candidates

if TYPE_CHECKING:
    from .model import DocumentStructure

_NUM = rf"(?:{DOTTED}|[IVXLC]+\b)(?:\s?{PARA})*"
_REF = re.compile(
    rf"\b(Sub-Clauses?|Sub-clauses?|Clauses?|Sections?|Articles?|Paragraphs?|CLAUSES?|SECTIONS?|ARTICLES?)\s+"
    rf"({_NUM}(?:\s*(?:,|and|or|to|through|-|–)\s*(?:{_NUM}))*)"
)
_ONE = re.compile(_NUM)
_TITLE = re.compile(r"\s*[\[〔【]([^\]〕】\n]{1,80})[\]〕】]")
_EXTERNAL = re.compile(
    r"\s*(?:of|under|in|to)\s+(?:the\s+)?((?!this\b|these\b|such\b)(?:[A-Z][\w.&'’-]*\s+){0,8}"
    r"(?:Act|Code|Regulations?|Rules?|Law|Ordinance|Directive|Convention|Treaty|Statute|Agreement|Plan|Schedule|"
    r"Charter|Bylaws|By-laws|Articles|Certificate|Contract|Guidelines|Policy|U\.S\.C\.|CFR|C\.F\.R\.)\b(?:\s+of\s+\d{4})?)"
)
_OTHER_INSTRUMENT_HINT = re.compile(r"^\s*,?\s*(?:of|under)\s+(?:the\s+)?(?:[A-Z][\w.-]*\s+){0,6}(?:Act|Code)\b")
_SCHEDULE_REF = re.compile(rf"\b({SCHEDULE_WORDS})\s+([A-Z0-9]{{1,4}}(?:\.\d+)?)\b")
_ZH_REF = re.compile(rf"第\s*([{CN_NUMERAL}\d]+(?:\.\d+)*)\s*([条款项])(?:\s*[（(]([{CN_NUMERAL}\d]+)[)）])?(?:\s*[〔【\[]([^〕】\]\n]{{1,40}})[〕】\]])?")


def _is_heading_marker(structure: "DocumentStructure", start: int) -> bool:
    clause = structure.clause_at(start)
    return clause is not None and clause.start == start


def _expand_list(raw: str) -> list[str]:
    """'5.1 and 5.2(b)' -> ['5.1', '5.2(b)']; ranges keep both ends only."""
    return [m.group(0) for m in _ONE.finditer(raw)]


def extract_cross_references(structure: "DocumentStructure") -> list[CrossReference]:
    text = structure.text
    refs: list[CrossReference] = []

    def source_of(offset: int) -> str | None:
        clause = structure.clause_at(offset)
        return clause.clause_id if clause else None

    for match in _REF.finditer(text):
        if _is_heading_marker(structure, match.start()):
            continue
        keyword = match.group(1)
        after = text[match.end(): match.end() + 160]
        title_match = _TITLE.match(after)
        title = title_match.group(1).strip() if title_match else None
        tail = after[title_match.end():] if title_match else after
        external = _EXTERNAL.match(tail)
        instrument = external.group(1).strip() if external else None
        if instrument and instrument.lower() in {"agreement", "contract", "schedule", "articles"}:
            instrument = None  # "Section 5 of the Agreement" is this agreement
        for raw in _expand_list(match.group(2)):
            target = normalise_clause_id(raw.replace(" ", ""))
            if target is None:
                continue
            if keyword.lower().startswith("article") and not target[0].isdigit():
                continue
            refs.append(
                CrossReference(
                    source_clause_id=source_of(match.start()),
                    text=text[match.start(): match.end() + (title_match.end() if title_match else 0)],
                    target_id=target,
                    target_title=title,
                    kind="external" if instrument else "clause",
                    external_instrument=instrument,
                    start=match.start(),
                    end=match.end(),
                )
            )
    for match in _SCHEDULE_REF.finditer(text):
        if _is_heading_marker(structure, match.start()):
            continue
        refs.append(
            CrossReference(
                source_clause_id=source_of(match.start()),
                text=match.group(0),
                target_id=f"{match.group(1).title()} {match.group(2)}",
                kind="schedule",
                start=match.start(),
                end=match.end(),
            )
        )
    for match in _ZH_REF.finditer(text):
        if _is_heading_marker(structure, match.start()):
            continue
        target = normalise_clause_id(match.group(1))
        if target is None:
            continue
        if match.group(3):
            target += f"({match.group(3)})"
        refs.append(
            CrossReference(
                source_clause_id=source_of(match.start()),
                text=match.group(0),
                target_id=target,
                target_title=match.group(4),
                kind="clause",
                start=match.start(),
                end=match.end(),
            )
        )
    refs.sort(key=lambda r: r.start)
    return refs


def resolve_reference(structure: "DocumentStructure", ref: CrossReference) -> Clause | None:
    """The clause a reference points at, falling back from '5.2(b)' to '5.2' when sub-paragraphs run inline."""
    if ref.kind == "external":
        return None
    if ref.kind == "schedule":
        return next((c for c in structure.iter_clauses() if c.clause_id.lower() == ref.target_id.lower()), None)
    clause = structure.get_clause(ref.target_id)
    if clause:
        return clause
    if "(" in ref.target_id:
        enclosing = next(c for c in parent_candidates(ref.target_id) if "(" not in c)
        return structure.get_clause(enclosing)
    return None
