"""Offline mode: no model. The skills' own findings become the risks.

A finding is {severity, kind, clause_id, message, evidence}; its evidence is a verbatim quote, so offline
risks carry verified quotes by construction (they are still checked like any other).
"""

from __future__ import annotations

from typing import Any, Iterable

from .risks import normalize_risk


def findings_of(skill_context: dict[str, Any]) -> Iterable[tuple[str, dict[str, Any]]]:
    for skill_id, data in skill_context.items():
        if isinstance(data, dict):
            for finding in data.get("findings") or []:
                if isinstance(finding, dict):
                    yield skill_id, finding


# Skills whose judgements the review positions now make: their findings stay in their own results (a host's
# model may read them), but the offline review takes each issue once, from the positions.
JUDGED_BY_POSITIONS = frozenset({"assess_deviation", "load_review_criteria", "criteria_check"})


def risks_from_findings(skill_context: dict[str, Any], clause_id: str, language: str = "en") -> list[dict[str, Any]]:
    risks = []
    for skill_id, finding in findings_of(skill_context):
        if skill_id in JUDGED_BY_POSITIONS:
            continue
        risk = normalize_risk({
            "risk_level": finding.get("severity"),
            "risk_type": finding.get("kind"),
            "description": finding.get("message", ""),
            "original_text": finding.get("evidence", ""),
            "clause_id": finding.get("clause_id") or clause_id,
            **{key: finding.get(key) for key in ("verdict", "topic", "proposed_wording", "expected_in")},
            **({"position_source": finding.get("source")} if skill_id == "review_positions" else {}),
            **({"redline": finding["redline"]} if isinstance(finding.get("redline"), list) else {}),
        }, clause_id=clause_id, source=skill_id, language=language)
        risks.append(risk)
    return risks
