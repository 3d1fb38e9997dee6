"""Tables of contents: headings that must not become clauses.

A contents list repeats the clause numbers and titles before the body, sometimes with page numbers glued on
("1. DEFINITIONS AND INTERPRETATION1"); read as headings it would own the whole preamble and push the real
clause 1 aside. Two signs find it: a "Contents" title followed by lines that are not prose, or a run of
heading candidates with almost no text between them, early in the document, whose numbers come back later.
"""

from __future__ import annotations

import re

from .headings import Candidate, Lines

_TOC_LEADER = re.compile(r"\S\s*(?:\.{4,}|…{2,}|\t|\s{2,})\s*\d{1,3}\s*$")


_TOC_TITLE = re.compile(r"^[ \t#*_]*(?:[A-Z][\w-]*[ \t]+){0,3}(?:TABLE\s+OF\s+CONTENTS|Table\s+of\s+Contents|CONTENTS|Contents|INDEX|目\s*录)\b[\s*_]*(?:Page|PAGE)?\s*$", re.MULTILINE)
_PROSE = re.compile(r"(?:\b[a-z][a-z'’-]*[,;]?\s+){6}|[\u4e00-\u9fff]{12}[，。；]")


def _titled_toc(text: str) -> tuple[int, int] | None:
    """A table of contents announced by its title: from the title to the first line of running prose."""
    title = _TOC_TITLE.search(text, 0, int(len(text) * 0.3))
    if not title:
        return None
    at = title.end()
    limit = min(len(text), title.start() + max(30000, len(text) // 4))
    while at < limit:
        end = text.find("\n", at + 1)
        end = len(text) if end < 0 else end
        if _PROSE.search(text, at, end) or _is_sentence(text[at:end]):
            return (title.start(), at)
        at = end
    return None


def _is_sentence(line: str) -> bool:
    """"This Agreement is made between Acme Inc. and Beta Ltd. on the date below.": prose, not an entry."""
    words = line.split()
    if len(words) < 8 or not line.rstrip().endswith((".", ";", ":")):
        return False
    return sum(w[0].islower() for w in words) >= 0.4 * len(words)


def drop_table_of_contents(candidates: list[Candidate], text: str) -> list[Candidate]:
    """Remove a table of contents: the stretch after a "Table of Contents" title up to the first running
    prose, or else a run of headings with almost no text between them, near the start of the document, whose
    numbers come back later as the real headings."""
    titled = _titled_toc(text)
    if titled:
        candidates = [c for c in candidates if not titled[0] <= c.start < titled[1]]
    lines = Lines(text)
    headed = [c for c in candidates if c.kind in ("num", "schedule") and c.boundary in ("line", "gap")]
    drop: set[int] = set()
    for c in headed:
        _, line_end = lines.bounds(c.start)
        if c.boundary == "line" and _TOC_LEADER.search(text[c.marker_end:line_end]) and line_end - c.start < 150:
            drop.add(c.start)
    runs: list[list[Candidate]] = []
    current: list[Candidate] = []
    for c in headed:
        if current and c.start - current[-1].start <= 160 and not re.search(r"[.;]\s+[a-z]", text[current[-1].start:c.start]):
            current.append(c)
        else:
            if len(current) >= 4:
                runs.append(current)
            current = [c]
    if len(current) >= 4:
        runs.append(current)
    limit = len(text) * 0.35
    last_seen = {c.clause_id: c.start for c in headed}  # where each number last heads a line (one pass)
    for run in runs:
        if run[0].start > limit:
            continue
        end = run[-1].start
        numbered = [c for c in run if c.kind == "num"]
        recurring = sum(last_seen[c.clause_id] > end for c in numbered)  # its number comes back later
        before = text[max(0, run[0].start - 400):run[0].start]
        titled = re.search(r"contents|index|目\s*录", before, re.IGNORECASE)
        if numbered and (recurring >= 0.6 * len(numbered) or titled) and _looks_like_toc(run, text):
            drop.update(c.start for c in run)
    if not drop:
        return candidates
    first, last = min(drop), max(drop)
    # the schedule list and paragraph markers (lettered ones too) printed inside the table of contents go with it
    return [c for c in candidates if c.start not in drop and not (first <= c.start <= last and c.kind in ("schedule", "para", "lettered"))]


def _looks_like_toc(run: list[Candidate], text: str) -> bool:
    """Entries of a contents list hold a title and perhaps a page number, never a sentence."""
    gaps = [run[i + 1].start - run[i].start for i in range(len(run) - 1)]
    return sum(g < 130 for g in gaps) >= 0.8 * len(gaps)
