"""Checking one clause against one review criterion: required and forbidden wording, and numeric limits.

Numbers come from the shared parser (paralaw.skills.text.amounts); a limit applies to a number only when
its `context` pattern matches the words around it, so "180 days' notice of non-renewal" is measured against
the notice limit and "renew for 24 months" against the renewal-term limit, although both sit in one sentence.
Evidence is always the document sentence that carries the problem, verbatim.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from ..framework.schema import Finding
from ..packs.criteria import Criterion, Limit, fill_placeholders, to_days, uses_placeholders
from ..text.amounts import find_money, find_percentages, find_periods
from .clause_diff import split_sentences

WINDOW_BEFORE, WINDOW_AFTER = 80, 25


class CriterionResult(BaseModel):
    criterion_id: str
    title: str
    severity: str
    outcome: Literal["pass", "fail", "unchecked"] = Field(description="'unchecked' when the clause gives nothing the criterion can measure.")
    detail: str
    evidence: str = ""


def _sentence_at(text: str, offset: int) -> str:
    for sentence in split_sentences(text):
        if sentence.start <= offset < sentence.end:
            return sentence.text
    return text[max(0, offset - 80):offset + 80].strip()


def _topic_sentence(criterion: Criterion, text: str, our_party: str) -> str:
    """The sentence that makes the criterion apply (the one its clause patterns match), else the first real one."""
    sentences = [s.text for s in split_sentences(text)]
    for pattern in criterion.clause_patterns:
        regex = re.compile(fill_placeholders(pattern, our_party, ""), re.I)
        found = next((s for s in sentences if regex.search(s) and len(s) > 20), None)
        if found:
            return found
    return next((s for s in sentences if len(s) > 20), sentences[0] if sentences else "")


def _figures(limit: Limit, text: str) -> list[tuple[float, str, int]]:
    """(value in the limit's unit, quote, offset) for every figure of the limit's measure near its context."""
    if limit.measure == "percent":
        found = [(p.value, p.quote, p.start, p.end) for p in find_percentages(text)]
    elif limit.measure == "money":
        found = [(m.value, m.quote, m.start, m.end) for m in find_money(text) if not limit.unit or not m.currency or m.currency == limit.unit]
    else:
        found = [(p.value if p.unit == limit.unit else to_days(p.value, p.unit) / to_days(1, limit.unit), p.quote, p.start, p.end)
                 for p in find_periods(text)]
    context = re.compile(limit.context, re.I) if limit.context else None
    return [(value, quote, start) for value, quote, start, end in found
            if context is None or context.search(text[max(0, start - WINDOW_BEFORE):end + WINDOW_AFTER])]


def check_criterion(criterion: Criterion, text: str, *, clause_id: str, our_party: str = "",
                    counterparty: str = "") -> tuple[CriterionResult, list[Finding]]:
    """The criterion's verdict on the clause text, with one finding per breach."""
    findings: list[Finding] = []
    problems: list[str] = []
    checked = False

    def breach(message: str, evidence: str) -> None:
        problems.append(message)
        findings.append(Finding(severity=criterion.severity, kind=f"criterion_{criterion.id}", clause_id=clause_id,
                                message=f"{criterion.title}: {message}." + (f" {criterion.rationale.strip()}" if criterion.rationale else ""),
                                evidence=evidence))

    for pattern in criterion.forbidden_terms:
        if uses_placeholders(pattern) and not (our_party and counterparty):
            continue
        checked = True
        match = re.search(fill_placeholders(pattern, our_party, counterparty), text, re.I)
        if match:
            breach(f"contains wording the criteria forbid ('{match.group().strip()}')", _sentence_at(text, match.start()))
    for pattern in criterion.required_terms:
        if uses_placeholders(pattern) and not (our_party and counterparty):
            continue
        checked = True
        if not re.search(fill_placeholders(pattern, our_party, counterparty), text, re.I):
            breach("lacks the wording the criteria require", _topic_sentence(criterion, text, our_party))
    for limit in criterion.limits:
        for value, quote, start in _figures(limit, text):
            checked = True
            if not limit.holds(value):
                unit = "%" if limit.measure == "percent" else f" {limit.unit.replace('_', ' ')}" if limit.unit else ""
                breach(f"'{quote}' ({value:g}{unit}) does not meet '{limit.label}'", _sentence_at(text, start))
    outcome = "fail" if problems else "pass" if checked else "unchecked"
    detail = "; ".join(problems) if problems else ("meets the criterion" if checked else "nothing in the clause to measure")
    return CriterionResult(criterion_id=criterion.id, title=criterion.title, severity=criterion.severity, outcome=outcome,
                           detail=detail, evidence=findings[0].evidence if findings else ""), findings
