"""PDF text lines back into the sentences they were typeset from.

A PDF knows glyphs on lines, not sentences: a clause wrapped over three lines comes out as three lines, a word
split at the margin as "limi-" and "tation", and the page's running header, footer and number sit between
two halves of a sentence. Wording checks look for phrases ("the Charges paid in the twelve months"), so a
line break inside one loses the finding. Here:

- running headers and footers (an edge line that recurs on most pages, page numbers masked, so "Page 3 of 9"
  and "Confidential - 3" recur too) and page-number lines are dropped;
- a line is joined to the next when it runs to (nearly) the full text width, does not end a sentence, and the
  next line does not open a new block (a clause number, "(a)", a bullet, "第一条", a heading);
- a word hyphenated at the margin is rejoined, unless the document elsewhere writes it with its hyphen
  ("third-party"); Chinese lines are joined without a space.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

PAGE_NUMBER = re.compile(r"^\s*(?:page\s+)?-?\s*\d{1,4}\s*-?(?:\s+of\s+\d{1,4})?\s*$|^\s*第\s*\d+\s*页", re.IGNORECASE)

_BLOCK_START = re.compile(
    r"""^\s*(?:
        \#                                              # a Markdown heading
      | \|                                              # a table row
      | [•▪●◦\-–—*]\s                                   # a bullet
      | \d+(?:\.\d+)+\.?(?:\s|$)                        # 1.1, 14.7.2
      | \d+\.(?:\s|$)                                   # 1.
      | \(\s*(?:[a-z]{1,2}|[ivxlc]{1,6}|\d{1,3}|[A-Z])\s*\)   # (a) (iv) (2) (A)
      | (?:[a-z]|[ivx]{1,4}|\d{1,3})\)\s                # a) iv) 2)
      | 第[一二三四五六七八九十百零〇两\d]+[条章节款部分]
      | [一二三四五六七八九十]+、
      | [（(][一二三四五六七八九十]+[)）]
    )""",
    re.VERBOSE,
)
# these open a heading only when the line is one ("Schedule 1 Service Levels"); inside a sentence they are
# words ("as described in" / "Schedule 1."), so the line must also be short and not end a sentence
_HEADING_WORDS = re.compile(
    r"""^\s*(?:\d+\s+[A-Z]
      | (?:Clause|Sub-Clause|Section|Article|ARTICLE|Schedule|SCHEDULE|Annex|ANNEX|Exhibit|EXHIBIT|Appendix|APPENDIX
           |Part|PART|Recitals?|RECITALS?|WHEREAS|IN\s+WITNESS)\b)""",
    re.VERBOSE,
)
_SENTENCE_END = tuple(".;:!?。；：！？")
_HYPHENATED = re.compile(r"([A-Za-z]+)-$")
_NEXT_WORD = re.compile(r"^([a-z]+)")


def _width(line: str) -> int:
    """Display width: a CJK character takes about two Latin ones."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in line.strip())


def _is_cjk(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def drop_running_lines(pages: list[list[str]]) -> list[str]:
    """The pages' lines in order, without running headers/footers and page-number lines."""
    def mask(line: str) -> str:
        return re.sub(r"\d+", "#", line.strip())

    # each line once per page: on a page of four lines or fewer the first two and last two overlap
    edges = Counter(m for lines in pages for m in {mask(l) for l in lines[:2] + lines[-2:]} if m)
    repeated = {m for m, count in edges.items() if len(pages) >= 3 and count >= 0.6 * len(pages)}
    kept: list[str] = []
    for lines in pages:
        edge = set(range(min(2, len(lines)))) | set(range(max(0, len(lines) - 2), len(lines)))
        kept.extend(line for i, line in enumerate(lines)
                    if not (i in edge and mask(line) in repeated) and not PAGE_NUMBER.match(line))
    return kept


def _full_width(lines: list[str]) -> float:
    widths = sorted(_width(line) for line in lines if line.strip())
    if not widths:
        return 0.0
    return widths[int(0.9 * (len(widths) - 1))]


def _joins(previous: str, following: str, full: float) -> bool:
    last, first = previous.rstrip(), following.strip()
    if not last or not first or last.endswith(_SENTENCE_END) or _BLOCK_START.match(first):
        return False
    if _HYPHENATED.search(last) and _NEXT_WORD.match(first):
        return True  # "limi-" / "tation": a word split at the margin
    if _HEADING_WORDS.match(first) and not first.endswith(_SENTENCE_END) and _width(first) < 0.6 * full:
        return False
    letters = [ch for ch in last if ch.isascii() and ch.isalpha()]
    if letters and all(ch.isupper() for ch in letters):
        return False  # an all-capitals heading
    return _width(last) >= 0.6 * full


def join_lines(lines: list[str]) -> str:
    """The lines with each wrapped sentence made one line again (blank lines and block starts kept)."""
    full = _full_width(lines)
    words = set(re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)+", "\n".join(lines).lower()))
    out: list[str] = []
    previous = ""  # the line as printed: its width, not the joined sentence's, says whether it wrapped
    for line in lines:
        line = line.rstrip()
        if out and _joins(previous, line, full):
            out[-1] = _glue(out[-1].rstrip(), line.strip(), words)
        else:
            out.append(line)
        previous = line
    return "\n".join(out)


def _glue(left: str, right: str, hyphenated_words: set[str]) -> str:
    split = _HYPHENATED.search(left)
    following = _NEXT_WORD.match(right)
    if split and following:
        whole = f"{split.group(1)}-{following.group(1)}".lower()
        # "third-" + "party" stays hyphenated when the document writes "third-party" elsewhere
        return left + right if whole in hyphenated_words else left[:-1] + right
    if _is_cjk(left[-1]) and _is_cjk(right[0]):
        return left + right
    return left + " " + right
