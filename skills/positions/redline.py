"""A position's redline as exact edits of the contract: which words of which sentence change, and to what.

A lawyer writes a position's redline as data, never as patterns:

    redline:
      proposed: "..."                                        # the wording to ask for, shown in the comment
      replace: {quantity: fees_months, with: "{min_cap_months} months"}   # the figure the reading found
      replace_sentence: "Either party may terminate ..."     # a one-sided provision's mutual wording
      strike: true                                           # the provision goes (a penalty, a superseded term)
      actor: "each party"                                    # the provision binds another party ('each party')
      also:                                                  # a second provision the same fix changes
        - provision: {actor: them, action: limit_liability}
          actor: "each party"
      insert_clause: {after: [terminate], heading: "Termination", text: "Either party may terminate ..."}

Words in braces are filled from the contract: {us} and {them} are the parties' names as the contract defines
them (the side the review acts for, and the other), {fees} its defined term for the price ("Charges", "Fees"),
and {<parameter>} a position's figure, written the way the figure it replaces is written ("twelve (12)",
"12" or "twelve"). Each edit is located in the sentence the reading judged, by the character span the reading
found (a quantity's start and end, the actor's name, or the whole sentence), so a Word redline strikes only
the operative words.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel

from ..reading.document import Reading
from ..reading.model import Provision
from .judge import matches
from .schema import ChineseWording, InsertClause, Redline, Replace

_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_CJK = re.compile(r"[\u4e00-\u9fff]")
# a figure's English unit and its Chinese: a replacement written '{min_days} days' becomes '{min_days}日'
_UNITS_ZH = tuple((r"(?<![\w{])\s*" + unit, chinese) for unit, chinese in (
    (r"business\s+days?\b", "个工作日"), (r"days?\b", "日"), (r"months?\b", "个月"), (r"years?\b", "年"), (r"per\s*cent\b", "%")))
_FEES_TERMS = ("Charges", "Fees", "Service Fees", "Services Fees", "Licence Fees", "License Fees", "Licence Fee",
               "License Fee", "Contract Price", "Price", "Purchase Price", "Rent", "Royalties", "Consideration")


class Edit(BaseModel):
    """One tracked change: in `sentence` (verbatim, of clause `clause_id`), the characters start..end (`old`)
    become `new` ('' strikes them). An insertion (kind 'insert') puts `new` in as a clause of its own, numbered
    `number`, after `sentence`, the last sentence of clause `clause_id`."""

    kind: Literal["replace", "strike", "insert"]
    clause_id: str
    sentence: str
    start: int
    end: int
    old: str
    new: str
    position_id: str
    number: str | None = None
    heading: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


def words_for(number: float) -> str:
    """A whole number in English words (0-999); '' for anything else."""
    if number != int(number) or not 0 <= number < 1000:
        return ""
    n = int(number)
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("-" + _ONES[n % 10] if n % 10 else "")
    rest = n % 100
    return _ONES[n // 100] + " hundred" + (" and " + words_for(rest) if rest else "")


def figure(value: float, like: str) -> str:
    """`value` written as the figure `like` is: 'seven (7) days' -> 'thirty (30)', '7 days' -> '30', 'seven
    days' -> 'thirty'. A percentage written 'four per cent (4%)' gives 'ten per cent (10%)'. In Chinese, digits."""
    digits = f"{value:g}"
    if _CJK.search(like):
        return digits
    words = words_for(value)
    if re.search(r"\(\s*\d[\d,.]*\s*%\s*\)", like) and words:
        return f"{words} per cent ({digits}%)"
    if (not like.strip() or re.search(r"\(\s*\d", like)) and words:
        return f"{words} ({digits})"
    if re.match(r"\s*\d", like) or not words:
        return digits
    return words


def fees_term(text: str) -> str:
    """The contract's defined term for what is paid ('Charges', 'Fees'), else 'the fees'."""
    for term in _FEES_TERMS:
        if re.search(rf"[\"“]{re.escape(term)}[\"”]", text):
            return term
    return "fees"


