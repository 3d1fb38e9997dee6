"""The checklist path (SPEC-12): run a checklist item's required skills in order over MCP, then (with a model)
one analysis call with their results as skill_context.

Skills the server does not offer (not in this domain, not built yet) are skipped, never fatal; a skill's error
is recorded and the others still run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .llm import ChatModel, Usage
from .mcp_client import ToolSession
from .prompts import build_clause_analyze_messages
from .risks import parse_risk_list


@dataclass
class SkillRun:
    skill_context: dict[str, Any] = field(default_factory=dict)
    calls: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


async def run_required_skills(tools: ToolSession, skills: list[str], clause_id: str, review_id: str | None) -> SkillRun:
    run = SkillRun()
    for skill_id in skills:
        if not tools.has_tool(skill_id):
            run.skipped.append(skill_id)
            continue
        arguments = {"clause_id": clause_id, **({"review_id": review_id} if review_id else {})}
        outcome = await tools.call_tool(skill_id, arguments)
        run.calls.append({"name": skill_id, "arguments": arguments, "ok": outcome.ok,
                          **({} if outcome.ok else {"error": (outcome.error or {}).get("code", "TOOL_ERROR"),
                                                     "message": (outcome.error or {}).get("message", "")})})
        if outcome.ok:
            run.skill_context[skill_id] = outcome.data
    return run


@dataclass
class AnalysisResult:
    risks: list[dict[str, Any]] | None
    messages: list[dict[str, Any]]
    usage: Usage
    error: str = ""


async def analyze_clause(llm: ChatModel, *, skill_context: dict[str, Any], temperature: float = 0.1,
                         **prompt: Any) -> AnalysisResult:
    """One LLM call over the clause and its skill_context; risks is None when the answer is unreadable.
    LLMUnavailable propagates: the caller falls back to offline."""
    messages = build_clause_analyze_messages(skill_context=skill_context, **prompt)
    reply = await llm.chat(messages, temperature=temperature)
    messages.append({"role": "assistant", "content": reply.content})
    risks = parse_risk_list(reply.content)
    return AnalysisResult(risks=risks, messages=messages, usage=reply.usage,
                          error="" if risks is not None else "the analysis is not a JSON array of risks")
