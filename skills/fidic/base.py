"""What the four FIDIC skills share: an input carrying the GC, PC and ER, and the merged view of them.

The documents are internal fields (hidden from the tool schema with SkipJsonSchema): prepare_input fills
them from the review state, so a model only ever sends the clause and its business arguments.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from ..documents.model import DocumentStructure
from ..errors import ClauseNotFound, SkillFailure
from ..framework.base import ClauseInput
from ..framework.state import state_snapshot
from .context import as_structure, conditions_part, resolve_documents, split_conditions
from .merge import MergedClause, MergeResult, merged_view
from .standards import detect_edition


class FidicInput(ClauseInput):
    clause_id: str = Field(description="Sub-Clause to analyse as numbered in the contract, e.g. '20.1', '14.7' or '第18.1条'; '*' for the whole contract.")
    gc_structure: SkipJsonSchema[Any] = Field(None, description="General Conditions (filled in by the system).")
    pc_structure: SkipJsonSchema[Any] = Field(None, description="Particular Conditions (filled in by the system).")


class Documents:
    """The GC/PC pair of an input (or the single contract standing in for the GC) and their merge."""

    def __init__(self, data: FidicInput) -> None:
        self.gc = as_structure(data.gc_structure, "gc_structure")
        self.pc = as_structure(data.pc_structure, "pc_structure")
        primary = as_structure(data.document_structure, "document_structure")
        if self.gc is None and self.pc is None:
            if primary is None:
                raise SkillFailure("no document is loaded for this review", code="NO_DOCUMENT")
            self.gc = primary
        # the GC and PC may be two parts of the primary file: findings then name the PC's paragraphs as the file does
        part = conditions_part(primary) if primary is not None and self.pc is not None else None
        self.in_file: tuple[DocumentStructure, str] | None = (primary, part.clause_id + "/") if part is not None and \
            split_conditions(primary) == (self.gc, self.pc) else None
        self.merged: MergeResult = merged_view(self.gc, self.pc)
        self.language = next((d.language for d in (self.gc, self.pc) if d is not None), "en")
        self.our_party = str(data.state_snapshot.get("our_party", "") or "")

    def placed(self, findings: list) -> list:
        """Findings on a PC paragraph named as the file numbers it ('Part C/8.7') when the PC is a part of the
        primary file: '8.7' alone would point at the General Conditions' Sub-Clause."""
        if self.in_file is None:
            return findings
        whole, prefix = self.in_file
        for finding in findings:
            at = prefix + str(finding.clause_id or "")
            if finding.clause_id and finding.evidence and finding.evidence in self.pc.text and whole.get_clause(at) is not None:
                finding.clause_id = at
        return findings

    def texts(self) -> list[str]:
        return [d.text for d in (self.pc, self.gc) if d is not None]

    def edition(self, requested: str = "auto") -> tuple[str | None, list[str]]:
        if requested in ("1999", "2017"):
            return requested, ["given by the caller"]
        if self.language == "zh":
            return None, ["Chinese contract: periods compared with the customary Chinese benchmarks mapped onto FIDIC"]
        return detect_edition(self.texts(), [c.clause_id for c in self.merged.clauses.values()])

    def resolve_id(self, clause_id: str) -> str:
        """The Sub-Clause id as the merged contract numbers it ('Sub-Clause 20.1' -> '20.1'; '*' stays)."""
        wanted = clause_id.strip()
        if wanted in ("*", "") or self.merged.in_scope(wanted):
            return wanted or "*"
        found = self.gc.get_clause(wanted) if self.gc is not None else None
        if found is not None and self.merged.in_scope(found.clause_id):
            return found.clause_id
        raise ClauseNotFound(wanted, list(self.merged.clauses)[:40])

    def scope(self, clause_id: str) -> list[MergedClause]:
        """The merged Sub-Clauses a request covers; a clear error naming some ids if there are none."""
        units = self.merged.in_scope(self.resolve_id(clause_id))
        if not units:
            raise ClauseNotFound(clause_id, list(self.merged.clauses)[:40])
        return units


def prepare_fidic(cls: type[FidicInput], clause_id: str, primary_structure: DocumentStructure | None, state: dict, **extra: Any) -> FidicInput:
    docs = resolve_documents(state, primary_structure)
    return cls(
        clause_id=clause_id,
        document_structure=docs.contract or primary_structure,
        gc_structure=docs.gc,
        pc_structure=docs.pc,
        state_snapshot=state_snapshot(state),
        **extra,
    )


def in_scope(clause_id: str | None, requested: str) -> bool:
    wanted = requested.split("(", 1)[0].strip()
    if wanted in ("*", ""):
        return True
    cid = (clause_id or "").split("(", 1)[0]
    return cid == wanted or cid.startswith(wanted + ".")
