"""review_positions: the contract judged against every review position of its domain pack and playbook.

Each position (skills/packs/data/<domain>/positions.yaml, or the user's playbook) gets one verdict: GREEN at
the standard, YELLOW inside the acceptable range or needing a look, RED past the escalation trigger, MISSING
when an expected provision is absent. Every verdict cites the operative sub-clause and quotes its sentence;
RED, YELLOW and MISSING verdicts are also findings, with the position's proposed wording.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_serializer

from ..framework.base import ClauseInput, require_structure
from ..framework.schema import SkillRegistration
from ..framework.state import document_with_role, state_snapshot
from ..packs import resolve_domain
from ..positions import resolve_positions
from ..positions.engine import evaluate_with_side
from ..positions.redline import Edit
from .load_review_criteria import ALL



class PositionsInput(ClauseInput):
    clause_id: str = Field("*", description="'*' for the whole contract, or a clause number to see only the verdicts located in it ('9', '8.4').")
    verdicts: list[Literal["GREEN", "YELLOW", "RED", "MISSING"]] | None = Field(
        None, description="Only these verdicts, e.g. ['RED', 'MISSING']; default all.")
    topic: str | None = Field(None, description="Only positions on this topic, e.g. 'liability_cap', 'deadlock'.")
    detail: bool = Field(False, description="Also give each finding's reasons and the wording to propose (longer).")
    playbook_data: Any = Field(None, description="Filled in by the system.")
    playbook_path: str | None = Field(None, description="Filled in by the system.")


class PositionVerdict(BaseModel):
    """One position's verdict, without its quote: the quote is in the finding (RED, YELLOW, MISSING) only."""

    position_id: str
    title: str
    topic: str
    verdict: Literal["GREEN", "YELLOW", "RED", "MISSING"]
    severity: str
    clause_id: str = Field(description="The sub-clause that holds the operative words; for MISSING '*'.")
    evidence: str | None = Field(None, description="With detail: the operative sentence, verbatim.")


class PositionFinding(BaseModel):
    """A position that is not met: where, the operative words once, why, and the wording to ask for."""

    severity: str
    kind: str = Field(description="position_<id>")
    clause_id: str
    verdict: Literal["YELLOW", "RED", "MISSING"]
    topic: str | None = Field(None, description="With detail: what the position is about (liability_cap, renewal_term ...).")
    message: str = Field(description="The position and what the contract says instead, with its figures (with detail: why it matters).")
    evidence: str = Field(description="The operative sentence, verbatim from its start ('' for MISSING).")
    proposed_wording: str | None = Field(None, description="With detail: the wording to ask for.")
    source: Literal["pack", "playbook"] = Field("pack", description="Whose position it is: the domain pack's, or the user's playbook's.")
    redline: list[Edit] | None = Field(None, description="With detail, for a position judged on the reading: the exact tracked "
                                                                "changes its fix makes (empty: the wording stays advice).")
    expected_in: str | None = Field(None, description="With detail, for MISSING: where the position expects the provision ('a "
                                                      "force majeure clause'); a redline places the new clause by it.")

    @model_serializer(mode="wrap")
    def _without_empty(self, handler):  # a field left out (no detail) is not sent as null: the result stays small
        return {k: v for k, v in handler(self).items() if v is not None}


class PositionsOutput(BaseModel):
    source: str
    acting_for: str = Field(description="The party the review acts for, its side (payer, provider, recipient, discloser) and how it was chosen.")
    contract_type: str = Field(description="The contract's type as read from its text (services, supply, licence, nda, spa, sha ...).")
    parties: list[str] = Field(description="The parties as the contract names them.")
    counts: dict[str, int] = Field(description="Verdicts by colour.")
    verdicts: list[PositionVerdict] = Field(description="With detail, every position judged, in the document's order; without, the "
                                                        "positions met (GREEN), as the others are the findings.")
    findings: list[PositionFinding] = Field(description="The verdicts that are not GREEN, each once, with its quote.")
    summary: str


_QUOTE_LIMIT = 160  # a quote longer than this is cut at a word, still verbatim from its start


def _quote(text: str) -> str:
    if len(text) <= _QUOTE_LIMIT:
        return text
    cut = text[:_QUOTE_LIMIT].rsplit(" ", 1)[0]
    return cut if len(cut) > _QUOTE_LIMIT // 2 else text[:_QUOTE_LIMIT]


def review_positions(data: PositionsInput) -> PositionsOutput:
    structure = require_structure(data.document_structure)
    snapshot = data.state_snapshot or {}
    domain = resolve_domain(snapshot.get("domain_id"))
    positions, source = resolve_positions(domain, data.playbook_data, data.playbook_path)
    results, side, contract_type = evaluate_with_side(positions, structure, domain=domain, our_party=snapshot.get("our_party") or "",
                                                      language=snapshot.get("language"))
    sources = {p.id: p.source for p in positions.positions}
    expected = {p.id: p.if_missing.where for p in positions.positions if getattr(p, "if_missing", None) and p.if_missing.where}
    if data.clause_id.strip() not in ALL:
        wanted = data.clause_id.strip()
        results = [r for r in results if r.clause_id == wanted or r.clause_id.startswith((wanted + ".", wanted + "("))]
    if data.topic:
        results = [r for r in results if r.topic == data.topic]
    if data.verdicts:
        results = [r for r in results if r.verdict in data.verdicts]
    verdicts = [PositionVerdict(position_id=r.position_id, title=r.title, topic=r.topic, verdict=r.verdict, severity=r.severity,
                                clause_id=r.clause_id, evidence=r.evidence if data.detail else None)
                for r in results]
    counts = {colour: sum(v.verdict == colour for v in verdicts) for colour in ("GREEN", "YELLOW", "RED", "MISSING")}
    if not data.detail:
        verdicts = [v for v in verdicts if v.verdict == "GREEN"]
    findings = [PositionFinding(severity=r.severity, kind=f"position_{r.position_id}", clause_id=r.clause_id, verdict=r.verdict,
                                message=f"{r.message} {r.rationale}".strip() if data.detail else r.message,
                                evidence=r.evidence if data.detail else _quote(r.evidence),
                                proposed_wording=(r.proposed_wording or None) if data.detail else None,
                                topic=r.topic if data.detail else None, source=sources.get(r.position_id, "pack"),
                                redline=[Edit(**e) for e in r.redline] if data.detail and r.redline is not None else None,
                                expected_in=expected.get(r.position_id) if data.detail and r.verdict == "MISSING" else None)
                for r in results if r.verdict != "GREEN"]
    acting_for = (f"{side.party} ({side.side}): {side.how}" if side.party else
                  f"no party: {side.how}" + (f" (the contract names {', '.join(side.suggestions)})" if side.suggestions else ""))
    summary = (f"{len(results)} positions judged ({source}) for {side.party or 'no party'}: "
               + ", ".join(f"{n} {c}" for c, n in counts.items() if n) if results else f"no position of {source} applies here")
    from ..reading.document import read_document

    parties = [p.name for p in read_document(structure).parties]
    return PositionsOutput(source=source, acting_for=acting_for, contract_type=contract_type, parties=parties, counts=counts, verdicts=verdicts,
                           findings=findings, summary=summary)


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
