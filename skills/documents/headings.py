"""Heading candidates: every place in the text where a clause could begin.

Real contracts do not put each clause on its own line. SEC filings run a whole agreement into a few long
lines ("...as follows:   1. INTERPRETATION (a) Definitions ... 2. No Control by the Company. The Parties"),
glue page headers onto the next clause ("Confidential Execution Version 1.5 Biologics ..."), and print
tables of contents. So this module only proposes: each candidate records how it is placed (`boundary`:
start of a line, after a wide gap, after a sentence, after a plain space) and how much it looks like a
heading (`weight`). `sequence.py` then keeps the candidates that form a consistent numbering.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from .numbering import CN_NUMERAL, KEYWORDS, SCHEDULE_WORDS, cn_to_int, roman_to_int
from .titles import heading_title, is_caps, is_title, leading_words, short_caption


@dataclass
class Candidate:
    start: int  # offset of the marker ("Section", "5.3", "第七条", "(a)")
    marker_end: int  # offset just past the marker
    kind: str  # num | schedule | cn_chapter | cn_top | para | lettered
    label: str  # the marker as written
    clause_id: str  # the id it would get ("5.3", "4" for ARTICLE IV, "Schedule 1", "a" for "(a)")
    boundary: str  # line | gap | sentence | space
    title: str = ""
    parts: tuple[int, ...] = ()
    suffix: str = ""  # "A" in "4.24A"
    weight: float = 0.0
    strong: bool = False  # trusted whatever the numbering around it (Markdown headings, 第X条)
    keyword: str = ""
    scheme: str = ""  # for para: alpha | roman | upper | num | cn | list
    paragraph: bool = False  # starts a paragraph (after a blank line or at the start of the text)
    prefix: str = ""  # for lettered: "B" in "B.1", "CD" in "CD.7"
    after_number: bool = False  # for para: '12(3) ...', a sub-clause written after its article's number on its line


_MD = re.compile(r"[\f\v]*#{1,6}[ \t]+")
_DECOR = re.compile(r"[ \t\f\v>*_|§]*")  # "§ 5 Remuneration": German-style paragraph sign before the number
_MD_LEAD_WORDS = re.compile(r"[ \t>*_]*(?:[A-Z][a-z]+[ \t]+){1,3}")
_CONNECTORS = {
    "section", "sections", "clause", "clauses", "article", "articles", "paragraph", "paragraphs", "sub-clause",
    "subsection", "subsections", "and", "or", "to", "through", "of", "in", "under", "with", "per", "than", "at",
    "by", "no.", "nos.", "number", "schedule", "exhibit", "annex", "appendix", "item", "items", "rule", "page",
    "pages", "part", "parts", "be", "is", "are", "was", "from", "approximately", "exceed", "exceeding", "over",
    "about", "least", "most", "from", "between", "plus", "minus", "within", "for", "upto", "$", "us$", "usd", "€",
    "£", "eur", "gbp", "rmb", "cny", "s$", "chapter", "title", "form", "the", "a", "an", "rev.",
}
# words a wrapped line cannot end on before a heading ("; and\n(c)" ends a list item, so "and" is not here)
_WRAP_CONNECTORS = {
    "section", "sections", "clause", "clauses", "article", "articles", "paragraph", "paragraphs", "sub-clause",
    "sub-clauses", "subsection", "subsections", "schedule", "exhibit", "annex", "appendix", "item", "no.",
    "number", "to", "of", "under", "with", "by", "per", "in", "at", "than", "from", "between", "within", "the",
}
_UNITS = re.compile(
    r"(?:(?:million|billion|thousand|percent|per\s+cent|days?|years?|months?|weeks?|hours?|dollars|euros?|"
    r"pounds|shares|units|times|x|january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|%)",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.;:!?)\]\"”’*]\s+$")
_GAP = re.compile(r"(?:[ \t]{2,}|\t|\u00a0{1,}\s*)$")
# A clause number has at most 12 parts ("1.2.3.4.5.6.7.8.9.10.11.12"); longer dotted runs are text, not numbers
# (unbounded, a hostile "1.1.1...." of 10,000 parts made the numbering chain quadratic).
_NUM = re.compile(
    rf"(?P<kw>{KEYWORDS})(?:[ \t\u00a0]+|[ \t\u00a0]*[-–—][ \t\u00a0]*)(?P<kwnum>\d{{1,3}}(?:\.\d{{1,3}}){{0,11}}(?:[A-Z](?![A-Za-z]))?|[IVXLC]{{1,7}}\b)(?P<kwdot>\.(?!\d))?"
    r"|(?<![\w.,$€£/-])(?P<num>\d{1,3}(?:\.\d{1,3}){0,11})(?P<suffix>[A-Z](?![A-Za-z\d]))?(?P<dot>\.(?!\d))?"
    r"(?=(?:\*\*|__)?(?:[ \t\u00a0]|[A-Z\"“\[(\u4e00-\u9fff]|$))"  # '**8.2** All ...': a bold number
    r"|(?<![\w.])(?P<roman>[IVXLC]{1,6})\.(?=[ \t]+[A-Z])"
)
_SCHEDULE = re.compile(
    rf"(?P<word>{SCHEDULE_WORDS})[ \t\u00a0]*[-–]?[ \t\u00a0]*(?P<ident>[A-Z]{{1,2}}(?![a-z])|\d{{1,3}}(?:\.\d{{1,3}})*|[IVX]{{1,5}}\b)"
    r"(?P<sub>-\d{1,2})?\b"
)
_PARA = re.compile(r"[(（](?P<p>[a-z]{1,3}|[ivxlc]{1,6}|[A-Z]{1,2}|\d{1,2}|[" + CN_NUMERAL + r"]{1,3})[)）]")
_CN_ARTICLE = re.compile(rf"第[ \t]*(?P<n>[{CN_NUMERAL}\d]+(?:\.\d+)*)[ \t]*(?P<k>[条章])")
_CN_TOP = re.compile(rf"(?P<n>[{CN_NUMERAL}]{{1,3}})、")
_ZH_LIST = re.compile(r"(?P<n>\d{1,2})[.、．](?!\d)")
# Schedules and annexes number their paragraphs with their own letter: "B.1 On each anniversary ...", "CD.7 Rate of
# Delay Damages.", "**B.1** The Prices ...", "B.1.2 ...". The marker is 1-3 capitals, a dot and a dotted number, and
# a capitalised word follows (after a closing '**' and a space; an opening quote is allowed: 'B.1 "Prices" means').
# Digits straight after the dot keep out "U.S. law", "A.M.", "E.g." and "No. 5"; _lettered further requires the
# start of a line, so "Section A.1 of" in running text never qualifies.
_LETTERED = re.compile(
    r"(?<![\w.])(?P<prefix>[A-Z]{1,3})\.(?P<num>\d{1,3}(?:\.\d{1,3}){0,5})(?P<dot>\.)?(?![\w.])"
    r"(?=(?:\*\*|__)?[ \t\u00a0]+[\"“]?[A-Z])"
)
# Abbreviations a number follows ("NO.5 Fees", "ART.5 Term", "SEC.3 ..."): a reference, not a paragraph's letter
_LETTERED_NOT = {"NO", "NOS", "ART", "SEC", "PAR", "VOL", "REF", "FIG"}


class Lines:
    """Line starts, for turning an offset into its line in O(log n) on texts with very long lines."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer(r"\n", text)]

    def bounds(self, offset: int) -> tuple[int, int]:
        i = bisect_right(self.starts, offset) - 1
        start = self.starts[i]
        end = self.starts[i + 1] - 1 if i + 1 < len(self.starts) else len(self.text)
        return start, end


