"""The document model every skill reads.

A contract is a tree of clauses addressed by the number the contract itself writes ("20.1", "14.7(b)",
"12" for 第十二条). Offsets point into `DocumentStructure.text`, which for .txt/.md files is the file's own
text, so a quote can always be checked against the source.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Iterator, Literal

from pydantic import BaseModel, Field, PrivateAttr

StructureType = Literal["numbered", "articles", "chinese", "flat"]
_UNNUMBERED = re.compile(r"text@(\d+)-(\d+)")


class Clause(BaseModel):
    clause_id: str = Field(description="The number as the contract writes it, normalised: '20.1', '14.7(b)', '12'.")
    label: str = Field("", description="The heading marker as written: 'Sub-Clause 20.1', '第十二条', 'ARTICLE IV'.")
    title: str = ""
    text: str = Field("", description="The clause's own text, heading line included, children excluded.")
    level: int = 1
    start: int = Field(0, description="Offset of the clause's first character in DocumentStructure.text.")
    end: int = Field(0, description="Offset just past the clause's last character, children included.")
    parent_id: str | None = None
    children: list[Clause] = Field(default_factory=list)

    def walk(self) -> Iterator[Clause]:
        yield self
        for child in self.children:
            yield from child.walk()


class Definition(BaseModel):
    term: str
    definition: str
    clause_id: str | None = Field(None, description="Clause in which the term is defined.")
    start: int = 0
    end: int = 0


class CrossReference(BaseModel):
    source_clause_id: str | None
    text: str = Field(description="The reference as written: 'Sub-Clause 14.7 [Payment]'.")
    target_id: str = Field(description="Normalised target: '14.7', '5(b)', '12.3'.")
    target_title: str | None = Field(None, description="Bracketed title given with the reference, if any.")
    kind: Literal["clause", "schedule", "external"] = "clause"
    external_instrument: str | None = None
    start: int = 0
    end: int = 0


class DocumentStructure(BaseModel):
    document_id: str
    filename: str = ""
    language: Literal["en", "zh"] = "en"
    structure_type: StructureType = "numbered"
    text: str = ""
    clauses: list[Clause] = Field(default_factory=list)
    definitions: list[Definition] = Field(default_factory=list)
    cross_references: list[CrossReference] = Field(default_factory=list)
    total_clauses: int = 0

    _index: dict[str, Clause] | None = PrivateAttr(default=None)
    _starts: dict[int, list[int]] = PrivateAttr(default_factory=dict)

    def iter_clauses(self) -> Iterator[Clause]:
        for clause in self.clauses:
            yield from clause.walk()

    def _build_index(self) -> dict[str, Clause]:
        from .numbering import cn_to_int

        index: dict[str, Clause] = {}
        for clause in self.iter_clauses():
            index.setdefault(clause.clause_id, clause)
        for clause in self.iter_clauses():
            # an article numbered '十二、' is the one '第十二条' and '第12条' point at
            head, rest = re.match(r"^([^(/.]*)(.*)$", clause.clause_id).group(1, 2)
            number = cn_to_int(head) if head and not head.isascii() else None
            if number is not None:
                index.setdefault(f"{number}{rest}", clause)
        return index

    def get_clause(self, clause_id: str) -> Clause | None:
        """Find a clause by id, tolerating the usual ways people write one ('Clause 14.2', '14.2.', '第十二条')."""
        # straight from pydantic's private-value dict: `self._index` goes through BaseModel.__getattr__, which
        # costs about 4 us, and a skill looks up several clauses per call
        index = self.__pydantic_private__["_index"]
        if index is None:
            index = self._index = self._build_index()
        found = index.get(clause_id)
        if found is not None:
            return found
        from .numbering import normalise_clause_id

        normalised = normalise_clause_id(clause_id)
        if normalised and normalised in index:
            return index[normalised]
        # "schedule 1", "EXHIBIT B", "Exhibit B / 3": named parts in any case and spacing
        wanted = re.sub(r"\s*/\s*", "/", " ".join(clause_id.split())).lower()
        found = next((c for key, c in index.items() if key.lower() == wanted), None)
        return found if found is not None else self._unnumbered(clause_id)

    def _unnumbered(self, clause_id: str) -> Clause | None:
        """Text outside the numbered clauses, addressable like a clause so every tool can take it:
        'preamble' (the opening before the first clause) and 'text@START-END' (any other such span,
        as clause search names it). Built on request; the tree is unchanged."""
        first = min((c.start for c in self.clauses), default=0)
        if clause_id == "preamble" and first > 0 and self.text[:first].strip():
            return Clause(clause_id="preamble", label="", title="Preamble", text=self.text[:first], start=0, end=first)
        match = _UNNUMBERED.fullmatch(clause_id)
        if match:
            start, end = int(match.group(1)), int(match.group(2))
            if 0 <= start < end <= len(self.text):
                return Clause(clause_id=clause_id, title="(text outside the numbered clauses)",
                              text=self.text[start:end], start=start, end=end)
        return None

    def has_clause(self, clause_id: str) -> bool:
        return self.get_clause(clause_id) is not None

    def parent_of(self, clause: Clause) -> Clause | None:
        return self.get_clause(clause.parent_id) if clause.parent_id else None

    def full_text(self, clause: Clause) -> str:
        """The clause with all its sub-clauses, as it stands in the document."""
        return self.text[clause.start : clause.end]

    def clause_at(self, offset: int) -> Clause | None:
        """The deepest clause whose span contains the offset.

        Walks down the tree (siblings are in text order and children lie inside their parent), so a lookup
        costs the depth times a binary search, not a pass over every clause: definitions and references
        call this once per match.
        """
        best: Clause | None = None
        siblings = self.clauses
        while siblings:
            starts = [c.start for c in siblings] if len(siblings) < 16 else self._starts_of(siblings)
            i = bisect_right(starts, offset) - 1
            if i < 0 or not siblings[i].start <= offset < siblings[i].end:
                break
            best = siblings[i]
            siblings = best.children
        return best

    def _starts_of(self, siblings: list[Clause]) -> list[int]:
        key = id(siblings)
        starts = self.__pydantic_private__["_starts"]  # see get_clause
        cached = starts.get(key)
        if cached is None or len(cached) != len(siblings):
            cached = starts[key] = [c.start for c in siblings]
        return cached

    def definition_of(self, term: str) -> Definition | None:
        lowered = term.strip().strip('"“”').lower()
        for definition in self.definitions:
            if definition.term.lower() == lowered:
                return definition
        return None
