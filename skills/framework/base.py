"""What most skills share: an input that names a clause, and the lookup that fails clearly."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..documents.model import Clause, DocumentStructure
from ..errors import ClauseNotFound, SkillFailure


class ClauseInput(BaseModel):
    """Base for skill inputs: `clause_id` for the model, the rest filled in by prepare_input."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    clause_id: str = Field(description="Clause to analyse, as numbered in the contract, e.g. '14.7', '9.2(a)' or '第12条'.")
    document_structure: Any = Field(None, description="Filled in by the system.")
    state_snapshot: dict[str, Any] = Field(default_factory=dict, description="Filled in by the system.")


def require_structure(value: Any) -> DocumentStructure:
    if isinstance(value, DocumentStructure):
        return value
    if isinstance(value, dict):
        return DocumentStructure.model_validate(value)
    raise SkillFailure("no document is loaded for this review", code="NO_DOCUMENT")


def require_clause(structure: DocumentStructure, clause_id: str) -> Clause:
    clause = structure.get_clause(clause_id)
    if clause is None:
        raise ClauseNotFound(clause_id, [c.clause_id for c in structure.iter_clauses()])
    return clause
