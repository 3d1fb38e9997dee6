"""New clauses written into a Word document at the place placement.py chose, numbered and formatted like their
neighbours, and a struck numbered clause kept as "[Not used.]".

The parsed contract says which clause a new one joins; this module finds that clause's paragraphs in the
document. A clause is found by its first line, in document order, so a heading like "General" is never
matched in an earlier paragraph that merely mentions it. A new paragraph copies the formatting of the
paragraph of the clause it is numbered after: in a contract that types its numbers ("9.3 ...") the new one's
number is typed too; in one that Word numbers (w:numPr, directly or by style) it takes the same list level,
so Word draws "9.4" itself and the number is never typed twice.
"""

from __future__ import annotations

import re

from ..documents.model import Clause, DocumentStructure
from .markup import plain_quote
from .placement import Slot
from .word_revisions import Markup, ParagraphText, Reading, w

NOT_USED = {"en": "[Not used.]", "zh": "[此条删除]"}  # what a struck numbered clause reads as, numbering kept
WINDOW = 400  # paragraphs searched ahead for a clause's first line
# a clause's number as contracts type it: '8.3', '10.', '13(2)', '12.7(a)', 'B.2', '(c)', 'iv)', '（三）', '第五条',
# '六、', 'Clause 9'
_LABEL = (r"(?:(?:clause|section|article)\s+)?\d+(?:\.\d+)*\.?(?:\([0-9A-Za-z]{1,4}\))*|[A-Z]\.\d+(?:\.\d+)*"
          r"|\(?(?:\d{1,3}|[A-Za-z]|[ivxlcIVXLC]{1,6})[.)]|[（(][零〇一二三四五六七八九十\d]{1,4}[）)]"
          r"|第[零〇一二三四五六七八九十百千\d]+[条款章]|[零〇一二三四五六七八九十百]+、")
_BARE_NUMBER = re.compile(rf"\s*(?:#+\s*)?(?:\(?[0-9A-Za-z]{{1,4}}[.)]?(?:\.\d+)*\)?|{_LABEL})?[\s.:：]*", re.IGNORECASE)
_LEADING_NUMBER = re.compile(rf"\s*(?:#+\s*)?(?:{_LABEL})(?=\s|[\u3400-\u9fff]|$)\s*", re.IGNORECASE)


def _loose(text: str) -> str:
    return " ".join(plain_quote(text).replace("\u00a0", " ").split())


def bare_number(text: str) -> bool:
    """A paragraph left with nothing but its number ('8.3 ', '(c)', '13(2)', '（三）', '第五条') or nothing at all."""
    return bool(_BARE_NUMBER.fullmatch(text))


def past_number(text: str, start: int, end: int, new: str) -> int:
    """Where a change of text[start:end] to `new` begins once the paragraph's own number is left out of it: a
    change from the paragraph's start that takes its number ('13(2) Upon termination ...', '（三）乙方有权 ...')
    keeps the number when `new` does not begin with it, so the clause stays numbered ('13(2) [Not used.]')."""
    if text[:start].strip():
        return start
    found = _LEADING_NUMBER.match(text, start, end)
    if found is None or found.end() >= end or new.lstrip().startswith(found.group().strip()):
        return start
    return found.end()


