"""fidic_calculate_time_bar: the time limits of a (merged) Sub-Clause against the FIDIC standard periods."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from ..errors import SkillFailure
from ..framework.schema import Finding, SkillRegistration
from .base import Documents, FidicInput, prepare_fidic
from .checks import judged_limits, limit_evidence
from .standards import side_of
from .time_limits import TimeLimit, add_period, extract_time_limits


class TimeBarInput(FidicInput):
    edition: Literal["auto", "1999", "2017"] = Field("auto", description="FIDIC edition to compare with; 'auto' detects it from numbering and titles.")
    trigger_date: str | None = Field(None, description="ISO date (YYYY-MM-DD) of the triggering event; each time limit then gets its deadline.")
    our_party: str = Field("", description="Party we act for ('Contractor', 'Employer', '承包人'); defaults to the review's party.")


class TimeLimitOut(TimeLimit):
    side: str = Field(description="ours, theirs, neutral or unknown: whose period this is, from our party's side.")
    deadline: str | None = Field(None, description="Last day of the period counted from trigger_date (ISO), if a trigger_date was given.")


class TimeBarOutput(BaseModel):
    clause_id: str
    edition: str | None
    edition_reasons: list[str]
    our_party: str
    trigger_date: str | None
    time_limits: list[TimeLimitOut]
    findings: list[Finding]
    summary: str


def _trigger(value: str | None) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError as exc:
        raise SkillFailure(f"trigger_date must be an ISO date such as 2025-03-31, not '{value}'", code="INVALID_ARGUMENT") from exc


def calculate_time_bar(data: TimeBarInput) -> TimeBarOutput:
    docs = Documents(data)
    trigger = _trigger(data.trigger_date)
    our_party = data.our_party or docs.our_party
    edition, reasons = docs.edition(data.edition)
    limits: list[TimeLimitOut] = []
    findings: list[Finding] = []
    requested = docs.resolve_id(data.clause_id)
    for unit in docs.scope(requested):
        if unit.status == "deleted":
            continue
        originals = extract_time_limits(unit.clause_id, unit.original_text, docs.language) if unit.original_text else []
        gc_had_bar = any(o.time_barred for o in originals)
        for limit, judgement in judged_limits(docs.merged, unit.clause_id, edition, docs.language, our_party):
            side = side_of(limit.party or limit.standard_party, our_party)
            deadline = add_period(trigger, limit) if trigger else None
            limits.append(TimeLimitOut(**limit.model_dump(), side=side, deadline=deadline.isoformat() if deadline else None))
            evidence = limit_evidence(limit, docs.merged, unit.clause_id, docs.gc, docs.pc)
            if judgement is not None:
                findings.append(Finding(severity=judgement.severity, kind=judgement.kind, clause_id=unit.clause_id,
                                        message=f"{limit.period} ({limit.party or 'party unknown'}): {judgement.message}", evidence=evidence))
            added = limit.time_barred and side in ("ours", "unknown") and unit.status != "unchanged" and not gc_had_bar
            if added and (limit.standard_kind not in ("time_bar", "") or not unit.original_text):
                findings.append(Finding(severity="high" if side == "ours" else "medium", kind="time_bar_added", clause_id=unit.clause_id,
                                        message=f"the PC attaches a time bar to a {limit.period} period: {limit.consequence[:160]}",
                                        evidence=evidence))
    barred = sum(1 for limit in limits if limit.time_barred)
    summary = (f"{len(limits)} time limit(s) in {requested}, {barred} time-barred; edition {edition or 'not FIDIC-numbered'}; "
               f"{len(findings)} finding(s)" + (f", {sum(f.severity == 'high' for f in findings)} high." if findings else "."))
    if trigger:
        summary += f" Deadlines counted from {trigger.isoformat()}."
    return TimeBarOutput(clause_id=data.clause_id, edition=edition, edition_reasons=reasons, our_party=our_party,
                         trigger_date=trigger.isoformat() if trigger else None, time_limits=limits, findings=findings, summary=summary)


def prepare_input(clause_id: str, primary_structure, state: dict) -> TimeBarInput:
    return prepare_fidic(TimeBarInput, clause_id, primary_structure, state)


registration = SkillRegistration(
    skill_id="fidic_calculate_time_bar",
    name="FIDIC time bars and periods",
    description=(
        "List the time limits of a Sub-Clause as merged with the Particular Conditions: who must act, the period "
        "(calendar or working days), the trigger, and whether missing it bars the claim. Each is compared with the "
        "standard FIDIC 1999/2017 period for that Sub-Clause (Chinese construction contracts: the customary "
        "periods mapped onto FIDIC); findings for shortened notice periods of our party, longer periods for the "
        "other side (payment), and added time bars. Give trigger_date to get each deadline."
    ),
    input_schema=TimeBarInput,
    output_schema=TimeBarOutput,
    local_handler=calculate_time_bar,
    prepare_input_fn=prepare_input,
    domain="fidic",
    category="fidic",
)
