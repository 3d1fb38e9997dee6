"""Amounts, percentages and time periods as contracts write them, in English and Chinese.

Every value comes back normalised (a float, an ISO 4217 currency, calendar days where that is meaningful) with
its verbatim quote and offsets into the text it was found in, so a skill can cite it and compare it.
Contracts often state a figure twice ("ten million dollars ($10,000,000)", "叁亿…元整（¥342,600,000.00）",
"thirty (30) days"); such a pair is one value with one quote spanning both.
"""

from __future__ import annotations

import re
from functools import lru_cache, wraps
from typing import Literal

from pydantic import BaseModel

from .numerals import CN_CHARS, CN_NUMBER, EN_NUMBER, parse_chinese_number, parse_digits, parse_english_number

__all__ = ["Money", "Percent", "Period", "find_money", "find_percentages", "find_periods"]


class Money(BaseModel):
    value: float
    currency: str = ""
    quote: str
    start: int
    end: int


class Percent(BaseModel):
    value: float
    quote: str
    start: int
    end: int
    basis: str = ""


PeriodUnit = Literal["days", "business_days", "working_days", "calendar_days", "weeks", "months", "years", "hours"]


class Period(BaseModel):
    value: float
    unit: PeriodUnit
    days: float | None = None
    quote: str
    start: int
    end: int


# ---------------------------------------------------------------------------------------------- building blocks

# 1,234,567.89 | Indian grouping 5,00,000 | 1234.5
NUM = r"\d{1,3}(?:\.\d{3}){2,}(?:,\d{1,2})?(?!\d)|\d{1,3}\.\d{3},\d{1,2}(?!\d)|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_EN_MULT = {"thousand": 1e3, "k": 1e3, "million": 1e6, "mn": 1e6, "m": 1e6, "mio": 1e6, "billion": 1e9, "bn": 1e9}
_ZH_MULT = {"千": 1e3, "万": 1e4, "十万": 1e5, "百万": 1e6, "千万": 1e7, "亿": 1e8, "万亿": 1e12}
EN_MULT = r"\s?(?:thousand|million|billion|mio|mn|bn|m|k)\b"
ZH_MULT = r"(?:万亿|十万|百万|千万|万|亿|千)"

# Currency markers written before a figure, most specific first; each maps to an ISO code.
_PREFIXES: list[tuple[str, str]] = [
    (r"U\.?S\.?\s?\$|USD|US\s?dollars?", "USD"),
    (r"HK\$|HKD", "HKD"), (r"S\$|SGD", "SGD"), (r"A\$|AUD", "AUD"), (r"C\$|CAD", "CAD"), (r"NZ\$|NZD", "NZD"),
    (r"\$", "USD"), (r"£|GBP", "GBP"), (r"€|EUR", "EUR"), (r"RMB|CNY|人民币|¥|￥", "CNY"),
    (r"JPY", "JPY"), (r"CHF", "CHF"), (r"INR|Rs\.?", "INR"),
]
# Currency words written after a figure.
_SUFFIXES: list[tuple[str, str]] = [
    (r"(?:U\.S\.|US|United\s+States)\s+dollars?", "USD"), (r"Singapore\s+dollars?", "SGD"),
    (r"Hong\s+Kong\s+dollars?", "HKD"), (r"Australian\s+dollars?", "AUD"), (r"Canadian\s+dollars?", "CAD"),
    (r"dollars?", "USD"), (r"pounds?(?:\s+sterling)?|sterling", "GBP"), (r"euros?", "EUR"),
    (r"yuan|renminbi|RMB|CNY", "CNY"), (r"USD", "USD"), (r"GBP", "GBP"), (r"EUR", "EUR"), (r"SGD", "SGD"),
    (r"HKD", "HKD"), (r"JPY|yen", "JPY"), (r"CHF|Swiss\s+francs?", "CHF"),
    (r"美元|美金", "USD"), (r"港元|港币", "HKD"), (r"欧元", "EUR"), (r"英镑", "GBP"), (r"日元", "JPY"),
    (r"元(?:人民币)?|圆", "CNY"),
]
_PREFIX = "|".join(p for p, _ in _PREFIXES)
_SUFFIX = "|".join(p for p, _ in _SUFFIXES)
_PREFIX_RES = [(re.compile(rf"^(?:{p})$", re.IGNORECASE), iso) for p, iso in _PREFIXES]
_SUFFIX_RES = [(re.compile(rf"^(?:{p})$", re.IGNORECASE), iso) for p, iso in _SUFFIXES]


def _memoised(find):
    """Several skills read the figures of the same clause in one review: scan each text once. Callers get a
    fresh list; the items are shared and treated as read-only."""
    cached = lru_cache(maxsize=512)(lambda text: tuple(find(text)))

    @wraps(find)
    def wrapper(text: str):
        return list(cached(text))

    return wrapper


