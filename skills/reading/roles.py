"""Which side each party stands on, read from its name and from what the contract has it do; and which party a
user means by `--party` (a name, a company's full name, or a side: "buyer", "licensee", "investor", 买方).

A distributor buys goods to resell them, a licensee pays royalties, an investor pays for shares: on every such
contract it is the payer, whatever it is called. Positions apply to sides, so acting for a "Reseller" or a
"Company" runs the same positions as acting for a "Customer".
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from ..documents.traditional import to_simplified
from .contract_type import contract_type
from .document import Reading
from .lexicon import lexicon

_FILE = Path(__file__).with_name("data") / "roles.yaml"
SIDES = ("payer", "provider", "recipient", "discloser")


@lru_cache(maxsize=1)
def _table() -> dict:
    return yaml.safe_load(_FILE.read_text(encoding="utf-8"))


def all_role_words() -> list[str]:
    return [w for spec in _table()["sides"].values() for w in spec["words"]]


def side_of_word(word: str) -> str | None:
    """The side a role word names ('reseller' -> 'payer'), or None."""
    word = to_simplified(word or "").strip().lower().removeprefix("the ")
    if word in SIDES:
        return word
    for side, spec in _table()["sides"].items():
        if word in spec["words"]:
            return side
    return None


def _is_nda(reading: Reading) -> bool:
    return contract_type(reading.opening) == "nda"


def facing(side: str | None) -> str | None:
    return _table()["facing"].get(side) if side else None


def _weight(provision) -> float:
    """How much one act says about a side: paying the contract's price says most (a seller that repays leakage or a
    tax claim still sells); a payment that is no bargain (taxes, "unable to pay its debts") says nothing."""
    table = _table()["evidence"]
    if provision.conditions & set(table["not_evidence"]):
        return 0.0
    if provision.action == "pay" and (lexicon().whole_fees.search(provision.sentence)
                                      or lexicon().contract_value.search(provision.sentence)):
        return table["price_weight"]
    return 1.0


def _recited(reading: Reading) -> dict[str, str]:
    """party -> its side, where the opening recites what it is: '緣甲方為淨水設備之製造商，乙方有意經銷甲方產品',
    'WHEREAS Acme is a manufacturer of filtration equipment'."""
    words = sorted((w for w in all_role_words() if len(w) > 1), key=len, reverse=True)
    roles = "|".join(re.escape(w) for w in words)
    out: dict[str, str] = {}
    for party in reading.parties:
        name = re.escape(to_simplified(party.name))
        match = re.search(name + _table()["recites"] + "(" + roles + r")(?![\w])", reading.opening, re.I)
        if match and (side := side_of_word(match.group(1))):
            out[party.name] = side
    others = [p.name for p in reading.parties if p.name not in out]
    if len(out) == 1 and len(others) == 1 and (facing_side := facing(next(iter(out.values())))):
        out[others[0]] = facing_side  # of two parties, the other one faces it
    return out


def sides_of(reading: Reading) -> dict[str, str]:
    """party name -> its side, from the strongest evidence first: its name, an alias or a defining role word
    ('接收方：指遠峰公司'), or the party it faces (a principal facing an agent supplies); else what its provisions have
    it do (who pays, who delivers and licenses; of two parties that both pay something, the one that pays more, net;
    in an NDA, the one bound to keep the information receives it); else drafting convention (甲方 pays, "you" is the
    customer of "we"); and a party still without one takes the side facing the only other party's."""
    out: dict[str, str] = {}
    table = _table()["sides"]
    for party in reading.parties:
        side = (side_of_word(party.name) or next((s for a in party.aliases if (s := side_of_word(a))), None)
                or side_of_word(reading.role_terms.get(party.name, "")))
        if side:
            out[party.name] = side
    for name, side in _recited(reading).items():  # '甲方為...之製造商': what the opening recites it is
        out.setdefault(name, side)
    by_type = (_table().get("by_type") or {}).get(contract_type(reading.opening, reading)) or {}
    for party in reading.parties:  # in a loan the investor lends: the type decides what the word says
        word = to_simplified(party.name).lower().removeprefix("the ")
        if word in by_type:
            out[party.name] = by_type[word]
    words = {party.name: {w for w in (party.name, *party.aliases) if w} for party in reading.parties}
    for pair in _table().get("pairs") or []:
        for party in reading.parties:
            others = set().union(*(ws for name, ws in words.items() if name != party.name))
            if (to_simplified(party.name).lower() == pair["word"]
                    and any(to_simplified(o).lower().removeprefix("the ") == pair["facing"] for o in others)):
                out[party.name] = pair["side"]
    scores = {party.name: {side: sum(weight * _weight(p) for p in reading.provisions if p.actor == party.name and p.modality in ("shall", "may")
                                     for action, weight in spec["acts"].items() if p.action == action)
                           + sum(weight for p in reading.provisions if p.actor == party.name and p.modality in ("shall", "shall_not")
                                 for action, weight in (spec.get("bound") or {}).items() if p.action == action)
                           for side, spec in table.items()}
              for party in reading.parties if party.name not in out}
    open_parties = [name for name, s in scores.items() if s["payer"] or s["provider"]]
    if len(open_parties) == 2 and not out:  # two parties that both pay something: the one that pays more, net
        net = {name: scores[name]["payer"] - scores[name]["provider"] for name in open_parties}
        payer = max(open_parties, key=net.get)
        if net[payer] != min(net.values()):
            out[payer] = "payer"
            out[next(n for n in open_parties if n != payer)] = "provider"
    bound = [name for name, s in scores.items() if s["recipient"] and name not in out and max(s, key=s.get) == "recipient"]
    if not _is_nda(reading):  # a processor bound to confidentiality in a DPA is no recipient of an NDA
        for name in bound:
            scores[name]["recipient"] = 0
        bound = []
    if len(bound) == 2 and scores[bound[0]]["recipient"] != scores[bound[1]]["recipient"]:
        # a one-way NDA binds both parties to something: the one bound more is the recipient, the other discloses
        recipient = max(bound, key=lambda n: scores[n]["recipient"])
        out[recipient], out[next(n for n in bound if n != recipient)] = "recipient", "discloser"
    for name, score in scores.items():
        if name in out:
            continue
        best = max(score, key=score.get)
        if score[best] > 0:
            # of two parties, one whose name already gives it a side faces the other: a site that passes some costs
            # on does not pay as the sponsor that pays it does
            others = [side for other, side in out.items() if other != name]
            if len(reading.parties) == 2 and others == [best] and facing(best):
                best = facing(best)
            out[name] = best
    for party in reading.parties:
        if party.name not in out and party.name in (_table().get("by_convention") or {}):
            out[party.name] = _table()["by_convention"][party.name]
    named = list(out.items())
    for party in reading.parties:
        if party.name not in out and len(named) == 1:
            out[party.name] = facing(named[0][1]) or ""
    return {k: v for k, v in out.items() if v}