def _continues_reference(text: str, line_start: int) -> bool:
    """A hard-wrapped reference: "... in accordance with Section\n5.2 hereof" puts 5.2 at a line start."""
    if line_start < 2 or text[line_start - 2] == "\n":
        return False  # first line, or a blank line before: a new paragraph
    previous = text[max(0, line_start - 40):line_start - 1].rstrip()
    words = previous.split()
    return bool(words) and words[-1].lower() in _WRAP_CONNECTORS


def _boundary(text: str, line_start: int, pos: int) -> tuple[str, bool]:
    """How the marker at `pos` is placed, and whether its line is a Markdown heading."""
    prefix = text[max(line_start, pos - 200):pos]
    if pos - line_start <= 200:
        md = _MD.match(prefix)
        rest = prefix[md.end():] if md else prefix
        if _DECOR.fullmatch(rest):
            if not md and _continues_reference(text, line_start):
                return "", False
            return "line", bool(md)
        if md and _MD_LEAD_WORDS.fullmatch(rest):
            return "mdlead", True  # "### New Sub-Clause 21.6 [...]": only a keyword heading may follow
    if _GAP.search(prefix):
        return "gap", False
    stripped = prefix.rstrip()
    if not stripped or stripped == prefix:
        return "", False  # glued to the previous word: "abc1.2"
    last_word = stripped.split()[-1].lower()
    if last_word in _CONNECTORS or last_word.rstrip(",") in _CONNECTORS:
        return "", False
    if last_word[-1:] == ",":
        return "", False  # "Sections 2.1, 2.3": a list of numbers, not a heading
    if _SENTENCE_END.search(prefix):
        return "sentence", False
    return "space", False

