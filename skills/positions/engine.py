"""One engine for every review position: locate the operative sentence, extract, compare, one finding each.

Locating works on sentences, not clauses: every sentence of every clause (its own text, children excluded) that
matches a position's cues is a candidate, and candidates inside a clause whose heading (or a parent's heading)
names the provision are preferred over passing mentions elsewhere. The finding is located at the deepest clause
that holds the sentence, and quotes the sentence verbatim - never a heading. When several candidates remain
(a general cap and a fundamental-warranty cap), the worst verdict stands, so a low cap is not hidden by a
generous one elsewhere.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from functools import lru_cache
from threading import Lock
from typing import Any

from ..documents.kinds import contract_kind
from ..documents.model import DocumentStructure
from ..documents.parser import parse_text
from ..documents.traditional import to_simplified
from ..generic.parties import ROLE_PAIRS, party_role, same_side
from ..reading.contract_type import contract_type
from ..reading.document import Reading, read_document
from ..reading.lexicon import lexicon
from ..reading.roles import OurSide, resolve_party, side_of_word
from ..reading.roles import sides_of as party_sides
from ..reading.sentences import Sentence
from .extract import Sides, extract_value, fill_sides, masked, sides_of
from .judge import days_in_words, describe, further_red, judge, mirror, stated_around, verdict_of
from .redline import edits_for, fill, localised, party_names
from .schema import Position, PositionSet, Verdict

logger = logging.getLogger(__name__)
_RANK = {"RED": 3, "MISSING": 3, "YELLOW": 2, "GREEN": 1}

@dataclass
class PositionResult:
    position_id: str
    title: str
    topic: str
    verdict: Verdict
    severity: str
    clause_id: str
    evidence: str
    message: str
    values: dict[str, Any] = field(default_factory=dict)
    rationale: str = ""
    position: str = ""
    proposed_wording: str = ""
    fallback: str = ""
    redline: list[dict[str, Any]] | None = None  # a provision position's exact edits (redline.Edit); None for find: positions


@lru_cache(maxsize=4096)
def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


def _any(patterns: list[str], text: str, sides: Sides) -> bool:
    return any(_re(fill_sides(p, sides)).search(text) for p in patterns)


def our_roles(sides: Sides, our_party: str) -> set[str]:
    """Every role name our side answers to, lower-cased: the contract's name for us, the roles that stand where it
    stands in a known pairing, and the known counterparts of the other side's roles (facing a 'Provider' or a
    'Seller', we are on the customer's or the buyer's side whatever the contract calls us)."""
    names = {our_party.lower()} | {n.lower() for n in sides.us}
    for name in sides.us:
        names |= {r.lower() for r in same_side(name)}
    theirs = {n.lower() for n in sides.them}
    names |= {a.lower() for a, b in ROLE_PAIRS if b.lower() in theirs}
    return names - {""}


def applies(position: Position, *, domain: str, ours: set[str], language: str, opening: str, kind: str,
            ctype: str = "other", side: str | None = None) -> bool:
    rule = position.applies
    if rule.domains and domain not in rule.domains:
        return False
    if rule.language != "any" and language != rule.language:
        return False
    if rule.types and ctype not in rule.types:
        return False
    # a party to a mutual NDA both discloses and receives: it is held to the discloser's positions (what it discloses
    # is what it protects) and to the recipient's that do not contradict them
    mutual = side is None and ctype == "nda"
    if rule.side and side not in rule.side and not (mutual and {"discloser", "recipient"} & set(rule.side)):
        return False
    if (side is not None and side in rule.not_side) or (mutual and "discloser" in rule.not_side):
        return False
    if rule.our_party and not (ours & {r.lower() for r in rule.our_party}
                               or (side is not None and any(side_of_word(r) == side for r in rule.our_party))):
        return False
    if rule.not_our_party and ours & {r.lower() for r in rule.not_our_party}:
        return False
    if rule.contract and not _any(rule.contract, opening, Sides()):
        return False
    if rule.kinds and kind and kind not in rule.kinds:
        return False
    return True


def _union(patterns: list[str], sides: Sides) -> re.Pattern[str] | None:
    """One regex for a list of alternatives, with {us}/{them} filled in: one search per sentence instead of one
    per pattern (lookahead patterns keep their meaning inside a group)."""
    if not patterns:
        return None
    return _re("|".join(f"(?:{fill_sides(p, sides)})" for p in patterns))


def _candidates(position: Position, sentences: list[Sentence], sides: Sides,
                kinds: dict[str, set[str]] | None = None) -> list[tuple[Sentence, bool, bool]]:
    """(sentence, heading matches, expressly excluded) for every sentence that states or excludes the provision.
    A clause the clause-type model puts in one of the position's categories counts as a matching heading."""
    find = position.find
    wanted = set(find.categories)
    headings, ignore = _union(find.headings, sides), _union(find.ignore, sides)
    excluded_re, subject, cues = _union(find.excluded, sides), _union(find.subject, sides), _union(find.cues, sides)
    heading_of: dict[str, bool] = {}
    named, named_of = _union(find.named_by, sides), {}
    found = []
    for sentence in sentences:
        if sentence.is_definition:
            continue
        if sentence.titles not in heading_of:
            heading_of[sentence.titles] = bool(headings and headings.search(sentence.titles))
        heading = heading_of[sentence.titles] or bool(wanted and kinds and wanted & kinds.get(sentence.clause.clause_id, set()))
        if find.require_heading and not heading:
            continue
        text = masked(to_simplified(sentence.reading)) if sentence.lead_in else sentence.matchable
        if ignore and ignore.search(text):
            continue
        excluded = bool(excluded_re and excluded_re.search(text) and (subject is None or subject.search(text)))
        if sentence.titles not in named_of:
            named_of[sentence.titles] = bool(named and named.search(sentence.titles))
        # ... or with its definitions or the clause it cites written out, where those are not what it ignores
        # ('qualified by the matters Disclosed', where Disclosed counts the buyer's knowledge: no knowledge qualifier)
        cued = bool(cues and (cues.search(text) or any(
            cues.search(t) and not (ignore and ignore.search(t))
            for t in (masked(to_simplified(w)) for w in (sentence.expanded, sentence.referred) if w))))
        if excluded or cued or named_of[sentence.titles]:
            found.append((sentence, heading, excluded))
    if any(heading for _, heading, _ in found):
        found = [c for c in found if c[1] or c[2]]
    return found