def fill(text: str, names: dict[str, str], parameters: dict[str, Any], like: str = "") -> str:
    """The text with {us}, {them}, {fees} and {<parameter>} filled in; '' when a name is unknown (no redline is
    better than one with a hole in it)."""
    missing = []
    like = like or ("日" if _CJK.search(text) else "")  # a Chinese sentence writes its figures in digits

    def one(match: re.Match) -> str:
        name = match.group(1)
        if name in names and names[name]:
            return names[name]
        value = parameters.get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return figure(value, like)
        if isinstance(value, str) and value:
            return value
        missing.append(name)
        return match.group(0)

    def percent(match: re.Match) -> str:
        value = parameters.get(match.group(1))
        if not isinstance(value, (int, float)) or isinstance(value, bool) or match.group(1) in names:
            return match.group(0)
        words = words_for(value)
        if _CJK.search(like):
            return f"{value:g}%"
        spelled = not like.strip() or re.search(r"per\s*cent|\(", like)
        return f"{words} per cent ({value:g}%)" if spelled and words else f"{value:g}%"

    filled = _PLACEHOLDER.sub(one, re.sub(r"\{([A-Za-z_][A-Za-z0-9_]*)\}%", percent, text))
    filled = re.sub(r"\b(one(?: \(1\))?|1) (day|week|month|year)s\b", r"\1 \2", filled)
    return "" if missing else filled


def party_names(reading: Reading, us: str | None, text: str) -> dict[str, str]:
    """{us}, {them} and {fees} for this contract: our party's name, the other's, and the price's defined term."""
    them = next((p.name for p in reading.parties if p.name != us), None) if us else None
    return {"us": us or "", "them": them or "", "fees": fees_term(text)}


def _quantity(provision: Provision, wanted: str):
    """The figure of the kind a redline names, inside the sentence itself (not in a definition it cites)."""
    periods = [q for q in provision.quantities if q.kind == "period"]
    if wanted == "notice":
        found = [q for q in periods if q.of == "notice"] or (periods if "notice" in provision.conditions and len(periods) == 1 else [])
    elif wanted in ("cure", "renewal"):
        found = [q for q in periods if q.of == wanted]
    elif wanted == "period":
        found = [q for q in periods if not q.of]
        found = [max(found, key=lambda q: q.value)] if found else []
    else:
        found = [q for q in provision.quantities if q.kind == wanted]
    return next((q for q in found if provision.sentence[q.start:q.end] == q.text), None)


def _actor_span(provision: Provision, reading: Reading) -> tuple[int, int] | None:
    """The words that name the provision's party before its action ('The Supplier's', 'the Licensee')."""
    party = next((p for p in reading.parties if p.name == provision.actor), None)
    if party is None:
        return None
    head = provision.sentence[:max(provision.trigger[0], 0) or len(provision.sentence)]
    for name in sorted((party.name, *party.aliases), key=len, reverse=True):
        edge = "" if _CJK.match(name) else r"\b"  # '乙方在' has no word boundary after the name
        found = re.search(rf"(?:\b[Tt]he\s+)?{edge}{re.escape(name)}{edge}(?:['’]s)?", head)
        if found:
            return found.start(), found.end()
    return None


def _actor_words(words: str, old: str, at_start: bool) -> str:
    if re.search(r"['’]s$", old) and not words.endswith("'s"):
        words += "'s"
    return words[:1].upper() + words[1:] if at_start else words


def _alone(provision: Provision, reading: Reading, action: str) -> bool:
    """The sentence states this provision only: replacing or striking it takes nothing else with it."""
    return all(p.action == action for p in reading.provisions
               if p.clause_id == provision.clause_id and p.sentence == provision.sentence)


def _sentence_edits(spec, provision: Provision, reading: Reading, names: dict[str, str], parameters: dict[str, Any],
                    position_id: str, action: str) -> list[Edit]:
    sentence = provision.sentence

    def edit(kind: str, start: int, end: int, new: str) -> Edit:
        return Edit(kind=kind, clause_id=provision.clause_id, sentence=sentence, start=start, end=end, old=sentence[start:end],
                    new=new, position_id=position_id)

    if spec.strike:
        return [edit("strike", 0, len(sentence), "")] if _alone(provision, reading, action) else []
    if spec.replace_sentence:
        new = fill(spec.replace_sentence, names, parameters)
        return [edit("replace", 0, len(sentence), new)] if new and _alone(provision, reading, action) else []
    edits = []
    for replace in spec.replace:
        quantity = _quantity(provision, replace.quantity)
        if quantity is None:
            continue
        new = fill(replace.with_, names, parameters, like=quantity.text)
        if new and new != quantity.text:
            edits.append(edit("replace", quantity.start, quantity.end, new))
        break
    if spec.actor:
        span = _actor_span(provision, reading)
        if span is not None:
            old = sentence[span[0]:span[1]]
            edits.append(edit("replace", span[0], span[1], _actor_words(fill(spec.actor, names, parameters), old,
                                                                         not sentence[:span[0]].strip())))
    return sorted(edits, key=lambda e: e.start)


