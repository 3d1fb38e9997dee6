"""The key value CUAD records for some categories, read from a clause the model placed in that category.

CUAD answers Governing Law with a jurisdiction, the dates with a date, Renewal Term, Notice Period To
Terminate Renewal and Warranty Duration with a period, Cap On Liability with an amount, Parties with
names. These readers are deliberately literal: they return the words as written (a date is not
normalised, a period keeps its unit), so the value can be checked against the quote it came from, and
they return "" rather than guess.
"""

from __future__ import annotations

import re
from typing import Callable

from ..text.amounts import find_money, find_periods

__all__ = ["VALUE_READERS", "key_value"]

_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)"
_DATE = re.compile(
    rf"\b(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"              # March 1, 2020
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?{_MONTH},?\s+\d{{4}}"   # 1st day of March, 2020 / 1 March 2020
    rf"|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}|\d{{4}}-\d{{2}}-\d{{2}})", re.IGNORECASE)
_LAW = re.compile(
    r"\b(?i:laws?)\s+(?:of|in|(?i:in\s+force\s+in))\s+(?:and\s+enforced\s+in\s+)?(?:the\s+)?((?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+"
    r"[A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?|[A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+){0,2})")
_PARTY = re.compile(r"\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+)?)?[\"“]([^\"”]{2,40})[\"”]\s*\)")
_IGNORED_LAW = {"This", "The", "Agreement", "Such", "Any", "Each"}


def _date(text: str) -> str:
    found = _DATE.search(text)
    return " ".join(found.group(0).split()) if found else ""


def _law(text: str) -> str:
    for found in _LAW.finditer(text):
        place = found.group(1).strip()
        if place.split()[0] not in _IGNORED_LAW:
            return place
    return ""


def _period(text: str) -> str:
    periods = find_periods(text)
    return periods[0].quote if periods else ""


def _notice_period(text: str) -> str:
    """The period nearest a mention of notice ('... one (1) year periods unless ... ninety (90) days' notice')."""
    periods = find_periods(text)
    notices = [m.start() for m in re.finditer(r"notice", text, re.IGNORECASE)]
    if not periods or not notices:
        return periods[0].quote if periods else ""
    return min(periods, key=lambda p: min(abs(p.start - n) for n in notices)).quote


def _money(text: str) -> str:
    amounts = find_money(text)
    if amounts:
        return amounts[0].quote
    measure = re.search(r"(?:fees?|amounts?|charges?)\s+(?:actually\s+)?paid[^.;]{0,120}", text, re.IGNORECASE)
    return " ".join(measure.group(0).split()) if measure else ""


def _parties(text: str) -> str:
    names = list(dict.fromkeys(m.group(1).strip() for m in _PARTY.finditer(text)))
    return "; ".join(n for n in names if n.lower() not in ("agreement", "contract"))[:200]


VALUE_READERS: dict[str, Callable[[str], str]] = {
    "Agreement Date": _date,
    "Effective Date": _date,
    "Expiration Date": lambda text: _date(text) or _period(text),
    "Governing Law": _law,
    "Renewal Term": _period,
    "Notice Period To Terminate Renewal": _notice_period,
    "Warranty Duration": _period,
    "Cap On Liability": _money,
    "Parties": _parties,
}


def key_value(category: str, text: str) -> str:
    """The category's key value as written in `text`, or '' (no reader for the category, or none found)."""
    reader = VALUE_READERS.get(category)
    return reader(text) if reader else ""
