"""Resources: each review's documents and clauses, and the domain packs' checklists and criteria.

    paralaw://reviews/{review_id}/documents/{document_id}                      the document (Markdown + JSON outline)
    paralaw://reviews/{review_id}/clauses/{clause_id}                          a clause of the primary document
    paralaw://reviews/{review_id}/documents/{document_id}/clauses/{clause_id}  a clause of any document
    paralaw://domains/{domain}/checklist                                       the review checklist (JSON + Markdown)
    paralaw://domains/{domain}/criteria                                        the review criteria (JSON)

A read returns the text/markdown rendering first, then the application/json one, under the same URI.
Unknown URIs are the protocol's "resource not found" error (-32002).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, unquote

import mcp_types as types
from mcp.shared.exceptions import MCPError

from paralaw.skills.documents.model import Clause
from paralaw.skills.packs import DOMAINS, load_pack

from .store import Review, ReviewStore, StoredDocument

RESOURCE_NOT_FOUND = -32002
SCHEME = "paralaw://"


def _doc_uri(review: Review, doc: StoredDocument) -> str:
    return f"{SCHEME}reviews/{review.review_id}/documents/{quote(doc.document_id, safe='')}"


async def list_resources(store: ReviewStore) -> types.ListResourcesResult:
    items = []
    for domain in DOMAINS:
        pack = load_pack(domain)
        items.append(types.Resource(uri=f"{SCHEME}domains/{domain}/checklist", name=f"{domain}-checklist",
                                    title=f"{pack.name}: review checklist", mime_type="application/json"))
        items.append(types.Resource(uri=f"{SCHEME}domains/{domain}/criteria", name=f"{domain}-criteria",
                                    title=f"{pack.name}: review criteria", mime_type="application/json"))
    for review in store.list():
        for doc in review.documents:
            items.append(types.Resource(uri=_doc_uri(review, doc), name=doc.filename or doc.document_id,
                                        title=f"{doc.filename} ({doc.role}, review {review.review_id})",
                                        mime_type="text/markdown", size=len(doc.structure.text.encode("utf-8"))))
    return types.ListResourcesResult(resources=items)


async def list_templates() -> types.ListResourceTemplatesResult:
    base = f"{SCHEME}reviews/{{review_id}}"
    return types.ListResourceTemplatesResult(resource_templates=[
        types.ResourceTemplate(uri_template=f"{base}/documents/{{document_id}}", name="review-document",
                               description="A document of a review: its text, then its outline as JSON.", mime_type="text/markdown"),
        types.ResourceTemplate(uri_template=f"{base}/clauses/{{clause_id}}", name="review-clause",
                               description="A clause of the review's primary document with its sub-clauses, as Markdown and JSON.",
                               mime_type="text/markdown"),
        types.ResourceTemplate(uri_template=f"{base}/documents/{{document_id}}/clauses/{{clause_id}}", name="document-clause",
                               description="A clause of any document of the review.", mime_type="text/markdown"),
    ])


def _contents(uri: str, markdown: str | None, data: Any) -> types.ReadResourceResult:
    contents: list[types.TextResourceContents] = []
    if markdown is not None:
        contents.append(types.TextResourceContents(uri=uri, mime_type="text/markdown", text=markdown))
    contents.append(types.TextResourceContents(uri=uri, mime_type="application/json", text=json.dumps(data, ensure_ascii=False, indent=1)))
    return types.ReadResourceResult(contents=contents)


def _not_found(uri: str, why: str) -> MCPError:
    return MCPError(RESOURCE_NOT_FOUND, f"resource not found: {why}", {"uri": uri})


def _clause_resource(uri: str, doc: StoredDocument, clause_id: str) -> types.ReadResourceResult:
    structure = doc.structure
    clause: Clause | None = structure.get_clause(clause_id)
    if clause is None:
        raise _not_found(uri, f"{doc.filename} has no clause '{clause_id}'")
    text = structure.full_text(clause).strip()
    data = {"document_id": doc.document_id, "filename": doc.filename, "clause_id": clause.clause_id, "label": clause.label,
            "title": clause.title, "level": clause.level, "parent_id": clause.parent_id,
            "children": [c.clause_id for c in clause.children], "start": clause.start, "end": clause.end, "text": text}
    return _contents(uri, text, data)


def _document_resource(uri: str, doc: StoredDocument) -> types.ReadResourceResult:
    structure = doc.structure
    outline = [{"clause_id": c.clause_id, "title": c.title, "level": c.level} for c in structure.iter_clauses()]
    data = {"document_id": doc.document_id, "filename": doc.filename, "role": doc.role, "language": structure.language,
            "total_clauses": structure.total_clauses, "outline": outline}
    return _contents(uri, structure.text, data)


def _checklist_markdown(domain: str) -> str:
    pack = load_pack(domain)
    lines = [f"# {pack.name}: review checklist", ""]
    for item in pack.checklist:
        skills = f" (skills: {', '.join(item.required_skills)})" if item.required_skills else ""
        lines.append(f"- **{item.clause_id} {item.clause_name}** [{item.priority}]: {item.description}{skills}")
    return "\n".join(lines) + "\n"


async def read_resource(store: ReviewStore, uri: str) -> types.ReadResourceResult:
    uri = str(uri)
    if not uri.startswith(SCHEME):
        raise _not_found(uri, "paralaw resources start with paralaw://")
    parts = [unquote(p) for p in uri[len(SCHEME):].split("/")]
    if len(parts) == 3 and parts[0] == "domains" and parts[1] in DOMAINS:
        pack = load_pack(parts[1])
        if parts[2] == "checklist":
            return _contents(uri, _checklist_markdown(parts[1]), [item.model_dump() for item in pack.checklist])
        if parts[2] == "criteria":
            return _contents(uri, None, pack.criteria)
    if len(parts) >= 4 and parts[0] == "reviews":
        review = store.get(parts[1])
        if review is None:
            raise _not_found(uri, f"no open review '{parts[1]}'")
        if parts[2] == "clauses" and len(parts) == 4:
            primary = review.primary()
            if primary is None:
                raise _not_found(uri, "the review has no primary document")
            return _clause_resource(uri, primary, parts[3])
        if parts[2] == "documents":
            doc = review.find_document(parts[3])
            if doc is None:
                raise _not_found(uri, f"review {review.review_id} has no document '{parts[3]}'")
            if len(parts) == 4:
                return _document_resource(uri, doc)
            if len(parts) == 6 and parts[4] == "clauses":
                return _clause_resource(uri, doc, parts[5])
    raise _not_found(uri, "unknown paralaw resource")
