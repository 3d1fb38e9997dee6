"""review_positions: the contract judged against every review position of its domain pack and playbook.

Each position (skills/packs/data/<domain>/positions.yaml, or the user's playbook) gets one verdict: GREEN at
the standard, YELLOW inside the acceptable range or needing a look, RED past the escalation trigger, MISSING
when an expected provision is absent. Every verdict cites the operative sub-clause and quotes its sentence;
RED, YELLOW and MISSING verdicts are also findings, with the position's proposed wording.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from ..framework.base import ClauseInput, require_structure
from ..framework.schema import Finding, SkillRegistration
from ..framework.state import document_with_role, state_snapshot
from ..packs import resolve_domain
from ..positions import evaluate_positions, resolve_positions
from .load_review_criteria import ALL



class PositionsInput(ClauseInput):
    clause_id: str = Field("*", description="'*' for the whole contract, or a clause number to see only the verdicts located in it ('9', '8.4').")
    verdicts: list[Literal["GREEN", "YELLOW", "RED", "MISSING"]] | None = Field(
        None, description="Only these verdicts, e.g. ['RED', 'MISSING']; default all.")
    topic: str | None = Field(None, description="Only positions on this topic, e.g. 'liability_cap', 'deadlock'.")
    playbook_data: Any = Field(None, description="Filled in by the system.")
    playbook_path: str | None = Field(None, description="Filled in by the system.")


class PositionVerdict(BaseModel):
    position_id: str
    title: str
    topic: str
    verdict: Literal["GREEN", "YELLOW", "RED", "MISSING"]
    severity: str
    clause_id: str = Field(description="The sub-clause that holds the operative words; for MISSING, where it would belong ('*': anywhere).")
    evidence: str = Field(description="The operative sentence, verbatim ('' for MISSING).")
    message: str
    values: dict[str, Any] = Field(description="What was read out of the sentence (percentages, days, who holds the right...).")
    position: str = Field(description="The standard position in words.")
    proposed_wording: str
    fallback: str


class PositionsOutput(BaseModel):
    source: str
    counts: dict[str, int] = Field(description="Verdicts by colour.")
    verdicts: list[PositionVerdict] = Field(description="In the document's order.")
    findings: list[Finding]
    kind_topics: dict[str, str] = Field(description="Finding kinds of other skills that speak of a position's topic -> that topic, so a client can merge them.")
    summary: str


def review_positions(data: PositionsInput) -> PositionsOutput:
    structure = require_structure(data.document_structure)
    snapshot = data.state_snapshot or {}
    domain = resolve_domain(snapshot.get("domain_id"))
    positions, source = resolve_positions(domain, data.playbook_data, data.playbook_path)
    results = evaluate_positions(positions, structure, domain=domain, our_party=snapshot.get("our_party") or "",
                                 language=snapshot.get("language"))
    if data.clause_id.strip() not in ALL:
        wanted = data.clause_id.strip()
        results = [r for r in results if r.clause_id == wanted or r.clause_id.startswith((wanted + ".", wanted + "("))]
    if data.topic:
        results = [r for r in results if r.topic == data.topic]
    if data.verdicts:
        results = [r for r in results if r.verdict in data.verdicts]
    verdicts = [PositionVerdict(**{k: v for k, v in vars(r).items() if k in PositionVerdict.model_fields}) for r in results]
    counts = {colour: sum(v.verdict == colour for v in verdicts) for colour in ("GREEN", "YELLOW", "RED", "MISSING")}
    findings = [Finding(severity=r.severity, kind=f"position_{r.position_id}", clause_id=r.clause_id, message=r.message,
                        evidence=r.evidence, verdict=r.verdict, topic=r.topic, proposed_wording=r.proposed_wording or None)
                for r in results if r.verdict != "GREEN"]
    summary = (f"{len(verdicts)} positions judged ({source}): " + ", ".join(f"{n} {c}" for c, n in counts.items() if n)
               if verdicts else f"no position of {source} applies here")
    kind_topics = {kind: p.topic for p in positions.positions for kind in p.also_reported_as}
    return PositionsOutput(source=source, counts=counts, verdicts=verdicts, findings=findings, kind_topics=kind_topics,
                           summary=summary)


def prepare_input(clause_id: str, primary_structure, state: dict) -> PositionsInput:
    path = state.get("playbook_path")
    return PositionsInput(clause_id=clause_id or "*", document_structure=primary_structure or document_with_role(state, "primary"),
                          state_snapshot=state_snapshot(state), playbook_data=state.get("playbook"),
                          playbook_path=path if isinstance(path, str) and path else None)


registration = SkillRegistration(
    skill_id="review_positions",
    name="Review positions",
    description=(
        "Judge the contract against the review positions of its domain pack and the user's playbook: for each "
        "position a GREEN/YELLOW/RED/MISSING verdict located at the operative sub-clause, with the quoted "
        "sentence, the figures read from it, the standard position and proposed wording. clause_id '*' for the "
        "whole contract."
    ),
    input_schema=PositionsInput,
    output_schema=PositionsOutput,
    local_handler=review_positions,
    prepare_input_fn=prepare_input,
    category="analysis",
)