def _describe(values: dict[str, Any], position: Position) -> str:
    """The figures read, as a lawyer writes them ("36 months", "48% a year", "5% of the price"); flags and who
    holds a right are said by the verdict's words, not repeated as internal names."""
    shown = []
    for name, value in values.items():
        spec = position.extract.get(name)
        if spec is None or value is None or isinstance(value, bool):
            continue
        if spec.kind == "period_days" and isinstance(value, (int, float)):
            shown.append(days_in_words(value))
        elif spec.kind in ("percent", "percent_of_price") and isinstance(value, (int, float)):
            shown.append(f"{value:g}%" + (" of the price" if spec.kind == "percent_of_price" else ""))
        elif spec.kind == "annual_rate" and isinstance(value, (int, float)):
            shown.append(f"{value:g}% a year")
        elif spec.kind == "money" and isinstance(value, (int, float)):
            shown.append(f"{value:,.0f}")
        elif spec.kind == "missing_items" and isinstance(value, list) and value:
            shown.append("missing: " + ", ".join(str(v) for v in value))
        elif spec.kind == "number" and isinstance(value, (int, float)):
            shown.append(f"{value:g}")
    return ", ".join(shown)


def _missing_location(position: Position, sentences: list[Sentence], sides: Sides) -> tuple[str, str]:
    """Where an absent provision would belong: the first clause whose heading names it ('*' when none does)."""
    for sentence in sentences:
        if position.find.headings and _any(position.find.headings, sentence.titles, sides):
            return sentence.clause.clause_id, sentence.clause.title or sentence.clause.clause_id
    return "*", position.if_missing.where if position.if_missing and position.if_missing.where else "the whole contract"