def _iso(token: str, table) -> str:
    token = token.strip()
    for pattern, iso in table:
        if pattern.match(token):
            return iso
    return ""


_FIGURE_MONEY = re.compile(
    rf"(?:(?<![A-Za-z])(?=[A-Za-z])|(?=[$£€¥￥人]))(?P<cur>{_PREFIX})\s?(?:[（(]?小写[）)]?[:：]?\s*)?(?P<num>{NUM})(?P<mult>{EN_MULT}|\s?{ZH_MULT}(?=元|圆))?(?P<yuan>\s?[元圆](?:整)?)?"
    rf"|(?<![A-Za-z0-9_.,])(?P<num2>{NUM})(?P<mult2>{EN_MULT}|\s?{ZH_MULT})?\s?(?P<suf>{_SUFFIX})(?![a-zA-Z])",
    re.IGNORECASE,
)
_WORD_MONEY = re.compile(rf"(?P<words>{EN_NUMBER})\s+(?P<suf>{_SUFFIX})(?![a-zA-Z])", re.IGNORECASE)
_CN_MONEY = re.compile(
    rf"(?=人民币|RMB|[（(]?大写|[{CN_CHARS}])(?P<cur>人民币|RMB)?\s?(?:[（(]?大写[）)]?[:：]?\s*)?(?<![\d.,])(?P<num>{CN_NUMBER})(?P<suf>美元|港元|港币|欧元|英镑|日元|元|圆)"
    rf"(?:(?P<jiao>[{CN_CHARS}])角)?(?:(?P<fen>[{CN_CHARS}])分)?(?:整|正)?"
)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_PAREN_FIGURE = re.compile(r"\s*[（(]\s*([^()（）]{1,120}?)\s*[）)]")


def _multiplier(text: str | None, zh: bool = False) -> float:
    if not text:
        return 1.0
    key = text.strip().lower()
    return _ZH_MULT.get(key, 1.0) if zh or key in _ZH_MULT else _EN_MULT.get(key, 1.0)


def _figure_candidates(text: str) -> list[Money]:
    found: list[Money] = []
    for m in _FIGURE_MONEY.finditer(text):
        if m.group("num"):
            value = parse_digits(m.group("num"))
            currency = _iso(m.group("cur"), _PREFIX_RES)
            mult = _multiplier(m.group("mult"))
        else:
            if re.fullmatch(r"pounds?", m.group("suf"), re.IGNORECASE):
                continue  # '50 pounds' is a weight more often than money; '£50' and 'pounds sterling' are money
            value = parse_digits(m.group("num2"))
            currency = _iso(m.group("suf"), _SUFFIX_RES)
            mult = _multiplier(m.group("mult2"))
        if value is None:
            continue
        end = m.end()
        quote = text[m.start():end].rstrip()
        found.append(Money(value=round(value * mult, 2), currency=currency, quote=quote, start=m.start(), end=m.start() + len(quote)))
    return found


def _word_candidates(text: str) -> list[Money]:
    found: list[Money] = []
    for m in _WORD_MONEY.finditer(text):
        value = parse_english_number(m.group("words"))
        if value is not None:
            found.append(Money(value=value, currency=_iso(m.group("suf"), _SUFFIX_RES), quote=m.group(0), start=m.start(), end=m.end()))
    for m in _CN_MONEY.finditer(text) if _CJK.search(text) else ():
        value = parse_chinese_number(m.group("num"))
        if value is None:
            continue
        value += (parse_chinese_number(m.group("jiao") or "") or 0) / 10 + (parse_chinese_number(m.group("fen") or "") or 0) / 100
        currency = _iso(m.group("suf"), _SUFFIX_RES) or "CNY"
        start = m.start() if m.group("cur") else m.start("num")
        found.append(Money(value=round(value, 2), currency=currency, quote=text[start:m.end()], start=start, end=m.end()))
    return found


def _drop_overlaps(items: list) -> list:
    """Keep the longest of overlapping matches, in text order."""
    kept: list = []
    for item in sorted(items, key=lambda i: (i.start, -(i.end - i.start))):
        if kept and item.start < kept[-1].end:
            if item.end - item.start > kept[-1].end - kept[-1].start:
                kept[-1] = item
            continue
        kept.append(item)
    return kept


def _merge_restated(text: str, items: list, same) -> list:
    """'ten million dollars ($10,000,000)': a value followed by the same value in brackets becomes one item."""
    merged: list = []
    skip: set[int] = set()
    for i, item in enumerate(items):
        if i in skip:
            continue
        nxt = items[i + 1] if i + 1 < len(items) else None
        paren = _PAREN_FIGURE.match(text, item.end)
        if nxt is not None and paren and paren.start(1) <= nxt.start and nxt.end <= paren.end(1) and same(item, nxt):
            end = paren.end()
            update = {"quote": text[item.start:end], "end": end}
            if getattr(item, "currency", None) == "" and getattr(nxt, "currency", ""):
                update["currency"] = nxt.currency
            item = item.model_copy(update=update)
            skip.add(i + 1)
        merged.append(item)
    return merged


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= max(0.005, abs(b) * 1e-6)


