"""Text -> DocumentStructure.

Three steps, each in its own module:
1. headings.py proposes every place a clause could begin, wherever it sits on a line, and drops a table of
   contents;
2. sequence.py keeps the candidates that form the best consistent numbering (and, inside each clause, the
   sub-paragraph lists); schedules and exhibits after the body restart the numbering;
3. this module nests the accepted headings into a tree and cuts the text into spans: a clause runs from its
   marker to the next heading that is not one of its descendants; where the numbering leaves a stretch of
   text too big, unnumbered caption headings inside it become clauses too (unnumbered.py).
Offsets always index into the text as given, so any span can be checked against the source.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from .definitions import extract_definitions
from .contents import drop_table_of_contents
from .headings import Candidate, find_candidates
from .traditional import to_simplified
from .model import Clause, DocumentStructure
from .references import extract_cross_references
from .sequence import assign_lettered, assign_paragraphs, choose_parts
from .unnumbered import MAX_SHARE, MIN_CHARS, caption_candidates, opening_headings

_CJK = re.compile(r"[\u4e00-\u9fff]")
_LETTER = re.compile(r"[^\W\d_]")


def detect_language(text: str) -> str:
    sample = text[:20000]
    cjk = len(_CJK.findall(sample))
    letters = len(_LETTER.findall(sample)) or 1
    return "zh" if cjk / letters > 0.2 else "en"


@dataclass(eq=False)
class _Node:
    cand: Candidate
    clause_id: str
    parent: "_Node | None" = None
    fallback: "_Node | None" = None  # where it goes if its numbering parent is not open (schedule, chapter)
    children: list["_Node"] = field(default_factory=list)
    level: int = 1
    end: int = 0

    @property
    def start(self) -> int:
        return self.cand.start


def _segment_nodes(chain: list[Candidate], prefix: str, container: _Node | None, chapters: list[_Node]) -> list[_Node]:
    """Chain candidates -> nodes whose intended parent is the nearest heading numbered as their prefix."""
    nodes: list[_Node] = []
    by_parts: dict[tuple[int, ...], _Node] = {}
    for cand in chain:
        outer = container
        if container is None:
            outer = next((ch for ch in reversed(chapters) if ch.start < cand.start), None)
        node = _Node(cand, prefix + cand.clause_id, fallback=outer)
        for cut in range(len(cand.parts) - 1, 0, -1):
            if (parent := by_parts.get(cand.parts[:cut])) is not None:
                node.parent = parent
                break
        if node.parent is None:
            node.parent = outer
        by_parts[cand.parts + ((ord(cand.suffix),) if cand.suffix else ())] = node
        nodes.append(node)
    return nodes


def _schedule_headings(candidates: list[Candidate]) -> list[Candidate]:
    """Schedule/exhibit headings that may open a part; of several with one name the last is the heading
    (earlier ones are a list of schedules or a mention at the start of a line)."""
    last: dict[str, Candidate] = {}
    for cand in candidates:
        if cand.kind == "schedule":
            last[cand.clause_id.lower()] = cand
    return sorted(last.values(), key=lambda c: c.start)


def _structural_nodes(candidates: list[Candidate]) -> tuple[list[_Node], list[Candidate]]:
    """The headings of the body and of each schedule, plus the candidates left over for sub-paragraphs."""
    numbered = [c for c in candidates if c.kind == "num"]
    chain, parts = choose_parts(numbered, _schedule_headings(candidates))
    tops = [c.start for c in candidates if c.kind == "cn_top"]
    if not chain and not parts and tops:
        # a Chinese contract numbered 一、二、 alone: its annexes follow the last part ("## 附件一：运价表")
        parts = [(h, []) for h in _schedule_headings(candidates) if h.start > tops[-1]]
    chapters = [_Node(c, c.clause_id) for c in candidates if c.kind == "cn_chapter"]
    nodes = _segment_nodes(chain, "", None, chapters) + chapters
    schedules: list[_Node] = []
    for heading, inside in parts:
        schedule = _Node(heading, heading.clause_id)
        schedules.append(schedule)
        nodes += _segment_nodes(inside, schedule.clause_id + "/", schedule, [])
    nodes += schedules
    first_article = next((c.start for c in chain if c.keyword == "第条"), None)
    leftover: list[Candidate] = []
    for cand in candidates:
        if cand.kind == "cn_top" and (first_article is None or cand.start < first_article):
            nodes.append(_Node(cand, cand.clause_id))
        elif cand.kind in ("para", "cn_top"):
            leftover.append(cand)
    nodes.sort(key=lambda n: n.start)
    return nodes, leftover


def _lettered_nodes(structural: list[_Node], lettered: list[Candidate]) -> list[_Node]:
    """Paragraphs numbered with a letter ("B.1", "CD.7") in a schedule or an unnumbered part ("## Part A"), or in a
    document with no numbered clause before them: each a sub-clause of the heading whose text it lies in (the
    schedule, or its numbered paragraph), nested by its own numbering ("B.1.2" under "B.1").

    In the body the numbering chooser alone decides what is a clause, so a lettered line there stays text. The id
    is the number as printed; when an earlier schedule used it already ("A.1" in Schedule 2 and in Schedule 4), it
    is named with its schedule ("Schedule 4/A.1"), as the schedule's own numbered paragraphs are.
    """
    if not lettered:
        return []
    taken = {n.start for n in structural}
    out: list[_Node] = []
    used: set[str] = set()
    region: list[tuple[Candidate, _Node | None]] = []  # the candidates of one schedule, each with its enclosing node

    def flush(owner: _Node | None) -> None:
        enclosing = {id(c): node for c, node in region}
        made: dict[int, _Node] = {}
        for cand, parent_cand in assign_lettered([c for c, _ in region]):
            outer = enclosing[id(cand)]
            parent = made[id(parent_cand)] if parent_cand is not None else outer
            clause_id = cand.clause_id
            if parent_cand is not None and "/" in parent.clause_id:
                clause_id = parent.clause_id[:parent.clause_id.rindex("/") + 1] + clause_id
            elif clause_id in used and owner is not None:
                clause_id = f"{owner.clause_id}/{clause_id}"
            used.add(clause_id)
            node = _Node(cand, clause_id, parent=parent, fallback=outer)
            made[id(cand)] = node
            out.append(node)
        region.clear()

    owner: _Node | None = None  # the schedule or part being read
    reading = True  # False inside the numbered body
    j = 0
    for i in range(-1, len(structural)):
        if i >= 0:
            node = structural[i]
            if node.cand.kind in ("schedule", "caption"):
                flush(owner)
                owner, reading = node, True
            elif not (owner is not None and node.fallback is owner):  # not a numbered paragraph of the schedule
                flush(owner)
                owner, reading = None, False
        start = structural[i].start if i >= 0 else -1
        limit = structural[i + 1].start if i + 1 < len(structural) else float("inf")
        while j < len(lettered) and lettered[j].start < limit:
            cand = lettered[j]
            j += 1
            if reading and cand.start > start and cand.start not in taken:
                region.append((cand, structural[i] if i >= 0 else None))
    flush(owner)
    return out


def _paragraph_nodes(structural: list[_Node], paragraphs: list[Candidate], text_end: int) -> list[_Node]:
    """Sub-paragraphs inside each heading's own stretch of text, nested by their lists."""
    out: list[_Node] = []
    j = 0
    for i, node in enumerate(structural):
        limit = structural[i + 1].start if i + 1 < len(structural) else text_end
        while j < len(paragraphs) and paragraphs[j].start < node.cand.marker_end:
            j += 1
        region: list[Candidate] = []
        while j < len(paragraphs) and paragraphs[j].start < limit:
            region.append(paragraphs[j])
            j += 1
        made: dict[int, _Node] = {}
        for cand, parent_cand in assign_paragraphs(region):
            parent = made[id(parent_cand)] if parent_cand is not None else node
            child = _Node(cand, f"{parent.clause_id}({cand.clause_id})", parent=parent)
            made[id(cand)] = child
            out.append(child)
    return out


