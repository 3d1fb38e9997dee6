"""get_clause_context: a clause with what a reader needs around it."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..documents.model import Clause, DocumentStructure
from ..documents.terms import terms_used
from ..framework.base import ClauseInput, require_clause, require_structure
from ..framework.schema import SkillRegistration
from ..framework.state import document_with_role, state_snapshot


class ClauseContextInput(ClauseInput):
    include_children: bool = Field(True, description="Include the text of the clause's sub-clauses.")
    max_chars: int = Field(6000, ge=200, le=100_000, description="Longest text to return; longer clauses are cut with a marker.")


class ClauseRef(BaseModel):
    clause_id: str
    title: str = ""


class TermUsed(BaseModel):
    term: str
    definition: str
    defined_in: str | None = Field(None, description="Clause in which the term is defined.")


class ClauseContextOutput(BaseModel):
    clause_id: str
    label: str
    title: str
    text: str
    truncated: bool
    level: int
    parent_chain: list[ClauseRef] = Field(description="From the top-level clause down to the direct parent.")
    children: list[ClauseRef]
    previous_clause: ClauseRef | None
    next_clause: ClauseRef | None
    defined_terms: list[TermUsed]
    start: int
    end: int
    summary: str


def _ref(clause: Clause | None) -> ClauseRef | None:
    return ClauseRef(clause_id=clause.clause_id, title=clause.title) if clause else None


def _siblings(structure: DocumentStructure, clause: Clause) -> list[Clause]:
    parent = structure.parent_of(clause)
    return parent.children if parent else structure.clauses


def _cut(text: str, limit: int) -> tuple[str, bool]:
    if len(text) <= limit:
        return text, False
    head = limit * 2 // 3
    return f"{text[:head]}\n[... {len(text) - limit} characters omitted ...]\n{text[-(limit - head):]}", True


def get_clause_context(data: ClauseContextInput) -> ClauseContextOutput:
    structure = require_structure(data.document_structure)
    clause = require_clause(structure, data.clause_id)
    chain: list[ClauseRef] = []
    parent = structure.parent_of(clause)
    while parent is not None:
        chain.insert(0, _ref(parent))
        parent = structure.parent_of(parent)
    siblings = _siblings(structure, clause)
    index = next((i for i, c in enumerate(siblings) if c is clause), None)
    if index is None:  # text outside the tree ('preamble', 'text@START-END'): its neighbours by position
        before = [c for c in siblings if c.end <= clause.start]
        after = [c for c in siblings if c.start >= clause.end]
        siblings = [*before, clause, *after]
        index = len(before)
    full = structure.full_text(clause).strip() if data.include_children else clause.text
    text, truncated = _cut(full, data.max_chars)
    terms = [TermUsed(term=d.term, definition=d.definition, defined_in=d.clause_id) for d in terms_used(structure, full)]
    heading = f"{clause.label or clause.clause_id} {clause.title}".strip()
    return ClauseContextOutput(
        clause_id=clause.clause_id,
        label=clause.label,
        title=clause.title,
        text=text,
        truncated=truncated,
        level=clause.level,
        parent_chain=chain,
        children=[_ref(c) for c in clause.children],
        previous_clause=_ref(siblings[index - 1]) if index > 0 else None,
        next_clause=_ref(siblings[index + 1]) if index + 1 < len(siblings) else None,
        defined_terms=terms,
        start=clause.start,
        end=clause.end,
        summary=f"{heading}: {len(full)} characters, {len(clause.children)} sub-clauses, {len(terms)} defined terms used.",
    )


def prepare_input(clause_id: str, primary_structure, state: dict) -> ClauseContextInput:
    return ClauseContextInput(
        clause_id=clause_id,
        document_structure=primary_structure or document_with_role(state, "primary"),
        state_snapshot=state_snapshot(state),
    )


registration = SkillRegistration(
    skill_id="get_clause_context",
    name="Clause context",
    description=(
        "Read one clause of the contract with its context: full text, title, parent clauses, sub-clauses, "
        "the clauses before and after it, and the defined terms it uses with their definitions. "
        "Start here before judging a clause."
    ),
    input_schema=ClauseContextInput,
    output_schema=ClauseContextOutput,
    local_handler=get_clause_context,
    prepare_input_fn=prepare_input,
    category="context",
)