class ClauseParagraphs:
    """Which body paragraph opens each clause of the parsed contract, and which one ends it."""

    def __init__(self, paragraphs: list, structure: DocumentStructure, reading: Reading) -> None:
        self.structure = structure
        self.paragraphs = paragraphs
        self.texts = [_loose(ParagraphText(p, reading).text) for p in paragraphs]
        self.opens: dict[str, int] = {}
        self.order: list[Clause] = []
        cursor = 0
        for clause in structure.iter_clauses():
            first = _loose(clause.text.split("\n", 1)[0].lstrip("#"))
            label = _loose(clause.label)
            wanted = [first] + ([first[len(label):].strip()] if label and first.startswith(label) else [])
            wanted = [text for text in wanted if text]
            for i in range(cursor, min(len(paragraphs), cursor + WINDOW)):
                if any(self.texts[i].startswith(text) for text in wanted):
                    self.opens[clause.clause_id] = i
                    self.order.append(clause)
                    cursor = i + 1
                    break

    def first(self, clause_id: str):
        at = self.opens.get(clause_id)
        return self.paragraphs[at] if at is not None else None

    def typed(self, clause_id: str) -> bool:
        """Whether the clause's paragraph types its own number (else Word draws it)."""
        clause, at = self.structure.get_clause(clause_id), self.opens.get(clause_id)
        if clause is None or at is None or not clause.label:
            return True
        return self.texts[at].startswith(_loose(clause.label).rstrip("."))

    def last(self, clause_id: str):
        """The last paragraph with text of the clause and its sub-clauses (the table that ends it, if one
        does), or None when the clause is not found in the document."""
        clause, at = self.structure.get_clause(clause_id), self.opens.get(clause_id)
        if clause is None or at is None:
            return None
        inside = {c.clause_id for c in clause.walk()}
        later = [self.opens[c.clause_id] for c in self.order if self.opens[c.clause_id] > at and c.clause_id not in inside]
        if later:
            end = min(later)
        else:  # the last clause: as far as the paragraphs are its text
            whole, end = _loose(self.structure.full_text(clause)), at + 1
            for j in range(at + 1, len(self.paragraphs)):
                if self.texts[j] and self.texts[j] in whole:
                    end = j + 1
        j = end - 1
        while j > at and not self.texts[j]:
            j -= 1
        return _outside_tables(self.paragraphs[j])


def _outside_tables(p):
    """A paragraph in a table cell stands for its table: a new paragraph goes after the table, not in a cell."""
    table = None
    for ancestor in p.iterancestors():
        if ancestor.tag == w("tbl"):
            table = ancestor
    return table if table is not None else p


class ClauseWriter:
    """Writes planned clauses, each after the one before it in the same place (so '9.5' follows '9.4')."""

    def __init__(self, markup: Markup, paragraphs: list, structure: DocumentStructure, reading: Reading) -> None:
        self.markup = markup
        self.found = ClauseParagraphs(paragraphs, structure, reading)
        self.tails: dict[str, object] = {}
        self.paragraphs = 0  # paragraphs written, each a tracked change

    def write(self, slot: Slot, text: str):
        """The clause's body w:ins twice (a comment's first and last element: it stays in one paragraph), or
        None when its place is not in the document."""
        key = slot.home if slot.kind == "sub" else "\ttop"
        # a new top-level clause follows the sub-clauses already added to the last clause
        anchor = next((e for e in (self.tails.get(key), self.tails.get(slot.after) if slot.kind == "top" else None)
                       if e is not None), None)
        if anchor is None:
            anchor = self.found.last(slot.anchor or (slot.home if slot.kind == "sub" else slot.after))
        if anchor is None:
            return None
        if slot.heading_number:
            model = self.found.first(slot.heading_like)
            typed = self.found.typed(slot.heading_like) or self._at_end(anchor, model)
            heading = self.markup.insert_paragraph(anchor, f"{slot.heading_number} {slot.heading}" if typed else slot.heading,
                                                   like=model)
            anchor = heading.getparent()
            self.paragraphs += 1
        model = self.found.first(slot.like) if slot.like else None
        typed = model is None or self.found.typed(slot.like) or self._at_end(anchor, model)
        body = f"{slot.number}{'' if slot.number.endswith('、') else ' '}{text}" if slot.number and typed else text
        inserted = self.markup.insert_paragraph(anchor, body, like=model)
        self.tails[key] = inserted.getparent()
        self.paragraphs += 1
        return inserted, inserted

    @staticmethod
    def _at_end(anchor, model) -> bool:
        """After the last paragraph a new one must carry that paragraph's properties (word_revisions), so a
        list number from another paragraph cannot be borrowed: the number is typed instead."""
        following = anchor.getnext()
        return model is not None and model is not anchor and (following is None or following.tag != w("p"))
