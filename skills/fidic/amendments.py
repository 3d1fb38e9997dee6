"""Particular Conditions -> a list of amendment instructions and Contract Data entries.

A PC amends the GC in a handful of drafting patterns (see ../shared/data/fidic/gc_pc_structure_notes.md):
delete and substitute, delete part, add at the end, insert a new Sub-Clause, replace words, delete
entirely, new definitions, plus the Contract Data table. The parser reads the PC line by line under the
Sub-Clause heading it sits in; a line inside a Sub-Clause block that is neither an instruction nor the text
an instruction introduces is kept as `Unparsed`, so nothing a drafter wrote disappears silently.
Every amendment keeps the offsets of its instruction and of its new text, so findings quote the PC verbatim.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

AmendmentKind = Literal[
    "substitute", "substitute_part", "delete_part", "add_at_end", "insert_new",
    "replace_words", "delete", "add_definitions", "no_change",
]


class Amendment(BaseModel):
    kind: AmendmentKind
    target: str = Field(description="Sub-Clause amended, e.g. '14.7', '4.24A'.")
    target_title: str = Field("", description="Title the PC gives in brackets, if any.")
    selector: str = Field("", description="Part of the Sub-Clause: 'first paragraph', 'last sentence', '(b)', 'list'.")
    old: str = Field("", description="Words replaced (replace_words).")
    new: str = Field("", description="New text, quotes removed.")
    new_title: str = ""
    instruction: str = Field(description="The instruction as written in the PC.")
    start: int = 0
    end: int = 0
    text_start: int = -1
    text_end: int = -1


class ContractDataEntry(BaseModel):
    item: str
    sub_clause: str
    value: str
    blank: bool = False
    start: int = Field(0, description="Offset of the value (or of the row if blank) in the PC text.")
    end: int = 0


class Unparsed(BaseModel):
    target: str = ""
    text: str
    reason: str
    start: int = 0
    end: int = 0


class ParsedPC(BaseModel):
    amendments: list[Amendment] = Field(default_factory=list)
    contract_data: list[ContractDataEntry] = Field(default_factory=list)
    unparsed: list[Unparsed] = Field(default_factory=list)


ID = r"\d{1,3}(?:\.\d{1,3}){0,3}[A-Z]?"
TGT = rf"(?:Sub-Clause|Clause)\s+(?P<tid>{ID})(?:\s*\[(?P<ttitle>[^\]]*)\])?"
ORD = r"first|second|third|fourth|fifth|sixth|last|final|penultimate"
PART = rf"[Tt]he\s+(?:{ORD})\s+(?:sentence|paragraph)|(?:sub-)?paragraph\s+\((?:[a-z]{{1,3}}|[ivx]{{1,5}})\)"
SUBST = r"(?:substitute|replace\s+(?:it\s+|them\s+)?(?:with|by))(?:\s+the\s+following)?"
OF_WHERE = rf"(?:\s+(?:of|in)\s+(?P<w2>(?:this\s+Sub-Clause|Sub-Clause\s+{ID}(?:\s*\[[^\]]*\])?)))?"
Q = "[\"'“”‘’]"
QC = Q + r"(?!\w)"  # a closing quote: not the apostrophe of "Employer's"
NQ = "(?:[^\"“”‘’']|(?<=\\w)['’](?=\\w))"  # inside quotes: anything but a quote; an apostrophe within a word ("Employer's") is text

_I = re.IGNORECASE
# (kind, pattern, expects new text after the instruction)
_PATTERNS: list[tuple[str, re.Pattern[str], bool]] = [
    ("no_change", re.compile(r"^(?:no\s+amendments?|not\s+amended|no\s+change|unchanged|无修改|不作修改)[.。]?$", _I), False),
    ("add_definitions", re.compile(rf"^(?:In\s+{TGT}\s*,?\s*)?(?:insert|add)\s+the\s+following\s+(?:new\s+)?definitions?\b[^:]*:$", _I), True),
    ("insert_new", re.compile(rf"^(?:Insert|Add)\s+(?:the\s+following\s+)?(?:a\s+)?new\s+{TGT}(?:\s+(?:as\s+follows|after\s+Sub-Clause\s+{ID}))?\s*:?$", _I), True),
    ("substitute", re.compile(rf"^Delete\s+(?:the\s+(?:whole\s+)?(?:text\s+of\s+)?)?(?:{TGT}|(?:this\s+)?Sub-Clause)(?:\s+in\s+its\s+entirety)?\s+and\s+{SUBST}\s*:?$", _I), True),
    ("substitute", re.compile(rf"^{TGT}\s+is\s+(?:hereby\s+)?deleted(?:\s+in\s+its\s+entirety)?\s+and\s+(?:replaced|substituted)\s+(?:by|with)(?:\s+the\s+following)?\s*:?$", _I), True),
    ("substitute", re.compile(rf"^Replace\s+(?:{TGT}|this\s+Sub-Clause)\s+(?:with|by)(?:\s+the\s+following)?\s*:?$", _I), True),
    ("part", re.compile(rf"^(?:In\s+(?P<w1>[^,]+?)\s*,\s*)?Delete\s+(?P<part>{PART}){OF_WHERE}(?P<subst>\s+and\s+{SUBST})?\s*[:.]?$", _I), True),
    ("part", re.compile(rf"^(?P<part>{PART})\s+(?:of|in)\s+(?P<w2>this\s+Sub-Clause|Sub-Clause\s+{ID}(?:\s*\[[^\]]*\])?)\s+is\s+(?:hereby\s+)?deleted\s*\.?$", _I), False),
    ("part_replace", re.compile(rf"^Replace\s+(?P<part>{PART}){OF_WHERE}\s+(?:with|by)(?:\s+the\s+following)?\s*:$", _I), True),
    ("add_at_end", re.compile(r"^At\s+the\s+end\s+of\s+(?P<w>.+?)\s*,?\s+add(?:\s+the\s+following)?(?:\s+(?:text|paragraphs?|sentences?|sub-paragraphs?|items?))?\s*:?$", _I), True),
    ("add_at_end", re.compile(r"^Add\s+at\s+the\s+end(?:\s+of\s+(?P<w>.+?))?\s*:$", _I), True),
    ("add_at_end", re.compile(r"^Add\s+the\s+following\s+(?:(?:new\s+)?(?:text|paragraphs?|sentences?|sub-paragraphs?)\s+)?(?:at\s+the\s+end\s+of|to\s+the\s+end\s+of|to)\s+(?P<w>.+?)\s*:$", _I), True),
    ("replace_words", re.compile(rf"^(?:In\s+(?P<w>[^,]+?)\s*,\s*)?(?:replace|substitute)\s+{Q}(?P<old>{NQ}+?){QC}\s+(?:with|by)\s+{Q}(?P<new>{NQ}*?){QC}\s*\.?", _I), False),
    ("replace_words", re.compile(rf"^(?:In\s+(?P<w>[^,]+?)\s*,\s*)?delete\s+{Q}(?P<old>{NQ}+?){QC}(?:\s+and\s+(?:substitute|insert|replace\s+(?:it\s+)?with)\s+{Q}(?P<new>{NQ}*?){QC})?\s*\.?", _I), False),
    # the same change in the other drafting orders: "Sub-Clause 20.1 is amended by replacing '28' with '14'",
    # "In Sub-Clause 14.7, '56 days' is replaced by '90 days'", "substitute '90 days' for '56 days'"
    ("replace_words", re.compile(rf"^{TGT}\s+is\s+(?:hereby\s+)?amended\s+by\s+(?:replacing|substituting|deleting)\s+(?:the\s+words?\s+)?{Q}(?P<old>{NQ}+?){QC}\s+(?:with|by|and\s+(?:substituting|inserting))\s+{Q}(?P<new>{NQ}*?){QC}\s*\.?", _I), False),
    ("replace_words", re.compile(rf"^(?:In\s+(?P<w>[^,]+?)\s*,\s*)?(?:the\s+words?\s+)?{Q}(?P<old>{NQ}+?){QC}\s+(?:is|are|shall\s+be)\s+(?:replaced|substituted|amended\s+to\s+read)\s*(?:with|by)?\s+{Q}(?P<new>{NQ}*?){QC}\s*\.?", _I), False),
    ("replace_words", re.compile(rf"^(?:In\s+(?P<w>[^,]+?)\s*,\s*)?substitute\s+{Q}(?P<new>{NQ}*?){QC}\s+for\s+{Q}(?P<old>{NQ}+?){QC}\s*\.?", _I), False),
    ("delete", re.compile(rf"^{TGT}\s+is\s+(?:hereby\s+)?deleted(?:\s+in\s+its\s+entirety)?\s*\.?", _I), False),
    ("delete", re.compile(rf"^Delete\s+{TGT}(?:\s+in\s+its\s+entirety)?\s*\.?$", _I), False),
    ("delete", re.compile(r"^(?:Delete\s+this\s+Sub-Clause|This\s+Sub-Clause\s+is\s+(?:hereby\s+)?deleted)(?:\s+in\s+its\s+entirety)?\s*\.?$", _I), False),
    # Chinese 专用条款 patterns
    ("substitute", re.compile(rf"^(?:删除)?第(?P<tid>{ID})条(?:〔(?P<ttitle>[^〕]*)〕)?(?:删除)?[，,]?\s*(?:并)?(?:修改为|替换为|改为|内容修改为)[:：]?$"), True),
    ("add_at_end", re.compile(rf"^(?:在)?第(?P<tid>{ID})条(?:〔(?P<ttitle>[^〕]*)〕)?的?末尾(?:增加|补充|添加)(?:以下内容|如下内容)?[:：]$"), True),
    ("insert_new", re.compile(rf"^(?:增加|新增|增设)第(?P<tid>{ID})条(?:〔(?P<ttitle>[^〕]*)〕)?[:：]?$"), True),
    ("replace_words", re.compile(rf"^(?:将)?第(?P<tid>{ID})条(?:〔(?P<ttitle>[^〕]*)〕)?(?:中|约定)?的?[“\"](?P<old>[^”\"]+)[”\"](?:修改为|改为|替换为)[“\"](?P<new>[^”\"]*)[”\"][。.]?"), False),
    ("delete", re.compile(rf"^删除第(?P<tid>{ID})条(?:〔(?P<ttitle>[^〕]*)〕)?[。.]?$"), False),
    ("delete", re.compile(rf"^第(?P<tid>{ID})条(?:〔(?P<ttitle>[^〕]*)〕)?(?:予以|全部)?删除[。.]?$"), False),
]

_HEADING = re.compile(rf"^(?:New\s+)?{TGT}\s*(?::\s*(?P<rest>.*))?$", _I)
# "**Sub-Clause 8.7 Delay Damages.** The final paragraph ... is deleted.": a bold heading with its title, the
# instruction (or, for a Sub-Clause marked "(new)", its text) after it on the same line
_BOLD_HEADING = re.compile(rf"^\s*(?:\*\*|__)\s*(?:New\s+)?{TGT}(?:\s+(?P<title>[^*_\n]{{1,90}}?))?\s*[.:]?\s*(?:\*\*|__)"
                           rf"\s*(?P<new>\((?:new|added|inserted)\))?\s*[.:]?\s*(?P<rest>.*)$", _I)
_NUMBERED_LINE = re.compile(rf"^(?P<tid>{ID})[ \t]+(?P<rest>\S.*)$")
# an instruction and its new text on one line: 'Add at the end: "The performance security ..."'
_INLINE_TEXT = re.compile(r":\s*(?=[\"“])")
_ZH_HEADING = re.compile(rf"^第(?P<tid>{ID})条\s*(?:〔(?P<ttitle>[^〕]*)〕)?$")
_BLANK_VALUE = re.compile(r"^(?:|-+|—+|–+|\.{3,}|…+|_+|\[\s*\]|\[[●•*]?\]|[●•]+|\[insert[^\]]*\]|\[to be [^\]]*\]|tbc|tba|tbd|to be (?:confirmed|stated|advised))$", _I)
_NEW_HEADING = re.compile(rf"^(?P<id>{ID})\s+(?P<title>[^\n.;:]{{2,90}})$")


def _normal(line: str) -> str:
    """A line without Markdown heading marks, emphasis and surrounding space."""
    text = re.sub(r"^\s*#{1,6}\s*", "", line)
    return text.replace("**", "").replace("__", "").strip()


def _strip_title(title: str | None) -> str:
    return (title or "").strip().strip("\"“”'").strip()


def _selector(where: str) -> str:
    where = where.strip()
    para = re.search(r"(?:sub-)?paragraph\s+(\((?:[a-z]{1,3}|[ivx]{1,5})\))", where, _I)
    if para:
        return para.group(1).lower()
    order = re.search(rf"\b({ORD})\s+(sentence|paragraph)", where, _I)
    if order:
        return f"{order.group(1).lower()} {order.group(2).lower()}"
    if re.search(r"\blist\b", where, _I):
        return "list"
    return ""


def _target_in(where: str) -> tuple[str, str]:
    found = re.search(TGT, where, _I)
    return (found.group("tid"), _strip_title(found.group("ttitle"))) if found else ("", "")


class _Line(BaseModel):
    text: str
    start: int
    end: int

    def rest_from(self, at: int) -> "_Line":
        """The line from `at` on (what follows a Sub-Clause heading on the heading's own line)."""
        rest = self.text[at:].rstrip()
        return _Line(text=rest, start=self.start + at, end=self.start + at + len(rest))


def _lines(text: str) -> list[_Line]:
    out, offset = [], 0
    for raw in text.splitlines(keepends=True):
        body = raw.rstrip("\r\n")
        out.append(_Line(text=body, start=offset, end=offset + len(body)))
        offset += len(raw)
    return out


def match_instruction(line: str, default_target: str) -> tuple[Amendment, bool, int] | None:
    """The amendment a single instruction line states, whether text follows it, and where the match ends."""
    for kind, pattern, expects_text in _PATTERNS:
        found = pattern.match(line)
        if not found:
            continue
        groups = {k: v for k, v in found.groupdict().items() if v is not None}
        target = groups.get("tid", "")
        title = _strip_title(groups.get("ttitle"))
        selector = ""
        for key in ("w", "w1", "w2"):
            if key in groups:
                where_target, where_title = _target_in(groups[key])
                target, title = target or where_target, title or where_title
                selector = selector or _selector(groups[key])
        if kind in ("part", "part_replace"):
            selector = _selector(groups["part"])
            substitutes = kind == "part_replace" or bool(groups.get("subst"))
            kind = "substitute_part" if substitutes else "delete_part"
            expects_text = substitutes
        if kind == "add_definitions" and not target:
            target = "1.1"
        amendment = Amendment(
            kind=kind, target=target or default_target, target_title=title, selector=selector,
            old=groups.get("old", ""), new=groups.get("new", ""), instruction=line,
        )
        return amendment, expects_text, found.end()
    return None


def _contract_data(lines: list[_Line]) -> list[ContractDataEntry]:
    entries: list[ContractDataEntry] = []
    columns: tuple[int, int, int] | None = None
    for line in lines:
        stripped = line.text.strip()
        if not stripped.startswith("|"):
            columns = None
            continue
        cells, pos = [], line.text.index("|") + 1
        while True:
            nxt = line.text.find("|", pos)
            if nxt < 0:
                break
            raw = line.text[pos:nxt]
            lead = len(raw) - len(raw.lstrip())
            cells.append((raw.strip(), line.start + pos + lead))
            pos = nxt + 1
        if all(re.fullmatch(r":?-{2,}:?", c) or not c for c, _ in cells):
            continue
        if columns is None:
            names = [c.lower() for c, _ in cells]
            sub = next((i for i, n in enumerate(names) if re.search(r"sub-?clause|clause|条款|条目", n)), None)
            if sub is None:
                continue
            data = next((i for i, n in enumerate(names) if i != sub and re.search(r"data|value|particulars|数据|内容|约定", n)), len(cells) - 1)
            item = next((i for i in range(len(cells)) if i not in (sub, data)), 0)
            columns = (item, sub, data)
            continue
        item_i, sub_i, data_i = columns
        if max(columns) >= len(cells):
            continue
        sub_raw = cells[sub_i][0]
        sub_id = re.search(ID, sub_raw)
        value, value_start = cells[data_i]
        blank = bool(_BLANK_VALUE.match(value))
        entries.append(ContractDataEntry(
            item=cells[item_i][0], sub_clause=sub_id.group(0) if sub_id else sub_raw, value=value, blank=blank,
            start=value_start if value else line.start, end=value_start + len(value) if value else line.end,
        ))
    return entries


class _Pending:
    def __init__(self, amendment: Amendment) -> None:
        self.amendment = amendment
        self.lines: list[_Line] = []
        self.quote_open = False


def _finish(pending: _Pending | None, text: str, parsed: ParsedPC) -> None:
    if pending is None:
        return
    amendment = pending.amendment
    if not pending.lines:
        parsed.unparsed.append(Unparsed(
            target=amendment.target, text=amendment.instruction, start=amendment.start, end=amendment.end,
            reason="the instruction announces new text but none follows it",
        ))
        return
    start, end = pending.lines[0].start, pending.lines[-1].end
    body = text[start:end]
    lead = len(body) - len(body.lstrip())
    start, body = start + lead, body.strip()
    if body[:1] in "\"“" and body.rstrip(".")[-1:] in "\"”":
        closing = len(body.rstrip(".")) - 1
        start, body = start + 1, body[1:closing]
    amendment.new, amendment.text_start, amendment.text_end = body, start, start + len(body)
    if amendment.kind == "insert_new":
        first, _, rest = body.partition("\n")
        heading = _NEW_HEADING.match(_normal(first))
        if heading and heading.group("id") == amendment.target:
            amendment.new_title = heading.group("title").strip()
        amendment.new_title = amendment.new_title or amendment.target_title
    parsed.amendments.append(amendment)


def parse_pc(text: str) -> ParsedPC:
    """Read the amendment instructions and the Contract Data of a Particular Conditions text."""
    lines = _lines(text)
    parsed = ParsedPC(contract_data=_contract_data(lines))
    target, title = "", ""
    pending: _Pending | None = None
    for line in lines:
        if pending is not None and pending.quote_open:
            pending.lines.append(line)
            if re.search(r"[\"”]\s*\.?\s*$", line.text):
                pending.quote_open = False
                _finish(pending, text, parsed)
                pending = None
            continue
        stripped = line.text.strip()
        if not stripped or stripped.startswith("|"):
            continue
        normal = _normal(line.text)
        is_md_heading = line.text.lstrip().startswith("#")
        bold = _BOLD_HEADING.match(line.text)
        if bold and bold.group("rest"):
            _finish(pending, text, parsed)
            pending = None
            target, title = bold.group("tid"), _strip_title(bold.group("ttitle") or bold.group("title"))
            line = line.rest_from(bold.start("rest"))
            normal = line.text.replace("**", "").replace("__", "").strip()
            if bold.group("new"):  # a new Sub-Clause written out in full
                parsed.amendments.append(Amendment(kind="insert_new", target=target, target_title=title, new_title=title,
                                                   new=line.text, instruction=line.text, start=line.start, end=line.end,
                                                   text_start=line.start, text_end=line.end))
                continue
            heading = None
        elif (numbered := _NUMBERED_LINE.match(normal)) and match_instruction(numbered.group("rest"), numbered.group("tid")):
            # "14.3 将第14.3条中的“14天”修改为“90天”。": the Sub-Clause's number, then its instruction
            _finish(pending, text, parsed)
            pending = None
            target, title = numbered.group("tid"), ""
            line = line.rest_from(line.text.index(numbered.group("rest")))
            normal = line.text
            heading = None
        else:
            heading = _HEADING.match(normal)  # "Sub-Clause 20.1: Delete ...": the instruction may be long
            if heading is None or (len(normal) >= 160 and not heading.group("rest")):
                heading = _ZH_HEADING.match(normal) if len(normal) < 160 else None
        if heading:
            _finish(pending, text, parsed)
            pending = None
            target, title = heading.group("tid"), _strip_title(heading.group("ttitle"))
            rest = heading.groupdict().get("rest")
            if not rest:
                continue
            normal = rest.strip()
            line = line.rest_from(line.text.index(rest))
        elif is_md_heading:
            _finish(pending, text, parsed)
            pending, target, title = None, "", ""
            continue
        said = normal.lstrip("-*• ").strip()
        instruction = match_instruction(said, target)
        inline = _INLINE_TEXT.search(said) if instruction is None else None
        if inline is not None and (split := match_instruction(said[:inline.start() + 1], target)) is not None and split[1]:
            instruction = split  # the new text follows on the same line, after the colon
        if instruction is not None:
            _finish(pending, text, parsed)
            pending = None
            amendment, expects_text, matched_end = instruction
            lead = max(line.text.find(normal.lstrip("-*• ").strip()[:20]), 0)
            amendment.start, amendment.end = line.start + lead, line.start + lead + matched_end
            amendment.instruction = text[amendment.start:amendment.end].strip()
            if not amendment.target_title and amendment.target == target:
                amendment.target_title = title
            if not amendment.target:
                parsed.unparsed.append(Unparsed(text=amendment.instruction, start=amendment.start, end=amendment.end,
                                                reason="the instruction does not say which Sub-Clause it amends"))
                continue
            remainder = text[amendment.end:line.end].strip()
            if remainder and expects_text and inline is not None:
                at = line.end - len(remainder)
                pending = _Pending(amendment)
                pending.lines.append(_Line(text=remainder, start=at, end=line.end))
                continue
            if remainder and not expects_text:
                parsed.unparsed.append(Unparsed(
                    target=amendment.target, text=remainder, start=line.end - len(remainder), end=line.end,
                    reason="text after the instruction is not an amendment and was not applied",
                ))
            if expects_text:
                pending = _Pending(amendment)
            else:
                parsed.amendments.append(amendment)
            continue
        if pending is not None:
            if not pending.lines and normal[:1] in "\"“" and not re.search(r"[\"”]\s*\.?\s*$", normal[1:]):
                pending.quote_open = True
            pending.lines.append(line)
            continue
        if target:
            parsed.unparsed.append(Unparsed(target=target, text=stripped, start=line.start, end=line.end,
                                            reason="not recognised as an amendment instruction"))
    _finish(pending, text, parsed)
    return parsed
