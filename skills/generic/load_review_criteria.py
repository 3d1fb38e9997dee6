"""load_review_criteria: what a reviewer expects of this clause, from the domain pack or the user's playbook.

The playbook of the review (a YAML/JSON file or the already-loaded dict in the review state) replaces the
pack's criteria, or extends them when it says `extends_pack: true`. A playbook that does not fit the schema
(skills/packs/criteria.py) is refused with errors naming the line or the key, so the user can fix it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ..documents.model import DocumentStructure
from ..errors import ClauseNotFound
from ..framework.base import ClauseInput, require_structure
from ..framework.schema import SkillRegistration
from ..framework.state import document_with_role, state_snapshot
from ..packs import resolve_domain
from ..packs.criteria import CriteriaSet, Criterion, criteria_from_data, load_criteria_file, pack_criteria
from .parties import party_role

ALL = ("*", "all", "")


class CriteriaInput(ClauseInput):
    clause_id: str = Field(description="Clause to get the criteria for, as numbered in the contract ('15.2'), a checklist topic ('liability'), or '*' for all criteria.")
    topic: str | None = Field(None, description="Only criteria of this topic, e.g. 'liability', 'payment', 'termination'.")
    criteria_data: Any = Field(None, description="Filled in by the system.")
    criteria_file_path: str | None = Field(None, description="Filled in by the system.")


class CriteriaOutput(BaseModel):
    clause_id: str
    clause_title: str
    source: str = Field(description="'domain pack: <domain>', 'playbook: <file>' or either combined.")
    domain: str
    criteria: list[Criterion] = Field(description="The criteria that apply to this clause.")
    total_available: int = Field(description="Criteria in the pack or playbook altogether.")
    summary: str


def resolve_criteria(domain: str, criteria_data: Any = None, criteria_file_path: str | None = None) -> tuple[CriteriaSet, str]:
    """The criteria in force for a review, and where they came from."""
    domain = resolve_domain(domain)
    playbook: CriteriaSet | None = None
    if criteria_file_path:
        playbook, source = load_criteria_file(criteria_file_path), f"playbook: {criteria_file_path.replace(chr(92), '/').rsplit('/', 1)[-1]}"
    elif criteria_data:
        playbook, source = criteria_from_data(criteria_data), "playbook"
    if playbook is None:
        return pack_criteria(domain), f"domain pack: {domain}"
    if not playbook.criteria:  # a playbook with only a checklist keeps the pack's criteria
        return pack_criteria(domain), f"domain pack: {domain} ({source} has no criteria)"
    if playbook.extends_pack:
        return playbook.merged_over(pack_criteria(domain)), f"{source} over domain pack: {domain}"
    return playbook, source


def applicable_criteria(criteria: CriteriaSet, structure: DocumentStructure | None, clause_id: str, *,
                        our_party: str = "", topic: str | None = None) -> tuple[list[Criterion], str, str]:
    """(criteria that apply, the clause's title, the clause's text) for a clause id, a topic or '*'."""
    pool = [c for c in criteria.criteria if not topic or c.topic == topic]
    if clause_id.strip().lower() in ALL:
        return pool, "", ""
    clause = structure.get_clause(clause_id) if structure is not None else None
    if clause is None:
        by_topic = [c for c in pool if c.topic == clause_id]
        if by_topic:
            return by_topic, clause_id, ""
        raise ClauseNotFound(clause_id, [c.clause_id for c in structure.iter_clauses()] if structure else None)
    text = structure.full_text(clause)
    parent = structure.parent_of(clause)
    heading = clause.title or (parent.title if parent else "")  # '18.1(1)' reads under '承包人的索赔'
    party = party_role(our_party, structure)
    chosen = [c for c in pool if c.applies_to(clause.clause_id, f"{heading}\n{text}", language=structure.language, our_party=party)]
    return chosen, clause.title, text


def load_review_criteria(data: CriteriaInput) -> CriteriaOutput:
    snapshot = data.state_snapshot or {}
    domain = resolve_domain(snapshot.get("domain_id"))
    criteria, source = resolve_criteria(domain, data.criteria_data, data.criteria_file_path)
    structure = require_structure(data.document_structure) if data.clause_id.strip().lower() not in ALL else None
    chosen, title, text = applicable_criteria(criteria, structure, data.clause_id, our_party=snapshot.get("our_party", ""), topic=data.topic)
    where = "all clauses" if data.clause_id.strip().lower() in ALL else f"clause {data.clause_id}" + (f" ({title})" if title else "")
    if structure is not None and not text.strip() and title != data.clause_id:
        note = " The clause has no text, so only criteria naming it by number apply."
    else:
        note = ""
    listing = "; ".join(f"{c.id} [{c.severity}]" for c in chosen[:8])
    return CriteriaOutput(
        clause_id=data.clause_id, clause_title=title, source=source, domain=domain, criteria=chosen,
        total_available=len(criteria.criteria),
        summary=f"{len(chosen)} of {len(criteria.criteria)} criteria ({source}) apply to {where}" + (f": {listing}" if listing else "") + "." + note,
    )


def prepare_input(clause_id: str, primary_structure, state: dict) -> CriteriaInput:
    path = state.get("playbook_path")
    return CriteriaInput(
        clause_id=clause_id,
        document_structure=primary_structure or document_with_role(state, "primary"),
        state_snapshot=state_snapshot(state),
        criteria_data=state.get("playbook"),
        criteria_file_path=path if isinstance(path, str) and path else None,
    )


registration = SkillRegistration(
    skill_id="load_review_criteria",
    name="Review criteria",
    description=(
        "The review criteria that apply to a clause, from the user's playbook or the domain pack: clause "
        "patterns, required and forbidden terms, limits such as 'liability cap >= 100% of fees' or "
        "'claim notice >= 28 days', severity and rationale. Give a clause number, a checklist topic or '*'."
    ),
    input_schema=CriteriaInput,
    output_schema=CriteriaOutput,
    local_handler=load_review_criteria,
    prepare_input_fn=prepare_input,
    category="criteria",
)
