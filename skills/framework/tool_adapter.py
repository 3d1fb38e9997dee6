"""Registered skills -> OpenAI function tools, and a model's tool_calls -> skill calls (SPEC-19 §4)."""

from __future__ import annotations

import json
import logging
from typing import Any

from .schema import SkillRegistration
from .tool_fields import INTERNAL_FIELDS

logger = logging.getLogger(__name__)

__all__ = ["INTERNAL_FIELDS", "skills_to_tool_definitions", "parse_tool_calls"]


def skills_to_tool_definitions(
    skills: list[SkillRegistration],
    *,
    domain_filter: str | None = None,
    category_filter: str | None = None,
    exclude_internal_fields: frozenset[str] = INTERNAL_FIELDS,
) -> list[dict]:
    """Active skills of the domain (plus the generic ones, domain '*') as OpenAI tools."""
    tools: list[dict] = []
    for skill in skills:
        if skill.status != "active":
            continue
        if domain_filter and skill.domain not in ("*", domain_filter):
            continue
        if category_filter and skill.category != category_filter:
            continue
        tool = skill.to_tool_definition()
        params = tool["function"]["parameters"]
        for name in exclude_internal_fields:
            params["properties"].pop(name, None)
            if name in params["required"]:
                params["required"].remove(name)
        tools.append(tool)
    return tools


def parse_tool_calls(tool_calls: list[dict]) -> list[dict[str, Any]]:
    """[{'id', 'skill_id', 'arguments'}]; arguments that are not a JSON object become {}."""
    parsed: list[dict[str, Any]] = []
    for call in tool_calls:
        function = call.get("function") or {}
        raw = function.get("arguments", "{}")
        try:
            arguments = json.loads(raw) if isinstance(raw, str) else raw
        except (json.JSONDecodeError, TypeError):
            logger.warning("tool call %s: arguments are not JSON: %.200s", function.get("name", ""), raw)
            arguments = {}
        if not isinstance(arguments, dict):
            arguments = {}
        parsed.append({"id": call.get("id", ""), "skill_id": function.get("name", ""), "arguments": arguments})
    return parsed
