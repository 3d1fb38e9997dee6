"""export_review: write a review's findings as a file a lawyer opens (.docx, .html, .md or .json).

The findings come from whoever reviewed (the host's model, or the bundled agent) as the tool's arguments:
the server holds the contract, not the judgements. The file goes into an allowed folder only (the same gate as
reading, plus: no overwriting unless asked), and writing is an effect the user confirms (elicitation, or
confirm=true). A .docx contract is annotated in place of a copy when `source_path` names the original;
otherwise the Word file is generated from the text the review read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import anyio
import mcp_types as types
from pydantic import BaseModel, Field

from paralaw.skills.reports import to_html, to_markdown_page, write_docx

from . import confirm
from paralaw.skills.documents.loaders import read_document_bytes

from .access import resolve_path
from .builtin_tools import roots_in_force
from .context import CallContext
from .listing import ToolSpec, model_input_schema
from .reviews import ReviewError, choose_review

FORMATS = ("docx", "html", "md", "json")


class ExportRisk(BaseModel):
    clause_id: str = Field(description="The clause the risk is about, as get_outline gives it.")
    risk_level: Literal["high", "medium", "low"] = Field(description="Severity.")
    description: str = Field(description="The issue, in one sentence.")
    risk_type: str = Field("", description="A short label, e.g. 'liability cap'.")
    reason: str = Field("", description="Why it matters for the party we act for.")
    quote: str = Field("", description="The contract's words the risk is about, verbatim (the comment is anchored on them).")
    proposed_wording: str = Field("", description="Replacement for the quoted words; becomes a tracked change in .docx.")
    verdict: Literal["GREEN", "YELLOW", "RED", "MISSING"] | None = Field(None, description="Against the review position, if judged.")


class ExportReviewInput(BaseModel):
    path: str = Field(description="File to write inside an allowed folder; its extension is the format: .docx, .html, .md or .json.")
    risks: list[ExportRisk] = Field(description="The review's findings.")
    review_id: str | None = Field(None, description="Review to export; may be left out when only one review is open.")
    source_path: str | None = Field(None, description="The original .docx of the primary contract, to keep its formatting.")
    model: str = Field("", description="The model that produced the findings, named in the report's header.")
    overwrite: bool = Field(False, description="Replace the file if it exists.")
    confirm: bool = Field(False, description="True once the user has agreed to write the file.")


def report_of(review, data: ExportReviewInput) -> dict[str, Any]:
    """The findings in the JSON report's shape (what the agent's --json writes), grouped by clause."""
    clauses: dict[str, dict[str, Any]] = {}
    primary = review.primary() or review.documents[0]
    for number, risk in enumerate(data.risks, start=1):
        clause = primary.structure.get_clause(risk.clause_id)
        entry = clauses.setdefault(risk.clause_id, {"clause_id": risk.clause_id, "title": clause.title if clause else "",
                                                    "mode": "host", "tools_used": [], "risks": []})
        entry["risks"].append({
            "id": f"risk-{number}", "clause_id": risk.clause_id, "risk_level": risk.risk_level,
            "risk_type": risk.risk_type, "description": risk.description, "reason": risk.reason, "analysis": "",
            "location": {"original_text": risk.quote} if risk.quote else None,
            "quote_verified": (" ".join(risk.quote.split()) in " ".join(primary.structure.text.split())) if risk.quote else None,
            "source": "model", "proposed_wording": risk.proposed_wording, "verdict": risk.verdict,
        })
    levels = [r.risk_level for r in data.risks]
    summary = {"risks": {lvl: levels.count(lvl) for lvl in ("high", "medium", "low")} | {"total": len(levels)},
               "clauses_reviewed": len(clauses), "unverified_quotes": 0, "modes": {"host": len(clauses)}}
    return {"review": {"review_id": review.review_id, "domain": review.domain, "language": review.language,
                       "our_party": review.our_party,
                       "documents": [{"filename": d.filename, "role": d.role} for d in review.documents]},
            "mode": "host", "model": data.model or None, "summary": summary, "clauses": list(clauses.values()),
            "not_found": [], "warnings": []}


def _write(report: dict[str, Any], target: Path, kind: str, text: str, source: bytes | None) -> dict[str, Any]:
    structure_texts = report.pop("_clause_texts")
    if kind == "docx":
        result = write_docx(report, target, source=source, text=text)
        return {"comments": result.comments, "tracked_changes": result.revisions, "quotes_not_found": len(result.not_located)}
    if kind == "html":
        target.write_text(to_html(report, structure_texts), encoding="utf-8")
    elif kind == "md":
        target.write_text(to_markdown_page(report), encoding="utf-8")
    else:
        target.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    return {}


async def export_review(call: CallContext, data: ExportReviewInput, params: types.CallToolRequestParams):
    review = choose_review(call.store, data.review_id)
    roots = await roots_in_force(call, params)  # the client's roots narrow where we may write and read
    if isinstance(roots, types.InputRequiredResult):
        return roots
    target = resolve_path(data.path, roots)
    kind = target.suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise ReviewError(f"'{target.name}': the extension gives the format; use .docx, .html, .md or .json",
                          code="INVALID_ARGUMENT", details={"path": data.path})
    if not target.parent.is_dir():
        raise ReviewError(f"the folder of '{data.path}' does not exist", code="INVALID_ARGUMENT", details={"path": data.path})
    if target.exists() and not data.overwrite:
        raise ReviewError(f"'{data.path}' exists; pass overwrite=true to replace it", code="FILE_EXISTS", details={"path": data.path})
    source = None
    if data.source_path and data.source_path.lower().endswith(".docx"):  # read through the file gate (no links, bounded)
        path = resolve_path(data.source_path, roots)
        root = next((r for r in roots if path.is_relative_to(r)), None)
        source = await anyio.to_thread.run_sync(lambda: read_document_bytes(path, root=root))
    if not data.confirm:
        answer = await confirm.ask(call, f"Write the review of {review.review_id} ({len(data.risks)} findings) to {target}?",
                                   "Write the file", params)
        if isinstance(answer, types.InputRequiredResult):
            return answer
        if answer is None:
            raise ReviewError("writing a file needs the user's agreement: ask the user, then call export_review again with confirm=true",
                              code="CONFIRMATION_REQUIRED", details={"path": data.path})
        if not answer:
            return {"review_id": review.review_id, "written": False, "reason": "the user declined"}
    primary = review.primary() or review.documents[0]
    report = report_of(review, data)
    report["_clause_texts"] = {c.clause_id: primary.structure.full_text(c) for c in primary.structure.iter_clauses()}
    counts = await anyio.to_thread.run_sync(_write, report, target, kind, primary.structure.text, source)
    return {"review_id": review.review_id, "written": True, "path": str(target), "format": kind,
            "risks": len(data.risks), **counts}


def export_spec() -> ToolSpec:
    return ToolSpec(
        name="export_review", title="Export a review",
        description="Write the review's findings to a file in an allowed folder: .docx (the contract with a comment on "
                    "each quote and a tracked change for each proposed wording), .html (a self-contained report), .md "
                    "or .json. Creates a file: needs the user's confirmation.",
        input_schema=model_input_schema(ExportReviewInput), effect="create", input_model=ExportReviewInput,
        handler=export_review, needs_confirmation=True)
