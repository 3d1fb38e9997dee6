"""Which baseline clause a contract clause departs from, and the clause text both sides are compared on.

A clause is matched by number when that clause is (about) the best match by title and content, else by title
and content alone. Scoring every baseline clause with edit distances is what made a long clause slow, so
bounds computed from the words alone first rule out the baseline clauses that cannot win.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from rapidfuzz import fuzz, process

from ..documents.model import Clause, DocumentStructure

_GENERIC_TITLE = {"general", "miscellaneous", "other", "provisions", "matters", "terms", "boilerplate", "and", "general provisions"}
MATCH_THRESHOLD = 0.65  # title+content score for a clause found by its words
ID_MATCH_THRESHOLD = 0.45  # lower bar when the numbers agree too


# --- the clause text, without its heading ------------------------------------------------------------------


def clause_body(structure: DocumentStructure, clause: Clause) -> tuple[str, int]:
    """The clause with its sub-clauses, heading marker stripped; and the body's offset in structure.text."""
    text = structure.full_text(clause)
    offset = clause.start
    marker = re.match(r"\s*#*\s*", text)
    cut = marker.end() if marker else 0
    for token in (clause.label, clause.clause_id):
        if token and text[cut:].startswith(token):
            cut += len(token)
            break
    after_label = cut
    rest = text[cut:]
    title = clause.title.strip().strip("*_ ")
    stripped = rest.lstrip(" .:-*_\t")
    if title and stripped.startswith(title) and (stripped[len(title):len(title) + 1] in ("", "\n", "\r", "*", ".") or clause.children):
        cut += len(rest) - len(stripped) + len(title)
    if not text[cut:].strip(" .:*_\t\r\n") and not clause.children:
        cut = after_label  # a one-line clause parsed as a title: its title is its text
    body = text[cut:]
    lead = len(body) - len(body.lstrip(" .:*_\t\r\n"))
    body = body[lead:].rstrip()
    return body, offset + cut + lead


def _text_score(a: str, b: str) -> float:
    return (fuzz.token_set_ratio(a, b) + fuzz.token_sort_ratio(a, b)) / 200


@lru_cache(maxsize=256)
def _text_scores(text: str, others: tuple[str, ...]) -> tuple[float, ...]:
    """_text_score of `text` against each of `others`, the same values computed in one pass: rapidfuzz
    prepares `text` once instead of once per baseline clause. Cached: comparing a clause and assessing it
    both match it against the same baseline clauses."""
    if not others:
        return ()
    totals = [0.0] * len(others)
    for scorer in (fuzz.token_set_ratio, fuzz.token_sort_ratio):
        for _, value, index in process.extract(text, others, scorer=scorer, processor=None, limit=None):
            totals[index] += value
    return tuple(total / 200 for total in totals)


class _Words(NamedTuple):
    """A text as rapidfuzz's token scorers see it: its distinct words (split on white space), their total
    length, and the length of all its words sorted and joined by one space (what token_sort_ratio compares)."""

    distinct: frozenset[str]
    distinct_chars: int
    sorted_length: int

    @classmethod
    def of(cls, text: str) -> "_Words":
        words = text.split()
        distinct = frozenset(words)
        return cls(distinct, sum(map(len, distinct)), _joined_length(sum(map(len, words)), len(words)))


def _joined_length(chars: int, count: int) -> int:
    """Length of `count` words of `chars` letters in all, joined by one space."""
    return chars + max(count - 1, 0)


def _ratio_at_most(length_a: int, length_b: int) -> float:
    """The highest fuzz.ratio two texts of these lengths can reach: their longest common subsequence is at
    most the shorter text."""
    total = length_a + length_b
    return 100 * 2 * min(length_a, length_b) / total if total else 100


def _text_score_bounds(a: _Words, b: _Words) -> tuple[float, float]:
    """Bounds of _text_score from the words alone, without the edit distances that make a long clause's match
    slow. token_set_ratio is the best of a ratio between the words only one side has (bounded by their
    lengths) and two ratios that follow from the lengths alone (taken exactly, as the lower bound);
    token_sort_ratio is between 0 and what the lengths allow. Widened by a hair for rounding. Only the
    shared words are walked, so a long clause costs no more than a short one."""
    common = a.distinct & b.distinct
    common_chars = sum(map(len, common))
    only_a, only_b = len(a.distinct) - len(common), len(b.distinct) - len(common)
    if common and not (only_a and only_b):
        set_low = set_high = 100.0  # one text's words all occur in the other
    else:
        common_len = _joined_length(common_chars, len(common))
        a_len, b_len = _joined_length(a.distinct_chars - common_chars, only_a), _joined_length(b.distinct_chars - common_chars, only_b)
        with_a, with_b = common_len + bool(common_len) + a_len, common_len + bool(common_len) + b_len
        set_low = max(100 - 100 * (bool(common_len) + a_len) / (common_len + with_a),
                      100 - 100 * (bool(common_len) + b_len) / (common_len + with_b)) if common_len else 0.0
        differing = 100 - 100 * abs(a_len - b_len) / (with_a + with_b) if with_a + with_b else 100.0
        set_high = max(set_low, differing)
    if not (a.distinct and b.distinct):
        set_low = set_high = 0.0
    sort_high = _ratio_at_most(a.sorted_length, b.sorted_length)
    return set_low / 200 - 1e-9, (set_high + sort_high) / 200 + 1e-9


