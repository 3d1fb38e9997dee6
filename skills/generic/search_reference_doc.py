"""search_reference_doc: the passages of a review's reference document that speak to a clause or a query.

Ranked by BM25 over clause-sized passages (paralaw.skills.text.retrieval), so each hit names the clause it
comes from and quotes the sentence that matched. The document to search is chosen by the model
(`document`: a filename or id) or defaults to the first document with role `reference`, else the primary
contract; that is also how "find the clauses about X" works on the contract itself.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

from ..documents.model import DocumentStructure
from ..errors import SkillFailure
from ..framework.base import ClauseInput, require_structure
from ..framework.schema import SkillRegistration
from ..framework.state import document_with_role, state_snapshot
from ..text.retrieval import ClauseIndex, tokenize

MAX_QUERY_ECHO = 300


class SearchReferenceInput(ClauseInput):
    query: str = Field("", description="Words or a passage to look for. Default: the text of the clause under review.")
    document: str = Field("", description="Filename or document id of the review document to search. Default: the first "
                                          "reference document of the review, else the primary contract.")
    top_k: int = Field(5, ge=1, le=20, description="How many passages to return, best first.")
    review_documents: SkipJsonSchema[list[Any]] = Field(
        default_factory=list, exclude=True,
        description="Filled in by the system: the review's documents as {document_id, filename, role, structure}.")


class Passage(BaseModel):
    clause_id: str = Field(description="Clause of the searched document; '' for text outside any numbered clause.")
    title: str
    score: float = Field(description="BM25 score; comparable only within one search.")
    quote: str = Field(description="Verbatim sentence (or a window of it) that matched best.")
    start: int = Field(description="Offset of the matched passage in the searched document.")
    end: int


class SearchReferenceOutput(BaseModel):
    document_id: str
    filename: str
    role: str = Field(description="Role of the searched document in the review: reference, primary, er, gc, ...")
    query: str = Field(description="The query used (cut to 300 characters).")
    query_source: str = Field(description="'argument' when a query was given, 'clause_text' when the clause's text was used.")
    hits: list[Passage]
    total_hits: int
    summary: str


def _documents(data: SearchReferenceInput) -> list[dict[str, Any]]:
    documents = [d for d in data.review_documents if isinstance(d, dict) and isinstance(d.get("structure"), DocumentStructure)]
    if not documents and data.document_structure is not None:
        structure = require_structure(data.document_structure)
        documents = [{"document_id": structure.document_id, "filename": structure.filename, "role": "primary", "structure": structure}]
    return documents


def _choose(documents: list[dict[str, Any]], wanted: str) -> dict[str, Any]:
    if not documents:
        raise SkillFailure("no document is loaded for this review", code="NO_DOCUMENT")
    if wanted.strip():
        name = wanted.strip()
        for doc in documents:
            structure = doc["structure"]
            if name in (doc.get("document_id"), doc.get("filename"), structure.document_id, structure.filename):
                return doc
        for doc in documents:  # a bare name without folder or extension: "general_conditions"
            if doc["structure"].filename.rsplit("/", 1)[-1].rsplit(".", 1)[0] == name.rsplit(".", 1)[0]:
                return doc
        known = ", ".join(f"{d['structure'].filename or d['structure'].document_id} ({d.get('role', '?')})" for d in documents)
        raise SkillFailure(f"no document '{name}' in this review; documents: {known}", code="DOCUMENT_NOT_FOUND",
                           details={"document": name})
    for role in ("reference", "primary"):
        found = next((d for d in documents if d.get("role") == role), None)
        if found:
            return found
    return documents[0]


def search_reference_doc(data: SearchReferenceInput) -> SearchReferenceOutput:
    documents = _documents(data)
    target = _choose(documents, data.document)
    structure: DocumentStructure = target["structure"]
    primary = next((d["structure"] for d in documents if d.get("role") == "primary"), None)
    clause = primary.get_clause(data.clause_id) if primary is not None and data.clause_id else None
    query, source = data.query.strip(), "argument"
    if not query:
        if clause is None:
            raise SkillFailure(f"clause '{data.clause_id}' is not in the primary document; give a `query` to search with",
                               code="CLAUSE_NOT_FOUND", details={"clause_id": data.clause_id})
        query, source = primary.full_text(clause).strip(), "clause_text"
        if not tokenize(query):
            raise SkillFailure(f"clause '{clause.clause_id}' has no searchable text; give a `query`", code="INVALID_ARGUMENT")
    elif not tokenize(query):
        raise SkillFailure("the query has no searchable words (only stop-words, punctuation or blanks)",
                           code="INVALID_ARGUMENT", details={"query": data.query})
    # Searching a clause's own document with its own text would return the clause itself first.
    skip = {c.clause_id for c in clause.walk()} if source == "clause_text" and structure is primary else set()
    found = ClauseIndex.for_document(structure).search(query, top_k=data.top_k + len(skip))
    hits = [Passage(**h.model_dump()) for h in found if h.clause_id not in skip][: data.top_k]
    name = structure.filename or structure.document_id
    if hits:
        best = hits[0]
        where = f"clause {best.clause_id} ({best.title})" if best.clause_id else best.title
        summary = f"{len(hits)} passages of {name} match; best: {where}, score {best.score:.2f}."
    else:
        summary = f"No passage of {name} shares a searchable word with the query."
    return SearchReferenceOutput(
        document_id=structure.document_id, filename=structure.filename, role=str(target.get("role", "")),
        query=query[:MAX_QUERY_ECHO], query_source=source, hits=hits, total_hits=len(hits), summary=summary)


def prepare_input(clause_id: str, primary_structure, state: dict) -> SearchReferenceInput:
    documents = [d for d in state.get("documents", []) if d.get("structure") is not None]
    primary = primary_structure or document_with_role(state, "primary")
    if primary is not None and not any(d.get("role") == "primary" for d in documents):
        documents.insert(0, {"document_id": primary.document_id, "filename": primary.filename, "role": "primary", "structure": primary})
    return SearchReferenceInput(clause_id=clause_id, document_structure=primary, state_snapshot=state_snapshot(state),
                                review_documents=documents)


registration = SkillRegistration(
    skill_id="search_reference_doc",
    name="Search a reference document",
    description=(
        "Find the passages of a review document that deal with a clause or a topic, ranked by relevance "
        "(BM25; English and Chinese). Searches the reference document by default, or the document you name; "
        "the query defaults to the clause's text. Returns clause ids, titles, scores and verbatim quotes."
    ),
    input_schema=SearchReferenceInput,
    output_schema=SearchReferenceOutput,
    local_handler=search_reference_doc,
    prepare_input_fn=prepare_input,
    category="retrieval",
)