def evaluate_position(position: Position, structure: DocumentStructure, sentences: list[Sentence],
                      sides: Sides, kinds: dict[str, set[str]] | None = None) -> PositionResult | None:
    redline = localised(position.redline, structure.language == "zh")  # a Chinese contract gets no English clause
    base = dict(position_id=position.id, title=position.title, topic=position.topic, rationale=position.rationale.strip(),
                proposed_wording=redline.proposed.strip(), fallback=redline.fallback.strip(),
                position=(position.standard.text if position.standard else ""))
    candidates = _candidates(position, sentences, sides, kinds)
    if not candidates:
        if position.if_missing is None:
            return None
        clause_id, where = _missing_location(position, sentences, sides)
        return PositionResult(**base, verdict="MISSING", severity=position.if_missing.severity_for(structure.language == "zh"),
                              clause_id=clause_id,
                              evidence="", message=f"{position.title}: no such provision was found (expected in {where}).")
    judged = []
    for index, (sentence, heading, excluded) in enumerate(candidates):
        # a list item's clause is the list: the exceptions (a)-(d) of one confidentiality clause are read together
        parent = structure.parent_of(sentence.clause) if sentence.lead_in else None
        clause_text = structure.full_text(parent or sentence.clause)
        values: dict[str, Any] = {"present": True, "excluded": excluded}
        for name, spec in position.extract.items():
            whole = spec.kind in ("flag", "holder", "missing_items")  # who may do what: read with the lead-in
            values[name] = extract_value(spec, sentence.reading if whole else sentence.text, clause_text, structure, sides)
            if values[name] is None and sentence.lead_in and spec.scope == "sentence":  # a figure in the lead-in
                values[name] = extract_value(spec, sentence.reading, clause_text, structure, sides)
            if values[name] is None and sentence.expanded and spec.scope == "sentence":  # a figure held in a definition
                values[name] = extract_value(spec, sentence.expanded, clause_text, structure, sides)
            if values[name] is None and sentence.referred and spec.scope == "sentence":  # a figure in the clause cited
                values[name] = extract_value(spec, sentence.referred, clause_text, structure, sides)
        if any(spec.kind == "missing_items" for spec in position.extract.values()):
            values.update({f"{n}_count": len(v) for n, v in values.items() if isinstance(v, list)})
        verdict, said = verdict_of(position, values)
        judged.append((_RANK[verdict], heading, -index, verdict, said, sentence, values))
    _, _, _, verdict, said, sentence, values = max(judged, key=lambda j: j[:3])
    severity = severity_of(position, verdict)
    detail = _describe({k: v for k, v in values.items() if k != "excluded"}, position)
    message = (f"{position.title}: {'expressly excluded' if values.get('excluded') else said}"
               + (f" ({detail})" if detail and not values.get("excluded") else "") + ".")
    return PositionResult(**base, verdict=verdict, severity=severity if verdict != "GREEN" else "low",
                          clause_id=sentence.clause.clause_id, evidence=sentence.text, message=message, values=values)


MODEL_THRESHOLD = 0.5


def clause_kinds(structure: DocumentStructure) -> dict[str, set[str]]:
    """clause_id -> the CUAD categories the clause-type model gives its own text (probability >= 0.5); empty when
    the model cannot be loaded (the headings and cues still work) or the contract is not in English, which the
    model was not trained on."""
    if structure.language != "en":
        return {}
    clauses = [c for c in structure.iter_clauses() if c.text.strip()]
    try:
        from ..clauses.model import ModelError, classify_text
    except ImportError:
        return {}
    try:
        scores = classify_text([c.text for c in clauses])
    except ModelError:
        logger.warning("the clause-type model is unavailable: positions are located by headings and cues only")
        return {}
    return {c.clause_id: {name for name, p in score.items() if p >= MODEL_THRESHOLD} for c, score in zip(clauses, scores)}


