"""Find the clauses of one document that are about something: BM25 (bm25s) over clause-sized passages.

Each passage is one clause's own text (a parent's text before its first sub-clause counts as its own), so
a hit names a clause. What makes clause-level BM25 work on real contracts (bench/quality_search.py):

- granularity: a clause longer than about a page is split into passages at paragraph or sentence breaks,
  otherwise one 40,000-character "clause" (a badly numbered contract) wins every query by sheer length;
  text outside any clause (a Contract Data table, an unnumbered contract) is indexed too, with an empty
  clause_id, and the opening before the first clause is labelled as the preamble (name, parties, date);
- headings: the clause's title and its parent's are a second field scored beside the body, since a
  heading says what a clause is about more reliably than its words;
- the query: a word it repeats is its topic and weighs more (saturating, BM25's k3);
- the result: one hit per clause, and at most two sub-clauses of one parent before other clauses get a
  place, so five hits are not five paragraphs of one clause.

Hits carry the matched passage's offsets and, as `quote`, a short verbatim window around the passage's
best-matching sentence. Indexes are cached per (document_id, len(text)) in a small LRU.
"""

from __future__ import annotations

import math
import re
import threading
from collections import Counter, OrderedDict
from functools import lru_cache
from typing import NamedTuple

import bm25s
import numpy as np
from pydantic import BaseModel, Field

from ..documents.model import DocumentStructure
from .tokens import tokenize

__all__ = ["Hit", "ClauseIndex", "tokenize"]

MAX_PASSAGE = 1200  # characters; longer clause text is split
QUOTE_CHARS = 320
CACHE_SIZE = 32
K1, B = 1.2, 0.5  # BM25 parameters: milder length normalisation than the defaults (1.5, 0.75)
TITLE_WEIGHT = 1.0
K3 = 8.0  # query term-frequency saturation (BM25's k3)
MAX_PER_GROUP = 2
OUTSIDE_TITLE = "(text outside the numbered clauses)"
PREAMBLE_TITLE = "(preamble: the name of the agreement, its parties and date)"
PREAMBLE_TITLE_ZH = "（首部：合同名称、当事人及签订日期）"
PREAMBLE_CHARS = 3000  # the opening that counts as preamble when no numbered clause starts earlier


class Hit(BaseModel):
    clause_id: str = Field(description="Clause the passage belongs to; '' for text outside any numbered clause.")
    title: str
    score: float
    quote: str = Field(description="Verbatim window of the passage around its best-matching sentence.")
    start: int = Field(description="Offset of the matched passage in the document text.")
    end: int = Field(description="Offset just past the matched passage.")


class _Passage(NamedTuple):
    clause_id: str
    title: str
    start: int
    end: int
    group: str  # the parent clause: siblings compete for a limited number of places in a result


_BREAKS = (re.compile(r"\n[ \t]*\n"), re.compile(r"\n"), re.compile(r"(?<=[.;:。；])\s+"), re.compile(r"\s+"))
# A sentence ends at . ; ! ? before a space, at a Chinese stop, or at a line end; "14.2" does not end one.
_SENTENCE = re.compile(r"(?:[^\n.;!?。；！？]|[.;!?](?=\S))+(?:[.;!?](?=\s|$)|[。；！？])?")


