"""fidic_merge_gc_pc: the General Conditions with the Particular Conditions applied, and what that changed."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..framework.schema import Finding, SkillRegistration
from .amendments import ContractDataEntry, Unparsed
from .base import Documents, FidicInput, in_scope, prepare_fidic
from .checks import caps_removed, deleted_still_referenced, period_findings, reference_findings, undefined_terms
from .merge import Change


class MergeInput(FidicInput):
    include_unchanged: bool = Field(False, description="With clause_id '*', also return Sub-Clauses the PC leaves unchanged.")
    max_chars: int = Field(4000, ge=200, le=50_000, description="Longest merged text returned per Sub-Clause; longer text is cut with a marker.")


class MergedClauseOut(BaseModel):
    clause_id: str
    title: str
    status: str = Field(description="unchanged, amended, substituted, deleted or new.")
    text: str = Field(description="The merged text (GC with the PC applied).")
    truncated: bool
    contract_data: list[ContractDataEntry] = Field(description="Contract Data values filled in for this Sub-Clause.")


class MergeOutput(BaseModel):
    clause_id: str
    edition: str | None
    has_gc: bool
    has_pc: bool
    clauses: list[MergedClauseOut]
    changes: list[Change] = Field(description="Change log, in PC order: what each amendment did, or why it was not applied.")
    unparsed: list[Unparsed] = Field(description="PC text inside a Sub-Clause block that is not a recognised amendment.")
    findings: list[Finding]
    summary: str


def _cut(text: str, limit: int) -> tuple[str, bool]:
    if len(text) <= limit:
        return text, False
    return text[: limit - 40] + f"\n[... {len(text) - limit + 40} characters omitted ...]", True


def merge_gc_pc(data: MergeInput) -> MergeOutput:
    docs = Documents(data)
    merged = docs.merged
    requested = docs.resolve_id(data.clause_id)
    units = docs.scope(requested)
    whole = requested == "*"
    if whole and not data.include_unchanged and merged.has_pc:
        units = [u for u in units if u.status != "unchanged"]
    ids = [u.clause_id for u in units]
    edition, _ = docs.edition()
    findings = deleted_still_referenced(merged, docs.gc, docs.our_party)
    findings += reference_findings(merged, docs.pc, docs.gc)[0]
    findings += undefined_terms(merged, docs.pc, docs.gc)
    findings += caps_removed(merged, docs.pc, docs.our_party)
    findings += period_findings(merged, ids, edition, docs.language, docs.our_party, docs.gc, docs.pc)
    changes = [c for c in merged.changes if in_scope(c.clause_id, requested)]
    for change in changes:
        if not change.applied:
            findings.append(Finding(severity="medium", kind="amendment_not_applied", clause_id=change.clause_id,
                                    message=f"{change.description}: not applied ({change.note})", evidence=change.instruction))
    unparsed = [u for u in merged.unparsed if whole or in_scope(u.target, requested)]
    for item in unparsed:
        findings.append(Finding(severity="low", kind="amendment_unparsed", clause_id=item.target or None,
                                message=f"PC text not applied: {item.reason}", evidence=item.text))
    findings = docs.placed([f for f in findings if whole or in_scope(f.clause_id, requested)])
    clauses = []
    for unit in units:
        text, truncated = _cut(unit.text, data.max_chars)
        rows = [r for r in merged.contract_data if r.sub_clause == unit.clause_id]
        clauses.append(MergedClauseOut(clause_id=unit.clause_id, title=unit.title, status=unit.status, text=text,
                                       truncated=truncated, contract_data=rows))
    applied = sum(c.applied for c in changes)
    if not merged.has_pc:
        summary = f"No Particular Conditions in this review: {len(clauses)} Sub-Clause(s) shown as written."
    else:
        summary = (f"{len(clauses)} Sub-Clause(s) merged; {applied} of {len(changes)} amendment(s) applied, "
                   f"{len(unparsed)} PC passage(s) not understood; {len(findings)} finding(s)"
                   + (f", {sum(f.severity == 'high' for f in findings)} high." if findings else "."))
        if not merged.has_gc:
            summary += " No General Conditions loaded: amendments are listed, not applied."
    return MergeOutput(clause_id=data.clause_id, edition=edition, has_gc=merged.has_gc, has_pc=merged.has_pc, clauses=clauses,
                       changes=changes, unparsed=unparsed, findings=findings, summary=summary)


def prepare_input(clause_id: str, primary_structure, state: dict) -> MergeInput:
    return prepare_fidic(MergeInput, clause_id, primary_structure, state)


registration = SkillRegistration(
    skill_id="fidic_merge_gc_pc",
    name="Merge FIDIC General and Particular Conditions",
    description=(
        "Apply the Particular Conditions to the General Conditions for one Sub-Clause (or '*' for all amended ones): "
        "the merged text, the Contract Data values for it, a change log (delete and substitute, delete part, add at "
        "the end, new Sub-Clause, replaced words or figures, deletion, new definitions), PC text that could not be "
        "applied, and findings: deleted Sub-Clauses still relied on, references to missing Sub-Clauses, undefined "
        "terms, removed caps and changed time periods."
    ),
    input_schema=MergeInput,
    output_schema=MergeOutput,
    local_handler=merge_gc_pc,
    prepare_input_fn=prepare_input,
    domain="fidic",
    category="fidic",
)
