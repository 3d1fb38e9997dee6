"""Time limits in a clause: who must act, within what period, from what trigger, and what happens if late.

Periods come from the shared amount parser (paralaw.skills.text.amounts.find_periods); this module adds
the reading around each one (actor, trigger, consequence), pairs it with the standard FIDIC row or the
Chinese market benchmark, and judges a departure from our party's side. FIDIC counts "days" as calendar
days; working days skip weekends (public holidays are not known here).
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from pydantic import BaseModel, Field
from rapidfuzz import fuzz

from ..text.amounts import find_periods
from .standards import Benchmark, TimeStandard, normalise_party, paragraph_of, side_of, standards_for, zh_benchmarks

_CUE_BEFORE = re.compile(
    r"(?:within|not later than|no later than|not less than|at least|after|before|prior to|period of|on or after(?: the)?|"
    r"in any event|exceeding|more than|up to)\s*(?:a\s+)?(?:continuous\s+)?(?:period\s+of\s+)?$|(?:提前|超过|后|起)$",
    re.I,
)
_CUE_AFTER = re.compile(r"^\s*(?:'s|’s)?\s*(?:after|before|from|following|of\b|prior|notice|内|后|前|之日|以内|届满)", re.I)
_ORDINAL_DAY = re.compile(r"\b(\d{1,3})(?:st|nd|rd|th)\s+day\b|第(\d{1,3})天")
_ACTOR = r"(claiming Party|Claiming Party|Contractor|Employer|Engineer|DAAB|DAB|Parties|Party|expert)"
_ACTOR_SHALL = re.compile(rf"\b(?:the\s+|each\s+|either\s+|a\s+)?{_ACTOR}\b(?:'s Representative)?\s+(?:shall|must|will|is required to)\b", re.I)
_ACTOR_DOES = re.compile(rf"\b(?:the\s+|a\s+)?{_ACTOR}\b\s+(?:does not|fails to|(?!is\b|has\b)[a-z]+(?<!s)s\b)", re.I)
_ACTOR_ANY = re.compile(rf"\b{_ACTOR}\b", re.I)
_ZH_ACTOR = re.compile(r"(承包人|发包人|监理人|总监理工程师|合同当事人|双方|合同一方当事人)")
_BAR = re.compile(
    r"shall not be (?:extended|entitled)|not be entitled|no additional payment|(?:released|discharged) from (?:all )?liability|"
    r"shall (?:be deemed to have )?lapsed?|no longer (?:be )?valid|deemed to have waived|final and binding|time-barred|"
    r"丧失|失权|视为(?:放弃|自动放弃)|不再(?:享有|有权)",
    re.I,
)
_DEEMED = re.compile(r"deemed to (?:have been )?(?:issued|accepted|approved|valid)|视为(?:认可|接受|同意|已)", re.I)
_BACKREF = re.compile(r"that period|this period|the period|such period|within (?:the )?time|前述期限|上述期限|该期限|前述\d+天|期限内|规定时间", re.I)
_SENT_END = re.compile(r"(?<=[.;。；])\s+|(?<=[。；])|\n")


class TimeLimit(BaseModel):
    clause_id: str
    paragraph: str = Field("", description="Lettered sub-paragraph holding the period, e.g. 'b'.")
    period: str = Field(description="The period as written, e.g. '14 days', '7天', '56th day'.")
    value: float
    unit: str = Field(description="calendar_days, working_days, weeks, months, years or hours.")
    days: float | None = None
    party: str = Field("", description="Who must act: Contractor, Employer, Engineer, Board or Either.")
    trigger: str = ""
    time_barred: bool = Field(False, description="Missing the period loses the right (claim, extension, challenge).")
    consequence: str = ""
    sentence: str = ""
    standard_days: int | None = None
    standard_kind: str = ""
    standard_ref: str = ""
    standard_party: str = ""
    original_days: float | None = Field(None, description="The period in the General Conditions before the PC changed it.")
    start: int = 0
    end: int = 0


def _sentence_span(text: str, start: int, end: int) -> tuple[int, int]:
    left = max((m.end() for m in _SENT_END.finditer(text, 0, start)), default=0)
    right = next((m.start() for m in _SENT_END.finditer(text, end)), len(text))
    return left, right


def _paragraph_span(text: str, offset: int) -> tuple[int, int]:
    left = text.rfind("\n", 0, offset) + 1
    right = text.find("\n", offset)
    return left, right if right >= 0 else len(text)


def _actor(text: str, start: int, end: int, s_start: int, s_end: int, zh: bool) -> str:
    before, after = text[s_start:start], text[end:s_end]
    if zh:
        found = _ZH_ACTOR.findall(before) or _ZH_ACTOR.findall(after)
        return normalise_party(found[0]) if found else ""
    shall_before = list(_ACTOR_SHALL.finditer(before)) or list(_ACTOR_DOES.finditer(before))
    if shall_before:
        return normalise_party(shall_before[-1].group(1))
    shall_after = _ACTOR_SHALL.search(after)
    if shall_after:
        return normalise_party(shall_after.group(1))
    p_start, _ = _paragraph_span(text, start)
    if re.match(r"\s*\([a-z]{1,3}\)", text[p_start:start]):
        lead = [m for m in _ACTOR_SHALL.finditer(text, 0, p_start)]
        if lead:
            return normalise_party(lead[-1].group(1))
    earlier = list(_ACTOR_SHALL.finditer(text, p_start, s_start))
    if earlier:
        return normalise_party(earlier[-1].group(1))
    anywhere = _ACTOR_ANY.search(text[s_start:s_end])
    return normalise_party(anywhere.group(1)) if anywhere else ""


def _trigger(text: str, start: int, end: int, s_start: int, s_end: int, zh: bool) -> str:
    if zh:
        found = re.search(r"(?:在|自|于|从)([^，。；,]{2,40}?)(?:后|之日起|起)\s*$", text[s_start:start])
        return found.group(1) if found else ""
    found = re.match(r"\s*(?:'s|’s)?\s*(?:notice\s+)?(?:after|from|following|of|before|prior to)\s+([^,;.\n]{3,140})", text[end:s_end], re.I)
    return found.group(1).strip() if found else ""


def _consequence(text: str, start: int, s_start: int, s_end: int, periods_at: list[int]) -> tuple[bool, str]:
    """The sentence saying what happens if the period is missed: this one, or a later one in the paragraph
    that refers back to it before another period starts."""
    own = text[s_start:s_end]
    if _BAR.search(own):
        return True, own.strip()
    _, p_end = _paragraph_span(text, start)
    for m in re.finditer(r"[^.;。；]+[.;。；]?", text[s_end:p_end]):
        a, b, sentence = s_end + m.start(), s_end + m.end(), m.group(0)
        if not sentence.strip():
            continue
        if any(a <= p < b for p in periods_at):
            break
        if _BACKREF.search(sentence) or re.match(r"\s*(?:If|Where|承包人未|发包人未|逾期)", sentence):
            if _BAR.search(sentence):
                return True, sentence.strip()
            if _DEEMED.search(sentence):
                return False, sentence.strip()
    if _DEEMED.search(own):
        return False, own.strip()
    return False, ""


def _unit(unit: str) -> str:
    return {"days": "calendar_days", "calendar_days": "calendar_days", "business_days": "working_days"}.get(unit, unit)


def extract_time_limits(clause_id: str, text: str, language: str = "en") -> list[TimeLimit]:
    """Every period in the text that reads as a time limit, with its actor, trigger and consequence."""
    zh = language == "zh"
    found = [(p.start, p.end, p.quote, p.value, p.unit, p.days) for p in find_periods(text)]
    for m in _ORDINAL_DAY.finditer(text):
        if not any(s <= m.start() < e for s, e, *_ in found):
            value = float(m.group(1) or m.group(2))
            found.append((m.start(), m.end(), m.group(0), value, "days", value))
    found.sort()
    starts = [f[0] for f in found]
    limits: list[TimeLimit] = []
    for start, end, quote, value, unit, days in found:
        before = text[max(0, start - 40):start]
        if not (_CUE_BEFORE.search(before.rstrip()) or _CUE_AFTER.match(text[end:end + 20])):
            continue
        s_start, s_end = _sentence_span(text, start, end)
        p_start, _ = _paragraph_span(text, start)
        para = re.match(r"\s*[（(]([a-z]{1,3}|\d{1,2})[)）]", text[p_start:start])
        barred, consequence = _consequence(text, start, s_start, s_end, [s for s in starts if s > end])
        limits.append(TimeLimit(
            clause_id=clause_id, paragraph=para.group(1) if para else "", period=quote, value=value, unit=_unit(unit),
            days=days, party=_actor(text, start, end, s_start, s_end, zh), trigger=_trigger(text, start, end, s_start, s_end, zh),
            time_barred=barred, consequence=consequence, sentence=text[s_start:s_end].strip(), start=start, end=end,
        ))
    return limits


_STOP = {"the", "and", "for", "with", "from", "that", "this", "which", "after", "receives", "under", "shall", "within"}


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in _STOP}


def _score(limit: TimeLimit, row: TimeStandard, original_days: float | None) -> float:
    para = paragraph_of(row.sub_clause)
    score = 0.0
    if para:
        if limit.paragraph and limit.paragraph != para:
            return -1
        score += 4 if limit.paragraph == para else -1
    row_party = normalise_party(row.party)
    if row_party and limit.party and "Either" not in (row_party, limit.party) and row_party != limit.party:
        return -1
    if row_party and row_party == limit.party:
        score += 2
    score += min(len(_words(limit.sentence) & _words(row.title + " " + row.trigger_event)), 4) * 0.75
    reference = original_days if original_days is not None else limit.days
    if reference is not None and row.period_days == reference:
        score += 3
    return score


def align_original(limits: list[TimeLimit], originals: list[TimeLimit]) -> None:
    """Note, for each period of the merged text, the period it replaced in the GC (same place, new figure)."""
    if not originals:
        return
    if len(originals) == len(limits):
        for limit, original in zip(limits, originals):
            limit.original_days = original.days
        return
    strip = lambda s: re.sub(r"\d+", "#", s)  # noqa: E731
    for limit in limits:
        best = max(originals, key=lambda o: fuzz.ratio(strip(o.sentence), strip(limit.sentence)))
        if fuzz.ratio(strip(best.sentence), strip(limit.sentence)) >= 85:
            limit.original_days = best.days


def attach_standards(limits: list[TimeLimit], clause_id: str, edition: str | None, language: str) -> None:
    """Pair each limit with its FIDIC row (by Sub-Clause) or, for Chinese contracts, its market benchmark."""
    if language == "zh":
        for limit in limits:
            bench = _benchmark_for(limit)
            if bench is not None:
                ref = bench.fidic.get(edition or "2017", "")
                limit.standard_days, limit.standard_kind, limit.standard_party = bench.period_days, bench.period_kind, bench.party
                limit.standard_ref = f"{bench.label}: {bench.period_days} days ({bench.basis}; FIDIC Sub-Clause {ref})"
        return
    if edition is None:
        return  # not recognisably FIDIC: a clause number says nothing about which standard applies
    rows = standards_for(clause_id, edition)
    # each standard row states one period: give it to the limit that fits it best, not to every similar one
    pairs = sorted(((_score(limit, row, limit.original_days), -li, ri) for li, limit in enumerate(limits) for ri, row in enumerate(rows)), reverse=True)
    used_rows, used_limits = set(), set()
    for score, neg_li, ri in pairs:
        if score < 3 or ri in used_rows or -neg_li in used_limits:
            continue
        used_rows.add(ri)
        used_limits.add(-neg_li)
        limit, row = limits[-neg_li], rows[ri]
        limit.standard_days, limit.standard_kind, limit.standard_party = row.period_days, row.period_kind, row.party
        limit.standard_ref = f"FIDIC {row.edition} Sub-Clause {row.sub_clause} ({row.title}): {row.period_days} days"


def _benchmark_for(limit: TimeLimit) -> Benchmark | None:
    after = limit.sentence[limit.sentence.find(limit.period) + len(limit.period):] if limit.period in limit.sentence else ""
    for part in (after, limit.sentence):
        for bench in zh_benchmarks():
            if not re.search(bench.match, part) or (bench.exclude and re.search(bench.exclude, limit.sentence)):
                continue
            if bench.party_hint and normalise_party(bench.party_hint) != limit.party:
                continue
            return bench
    return None


_LONGER_IS_WORSE = {"min_notice", "waiting_period", "threshold"}


class Judgement(BaseModel):
    kind: str
    severity: str
    message: str


def judge(limit: TimeLimit, our_party: str) -> Judgement | None:
    """A departure from the standard period, judged from our party's side; None when there is none."""
    standard = limit.standard_days
    if limit.days is None:
        return None
    if standard is None:
        if limit.original_days is None or limit.original_days == limit.days:
            return None
        standard, kind_hint = limit.original_days, "deadline"
    else:
        kind_hint = limit.standard_kind
    if limit.days == standard:
        return None
    shorter = limit.days < standard
    side = side_of(limit.party or limit.standard_party, our_party)
    if side == "neutral" and limit.party == "Either" and (kind_hint == "time_bar" or limit.time_barred):
        side = "ours" if our_party else "unknown"  # a claim or challenge bar binds us as claimant too
    worse_for_actor = (not shorter) if kind_hint in _LONGER_IS_WORSE else shorter
    what = f"{limit.period} against {int(standard)} days"
    basis = limit.standard_ref or "the General Conditions"
    barred = kind_hint == "time_bar" or limit.time_barred
    payment = bool(re.search(r"pay|支付|付款", limit.sentence, re.I)) and limit.party in ("Employer",)
    if limit.original_days is not None and limit.original_days == limit.days:
        return Judgement(kind="period_differs_from_standard", severity="low",
                         message=f"period as in the General Conditions, which differ from the standard: {what} ({basis})")
    if side == "ours" and worse_for_actor:
        kind = "time_bar_shortened" if barred else ("period_shortened" if shorter else "period_extended")
        return Judgement(kind=kind, severity="high" if barred else "medium",
                         message=f"our party's period cut: {what} ({basis}){'; missing it loses the right' if limit.time_barred else ''}")
    if side == "theirs" and not worse_for_actor:
        kind = "payment_period_extended" if payment and not shorter else ("period_extended" if not shorter else "period_shortened")
        return Judgement(kind=kind, severity="high" if payment or barred else "medium",
                         message=f"the other side gets more time: {what} ({basis})")
    if side == "unknown":
        return Judgement(kind="period_changed", severity="medium", message=f"period departs from the standard: {what} ({basis})")
    return Judgement(kind="period_changed", severity="low", message=f"period departs from the standard in our party's favour or neutrally: {what} ({basis})")


def add_period(start: date, limit: TimeLimit) -> date | None:
    """The last day of the period counted from the trigger date (the trigger day itself not counted)."""
    value = int(limit.value)
    if limit.unit == "working_days":
        current, left = start, value
        while left > 0:
            current += timedelta(days=1)
            if current.weekday() < 5:
                left -= 1
        return current
    if limit.unit in ("calendar_days", "days"):
        return start + timedelta(days=value)
    if limit.unit == "weeks":
        return start + timedelta(weeks=value)
    if limit.unit in ("months", "years"):
        months = value * (12 if limit.unit == "years" else 1)
        year, month = divmod(start.month - 1 + months, 12)
        year, month = start.year + year, month + 1
        return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))
    return None
