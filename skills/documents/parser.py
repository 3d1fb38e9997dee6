"""Text -> DocumentStructure.

Headings are found line by line, then accepted only where they fit the numbering sequence so far: real
contracts wrap lines ("within\\n30 days"), print page numbers and tables of contents, and run several
clauses into one line ("5.3 Delivery. [***]. 5.4 Supply Limitation."). A marker that names itself
("Sub-Clause 20.1", "第十二条", a Markdown heading) is trusted; a bare number must continue the sequence.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from .definitions import extract_definitions
from .model import Clause, DocumentStructure
from .numbering import (
    CN_NUMERAL,
    DOTTED,
    KEYWORDS,
    SCHEDULE_WORDS,
    cn_to_int,
    dotted_parts,
    normalise_clause_id,
    roman_to_int,
)
from .references import extract_cross_references


@dataclass
class Heading:
    start: int
    clause_id: str
    label: str
    title: str
    scheme: str  # dotted | cn_article | cn_top | cn_sub | paren_* | schedule
    strong: bool
    parent_id: str | None = None
    level: int = 1
    children: list["Heading"] = field(default_factory=list)


_MD_PREFIX = re.compile(r"^(#{1,6})\s+")
_DECOR = re.compile(r"^[\s>*_]*")
_KEYWORD_HEAD = re.compile(rf"^({KEYWORDS})\s+({DOTTED}|[IVXLC]+)\b\.?\s*(?:[:.\-–—]\s*)?(.*)$")
_DOTTED_HEAD = re.compile(rf"^({DOTTED})(\.?)(?:\s+|(?=[\"“\[]))(.*)$")
_CN_ARTICLE = re.compile(rf"^第\s*([{CN_NUMERAL}\d]+(?:\.\d+)*)\s*([条章])\s*(.*)$")
_CN_TOP = re.compile(rf"^([{CN_NUMERAL}]+)、\s*(.*)$")
_CN_SUB = re.compile(rf"^[（(]([{CN_NUMERAL}]+)[）)]\s*(.*)$")
_PAREN = re.compile(r"^\(([a-z]{1,2}|[ivxl]{1,5}|[A-Z]|\d{1,2})\)\s+(.*)$|^[（(](\d{1,2})[）)]\s*(.*)$")
_SCHEDULE_HEAD = re.compile(rf"^({SCHEDULE_WORDS})\s+([A-Z0-9]{{1,4}}(?:\.\d+)?)\b[.:\-–—\s]*(.*)$")
_TOC_LINE = re.compile(r"(?:\.{4,}|…{2,}|\t)\s*\d{1,3}\s*$")
_INLINE = re.compile(rf"(?<=[.;:\]\)”\"]) +({DOTTED})\.? +(?=[A-Z\"“(\[])")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def detect_language(text: str) -> str:
    sample = text[:20000]
    cjk = len(_CJK.findall(sample))
    letters = sum(ch.isalpha() for ch in sample) or 1
    return "zh" if cjk / letters > 0.2 else "en"


def _clean_title(raw: str, *, markdown: bool) -> str:
    title = raw.strip().strip("*_#").strip()
    title = re.sub(r"^[\[〔【](.*?)[\]〕】]", r"\1", title)
    if markdown:
        return title.rstrip(".:").strip()
    if not title:
        return ""
    if len(title) <= 80 and not re.search(r"[.;。；]\s*\S", title) and not title.endswith((",", ";", "，")):
        # a short line on its own: the whole line is the heading, unless it reads as a sentence
        if title.endswith(".") and not _is_title_case(title[:-1]):
            return ""
        if re.search(r"\b(shall|will|may|must|is|are)\b", title):
            return ""
        return title.rstrip(".:").strip()
    first = re.match(r"^([^.;:]{1,70}?)[.:]\s", title)
    if first and _is_title_case(first.group(1)):
        return first.group(1).strip()
    return ""


_SMALL_WORDS = {"and", "or", "of", "the", "to", "in", "on", "for", "a", "an", "by", "with", "from", "at", "as", "upon"}


def _is_title_case(text: str) -> bool:
    words = re.findall(r"[A-Za-z][\w'’-]*", text)
    if not words or len(words) > 10:
        return False
    return all(w[0].isupper() or w.lower() in _SMALL_WORDS for w in words) and words[0][0].isupper()


class _Sequence:
    """What has been accepted so far, to judge whether a bare number continues the numbering."""

    def __init__(self) -> None:
        self.ids: set[str] = set()
        self.last_child: dict[str | None, int] = {}
        self.prefix = ""  # "Schedule 1/" once inside a schedule

    def fits(self, parts: list[int], *, strong: bool, inline: bool) -> bool:
        parent = ".".join(map(str, parts[:-1])) or None
        if parent is not None and self.prefix + parent not in self.ids:
            # "1.1" directly under "ARTICLE 1" is fine; so is a first "1.1" with no "1" heading at all
            if len(parts) == 2 and (self.last_child.get(None, 0) in (parts[0], parts[0] - 1)):
                parent_ok = True
            else:
                parent_ok = strong
            if not parent_ok:
                return False
        last = self.last_child.get(self._key(parent))
        number = parts[-1]
        if strong and not inline:
            return True
        if last is None:
            return number in (0, 1) or (not inline and number <= 2)
        gap = number - last
        return gap == 1 if inline else 1 <= gap <= 3

    def _key(self, parent: str | None) -> str | None:
        return self.prefix + parent if parent is not None else (self.prefix or None)

    def accept(self, clause_id: str) -> None:
        self.ids.add(clause_id)
        parts = dotted_parts(clause_id.removeprefix(self.prefix))
        if parts:
            parent = ".".join(map(str, parts[:-1])) or None
            self.last_child[self._key(parent)] = parts[-1]
            if len(parts) == 2 and self._key(None) not in self.last_child:
                self.last_child[self._key(None)] = parts[0]
            elif len(parts) == 2:
                self.last_child[self._key(None)] = max(self.last_child[self._key(None)], parts[0])


def _find_headings(text: str) -> list[Heading]:
    headings: list[Heading] = []
    seq = _Sequence()
    offset = 0
    for line in text.splitlines(keepends=True):
        line_start = offset
        offset += len(line)
        stripped_line = line.rstrip("\r\n")
        if not stripped_line.strip() or _TOC_LINE.search(stripped_line):
            continue
        md = _MD_PREFIX.match(stripped_line)
        body = stripped_line[md.end():] if md else stripped_line
        decor = _DECOR.match(body)
        lead = (md.end() if md else 0) + (decor.end() if decor else 0)
        body = stripped_line[lead:]
        head_start = line_start + lead
        heading = _match_line(body, head_start, markdown=bool(md), seq=seq, seen=headings)
        if heading:
            headings.append(heading)
            if heading.scheme in ("dotted",):
                seq.accept(heading.clause_id)
            elif heading.scheme == "schedule":
                seq.prefix = heading.clause_id + "/"
            else:
                seq.ids.add(heading.clause_id)
            rest_at = head_start + len(heading.label)
        else:
            rest_at = head_start
        # clauses run together on one line: "5.3 Delivery. [***]. 5.4 Supply Limitation. [***]."
        for match in _INLINE.finditer(text, rest_at, line_start + len(stripped_line)):
            parts = dotted_parts(match.group(1))
            if not parts or len(parts) < 2 or not seq.fits(parts, strong=False, inline=True):
                continue
            clause_id = seq.prefix + match.group(1)
            rest = text[match.end(): line_start + len(stripped_line)]
            headings.append(
                Heading(match.start(1), clause_id, match.group(1), _clean_title(rest[:120], markdown=False), "dotted", False)
            )
            seq.accept(clause_id)
    return headings


def _match_line(body: str, start: int, *, markdown: bool, seq: _Sequence, seen: list[Heading]) -> Heading | None:
    if match := _CN_ARTICLE.match(body):
        number, kind, rest = match.groups()
        value = cn_to_int(number) if not re.search(r"\d\.", number) else None
        clause_id = str(value) if value is not None else number
        if kind == "章":
            clause_id = f"第{number}章"
        label = body[: match.start(3)].strip()
        return Heading(start, clause_id, label, _clean_title(rest, markdown=True), "cn_chapter" if kind == "章" else "cn_article", True)
    if match := _KEYWORD_HEAD.match(body):
        keyword, number, rest = match.groups()
        clause_id = normalise_clause_id(number)
        if clause_id is None or (number.isalpha() and roman_to_int(number) is None):
            return None
        parts = dotted_parts(clause_id)
        if parts is None or not seq.fits(parts, strong=True, inline=False):
            return None
        strong_line = markdown or keyword.isupper() or len(body) < 120 or bool(re.match(r"^[A-Z\[]", rest or ""))
        if not strong_line:
            return None
        clause_id = seq.prefix + clause_id
        label = body[: match.start(3)].rstrip() if rest else body.rstrip()
        return Heading(start, clause_id, label, _clean_title(rest, markdown=markdown), "dotted", True)
    if match := _SCHEDULE_HEAD.match(body):
        word, number, rest = match.groups()
        if seen and (markdown or len(body) < 100) and (word.isupper() or markdown or not rest or rest[:1].isupper()):
            clause_id = f"{word.title()} {number}"
            if any(h.clause_id == clause_id for h in seen):
                return None
            return Heading(start, clause_id, body[: match.start(3)].rstrip(), _clean_title(rest, markdown=True), "schedule", True)
        return None
    if match := _DOTTED_HEAD.match(body):
        number, dot, rest = match.groups()
        parts = dotted_parts(number.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) or []
        if not parts or (len(parts) == 1 and not rest.strip()):
            return None  # a bare number on a line is a page number
        if len(parts) == 1 and not dot and not markdown and not re.match(r"^[A-Z\"“\u4e00-\u9fff]", rest):
            return None  # "30 days after ..." wrapped onto a new line
        if not seq.fits(parts, strong=markdown, inline=False):
            return None
        clause_id = seq.prefix + number
        return Heading(start, clause_id, number + dot, _clean_title(rest, markdown=markdown), "dotted", markdown)
    if match := _CN_TOP.match(body):
        return Heading(start, match.group(1), match.group(1) + "、", _clean_title(match.group(2), markdown=True) if len(match.group(2)) <= 30 else "", "cn_top", True)
    if match := _CN_SUB.match(body):
        return Heading(start, match.group(1), body[: match.start(2)].strip(), "", "cn_sub", True)
    if match := _PAREN.match(body):
        marker = match.group(1) or match.group(3)
        label = f"({marker})"
        return Heading(start, marker, label, "", _paren_scheme(marker, seen), False)
    return None


def _paren_scheme(marker: str, seen: list[Heading]) -> str:
    if marker.isdigit():
        return "paren_num"
    if marker.isupper():
        return "paren_upper"
    if re.fullmatch(r"[ivxl]+", marker):
        # "(i)" after "(h)" is a letter; "(v)" after "(iv)" a numeral
        previous = next((h for h in reversed(seen) if h.scheme.startswith("paren_")), None)
        if previous and previous.scheme == "paren_alpha" and len(marker) == 1 and ord(marker) == ord(previous.label[-2]) + 1:
            return "paren_alpha"
        return "paren_roman"
    return "paren_alpha"


_PAREN_ORDER = ["paren_alpha", "paren_roman", "paren_upper", "paren_num"]


def _build_tree(headings: list[Heading]) -> list[Heading]:
    """Attach headings to parents: dotted ids by their prefix, sub-paragraphs to the enclosing clause."""
    roots: list[Heading] = []
    by_id: dict[str, Heading] = {}
    stack: list[Heading] = []
    for heading in headings:
        parent: Heading | None = None
        if heading.scheme == "dotted":
            own = heading.clause_id
            prefix, _, bare = own.rpartition("/")
            parts = bare.split(".")
            for cut in range(len(parts) - 1, 0, -1):
                candidate = (prefix + "/" if prefix else "") + ".".join(parts[:cut])
                if candidate in by_id:
                    parent = by_id[candidate]
                    break
            if parent is None and prefix and prefix in by_id:
                parent = by_id[prefix]
            if parent is None:
                parent = next((h for h in reversed(stack) if h.scheme in ("cn_chapter", "schedule")), None)
        elif heading.scheme in ("cn_article",):
            parent = next((h for h in reversed(stack) if h.scheme == "cn_chapter"), None)
        elif heading.scheme == "cn_sub":
            parent = next((h for h in reversed(stack) if h.scheme in ("cn_top", "cn_article", "dotted")), None)
        elif heading.scheme.startswith("paren_"):
            rank = _PAREN_ORDER.index(heading.scheme)
            for candidate in reversed(stack):
                if not candidate.scheme.startswith("paren_"):
                    parent = candidate
                    break
                if _PAREN_ORDER.index(candidate.scheme) < rank:
                    parent = candidate
                    break
                if candidate.scheme == heading.scheme:
                    parent = by_id.get(candidate.parent_id) if candidate.parent_id else None
                    break
            if parent is None:
                continue  # a lettered list before any clause: leave it in the preamble
        if heading.scheme in ("cn_sub",) or heading.scheme.startswith("paren_"):
            heading.clause_id = f"{parent.clause_id}({heading.clause_id})" if parent else heading.clause_id
        if heading.clause_id in by_id:
            if heading.scheme.startswith("paren_") or heading.scheme == "cn_sub":
                continue
            heading.clause_id = _unique(heading.clause_id, by_id)
        heading.parent_id = parent.clause_id if parent else None
        heading.level = parent.level + 1 if parent else 1
        (parent.children if parent else roots).append(heading)
        by_id[heading.clause_id] = heading
        while stack and stack[-1] is not parent and not _is_ancestor(stack[-1], heading, by_id):
            stack.pop()
        stack.append(heading)
    return roots


def _is_ancestor(candidate: Heading, heading: Heading, by_id: dict[str, Heading]) -> bool:
    current = heading.parent_id
    while current:
        if current == candidate.clause_id:
            return True
        current = by_id[current].parent_id
    return False


def _unique(clause_id: str, taken: dict[str, Heading]) -> str:
    n = 2
    while f"{clause_id}#{n}" in taken:
        n += 1
    return f"{clause_id}#{n}"


def _drop_table_of_contents(headings: list[Heading], text: str) -> list[Heading]:
    """A run of headings with almost no text between them that is repeated later is a table of contents."""
    if len(headings) < 6:
        return headings
    gaps = [headings[i + 1].start - headings[i].start for i in range(len(headings) - 1)]
    later_ids: dict[str, int] = {}
    for i, heading in enumerate(headings):
        later_ids.setdefault(heading.clause_id, i)
    drop: set[int] = set()
    for i, heading in enumerate(headings[:-1]):
        if gaps[i] < 90 and any(h.clause_id == heading.clause_id for h in headings[i + 1:]) and heading.scheme in ("dotted", "cn_article"):
            drop.add(i)
    return [h for i, h in enumerate(headings) if i not in drop]


def _to_clauses(nodes: list[Heading], text: str, end_of: dict[int, int]) -> list[Clause]:
    out: list[Clause] = []
    for node in nodes:
        own_end = node.children[0].start if node.children else end_of[node.start]
        out.append(
            Clause(
                clause_id=node.clause_id,
                label=node.label,
                title=node.title,
                text=text[node.start:own_end].strip(),
                level=node.level,
                start=node.start,
                end=end_of[node.start],
                parent_id=node.parent_id,
                children=_to_clauses(node.children, text, end_of),
            )
        )
    return out


def _subtree_ends(roots: list[Heading], text_end: int) -> dict[int, int]:
    """Each heading's span ends where the next heading that is not its descendant begins."""
    ends: dict[int, int] = {}

    def visit(nodes: list[Heading], limit: int) -> None:
        for i, node in enumerate(nodes):
            end = nodes[i + 1].start if i + 1 < len(nodes) else limit
            ends[node.start] = end
            visit(node.children, end)

    visit(roots, text_end)
    return ends


def parse_text(text: str, *, filename: str = "", document_id: str | None = None) -> DocumentStructure:
    """Parse contract text. Offsets in the result index into `text` exactly as given."""
    headings = _drop_table_of_contents(_find_headings(text), text)
    headings.sort(key=lambda h: h.start)
    roots = _build_tree(headings)
    clauses = _to_clauses(roots, text, _subtree_ends(roots, len(text.rstrip())))
    language = detect_language(text)
    schemes = {h.scheme for h in headings}
    if not clauses:
        structure_type = "flat"
    elif schemes & {"cn_article", "cn_top", "cn_chapter"}:
        structure_type = "chinese"
    elif any(h.label.upper().startswith("ARTICLE") for h in headings):
        structure_type = "articles"
    else:
        structure_type = "numbered"
    structure = DocumentStructure(
        document_id=document_id or hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16],
        filename=filename,
        language=language,
        structure_type=structure_type,
        text=text,
        clauses=clauses,
    )
    structure.total_clauses = sum(1 for _ in structure.iter_clauses())
    structure.definitions = extract_definitions(structure)
    structure.cross_references = extract_cross_references(structure)
    return structure