@_memoised
def find_money(text: str) -> list[Money]:
    """Amounts of money with their currency: '$10,000,000', 'USD 1.5 million', '£2.5m', '人民币壹佰万元整', '100万元'."""
    if not text:
        return []
    items = _drop_overlaps(_word_candidates(text) + _figure_candidates(text))
    return _merge_restated(text, items, lambda a, b: _close(a.value, b.value))


# ---------------------------------------------------------------------------------------------- percentages

_PCT_WORD = r"(?:per\s?cent(?:um)?|percent(?:age\s+points?)?)\b"
_PCT = re.compile(
    rf"(?P<num>{NUM})(?:\s*[(（]\s*{EN_NUMBER}\s*[)）])?\s?(?:%|％|{_PCT_WORD})"
    # 'ten (10) per cent', and 'zero point one per cent (0.1%)': the figure in brackets governs, before or after
    rf"|(?P<words>{EN_NUMBER})(?:\s*[(（]\s*(?P<paren>{NUM})\s*%?\s*[)）])?\s*{_PCT_WORD}(?:\s*[(（]\s*(?P<after>{NUM})\s*[%％]\s*[)）])?"
    rf"|(?P<zhbase>百分之|千分之|万分之)(?P<zhnum>{NUM}|[{CN_CHARS}]+(?:点[{CN_CHARS}]+)?)",
    re.IGNORECASE,
)
_ZH_BASE = {"百分之": 1.0, "千分之": 0.1, "万分之": 0.01}
_BASIS_EN = re.compile(
    r"(?:\s+(?:per\s+annum|per\s+year|a\s+year|per\s+month|a\s+month))?\s+(of|above|over)\s+((?:the\s+|all\s+|any\s+|each\s+|such\s+)?(?:[\w'’-]+)(?:\s+(?!(?:which|that|for|per|in|payable|and|or|within|to|on|if|as|by|at|is|shall|will|from|during|under|after|before|plus|less)\b)[\w'’-]+){0,5})",
    re.IGNORECASE,
)
_BASIS_ZH = re.compile(r"([\u4e00-\u9fff（）()]{2,30})的$")


def _zh_number(text: str) -> float | None:
    if "点" in text:
        whole, _, frac = text.partition("点")
        head = parse_chinese_number(whole) if whole else 0.0
        digits = "".join(str(int(parse_chinese_number(ch) or 0)) for ch in frac)
        return None if head is None else float(f"{int(head)}.{digits}")
    return parse_digits(text) if text[0].isdigit() else parse_chinese_number(text)


def _basis(text: str, start: int, end: int) -> str:
    m = _BASIS_EN.match(text, end)
    if m:
        return f"{m.group(1)} {m.group(2)}".strip()
    m = _BASIS_ZH.search(text[max(0, start - 31):start])
    if m:
        run = re.split(r"[为按是以于占，,。；;：:]|达到|超过|低于|少于|不足", m.group(1))[-1]
        return run.rsplit("的", 1)[-1]
    return ""


@_memoised
def find_percentages(text: str) -> list[Percent]:
    """Percentages: '8%', '0.05%', 'ten per cent (10%)', 'two (2) percent', '百分之八', '万分之三' (0.03)."""
    if not text:
        return []
    items: list[Percent] = []
    for m in _PCT.finditer(text):
        if m.group("num"):
            value = parse_digits(m.group("num"))
        elif m.group("words"):
            value = parse_english_number(m.group("words"))
            paren = parse_digits(m.group("paren") or m.group("after")) if (m.group("paren") or m.group("after")) else None
            value = paren if paren is not None else value
        else:
            raw = _zh_number(m.group("zhnum"))
            value = None if raw is None else round(raw * _ZH_BASE[m.group("zhbase")], 6)
        if value is None:
            continue
        items.append(Percent(value=value, quote=m.group(0), start=m.start(), end=m.end()))
    items = _merge_restated(text, _drop_overlaps(items), lambda a, b: _close(a.value, b.value))
    return [p.model_copy(update={"basis": _basis(text, p.start, p.end)}) for p in items]


# ---------------------------------------------------------------------------------------------- periods