def _split(text: str, start: int, end: int, limit: int | None = None) -> list[tuple[int, int]]:
    """Cut text[start:end] into spans of at most `limit` characters at the strongest break available."""
    limit = limit or MAX_PASSAGE
    spans: list[tuple[int, int]] = []
    while end - start > limit:
        window = text[start + limit // 3: start + limit]
        cut = None
        for pattern in _BREAKS:
            found = [m.end() for m in pattern.finditer(window)]
            if found:
                cut = start + limit // 3 + found[-1]
                break
        cut = cut or start + limit
        spans.append((start, cut))
        start = cut
    if text[start:end].strip():
        spans.append((start, end))
    return spans


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    """Without surrounding white space, nor the '#' of a Markdown heading that follows."""
    piece = text[start:end]
    lead = len(piece) - len(piece.lstrip())
    return start + lead, start + len(piece.rstrip().rstrip("#").rstrip())


def _owners(structure: DocumentStructure, clauses: list) -> np.ndarray:
    """For each character, the index of the clause whose own text holds it (-1: none).

    Where own texts overlap (a parser that misread a recital as spanning later clauses), the clause that
    starts later wins, so every character is indexed once, under its most specific clause.
    """
    owner = np.full(len(structure.text), -1, dtype=np.int32)
    for i in sorted(range(len(clauses)), key=lambda i: clauses[i].start):
        clause = clauses[i]
        owner[clause.start: clause.start + len(clause.text)] = i
    return owner


def _passages(structure: DocumentStructure) -> tuple[list[_Passage], list[list[str]], list[list[str]]]:
    """The passages with their body tokens and their heading tokens (own title, then the parent's)."""
    text = structure.text
    clauses = list(structure.iter_clauses())
    passages: list[_Passage] = []
    tokens: list[list[str]] = []
    headings: list[list[str]] = []
    owner = _owners(structure, clauses)
    edges = np.flatnonzero(np.diff(owner)) + 1
    opening = min([PREAMBLE_CHARS, *(c.start for c in clauses)])
    preamble_title = PREAMBLE_TITLE_ZH if structure.language == "zh" else PREAMBLE_TITLE
    for start, end in zip([0, *edges.tolist()], [*edges.tolist(), len(text)]):
        if not text[start:end].strip():
            continue
        clause = clauses[owner[start]] if owner[start] >= 0 else structure.clause_at(start)
        if clause is None:
            clause_id, title, extra = "", OUTSIDE_TITLE, []
        else:
            parent = structure.parent_of(clause)
            if clause.children and not set(tokenize(text[start:end])) - set(tokenize(f"{clause.label} {clause.title}")):
                continue  # a bare heading: its title reaches the search through its sub-clauses' tokens
            clause_id, title = clause.clause_id, clause.title or (parent.title if parent else "")
            extra = tokenize(clause.title) + (tokenize(parent.title) if parent else [])
        for s, e in _split(text, start, end):
            s, e = _trimmed(text, s, e)
            words = tokenize(text[s:e])
            if not words:
                continue
            preamble = clause is None and s < opening
            group = (clause.parent_id or clause.clause_id) if clause is not None else f"@{s}"
            passages.append(_Passage("", preamble_title, s, e, f"@{s}") if preamble else _Passage(clause_id, title, s, e, group))
            headings.append(tokenize(preamble_title) if preamble else extra)
            tokens.append(words)
    return passages, tokens, headings


@lru_cache(maxsize=20_000)
def _token_set(sentence: str) -> frozenset[str]:
    return frozenset(tokenize(sentence))


def _quote(text: str, passage: _Passage, query: set[str], idf: dict[str, float]) -> str:
    """The passage's sentence sharing the most (idf-weighted) query words, cut to a short window."""
    best, best_score = (passage.start, passage.end), -1.0
    for match in _SENTENCE.finditer(text, passage.start, passage.end):
        if not match.group(0).strip():
            continue
        score = sum(idf.get(t, 0.0) for t in _token_set(match.group(0)) & query)
        if score > best_score:
            best, best_score = (match.start(), match.end()), score
    start, end = _trimmed(text, *best)
    if end - start < QUOTE_CHARS // 3:  # a bare heading or list stem: show what follows it too
        end = _trimmed(text, start, min(passage.end, start + QUOTE_CHARS))[1]
    if end - start > QUOTE_CHARS:
        lowered = text[start:end].lower()
        first = min((i for i in (lowered.find(t[:5]) for t in query if t[:5]) if i >= 0), default=0)
        start = start + max(0, min(first - QUOTE_CHARS // 4, end - start - QUOTE_CHARS))
        end = start + QUOTE_CHARS
        if end < passage.end and not text[end].isspace() and " " in text[start:end]:
            end = text.rindex(" ", start, end)
        if start > passage.start and not text[start - 1].isspace() and " " in text[start:end]:
            start = text.index(" ", start, end) + 1
        start, end = _trimmed(text, start, end)
    return text[start:end]


class ClauseIndex:
    """A BM25 index over the passages of one document. Build with `for_document` (cached)."""

    _cache: "OrderedDict[tuple[str, int], ClauseIndex]" = OrderedDict()
    _lock = threading.Lock()

    def __init__(self, structure: DocumentStructure) -> None:
        self.structure = structure
        self.passages, corpus, headings = _passages(structure)
        self._retriever: bm25s.BM25 | None = None
        self._headings: bm25s.BM25 | None = None
        self._idf: dict[str, float] = {}
        if corpus:
            corpus = [words + heading for words, heading in zip(corpus, headings)]
            self._retriever = bm25s.BM25(k1=K1, b=B)  # lucene variant: idf stays positive even for a 1-passage corpus
            self._retriever.index(corpus, show_progress=False)
            if any(headings):
                self._headings = bm25s.BM25(k1=K1, b=B)
                self._headings.index(headings, show_progress=False)
            df = Counter(t for words in corpus for t in set(words))
            n = len(corpus)
            self._idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    @classmethod
    def for_document(cls, structure: DocumentStructure) -> "ClauseIndex":
        key = (structure.document_id, len(structure.text))
        with cls._lock:
            if key in cls._cache:
                cls._cache.move_to_end(key)
                return cls._cache[key]
        index = cls(structure)
        with cls._lock:
            cls._cache[key] = index
            cls._cache.move_to_end(key)
            while len(cls._cache) > CACHE_SIZE:
                cls._cache.popitem(last=False)
        return index

    def __len__(self) -> int:
        return len(self.passages)

    def search(self, query: str, top_k: int = 5) -> list[Hit]:
        """The best `top_k` clauses for `query`, one hit per clause, best first.

        A query with no searchable word (empty, or only stop-words) and a document with no text both give
        []; so does a query none of whose words occur in the document. Callers that need a reason check
        `tokenize(query)` themselves.
        """
        if top_k < 1:
            return []
        scores, words = self.bm25(query)
        if not words:
            return []
        return [self.hit(i, float(scores[i]), words) for i in self.select(scores, top_k)]

    def bm25(self, query: str) -> tuple[np.ndarray, set[str]]:
        """Every passage's BM25 score for `query` (zeros when no query word occurs), and the query's words
        the document knows. The building block of search() and of the hybrid clause search."""
        if self._retriever is None:
            return np.zeros(len(self.passages)), set()
        vocab = self._retriever.vocab_dict
        query_words = [t for t in tokenize(query) if t in vocab]
        if not query_words:
            return np.zeros(len(self.passages)), set()
        weights = {w: (K3 + 1) * c / (K3 + c) for w, c in Counter(query_words).items()}  # repeated = topic
        return self._scores(weights), set(query_words)

    def hit(self, i: int, score: float, words: set[str]) -> Hit:
        """Passage i as a hit, quoting its sentence that shares the most (idf-weighted) of `words`."""
        p = self.passages[i]
        return Hit(clause_id=p.clause_id, title=p.title, score=round(score, 4),
                   quote=_quote(self.structure.text, p, words, self._idf), start=p.start, end=p.end)

    def address(self, i: int) -> str:
        """A clause_id for passage i that DocumentStructure.get_clause accepts: its clause's id, else
        'preamble' for the opening before the first clause, else 'text@START-END' (the passage itself)."""
        p = self.passages[i]
        if p.clause_id:
            return p.clause_id
        first = min((c.start for c in self.structure.clauses), default=0)
        return "preamble" if p.end <= first else f"text@{p.start}-{p.end}"

    def _scores(self, weights: dict[str, float]) -> np.ndarray:
        vocab = self._retriever.vocab_dict
        headings = self._headings.vocab_dict if self._headings is not None else {}
        scores = np.zeros(len(self.passages), dtype=np.float64)
        for word, weight in weights.items():
            if word in vocab:
                scores += weight * self._retriever.get_scores_from_ids([vocab[word]])
            if word in headings and TITLE_WEIGHT:
                scores += weight * TITLE_WEIGHT * self._headings.get_scores_from_ids([headings[word]])
        return scores

    def select(self, scores: np.ndarray, top_k: int) -> list[int]:
        """Best passage per clause, in score order; at most MAX_PER_GROUP sub-clauses of one parent before
        every other clause has had its chance, so five hits are not five paragraphs of one clause."""
        best: list[int] = []
        seen: set[str] = set()
        for i in sorted(np.flatnonzero(scores > 0), key=lambda i: (-scores[i], i)):
            passage = self.passages[i]
            key = passage.clause_id or f"@{passage.start}"
            if key not in seen:
                seen.add(key)
                best.append(i)
        if not MAX_PER_GROUP:
            return best[:top_k]
        chosen: list[int] = []
        deferred: list[int] = []
        per_group: Counter = Counter()
        for i in best:
            group = self.passages[i].group
            (chosen if per_group[group] < MAX_PER_GROUP else deferred).append(i)
            per_group[group] += 1
            if len(chosen) == top_k:
                return chosen
        return (chosen + deferred)[:top_k]

