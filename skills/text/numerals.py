"""Numbers written in words: English ("forty-eight million six hundred and fifty thousand") and Chinese
("叁亿肆仟贰佰陆拾万", "三十", "两"). Contracts write amounts and periods both ways, often side by side, so the
amount parser needs both to check and normalise them.
"""

from __future__ import annotations

import re

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000, "trillion": 10**12}

_WORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES], key=len, reverse=True))
# One or more number words joined by spaces, hyphens or "and": "one hundred and five", "Three-thousand".
# 'two million, eight hundred and sixty thousand': a comma may follow a scale word
EN_NUMBER = rf"\b(?=[zotfsenhmbZOTFSENHMB])(?:{_WORD})(?:(?:[\s-]+|\s+and\s+|(?:(?<=illion)|(?<=housand)),\s+)(?:{_WORD}))*\b"
EN_NUMBER_RE = re.compile(EN_NUMBER, re.IGNORECASE)


def parse_english_number(words: str) -> float | None:
    """'forty-eight million six hundred and fifty thousand' -> 48650000; None if it is not a number."""
    tokens = [t for t in re.split(r"[\s,-]+", words.lower()) if t and t != "and"]
    if not tokens:
        return None
    total, current = 0, 0
    seen = False
    for token in tokens:
        if token in _UNITS:
            current += _UNITS[token]
        elif token in _TENS:
            current += _TENS[token]
        elif token == "hundred":
            current = (current or 1) * 100
        elif token in _SCALES:
            total += (current or 1) * _SCALES[token]
            current = 0
        else:
            return None
        seen = True
    return float(total + current) if seen else None


_CN_DIGITS = {
    "零": 0, "〇": 0, "一": 1, "壹": 1, "二": 2, "贰": 2, "貳": 2, "两": 2, "兩": 2, "三": 3, "叁": 3, "參": 3,
    "四": 4, "肆": 4, "五": 5, "伍": 5, "六": 6, "陆": 6, "陸": 6, "七": 7, "柒": 7, "八": 8, "捌": 8,
    "九": 9, "玖": 9,
}
_CN_SMALL = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_CN_LARGE = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}
CN_CHARS = "".join([*_CN_DIGITS, *_CN_SMALL, *_CN_LARGE])
CN_NUMBER = rf"[{CN_CHARS}]+"


def parse_chinese_number(text: str) -> float | None:
    """'叁亿肆仟贰佰陆拾万' -> 342600000, '十' -> 10, '三十五' -> 35; '一二' (digit by digit) -> 12."""
    if not text or any(ch not in CN_CHARS for ch in text):
        return None
    if all(ch in _CN_DIGITS for ch in text):  # written digit by digit: 二〇二四
        return float("".join(str(_CN_DIGITS[ch]) for ch in text))
    total, section, number = 0, 0, 0
    for ch in text:
        if ch in _CN_DIGITS:
            number = _CN_DIGITS[ch]
        elif ch in _CN_SMALL:
            section += (number or 1) * _CN_SMALL[ch]
            number = 0
        elif ch in ("亿", "億"):
            total = (total + section + number) * _CN_LARGE[ch]
            section = number = 0
        else:  # 万
            total += (section + number or 1) * _CN_LARGE[ch]
            section = number = 0
    return float(total + section + number)


def parse_digits(text: str) -> float | None:
    """'1,234.50' -> 1234.5; tolerant of spaces and full-width digits."""
    cleaned = text.translate(str.maketrans("０１２３４５６７８９．，", "0123456789.,")).replace(" ", "")
    if re.fullmatch(r"\d{1,3}(?:\.\d{3}){2,}(?:,\d{1,2})?|\d{1,3}\.\d{3},\d{1,2}", cleaned):
        cleaned = cleaned.replace(".", "").replace(",", ".")  # continental: '36.000.000,00'
    cleaned = cleaned.replace(",", "")
    try:
        return float(cleaned)
    except ValueError:
        return None
