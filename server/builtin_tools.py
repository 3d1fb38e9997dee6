"""The server's own tools: open and close reviews, list them, and find one's way around a contract.

Each tool is an input model (its schema is derived, never written by hand) and an async handler
`(call, data, params) -> dict | CallToolResult | InputRequiredResult`. Skills need no entry here.
"""

from __future__ import annotations

import logging
import warnings
from typing import Any, Literal

import anyio
import mcp_types as types
from pydantic import BaseModel, Field

from paralaw.skills.packs import load_pack

from . import confirm
from .access import AccessDenied, narrow_roots, no_folder_error, roots_from_uris
from .context import CallContext
from .listing import ToolCatalog, ToolSpec, model_input_schema
from .parsing import ParseJob
from .reviews import (Domain, DocumentSpec, ReviewError, choose_review, load_documents, load_playbook, new_review,
                      same_review)
from .store import Review, StoredDocument

logger = logging.getLogger(__name__)

ROOTS_TIMEOUT = 10.0
REVIEW_ID = Field(None, description="Review to work on (from open_review); may be left out when only one review is open.")
DOCUMENT = Field(None, description="Document filename, id or role (default: the primary document).")


class OpenReviewInput(BaseModel):
    documents: list[DocumentSpec] = Field(min_length=1, description="The documents of the matter, each a local file (path) or text with a filename, with its role. Exactly one is primary.")
    domain: Domain | None = Field(None, description="generic, fidic (construction) or sha_spa (share purchase / shareholders'); detected from the documents when left out.")
    our_party: str = Field("", description="The party we act for, as the contract names it, e.g. 'Contractor' or 'Buyer'.")
    language: Literal["en", "zh"] | None = Field(None, description="Contract language; detected when left out.")
    playbook_path: str | None = Field(None, description="A YAML/JSON file of your own checklist and criteria, inside an allowed folder.")


class ListReviewsInput(BaseModel):
    pass


class OutlineInput(BaseModel):
    review_id: str | None = REVIEW_ID
    document: str | None = DOCUMENT
    offset: int = Field(0, ge=0, description="Skip this many clauses (for long contracts).")
    limit: int = Field(200, ge=1, le=1000, description="Most clauses to return.")


class FindClausesInput(BaseModel):
    query: str = Field(min_length=1, max_length=1000, description="What the clause is about, in the contract's words, e.g. 'limitation of liability' or '付款'.")
    top_k: int = Field(5, ge=1, le=50, description="Most clauses to return.")
    review_id: str | None = REVIEW_ID
    document: str | None = DOCUMENT


class ChecklistInput(BaseModel):
    review_id: str | None = REVIEW_ID


class DescribeToolsInput(BaseModel):
    names: list[str] = Field(min_length=1, description="Tools whose schemas you need.")


class CloseReviewInput(BaseModel):
    review_id: str = Field(description="The review to close; its stored documents are deleted.")
    confirm: bool = Field(False, description="True once the user has agreed to close the review.")


def _document(review: Review, name: str | None) -> StoredDocument:
    if not name:
        document = review.primary() or review.documents[0]
    else:
        document = review.find_document(name)
    if document is None:
        raise ReviewError(f"review {review.review_id} has no document '{name}'", code="DOCUMENT_NOT_FOUND",
                          details={"documents": [d.filename for d in review.documents]})
    return document


async def _client_roots(call: CallContext, params: types.CallToolRequestParams) -> list | types.InputRequiredResult | None:
    """The client's roots when it offers them: asked for in-band (older protocol) or as an input request (2026-07-28)."""
    if not call.client_has(types.ClientCapabilities(roots=types.RootsCapability())):
        return None
    if call.modern:
        response = (params.input_responses or {}).get("roots")
        if response is None:
            return types.InputRequiredResult(input_requests={"roots": types.ListRootsRequest()})
        roots = response.roots if hasattr(response, "roots") else response.get("roots", [])
        return [str(getattr(r, "uri", None) or r.get("uri")) for r in roots]
    if not call.request.session.can_send_request:
        return None
    try:
        with anyio.fail_after(ROOTS_TIMEOUT), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = await call.request.session.list_roots()
    except Exception as exc:
        logger.warning("the client offered roots but roots/list failed (%s); using the configured folders", exc)
        return None
    return [str(root.uri) for root in result.roots]


