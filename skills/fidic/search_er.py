"""fidic_search_er: the Employer's Requirements passages relevant to a Sub-Clause, and where they conflict with it.

Ranking is the shared BM25 index (paralaw.skills.text.retrieval.ClauseIndex) over the ER's sections. A
conflict is a requirement in a ranked ER section that states, for the same subject, a different period, a
different figure in the same unit, or another edition of the same standard than the (merged) Sub-Clause.
"Same subject" is deliberately strict (the ER section cites the Sub-Clause, or the two sentences share
several content words) because a false conflict costs a reviewer more than a missed one.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

from ..documents.model import DocumentStructure
from ..errors import SkillFailure
from ..framework.schema import Finding, SkillRegistration
from ..text.amounts import find_periods
from ..text.retrieval import ClauseIndex
from .base import Documents, FidicInput, prepare_fidic
from .checks import sentence_around
from .context import as_structure, resolve_documents
from .time_limits import extract_time_limits

_STANDARD = re.compile(r"\b((?:ISO|IEC|BS EN|BS|EN|ASTM|AASHTO|GB(?:/T)?|JGJ)\s?\d[\d.\-]*(?:-\d+)?)(?::\s?(\d{4}))?")
_QUANTITY = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s?(ML/d|m3|cubic metres|m²|m2|square metres|km|kN|MPa|kV|litres per second|l/s|mm|tonnes|hectares|%)", re.I)
_GENERIC = {"contractor", "employer", "engineer", "shall", "within", "days", "after", "before", "each", "which", "works",
            "with", "under", "their", "that", "this", "from", "have", "been", "than", "such", "other", "contract", "accordance",
            "give", "given", "notice", "less", "least", "date", "intended", "period", "notify", "submit", "provide", "ready",
            "will", "must", "days", "month", "months", "weeks", "hours", "carry", "out"}


class SearchErInput(FidicInput):
    query: str = Field("", description="What to look for in the Employer's Requirements; empty: the Sub-Clause's title and text.")
    top_k: int = Field(5, ge=1, le=20, description="How many ER sections to return.")
    er_structure: SkipJsonSchema[Any] = Field(None, description="Employer's Requirements (filled in by the system).")


class ErPassage(BaseModel):
    section: str = Field(description="ER section number, e.g. '7.1'; '' for text outside numbered sections.")
    title: str
    score: float
    quote: str = Field(description="Verbatim window of the section around its best-matching sentence.")
    start: int
    end: int


class SearchErOutput(BaseModel):
    clause_id: str
    query: str
    er_document: str
    passages: list[ErPassage]
    findings: list[Finding]
    summary: str


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in _GENERIC}


_ACTOR = re.compile(r"\b(Contractor|Employer|Engineer|承包人|发包人|监理人)\b[^.;。；]{0,20}?(?:shall|must|will|应)")


def _actor(sentence: str) -> str:
    found = _ACTOR.search(sentence)
    return found.group(1) if found else ""


def _direction(sentence: str) -> str:
    return "advance" if re.search(r"\bbefore\b|prior to|in advance|not less than|at least|提前|前", sentence) else "within"


def _same_subject(er_sentence: str, contract_sentence: str, clause_id: str, er_section_text: str) -> bool:
    """Same actor, same direction (within / in advance) and the same subject words; citing the Sub-Clause
    lowers the bar on shared words, never on the actor."""
    if _actor(er_sentence) != _actor(contract_sentence) or not _actor(er_sentence):
        return False
    if _direction(er_sentence) != _direction(contract_sentence):
        return False
    a, b = _words(er_sentence), _words(contract_sentence)
    shared = len(a & b)
    cites = re.search(rf"Sub-Clause\s+{re.escape(clause_id)}(?![\d.]\d)", er_section_text) is not None
    return (shared >= 3 and shared / max(len(a | b), 1) >= 0.2) or (cites and shared >= 2)


def _unit(unit: str) -> str:
    return {"days": "calendar_days", "business_days": "working_days"}.get(unit, unit)


def _conflicts(clause_id: str, contract_text: str, er: DocumentStructure, section: str, language: str) -> list[Finding]:
    clause = er.get_clause(section) if section else None
    if clause is None:
        return []
    er_text = er.full_text(clause)
    findings: list[Finding] = []
    contract_limits = extract_time_limits(clause_id, contract_text, language)
    for period in find_periods(er_text):
        er_sentence = sentence_around(er_text, period.start, period.end)
        for limit in contract_limits:
            if limit.days is None or period.days is None or limit.days == period.days or limit.unit != _unit(period.unit):
                continue
            if _same_subject(er_sentence, limit.sentence, clause_id, er_text):
                findings.append(Finding(severity="medium", kind="er_conflict_period", clause_id=clause_id,
                                        message=f"ER {section} states {period.quote} where Sub-Clause {clause_id} states {limit.period} ({limit.sentence[:120]})",
                                        evidence=er_sentence))
                break
    for found in _STANDARD.finditer(er_text):
        code, year = found.group(1), found.group(2)
        for other in _STANDARD.finditer(contract_text):
            if other.group(1) == code and year and other.group(2) and other.group(2) != year:
                findings.append(Finding(severity="medium", kind="er_conflict_standard", clause_id=clause_id,
                                        message=f"ER {section} requires {code}:{year}; Sub-Clause {clause_id} names {code}:{other.group(2)}",
                                        evidence=sentence_around(er_text, found.start(), found.end())))
    contract_quantities = [(m, sentence_around(contract_text, m.start(), m.end())) for m in _QUANTITY.finditer(contract_text)]
    for m in _QUANTITY.finditer(er_text):
        er_sentence = sentence_around(er_text, m.start(), m.end())
        for other, contract_sentence in contract_quantities:
            same_unit = other.group(2).lower() == m.group(2).lower()
            if same_unit and other.group(1) != m.group(1) and _same_subject(er_sentence, contract_sentence, clause_id, er_text):
                findings.append(Finding(severity="medium", kind="er_conflict_quantity", clause_id=clause_id,
                                        message=f"ER {section} states {m.group(0)} where Sub-Clause {clause_id} states {other.group(0)}",
                                        evidence=er_sentence))
                break
    return findings


def search_er(data: SearchErInput) -> SearchErOutput:
    docs = Documents(data)
    er = as_structure(data.er_structure, "er_structure")
    if er is None:
        raise SkillFailure("no Employer's Requirements in this review: load one with role 'er'", code="NO_DOCUMENT")
    units = docs.scope(data.clause_id) if data.clause_id.strip() not in ("*", "") else []
    contract_text = "\n\n".join(u.text for u in units if u.status != "deleted")
    query = data.query.strip() or " ".join(f"{u.title} {u.text[:600]}" for u in units[:3]).strip()
    if not query:
        raise SkillFailure("give a query, or a clause_id whose text can serve as one", code="INVALID_ARGUMENT")
    hits = ClauseIndex.for_document(er).search(query, top_k=data.top_k)
    passages = [ErPassage(section=h.clause_id, title=h.title, score=h.score, quote=h.quote, start=h.start, end=h.end) for h in hits]
    findings: list[Finding] = []
    if contract_text:
        clause_id = units[0].clause_id if len(units) == 1 else data.clause_id
        for hit in hits:
            findings += _conflicts(clause_id, contract_text, er, hit.clause_id, docs.language)
    summary = (f"{len(passages)} ER section(s) for {data.clause_id}"
               + (f" (best: {passages[0].section} {passages[0].title})" if passages else "")
               + f"; {len(findings)} conflict(s) with the contract terms.")
    return SearchErOutput(clause_id=data.clause_id, query=query[:500], er_document=er.filename or er.document_id,
                          passages=passages, findings=findings, summary=summary)


def prepare_input(clause_id: str, primary_structure, state: dict) -> SearchErInput:
    er = resolve_documents(state, primary_structure).er
    return prepare_fidic(SearchErInput, clause_id, primary_structure, state, er_structure=er)


registration = SkillRegistration(
    skill_id="fidic_search_er",
    name="Search the Employer's Requirements",
    description=(
        "Find the sections of the Employer's Requirements relevant to a Sub-Clause (or to a query), ranked, with their "
        "ER section numbers and a verbatim quote; findings where an ER requirement conflicts with the contract terms "
        "(a different period, quantity or standard edition for the same subject)."
    ),
    input_schema=SearchErInput,
    output_schema=SearchErOutput,
    local_handler=search_er,
    prepare_input_fn=prepare_input,
    domain="fidic",
    category="fidic",
)
