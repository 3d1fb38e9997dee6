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
    """Active skills of the domain (plus the generic ones, domain '*') as OpenAI tools. A skill whose input
    model cannot be a JSON schema is left out with a warning: one broken skill must not hide the others."""
    tools: list[dict] = []
    for skill in skills:
        if skill.status != "active":
            continue
        if domain_filter and skill.domain not in ("*", domain_filter):
            continue
        if category_filter and skill.category != category_filter:
            continue
        try:
            tool = skill.to_tool_definition()
        except Exception as exc:
            logger.warning("skill %s is left out: its schema cannot be generated (%s: %s)",
                           skill.skill_id, type(exc).__name__, str(exc).splitlines()[0][:300])
            continue
        params = tool["function"]["parameters"]
        for name in exclude_internal_fields:
            params["properties"].pop(name, None)
            if name in params["required"]:
                params["required"].remove(name)
        tools.append(tool)
    return tools


def parse_tool_calls(tool_calls: list[Any]) -> list[dict[str, Any]]:
    """[{'id', 'skill_id', 'arguments'}]; arguments that are not a JSON object become {}.

    What servers really send is survived rather than trusted: an item that is no object is skipped, a
    `function` given as a string is its name, a call without `function` may carry name and arguments at the
    top level, and arguments double-encoded as a JSON string inside a JSON string are decoded twice."""
    parsed: list[dict[str, Any]] = []
    for call in tool_calls or []:
        if not isinstance(call, dict):
            logger.warning("tool call skipped: not an object: %.200r", call)
            continue
        function = call.get("function")
        if isinstance(function, str):
            function = {"name": function, "arguments": call.get("arguments", "{}")}
        elif not isinstance(function, dict):
            function = {"name": call.get("name", ""), "arguments": call.get("arguments", "{}")}
        name = function.get("name")
        parsed.append({"id": str(call.get("id") or ""), "skill_id": name if isinstance(name, str) else "",
                       "arguments": _arguments(function.get("arguments", "{}"), name)})
    return parsed


def _arguments(raw: Any, name: Any) -> dict[str, Any]:
    value = raw
    for _ in range(2):  # some servers encode the arguments twice: "\"{\\\"clause_id\\\": ...}\""
        if not isinstance(value, str):
            break
        try:
            value = json.loads(value) if value.strip() else {}
        except (json.JSONDecodeError, TypeError):
            logger.warning("tool call %s: arguments are not JSON: %.200s", name, raw)
            return {}
    return value if isinstance(value, dict) else {}
