"""One engine for every review position: locate the operative sentence, extract, compare, one finding each.

Locating works on sentences, not clauses: every sentence of every clause (its own text, children excluded) that
matches a position's cues is a candidate, and candidates inside a clause whose heading (or a parent's heading)
names the provision are preferred over passing mentions elsewhere. The finding is located at the deepest clause
that holds the sentence, and quotes the sentence verbatim - never a heading. When several candidates remain
(a general cap and a fundamental-warranty cap), the worst verdict stands, so a low cap is not hidden by a
generous one elsewhere.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..documents.kinds import contract_kind
from ..documents.model import Clause, DocumentStructure
from ..documents.parser import parse_text
from ..documents.traditional import to_simplified
from ..generic.clause_diff import split_sentences
from ..generic.parties import ROLE_PAIRS, same_side
from .conditions import evaluate
from .extract import Sides, extract_value, fill_sides, masked, sides_of
from .schema import Position, PositionSet, Verdict

logger = logging.getLogger(__name__)
_RANK = {"RED": 3, "MISSING": 3, "YELLOW": 2, "GREEN": 1}
_DEFINITION = re.compile(r"^\s*[\"“][^\"”]{1,60}[\"”]\s*(?:means|shall mean|has the meaning|includes)\b|^\s*[\"“][^\"”]{1,30}[\"”]\s*(?:指|是指)")
_DEFINITION_HEADING = re.compile(r"definition|interpretation|定义|释义", re.I)
_MIN_SENTENCE, _MIN_SENTENCE_CJK = 20, 8  # shorter pieces are headings or list stubs; Chinese says more per character
_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass
class Sentence:
    clause: Clause
    text: str
    titles: str  # the clause's heading and its parents' headings, lower-cased
    in_definitions: bool
    matchable: str = ""  # the text with clause-number dots masked, for the position patterns
    expanded: str = ""  # the text with each defined term that holds a figure followed by its definition, or ''
    lead_in: str = ""  # for a list item, the parent's sentence that introduces the list ('... may terminate if:')
    referred: str = ""  # the sentence with the clause it cites for its figure in place of the citation, or ''

    @property
    def reading(self) -> str:
        """The sentence as it reads grammatically: a list item after its lead-in."""
        return f"{self.lead_in} {self.text}" if self.lead_in else self.text


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
    position: str = ""
    proposed_wording: str = ""
    fallback: str = ""


_MEANS = re.compile(r"[\"”]\**\s*(?:means|shall mean|is|指|是指|系指)\b\s*|[\"”]\**\s*(?:指|是指|系指)")
_FIGURE = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|fifty|hundred|half|quarter)\b|"
                     r"per ?cent|[一二三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟]", re.I)


def _defined_figures(structure: DocumentStructure) -> tuple[re.Pattern[str], dict[str, str]] | None:
    """Defined terms whose definition states a figure ('"Cap" means five per cent (5%) of the Consideration',
    '"Claims Period" means the period of nine (9) months ...'), so that 'shall not exceed the Cap' can be read.
    Only 'means' definitions in the text's own definitions count, not the parties block."""
    bodies: dict[str, str] = {}
    for definition in structure.definitions or []:
        if not definition.clause_id or len(definition.term) < 2:
            continue
        parts = _MEANS.split(definition.definition, maxsplit=1)
        if len(parts) < 2:
            continue
        body = parts[1].strip().rstrip(";；.。,，").strip()
        if body and len(body) <= 300 and _FIGURE.search(body):
            bodies.setdefault(definition.term, body)
    if not bodies:
        return None
    terms = sorted(bodies, key=len, reverse=True)
    return re.compile(r"(?<![\w\"“])(" + "|".join(re.escape(t) for t in terms) + r")(?![\w\"”])"), bodies


def _expand(text: str, figures: tuple[re.Pattern[str], dict[str, str]] | None) -> str:
    """The sentence with each defined figure's definition after its term ('the Cap (an amount equal to five per
    cent (5%) of the Consideration)'); '' when the sentence names none."""
    if figures is None:
        return ""
    pattern, bodies = figures
    expanded = pattern.sub(lambda m: f"{m.group(1)} ({bodies[m.group(1)]})", text)
    return expanded if expanded != text else ""


def _sentences(structure: DocumentStructure) -> list[Sentence]:
    out: list[Sentence] = []
    by_id = {c.clause_id: c for c in structure.iter_clauses()}
    figures = _defined_figures(structure)

    def titles_of(clause: Clause) -> str:
        names, seen, current = [], set(), clause
        while current is not None and current.clause_id not in seen:
            seen.add(current.clause_id)
            names.append(current.title or "")
            current = by_id.get(current.parent_id) if current.parent_id else None
        return " / ".join(names).lower()

    for clause in structure.iter_clauses():
        text = clause.text
        body_from = _body_start(text, clause)
        titles = to_simplified(titles_of(clause))
        in_definitions = bool(_DEFINITION_HEADING.search(titles))
        lead_in = _lead_in(by_id.get(clause.parent_id) if clause.parent_id else None)
        for sentence in split_sentences(text[body_from:]):
            if len(sentence.text) < (_MIN_SENTENCE_CJK if _CJK.search(sentence.text) else _MIN_SENTENCE):
                continue
            expanded = "" if in_definitions else _expand(sentence.text, figures)
            out.append(Sentence(clause=clause, text=sentence.text, titles=titles, in_definitions=in_definitions,
                                matchable=masked(to_simplified(sentence.text)), expanded=expanded, lead_in=lead_in,
                                referred=_referred(sentence.text, clause, by_id)))
    return out


