"""Where a clause the contract lacks goes, and the number it gets there.

A lawyer adds a missing provision where a reader of this contract would look for it, numbered as the contract
numbers: the insolvency right as "9.4" after the last sub-clause of the termination clause, a force majeure
clause as a new "11. Force Majeure" after the last operative clause and before the schedules. Nothing already
there is renumbered, so every cross-reference in the contract still points where it did.

The clause it joins is chosen by what the contract's own headings say, never by clause numbers or wording
known in advance: the clause the review located the provision in (a position finds it by its headings), else
the operative clause whose heading (or a sub-clause's heading) names what the position says the provision is
expected in ("the consequences of termination", "an indemnities clause") or its topic ("ip_indemnity"
reaches "Intellectual Property" by its initials). When none does, it becomes a new top-level clause with a
heading made from the same words. The plan is a pure function of the parsed contract and the risks in report
order, so the Word redline and the Markdown and HTML reports give the same number.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from ..documents.model import Clause, DocumentStructure
from ..documents.numbering import CN_NUMERAL, SCHEDULE_WORDS, cn_to_int, roman_to_int
from .advice import advice_reason

_SCHEDULE = re.compile(rf"(?:{SCHEDULE_WORDS}|附件|附表|附录)", re.IGNORECASE)
_NUMBERED = re.compile(rf"\d+[A-Z]?|[{CN_NUMERAL}]+")  # '9', '10A', or an article numbered '六、' in Chinese
_WORD = re.compile(r"[A-Za-z]+")
_SMALL = {"a", "an", "the", "of", "and", "or", "to", "in", "on", "for", "by", "with", "its", "this", "that", "at"}
_NOT_SUBJECT = _SMALL | {"clause", "clauses", "provision", "provisions", "section", "sections", "article", "articles",
                         "whole", "contract", "agreement", "expected", "somewhere"}
_CN_DIGITS = "零一二三四五六七八九"


@dataclass(frozen=True)
class Subject:
    """What a missing clause is about, as the review gave it: where the position expects it, its topic, a
    clause the review located it in, and a heading the position itself names."""

    where: str = ""
    topic: str = ""
    hint: str = ""
    heading: str = ""


@dataclass
class Slot:
    """A new clause's place: `kind` 'sub' joins clause `home` after its last sub-clause (`after`); 'top' is a
    new top-level clause after the last operative clause `after`, before the first schedule `before`.
    `number` is the body's number as the contract types it ('9.4', '11.1', '第九条', '' for none), `heading`
    and `heading_number` the new clause's heading line ('Force Majeure', '11.') when it has one of its own,
    `like` the clause whose paragraph the body is formatted like, `heading_like` the heading's model, `anchor`
    the clause whose last paragraph it follows when that is not `home` (or `after`) itself: the last sub-clause
    of an article whose sub-clauses were read beside it (flat_members)."""

    kind: str
    home: str
    after: str
    number: str
    heading: str = ""
    heading_number: str = ""
    like: str = ""
    heading_like: str = ""
    before: str = ""
    anchor: str = ""

    def said(self) -> str:
        """Where it goes, in words: 'clause 9.4, after 9.3'; 'new clause 11 Force Majeure (11.1), after clause
        10, before Schedule 1'."""
        if self.kind == "sub":
            return f"clause {self.number}, after {self.after}" if self.number else f"a new last paragraph of clause {self.home}"
        top = " ".join(p for p in (self.heading_number.rstrip("."), self.heading) if p) or self.number
        inner = f" ({self.number})" if self.number and self.heading_number else ""
        return f"new clause {top}{inner}, after clause {self.after}" + (f", before {self.before}" if self.before else "")

    def as_dict(self) -> dict[str, str]:
        return {"number": self.number or self.heading_number, "heading": self.heading, "after": self.after,
                "before": self.before, "said": self.said()}


def is_schedule(clause: Clause) -> bool:
    """A schedule, annex, exhibit or 附件: no operative clause goes inside or after one."""
    return not _NUMBERED.fullmatch(clause.clause_id) and bool(_SCHEDULE.match(clause.label or clause.clause_id))