# Clauses nested deeper than this (no real contract comes close) are kept, as siblings at this level: the tree
# stays shallow enough to walk recursively and to store as JSON, whatever numbering a hostile file invents.
MAX_DEPTH = 24


def _build_tree(nodes: list[_Node], text_end: int) -> list[_Node]:
    """Attach each node to its intended parent if that heading is still open, else to its fallback."""
    roots: list[_Node] = []
    stack: list[_Node] = []
    taken: set[str] = set()
    suffixes: dict[str, int] = {}
    for node in nodes:
        parent = None
        for wanted in (node.parent, node.fallback):
            if wanted is not None and wanted in stack:
                parent = wanted
                break
        while parent is not None and parent.level >= MAX_DEPTH:  # flatten absurd depth (see MAX_DEPTH)
            parent = parent.parent
        while stack and stack[-1] is not parent:
            stack.pop()
        node.parent = parent
        node.level = parent.level + 1 if parent else 1
        if node.clause_id in taken:  # a repeated number: "1#2", "1#3", ... (the next free suffix, kept per id
            base = node.clause_id    # so that many repeats cost linear time, not quadratic)
            n = suffixes.get(base, 2)
            while f"{base}#{n}" in taken:
                n += 1
            suffixes[base] = n + 1
            node.clause_id = f"{base}#{n}"
        taken.add(node.clause_id)
        (parent.children if parent else roots).append(node)
        stack.append(node)

    def close(siblings: list[_Node], limit: int) -> None:
        for i, node in enumerate(siblings):
            node.end = siblings[i + 1].start if i + 1 < len(siblings) else limit
            close(node.children, node.end)

    close(roots, text_end)
    return roots


