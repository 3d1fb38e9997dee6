"""fidic_check_pc_consistency: the Particular Conditions checked against the General Conditions they amend."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..framework.schema import Finding, SkillRegistration
from .base import Documents, FidicInput, in_scope, prepare_fidic
from .checks import (
    blank_contract_data,
    caps_removed,
    contradictions,
    deleted_still_referenced,
    period_findings,
    reference_findings,
    retention_raised,
    risk_shifts,
    target_findings,
)


class ConsistencyInput(FidicInput):
    include_low: bool = Field(True, description="Also return low-severity findings (changes in our party's favour, title slips).")


class ReferenceCheck(BaseModel):
    reference: str = Field(description="The Sub-Clause reference or heading as the PC writes it.")
    in_clause: str
    status: str = Field(description="yes (exists), no (missing), deleted, or unknown (no GC loaded).")
    title_in_gc: str
    ok: bool


class ConsistencyOutput(BaseModel):
    clause_id: str
    edition: str | None
    amendments_checked: int
    contract_data_rows: int
    references_checked: list[ReferenceCheck]
    findings: list[Finding]
    summary: str


def check_pc_consistency(data: ConsistencyInput) -> ConsistencyOutput:
    docs = Documents(data)
    merged = docs.merged
    edition, _ = docs.edition()
    if not merged.has_pc:
        return ConsistencyOutput(clause_id=data.clause_id, edition=edition, amendments_checked=0, contract_data_rows=0,
                                 references_checked=[], findings=[],
                                 summary="No Particular Conditions in this review: nothing to check against the General Conditions.")
    requested = docs.resolve_id(data.clause_id) if merged.has_gc else data.clause_id
    target_f, target_checks = target_findings(merged, docs.gc)
    ref_f, ref_checks = reference_findings(merged, docs.pc, docs.gc)
    changed = [u.clause_id for u in merged.clauses.values() if u.status != "unchanged"]
    findings = (
        target_f + ref_f
        + deleted_still_referenced(merged, docs.gc, docs.our_party)
        + contradictions(merged, docs.pc)
        + risk_shifts(merged, docs.pc, docs.gc, docs.our_party)
        + caps_removed(merged, docs.pc, docs.our_party)
        + retention_raised(merged, docs.our_party)
        + blank_contract_data(merged)
    )
    for finding in period_findings(merged, changed, edition, docs.language, docs.our_party, docs.gc, docs.pc):
        if finding.kind != "period_differs_from_standard":
            finding.message = f"Golden Principle (reasonable time periods): {finding.message}"
            findings.append(finding)
    findings = docs.placed([f for f in findings if in_scope(f.clause_id, requested) and (data.include_low or f.severity != "low")])
    checks = [ReferenceCheck(**c) for c in target_checks + ref_checks if in_scope(c["in_clause"], requested)]
    amendments = [a for a in merged.amendments if in_scope(a.target, requested)]
    high = sum(f.severity == "high" for f in findings)
    summary = (f"{len(amendments)} amendment(s) and {len(merged.contract_data)} Contract Data row(s) checked against the "
               f"General Conditions{'' if merged.has_gc else ' (no GC loaded: references and targets not verified)'}; "
               f"{len(checks)} reference(s) verified, {sum(not c.ok for c in checks)} wrong; {len(findings)} finding(s), {high} high.")
    return ConsistencyOutput(clause_id=data.clause_id, edition=edition, amendments_checked=len(amendments),
                             contract_data_rows=len(merged.contract_data), references_checked=checks, findings=findings, summary=summary)


def prepare_input(clause_id: str, primary_structure, state: dict) -> ConsistencyInput:
    return prepare_fidic(ConsistencyInput, clause_id, primary_structure, state)


registration = SkillRegistration(
    skill_id="fidic_check_pc_consistency",
    name="FIDIC Particular Conditions consistency",
    description=(
        "Check the Particular Conditions against the General Conditions for one Sub-Clause or '*' for all: amendments "
        "aimed at missing Sub-Clauses or with the wrong title, references to missing or deleted Sub-Clauses, deleted "
        "Sub-Clauses other clauses still rely on, contradictory amendments, periods moved away from the FIDIC Golden "
        "Principles, risk moved to the Contractor (ground conditions, exceptional events, design, change in law), "
        "raised retention, removed caps and blank Contract Data."
    ),
    input_schema=ConsistencyInput,
    output_schema=ConsistencyOutput,
    local_handler=check_pc_consistency,
    prepare_input_fn=prepare_input,
    domain="fidic",
    category="fidic",
)