def operative_units(structure: DocumentStructure) -> tuple[list[Clause], Clause | None]:
    """The numbered top-level clauses before the first schedule (the articles inside chapters, for a contract
    in 第X章 / Part chapters), and that first schedule."""
    units: list[Clause] = []
    for clause in structure.clauses:
        if is_schedule(clause):
            return units, clause
        if _NUMBERED.fullmatch(clause.clause_id):
            units.append(clause)
        else:  # a chapter or part: its numbered articles are the units
            units += [c for c in clause.children if _NUMBERED.fullmatch(c.clause_id)]
    return units, None


def _article_number(clause: Clause) -> int | None:
    """The number of an article numbered in Chinese numerals ('六、合同解除' -> 6), else None."""
    found = re.fullmatch(rf"\s*([{CN_NUMERAL}]+)\s*[、.．]?\s*", clause.label or clause.clause_id)
    return cn_to_int(found.group(1)) if found else None


def flat_members(structure: DocumentStructure) -> dict[str, list[Clause]]:
    """Sub-clauses read beside their article instead of under it, by the article's id: in a contract in
    '六、合同解除' articles with '6.1', '6.2' below each, the parser may give 6.1 and 6.2 as clauses of their own
    after 六; they are 六's, as their numbers say."""
    out: dict[str, list[Clause]] = {}
    top = structure.clauses
    for i, clause in enumerate(top):
        value = _article_number(clause) if not clause.children else None
        if value is None:
            continue
        members = []
        for other in top[i + 1:]:
            if re.fullmatch(rf"{value}\.\d+(?:\.\d+)*", other.clause_id):
                members.append(other)
            elif _NUMBERED.fullmatch(other.clause_id) or is_schedule(other):
                break
        if members:
            out[clause.clause_id] = members
    return out


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _same(a: str, b: str) -> bool:
    """One word, give or take its ending ('indemnities' ~ 'indemnity', 'terminate' ~ 'termination'); short
    words only exactly ('term' is not 'termination')."""
    a, b = _stem(a), _stem(b)
    if a == b:
        return True
    shorter = min(len(a), len(b))
    return shorter >= 5 and len(os.path.commonprefix([a, b])) >= min(6, shorter)


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text.replace("_", " ")) if w.lower() not in _NOT_SUBJECT]


def _names(word: str, title: str) -> bool:
    """Whether a heading names a subject word: as a word, or as its initials ('ip' in 'Intellectual Property')."""
    words = _words(title)
    if any(_same(word, w) for w in words):
        return True
    initials = "".join(w[0] for w in words)
    return 2 <= len(word) <= 3 and word in initials


def _score(subject: Subject, clause: Clause) -> float:
    """How well a clause's headings name the subject: a word of where it is expected counts twice a topic
    word, the clause's own heading twice a sub-clause's."""
    titles = [(clause.title or "", 1.0)] + [(c.title, 0.5) for c in clause.walk() if c is not clause and c.title]
    score = 0.0
    for words, weight in ((_words(subject.where), 2.0), (_words(subject.topic), 1.0)):
        for word in dict.fromkeys(words):
            score += weight * max((w for title, w in titles if _names(word, title)), default=0.0)
    return score


def _home(structure: DocumentStructure, units: list[Clause], subject: Subject,
          owners: dict[str, Clause] | None = None) -> Clause | None:
    hinted = structure.get_clause(subject.hint) if subject.hint and subject.hint != "*" else None
    ids = {id(unit) for unit in units}
    while hinted is not None and id(hinted) not in ids:
        hinted = (owners or {}).get(hinted.clause_id) or structure.parent_of(hinted)
    if hinted is not None:
        return hinted
    scored = [(_score(subject, unit), -i, unit) for i, unit in enumerate(units)]
    best = max(scored, key=lambda s: s[:2], default=None)
    return best[2] if best and best[0] >= 1.0 else None


def _chinese(value: int) -> str:
    """An article number in Chinese numerals (1-999): 九, 十一, 二十, 一百零五."""
    if value < 10:
        return _CN_DIGITS[value]
    hundreds, rest = divmod(value, 100)
    tens, units = divmod(rest, 10)
    out = _CN_DIGITS[hundreds] + "百" if hundreds else ""
    if tens:
        out += ("" if tens == 1 and not hundreds else _CN_DIGITS[tens]) + "十"
    elif hundreds and units:
        out += "零"
    return out + (_CN_DIGITS[units] if units else "")


