"""The standard FIDIC time limits (1999 and 2017 Red Book) and the Chinese market benchmarks, as data.

The facts live in skills/packs/data/fidic/ (time_limits.json, zh_benchmarks.json): Sub-Clause, trigger,
days, who acts and what happens if they do not. Skills compare a contract's periods with these rows, so
this module also answers the two questions every comparison needs: which edition a contract follows, and
whether a party named in a clause is on our side.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Iterable, Literal

from pydantic import BaseModel, Field

Edition = Literal["1999", "2017"]
Side = Literal["ours", "theirs", "neutral", "unknown"]


class TimeStandard(BaseModel):
    edition: str
    sub_clause: str = Field(description="'20.1', '14.7(b)', '20.2.1'.")
    title: str
    trigger_event: str = ""
    period_days: int | None = None
    period_kind: str = Field("deadline", description="deadline, time_bar, notice, min_notice, cure_period, waiting_period, threshold, rate, rule.")
    party: str = ""
    consequence: str = ""
    status: str = ""
    source: str = "fidic"


class Benchmark(BaseModel):
    """A customary period in a Chinese construction contract, found by the words of the sentence."""

    topic: str
    label: str
    match: str
    exclude: str = ""
    party: str
    party_hint: str = ""
    period_days: int
    period_kind: str
    fidic: dict[str, str] = Field(default_factory=dict)
    basis: str = ""


def _data(name: str) -> dict:
    path = resources.files("paralaw.skills.packs").joinpath("data", "fidic", name)
    return json.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def time_standards() -> tuple[TimeStandard, ...]:
    return tuple(TimeStandard.model_validate(row) for row in _data("time_limits.json")["rows"])


@lru_cache(maxsize=1)
def zh_benchmarks() -> tuple[Benchmark, ...]:
    return tuple(Benchmark.model_validate(row) for row in _data("zh_benchmarks.json")["rows"])


def base_id(sub_clause: str) -> str:
    """'14.7(b)' -> '14.7'."""
    return sub_clause.split("(", 1)[0]


def paragraph_of(sub_clause: str) -> str:
    """'14.7(b)' -> 'b'; '' when the row covers the whole Sub-Clause."""
    found = re.search(r"\(([a-z]+)\)", sub_clause)
    return found.group(1) if found else ""


def standards_for(clause_id: str, edition: str | None) -> list[TimeStandard]:
    """Rows for a Sub-Clause (with its lettered sub-paragraphs) in one edition, or both if unknown."""
    wanted = base_id(clause_id)
    return [
        row for row in time_standards()
        if row.period_days is not None
        and (edition is None or row.edition == edition)
        and (base_id(row.sub_clause) == wanted or row.sub_clause == clause_id)
    ]


# Features that tell the editions apart: a clause id that exists in only one edition, or a term only one uses.
_EDITION_TERMS: list[tuple[str, str, int]] = [
    ("2017", r"\bDAAB\b", 2),
    ("2017", r"Exceptional Events?\b", 2),
    ("2017", r"Notice of Claim", 2),
    ("2017", r"Special Provisions", 1),
    ("2017", r"Contract Data", 1),
    ("1999", r"Appendix to Tender", 2),
    ("1999", r"Contractor'?s Claims", 2),
    ("1999", r"\bForce Majeure\b", 2),
    ("1999", r"\bDAB\b", 1),
]
_FIDIC_SIGNAL = re.compile(r"Sub-Clause|Particular Conditions|Appendix to Tender|\bDAA?B\b|\bthe Engineer\b")
_EDITION_IDS: list[tuple[str, str, int]] = [
    ("2017", "20.2.1", 3), ("2017", "21.4.1", 3), ("2017", "3.7.3", 3),
]


def detect_edition(texts: Iterable[str], clause_ids: Iterable[str] = ()) -> tuple[Edition | None, list[str]]:
    """Guess 1999 or 2017 from numbering and titles; the reasons say what decided it."""
    score = {"1999": 0, "2017": 0}
    reasons: list[str] = []
    joined = "\n".join(texts)
    if not _FIDIC_SIGNAL.search(joined):
        return None, ["no FIDIC numbering or terms (Sub-Clause, Engineer, DAB, Particular Conditions) found"]
    ids = set(clause_ids)
    for edition, cid, weight in _EDITION_IDS:
        if cid in ids:
            score[edition] += weight
            reasons.append(f"Sub-Clause {cid} exists ({edition} numbering)")
    for edition, pattern, weight in _EDITION_TERMS:
        if re.search(pattern, joined):
            score[edition] += weight
            label = pattern.replace("\\b", "").replace("'?", "'").replace("s?", "s")
            reasons.append(f"'{label}' used ({edition} term)")
    if score["1999"] == score["2017"]:
        return None, reasons
    return ("1999" if score["1999"] > score["2017"] else "2017"), reasons


_PARTY_WORDS = {
    "contractor": "Contractor", "承包人": "Contractor", "承包方": "Contractor", "乙方": "Contractor",
    "employer": "Employer", "发包人": "Employer", "发包方": "Employer", "甲方": "Employer", "owner": "Employer",
    "engineer": "Engineer", "监理人": "Engineer", "总监理工程师": "Engineer",
    "dab": "Board", "daab": "Board", "expert": "Board",
}


def normalise_party(name: str) -> str:
    """'the Contractor' / '承包人' -> 'Contractor'; 'Either Party' -> 'Either'; '' if unknown."""
    lowered = name.strip().lower()
    if not lowered:
        return ""
    if re.search(r"either|both|each|any party|parties|affected party|双方|合同当事人|一方", lowered):
        return "Either"
    if "claiming party" in lowered or lowered in ("party", "the party", "that party", "a party"):
        return "Either"
    for word, party in _PARTY_WORDS.items():
        if word in lowered:
            return party
    return ""


def side_of(party: str, our_party: str) -> Side:
    """Whether a party's period binds us. The Engineer and the dispute board act on the Employer's side of
    the payment and claims machinery, so for a Contractor their periods count as the other side's."""
    actor, ours = normalise_party(party), normalise_party(our_party)
    if not ours or ours not in ("Contractor", "Employer"):
        return "unknown"
    if not actor or actor in ("Either", "Board"):
        return "neutral"
    if actor == "Engineer":
        return "theirs" if ours == "Contractor" else "neutral"
    return "ours" if actor == ours else "theirs"