async def roots_in_force(call: CallContext, params: types.CallToolRequestParams):
    """The folders a call may touch: the server's folders narrowed by the client's roots, never widened (a client
    sharing none is refused); or the client's pending roots request."""
    roots = call.state.configured_roots
    if not roots:  # no folder to narrow: the client's roots never stand in for the server's own setting
        raise no_folder_error()
    offered = await _client_roots(call, params)
    if isinstance(offered, types.InputRequiredResult):
        return offered
    client_roots = roots_from_uris(offered) if offered is not None else []
    if client_roots:
        roots = narrow_roots(roots, client_roots)
        if not roots:
            raise AccessDenied(
                "the client's roots share no folder with the folders this server may read "
                f"({', '.join(str(r) for r in call.state.configured_roots)})",
                details={"client_roots": [str(r) for r in client_roots],
                         "allowed_roots": [str(r) for r in call.state.configured_roots]})
    return roots


async def open_review(call: CallContext, data: OpenReviewInput, params: types.CallToolRequestParams):
    roots = call.state.configured_roots
    if any(d.path for d in data.documents) or data.playbook_path:
        roots = await roots_in_force(call, params)
        if isinstance(roots, types.InputRequiredResult):
            return roots
    playbook = await anyio.to_thread.run_sync(load_playbook, data.playbook_path, roots) if data.playbook_path else None
    job = ParseJob()  # parsing runs in worker processes, killed if this call is cancelled
    try:
        documents = await anyio.to_thread.run_sync(load_documents, data.documents, roots, job, abandon_on_cancel=True)
    except anyio.get_cancelled_exc_class():
        job.cancel()
        raise
    review = new_review(documents, domain=data.domain, our_party=data.our_party, language=data.language, playbook=playbook)
    existing = next((r for r in call.store.list() if same_review(r, review)), None)
    if existing is not None:  # opening the same matter again resumes it instead of making a rival review
        review = existing
        call.store.touch(review.review_id)
    else:
        call.store.save(review)
        await call.announce_resources_changed()
    # listed since the session began (the list never changes); named here so a model knows which apply
    domain_tools = [s.name for s in call.state.catalog.specs() if s.domain == review.domain]
    summary = review.summary()
    summary["documents"] = [{k: d[k] for k in ("document_id", "filename", "role", "total_clauses")} for d in summary["documents"]]
    return {**{k: summary[k] for k in ("review_id", "domain", "language", "our_party", "documents")},
            "resumed": existing is not None, "domain_tools": domain_tools}


async def list_reviews(call: CallContext, data: ListReviewsInput, params: types.CallToolRequestParams):
    return {"reviews": [review.summary() for review in call.store.list()]}


async def get_outline(call: CallContext, data: OutlineInput, params: types.CallToolRequestParams):
    review = choose_review(call.store, data.review_id)
    document = _document(review, data.document)
    clauses = list(document.structure.iter_clauses())
    page = clauses[data.offset: data.offset + data.limit]
    end = data.offset + len(page)
    return {
        "review_id": review.review_id,
        "document_id": document.document_id,
        "filename": document.filename,
        "clauses": [{"clause_id": c.clause_id, "title": c.title, "level": c.level} for c in page],
        "total": len(clauses),
        "next_offset": end if end < len(clauses) else None,
    }


async def find_clauses(call: CallContext, data: FindClausesInput, params: types.CallToolRequestParams):
    from paralaw.skills.clauses.search import search_clauses

    review = choose_review(call.store, data.review_id)
    document = _document(review, data.document)
    found = await anyio.to_thread.run_sync(search_clauses, document.structure, data.query, data.top_k)
    result = {
        "review_id": review.review_id,
        "document_id": document.document_id,
        "query": data.query,
        "categories": found.categories,
        "hits": [{"document_id": document.document_id, **h.model_dump(exclude_none=True)} for h in found.hits],
    }
    if not found.hits:
        result["reason"] = found.reason
    return result


def _checklist_items(review: Review) -> list[dict[str, Any]]:
    playbook = review.playbook or {}
    pack = [item.model_dump() for item in load_pack(review.domain).checklist]
    if isinstance(playbook.get("checklist"), list):
        from paralaw.skills.packs import ChecklistItem
        from paralaw.skills.packs.playbook import merge_checklist

        own = [ChecklistItem.model_validate(item).model_dump() for item in playbook["checklist"]]
        return merge_checklist(pack, own) if playbook.get("extends_pack") else own
    return pack


async def get_checklist(call: CallContext, data: ChecklistInput, params: types.CallToolRequestParams):
    review = choose_review(call.store, data.review_id)
    # a search per item over the whole contract: off the event loop, so other clients are not held up
    return await anyio.to_thread.run_sync(_resolved_checklist, review)


