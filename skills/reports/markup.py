"""Markdown as the reports read it: blocks (headings, pipe tables, rules, bullets, paragraphs) and, inside a
line, pieces of text with their emphasis, so the Word and HTML reports draw structure instead of showing
`**`, `|---|` or `#` to a lawyer.

Every piece is a span of the source text (start, end), never a copy, so a report can still find a quote by its
offsets and highlight it across the markup. Only what contracts written in Markdown use is read: `**strong**`,
`__strong__`, `*em*`, `_em_` (not inside a word, so snake_case and "Form_1" stay), backslash escapes, code
spans and links (their text); a raw HTML tag is text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_RULE = re.compile(r"^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_BULLET = re.compile(r"^[ \t]*[-*+][ \t]+(?=\S)")
_QUOTE = re.compile(r"^[ \t]*>[ \t]?")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")

# inline: (pattern, bold, italic); the content group is 1
_INLINE = [
    (re.compile(r"\*\*\*(?=\S)(.+?)(?<=\S)\*\*\*"), True, True),
    (re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"), True, False),
    (re.compile(r"(?<![\w_])__(?=\S)(.+?)(?<=\S)__(?![\w_])"), True, False),
    (re.compile(r"(?<![\w*\\])\*(?=[^\s*])(.+?)(?<=[^\s*\\])\*(?![\w*])"), False, True),
    (re.compile(r"(?<![\w_\\])_(?=[^\s_])(.+?)(?<=[^\s_\\])_(?![\w_])"), False, True),
]
_CODE = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"!?\[([^\]\n]+)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>])")


@dataclass(frozen=True)
class Piece:
    """A span of source text shown as it is, with the emphasis around it."""

    start: int
    end: int
    bold: bool = False
    italic: bool = False


def pieces(text: str, start: int = 0, end: int | None = None, *, bold: bool = False, italic: bool = False) -> list[Piece]:
    """The visible pieces of text[start:end], markup characters left out."""
    end = len(text) if end is None else end
    out: list[Piece] = []
    at = start
    while at < end:
        found = _earliest(text, at, end)
        if found is None:
            _escaped(text, at, end, bold, italic, out)
            break
        kind, match, b, i = found
        _escaped(text, at, match.start(), bold, italic, out)
        if kind == "code":
            out.append(Piece(match.start(1), match.end(1), bold, italic))
        else:
            out += pieces(text, match.start(1), match.end(1), bold=bold or b, italic=italic or i)
        at = match.end()
    return [p for p in out if p.end > p.start]


def _earliest(text: str, start: int, end: int):
    best = None
    for kind, pattern, b, i in [("code", _CODE, False, False), ("link", _LINK, False, False),
                                *[("em", p, b, i) for p, b, i in _INLINE]]:
        match = pattern.search(text, start, end)
        while match is not None and kind != "code" and (_escaped_at(text, match.start()) or _only_markers(kind, match)):
            match = pattern.search(text, match.start() + 1, end)
        if match is not None and (best is None or match.start() < best[1].start()):
            best = (kind, match, b, i)
    return best


def _only_markers(kind: str, match: re.Match) -> bool:
    """Emphasis around nothing but asterisks or underscores is no emphasis: a masked number ('3205********1234',
    'Y******(3)') or a blank line to sign on ('____') is text, every character of it."""
    return kind == "em" and not match.group(1).strip("*_")


def _escaped_at(text: str, index: int) -> bool:
    slashes = 0
    while index - slashes - 1 >= 0 and text[index - slashes - 1] == "\\":
        slashes += 1
    return slashes % 2 == 1


def _escaped(text: str, start: int, end: int, bold: bool, italic: bool, out: list[Piece]) -> None:
    """Plain text with backslash escapes: the backslash is left out, the character kept."""
    at = start
    for match in _ESCAPE.finditer(text, start, end):
        out.append(Piece(at, match.start(), bold, italic))
        at = match.start(1)
    out.append(Piece(at, end, bold, italic))


def plain(text: str) -> str:
    """The text a reader sees: inline markup left out (one line; block markers are for `blocks`)."""
    return "".join(text[p.start:p.end] for p in pieces(text))


def plain_quote(text: str) -> str:
    """A quote without inline markup, pipe-table borders or a heading's hashes, for finding it in Word."""
    lines = []
    for line in text.split("\n"):
        line = re.sub(r"^\s*#{1,6}\s+", "", line)
        if _TABLE_SEPARATOR.match(line) and "-" in line:
            continue
        if line.strip().startswith("|"):
            line = " ".join(cell for cell in (c.strip() for c in _cells_text(line)) if cell)
        lines.append(plain(line))
    return "\n".join(lines)


