"""Clause numbering: the markers contracts use, and how they normalise to clause ids.

English: "1", "1.1", "1.1.1", "4.24A", "Clause 14", "Sub-Clause 20.1", "Article 5", "ARTICLE IV",
"Section 5.2", "(a)", "(i)", "(A)". Chinese: "第一条", "第1.1条", "一、", "（一）", "（1）".
"""

from __future__ import annotations

import re

from ..text.numerals import parse_chinese_number

CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
CN_NUMERAL = "零〇一二两三四五六七八九十百千"

ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
ROMAN_RE = re.compile(r"^(?=[IVXLC]+$)C{0,3}(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")

KEYWORDS = r"(?:Sub-Clause|Sub-clause|SUB-CLAUSE|Clause|CLAUSE|Section|SECTION|Article|ARTICLE|Paragraph|PARAGRAPH)"
SCHEDULE_WORDS = r"(?:Schedule|SCHEDULE|Exhibit|EXHIBIT|Annex|ANNEX|Appendix|APPENDIX|Attachment|ATTACHMENT|Annexure|ANNEXURE)"
DOTTED = r"\d{1,3}(?:\.\d{1,3})*(?:[A-Z](?![A-Za-z]))?"
PARA = r"\((?:[a-z]{1,2}|[ivxl]{1,5}|[A-Z]|\d{1,2})\)"


def cn_to_int(text: str) -> int | None:
    """Chinese numerals (一, 十二, 二十三, 一百零五) or ASCII digits to an int."""
    if text.isdigit():
        return int(text)
    value = parse_chinese_number(text)
    return int(value) if value is not None else None


def roman_to_int(text: str) -> int | None:
    upper = text.upper()
    if not upper or not ROMAN_RE.match(upper):
        return None
    value = 0
    for i, char in enumerate(upper):
        digit = ROMAN[char]
        value += -digit if i + 1 < len(upper) and ROMAN[upper[i + 1]] > digit else digit
    return value


_PREFIX_RE = re.compile(rf"^\s*(?:{KEYWORDS}|第)\s*", re.UNICODE)
_ID_RE = re.compile(rf"^({DOTTED}|[IVXLC]+|[{CN_NUMERAL}]+)((?:{PARA})*)$")


def normalise_clause_id(raw: str) -> str | None:
    """'Sub-Clause 20.1' -> '20.1', 'ARTICLE IV' -> '4', '第十二条' -> '12', '14.7 (b)' -> '14.7(b)'."""
    text = raw.strip().rstrip(".:")
    text = _PREFIX_RE.sub("", text)
    text = re.sub(r"[条款项]$", "", text).replace(" ", "").replace("（", "(").replace("）", ")")
    match = _ID_RE.match(text)
    if not match:
        return None
    head, paras = match.groups()
    if head[0] in CN_NUMERAL:
        value = cn_to_int(head)
        head = str(value) if value is not None else head
    elif head[0] in ROMAN and not head[0].isdigit():
        value = roman_to_int(head)
        if value is None:
            return None
        head = str(value)
    return head + paras


def parent_candidates(clause_id: str) -> list[str]:
    """Ids a reference may fall back to: '14.7(b)(ii)' -> ['14.7(b)', '14.7', '14']."""
    out: list[str] = []
    current = clause_id
    while True:
        if current.endswith(")") and "(" in current:
            current = current[: current.rindex("(")]
        elif "." in current:
            current = current[: current.rindex(".")]
        elif current and current[-1].isalpha() and current[:-1].isdigit():
            current = current[:-1]
        else:
            return out
        out.append(current)