def _resolved_checklist(review: Review) -> dict[str, Any]:
    from paralaw.skills.text.retrieval import ClauseIndex

    primary = review.primary()
    items = []
    for item in _checklist_items(review):
        resolved: list[str] = []
        if primary is not None:
            clause = primary.structure.get_clause(item["clause_id"])
            if clause is not None:
                resolved = [clause.clause_id]
            else:
                query = item.get("query") or item["clause_name"]
                hits = ClauseIndex.for_document(primary.structure).search(query, top_k=3)
                resolved = list(dict.fromkeys(h.clause_id for h in hits if h.clause_id and h.score > 0))[:2]
        items.append({**{k: item[k] for k in ("clause_id", "clause_name", "priority", "description", "required_skills")},
                      "resolved_clause_ids": resolved})
    return {"review_id": review.review_id, "domain": review.domain, "items": items, "finding_topics": _finding_topics(review)}


def _finding_topics(review: Review) -> dict[str, str]:
    """Finding kinds of the domain's skills that speak of a review position's topic -> that topic: pack data a
    client needs to report an issue once when a skill and a position both see it."""
    from paralaw.skills.positions import resolve_positions
    from paralaw.skills.positions.packs import PositionsError

    try:
        positions, _ = resolve_positions(review.domain, review.playbook or None)
    except PositionsError:  # a playbook that cannot be read is reported by review_positions itself
        return {}
    topics = {kind: p.topic for p in positions.positions for kind in p.also_reported_as}
    return topics | {f"position_{p.id}": p.topic for p in positions.positions}


async def describe_tools(call: CallContext, data: DescribeToolsInput, params: types.CallToolRequestParams):
    found = [call.state.catalog.get(name) for name in data.names]
    known = [spec for spec in found if spec is not None]
    unknown = [name for name, spec in zip(data.names, found) if spec is None]
    await call.expand([spec.name for spec in known])
    result: dict[str, Any] = {"tools": [ToolCatalog.full_definition(spec) for spec in known]}
    if unknown:
        result["unknown"] = unknown
        result["known_tools"] = call.state.catalog.names()
    return result


async def close_review(call: CallContext, data: CloseReviewInput, params: types.CallToolRequestParams):
    review = choose_review(call.store, data.review_id)
    primary = review.primary()
    if not data.confirm:
        message = f"Close review {review.review_id} ({primary.filename if primary else 'no primary document'})? Its stored documents will be deleted."
        answer = await confirm.ask(call, message, "Close the review", params)
        if isinstance(answer, types.InputRequiredResult):
            return answer
        if answer is None:
            raise ReviewError("closing a review deletes its stored documents: ask the user, then call close_review again with confirm=true",
                              code="CONFIRMATION_REQUIRED", details={"review_id": review.review_id})
        if not answer:
            return {"review_id": review.review_id, "closed": False, "reason": "the user declined"}
    call.store.delete(review.review_id)
    await call.announce_resources_changed()
    return {"review_id": review.review_id, "closed": True}


def _spec(name: str, title: str, description: str, model: type[BaseModel], handler, effect: str = "query", always_full: bool = False) -> ToolSpec:
    return ToolSpec(name=name, title=title, description=description, input_schema=model_input_schema(model),
                    effect=effect, input_model=model, handler=handler, always_full=always_full)


def builtin_specs() -> list[ToolSpec]:
    return [
        _spec("open_review", "Open a review",
              "Open a review of a contract and its related documents. It loads local files (inside the allowed folders) "
              "or text, each with a role, and sets the domain, the party we act for and the language. Returns the "
              "review_id the other tools take.",
              OpenReviewInput, open_review, effect="create"),
        _spec("list_reviews", "List reviews", "List the open reviews with their documents.", ListReviewsInput, list_reviews),
        _spec("get_outline", "Document outline",
              "The clause outline of a document: ids, titles and levels, a page at a time.",
              OutlineInput, get_outline),
        _spec("find_clauses", "Find clauses",
              "Find the clauses about a topic, best first: BM25 with a clause-type model for CUAD's 41 categories "
              "(governing law, assignment, cap on liability, ...). Each hit has a clause_id every tool accepts, "
              "its character offsets and a short quote; an empty result says why.",
              FindClausesInput, find_clauses),
        _spec("get_checklist", "Review checklist",
              "The review checklist of the domain or playbook, each item resolved to clause ids.",
              ChecklistInput, get_checklist),
        _spec("describe_tools", "Describe tools",
              "The full schemas of the named tools, which are listed in full from then on.",
              DescribeToolsInput, describe_tools, always_full=True),
        _spec("close_review", "Close a review",
              "Close a review and delete its stored documents. Destructive: needs the user's confirmation.",
              CloseReviewInput, close_review, effect="delete"),
    ]
