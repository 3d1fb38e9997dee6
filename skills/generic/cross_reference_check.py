"""cross_reference_check: does every "Clause 14.7 [Payment]", "Schedule 3" or "第18.1条〔承包人的索赔〕" point somewhere real?

Each reference of a clause (or of the whole document) gets a status:

- resolved / title_mismatch: the target exists; a bracketed title is compared with the target's own title
  (rapidfuzz token_sort_ratio, so "[Payment]" does not pass for "Delayed Payment");
- omitted: no such clause, and the text says so ("Clauses 5 to 7 are not used in this edition");
- dangling: no such clause in the document nor, for FIDIC Particular Conditions, in the General Conditions
  or among the Sub-Clauses the PC inserts;
- deleted: the target exists in the GC but the Particular Conditions delete it;
- missing_schedule / schedule: whether a schedule, annex or exhibit with that number heads a line of the text;
- external / other_document: a statute or another instrument ("Section 16 of the Exchange Act") is listed,
  never flagged; a reference into another document of the review ("Section 3 of the Employer's
  Requirements") is resolved there.

Findings also catch two drafting slips the status cannot show: "this Clause 2.11" written inside another
clause, and a reference run into the next word ("Clause 2.11shall").
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema
from rapidfuzz import fuzz

from ..documents.model import CrossReference
from ..documents.numbering import parent_candidates
from ..documents.references import resolve_reference
from ..errors import ClauseNotFound
from ..framework.base import ClauseInput, require_structure
from ..framework.schema import Finding, SkillRegistration
from ..framework.state import document_with_role, state_snapshot
from .reference_context import ReviewContext

TITLE_MATCH = 80  # token_sort_ratio at or above which a bracketed title matches the target's title
Status = Literal["resolved", "title_mismatch", "dangling", "deleted", "omitted", "schedule", "missing_schedule", "external",
                 "other_document"]


class CrossReferenceInput(ClauseInput):
    clause_id: str = Field(description="Clause whose references to check, e.g. '14.7' or '第15.2条'; '*' checks the whole document.")
    whole_document: bool = Field(False, description="Check every reference in the document, whatever clause_id says.")
    include_resolved: bool = Field(True, description="List references that resolve cleanly too, not only the problems.")
    review_documents: SkipJsonSchema[list[Any]] = Field(
        default_factory=list, exclude=True,
        description="Filled in by the system: the review's documents as {document_id, filename, role, structure}.")


class ReferenceStatus(BaseModel):
    text: str = Field(description="The reference as written.")
    source_clause_id: str | None
    target_id: str
    kind: Literal["clause", "schedule", "external"]
    status: Status
    resolved_in: str = Field("", description="Filename of the document the target was found in.")
    given_title: str = Field("", description="Title written with the reference, e.g. '[Payment]'.")
    actual_title: str = Field("", description="Title of the clause the reference resolves to.")
    title_similarity: float | None = Field(None, description="0-100 similarity of the two titles, when both exist.")
    external_instrument: str = ""
    note: str = ""
    start: int
    end: int


class CrossReferenceOutput(BaseModel):
    document: str
    clause_id: str = Field(description="The clause checked, or '*' for the whole document.")
    references: list[ReferenceStatus]
    total: int
    resolved: int
    problems: int = Field(description="Dangling, deleted, title-mismatched references and missing schedules.")
    external: int
    findings: list[Finding]
    summary: str


def _title_key(title: str) -> str:
    return re.sub(r"[’‘`]", "'", title).strip(" .:-").lower()


def _scope(ctx: ReviewContext, data: CrossReferenceInput) -> tuple[str, int, int, str | None]:
    """(clause id shown, start, end, clause id to attribute) of the text to check."""
    text = ctx.doc.text
    if data.whole_document or data.clause_id.strip() in ("*", "", "all"):
        return "*", 0, len(text), None
    clause = ctx.doc.get_clause(data.clause_id)
    if clause is not None:
        return clause.clause_id, clause.start, clause.end, None
    inserted = ctx.inserted_range(data.clause_id)
    if inserted is not None:
        return inserted[0], inserted[1], inserted[2], inserted[0]
    raise ClauseNotFound(data.clause_id, [c.clause_id for c in ctx.doc.iter_clauses()])


def _check_title(row: ReferenceStatus, actual: str) -> None:
    """Compare the bracketed title with the target's; a redacted ('***') title cannot be compared, and a
    title the drafter cut short ('LIMITATION OF LI...') is compared with the same length of the target's."""
    row.actual_title = actual
    given = _title_key(row.given_title)
    if not given or not re.search(r"\w", actual):
        return
    actual_key = _title_key(actual)
    if row.given_title.rstrip().endswith(("...", "…")):
        actual_key = actual_key[: len(given)]
    row.title_similarity = round(fuzz.token_sort_ratio(given, actual_key), 1)
    if row.title_similarity < TITLE_MATCH:
        row.status = "title_mismatch"


