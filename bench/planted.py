"""When a skill's finding counts as finding a planted issue of a review case's gold.json (shared by the domain
quality scripts)."""

from __future__ import annotations


def on_clause(finding: dict, clause_id: str) -> bool:
    """The finding is on the clause or one of its parts ('14.7', '14.7(a)', '14.7.2')."""
    cid = finding.get("clause_id") or ""
    return cid == clause_id or cid.startswith(clause_id + "(") or cid.startswith(clause_id + ".")


def finds_planted(finding: dict, planted: dict) -> bool:
    """On the planted clause, or quoting the planted evidence (or quoted by it)."""
    evidence, gold = finding.get("evidence") or "", planted["evidence"]
    return on_clause(finding, planted["clause_id"]) or (bool(evidence) and (gold in evidence or evidence in gold))
