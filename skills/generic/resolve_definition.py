"""resolve_definition: the defined terms a clause uses, what each means and where it is defined.

A review often spans several documents (FIDIC General plus Particular Conditions), so definitions come from
every contract document of the review, not just the one being read. Lookups forgive the ways people type a
term: case, quotes, a leading 'the', plurals and possessives. The findings are the definition defects a
reviewer cares about: a term used as if defined but defined nowhere, a term defined twice differently, and a
definition that points at a clause that does not exist.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field
from rapidfuzz import fuzz, process

from ..documents.model import DocumentStructure
from ..documents.references import resolve_reference
from ..framework.base import ClauseInput, require_clause, require_structure
from ..framework.schema import Finding, SkillRegistration
from ..framework.state import state_snapshot
from . import _glossary as glossary
from ._glossary import Entry


class ResolveDefinitionInput(ClauseInput):
    term: str | None = Field(None, description="A term to look up, e.g. 'Accepted Contract Amount' or '签约合同价'; case, quotes and plurals do not matter.")
    whole_document: bool = Field(False, description="Check every definition of the document instead of one clause (clause_id '*' does the same).")


class ResolvedTerm(BaseModel):
    term: str
    found: bool
    definition: str = ""
    defined_in: str | None = Field(None, description="Clause in which the term is defined.")
    document: str = Field("", description="File in which the term is defined.")
    occurrences: int = Field(0, description="Times the term occurs in the clause.")
    also_defined_in: list[str] = Field(default_factory=list, description="Other places defining the same term, as 'file: clause'.")
    suggestions: list[str] = Field(default_factory=list, description="Close defined terms when a looked-up term is not defined.")


class ResolveDefinitionOutput(BaseModel):
    clause_id: str
    lookup: ResolvedTerm | None = Field(None, description="The answer for the `term` argument, when given.")
    terms: list[ResolvedTerm] = Field(description="Defined terms used in the clause, in order of first use.")
    undefined_terms: list[str]
    definitions_available: int
    findings: list[Finding]
    summary: str


def _resolved(entries: list[Entry], written: str, occurrences: int = 0) -> ResolvedTerm:
    """The governing definition: a full one ('"X" means ...') before a pointer ('has the meaning given in') or a
    parenthesised label, otherwise in document order (Particular Conditions first)."""
    ranked = sorted(entries, key=lambda e: (not e.definition.strip(), glossary.is_cross_pointer(e.definition), e.style == "paren"))
    first = ranked[0]
    others = list(dict.fromkeys(f"{e.document}: {e.clause_id or 'preamble'}" for e in ranked[1:] if e.start != first.start or e.document != first.document))
    return ResolvedTerm(term=written or first.term, found=True, definition=first.definition, defined_in=first.clause_id,
                        document=first.document, occurrences=occurrences, also_defined_in=others)


def lookup(index: dict[str, list[Entry]], term: str) -> ResolvedTerm:
    """Resolve one term as a user or model typed it."""
    entries = index.get(glossary.key(term))
    if entries:
        return _resolved(entries, term.strip().strip("\"“”'‘’「」"))
    names = sorted({e.term for group in index.values() for e in group})
    close = process.extract(term, names, scorer=fuzz.WRatio, limit=3, score_cutoff=80)
    return ResolvedTerm(term=term, found=False, suggestions=[name for name, _, _ in close])


def _duplicate_findings(entries: list[Entry], index: dict[str, list[Entry]]) -> list[Finding]:
    findings = []
    reported: set[str] = set()
    for entry in entries:
        k = glossary.key(entry.term)
        if k in reported:
            continue
        rivals = [e for e in index.get(k, []) if e.document == entry.document and e.style == "means" and e.start != entry.start
                  and e.term.lower() == entry.term.lower()]
        if entry.style != "means":
            continue
        for rival in rivals:
            if glossary.is_cross_pointer(entry.definition) or glossary.is_cross_pointer(rival.definition):
                continue
            if fuzz.ratio(glossary.body(entry.definition), glossary.body(rival.definition)) < 90:
                reported.add(k)
                findings.append(Finding(
                    severity="medium", kind="conflicting_definitions", clause_id=entry.clause_id, evidence=entry.quote,
                    message=f"'{entry.term}' is defined in clause {entry.clause_id} and again, differently, in clause {rival.clause_id}.",
                ))
                break
    return findings


_OTHER_INSTRUMENT = re.compile(r"\s+of\s+(?:the\s+)?[A-Z]")  # 'Section 6 of the Employer's Requirements'


def _missing_clause_findings(entries: list[Entry], documents: list[DocumentStructure]) -> list[Finding]:
    by_name = {d.filename or d.document_id: d for d in documents}
    findings = []
    seen: set[tuple[str, int]] = set()
    for entry in entries:
        structure = by_name.get(entry.document)
        if structure is None:
            continue
        span_end = entry.start + len(entry.quote)
        for ref in structure.cross_references:
            if ref.kind != "clause" or not (entry.start <= ref.start < span_end) or (entry.document, ref.start) in seen:
                continue
            if _OTHER_INSTRUMENT.match(structure.text, ref.end) or any(resolve_reference(doc, ref) is not None for doc in documents):
                continue
            seen.add((entry.document, ref.start))
            findings.append(Finding(
                severity="medium", kind="definition_refers_to_missing_clause", clause_id=entry.clause_id, evidence=ref.text,
                message=f"The definition of '{entry.term}' refers to {ref.text}, which is not in the contract.",
            ))
    return findings


def _undefined_findings(structure: DocumentStructure, undefined: list[tuple[str, int, str]]) -> list[Finding]:
    """One finding for the terms used as defined but defined nowhere: one drafting issue, however many terms it
    touches (a facility agreement that borrows ten terms from a standard form it never attached)."""
    if not undefined:
        return []
    def clause_of(start: int) -> str | None:
        return getattr(structure.clause_at(start), "clause_id", None)
    phrase, start, sentence = undefined[0]
    if len(undefined) == 1:
        message = f"'{phrase}' is used as a defined term but is defined nowhere in the contract documents."
    else:
        listed = "; ".join(f"'{p}' ({clause_of(s) or 'preamble'})" for p, s, _ in undefined)
        message = f"{len(undefined)} terms are used as defined terms but defined nowhere in the contract documents: {listed}."
    return [Finding(severity="medium", kind="undefined_term", clause_id=clause_of(start), evidence=sentence, message=message)]


def resolve_definition(data: ResolveDefinitionInput) -> ResolveDefinitionOutput:
    structure = require_structure(data.document_structure)
    related = [d for d in data.state_snapshot.get("related_documents", []) if isinstance(d, DocumentStructure) and d is not structure]
    prevailing = set(data.state_snapshot.get("prevailing_documents", []))
    # Particular Conditions prevail over the General Conditions: their definitions are looked at first
    documents = [d for d in related if d.filename in prevailing] + [structure] + [d for d in related if d.filename not in prevailing]
    index = glossary.build_index(documents)
    whole = data.whole_document or data.clause_id.strip() in ("*", "all", "whole_document")
    if whole:
        lo, hi, clause_id = 0, len(structure.text), "*"
    else:
        clause = require_clause(structure, data.clause_id)
        lo, hi, clause_id = clause.start, clause.end, clause.clause_id
    text = structure.text[lo:hi]
    used = glossary.terms_in(text, index)
    terms = [_resolved(index[k], written, count) for k, (written, count) in used.items()]
    own = [e for group in index.values() for e in group if e.document == (structure.filename or structure.document_id) and lo <= e.start < hi]
    relevant = own + [e for k in used for e in index[k][:1]]
    undefined = glossary.undefined_candidates(structure, lo, hi, index, documents)
    findings = _undefined_findings(structure, undefined)
    findings += _duplicate_findings(relevant, index) + _missing_clause_findings(relevant, documents)
    result = lookup(index, data.term) if data.term else None
    return ResolveDefinitionOutput(
        clause_id=clause_id, lookup=result, terms=terms, undefined_terms=[p for p, _, _ in undefined],
        definitions_available=len(index), findings=findings, summary=_summary(clause_id, result, terms, findings, len(index)),
    )


def _summary(clause_id: str, result: ResolvedTerm | None, terms: list[ResolvedTerm], findings: list[Finding], available: int) -> str:
    where = "the document" if clause_id == "*" else f"clause {clause_id}"
    parts = []
    if result is not None:
        if result.found:
            parts.append(f"'{result.term}' is defined in clause {result.defined_in or '?'} ({result.document}): {result.definition[:200]}")
        else:
            hint = f"; did you mean {', '.join(result.suggestions)}?" if result.suggestions else "."
            parts.append(f"'{result.term}' is not defined in the contract documents{hint}")
    if available == 0:
        parts.append("The contract documents define no terms.")
    else:
        parts.append(f"{len(terms)} defined terms used in {where}" + (f": {', '.join(t.term for t in terms[:12])}." if terms else "."))
    if findings:
        parts.append("Findings: " + "; ".join(f"{f.kind} ({f.evidence[:60]})" for f in findings[:6]) + ".")
    return " ".join(parts)


def prepare_input(clause_id: str, primary_structure, state: dict) -> ResolveDefinitionInput:
    """Definitions of a review come from all its contract documents (primary, GC, PC), not references or baselines."""
    related = [doc["structure"] for doc in state.get("documents", [])
               if doc.get("structure") is not None and (doc.get("role") in ("primary", "gc", "pc") or doc.get("kind") in ("gc", "pc"))]
    primary = primary_structure or (related[0] if related else None)
    return ResolveDefinitionInput(
        clause_id=clause_id,
        document_structure=primary,
        state_snapshot={**state_snapshot(state), "related_documents": [d for d in related if d is not primary],
                        "prevailing_documents": [doc["structure"].filename for doc in state.get("documents", [])
                                                 if doc.get("structure") is not None and (doc.get("role") == "pc" or doc.get("kind") == "pc")]},
    )


registration = SkillRegistration(
    skill_id="resolve_definition",
    name="Defined terms",
    description=(
        "The defined terms a clause uses with their definitions: each with the clause (and document) that defines "
        "it; give `term` to look one up. Flags terms used as defined but defined nowhere (GC and PC together for "
        "FIDIC), terms defined twice differently, and definitions that point at missing clauses."
    ),
    input_schema=ResolveDefinitionInput,
    output_schema=ResolveDefinitionOutput,
    local_handler=resolve_definition,
    prepare_input_fn=prepare_input,
    category="context",
)
