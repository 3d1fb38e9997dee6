"""The review state a skill's prepare_input reads.

The server (or a test) builds one dict per review:

    {
        "review_id": "...",
        "domain_id": "fidic" | "sha_spa" | "generic",
        "our_party": "Contractor",
        "language": "en" | "zh",
        "documents": [{"document_id", "role", "filename", "kind", "structure": DocumentStructure}, ...],
        "playbook": {...} | None,      # a user's criteria file, already loaded
    }

Roles: primary, gc, pc, er, reference, baseline. These helpers keep every skill reading it the same way.
"""

from __future__ import annotations

from typing import Any

from ..documents.model import DocumentStructure

ROLES = ("primary", "gc", "pc", "er", "reference", "baseline")


def documents_with_role(state: dict[str, Any], role: str) -> list[DocumentStructure]:
    return [doc["structure"] for doc in state.get("documents", []) if doc.get("role") == role and doc.get("structure") is not None]


def document_with_role(state: dict[str, Any], role: str) -> DocumentStructure | None:
    found = documents_with_role(state, role)
    return found[0] if found else None


def find_document(state: dict[str, Any], name_or_id: str) -> DocumentStructure | None:
    for doc in state.get("documents", []):
        structure = doc.get("structure")
        if structure is not None and name_or_id in (doc.get("document_id"), doc.get("filename"), structure.document_id, structure.filename):
            return structure
    return None


def state_snapshot(state: dict[str, Any]) -> dict[str, Any]:
    """The small, serialisable part of the state a handler may need: who we act for, in what language."""
    return {
        "review_id": state.get("review_id", ""),
        "our_party": state.get("our_party", ""),
        "language": state.get("language", "en"),
        "domain_id": state.get("domain_id", "generic"),
    }


def make_state(primary: DocumentStructure | None = None, *, domain_id: str = "generic", our_party: str = "",
               language: str | None = None, others: list[tuple[str, DocumentStructure]] | None = None, **extra: Any) -> dict[str, Any]:
    """A state for one primary document (and others by role): what tests and the CLI use."""
    documents = []
    if primary is not None:
        documents.append({"document_id": primary.document_id, "role": "primary", "filename": primary.filename, "structure": primary})
    for role, structure in others or []:
        documents.append({"document_id": structure.document_id, "role": role, "filename": structure.filename, "structure": structure})
    return {
        "review_id": extra.pop("review_id", ""),
        "domain_id": domain_id,
        "our_party": our_party,
        "language": language or (primary.language if primary else "en"),
        "documents": documents,
        **extra,
    }
