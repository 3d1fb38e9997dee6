"""General Conditions amended, in the same file, by Particular Conditions: what the contract says after the PC.

A construction contract often holds its General Conditions and, after them, a part of Particular Conditions that
amends them ("In Sub-Clause 14.6, 'within 30 days' is replaced by 'within 120 days'"; "The final paragraph of
Sub-Clause 8.7 is deleted"). Read sentence by sentence, the GC's words would still say 30 days and the PC's words
would say nothing about who pays. So, with the FIDIC merge of the two parts:

- the GC words the PC deletes or replaces are no longer the contract: their provisions are dropped;
- a PC instruction that replaces words is read as the GC sentence it makes (the Employer shall pay ... within 120
  days), and that reading stands at the instruction: its quote, its figures and any redline are the PC's words.
The PC's own sentences (new Sub-Clauses, substituted text, text added at the end) are read where they stand.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..documents.model import DocumentStructure
from ..fidic.context import conditions_part, split_conditions
from ..fidic.merge import merged_view
from .model import Provision

if TYPE_CHECKING:
    from .document import Reading
    from .reader import SentenceReader

_WHOLE_UNIT = ("delete", "substitute")  # amendments that take away all of a Sub-Clause's own words
_SPACES = re.compile(r"\s+")


def _squash(text: str) -> str:
    return _SPACES.sub(" ", text).strip().strip("*_ ")  # "** The final paragraph ...": a run-in heading's bold


def _in_unit(clause_id: str, unit: str) -> bool:
    return clause_id == unit or clause_id.startswith(unit + "(")


def apply_particular_conditions(reading: Reading, structure: DocumentStructure, reader: SentenceReader) -> None:
    """Drop what the PC takes away from the GC, and read each word replacement as the sentence it makes."""
    pair = split_conditions(structure)
    part = conditions_part(structure)
    if pair is None or part is None:
        return
    merged = merged_view(*pair)
    gone: list[tuple[str, str | None]] = []  # (Sub-Clause, the words taken away; None: all of them)
    replacements = []
    for change, amendment in zip(merged.changes, merged.amendments):
        if not change.applied:
            continue
        if amendment.kind in _WHOLE_UNIT:
            gone.append((change.clause_id, None))
        elif amendment.kind == "replace_words":
            gone.append((change.clause_id, amendment.old))
            replacements.append(amendment)
        elif amendment.kind in ("delete_part", "substitute_part") and change.before.strip():
            gone.append((change.clause_id, change.before))
    if not gone:
        return

    def taken_away(provision: Provision) -> bool:
        sentence = _squash(provision.sentence)
        for unit, words in gone:
            if not _in_unit(provision.clause_id, unit):
                continue
            words = _squash(words) if words is not None else None
            if words is None or (words and (words in sentence or sentence in words)):
                return True
        return False

    replaced: list[Provision] = []
    instructions = set()
    for amendment in replacements:
        found = _read_through(amendment, reading, structure, part.clause_id + "/", reader)
        if found is not None:
            instructions.add(found[0])
            replaced += found[1]
    for change, amendment in zip(merged.changes, merged.amendments):
        if change.applied and amendment.kind in ("delete", "delete_part"):
            found = _limit_deleted(amendment, [p for p in reading.provisions if taken_away(p)], structure, part.clause_id + "/")
            if found is not None:
                instructions.add(found[0])
                replaced += found[1]
    reading.provisions = [p for p in reading.provisions
                          if not taken_away(p) and (p.clause_id, _squash(p.sentence)) not in instructions] + replaced


def _read_through(amendment, reading: Reading, structure: DocumentStructure, prefix: str,
                  reader: SentenceReader) -> tuple[tuple[str, str], list[Provision]] | None:
    """The provisions of the GC sentence an instruction rewrites, placed at the instruction."""
    home = structure.get_clause(prefix + amendment.target)
    if home is None or amendment.instruction not in home.text or amendment.new not in amendment.instruction:
        return None
    at = home.text.index(amendment.instruction)
    new_at = amendment.instruction.index(amendment.new)
    out: list[Provision] = []
    for sentence in reading.sentences:
        if not _in_unit(sentence.clause.clause_id, amendment.target) or amendment.old not in sentence.text:
            continue
        rewritten = sentence.text.replace(amendment.old, amendment.new, 1)
        for provision in reader.read(rewritten, clause_id=home.clause_id, start=at, lead_in=sentence.lead_in,
                                     titles=sentence.titles):
            quantities = tuple(q.model_copy(update={"start": new_at + i, "end": new_at + i + len(q.text)})
                               for q in provision.quantities if (i := amendment.new.find(q.text)) >= 0)
            out.append(provision.model_copy(update={"sentence": amendment.instruction, "start": at, "quantities": quantities,
                                                    "trigger": (new_at, new_at + len(amendment.new))}))
    return (home.clause_id, _squash(amendment.instruction)), out


def _limit_deleted(amendment, removed: list[Provision], structure: DocumentStructure,
                   prefix: str) -> tuple[tuple[str, str], list[Provision]] | None:
    """'The final paragraph of Sub-Clause 8.7 is deleted', where that paragraph capped the delay damages: what the
    contract now says is that they are not capped, and it says so at the instruction."""
    home = structure.get_clause(prefix + amendment.target)
    if home is None or amendment.instruction not in home.text:
        return None
    caps = [p for p in removed if _in_unit(p.clause_id, amendment.target) and "capped" in p.conditions]
    if not caps:
        return None
    at = home.text.index(amendment.instruction)
    said = len(amendment.instruction)
    out = [p.model_copy(update={"clause_id": home.clause_id, "sentence": amendment.instruction, "start": at, "quantities": (),
                                "trigger": (0, said), "conditions": (p.conditions - {"capped"}) | {"uncapped"}})
           for p in caps]
    return (home.clause_id, _squash(amendment.instruction)), out