def _resolve(ctx: ReviewContext, ref: CrossReference, row: ReferenceStatus) -> None:
    if ref.kind == "schedule":
        row.status = "schedule" if ctx.schedule_exists(ref) else "missing_schedule"
        return
    instrument = ref.external_instrument or ctx.instrument_after(ref)
    if instrument:
        other = ctx.document_named(instrument)
        row.external_instrument = instrument
        if other is None:
            row.status = "external"
            return
        row.kind = "clause"
        target = resolve_reference(other, ref.model_copy(update={"kind": "clause"}))
        row.resolved_in = other.filename or other.document_id
        row.status = "other_document" if target else "dangling"
        if target:
            _check_title(row, target.title)
        else:
            row.note = f"no {ref.target_id} in {row.resolved_in}"
        return
    found = [(s, t) for s in ctx.lookup_order() if (t := resolve_reference(s, ref)) is not None]
    if found:
        # An ER's "Sub-Clause 4.1 [Contractor's General Obligations]" means the GC's 4.1, not the ER's own
        # section 4.1: where several documents have the number, the one whose title matches wins.
        for structure, target in found:
            row.status, row.resolved_in = "resolved", structure.filename or structure.document_id
            _check_title(row, target.title)
            if row.status == "resolved":
                break
        else:
            structure, target = found[0]
            row.resolved_in = structure.filename or structure.document_id
            _check_title(row, target.title)
    else:
        inserted = ctx.inserted_title(ref.target_id)
        if inserted is None and ctx.found_in_text(ref):
            row.status, row.resolved_in = "resolved", ctx.doc.filename or ctx.doc.document_id
            row.note = "found as a heading in the text, not as a parsed clause; title not checked"
            return
        if inserted is None:
            row.status = "omitted" if ctx.said_omitted(ref) else "dangling"
            return
        row.status, row.resolved_in = "resolved", ctx.doc.filename or ctx.doc.document_id
        _check_title(row, inserted)
    deleted = ctx.deleted_target(ref.target_id)
    if deleted and not ctx.is_amendment_instruction(ref.start):
        row.status, row.note = "deleted", f"the Particular Conditions delete Sub-Clause {deleted}"


def _findings(ctx: ReviewContext, ref: CrossReference, row: ReferenceStatus) -> list[Finding]:
    text = ctx.doc.text
    evidence = row.text
    where = row.source_clause_id
    out: list[Finding] = []
    if row.status == "dangling":
        hint = ctx.title_hint(row.given_title)
        where_looked = "; ".join(ctx.searched_names())
        if ctx.gc is None and re.match(r"sub-clause", evidence, re.I):
            hint += " No General Conditions are loaded in this review: if the reference means theirs, load them."
        out.append(Finding(severity="medium", kind="dangling_reference", clause_id=where, evidence=evidence,
                           message=f"'{evidence}' points at {ref.target_id}, which is in none of: {where_looked}." + hint))
    elif row.status == "title_mismatch":
        hint = ctx.title_hint(row.given_title)
        out.append(Finding(severity="medium", kind="reference_title_mismatch", clause_id=where, evidence=evidence,
                           message=f"'{evidence}' names '{row.given_title}', but {ref.target_id} is titled "
                                   f"'{row.actual_title}' (similarity {row.title_similarity:.0f}/100)." + hint))
    elif row.status == "deleted":
        out.append(Finding(severity="high", kind="deleted_clause_still_referenced", clause_id=where, evidence=evidence,
                           message=f"'{evidence}' relies on Sub-Clause {ref.target_id}, which the Particular Conditions delete."))
    elif row.status == "missing_schedule":
        out.append(Finding(severity="low", kind="missing_schedule", clause_id=where, evidence=evidence,
                           message=f"'{evidence}' is referred to but no {ref.target_id} heads any part of "
                                   f"{ctx.doc.filename or 'the document'} (it may be a separate document)."))
    window = text[max(0, ref.start - 12): ref.start]
    this = re.search(r"\bthis\s+$", window, re.I) if ref.kind == "clause" and where else None
    if this:
        source = ctx.doc.get_clause(where)
        local = where.rsplit("/", 1)[-1]  # "Exhibit 9/1": clause 1 of an exhibit
        own = {where, local, *parent_candidates(where), *parent_candidates(local)}
        inside = ref.target_id.startswith((f"{local}.", f"{local}("))  # "this Clause 2.1(a)" within 2.1
        if source is not None and ref.target_id not in own and not inside:
            target = ctx.doc.get_clause(ref.target_id)
            named = f"{ref.target_id} ({target.title})" if target is not None and target.title else ref.target_id
            quote = text[ref.start - len(window) + this.start(): ref.end]
            out.append(Finding(severity="medium", kind="wrong_self_reference", clause_id=where, evidence=quote,
                               message=f"'{quote}' sits in clause {where} but names clause {named}; "
                                       f"'this Clause' should name the clause it is in, probably {where}."))
    glued = re.match(r"[a-z]+", text[ref.end: ref.end + 20]) if ref.kind == "clause" and not row.given_title else None
    if glued:
        quote = text[ref.start: ref.end + glued.end()]
        out.append(Finding(severity="low", kind="malformed_reference", clause_id=where, evidence=quote,
                           message=f"'{quote}': the reference runs into the next word (a missing space)."))
    return out


