"""Opening a review (documents with roles, domain and language) and turning a stored review into the
`primary_structure` and `state` a skill's prepare_input reads (see skills/framework/state.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from paralaw.skills.documents.gate import read_data_file
from paralaw.skills.documents.loaders import parse_document_text, read_document_bytes
from paralaw.skills.documents.model import DocumentStructure
from paralaw.skills.errors import DocumentError, ParalawError
from paralaw.skills.reading.contract_type import contract_type

from .access import resolve_in_root
from .parsing import ParseJob
from .store import Review, ReviewStore, StoredDocument, new_review_id

Role = Literal["primary", "gc", "pc", "er", "reference", "baseline"]
Domain = Literal["generic", "fidic", "sha_spa"]


class ReviewError(ParalawError):
    code = "REVIEW_ERROR"


class DocumentSpec(BaseModel):
    """One document of a review: a local file (path) or its text with a filename."""

    path: str | None = Field(None, description="File inside an allowed folder (.md, .txt, .docx, .pdf); relative paths are taken from the allowed folder.")
    text: str | None = Field(None, description="The document's text, instead of a path.")
    filename: str | None = Field(None, description="Name for a document given as text, e.g. 'contract.md'.")
    role: Role = Field("primary", description="primary (the contract under review), gc / pc (FIDIC General / Particular Conditions), er (Employer's Requirements), reference, or baseline (a neutral template to compare against).")
    kind: str = Field("", description="Free label, e.g. 'SPA', 'NDA', 'Red Book 1999'.")


# Words that mark a domain; each hit counts once. Kept short: a wrong guess is cheap (the caller can pass domain).
_DOMAIN_MARKERS = {
    "fidic": [r"\bFIDIC\b", r"\bSub-Clause\b", r"\bthe Engineer\b", r"\bParticular Conditions\b", r"\bGeneral Conditions\b",
              r"\bTaking-Over Certificate\b", r"\bPerformance Certificate\b", r"\bEmployer's Requirements\b",
              r"\bDispute Adjudication Board\b", r"\bInterim Payment Certificate\b", r"\bTime for Completion\b",
              "承包人", "发包人", "监理人", "施工", "工程款", "竣工"],
    "sha_spa": [r"\bShare Purchase Agreement\b", r"\bShareholders'? Agreement\b", r"\bthe Sellers?\b", r"\bthe Buyer\b",
                r"\bthe Purchaser\b", r"\bWarranties\b", r"\bCompletion Accounts\b", r"\bDisclosure Letter\b",
                r"\bDrag[- ]Along\b", r"\bTag[- ]Along\b", r"\bReserved Matters\b", r"\bthe Shares\b", r"\bInvestor Director\b",
                "股权转让", "股东协议", "增资", "目标公司"],
}


def detect_domain(structures: list[DocumentStructure], roles: list[str]) -> str:
    """fidic, sha_spa or generic, from the roles given and the words the documents use."""
    if any(role in ("gc", "pc", "er") for role in roles):
        return "fidic"
    text = "\n".join(s.text[:200_000] for s in structures)
    scores = {domain: sum(1 for marker in markers if re.search(marker, text)) for domain, markers in _DOMAIN_MARKERS.items()}
    best = max(scores, key=scores.get)
    if scores[best] >= 3:
        return best
    # no domain's words: the kind of contract its title names (a construction subcontract that never says
    # "Engineer", a share purchase that calls its parties Vendor and Purchaser)
    kind = contract_type(structures[0].text) if structures else "other"
    return {"construction": "fidic", "spa": "sha_spa", "sha": "sha_spa"}.get(kind, "generic")


def detect_language(structures: list[DocumentStructure]) -> str:
    return structures[0].language if structures else "en"


def _utf8_size(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def _load_one(spec: DocumentSpec, roots: list[Path], job: ParseJob) -> DocumentStructure:
    """Files are read through the file gate here; the bytes, or the text given inline, are parsed in a worker
    process under the job's limits (parsing.py)."""
    if spec.path and spec.text:
        raise ReviewError("give either path or text for a document, not both", code="INVALID_ARGUMENT")
    if spec.path:
        path, root = resolve_in_root(spec.path, roots)
        return job.parse_bytes(read_document_bytes(path, job.limits, root=root), path.name)
    if spec.text is not None:
        name = spec.filename or f"{spec.role}.md"
        if len(spec.text) > job.limits.max_bytes or _utf8_size(spec.text) > job.limits.max_bytes:
            raise DocumentError(f"{name}: the text is over the {job.limits.max_bytes}-byte limit documents have "
                                "(PARALAW_MAX_FILE_BYTES)", code="FILE_TOO_LARGE", details={"limit": job.limits.max_bytes})
        if not spec.text.strip():
            return parse_document_text(spec.text, filename=name)  # EMPTY_DOCUMENT, at once
        return job.parse_text(spec.text, name)
    raise ReviewError("each document needs a path or a text", code="INVALID_ARGUMENT")


