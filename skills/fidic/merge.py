"""Apply the Particular Conditions to the General Conditions.

The unit of merging is the Sub-Clause: its heading, its own paragraphs and its lettered sub-paragraphs
(but not its numbered children, which are units of their own). Each amendment is applied in PC order and
leaves a `Change` saying what it did, or why it could not be applied; the text is never guessed.
"""

from __future__ import annotations

import re
from collections import OrderedDict

from pydantic import BaseModel, Field

from ..documents.model import Clause, DocumentStructure
from .amendments import Amendment, ContractDataEntry, ParsedPC, Unparsed, parse_pc

_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "sixth": 5, "last": -1, "final": -1, "penultimate": -2}
_SENTENCE = re.compile(r"(?<=[.!?。])\s+(?=[A-Z\"“(\u4e00-\u9fff])")
_DEF_TERM = re.compile(r"[\"“]([^\"”\n]{1,60})[\"”]\s+(?:means|shall mean|has the meaning)")


class Change(BaseModel):
    clause_id: str
    kind: str
    description: str
    instruction: str = Field("", description="The PC instruction, verbatim.")
    before: str = ""
    after: str = ""
    applied: bool = True
    note: str = ""
    start: int = Field(0, description="Offset of the instruction in the PC text.")
    end: int = 0


class MergedClause(BaseModel):
    clause_id: str
    title: str = ""
    status: str = Field("unchanged", description="unchanged, amended, substituted, deleted or new.")
    text: str = ""
    original_text: str = ""
    in_gc: bool = True


class MergeResult(BaseModel):
    clauses: dict[str, MergedClause] = Field(default_factory=dict)
    changes: list[Change] = Field(default_factory=list)
    contract_data: list[ContractDataEntry] = Field(default_factory=list)
    unparsed: list[Unparsed] = Field(default_factory=list)
    amendments: list[Amendment] = Field(default_factory=list)
    new_terms: list[str] = Field(default_factory=list)
    has_gc: bool = False
    has_pc: bool = False

    def clause(self, clause_id: str) -> MergedClause | None:
        return self.clauses.get(clause_id)

    def in_scope(self, requested: str) -> list[MergedClause]:
        """The units a request covers: '*' all, '14' the Clause and its Sub-Clauses, '14.7(b)' its Sub-Clause."""
        wanted = requested.split("(", 1)[0].strip()
        if wanted in ("*", ""):
            return list(self.clauses.values())
        return [c for c in self.clauses.values() if c.clause_id == wanted or c.clause_id.startswith(wanted + ".")]


def sort_key(clause_id: str) -> tuple:
    parts = []
    for part in clause_id.split("."):
        found = re.match(r"(\d+)([A-Z]?)", part)
        parts.append((int(found.group(1)), found.group(2)) if found else (10_000, part))
    return tuple(parts)


def unit_text(structure: DocumentStructure, clause: Clause) -> str:
    """A Sub-Clause's own text and lettered paragraphs, without numbered children."""
    end = clause.end
    for child in clause.children:
        if "(" not in child.clause_id:
            end = min(end, child.start)
            break
    return re.sub(r"(?:\n\s*#{1,6}\s*)+$", "", structure.text[clause.start:end].rstrip()).strip()


# "**Sub-Clause 8.7 Delay Damages.** If the ...": a run-in heading (the clause's text may start after its opening "**")
_RUN_IN = re.compile(r"^\s*(?:\*\*|__)?\s*(?:(?:Sub-)?Clause\s+)?\d{1,3}(?:\.\d{1,3})*[A-Z]?\b[^*_\n]{0,100}?(?:\*\*|__)(?=\s*\S)", re.I)


_NUMBER_ONLY = re.compile(r"^\s*(?:(?:Sub-)?Clause\s+|第)?\d{1,3}(?:\.\d{1,3})+[A-Z]?条?(?=[ \t\u3000]+\S)", re.I)


def _heading(text: str) -> tuple[str, str]:
    """A Sub-Clause's heading and its body; a bold run-in heading ends where its bold does."""
    first, sep, rest = text.partition("\n")
    run_in = _RUN_IN.match(first) or (None if rest.strip() else _NUMBER_ONLY.match(first))
    if run_in:  # a bold run-in heading, or a one-line Sub-Clause "14.3 发包人应在…": its number heads it
        body = first[run_in.end():].strip() + ("\n" + rest if sep else "")
        return run_in.group(0).strip(), body.strip("\n")
    return re.sub(r"^\s*#{1,6}\s*", "", first).strip(), rest.strip("\n") if sep else ""