_MD_HEADING_MARK = re.compile(r"[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*")


def _heading_line_start(text: str, start: int) -> int:
    """Where the clause before a heading ends: at the start of the heading's line when Markdown marks it
    ("## Schedule 2" and "**Sub-Clause 8.8 ...**" give the clause before them no trailing "##" or "**")."""
    line_start = text.rfind("\n", 0, start) + 1
    return line_start if _MD_HEADING_MARK.fullmatch(text, line_start, start) else start


def _to_clauses(nodes: list[_Node], text: str) -> list[Clause]:
    out: list[Clause] = []
    for node in nodes:
        end = _heading_line_start(text, node.end)
        own_end = _heading_line_start(text, node.children[0].start) if node.children else end
        out.append(
            Clause(
                clause_id=node.clause_id,
                label=node.cand.label.strip(),
                title=node.cand.title,
                text=text[node.start:own_end].strip(),
                level=node.level,
                start=node.start,
                end=end,
                parent_id=node.parent.clause_id if node.parent else None,
                children=_to_clauses(node.children, text),
            )
        )
    return out


def _as_written(nodes: list[_Node], text: str, scan: str) -> None:
    """Labels and titles as the contract writes them (Traditional characters), not as they were scanned."""
    for node in nodes:
        cand = node.cand
        if cand.label:
            at = scan.find(cand.label, cand.start)
            if at >= 0:
                cand.label = text[at:at + len(cand.label)]
        if cand.title:
            at = scan.find(cand.title, cand.start)
            if at >= 0:
                cand.title = text[at:at + len(cand.title)]


def _caption_nodes(text: str, language: str, structural: list[_Node], paragraphs: list[_Node], text_end: int) -> list[_Node]:
    """Unnumbered caption headings in any stretch the numbering leaves too big (see unnumbered.py).

    A caption becomes a top-level clause; the sub-paragraphs after it, until the next heading, move under it
    (their ids follow: "Governing Law(a)")."""
    if language != "en":
        return []
    limit = max(MIN_CHARS, MAX_SHARE * text_end)
    starts = [0] + [n.start for n in structural]
    owners: list[_Node | None] = [None] + list(structural)
    ends = [n.start for n in structural] + [text_end]
    made: list[_Node] = []
    paragraphs = sorted(paragraphs, key=lambda n: n.start)
    paragraph_starts = [n.start for n in paragraphs]
    for owner, start, end in zip(owners, starts, ends):
        if end - start <= limit:
            continue
        found = [_Node(c, c.clause_id) for c in caption_candidates(text, start, end)]
        for i, caption in enumerate(found):
            stop = found[i + 1].start if i + 1 < len(found) else end
            first, last = bisect_right(paragraph_starts, caption.start), bisect_left(paragraph_starts, stop)
            for node in paragraphs[first:last]:  # each paragraph is looked at under one caption at most
                if owner is not None and node.clause_id.startswith(owner.clause_id + "("):
                    node.clause_id = caption.clause_id + node.clause_id[len(owner.clause_id):]
                if node.parent is owner:
                    node.parent = caption
        made += found
    return made


