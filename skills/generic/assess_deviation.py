"""assess_deviation: how far a clause departs from what our party should accept, and why.

Three sources are combined: the comparison with the baseline (what changed and in whose favour), the
figures in the clause (amounts, percentages, periods), and the review criteria (pack or playbook). The level:

    critical   a high-severity criterion is breached
    material   a medium criterion is breached, a change adverse to us of high weight, or a baseline clause deleted
    minor      anything else that differs: low breaches, changes of unclear direction, text reworded from the
               review's own template (rewording against the pack's generic baseline alone is not a deviation)
    none       the clause matches the baseline (or has none) and meets every criterion that applies
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

from ..errors import ClauseNotFound, SkillFailure
from ..framework.base import ClauseInput, require_structure
from ..framework.schema import Finding, SkillRegistration
from ..framework.state import document_with_role, state_snapshot
from ..packs import resolve_domain
from ..text.amounts import find_money, find_percentages, find_periods
from .baseline_match import clause_body
from .compare_with_baseline import CompareInput, CompareOutput, baseline_for_state, compare_with_baseline
from .criteria_check import CriterionResult, check_criterion
from .load_review_criteria import applicable_criteria, resolve_criteria
from .parties import counterparty_of, party_role

Level = Literal["none", "minor", "material", "critical"]


class DeviationInput(ClauseInput):
    baseline_text: str | None = Field(None, description="Baseline wording to compare against instead of the review's baseline or the domain pack's.")
    criteria_data: Any = Field(None, description="Filled in by the system.")
    criteria_file_path: str | None = Field(None, description="Filled in by the system.")
    baseline_document: SkipJsonSchema[Any] = Field(None, description="Filled in by the system.")
    baseline_source: SkipJsonSchema[str] = Field("", description="Filled in by the system.")


class ExtractedTerm(BaseModel):
    measure: Literal["money", "percent", "period"]
    value: float
    unit: str = Field(description="Currency for money, '%' for percentages, the period's unit for periods.")
    quote: str


class DeviationOutput(BaseModel):
    clause_id: str
    deviation_level: Level
    our_party: str
    counterparty: str
    reasons: list[str] = Field(description="Why the level is what it is, most serious first.")
    findings: list[Finding]
    criteria_results: list[CriterionResult]
    criteria_source: str
    modification_type: str = Field(description="From the baseline comparison; 'no_baseline' when there is none.")
    similarity: float | None
    baseline_source: str
    extracted_terms: list[ExtractedTerm]
    summary: str


def _terms(text: str) -> list[ExtractedTerm]:
    terms = [ExtractedTerm(measure="money", value=m.value, unit=m.currency, quote=m.quote) for m in find_money(text)]
    terms += [ExtractedTerm(measure="percent", value=p.value, unit="%", quote=p.quote) for p in find_percentages(text)]
    terms += [ExtractedTerm(measure="period", value=p.value, unit=p.unit, quote=p.quote) for p in find_periods(text)]
    return terms


def _compare(data: DeviationInput) -> tuple[CompareOutput | None, str]:
    try:
        result = compare_with_baseline(CompareInput(
            clause_id=data.clause_id, document_structure=data.document_structure, state_snapshot=data.state_snapshot,
            baseline_text=data.baseline_text, baseline_document=data.baseline_document, baseline_source=data.baseline_source))
    except ClauseNotFound:
        raise
    except SkillFailure as exc:
        if exc.code != "NO_BASELINE":
            raise
        return None, exc.message
    return result, result.baseline_source


def _reworded(comparison: CompareOutput | None) -> bool:
    """A departure worth a 'minor': a change that matters, or - against the review's own template or given
    wording, not the pack's generic baseline - new or reworded text."""
    if comparison is None or comparison.modification_type not in ("modified", "added"):
        return False
    if comparison.findings:
        return True
    own_template = not comparison.baseline_source.startswith("domain pack")
    return own_template and (comparison.modification_type == "added" or comparison.similarity < 0.97)