def _rest(text: str, start: int, line_end: int) -> str:
    return text[start:min(line_end, start + 300)]


def _title_below(text: str, line_end: int) -> str:
    """A heading's title printed on the next line: short, in capitals or title case."""
    below = re.match(r"\s*\n[ \t]*([^\n]{1,80})\n", text[line_end:line_end + 200])
    if not below:
        return ""
    line = below.group(1).strip().strip("*_").strip()
    return line.rstrip(".:") if line and (is_caps(line) or is_title(line)) and not line[0].isdigit() else ""


def _own_line(rest: str) -> bool:
    return len(rest.strip()) <= 100


def _weight(boundary: str, *, keyword: bool, title: str, rest: str) -> float:
    weight = {"line": 2.0, "gap": 1.6, "sentence": 1.2, "space": 0.6}[boundary]
    if keyword and boundary != "space":
        weight += 1.0
    if title:
        weight += 0.6 if boundary != "space" else 0.3
    if boundary == "line" and _own_line(rest) and title:
        weight += 0.4
    return weight


def _numbered(text: str, lines: Lines, language: str) -> list[Candidate]:
    out: list[Candidate] = []
    for match in _NUM.finditer(text):
        pos = match.start()
        line_start, line_end = lines.bounds(pos)
        boundary, markdown = _boundary(text, line_start, pos)
        if not boundary:
            continue
        rest = _rest(text, match.end(), line_end)
        if rest.startswith(("**", "__")) and text[max(line_start, pos - 2):pos] in ("**", "__"):
            rest = rest[2:]  # '**8.2** All ...': the number is set in bold
        lead = rest[:1]
        body = rest.lstrip(" \t\u00a0")
        first = body.lstrip("*_ ")[:1]
        if boundary == "mdlead":
            if not match.group("kw"):
                continue
            boundary = "line"
        if match.group("kw"):
            keyword, number = match.group("kw"), match.group("kwnum")
            if boundary == "space":
                continue
            if number.isalpha():
                value = roman_to_int(number)
                if value is None:
                    continue
                parts, suffix, clause_id = (value,), "", str(value)
            else:
                suffix = number[-1] if number[-1].isalpha() else ""
                digits = number.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
                parts, clause_id = tuple(int(p) for p in digits.split(".")), number
            if first and (first.islower() or first in ",;") and not markdown:
                continue  # "Section 5 shall survive", "Section 2.1, 2.2"
            if first and first.isdigit():
                continue
            if _UNITS.match(body) or re.match(r"(?:of|to|and|or|hereof|herein)\b", body):
                continue
            title = heading_title(body, own_line=boundary == "line" and _own_line(body), markdown=markdown) or short_caption(body)
            if not title and boundary == "line" and not body.strip():
                title = _title_below(text, line_end)  # "ARTICLE 1\nDEFINITIONS"
            if not markdown and boundary != "line" and not title and not (first.isupper() or keyword.isupper()):
                continue
            label = match.group(0).rstrip()
            weight = _weight(boundary, keyword=True, title=title, rest=body)
            # "Sub-Clause 14.7 [Payment]" on its own line names itself: amendments list clauses out of order
            trusted = markdown or (boundary == "line" and bool(re.match(r"\[(?!\*)[^\]\n]{2,80}\]\s*(?:$|[:.\-–—])", body)))
            if markdown:  # the heading starts with the line's text, words before the keyword included
                lead_at = _MD.match(text, line_start).end()
                lead_at = _DECOR.match(text, lead_at).end()
                label, pos = text[lead_at:match.end()].rstrip(), lead_at
            out.append(Candidate(pos, match.end(), "num", label, clause_id, boundary, title, parts, suffix,
                                 5.0 if trusted else weight, trusted, keyword))
            continue
        if match.group("roman"):
            if boundary not in ("line", "gap"):
                continue
            value = roman_to_int(match.group("roman"))
            title = heading_title(body, own_line=boundary == "line" and _own_line(body), markdown=markdown)
            if value is None or not title or not is_caps(title):
                continue
            out.append(Candidate(pos, match.end(), "num", match.group(0), str(value), boundary, title, (value,), "",
                                 _weight(boundary, keyword=False, title=title, rest=body), markdown))
            continue
        number, suffix, dot = match.group("num"), match.group("suffix") or "", match.group("dot") or ""
        parts = tuple(int(p) for p in number.split("."))
        if boundary == "line" and not body.strip():
            if len(parts) == 1 or markdown:
                continue  # a number alone on a line is a page number
        if language == "zh" and len(parts) == 1 and not markdown:
            continue  # "1." in Chinese text is a list item (see _zh_lists)
        if lead and lead not in " \t\u00a0" and not (dot and boundary == "line" and lead.isupper()):
            if not (markdown or lead in "\"“[(" and boundary == "line"):
                continue
        first = body.lstrip("*_ ")[:1]
        lower_start = False
        if first and not (first.isupper() or first in "\"“[(" or "\u4e00" <= first <= "\u9fff"):
            lower_start = boundary == "line" and first.islower() and (len(parts) > 1 or bool(dot))
            if not (markdown or lower_start or re.match(r"[a-z]{1,3}\)\s", body)):
                continue  # lower case after a number is running text, except "3.4 a) ..." and a line's start
        if _UNITS.match(body):
            continue
        if boundary == "space" and not (first.isupper() or first in "\"“["):
            continue
        if len(parts) == 1 and parts[0] > 300:
            continue
        title = heading_title(body, own_line=boundary == "line" and _own_line(body), markdown=markdown)
        if boundary != "line" and len(parts) == 1 and not dot and not title:
            # "2 No Control" heads a clause only with a title ("5 Term and Termination 5.1 ...") or when its
            # first sub-clause follows ("1 Definitions For the purpose ... 1.1")
            if not re.search(rf"(?<![\d.]){parts[0]}\.1(?!\d)", text[match.end():match.end() + 400]):
                continue
            title = leading_words(body)
        weight = 5.0 if markdown else _weight(boundary, keyword=False, title=title, rest=body)
        if len(parts) == 1 and not dot and boundary != "line":
            weight -= 0.4
        if lower_start:
            weight -= 0.8  # "1.1 the following words ...": a list under a lead-in, or a wrapped line
        paragraph = boundary == "line" and not markdown and re.search(r"(?:\A|\n[ \t]*\n)[ \t>*_]*\Z", text[max(0, line_start - 200):line_start]) is not None
        if text[max(line_start, pos - 2):pos] in ("**", "__") and text[match.end():match.end() + 2] in ("**", "__"):
            pos -= 2  # the clause starts with its bold number, not after the opening '**'
        out.append(Candidate(pos, match.start() + len(number) + len(suffix) + len(dot), "num",
                             number + suffix + dot, number + suffix, boundary, title, parts, suffix, weight, markdown,
                             paragraph=bool(paragraph)))
    return out


