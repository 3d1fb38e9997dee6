"""Errors, by audience.

    ParalawError                 carries a stable `code`, a one-line `message` and `details`
    ├── DocumentError            a file cannot be read or parsed (FILE_NOT_FOUND, EMPTY_DOCUMENT, ...)
    └── SkillFailure             a skill cannot answer this input (CLAUSE_NOT_FOUND, INVALID_ARGUMENT, ...)

Skills never let these escape to a caller: the dispatcher turns them into `SkillResult.error`, which a
model can read. A bug (any other exception) becomes INTERNAL_ERROR with the exception's type and text.
"""

from __future__ import annotations

from typing import Any


class ParalawError(Exception):
    code = "ERROR"

    def __init__(self, message: str, *, code: str | None = None, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        self.details = details or {}

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class DocumentError(ParalawError):
    code = "DOCUMENT_ERROR"


class SkillFailure(ParalawError):
    code = "SKILL_FAILED"


class ClauseNotFound(SkillFailure):
    code = "CLAUSE_NOT_FOUND"

    def __init__(self, clause_id: str, available: list[str] | None = None) -> None:
        hint = f"; some clause ids in this document: {', '.join(available[:12])}" if available else ""
        super().__init__(f"clause '{clause_id}' is not in the document{hint}", details={"clause_id": clause_id})