_REFERENCE = re.compile(
    r"(?:set out|specified|stated|set forth|provided|referred to|prescribed|contained|given|shown|identified|indicated)"
    r"\s+in\s+(?:(?:sub-)?clause|section|paragraph|article|item|row)\s+(\d+(?:\.\d+)*(?:\([a-z0-9]{1,4}\))*)"
    r"(?:\s+(?:of|in|to)\s+(?:the\s+)?(schedule|annex|annexure|appendix|exhibit|attachment)\s+(\w+))?", re.I)


def _referred(text: str, clause: Clause, by_id: dict[str, Clause]) -> str:
    """The sentence with the clause it cites for its figure in brackets in place of the citation ('within the period
    set out in clause 7.6' -> 'within the period (the period is nine (9) months from Completion)', 'the amount set
    out in paragraph 3 of Schedule 2' -> 'the amount (| 3 | Liability Cap | 10% of the Annual Charges |)'), so the
    figure is read as if stated there; '' when the sentence cites none."""
    match = _REFERENCE.search(text)
    if not match:
        return ""
    cited = _cited(match, clause, by_id)
    if not cited:
        return ""
    cited = re.sub(r"^\s*(?:\d+(?:\.\d+)*|\([a-z0-9]{1,4}\))\s*", "", cited).rstrip(" .。")  # its own number, its full stop
    return f"{text[:match.start()].rstrip()} ({cited}){text[match.end():]}"


def _cited(match: re.Match[str], clause: Clause, by_id: dict[str, Clause]) -> str:
    """The own text of the clause a reference names (a numbered clause, or a paragraph or table row of a schedule)."""
    number, word, name = match.group(1), match.group(2), match.group(3)
    target = None
    if word:
        part = next((c for key, c in by_id.items() if key.lower() == f"{word} {name}".lower()), None)
        if part is not None:
            target = next((c for c in part.children if c.clause_id.lower() in
                           (f"{part.clause_id}({number})".lower(), f"{part.clause_id}.{number}".lower())), None)
            target = target or next((c for c in part.children if re.match(rf"\|?\s*{re.escape(number)}\b(?![.\d])", c.text)), None)
            if target is None:  # a schedule read as one part: its line or table row that opens with the number
                line = re.search(rf"^[ \t]*\|?[ \t]*(?:paragraph[ \t]+)?{re.escape(number)}\b(?![.\d]).*$", part.text, re.I | re.M)
                return line.group(0).strip()[:400] if line else ""
    else:
        target = by_id.get(number)
    if target is None or target is clause or not target.text.strip():
        return ""
    return target.text.strip()[:400]


def _lead_in(parent: Clause | None) -> str:
    """The sentence that introduces a list, when a clause's own text ends with one ('有下列情形之一的，乙方可以
    书面通知甲方解除本合同：', 'The Supplier may terminate this Agreement if:'): its items are read after it, since
    the right, the party and the action are in the lead-in and only the ground is in the item."""
    if parent is None:
        return ""
    own = parent.text.rstrip()
    if not own.endswith((":", "：")):
        return ""
    pieces = split_sentences(own[_body_start(own, parent):])
    last = pieces[-1].text.strip() if pieces else ""
    return last if len(last) <= 400 else ""


def _body_start(text: str, clause: Clause) -> int:
    """Where a clause's words start after its heading (a quote is never a heading): past the title on the first
    line ('Section 7.4 Waiver. The Sellers may ...'), or past a first line that is only a heading
    ('## 21 Assignment and Subcontracting')."""
    first_line = text.split("\n", 1)[0]
    if first_line.lstrip().startswith("|"):
        return 0  # a table row states its provision: '| Percentage of retention | 10% |' is no heading
    if clause.title and len(clause.title) < 120:
        at = first_line.find(clause.title)
        if at >= 0:
            end = at + len(clause.title)
            rest = first_line[end:]
            if not rest.strip():
                return len(first_line)
            if re.match(r"\s*[.:\-\u2013\u2014]", rest):
                return end + (len(rest) - len(rest.lstrip(" .:-\u2013\u2014")))
            return 0  # the 'title' runs on into the sentence ('IN NO EVENT SHALL ... EXCEED'): it is the sentence
    line = first_line.strip().lstrip("#").strip()
    if line and len(line.split()) <= 12 and len(line) < 80 and not re.search(r"[.;:。；：]$", line):
        return len(first_line)
    return 0


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