def _cells_text(line: str) -> list[str]:
    return [line[a:b] for a, b in _cell_spans(line, 0)]


@dataclass
class Block:
    """One block of the source: kind is heading, table, rule, bullet, quote or paragraph. `span` is the text's
    (start, end) in the source (no markers); a table has `rows` of cell spans and `header` rows before its
    separator."""

    kind: str
    span: tuple[int, int] = (0, 0)
    level: int = 0
    rows: list[list[tuple[int, int]]] = field(default_factory=list)
    header: int = 0


def blocks(text: str) -> list[Block]:
    """The blocks of a Markdown text, one paragraph per non-empty line (contracts put a paragraph on a line)."""
    out: list[Block] = []
    lines, offset = [], 0
    for line in text.split("\n"):
        lines.append((offset, line))
        offset += len(line) + 1
    previous_blank = True
    for start, line in lines:
        stripped = line.strip()
        if not stripped:
            previous_blank = True
            continue
        lead = len(line) - len(line.lstrip())
        content = (start + lead, start + len(line.rstrip()))
        table = out[-1] if out and out[-1].kind == "table" and not previous_blank else None
        if stripped.startswith("|") or (table is not None and "|" in stripped):
            if table is None:
                table = Block("table", content)
                out.append(table)
            if _TABLE_SEPARATOR.match(stripped) and "-" in stripped:
                table.header = len(table.rows)
            else:
                table.rows.append(_cell_spans(line, start))
            table.span = (table.span[0], content[1])
        elif (setext := _SETEXT.match(line)) and not previous_blank and out and out[-1].kind == "paragraph":
            out[-1].kind, out[-1].level = "heading", 1 if setext.group(1)[0] == "=" else 2
        elif _RULE.match(line):
            out.append(Block("rule", (content[0], content[0])))
        elif heading := _HEADING.match(line):
            out.append(Block("heading", (start + heading.start(2), start + heading.end(2)), level=len(heading.group(1))))
        elif bullet := _BULLET.match(line):
            out.append(Block("bullet", (start + bullet.end(), content[1])))
        elif quoted := _QUOTE.match(line):
            out.append(Block("quote", (start + quoted.end(), content[1])))
        else:
            out.append(Block("paragraph", content))
        previous_blank = False
    return out


def _cell_spans(line: str, offset: int) -> list[tuple[int, int]]:
    """(start, end) of each cell's text in a pipe-table row, the outer pipes and padding left out; an escaped
    pipe (\\|) stays inside its cell."""
    bounds = [i for i, ch in enumerate(line) if ch == "|" and not _escaped_at(line, i)]
    body_start = len(line) - len(line.lstrip())
    body_end = len(line.rstrip())
    edges = [body_start - 1] if not bounds or bounds[0] != body_start else []
    edges += bounds
    if not bounds or bounds[-1] != body_end - 1:
        edges.append(body_end)
    cells = []
    for a, b in zip(edges, edges[1:]):
        left, right = a + 1, b
        while left < right and line[left].isspace():
            left += 1
        while right > left and line[right - 1].isspace():
            right -= 1
        cells.append((offset + left, offset + right))
    return cells