def _schedules(text: str, lines: Lines) -> list[Candidate]:
    out: list[Candidate] = []
    for match in _SCHEDULE.finditer(text):
        pos = match.start()
        line_start, line_end = lines.bounds(pos)
        boundary, markdown = _boundary(text, line_start, pos)
        word, ident = match.group("word"), match.group("ident")
        rest = _rest(text, match.end(), line_end)
        body = rest.strip()
        if boundary in ("sentence", "space"):
            # a running header glued in front ("May 3, 2016 EXHIBIT A LICENSE FEES"): capitals throughout
            title = heading_title(body, own_line=False)
            if not (word.isupper() and title and (is_caps(title) or is_title(title))):
                continue
        elif not boundary:
            continue
        if body[:1].islower() or re.match(r"(?:of|to|and|or|hereto|hereof|attached)\b", body, re.IGNORECASE):
            continue  # "Schedule 2 to this Agreement sets out ..."
        if boundary == "line" and not markdown and not word.isupper() and len(body) > 100:
            continue
        if boundary == "gap" and not word.isupper():
            continue
        clause_id = f"{word.title()} {ident}{match.group('sub') or ''}"
        title = heading_title(body, own_line=boundary == "line" and len(body) <= 100)
        out.append(Candidate(pos, match.end(), "schedule", match.group(0), clause_id, boundary, title, weight=3.0,
                             strong=markdown))
    return out


