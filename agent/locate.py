"""Pinpointing risks: a risk found while reviewing a whole section names the section; when its quote sits in one
sub-clause, the report should name that sub-clause. The descent reads clauses over MCP (get_clause_context,
with their children) and caches them for the review.
"""

from __future__ import annotations

import re
from typing import Any

from .mcp_client import ToolSession

_SPACE = re.compile(r"\s+")
MIN_QUOTE = 15


def _loose(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


class ClauseReader:
    def __init__(self, tools: ToolSession, review_id: str) -> None:
        self.tools = tools
        self.review_id = review_id
        self._cache: dict[str, tuple[str, list[str]] | None] = {}

    async def read(self, clause_id: str) -> tuple[str, list[str]] | None:
        """(full text, child ids) of a primary-document clause, or None when there is no such clause."""
        if clause_id not in self._cache:
            outcome = await self.tools.call_tool("get_clause_context", {"clause_id": clause_id, "review_id": self.review_id,
                                                                       "max_chars": 100_000})
            self._cache[clause_id] = ((outcome.data.get("text", ""), [c["clause_id"] for c in outcome.data.get("children") or []])
                                      if outcome.ok else None)
        return self._cache[clause_id]

    async def pinpoint(self, clause_id: str, quote: str, depth: int = 4) -> str:
        """The deepest clause under `clause_id` whose text holds `quote` (clause_id itself when no child does)."""
        wanted = _loose(quote)
        if len(wanted) < MIN_QUOTE:  # a fragment such as "5." is in many clauses: it pins nothing
            return clause_id
        current = clause_id
        for _ in range(depth):
            found = await self.read(current)
            if not found or not wanted:
                return current
            for child in found[1]:
                child_text = await self.read(child)
                if child_text and wanted in _loose(child_text[0]):
                    current = child
                    break
            else:
                return current
        return current


def is_descendant(child: str, parent: str) -> bool:
    return child != parent and (child.startswith(parent + ".") or child.startswith(parent + "("))


async def pinpoint_risks(reader: ClauseReader, risks: list[dict[str, Any]]) -> None:
    """Move each quoted risk down to the sub-clause that holds its quote."""
    for risk in risks:
        quote = (risk.get("location") or {}).get("original_text", "")
        if quote and risk.get("clause_id") not in ("", "*"):
            risk["clause_id"] = await reader.pinpoint(risk["clause_id"], quote)


def drop_covered(risks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A risk of some type on a section is redundant when the same type is already reported on one of its sub-clauses."""
    return [r for r in risks
            if not any(o is not r and o.get("risk_type") == r.get("risk_type") and is_descendant(o.get("clause_id", ""), r.get("clause_id", ""))
                       for o in risks)]