def _judge_provision(position: Position, reading: Reading, us: str | None, text: str = "") -> list[PositionResult]:
    """The position's verdict at its worst provision, and the same RED again in other articles."""
    names = party_names(reading, us, text)
    names = {**names, "us": names["us"] or "[our party]", "them": names["them"] or "[the other party]"}
    redline = localised(position.redline, reading.chinese)
    wording = {key: fill(value.strip(), names, dict(position.parameters)) or value.strip()
               for key, value in (("proposed_wording", redline.proposed), ("fallback", redline.fallback))}
    base = dict(position_id=position.id, title=position.title, topic=position.topic, rationale=position.rationale.strip(),
                **wording, position=(position.standard.text if position.standard else ""))
    judged = judge(position, reading, us)
    if judged is None:
        if position.if_missing is None:
            return []
        where = position.if_missing.where or "the whole contract"
        edits = [e.as_dict() for e in edits_for(position, None, reading, us, text)]
        held = mirror(position, reading)
        if held is not None:  # the provision exists, but runs the wrong way
            return [PositionResult(**base, verdict="MISSING", severity=position.if_missing.severity_for(reading.chinese),
                                   clause_id=held.clause_id,
                                   evidence=held.sentence, redline=edits,
                                   message=f"{position.title}: the contract has it only the other way round, not in our favour.")]
        return [PositionResult(**base, verdict="MISSING", severity=position.if_missing.severity_for(reading.chinese),
                               clause_id="*", evidence="",
                               message=f"{position.title}: no such provision was found (expected in {where}).", redline=edits)]
    verdict, said, provision, values = judged
    results = [_provision_result(position, base, verdict, said, provision, values, reading, us, text)]
    if verdict == "RED" and position.each_article:
        results += [_provision_result(position, base, "RED", again, other, found, reading, us, text)
                    for again, other, found in further_red(position, reading, us, provision)]
    return results


def severity_of(position: Position, verdict: Verdict) -> str:
    """A RED is the position's severity and a YELLOW one below it, unless the rule that gave the verdict says."""
    rule = {"RED": position.escalate, "YELLOW": position.acceptable}.get(verdict)
    if rule is not None and rule.severity:
        return rule.severity
    return position.severity if verdict == "RED" else ("medium" if position.severity == "high" else "low")


# what a definition can decide: its figures, and the conditions a defined term carries into a sentence
_FIGURES = {"period_days", "notice_days", "cure_days", "renewal_days", "fees_months", "share_of_total", "percent", "money",
            "rate_per_year"}


def _decided_by_figures(position: Position, verdict: Verdict, values: dict[str, Any], sentence: str = "") -> bool:
    """Whether the rule that gave the verdict (or the provision it looks for) weighs a figure or a carried condition
    that was read: only then are the words to change the definition's rather than the clause's. A condition the
    sentence states in its own words ('may reject any Deliverable in its sole discretion') is the sentence's."""
    rule = {"RED": position.escalate, "GREEN": position.standard, "YELLOW": position.acceptable}.get(verdict)
    weighed = set(re.findall(r"[a-z_]+", rule.when)) if rule is not None else set()
    lex = lexicon()
    weighed = (_FIGURES | set(lex.carried)) & (weighed | set(position.provision.with_ if position.provision else ()))
    plain = masked(to_simplified(sentence))
    own = {name for name in weighed & set(lex.carried) if lex.conditions[name].search(plain)}
    return any(values.get(name) not in (None, False) for name in weighed - own)


def _stated_beside(position: Position, verdict: Verdict, values: dict[str, Any], provision, reading: Reading):
    """The clause and sentence that state the condition a RED turned on, where it was read around the provision (a
    `here_` condition) rather than in its own sentence; None otherwise. (A YELLOW's `here_` condition is what softens
    it, a perpetual licence back beside the ownership: the words to change are still the provision's.)"""
    rule = position.escalate if verdict == "RED" else None
    if rule is None:
        return None
    for name in re.findall(r"(?<!not )\bhere_([a-z_]+)", rule.when):  # 'not here_indexed' states nothing there
        if values.get(f"here_{name}") and not values.get(name) and (where := stated_around(reading, provision, name)):
            return where
    return None