def load_documents(specs: list[DocumentSpec], roots: list[Path], job: ParseJob | None = None) -> list[StoredDocument]:
    """Parse every document (blocking: run it in a worker thread, and cancel `job` when the call is cancelled).
    Errors name the document at fault."""
    job = job or ParseJob()
    if not specs:
        raise ReviewError("a review needs at least one document", code="INVALID_ARGUMENT")
    primaries = [s for s in specs if s.role == "primary"]
    if len(primaries) > 1:
        raise ReviewError("a review has one primary document; give the others a role such as reference", code="INVALID_ARGUMENT")
    documents: list[StoredDocument] = []
    seen: set[str] = set()
    for index, spec in enumerate(specs):
        try:
            structure = _load_one(spec, roots, job)
        except ParalawError as exc:
            exc.details = {**exc.details, "document_index": index}
            raise
        document_id = structure.document_id
        while document_id in seen:
            document_id = f"{structure.document_id}-{index}"
        if document_id != structure.document_id:
            structure = structure.model_copy(update={"document_id": document_id})
        seen.add(document_id)
        documents.append(StoredDocument(document_id=document_id, role=spec.role, filename=structure.filename,
                                        kind=spec.kind, structure=structure))
    if not primaries:
        # the first document is the one under review when nobody said otherwise
        documents[0] = documents[0].model_copy(update={"role": "primary"})
    return documents


def load_playbook(path: str, roots: list[Path]) -> dict[str, Any]:
    """A user's checklist / criteria file (YAML or JSON), read only inside the allowed roots, through the file
    gate (no link followed, a regular file within the size limit, no alias bomb: gate.read_data_file). Blocking:
    run it in a worker thread."""
    resolved, root = resolve_in_root(path, roots)
    text, fmt = read_data_file(resolved, root=root)
    from paralaw.skills.packs.playbook import check_playbook

    try:  # checked whole now: a mistake stops the review instead of being ignored
        return check_playbook(text, resolved.name, fmt=fmt)
    except ParalawError as exc:
        raise DocumentError(exc.message, code="INVALID_ARGUMENT", details=exc.details) from exc


def new_review(documents: list[StoredDocument], *, domain: str | None, our_party: str, language: str | None,
               playbook: dict[str, Any] | None) -> Review:
    structures = [d.structure for d in documents]
    primary = next(d.structure for d in documents if d.role == "primary")
    return Review(
        review_id=new_review_id(),
        domain=domain or detect_domain(structures, [d.role for d in documents]),
        language=language or detect_language([primary]),
        our_party=our_party,
        playbook=playbook,
        documents=documents,
    )


def same_review(a: Review, b: Review) -> bool:
    """Same documents (by content id and role) under the same domain, party, language and playbook."""
    def key(r: Review) -> tuple:
        return (r.domain, r.our_party, r.language, r.playbook, [(d.document_id, d.role) for d in r.documents])

    return key(a) == key(b)


def choose_review(store: ReviewStore, review_id: str | None) -> Review:
    """The named review, or the only open one; a clear error when none or several are open."""
    if review_id:
        review = store.get(review_id)
        if review is None:
            raise ReviewError(f"no open review with id '{review_id}'; call list_reviews to see the open ones",
                              code="REVIEW_NOT_FOUND", details={"review_id": review_id})
        return review
    reviews = store.list()
    if not reviews:
        raise ReviewError("no review is open; call open_review with the contract first", code="NO_REVIEW")
    opened_here = [r for r in reviews if r.review_id in (getattr(store, "opened", None) or ())]
    if len(reviews) > 1 and len(opened_here) == 1:  # the one this session opened (a stdio session, an HTTP one)
        return opened_here[0]
    if len(reviews) > 1:
        raise ReviewError(
            f"{len(reviews)} reviews are open; pass review_id to say which one",
            code="AMBIGUOUS_REVIEW",
            details={"open_reviews": [{"review_id": r.review_id, "primary": (r.primary().filename if r.primary() else "")} for r in reviews]},
        )
    return reviews[0]


def build_state(review: Review) -> tuple[DocumentStructure | None, dict[str, Any]]:
    """The primary structure and the state dict every skill's prepare_input reads."""
    primary = review.primary()
    state = {
        "review_id": review.review_id,
        "domain_id": review.domain,
        "our_party": review.our_party,
        "language": review.language,
        "documents": [
            {"document_id": d.document_id, "role": d.role, "filename": d.filename, "kind": d.kind, "structure": d.structure}
            for d in review.documents
        ],
        "playbook": review.playbook,
    }
    return (primary.structure if primary else None), state