_EN_UNIT = r"(?:(?P<kind>business|working|calendar|banking|clear)\s+)?(?P<unit>days?|weeks?|months?|years?|hours?)\b"
_EN_PERIOD = re.compile(
    # 'thirty (30) days', '30 (thirty) days' (as South African and Indian drafting writes it), '30 days', 'thirty days'
    rf"(?:(?P<words>{EN_NUMBER})\s*[(（]\s*(?P<paren>{NUM})\s*[)）]|(?<![\w.,])(?P<lead>{NUM})\s*[(（]\s*{EN_NUMBER}\s*[)）]"
    rf"|(?<![\w.,])(?P<num>{NUM})|(?P<words2>{EN_NUMBER}))[\s-]*{_EN_UNIT}",
    re.IGNORECASE,
)
_ZH_PERIOD = re.compile(
    # '三十（30）日': the figure in words with its digits in brackets, as Chinese drafting often writes it
    rf"(?P<num>\d+(?:\.\d+)?|{CN_NUMBER})(?:\s?[（(]\s?\d+(?:\.\d+)?\s?[）)])?\s?(?P<ge>个)?\s?(?P<unit>工作日|个工作日|日历天|日历日|自然日|天|日|月|周|星期|年|小时)"
)
_ZH_UNITS = {"工作日": "working_days", "个工作日": "working_days", "日历天": "calendar_days", "日历日": "calendar_days",
             "自然日": "calendar_days", "天": "days", "日": "days", "月": "months", "周": "weeks", "星期": "weeks",
             "年": "years", "小时": "hours"}
# '每延误一天' is the unit of a rate and '最后一天' a day, not periods; '一年期贷款市场报价利率' names a loan tenor
_ZH_RATE_UNIT = re.compile(r"(?:每(?:延误|逾期|迟延|超过|超出)?|最后)$")
_ZH_TENOR = re.compile(r"期(?:贷款|存款|国债|LPR|市场报价利率)")
_TO_DAYS = {"days": 1.0, "calendar_days": 1.0, "weeks": 7.0, "months": 30.0, "years": 365.0, "hours": 1 / 24}


def _period(value: float, unit: str, quote: str, start: int) -> Period:
    factor = _TO_DAYS.get(unit)  # business and working days have no fixed calendar length
    days = round(value * factor, 4) if factor is not None else None
    return Period(value=value, unit=unit, days=days, quote=quote, start=start, end=start + len(quote))


def _en_unit(kind: str | None, unit: str) -> str:
    base = unit.lower().rstrip("s") + "s"
    if base == "days" and kind:
        return {"business": "business_days", "banking": "business_days", "working": "working_days", "calendar": "calendar_days"}.get(kind.lower(), "days")
    return base


def _zh_is_date(text: str, m: re.Match, value: float) -> bool:
    unit, before, after = m.group("unit"), text[max(0, m.start() - 1):m.start()], text[m.end():m.end() + 3]
    if unit in ("日", "天") and before == "月":
        return True  # 3月30日
    if unit == "年" and (value >= 1900 or re.match(r"\d{1,2}月|[一二三四五六七八九十]{1,2}月", after)):
        return True  # 2024年
    return unit == "月" and not m.group("ge")  # '3月' is a month of the year; a span of months is '3个月'


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
             "tenth": 10}
# 'on or before the seventh (7th) anniversary of Completion': a time counted in years
_ANNIVERSARY = re.compile(r"\b(?P<ord>" + "|".join(_ORDINALS) + r")\s+(?:\(\d{1,2}(?:st|nd|rd|th)\)\s+)?anniversary\b", re.I)


@_memoised
def find_periods(text: str) -> list[Period]:
    """Time periods: 'within thirty (30) days', '28 days', '10 Business Days', '6 months', 'the second anniversary',
    '30日内', '十个工作日'."""
    if not text:
        return []
    items: list[Period] = [_period(_ORDINALS[m.group("ord").lower()], "years", m.group(0), m.start()) for m in _ANNIVERSARY.finditer(text)]
    for m in _EN_PERIOD.finditer(text):
        if m.group("paren"):
            value = parse_digits(m.group("paren"))
        elif m.group("lead"):
            value = parse_digits(m.group("lead"))
        elif m.group("num"):
            value = parse_digits(m.group("num"))
        else:
            value = parse_english_number(m.group("words2"))
        if value is not None:
            items.append(_period(value, _en_unit(m.group("kind"), m.group("unit")), m.group(0), m.start()))
    for m in _ZH_PERIOD.finditer(text) if _CJK.search(text) else ():
        raw = m.group("num")
        value = parse_digits(raw) if raw[0].isdigit() else parse_chinese_number(raw)
        if (value is None or _zh_is_date(text, m, value) or _ZH_RATE_UNIT.search(text, max(0, m.start() - 4), m.start())
                or _ZH_TENOR.match(text, m.end())):
            continue
        items.append(_period(value, _ZH_UNITS[m.group("unit")], m.group(0), m.start()))
    return _drop_overlaps(items)
