"""What kind of contract a document is: from its title and opening, else from what its provisions do."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import yaml

from ..documents.traditional import to_simplified
from .document import Reading

_FILE = Path(__file__).with_name("data") / "contract_types.yaml"
CONTRACT_TYPES = ("services", "supply", "distribution", "licence", "lease", "nda", "spa", "sha", "construction", "finance", "guarantee", "employment", "other")


@lru_cache(maxsize=1)
def _table() -> tuple[list[tuple[str, re.Pattern[str]]], dict[str, list[str]], re.Pattern[str], set[str]]:
    data = yaml.safe_load(_FILE.read_text(encoding="utf-8"))
    titles = [(name, re.compile(spec["title"], re.I)) for name, spec in data["types"].items()]
    return titles, data["by_actions"], re.compile(data["investment"], re.I), set(data.get("no_price") or ())


def is_investment(text: str) -> bool:
    """Whether a shareholders' or investment agreement's title or opening says money is paid in for new shares."""
    return bool(_table()[2].search(to_simplified(text[:1500])))


def contract_type(text: str, reading: Reading | None = None) -> str:
    """One of CONTRACT_TYPES. The title is the first line that names a type in the first 600 characters; the
    opening (1,500) comes next; then the actions the provisions state most."""
    titles, by_actions, _, no_price = _table()
    head = to_simplified(text[:1500])
    for window in (head[:600], head):
        hits = [(m.start(), name) for name, regex in titles if (m := regex.search(window))]
        if hits:
            found = min(hits)[1]
            # an English "Service Agreement" with an Employee or an Executive is the contract of employment
            employs = reading is not None and "person" in reading.pronouns
            return "employment" if found in ("services", "other") and employs else found
    if reading is not None:
        counts = Counter(p.action for p in reading.provisions)
        # a type whose contracts carry no price (an NDA) needs more of its actions than payments
        scored = {name: sum(counts[a] for a in actions) for name, actions in by_actions.items()
                  if name not in no_price or sum(counts[a] for a in actions) > counts["pay"]}
        best = max(scored, key=scored.get)
        if scored[best] >= 2:
            return best
    return "other"
