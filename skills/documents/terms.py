"""Which defined terms a passage uses: one compiled pattern per document, longest terms first."""

from __future__ import annotations

import re
from functools import lru_cache

from .model import Definition, DocumentStructure


@lru_cache(maxsize=64)
def _pattern(terms: tuple[str, ...]) -> re.Pattern[str] | None:
    if not terms:
        return None
    alternatives = "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def terms_used(structure: DocumentStructure, text: str) -> list[Definition]:
    """Defined terms that occur in `text`, each once, in order of first use."""
    by_term = {d.term: d for d in reversed(structure.definitions)}
    pattern = _pattern(tuple(by_term))
    if pattern is None:
        return []
    seen: dict[str, Definition] = {}
    for match in pattern.finditer(text):
        seen.setdefault(match.group(0), by_term[match.group(0)])
    return list(seen.values())