def _provision_result(position: Position, base: dict[str, Any], verdict: Verdict, said: str, provision, values: dict[str, Any],
                      reading: Reading, us: str | None, text: str) -> PositionResult:
    severity = severity_of(position, verdict)
    detail = describe(values)
    message = f"{position.title}: {said}" + (f" ({detail})" if detail else "") + "."
    shown = {k: v for k, v in values.items() if k in ("notice_days", "cure_days", "period_days", "fees_months", "money",
                                                      "percent", "rate_per_year") and v is not None}
    edits = [e.as_dict() for e in edits_for(position, provision, reading, us, text)] if verdict != "GREEN" else []
    clause_id, evidence = provision.clause_id, provision.sentence
    if provision.defined_in is not None and provision.defined_in[0] != clause_id and _decided_by_figures(position, verdict, values,
                                                                                                     provision.sentence):
        # the figure that decides stands in a definition ('during the Restricted Period'): the finding stays with the
        # clause that uses it and quotes the definition, the words to change
        evidence = provision.defined_in[1]
        message = f"{message[:-1]} (set by the definition in {provision.defined_in[0]})."
    elif (stated := _stated_beside(position, verdict, values, provision, reading)) is not None:
        # the condition that decides stands in a sentence of its own beside the right ('A Break Notice shall be of no
        # effect if there is any subsisting breach ...'): that sentence holds the words to change
        clause_id, evidence = stated
    return PositionResult(**base, verdict=verdict, severity=severity if verdict != "GREEN" else "low",
                          clause_id=clause_id, evidence=evidence, message=message, values=shown, redline=edits)


def our_side(structure: DocumentStructure, our_party: str) -> tuple[Reading, str, OurSide]:
    """The reading, the contract type and the side we act for. With no side given, the review acts for the
    party that pays (the side most reviews are done for) and says so."""
    reading = read_document(structure)
    ctype = contract_type(structure.text, reading)
    side = resolve_party(reading, our_party, full_name_of=lambda name: party_role(name, structure))
    if side.party is None and not our_party.strip():
        sides = party_sides(reading)
        payer = next((p for p, s in sides.items() if s in ("payer", "recipient")), None)
        if payer:
            does = "receives the information" if sides[payer] == "recipient" else "pays"
            side = OurSide(payer, sides[payer], f"no side was given: the review acts for {payer}, the party that {does}")
    return reading, ctype, side


def evaluate_positions(positions: PositionSet, structure: DocumentStructure, *, domain: str, our_party: str = "",
                       language: str | None = None) -> list[PositionResult]:
    """Every applicable position's verdict on the contract, in the document's order (whole-document last)."""
    return evaluate_with_side(positions, structure, domain=domain, our_party=our_party, language=language)[0]


_JUDGED: OrderedDict[tuple, tuple[list[PositionResult], OurSide, str]] = OrderedDict()
_JUDGED_SIZE = 64
_JUDGED_LOCK = Lock()