# Particular Conditions in the same file as the General Conditions ("## PART C – PARTICULAR CONDITIONS",
# "Special Conditions of Contract", "## 第三部分 专用合同条款"): a heading of its own line. The part amends the
# conditions before it, so its numbering repeats theirs ("Sub-Clause 8.7" amends 8.7) and starts anywhere; it
# opens a part as a schedule does, with no cost for where its numbering starts (sequence.py).
_AMENDING_PART = re.compile(
    r"(?im)^[ \t#>*_]*(?:(?P<word>Part|第[一二三四五六七八九十]+部分)[ \t]*(?P<ident>[A-Z]{1,2}|\d{1,2}|[IVX]{1,5})?"
    r"[ \t]*[-–—:.]?[ \t]*)?(?P<name>(?:Particular|Special)[ \t]+(?:Conditions|Provisions)(?:[ \t]+of[ \t]+(?:the[ \t]+)?Contract)?"
    r"|Conditions[ \t]+of[ \t]+Particular[ \t]+Application|专用(?:合同)?条款)[ \t*_#]*$"
)


# The Contract Data (Appendix to Tender) of such a contract, after its conditions: a part of its own, whose table
# rows the parser makes sub-clauses, so that a finding names its row, not the last Sub-Clause before it.
_DATA_PART = re.compile(r"(?im)^[ \t]*#{1,6}[ \t]*(?:\*\*|__)?[ \t]*(?P<name>Contract[ \t]+Data|Appendix[ \t]+to[ \t]+Tender|合同数据)[ \t*_#]*$")


