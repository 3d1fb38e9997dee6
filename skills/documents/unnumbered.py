"""Headings without numbers ("GOVERNING LAW", "Confidentiality") in stretches of text the numbering leaves too big.

Some contracts number nothing, or number only their first few clauses and carry on under capitalised
captions; others stop numbering in an annex. The numbering chooser (sequence.py) rightly ignores such
captions, and the result is one clause (or the preamble) holding half the document, so a search hit, a
quote or a labelled provision cannot be placed more precisely than "somewhere in there".

So, after the numbered headings are chosen, any stretch of own text (from one heading to the next, or the
opening before the first) longer than MAX_SHARE of the document and MIN_CHARS is searched for caption lines:
a line of at most 8 words, all in capitals or in title case, after a blank line (in capitals, after a finished
sentence is enough), and followed by a paragraph
(at least 40 characters on the next non-blank line), so that signature blocks, addresses and page furniture
("Page 3 of 12", "CONFIDENTIAL") do not qualify. Each becomes a top-level clause whose id is its caption in
title case ("Governing Law"), which get_clause finds in any case. Stretches of normal size are left alone:
captions inside a well-numbered clause are its sub-headings, not clauses.
"""

from __future__ import annotations

import re

from .headings import Candidate
from .titles import is_caps, is_title

__all__ = ["caption_candidates", "opening_headings", "MAX_SHARE", "MIN_CHARS"]

MAX_SHARE = 0.25  # the parse-quality goal: no clause holds more than a quarter of the document
MIN_CHARS = 3000
_LINE = re.compile(r"(?m)^[ \t]*([^\n]{3,70}?)[ \t]*$")
_FURNITURE = re.compile(
    r"^(?:page\s+\d+|\d+\s+of\s+\d+|confidential|source:|exhibit\s+\S+$|schedule\s+\S+$|annex\s+\S+$|appendix\s+\S+$|"
    r"table\s+of\s+contents|contents|in\s+witness|witnesseth|signature|by:|name:|title:|date:|address|attention|"
    r"tel|fax|e-?mail)", re.IGNORECASE)
_ENTITY = re.compile(r"\b(?:INC|LLC|L\.L\.C|LTD|LIMITED|CORP|CORPORATION|CO|L\.P|LP|PLC|GMBH|S\.A|N\.V|B\.V)\b\.?", re.IGNORECASE)
_VERB = re.compile(r"\b(?:shall|will|may|must|is|are|was|were|has|have|means|agrees?|hereby)\b", re.IGNORECASE)


def _caption(line: str) -> str:
    """The caption a line states, or '' when it is not one."""
    words = line.rstrip(".:").split()
    if not 1 <= len(words) <= 8 or line.rstrip().endswith((",", ";")):
        return ""
    if _FURNITURE.match(line) or _ENTITY.search(line) or _VERB.search(line) or re.search(r"\d", line):
        return ""
    caption = line.rstrip(".:").strip()
    if not (is_caps(caption) or (is_title(caption) and len(words) >= 1 and any(len(w) > 3 for w in words))):
        return ""
    if sum(ch.isalpha() for ch in caption) < 4:
        return ""
    return caption


def caption_candidates(text: str, start: int, end: int) -> list[Candidate]:
    """Caption lines in text[start:end] (after its first line, which is the stretch's own heading)."""
    first_break = text.find("\n", start, end)
    if first_break < 0:
        return []
    out: list[Candidate] = []
    for match in _LINE.finditer(text, first_break + 1, end):
        line = match.group(1)
        caption = _caption(line)
        if not caption:
            continue
        before = text[max(0, match.start() - 300):match.start()]
        after_blank = bool(re.search(r"\n[ \t]*\n[ \t]*$", before))
        after_sentence = bool(re.search(r"[.:;!?][\"”)]?[ \t]*\n[ \t]*$", before))
        if not (after_blank or (caption.isupper() and after_sentence)):
            continue  # a wrapped line of a paragraph (a capitals caption may follow a finished sentence)
        following = re.match(r"\s*\n(?:[ \t]*\n)*[ \t]*([^\n]*)", text[match.end():match.end() + 400])
        if not following or len(following.group(1).strip()) < 40:
            continue
        at = match.start(1)
        clause_id = caption if not caption.isupper() else caption.title()
        out.append(Candidate(at, at + len(line), "caption", line, clause_id, "line", caption.rstrip(".:"),
                             weight=2.0))
    return out


# "## Part A Contract Data", "## Schedule 1 Order Details", "## Key Terms": a Markdown heading is a heading
# whatever its words. Before the first numbered clause such a heading opens a part of its own (the Contract Data
# table of Particular Conditions, the table of an order form), which otherwise stays in the unread opening.
_MD_HEADING = re.compile(r"(?m)^[ \t]*#{2,6}[ \t]+([^\n#]{2,100}?)[ \t#]*$")
_PART_ID = re.compile(r"^(?:Part|PART|Schedule|SCHEDULE|Annex|ANNEX|Appendix|APPENDIX|Exhibit|EXHIBIT|Attachment|Annexure)"
                      r"[ \t]+[-–]?[ \t]*(?:[A-Z]{1,2}|\d{1,3}|[IVX]{1,5})\b")


def opening_headings(text: str, end: int) -> list[Candidate]:
    """Markdown headings (level 2 and below) in text[:end], the opening before the first numbered clause. The
    id is the part's name when the heading gives one ('Part A', 'Schedule 1'), else the heading itself."""
    out: list[Candidate] = []
    for match in _MD_HEADING.finditer(text, 0, end):
        heading = match.group(1).strip().strip("*_").strip()
        if len(heading) < 2:
            continue
        part = _PART_ID.match(heading)
        clause_id = part.group(0) if part else heading
        title = heading[part.end():].strip(" .:-\u2013\u2014") if part else heading
        # the part starts at its words, after any emphasis markers: its text then begins with its label
        at = text.find(heading, match.start(1), match.end(1))
        out.append(Candidate(at, match.end(1), "caption", heading, clause_id, "line", title, weight=5.0, strong=True))
    return out