def cross_reference_check(data: CrossReferenceInput) -> CrossReferenceOutput:
    ctx = ReviewContext(require_structure(data.document_structure), data.review_documents)
    shown, start, end, attribute = _scope(ctx, data)
    rows: list[ReferenceStatus] = []
    findings: list[Finding] = []
    for ref in ctx.references():
        if not start <= ref.start < end:
            continue
        source = attribute or ctx.inserted_source(ref.start) or ref.source_clause_id
        row = ReferenceStatus(text=ref.text, source_clause_id=source, target_id=ref.target_id, kind=ref.kind,
                              status="resolved", given_title=ref.target_title or "", start=ref.start, end=ref.end)
        _resolve(ctx, ref, row)
        findings.extend(_findings(ctx, ref, row))
        rows.append(row)
    problems = sum(r.status in ("dangling", "deleted", "title_mismatch", "missing_schedule") for r in rows)
    external = sum(r.status == "external" for r in rows)
    resolved = sum(r.status in ("resolved", "schedule", "other_document") for r in rows)
    listed = rows if data.include_resolved else [r for r in rows if r.status not in ("resolved", "schedule", "other_document")]
    place = "the document" if shown == "*" else f"clause {shown}"
    omitted = sum(r.status == "omitted" for r in rows)
    if rows:
        summary = (f"{len(rows)} references in {place}: {resolved} resolve, {problems} problems, {external} external"
                   + (f", {omitted} to clauses the text says are not used" if omitted else "") + f"; {len(findings)} findings.")
    else:
        summary = f"No cross-references in {place}."
    return CrossReferenceOutput(document=ctx.doc.filename or ctx.doc.document_id, clause_id=shown, references=listed,
                                total=len(rows), resolved=resolved, problems=problems, external=external,
                                findings=findings, summary=summary)


def prepare_input(clause_id: str, primary_structure, state: dict) -> CrossReferenceInput:
    documents = [d for d in state.get("documents", []) if d.get("structure") is not None]
    primary = primary_structure or document_with_role(state, "primary") or document_with_role(state, "pc")
    return CrossReferenceInput(clause_id=clause_id, document_structure=primary, state_snapshot=state_snapshot(state),
                               review_documents=documents)


registration = SkillRegistration(
    skill_id="cross_reference_check",
    name="Cross-reference check",
    description=(
        "Check the cross-references of a clause (or of the whole document with clause_id '*'): each "
        "'Clause 14.7 [Payment]', 'Schedule 3' or '第18.1条' is resolved, dangling, pointing at a clause whose "
        "title differs from the bracketed one, or (FIDIC) at a Sub-Clause the Particular Conditions delete. "
        "References to statutes and other instruments are listed, not flagged. Findings quote the contract."
    ),
    input_schema=CrossReferenceInput,
    output_schema=CrossReferenceOutput,
    local_handler=cross_reference_check,
    prepare_input_fn=prepare_input,
    category="consistency",
)
