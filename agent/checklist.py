"""The checklist path (SPEC-12): run a checklist item's required skills in order over MCP, then (with a model)
one analysis call with their results as skill_context.

Skills the server does not offer (not in this domain, not built yet) are skipped, never fatal; a skill's error
is recorded and the others still run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .llm import ChatModel, Usage, ask
from .mcp_client import ToolSession
from .prompts import build_clause_analyze_messages, correction
from .risks import parse_risk_list, risk_problems


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
    """One LLM call over the clause and its skill_context; risks is None when the answer is unusable (not a JSON
    array of risks, or a risk without a level, description or reason) after one corrective turn. Any failure of
    the model comes out as LLMUnavailable: the caller counts it as a model failure and falls back to offline."""
    messages = build_clause_analyze_messages(skill_context=skill_context, **prompt)
    usage = Usage()
    problems: list[str] = []
    for attempt in range(2):
        if attempt:
            messages.append(correction(problems, prompt.get("language", "en")))
        reply = await ask(llm, messages, temperature=temperature)
        usage.add(reply.usage)
        messages.append({"role": "assistant", "content": reply.content})
        risks = parse_risk_list(reply.content)
        problems = ["the answer is not a JSON array of risks"] if risks is None else risk_problems(risks)
        if not problems:
            return AnalysisResult(risks=risks, messages=messages, usage=usage)
    return AnalysisResult(risks=None, messages=messages, usage=usage, error="; ".join(problems[:3]))