def evaluate_with_side(positions: PositionSet, structure: DocumentStructure, *, domain: str, our_party: str = "",
                       language: str | None = None) -> tuple[list[PositionResult], OurSide, str]:
    """The verdicts, the side the review acted for, and the contract type it read. A review asks again and again
    (per clause, per topic, per colour): the whole judgement is kept per document, positions and side, and each
    later call only filters it."""
    key = (hashlib.blake2b(structure.text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest(), structure.filename,
           hashlib.blake2b(positions.model_dump_json().encode(), digest_size=16).hexdigest(), domain, our_party, language)
    with _JUDGED_LOCK:
        if key in _JUDGED:
            _JUDGED.move_to_end(key)
            results, side, ctype = _JUDGED[key]
            return list(results), side, ctype
    judged = _evaluate_with_side(positions, structure, domain=domain, our_party=our_party, language=language)
    with _JUDGED_LOCK:
        _JUDGED[key] = judged
        while len(_JUDGED) > _JUDGED_SIZE:
            _JUDGED.popitem(last=False)
    return list(judged[0]), judged[1], judged[2]


# The kinds a position's `applies.kinds` names, from the contract type the reading found (one reading of what a
# contract is): an LLC agreement is a shareholders' agreement, a guarantee is none of them.
_KIND_OF_TYPE = {"spa": "share_purchase", "sha": "shareholders", "nda": "nda", "construction": "construction",
                 "services": "services", "supply": "services", "licence": "services"}


# A contract reviewed under the generic pack still gets the positions of its own type's pack: the type read from the
# text selects them, as `detect_domain` would have, whatever pack the caller named (an asset purchase filed as
# "generic" is still a purchase of a business).
_PACK_OF_TYPE = {"spa": "sha_spa", "sha": "sha_spa"}


def _with_pack_of_type(positions: PositionSet, domain: str, ctype: str) -> tuple[PositionSet, str]:
    pack = _PACK_OF_TYPE.get(ctype)
    if domain != "generic" or pack is None:
        return positions, domain
    from .packs import pack_positions

    have = {p.id for p in positions.positions}
    if not {p.id for p in pack_positions("generic").positions} <= have:
        return positions, domain  # a playbook that replaces the pack, or a chosen few positions: judge those alone
    # the positions read from provisions only: the older pattern positions of a pack were written for its own domain
    extra = [p for p in pack_positions(pack).positions if p.id not in have and p.provision is not None]
    return positions.model_copy(update={"positions": list(positions.positions) + extra}), pack


def _with_allies_as_us(reading: Reading, side: OurSide, ctype: str, text: str) -> Reading:
    """The reading with the parties that stand on our side acting as us: a seller's owner who gives the warranties
    and the non-compete beside it ('neither Seller nor Owner shall') binds our side as the seller does. A party
    stands with us when the contract names it jointly with us ('Seller and Owner', 'Seller's and Owner's
    liability') more often than with anyone else, and its role does not put it on the other side."""
    if side.party is None or len(reading.parties) < 3 or ctype == "sha":
        return reading  # shareholders on one side of a shareholders' agreement still hold rights against each other
    joint = lexicon().jointly

    def together(a: str, b: str) -> int:
        pair = rf"(?:{re.escape(a)}(?:[\'’]s)?{joint}{re.escape(b)}|{re.escape(b)}(?:[\'’]s)?{joint}{re.escape(a)})(?![\w\u4e00-\u9fff])"
        return len(re.findall(pair, text))

    names = [p.name for p in reading.parties]
    with_us = {name: together(side.party, name) for name in names if name != side.party}
    joint_with_us = [name for name, count in with_us.items() if count >= 2
                     and all(count > together(other, name) for other in names if other not in (name, side.party))]
    if not joint_with_us:
        return reading
    read_sides = party_sides(reading)  # 'the Sellers and the Purchaser shall': the other side is named with us too
    allies = {name for name in joint_with_us if read_sides.get(name) in (None, side.side)}
    if not allies:
        return reading
    return replace(reading, provisions=[p.model_copy(update={"actor": side.party}) if p.actor in allies else p
                                        for p in reading.provisions])


def _evaluate_with_side(positions: PositionSet, structure: DocumentStructure, *, domain: str, our_party: str = "",
                        language: str | None = None) -> tuple[list[PositionResult], OurSide, str]:
    plain = structure
    if to_simplified(structure.text) != structure.text:  # Traditional Chinese: parties and roles read as Simplified
        plain, our_party = parse_text(to_simplified(structure.text), filename=structure.filename), to_simplified(our_party)
    reading, ctype, side = our_side(structure, our_party)
    named = side.party or our_party
    sides = sides_of(plain, to_simplified(named) if named else "")
    ours = our_roles(sides, named or "")
    language = language or structure.language
    opening = plain.text[:3000]
    kind = _KIND_OF_TYPE.get(ctype, ctype) if ctype != "other" else contract_kind(opening)
    sentences = reading.sentences
    positions, domain = _with_pack_of_type(positions, domain, ctype)
    chosen = [p for p in positions.positions
              if applies(p, domain=domain, ours=ours, language=language, opening=opening, kind=kind, ctype=ctype, side=side.side)]
    kinds = clause_kinds(structure) if any(p.find and p.find.categories for p in chosen) else {}
    judged_reading = _with_allies_as_us(reading, side, ctype, plain.text)
    results = []
    for position in chosen:
        if position.provision is not None:
            results += _judge_provision(position, judged_reading, side.party, structure.text)
        else:
            result = evaluate_position(position, structure, sentences, sides, kinds)
            if result is not None:
                results.append(result)
    # a provision one position found is not missing for another position on the same topic
    found = {r.topic for r in results if r.verdict != "MISSING"}
    results = [r for r in results if not (r.verdict == "MISSING" and r.topic in found)]
    order = {c.clause_id: i for i, c in enumerate(structure.iter_clauses())}
    results.sort(key=lambda r: order.get(r.clause_id, len(order)))
    return results, side, ctype