def _title(structure: DocumentStructure, clause: Clause) -> str:
    """A clause's own title, else its parent's: '15.2' reads as part of 'Limitation of Liability'."""
    parent = structure.parent_of(clause)
    return (clause.title or (parent.title if parent else "")).lower()


_PREPARED: dict[tuple[str, int], dict[int, tuple[str, str, _Words]]] = {}


def _prepared(baseline: DocumentStructure) -> dict[int, tuple[str, str, _Words]]:
    """Each baseline clause's body and title, lower-cased, and the body's words, computed once per baseline document."""
    key = (baseline.document_id, len(baseline.text))
    if key not in _PREPARED:
        if len(_PREPARED) > 32:
            _PREPARED.clear()
        bodies = {c.start: (clause_body(baseline, c)[0].lower(), _title(baseline, c)) for c in baseline.iter_clauses()}
        _PREPARED[key] = {start: (body, title, _Words.of(body)) for start, (body, title) in bodies.items()}
    return _PREPARED[key]


def _keeps_number(same_score: float, best_score: float, text: str, other: str) -> bool:
    """Whether the baseline clause of the same number is taken: it scores well enough and about as well as
    the best match; or it is a template's placeholder ("Exit assistance rates.") that the contract filled in,
    keeping its opening words. The placeholder test (a partial match, slow on a long clause) is only run
    when the scores alone do not decide, and only as far as its score can still change the answer."""
    if same_score >= ID_MATCH_THRESHOLD and same_score >= best_score - 0.05:
        return True
    needed = best_score - 0.05 if same_score >= ID_MATCH_THRESHOLD else max(0.8, best_score - 0.05)
    shorter, longer = sorted((text, other), key=len)
    if not shorter.strip():
        return False
    filled = fuzz.partial_ratio(shorter, longer, score_cutoff=needed * 100 - 1e-6) / 100  # 0 when below `needed`
    return (same_score >= ID_MATCH_THRESHOLD or filled >= 0.8) and max(same_score, filled) >= best_score - 0.05


def match_baseline(structure: DocumentStructure, clause: Clause, body: str, baseline: DocumentStructure) -> tuple[Clause | None, str, float]:
    """The baseline clause this clause departs from: the same number when that is (about) the best match by
    title and content, else the best match, else None when nothing is close enough."""
    title, text = _title(structure, clause), body.lower()
    if set(re.findall(r"\w+", title)) <= _GENERIC_TITLE:
        title = ""  # 'General', 'Miscellaneous': says nothing about what a boilerplate clause is about
    prepared = _prepared(baseline)
    same = baseline.get_clause(clause.clause_id)
    candidates = list(baseline.iter_clauses())
    titled = {c.start: fuzz.token_set_ratio(title, prepared[c.start][1]) for c in candidates if title and prepared[c.start][1]}

    def combined(candidate: Clause, content: float) -> float:
        return 0.35 * titled[candidate.start] / 100 + 0.65 * content if candidate.start in titled else content

    def discount(candidate: Clause) -> float:  # a clause with sub-paragraphs may match one without, at a small discount
        return 0 if bool(candidate.children) == bool(clause.children) else 0.05

    # edit distances only for the baseline clauses whose best possible score reaches the worst possible score of
    # the most promising one, and for the clause of the same number: the others cannot be the best match
    words = _Words.of(text)
    bounds = {c.start: _text_score_bounds(words, prepared[c.start][2]) for c in candidates}
    floor = max((combined(c, bounds[c.start][0]) - discount(c) for c in candidates), default=0.0)
    contenders = [c for c in candidates if combined(c, bounds[c.start][1]) - discount(c) >= floor or c is same]
    content_of = dict(zip((c.start for c in contenders), _text_scores(text, tuple(prepared[c.start][0] for c in contenders))))

    def score(candidate: Clause) -> float:
        content = content_of[candidate.start] if candidate.start in content_of else _text_score(text, prepared[candidate.start][0])
        return combined(candidate, content)

    scored = [(score(c) - discount(c), c) for c in contenders]
    best_score, best = max(scored, key=lambda item: item[0], default=(0.0, None))
    if same is not None and bool(same.children) == bool(clause.children):
        same_score = score(same)
        if _keeps_number(same_score, best_score, text, prepared[same.start][0]):
            return same, "id", same_score
    if best is None or best_score < MATCH_THRESHOLD:
        return None, "none", best_score
    by_title = bool(title) and fuzz.token_set_ratio(title, _title(baseline, best)) >= 80 and best.title != ""
    return best, "title" if by_title else "content", best_score