_TABLE_ROW = re.compile(r"(?m)^[ \t]*\|(?![ \t:|-]*$)[^\n]*\|[ \t]*$")
_TABLE_RULE = re.compile(r"^[ \t]*\|[ \t:|-]+\|?[ \t]*$")


def _next_line(text: str, end: int) -> str:
    stop = text.find("\n", end + 1)
    return text[end + 1:stop if stop >= 0 else len(text)]


def _table_rows(text: str, parts: list[_Node], structural: list[_Node], text_end: int) -> list[_Node]:
    """The data rows of a Markdown table in a part of the opening ('## Part A Contract Data'), each a
    sub-clause of its part ('Part A(7)'), so that a quote or a finding names its row, not the whole table."""
    starts = sorted(n.start for n in structural)
    out: list[_Node] = []
    for part in parts:
        end = next((s for s in starts if s > part.start), text_end)
        rows = [m for m in _TABLE_ROW.finditer(text, part.cand.marker_end, end)]
        data = [m for m in rows if not _TABLE_RULE.match(_next_line(text, m.end()))]  # a header sits on a rule
        for number, row in enumerate(data, 1):
            at = row.start() + len(row.group()) - len(row.group().lstrip())
            cand = Candidate(at, at + 1, "para", "|", str(number), "line", "", (number,))
            out.append(_Node(cand, f"{part.clause_id}({number})", parent=part))
    return out


def _structure_type(nodes: list[_Node]) -> str:
    if not nodes:
        return "flat"
    if any(n.cand.kind in ("cn_chapter", "cn_top") or n.cand.keyword == "第条" for n in nodes):
        return "chinese"
    if any(n.cand.keyword.lower() == "article" for n in nodes):
        return "articles"
    return "numbered"


def parse_text(text: str, *, filename: str = "", document_id: str | None = None) -> DocumentStructure:
    """Parse contract text. Offsets in the result index into `text` exactly as given."""
    language = detect_language(text)
    text_end = len(text.rstrip())
    # Markers are found in the text read as Simplified Chinese (第十條 is 第十条), which has the same offsets
    scan = to_simplified(text)
    candidates = drop_table_of_contents(find_candidates(scan, language), scan)
    structural, leftover = _structural_nodes(candidates)
    opening_end = structural[0].start if structural else text_end
    taken = {n.start for n in structural}
    opening = [_Node(c, c.clause_id) for c in opening_headings(scan, opening_end) if c.start not in taken]
    structural = sorted(structural + opening, key=lambda n: n.start)
    lettered = _lettered_nodes(structural, [c for c in candidates if c.kind == "lettered"])
    structural = sorted(structural + lettered, key=lambda n: n.start)
    tables = opening + [n for n in structural if n.cand.keyword == "data" and not n.children]  # Contract Data parts
    paragraphs = _paragraph_nodes(structural, leftover, text_end) + _table_rows(scan, tables, structural, text_end)
    captions = _caption_nodes(scan, language, structural, paragraphs, text_end)
    if scan != text:
        _as_written(nodes=structural + paragraphs + captions, text=text, scan=scan)
    nodes = sorted(structural + paragraphs + captions, key=lambda n: n.start)
    roots = _build_tree(nodes, text_end)
    structure = DocumentStructure(
        document_id=document_id or hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16],
        filename=filename,
        language=language,
        structure_type=_structure_type(structural),
        text=text,
        clauses=_to_clauses(roots, text),
    )
    structure.total_clauses = len(nodes)
    structure.definitions = extract_definitions(structure)
    structure.cross_references = extract_cross_references(structure)
    return structure