def _paragraphs(body: str) -> list[tuple[int, int]]:
    spans, pos = [], 0
    for match in re.finditer(r"\n\s*\n", body + "\n\n"):
        if body[pos:match.start()].strip():
            spans.append((pos, min(match.start(), len(body))))
        pos = match.end()
    return spans


def _find_part(body: str, selector: str) -> tuple[int, int] | None:
    """Offsets in the body of 'first paragraph', 'last sentence', '(b)' or the end of a list."""
    paragraphs = _paragraphs(body)
    if not paragraphs:
        return None
    if selector.startswith("("):
        for start, end in paragraphs:
            if body[start:end].lstrip().startswith(selector):
                return start, end
        return None
    if selector == "list":
        items = [(s, e) for s, e in paragraphs if re.match(r"\s*[（(][a-z0-9ivx]{1,5}[)）]", body[s:e])]
        return (items[-1][1], items[-1][1]) if items else None
    order, _, unit = selector.partition(" ")
    index = _ORDINALS.get(order)
    if index is None:
        return None
    if unit == "paragraph":
        return paragraphs[index] if -len(paragraphs) <= index < len(paragraphs) else None
    start, end = paragraphs[0] if index >= 0 else paragraphs[-1]
    cuts = [start] + [start + m.end() for m in _SENTENCE.finditer(body[start:end])] + [end]
    sentences = [(cuts[i], cuts[i + 1]) for i in range(len(cuts) - 1)]
    if not -len(sentences) <= index < len(sentences):
        return None
    s, e = sentences[index]
    return s, s + len(body[s:e].rstrip())


def _replace_words(text: str, old: str, new: str) -> tuple[str, int]:
    pattern = re.compile(rf"(?<![\w.]){re.escape(old)}(?![\w])")
    count = len(pattern.findall(text))
    if count == 0:
        pattern = re.compile(re.escape(old), re.IGNORECASE)
        count = len(pattern.findall(text))
    return pattern.sub(lambda _m: new, text), count


def _describe(a: Amendment) -> str:
    where = f"Sub-Clause {a.target}" + (f", {a.selector}" if a.selector else "")
    return {
        "substitute": f"{where} deleted and substituted",
        "substitute_part": f"{where}: {a.selector or 'part'} deleted and substituted",
        "delete_part": f"{where}: {a.selector or 'part'} deleted",
        "add_at_end": f"text added at the end of {where}",
        "insert_new": f"new Sub-Clause {a.target} {a.new_title}".strip() + " inserted",
        "replace_words": f"in {where}, '{a.old}' replaced with '{a.new}'" if a.new else f"in {where}, '{a.old}' deleted",
        "delete": f"Sub-Clause {a.target} deleted",
        "add_definitions": f"new definitions added to Sub-Clause {a.target}",
        "no_change": f"Sub-Clause {a.target}: no amendment",
    }[a.kind]


