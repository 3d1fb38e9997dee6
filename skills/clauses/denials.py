"""Clauses that name a category only to deny it (data/denials.yaml): "there are no third-party beneficiaries"
is read by the clause-type model as a third-party-beneficiary clause, though it answers the category's
question with no. Such a clause does not count for the category unless it keeps an exception.

The rules are data a lawyer can read and extend: a category's `denied` sentences, the `except` words that keep
a right alive in the same sentence, and `affirms` wording that grants the right anywhere in the clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml

_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+")  # "Sections 10.3 and 10.4" stays one sentence


@dataclass(frozen=True)
class Denial:
    denied: re.Pattern[str]
    exceptions: re.Pattern[str] | None
    affirms: re.Pattern[str] | None


def _union(patterns: list[str]) -> re.Pattern[str] | None:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE) if patterns else None


@lru_cache(maxsize=1)
def denials() -> dict[str, Denial]:
    text = resources.files("paralaw.skills.clauses").joinpath("data", "denials.yaml").read_text(encoding="utf-8")
    rules = yaml.safe_load(text) or {}
    return {category: Denial(_union(rule.get("denied") or []), _union(rule.get("except") or []),
                             _union(rule.get("affirms") or []))
            for category, rule in rules.items() if rule.get("denied")}


def only_denies(category: str, text: str) -> bool:
    """True when `text` (a clause) mentions `category` only to deny it: a sentence denies it with no exception,
    and nothing grants it outright."""
    rule = denials().get(category)
    if rule is None:
        return False
    if rule.affirms is not None and rule.affirms.search(text):
        return False
    denied = False
    for sentence in _SENTENCE_END.split(text):
        if rule.denied.search(sentence):
            if rule.exceptions is not None and rule.exceptions.search(sentence):
                return False  # denied with a carve-out: the carve-out is the answer
            denied = True
    return denied
