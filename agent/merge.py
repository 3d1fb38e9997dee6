"""One risk per issue: findings of several skills about the same provision become one risk.

Two risks are the same issue when they sit on the same clause (or one on a sub-clause of the other) and
either speak of the same topic or quote overlapping text; two risks of one topic that quote overlapping text are
one issue wherever each placed it (a Contract Data row, and the Sub-Clause it fills in). A risk that says a
provision is absent merges with
every other risk of its topic, wherever it was reported. Where the review positions found a provision at the
standard (GREEN), other skills' risks on that topic are dropped: the same fact gets one verdict, and the
positions read the operative clause. The merged risk keeps the review position's
verdict and severity where there is one (else the highest severity), the most specific clause, every quote as
evidence and the names of the skills that found it.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any

from .locate import is_descendant
from .sweep import WHOLE

POSITIONS_TOOL = "review_positions"
_ABSENCE = re.compile(r"^(missing|no)_")
_LEVEL = {"high": 0, "medium": 1, "low": 2}
_SPACE = re.compile(r"\s+")


def _quote(risk: dict[str, Any]) -> str:
    return _SPACE.sub(" ", (risk.get("location") or {}).get("original_text", "")).strip().lower()


def topic_of(risk: dict[str, Any], kind_topics: dict[str, str]) -> str:
    if risk.get("topic"):
        return risk["topic"]
    kind = str(risk.get("risk_type", ""))
    return kind_topics.get(kind) or kind_topics.get(kind.removeprefix("criterion_")) or ""


def _absence(risk: dict[str, Any]) -> bool:
    return risk.get("verdict") == "MISSING" or bool(_ABSENCE.match(str(risk.get("risk_type", ""))))


def _related(a: str, b: str) -> bool:
    return a == b or is_descendant(a, b) or is_descendant(b, a)


def _overlap(a: str, b: str, min_run: int = 40) -> bool:
    if not a or not b:
        return False
    if a in b or b in a:
        return True
    match = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return match.size >= min(min_run, len(a), len(b))


def _amends(a: str, b: str) -> bool:
    """'Part C/8.7' and '8.7': a paragraph of a part that repeats the body's numbering (Particular Conditions amending
    the General Conditions in the same file) and the clause it amends."""
    return ("/" in a and _related(a.rsplit("/", 1)[1], b)) or ("/" in b and _related(b.rsplit("/", 1)[1], a))


def same_issue(a: dict[str, Any], b: dict[str, Any], kind_topics: dict[str, str]) -> bool:
    topic_a, topic_b = topic_of(a, kind_topics), topic_of(b, kind_topics)
    clause_a, clause_b = a.get("clause_id", ""), b.get("clause_id", "")
    if topic_a and topic_a == topic_b and (_related(clause_a, clause_b) or _amends(clause_a, clause_b) or WHOLE in (clause_a, clause_b)
                                           or _absence(a) or _absence(b)):
        return True
    if topic_a and topic_a == topic_b and _overlap(_quote(a), _quote(b)):
        return True  # one provision read in two places: a Contract Data row, and the Sub-Clause it fills in
    if _absence(a) and a.get("risk_type") == b.get("risk_type"):
        return True  # "no tag-along was found", said at three sections, is one finding
    return _related(clause_a, clause_b) and WHOLE not in (clause_a, clause_b) and _overlap(_quote(a), _quote(b))


def _primary(group: list[dict[str, Any]], kind_topics: dict[str, str]) -> dict[str, Any]:
    """The review position's risk; but where the group joined another topic's risk at the same words and that
    one is graver (an uncapped indemnity we give, quoted by a position that looks for the indemnity we lack), the
    graver one leads: one provision, two points, and the worse decides."""
    level = lambda r: _LEVEL.get(r.get("risk_level"), 3)  # noqa: E731
    best = min(group, key=lambda r: (r.get("source") != POSITIONS_TOOL, level(r)))
    topic = topic_of(best, kind_topics)
    graver = [r for r in group if topic_of(r, kind_topics) != topic and level(r) < level(best)]
    return min(graver, key=lambda r: (level(r), r.get("source") != POSITIONS_TOOL)) if graver else best


def _combined(group: list[dict[str, Any]], kind_topics: dict[str, str]) -> dict[str, Any]:
    primary = _primary(group, kind_topics)  # updated in place: callers find a merged risk where its primary was
    deepest = max((r for r in group if r.get("clause_id") not in ("", WHOLE)), default=primary,
                  key=lambda r: (_related(r["clause_id"], primary.get("clause_id", "")) or primary.get("clause_id") == WHOLE,
                                 r["clause_id"].count(".") + r["clause_id"].count("(")))
    has_quote = bool((primary.get("location") or {}).get("original_text"))
    if primary.get("clause_id") in ("", WHOLE) or (not has_quote and is_descendant(deepest.get("clause_id", ""), primary.get("clause_id", ""))):
        primary["clause_id"] = deepest["clause_id"]
        if not primary.get("location") and deepest.get("location"):
            primary["location"], primary["quote_verified"] = deepest["location"], deepest.get("quote_verified")
    quotes = list(dict.fromkeys((r.get("location") or {}).get("original_text", "") for r in group))
    primary["evidence"] = [q for q in quotes if q]
    primary["found_by"] = list(dict.fromkeys(r.get("source", "") for r in group))
    edits = [e for r in [primary] + [r for r in group if r is not primary] for e in r.get("redline") or []]
    if edits:  # the exact changes of every position of the issue; the primary's free wording stays in the comment
        primary["redline"] = [e for i, e in enumerate(edits) if e not in edits[:i]]
    others = [r["description"] for r in group if r is not primary and r.get("description")
              and r["description"] != primary.get("description")]
    if others:
        primary["also_noted"] = list(dict.fromkeys(others))
    return primary


def merge_risks(risks: list[dict[str, Any]], kind_topics: dict[str, str],
                green_topics: set[str] = frozenset()) -> list[dict[str, Any]]:
    """The risks with every issue reported once, in their original order (each group at its first member)."""
    risks = [r for r in risks if not (r.get("source") != POSITIONS_TOOL and topic_of(r, kind_topics) in green_topics)]
    groups: list[list[dict[str, Any]]] = []
    for risk in risks:
        home = next((g for g in groups if any(same_issue(risk, other, kind_topics) for other in g)), None)
        if home is None:
            groups.append([risk])
        else:
            home.append(risk)
    return [_combined(g, kind_topics) if len(g) > 1 else g[0] for g in groups]