def _apply(unit: MergedClause, a: Amendment, change: Change, merged: MergeResult) -> None:
    heading, body = _heading(unit.text)
    if a.kind == "substitute":
        change.before, change.after = body, a.new
        new_heading, new_body = _heading(a.new)
        starts_with_id = re.match(rf"{re.escape(a.target)}\b", new_heading)
        unit.text = f"{new_heading}\n\n{new_body}" if starts_with_id else f"{heading}\n\n{a.new}"
        unit.status = "substituted"
        return
    if a.kind in ("substitute_part", "delete_part"):
        span = _find_part(body, a.selector)
        if span is None:
            change.applied, change.note = False, f"'{a.selector}' not found in the GC text of Sub-Clause {a.target}"
            return
        start, end = span
        change.before, change.after = body[start:end], a.new
        body = body[:start] + a.new + body[end:] if a.kind == "substitute_part" else body[:start] + body[end:]
        body = re.sub(r"\n\s*\n(?:\s*\n)+", "\n\n", body).strip("\n")
    elif a.kind in ("add_at_end", "add_definitions"):
        span = _find_part(body, a.selector) if a.selector else None
        if a.selector and span is None:
            change.note = f"'{a.selector}' not found in Sub-Clause {a.target}; the text was added at the end"
        at = span[1] if span else len(body)
        change.after = a.new
        body = body[:at].rstrip() + "\n\n" + a.new + ("\n\n" + body[at:].lstrip() if body[at:].strip() else "")
        if a.kind == "add_definitions":
            merged.new_terms += _DEF_TERM.findall(a.new)
    elif a.kind == "replace_words":
        span = _find_part(body, a.selector) if a.selector else (0, len(body))
        if span is None:
            change.applied, change.note = False, f"'{a.selector}' not found in Sub-Clause {a.target}"
            return
        start, end = span
        replaced, count = _replace_words(body[start:end], a.old, a.new)
        if count == 0:
            change.applied, change.note = False, f"'{a.old}' does not occur in the GC text of Sub-Clause {a.target}"
            return
        change.before, change.after = body[start:end], replaced
        change.note = f"{count} occurrence{'s' if count > 1 else ''} replaced"
        body = body[:start] + replaced + body[end:]
    unit.text = f"{heading}\n\n{body}"
    unit.status = "amended" if unit.status == "unchanged" else unit.status


def merge(gc: DocumentStructure | None, pc: DocumentStructure | None) -> MergeResult:
    """The GC with the PC applied; without a PC, the GC as it stands; without a GC, the PC's own changes."""
    parsed = parse_pc(pc.text) if pc is not None else ParsedPC()
    result = MergeResult(has_gc=gc is not None, has_pc=pc is not None, contract_data=parsed.contract_data,
                         unparsed=list(parsed.unparsed), amendments=list(parsed.amendments))
    units: dict[str, MergedClause] = {}
    if gc is not None:
        for clause in gc.iter_clauses():
            if "(" in clause.clause_id:
                continue
            text = unit_text(gc, clause)
            units[clause.clause_id] = MergedClause(clause_id=clause.clause_id, title=clause.title, text=text, original_text=text)
    for a in parsed.amendments:
        change = Change(clause_id=a.target, kind=a.kind, description=_describe(a), instruction=a.instruction, start=a.start, end=a.end)
        result.changes.append(change)
        unit = units.get(a.target)
        if unit is None and gc is not None and a.kind != "insert_new":
            found = gc.get_clause(a.target)
            unit = units.get(found.clause_id) if found is not None else None
        if a.kind == "no_change":
            continue
        if a.kind == "insert_new":
            if unit is not None and unit.in_gc:
                change.applied, change.note = False, f"Sub-Clause {a.target} already exists in the GC; the new text was not merged"
                continue
            new_heading, new_body = _heading(a.new)
            text = a.new if re.match(rf"{re.escape(a.target)}\b", new_heading) else f"{a.target} {a.new_title}\n\n{a.new}".strip()
            units[a.target] = MergedClause(clause_id=a.target, title=a.new_title, status="new", text=text, in_gc=False)
            change.after = a.new
            continue
        if unit is None:
            change.applied = False
            change.note = f"Sub-Clause {a.target} is not in the GC" if gc is not None else "no GC loaded: the amendment is listed but not applied"
            change.after = a.new
            continue
        if unit.status == "deleted":
            change.applied, change.note = False, f"Sub-Clause {a.target} was deleted by an earlier amendment"
            continue
        if a.kind == "delete":
            change.before = _heading(unit.text)[1]
            unit.text, unit.status = "", "deleted"
            continue
        _apply(unit, a, change, merged=result)
    result.clauses = OrderedDict(sorted(units.items(), key=lambda kv: sort_key(kv[0])))
    return result


_CACHE: dict[tuple, MergeResult] = {}


def merged_view(gc: DocumentStructure | None, pc: DocumentStructure | None) -> MergeResult:
    """merge(), remembered per pair of documents: every FIDIC skill starts from the same merged text."""
    key = tuple((d.document_id, len(d.text), hash(d.text)) if d is not None else None for d in (gc, pc))
    if key not in _CACHE:
        if len(_CACHE) > 16:
            _CACHE.clear()
        _CACHE[key] = merge(gc, pc)
    return _CACHE[key]