def _level(results: list[CriterionResult], comparison: CompareOutput | None) -> tuple[Level, list[str]]:
    reasons: list[str] = []
    failed = [r for r in results if r.outcome == "fail"]
    for severity in ("high", "medium", "low"):
        reasons += [f"criterion '{r.title}' ({severity}) not met: {r.detail}" for r in failed if r.severity == severity]
    adverse_high = [f for f in (comparison.findings if comparison else []) if f.severity == "high"]
    reasons += [f.message for f in adverse_high]
    if comparison is not None and comparison.modification_type in ("deleted", "added"):
        reasons.append(comparison.summary)
    if comparison is not None and comparison.modification_type == "modified":
        reasons += [f.message for f in comparison.findings if f.severity != "high"]
    if any(r.severity == "high" for r in failed):
        return "critical", reasons
    if any(r.severity == "medium" for r in failed) or adverse_high or (comparison and comparison.modification_type == "deleted"):
        return "material", reasons
    if failed or _reworded(comparison):
        return "minor", reasons or [comparison.summary]
    return "none", reasons


def assess_deviation(data: DeviationInput) -> DeviationOutput:
    structure = require_structure(data.document_structure)
    snapshot = data.state_snapshot or {}
    our = party_role(snapshot.get("our_party", ""), structure)
    counterparty = counterparty_of(our, structure.text[:20000])
    comparison, baseline_source = _compare(data)
    clause = structure.get_clause(data.clause_id)
    criteria, criteria_source = resolve_criteria(resolve_domain(snapshot.get("domain_id")), data.criteria_data, data.criteria_file_path)
    results, findings, terms = [], [], []
    clause_id = clause.clause_id if clause else data.clause_id
    if clause is not None:
        body = clause_body(structure, clause)[0]
        terms = _terms(body)
        chosen, _, text = applicable_criteria(criteria, structure, clause.clause_id, our_party=our)
        for criterion in chosen:
            result, found = check_criterion(criterion, text, clause_id=clause_id, our_party=our, counterparty=counterparty)
            results.append(result)
            findings += found
    seen = {(f.evidence, f.severity) for f in findings if f.severity == "high"}
    findings += [f for f in (comparison.findings if comparison else []) if (f.evidence, f.severity) not in seen]
    findings.sort(key=lambda f: {"high": 0, "medium": 1, "low": 2}[f.severity])
    level, reasons = _level(results, comparison)
    failed = sum(r.outcome == "fail" for r in results)
    given = snapshot.get("our_party", "")
    side = (f" for the {our}" if our else f" (our party '{given}' is not named in the contract: judged neutrally)" if given
            else " (our party unknown: judged neutrally)")
    return DeviationOutput(
        clause_id=clause_id, deviation_level=level, our_party=our, counterparty=counterparty, reasons=reasons,
        findings=findings, criteria_results=results, criteria_source=criteria_source,
        modification_type=comparison.modification_type if comparison else "no_baseline",
        similarity=comparison.similarity if comparison else None, baseline_source=baseline_source, extracted_terms=terms,
        summary=(f"Clause {clause_id}: {level} deviation{side}. {failed} of {len(results)} criteria not met; "
                 + (f"baseline: {comparison.modification_type}" + (f" (similarity {comparison.similarity:.2f})" if comparison.modification_type == "modified" else "")
                    if comparison else f"no baseline ({baseline_source})")
                 + (f". Main reason: {reasons[0]}" if reasons else ".")),
    )


def prepare_input(clause_id: str, primary_structure, state: dict) -> DeviationInput:
    baseline, source = baseline_for_state(state)
    path = state.get("playbook_path")
    return DeviationInput(
        clause_id=clause_id,
        document_structure=primary_structure or document_with_role(state, "primary"),
        state_snapshot=state_snapshot(state),
        criteria_data=state.get("playbook"),
        criteria_file_path=path if isinstance(path, str) and path else None,
        baseline_document=baseline,
        baseline_source=source,
    )


registration = SkillRegistration(
    skill_id="assess_deviation",
    name="Assess deviation",
    description=(
        "Judge how far a clause departs from what our party should accept: combines the baseline comparison, "
        "the amounts, percentages and periods in the clause, and the review criteria (playbook or domain pack) "
        "into a deviation level (none, minor, material, critical) with reasons and findings quoting the contract."
    ),
    input_schema=DeviationInput,
    output_schema=DeviationOutput,
    local_handler=assess_deviation,
    prepare_input_fn=prepare_input,
    category="analysis",
)
