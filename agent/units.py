"""From the review's checklist to the clauses to review.

The server resolves each checklist item to clause ids: by number when the contract has that clause, else by
searching the item's topic, which lands on one or two sub-clauses of the section that deals with it (for
"liability", 15.1 and 15.3 of "15 Limitation of Liability", missing 15.2). A topic is a section's business, so
an item resolved by topic is reviewed at the level of its section: the top-level clause holding the hits (its
text includes every sub-clause). Items resolved by number keep their clause. Items landing on the same clause
become one unit with their required skills merged, so no clause is reviewed twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .llm import Usage
from .mcp_client import McpToolSession


@dataclass
class ClauseUnit:
    """One checklist item resolved to one clause of the contract."""

    item: dict[str, Any]
    clause_id: str
    title: str = ""
    text: str = ""
    mode: str = ""
    fallbacks: list[dict[str, str]] = field(default_factory=list)
    tools_called: list[dict[str, Any]] = field(default_factory=list)
    skipped_skills: list[str] = field(default_factory=list)
    iterations: int = 0
    usage: Usage = field(default_factory=Usage)
    risks: list[dict[str, Any]] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0


async def outline(tools: McpToolSession, review_id: str) -> list[dict[str, Any]]:
    """[{clause_id, title, level}] of the primary document, in document order (all pages)."""
    clauses: list[dict[str, Any]] = []
    offset: int | None = 0
    while offset is not None:
        page = await tools.call("get_outline", review_id=review_id, offset=offset, limit=500)
        clauses += page.get("clauses", [])
        offset = page.get("next_offset")
    return clauses


def sections(clauses: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """clause_id -> its top-level clause (itself when it is one), from document order and levels."""
    top: dict[str, dict[str, Any]] = {}
    current: dict[str, Any] | None = None
    shallowest = min((c.get("level", 1) for c in clauses), default=1)
    for clause in clauses:
        if clause.get("level", 1) <= shallowest or current is None:
            current = clause
        top.setdefault(clause["clause_id"], current)
    return top


def plan_units(items: list[dict[str, Any]], clauses: list[dict[str, Any]]) -> tuple[list[ClauseUnit], list[dict[str, Any]]]:
    """(units in checklist order, items that resolved to nothing)."""
    section_of = sections(clauses)
    titles = {c["clause_id"]: c.get("title", "") for c in clauses}
    units: dict[str, ClauseUnit] = {}
    missing = []
    for item in items:
        resolved = [str(c) for c in item.get("resolved_clause_ids") or []]
        if not resolved:
            missing.append(item)
            continue
        by_number = str(item.get("clause_id")) in resolved
        targets = resolved if by_number else [section_of.get(c, {"clause_id": c})["clause_id"] for c in resolved]
        for clause_id in dict.fromkeys(targets):
            unit = units.get(clause_id)
            if unit is None:
                units[clause_id] = ClauseUnit(item=dict(item), clause_id=clause_id, title=titles.get(clause_id, ""))
                continue
            merged = unit.item
            merged["required_skills"] = list(dict.fromkeys((merged.get("required_skills") or []) + (item.get("required_skills") or [])))
            if item.get("clause_name") not in merged["clause_name"].split(" / "):
                merged["clause_name"] = f"{merged['clause_name']} / {item.get('clause_name')}"
    return list(units.values()), missing
