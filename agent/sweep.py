"""The document-wide pass: the checklist's skills that can judge the whole contract run once over all of it.

Clause-by-clause review only sees what a checklist item points at; a broken cross-reference, an undefined term
or a missing long-stop date can sit anywhere. Skills say in their input schema whether they take the whole
document (a `whole_document` flag, or a clause_id whose default or description is '*'); the full schemas come
from describe_tools (a lazy listing has none), else from the listing. The review positions
(review_positions) always run here. The findings form one extra unit, "Whole document"; the pipeline then
merges duplicates and moves each risk to the checklist unit whose clause holds it.
"""

from __future__ import annotations

import time
from typing import Any

from .checklist import SkillRun
from .mcp_client import McpToolSession
from .offline import risks_from_findings
from .units import ClauseUnit

WHOLE = "*"


async def full_schemas(tools: McpToolSession, names: list[str]) -> dict[str, dict[str, Any]]:
    listed = {t["function"]["name"]: t["function"].get("parameters") or {} for t in tools.openai_tools()}
    schemas = {name: listed.get(name, {}) for name in names}
    if names and tools.has_tool("describe_tools"):
        outcome = await tools.call_tool("describe_tools", {"names": names})
        if outcome.ok:
            for tool in outcome.data.get("tools", []):
                schema = tool.get("inputSchema") or tool.get("input_schema") or tool.get("parameters")
                if isinstance(schema, dict) and tool.get("name") in schemas:
                    schemas[tool["name"]] = schema
    return schemas


def whole_document_arguments(schema: dict[str, Any]) -> dict[str, Any] | None:
    """The arguments that make a skill judge the whole document, or None when its schema offers no such thing."""
    properties = schema.get("properties") or {}
    clause = properties.get("clause_id") or {}
    if "whole_document" in properties:
        return {"clause_id": WHOLE, "whole_document": True}
    if clause.get("default") == WHOLE or "'*'" in clause.get("description", "") or '"*"' in clause.get("description", ""):
        return {"clause_id": WHOLE}
    return None


POSITIONS = "review_positions"


async def sweep_unit(tools: McpToolSession, items: list[dict[str, Any]], review_id: str,
                     language: str) -> tuple[ClauseUnit | None, dict[str, Any]]:
    """The whole-document unit, and the review positions' own output ({} when the server has no such tool):
    the positions are judged on every review, whatever the checklist names."""
    started = time.monotonic()
    wanted = [s for item in items for s in item.get("required_skills") or []] + [POSITIONS]
    names = [n for n in dict.fromkeys(wanted) if tools.has_tool(n)]
    schemas = await full_schemas(tools, names)
    plan = [(name, args) for name in names if (args := whole_document_arguments(schemas.get(name, {}))) is not None]
    if not plan:
        return None, {}
    unit = ClauseUnit(item={"clause_id": WHOLE, "clause_name": "Whole document", "priority": "high",
                            "description": "Checks the skills run over the entire contract.",
                            "required_skills": [name for name, _ in plan]},
                      clause_id=WHOLE, title="Whole document", mode="offline")
    run = SkillRun()
    for name, arguments in plan:
        arguments = {**arguments, "review_id": review_id, **({"detail": True} if name == POSITIONS else {})}
        outcome = await tools.call_tool(name, arguments)
        unit.tools_called.append({"name": name, "arguments": arguments, "ok": outcome.ok,
                                  **({} if outcome.ok else {"error": (outcome.error or {}).get("code", "TOOL_ERROR")})})
        if outcome.ok:
            run.skill_context[name] = outcome.data
    unit.risks = risks_from_findings(run.skill_context, WHOLE, language)
    unit.seconds = round(time.monotonic() - started, 3)
    return unit, run.skill_context.get(POSITIONS) or {}