def localised(spec: Redline, chinese: bool) -> Redline:
    """The redline for the contract's language: a Chinese contract gets the position's Chinese words, a figure's
    unit in Chinese, and no English sentence or clause (the wording to ask for stays in the comment). A second
    provision the fix changes (`also`) is changed only where its own Chinese words say how."""
    if not chinese:
        return spec
    zh = spec.zh or ChineseWording()
    insert = (InsertClause(text=zh.insert_text, after=spec.insert_clause.after, heading=zh.insert_heading)
              if spec.insert_clause and zh.insert_text else None)
    also = [other.model_copy(update=_sentence_change_zh(other, other.zh)) for other in spec.also if other.zh]
    return spec.model_copy(update={"proposed": zh.proposed or spec.proposed, "fallback": zh.fallback or spec.fallback,
                                   **_sentence_change_zh(spec, zh), "also": also, "insert_clause": insert})


def _sentence_change_zh(change, zh: ChineseWording | None) -> dict[str, Any]:
    """One sentence's change in Chinese: the figure's words with a Chinese unit, the Chinese sentence, the
    Chinese party words; an English-only part is dropped."""
    zh = zh or ChineseWording()

    def unit_zh(words: str) -> str:
        for english, chinese_unit in _UNITS_ZH:
            words = re.sub(english, chinese_unit, words, flags=re.I)
        return words if not re.search(r"[A-Za-z]", _PLACEHOLDER.sub("", words)) else ""

    replace = [Replace(quantity=r.quantity, **{"with": zh.replace.get(r.quantity) or unit_zh(r.with_)})
               for r in change.replace if zh.replace.get(r.quantity) or unit_zh(r.with_)]
    return {"replace": replace, "replace_sentence": zh.replace_sentence if change.replace_sentence else "",
            "actor": zh.actor if change.actor else ""}


def edits_for(position, provision: Provision | None, reading: Reading, us: str | None, text: str) -> list[Edit]:
    """The tracked changes a position's redline makes on this contract: in the provision it judged (None when it
    found none), in the other provisions its fix changes, or a new clause where the provision belongs."""
    spec = localised(position.redline, reading.chinese)
    if us is None:
        return []
    names = party_names(reading, us, text)
    parameters = dict(position.parameters)
    if provision is None:
        return _insertion(position, reading, names, parameters)
    edits = _sentence_edits(spec, provision, reading, names, parameters, position.id, provision.action)
    for other in spec.also:
        probe = position.model_copy(update={"provision": other.provision})
        found = next((p for p in reading.provisions if matches(probe, p, us) and p is not provision), None)
        if found is not None:
            edits += _sentence_edits(other, found, reading, names, parameters, position.id, found.action)
    return edits


def _number_parts(clause_id: str) -> list[str]:
    return clause_id.split(".")


def _insertion(position, reading: Reading, names: dict[str, str], parameters: dict[str, Any]) -> list[Edit]:
    """A missing provision as a whole clause: the next sub-clause of the clause that holds provisions of the
    actions it belongs with ('9.4' after 9.3), else the next top-level clause after the last one."""
    spec = localised(position.redline, reading.chinese).insert_clause
    if spec is None:
        return []
    new = fill(spec.text, names, parameters)
    if not new:
        return []
    numbered = [s for s in reading.sentences if re.fullmatch(r"\d+(?:\.\d+)*", s.clause.clause_id)]
    if not numbered:
        return []
    home = next((p.clause_id.split(".")[0] for p in reading.provisions if p.action in spec.after
                 and re.fullmatch(r"\d+(?:\.\d+)*", p.clause_id)), None)
    if home is not None:
        inside = [s for s in numbered if s.clause.clause_id == home or s.clause.clause_id.startswith(home + ".")]
        last = inside[-1]
        depth = max(len(_number_parts(s.clause.clause_id)) for s in inside)
        siblings = [s.clause.clause_id for s in inside if len(_number_parts(s.clause.clause_id)) == depth]
        if depth == 1:
            number = f"{home}.{1}"
        else:
            parts = _number_parts(siblings[-1])
            number = ".".join(parts[:-1] + [str(int(parts[-1]) + 1)])
        return [_clause_after(last, new, position.id, number)]
    last = numbered[-1]
    top = max(int(s.clause.clause_id.split(".")[0]) for s in numbered)
    heading = fill(spec.heading, names, parameters) if spec.heading else ""
    return [_clause_after(last, new, position.id, f"{top + 1}.1" if heading else str(top + 1), heading or None)]


def _clause_after(last, new: str, position_id: str, number: str, heading: str | None = None) -> Edit:
    """A whole clause, numbered `number`, after the sentence `last`."""
    at = len(last.text)
    return Edit(kind="insert", clause_id=last.clause.clause_id, sentence=last.text, start=at, end=at, old="", new=new,
                position_id=position_id, number=number, heading=heading)