def _to_roman(value: int, upper: bool) -> str:
    out = ""
    for number, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                            (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while value >= number:
            out, value = out + letters, value - number
    return out if upper else out.lower()


def bump(label: str, by: int = 1) -> str:
    """The label `by` places after `label`, written the same way: '9.3' -> '9.4', '10.' -> '11.', 'Clause 10'
    -> 'Clause 11', 'ARTICLE X' -> 'ARTICLE XI', '(c)' -> '(d)', '第八条' -> '第九条', '六、' -> '七、'; '' when
    it has no number."""
    found = (re.search(rf"第\s*([{CN_NUMERAL}\d]+)\s*([条章])", label)
             or re.match(rf"\s*([{CN_NUMERAL}]+)\s*(?:[、.．]|$)", label))
    if found and cn_to_int(found.group(1)) is not None:
        value = cn_to_int(found.group(1)) + by
        digits = str(value) if found.group(1).isdigit() else _chinese(value)
        return label[:found.start(1)] + digits + label[found.end(1):]
    found = list(re.finditer(r"\d+", label))
    if found:
        last = found[-1]
        return label[:last.start()] + str(int(last.group()) + by) + label[last.end():]
    found = list(re.finditer(r"\b[IVXLCivxlc]+\b", label))
    letter = bool(re.fullmatch(r"\([a-zA-Z]\)", label.strip())) and label.strip()[1] not in "iIvV"  # '(c)' is a letter
    if found and not letter and roman_to_int(found[-1].group()) is not None:
        last = found[-1]
        value = roman_to_int(last.group()) + by
        return label[:last.start()] + _to_roman(value, last.group().isupper()) + label[last.end():]
    found = re.search(r"\(([a-zA-Z])\)", label)
    if found and found.group(1).lower() < "z":
        return label[:found.start(1)] + chr(ord(found.group(1)) + by) + label[found.end(1):]
    return ""


def heading_for(subject: Subject, language: str) -> str:
    """A new clause's heading from what the position says: its own heading, else where it is expected ('a
    force majeure clause' -> 'Force Majeure', 'the consequences of termination' -> 'Consequences of
    Termination'), else its topic. None for a contract in another language than the words."""
    if subject.heading:
        words = subject.heading.split()
    else:
        where = re.findall(r"[A-Za-z']+", subject.where)
        while where and where[0].lower() in _SMALL:
            where = where[1:]
        while where and where[-1].lower() in ("clause", "clauses", "provision", "provisions", "section", "sections"):
            where = where[:-1]
        vague = not where or {w.lower() for w in where} <= _NOT_SUBJECT
        words = where if not vague else subject.topic.replace("_", " ").split()
        words = [w if w.lower() in _SMALL and i else (w.upper() if len(w) <= 2 else w[:1].upper() + w[1:])
                 for i, w in enumerate(words)]
    heading = " ".join(words).strip()
    if language == "zh" and not re.search(r"[\u4e00-\u9fff]", heading):
        return ""
    return heading


def _first_line(clause: Clause) -> str:
    return clause.text.split("\n", 1)[0].strip().lstrip("#").strip().strip("*_").strip()


def _heading_only(clause: Clause) -> bool:
    """The clause's first line is its number and heading alone ('8. Limitation of Liability', '第一条 服务内容')."""
    line = re.sub(r"[*_]", "", _first_line(clause))
    return (bool(clause.title) and line.rstrip(".:").endswith(clause.title.rstrip(".:"))
            and len(line) <= len(clause.label) + len(clause.title) + 4)


class Planner:
    """Places new clauses one after the other, so a second one in the same clause is numbered after the first
    ('9.4', then '9.5') and a second new top-level clause after the first."""

    def __init__(self, structure: DocumentStructure) -> None:
        self.structure = structure
        self.units, self.schedule = operative_units(structure)
        self.members = flat_members(structure)
        self.owners = {m.clause_id: structure.get_clause(unit) for unit, members in self.members.items() for m in members}
        self.added: dict[str, int] = {}
        self.new_top = 0
        self.last_top = ""

    def place(self, subject: Subject) -> Slot | None:
        if not self.units:
            return None
        home = _home(self.structure, self.units, subject, self.owners)
        if home is not None:
            return self._sub(home)
        return self._top(subject)

    def _sub(self, home: Clause) -> Slot:
        count = self.added.get(home.clause_id, 0) + 1
        self.added[home.clause_id] = count
        children = home.children or self.members.get(home.clause_id, [])
        if not children:  # an article of unnumbered paragraphs: one more paragraph of it
            return Slot("sub", home.clause_id, after=home.clause_id, number="")
        last = children[-1]
        number = bump(last.label or last.clause_id, count)
        after = bump(last.label or last.clause_id, count - 1) if count > 1 else last.clause_id
        return Slot("sub", home.clause_id, after=after.strip().rstrip("."), number=number, like=last.clause_id,
                    anchor="" if home.children else last.clause_id)

    def _top(self, subject: Subject) -> Slot:
        last = self.units[-1]
        members = self.members.get(last.clause_id, [])
        anchor = members[-1].clause_id if members and not last.children else ""
        self.new_top += 1
        number = bump(last.label or last.clause_id, self.new_top) or str(self.new_top)
        heading = heading_for(subject, self.structure.language)
        before = self.schedule.clause_id if self.schedule is not None else ""
        after = self.last_top or last.clause_id
        self.last_top = re.sub(r"^\D*?(\d+).*$", r"\1", number) if re.search(r"\d", number) else number
        if _heading_only(last) and heading:
            first = (last.children or members or [None])[0]
            inner = ""
            if first is not None and first.label:
                own = re.search(r"\d+", last.label or "")
                inner = first.label
                if own and own.group() in first.label and self.last_top.isdigit():
                    inner = first.label.replace(own.group(), self.last_top, 1)  # '10.1' -> '11.1'
                elif own is None and _article_number(last) is not None:  # '十四、' with 14.1 -> '十五、' with 15.1
                    inner = re.sub(r"^\d+", str(_article_number(last) + self.new_top), first.label)
            return Slot("top", "", after=after, number=inner, heading=heading, heading_number=number,
                        like=first.clause_id if first is not None else "", heading_like=last.clause_id, before=before,
                        anchor=anchor)
        if _heading_only(last):  # no heading to give it ('第九条' in a Chinese contract): number and text as a body paragraph
            return Slot("top", "", after=after, number=number, before=before, anchor=anchor)
        if heading and last.title:  # '12. Notices. All notices ...': the heading runs into the text
            return Slot("top", "", after=after, number=f"{number} {heading}.", like=last.clause_id, before=before,
                        anchor=anchor)
        return Slot("top", "", after=after, number=number, like=last.clause_id, before=before, anchor=anchor)


def subject_of(risk: dict[str, Any], edit: dict[str, Any] | None = None) -> Subject:
    """The subject of a risk's missing clause, or of a position's insert edit (its heading, and the clause it
    names when its number is a sub-clause's)."""
    topic = str(risk.get("topic") or "")
    where = str(risk.get("expected_in") or "")
    if edit is not None:
        number = str(edit.get("number") or "")
        hint = str(edit.get("clause_id") or "") if "." in number and not edit.get("heading") else ""
        return Subject(where=where, topic=topic or str(edit.get("position_id") or ""), hint=hint,
                       heading=str(edit.get("heading") or ""))
    return Subject(where=where, topic=topic, hint=str(risk.get("clause_id") or ""))


def new_clause_wording(risk: dict[str, Any], wording: str) -> bool:
    """Whether a risk's proposed wording goes in as a new clause: a provision the contract lacks (no quote, no
    exact edits of a position) whose wording is contract text."""
    quote = (risk.get("location") or {}).get("original_text") or ""
    return bool(wording) and not quote and not isinstance(risk.get("redline"), list) and advice_reason(wording) is None


def plan(structure: DocumentStructure, risks: list[dict[str, Any]], wording) -> list[tuple[dict, dict | None, Slot]]:
    """(risk, insert edit or None, slot) for every new clause the risks make, in the order they are written:
    the positions' insert edits, then the missing provisions' wordings, each in report order. `wording` gives
    a risk's proposed wording (as the report shows it)."""
    planner = Planner(structure)
    out = []
    for risk in risks:
        edits = risk.get("redline") if isinstance(risk.get("redline"), list) else []
        for edit in edits:
            if isinstance(edit, dict) and edit.get("kind") == "insert" and edit.get("new") \
                    and advice_reason(str(edit["new"])) is None:
                slot = planner.place(subject_of(risk, edit))
                if slot is not None:
                    out.append((risk, edit, slot))
    for risk in risks:
        if new_clause_wording(risk, wording(risk)):
            slot = planner.place(subject_of(risk))
            if slot is not None:
                out.append((risk, None, slot))
    return out