def _amending_parts(text: str) -> list[Candidate]:
    out: list[Candidate] = [Candidate(m.start("name"), m.end("name"), "schedule", m.group("name"), "Contract Data", "line", m.group("name"),
                                      weight=3.0, strong=True, keyword="data") for m in _DATA_PART.finditer(text)]
    for match in _AMENDING_PART.finditer(text):
        word, ident, name = match.group("word"), match.group("ident"), match.group("name")
        start = match.start("word") if word else match.start("name")
        if word and word.lower() == "part" and ident:
            clause_id = f"Part {ident.upper()}"
        else:  # "SPECIAL CONDITIONS OF CONTRACT" -> "Special Conditions"; "第三部分 专用合同条款" -> "专用合同条款"
            clause_id = re.sub(r"\s+of\s+(?:the\s+)?Contract$", "", name.strip(), flags=re.I)
            clause_id = " ".join(w.capitalize() if w.isupper() else w for w in clause_id.split())
        out.append(Candidate(start, match.end("name"), "schedule", text[start:match.end("name")], clause_id, "line",
                             name.strip(), weight=3.0, strong=True, keyword="amends"))
    return out


# Chinese annexes: "## 附件二 披露函" or "附表1 付款计划" at the start of its own line. A list of annexes
# ("附件二：披露函") carries a colon after the number and is no heading, unless Markdown marks the line as one
# ("## 附件一：运价表").
_ZH_SCHEDULE = re.compile(r"(?P<word>附件|附表|附录)(?P<ident>[一二三四五六七八九十]{1,3}|\d{1,3})(?![、\d一二三四五六七八九十])")


def _zh_schedules(text: str, lines: Lines) -> list[Candidate]:
    out: list[Candidate] = []
    for match in _ZH_SCHEDULE.finditer(text):
        pos = match.start()
        line_start, line_end = lines.bounds(pos)
        boundary, markdown = _boundary(text, line_start, pos)
        if boundary != "line":
            continue
        body = text[match.end():line_end].strip()
        if body[:1] in "：:":
            if not markdown:
                continue
            body = body[1:].strip()
        if not markdown and len(body) > 40:
            continue  # a sentence that begins with the annex's name, not its heading
        clause_id = f"{match.group('word')}{match.group('ident')}"
        out.append(Candidate(pos, match.end(), "schedule", match.group(0), clause_id, boundary, body, weight=3.0,
                             strong=markdown))
    return out


def _chinese(text: str, lines: Lines) -> list[Candidate]:
    """第X条 / 第X章 (trusted), 一、 top-level parts, （一）/（1）/1. list items; all at the start of a line."""
    out: list[Candidate] = []
    for start in lines.starts:
        line_end = text.find("\n", start)
        line_end = len(text) if line_end < 0 else line_end
        line = text[start:line_end]
        md = _MD.match(line)
        decor = _DECOR.match(line, md.end() if md else 0)
        at = decor.end()
        pos = start + at
        if match := _CN_ARTICLE.match(line, at):
            number, kind = match.group("n"), match.group("k")
            rest = line[match.end():]
            if re.match(r"\s*[的之及和规]", rest):
                continue  # "第7条的规定" opens a sentence, not a heading
            title = heading_title(rest, own_line=True)
            if kind == "章":
                out.append(Candidate(pos, start + match.end(), "cn_chapter", line[at:match.end()], f"第{number}章", "line",
                                     title, weight=5.0, strong=True))
                continue
            if re.search(r"\d\.", number):
                parts = tuple(int(p) for p in number.split("."))
                clause_id = number
            else:
                value = cn_to_int(number)
                if value is None:
                    continue
                parts, clause_id = (value,), str(value)
            out.append(Candidate(pos, start + match.end(), "num", line[at:match.end()], clause_id, "line", title, parts,
                                 weight=5.0, strong=True, keyword="第条"))
        elif match := _CN_TOP.match(line, at):
            value = cn_to_int(match.group("n"))
            if value is None:
                continue
            rest = line[match.end():]
            out.append(Candidate(pos, start + match.end(), "cn_top", match.group(0), match.group("n"), "line",
                                 heading_title(rest, own_line=True) if len(rest.strip()) <= 30 else "",
                                 (value,), weight=3.0, strong=True))
        elif match := _ZH_LIST.match(line, at):
            rest = line[match.end():]
            if re.match(r"\s*[\u4e00-\u9fff“\"《]", rest):
                out.append(Candidate(pos, start + match.end(), "para", match.group(0), match.group("n"), "line",
                                     parts=(int(match.group("n")),), scheme="list"))
    return out


