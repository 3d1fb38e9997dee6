"""Hybrid clause search: BM25 over a document's passages plus the clause-type model's view of each passage.

BM25 alone fails where contracts and queries use different words ("Most Favored Nation" against "no less
favorably"; "Rofr/Rofo/Rofn" against "right of first refusal") and where stemming merges unrelated words.
When a query asks about a CUAD category (topics.query_categories), each passage also scores the model's
probability that it is such a clause:

    score = BM25 / best BM25 in the document + MODEL_WEIGHT * weight(category) * P(category | passage)

so the model decides between passages BM25 cannot tell apart and finds clauses that share no word with
the query; a query about nothing the model knows is plain BM25. Passage probabilities are computed once
per document (one batched model call) and kept with the document's cached index.

Each hit carries a clause_id every tool accepts ('preamble' and 'text@START-END' for text outside the
numbered clauses), its character offsets, and the categories it was scored for. An empty result comes
with the reason.
"""

from __future__ import annotations

import re
import threading

import numpy as np
from pydantic import BaseModel, Field

from ..documents.model import DocumentStructure
from ..text.retrieval import ClauseIndex, tokenize
from .model import categories, probabilities
from .topics import query_categories

__all__ = ["ClauseHit", "SearchResult", "search_clauses", "passage_probabilities"]

MODEL_WEIGHT = 1.0
MIN_WORDS = 4  # a passage of fewer words ("2.3 [***].", a redacted clause) says nothing the model can judge
_WORDS = re.compile(r"[A-Za-z]{2,}")
_lock = threading.Lock()


class ClauseHit(BaseModel):
    clause_id: str = Field(description="Clause id every tool accepts: the contract's number, 'preamble', or "
                                       "'text@START-END' for text outside the numbered clauses.")
    title: str
    score: float = Field(description="BM25 (scaled to the best passage) plus the model's probability; comparable within one search.")
    quote: str = Field(description="Verbatim window of the passage around its best-matching sentence.")
    start: int = Field(description="Offset of the matched passage in the document text.")
    end: int = Field(description="Offset just past the matched passage.")
    category_probability: float | None = Field(None, description="The model's probability that the passage is of the query's category.")


class SearchResult(BaseModel):
    hits: list[ClauseHit]
    categories: list[str] = Field(description="CUAD categories the query was read as asking about (model-scored).")
    reason: str = Field("", description="Why nothing was found, when hits is empty.")


def passage_probabilities(index: ClauseIndex) -> np.ndarray:
    """(passages, categories) model probabilities for an index's passages, computed once per index."""
    cached = getattr(index, "_category_probabilities", None)
    if cached is None:
        with _lock:
            cached = getattr(index, "_category_probabilities", None)
            if cached is None:
                text = index.structure.text
                passages = [text[p.start:p.end] for p in index.passages]
                cached = probabilities(passages)
                cached[[len(_WORDS.findall(t)) < MIN_WORDS for t in passages]] = 0.0
                index._category_probabilities = cached
    return cached


def search_clauses(structure: DocumentStructure, query: str, top_k: int = 5) -> SearchResult:
    """The best `top_k` clauses of `structure` for `query`, hybrid when the query names a category."""
    index = ClauseIndex.for_document(structure)
    if not len(index):
        return SearchResult(hits=[], categories=[], reason="the document has no text to search")
    wanted = query_categories(query) if structure.language == "en" else {}
    bm25, words = index.bm25(query)
    if not words and not wanted:
        reason = ("the query has no searchable words (only stop-words, punctuation or blanks)" if not tokenize(query)
                  else "none of the query's words occurs in the document, and it names no clause category "
                       "the model knows")
        return SearchResult(hits=[], categories=[], reason=reason)
    best = float(bm25.max()) if len(bm25) else 0.0
    scores = bm25 / best if best > 0 else np.zeros(len(index))
    topic = np.zeros(len(index))
    if wanted:
        probs = passage_probabilities(index)
        columns = {c: i for i, c in enumerate(categories())}
        for category, weight in wanted.items():
            topic = np.maximum(topic, weight * probs[:, columns[category]])
        scores = scores + MODEL_WEIGHT * topic
    chosen = index.select(scores, top_k)
    hits = []
    for i in chosen:
        hit = index.hit(i, float(scores[i]), words)
        hits.append(ClauseHit(clause_id=index.address(i), title=hit.title, score=hit.score, quote=hit.quote,
                              start=hit.start, end=hit.end,
                              category_probability=round(float(topic[i]), 4) if wanted else None))
    reason = "" if hits else "no passage matches the query's words or its category"
    return SearchResult(hits=hits, categories=list(wanted), reason=reason)