@dataclass(frozen=True)
class OurSide:
    """The party we act for, its side, and how it was chosen (said to the user)."""

    party: str | None
    side: str | None
    how: str
    suggestions: tuple[str, ...] = ()


def resolve_party(reading: Reading, wanted: str, full_name_of=None) -> OurSide:
    """The party a user means. `full_name_of` maps a company's full name to the label the contract gives it."""
    wanted = (wanted or "").strip()
    sides = sides_of(reading)
    names = {p.name.lower(): p.name for p in reading.parties}
    for party in reading.parties:
        names.update({a.lower(): party.name for a in party.aliases})
    if not wanted:
        return OurSide(None, None, "no side was given")
    key = to_simplified(wanted).lower().removeprefix("the ")
    if key in names:
        party = names[key]
        return OurSide(party, sides.get(party), f"the contract names {party}")
    if full_name_of is not None:
        label = full_name_of(wanted)
        if label and label.lower() in names:
            party = names[label.lower()]
            return OurSide(party, sides.get(party), f"{wanted} is the party the contract calls {party}")
    side = side_of_word(wanted)
    if side:
        party = next((p for p, s in sides.items() if s == side), None)
        if party:
            return OurSide(party, side, f"'{wanted}' is the {side} side, which the contract calls {party}")
        return OurSide(None, side, f"'{wanted}' is the {side} side, but no party of this contract is read as one")
    choices = list(names.values())
    close = difflib.get_close_matches(key, list(names), n=3, cutoff=0.6)
    return OurSide(None, None, f"the contract names no party '{wanted}'",
                   tuple(dict.fromkeys(names[c] for c in close)) or tuple(dict.fromkeys(choices)))