_AFTER_NUMBER = re.compile(r"[ \t]*(?:\*\*)?\d{1,3}")


def _paragraphs(text: str, lines: Lines, language: str) -> list[Candidate]:
    """(a) / (i) / (A) / (1) / （一） at the start of a line or after a wide gap: sub-paragraphs."""
    out: list[Candidate] = []
    for match in _PARA.finditer(text):
        pos = match.start()
        line_start, _ = lines.bounds(pos)
        boundary, _md = _boundary(text, line_start, pos)
        # '12(3) Either party may ...': the sub-clause of the article numbered just before it, from its line's start
        after_number = boundary not in ("line", "gap") and bool(_AFTER_NUMBER.fullmatch(text, line_start, pos))
        if after_number:
            boundary, pos = "line", line_start
        if boundary not in ("line", "gap"):
            continue
        end = match.end() + (2 if after_number and text.startswith("**", match.end()) else 0)  # '**7(3)** If ...'
        after = text[end:end + 2]
        if not after or (after[0] not in " \t\u00a0" and not ("\u4e00" <= after[0] <= "\u9fff" or after[0] in "“\"《")):
            continue
        out.append(Candidate(pos, match.end(), "para", match.group(0), match.group("p"), boundary, after_number=after_number))
    return out


def _lettered(text: str, lines: Lines) -> list[Candidate]:
    """"B.1", "CD.7", "**B.1**" opening a line: paragraphs of a schedule or annex numbered with a letter.

    Only proposed here; the parser keeps those inside a schedule (or an unnumbered part) whose numbering moves
    forward (sequence.assign_lettered), so a stray "A.1 ..." line in the body stays text.
    """
    out: list[Candidate] = []
    for match in _LETTERED.finditer(text):
        prefix = match.group("prefix")
        if prefix in _LETTERED_NOT:
            continue
        pos = match.start()
        line_start, line_end = lines.bounds(pos)
        boundary, markdown = _boundary(text, line_start, pos)
        if boundary != "line":
            continue
        end = match.end()
        bold = text[max(line_start, pos - 2):pos] in ("**", "__") and text[end:end + 2] in ("**", "__")
        body = _rest(text, end + 2 if bold else end, line_end).strip()
        title = heading_title(body, own_line=False, markdown=markdown) or short_caption(body)
        number = match.group("num")
        # a bold number starts its clause at the opening '**', as in _numbered
        out.append(Candidate(pos - 2 if bold else pos, end, "lettered", match.group(0), f"{prefix}.{number}", boundary,
                             title, tuple(int(p) for p in number.split(".")), prefix=prefix))
    return out


def find_candidates(text: str, language: str) -> list[Candidate]:
    lines = Lines(text)
    found = (_numbered(text, lines, language) + _schedules(text, lines) + _amending_parts(text)
             + _paragraphs(text, lines, language) + _lettered(text, lines))
    if language == "zh":
        found += _zh_schedules(text, lines)
    if language == "zh" or re.search(r"^[ \t#>*]*第[ \t]*[" + CN_NUMERAL + r"\d]+[ \t]*[条章]", text, re.MULTILINE):
        found += _chinese(text, lines)
    # one candidate per position; the numbered reading of "(1)" style markers is never produced, so the
    # first proposal made for a position is kept
    found.sort(key=lambda c: (c.start, -1 if c.after_number else
                              {"num": 0, "schedule": 1, "cn_chapter": 0, "cn_top": 2, "lettered": 2, "para": 3}[c.kind]))
    unique: list[Candidate] = []
    for candidate in found:
        if unique and unique[-1].start == candidate.start:
            continue
        unique.append(candidate)
    return unique