def applies(position: Position, *, domain: str, ours: set[str], language: str, opening: str, kind: str) -> bool:
    rule = position.applies
    if rule.domains and domain not in rule.domains:
        return False
    if rule.language != "any" and language != rule.language:
        return False
    if rule.our_party and not ours & {r.lower() for r in rule.our_party}:
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
        if sentence.in_definitions and _DEFINITION.search(sentence.text):
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
        cued = bool(cues and (cues.search(text) or (sentence.expanded and cues.search(masked(to_simplified(sentence.expanded))))
                              or (sentence.referred and cues.search(masked(to_simplified(sentence.referred))))))
        if excluded or cued or named_of[sentence.titles]:
            found.append((sentence, heading, excluded))
    if any(heading for _, heading, _ in found):
        found = [c for c in found if c[1] or c[2]]
    return found


def _verdict(position: Position, values: dict[str, Any]) -> tuple[Verdict, str]:
    for verdict, rule in (("RED", position.escalate), ("GREEN", position.standard), ("YELLOW", position.acceptable)):
        if rule is not None and evaluate(rule.when, values):
            return verdict, rule.text
    return "YELLOW", "outside the standard position; needs a look"


def _describe(values: dict[str, Any]) -> str:
    shown = []
    for name, value in values.items():
        if name in ("present",) or value is None or value is False or value == []:
            continue
        if isinstance(value, float):
            value = f"{value:g}"
        elif isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        shown.append(f"{name.replace('_', ' ')} {value}" if value is not True else name.replace("_", " "))
    return "; ".join(shown)


def _missing_location(position: Position, sentences: list[Sentence], sides: Sides) -> tuple[str, str]:
    """Where an absent provision would belong: the first clause whose heading names it ('*' when none does)."""
    for sentence in sentences:
        if position.find.headings and _any(position.find.headings, sentence.titles, sides):
            return sentence.clause.clause_id, sentence.clause.title or sentence.clause.clause_id
    return "*", position.if_missing.where if position.if_missing and position.if_missing.where else "the whole contract"


def evaluate_position(position: Position, structure: DocumentStructure, sentences: list[Sentence],
                      sides: Sides, kinds: dict[str, set[str]] | None = None) -> PositionResult | None:
    base = dict(position_id=position.id, title=position.title, topic=position.topic,
                proposed_wording=position.redline.proposed.strip(), fallback=position.redline.fallback.strip(),
                position=(position.standard.text if position.standard else ""))
    rationale = f" {position.rationale.strip()}" if position.rationale else ""
    candidates = _candidates(position, sentences, sides, kinds)
    if not candidates:
        if position.if_missing is None:
            return None
        clause_id, where = _missing_location(position, sentences, sides)
        return PositionResult(**base, verdict="MISSING", severity=position.if_missing.severity, clause_id=clause_id,
                              evidence="", message=f"{position.title}: no such provision was found (expected in {where}).{rationale}")
    judged = []
    for index, (sentence, heading, excluded) in enumerate(candidates):
        clause_text = structure.full_text(sentence.clause)
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
        verdict, said = _verdict(position, values)
        judged.append((_RANK[verdict], heading, -index, verdict, said, sentence, values))
    _, _, _, verdict, said, sentence, values = max(judged, key=lambda j: j[:3])
    severity = position.severity if verdict == "RED" else ("medium" if position.severity == "high" else "low")
    detail = _describe({k: v for k, v in values.items() if k != "excluded"})
    message = (f"{position.title}: {'expressly excluded' if values.get('excluded') else said}"
               + (f" ({detail})" if detail and not values.get("excluded") else "") + f".{rationale}")
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


def evaluate_positions(positions: PositionSet, structure: DocumentStructure, *, domain: str, our_party: str = "",
                       language: str | None = None) -> list[PositionResult]:
    """Every applicable position's verdict on the contract, in the document's order (whole-document last)."""
    plain = structure
    if to_simplified(structure.text) != structure.text:  # Traditional Chinese: parties and roles read as Simplified
        plain, our_party = parse_text(to_simplified(structure.text), filename=structure.filename), to_simplified(our_party)
    sides = sides_of(plain, our_party)
    ours = our_roles(sides, our_party)
    language = language or structure.language
    opening = plain.text[:3000]
    kind = contract_kind(opening)
    sentences = _sentences(structure)
    chosen = [p for p in positions.positions
              if applies(p, domain=domain, ours=ours, language=language, opening=opening, kind=kind)]
    kinds = clause_kinds(structure) if any(p.find.categories for p in chosen) else {}
    results = []
    for position in chosen:
        result = evaluate_position(position, structure, sentences, sides, kinds)
        if result is not None:
            results.append(result)
    order = {c.clause_id: i for i, c in enumerate(structure.iter_clauses())}
    results.sort(key=lambda r: order.get(r.clause_id, len(order)))
    return results
