"""react_agent_loop (SPEC-20 §3): the model picks tools, sees their results, and answers with risks.

The steps are explicit: prompt -> model -> tool calls -> tool results -> model ... -> final answer. What makes
it survive real servers lives here too: every tool_call_id is answered (errors included: unknown tool,
invalid argument JSON, a tool's own error), identical repeated calls are not re-run and, if the model
insists, the loop stops; a final answer whose risks lack a level, a description or a reason (a small model's
tool-call-shaped array) gets one corrective turn, then the clause fails; any exception from the model object
is a model failure (`llm_error`), never an escape; results are cut head+tail; the last iteration asks for the answer without tools;
before each model call the tool list is re-synced, so a tool a lazy server expanded is sent with its full
schema, and a lazily listed tool is described before the model's first call of it runs. The full message history is returned for the audit trail.
"""

from __future__ import annotations

import json
import logging
import uuid
from dataclasses import dataclass, field
from typing import Any

from .llm import ChatModel, LLMUnavailable, Usage, ask
from .mcp_client import ToolSession
from .prompts import correction, fence_tool_result, is_chinese
from .risks import parse_risk_list, risk_problems
from .toolcalls import ToolCall, parse_arguments
from .truncate import MAX_TOOL_RESULT_CHARS, serialize_tool_result

logger = logging.getLogger(__name__)

INTERNAL_ARGUMENTS = ("document_structure", "state_snapshot")
MAX_REPEAT_STRIKES = 2
SCHEMA_ERRORS = ("MISSING_ARGUMENTS", "INVALID_ARGUMENT")


@dataclass
class ReactResult:
    risks: list[dict[str, Any]]
    skill_context: dict[str, Any]
    messages: list[dict[str, Any]]
    tools_called: list[dict[str, Any]] = field(default_factory=list)
    iterations: int = 0
    usage: Usage = field(default_factory=Usage)
    stop_reason: str = "final"  # final | no_tools | llm_error | unparsable | invalid_answer | max_iterations
    error: str = ""

    @property
    def succeeded(self) -> bool:
        return self.stop_reason == "final"


def _tool_message(call_id: str, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def _error_text(code: str, message: str, **details: Any) -> str:
    return json.dumps({"error": {"code": code, "message": message, "details": details}}, ensure_ascii=False)


def _fill_defaults(arguments: dict[str, Any], tool: dict[str, Any] | None, clause_id: str, review_id: str | None) -> dict[str, Any]:
    """The current clause and review where the tool takes them (or where a lazy listing does not say yet)."""
    properties = ((tool or {}).get("function", {}).get("parameters") or {}).get("properties") or {}
    lazy = not properties
    # `confirm` is a person's answer, never the model's: a clause may tell the model to "confirm"
    out = {k: v for k, v in arguments.items() if k not in INTERNAL_ARGUMENTS and k != "confirm"}
    if "clause_id" not in out and ("clause_id" in properties or lazy):
        out["clause_id"] = clause_id
    if review_id and "review_id" not in out and ("review_id" in properties or lazy):
        out["review_id"] = review_id
    return out


def _correction(problems: list[str], tools: ToolSession, language: str) -> dict[str, str]:
    """The one corrective turn, naming the tools the model can call."""
    return correction(problems, language, sorted(t["function"]["name"] for t in tools.openai_tools()))


def _offer(tools: ToolSession, shown: set[str]) -> list[dict[str, Any]]:
    tools_for = getattr(tools, "tools_for", None)
    return tools_for(shown) if tools_for is not None else tools.openai_tools()


def _described(calls: list[ToolCall]) -> set[str]:
    """The tools a describe_tools call asked for: the model wants their parameters from now on."""
    names: set[str] = set()
    for call in calls:
        if call.name == "describe_tools":
            value = parse_arguments(call.arguments).values.get("names")
            names |= {n for n in value if isinstance(n, str)} if isinstance(value, list) else set()
    return names


def _final_nudge(language: str) -> dict[str, str]:
    text = ("工具调用次数已用完。请根据已获得的信息，直接输出最终的 JSON 风险数组，不要再调用工具。" if is_chinese(language)
            else "No more tool calls are available. Give your final answer now: the JSON array of risks, nothing else.")
    return {"role": "user", "content": text}


async def react_agent_loop(llm: ChatModel, tools: ToolSession, messages: list[dict[str, Any]], clause_id: str, *,
                           review_id: str | None = None, max_iterations: int = 5, temperature: float = 0.1,
                           max_tool_result_chars: int = MAX_TOOL_RESULT_CHARS, language: str = "en",
                           relevant: list[str] | None = None) -> ReactResult:
    """`relevant`: tools whose full schema this clause's model sees from the start (its suggested skills); the
    tools it describes, or calls without the arguments they need, join them; the others are offered in their
    short form (tools_for), so the prompt stays small however many tools earlier clauses expanded."""
    history = list(messages)
    shown = set(relevant or [])
    result = ReactResult(risks=[], skill_context={}, messages=history)
    if not tools.openai_tools():
        result.stop_reason = "no_tools"
        return result
    seen: dict[str, str] = {}
    used_ids: set[str] = set()
    strikes = 0
    budget, corrected, iteration = max_iterations, False, 0
    while iteration < budget:
        final_turn = iteration == budget - 1 or strikes >= MAX_REPEAT_STRIKES
        await tools.sync()
        offered = None if final_turn else _offer(tools, shown)
        if final_turn and iteration > 0 and history[-1].get("role") != "user":
            history.append(_final_nudge(language))
        result.iterations = iteration + 1
        iteration += 1
        try:
            reply = await ask(llm, history, tools=offered, temperature=temperature)
        except LLMUnavailable as exc:
            result.stop_reason, result.error = "llm_error", str(exc)
            return result
        result.usage.add(reply.usage)
        if not reply.tool_calls:
            history.append({"role": "assistant", "content": reply.content})
            risks = parse_risk_list(reply.content)
            problems = ["the answer is not a JSON array of risks"] if risks is None else risk_problems(risks)
            if not problems:
                result.risks, result.stop_reason = risks or [], "final"
                return result
            if corrected:  # one corrective turn, and still no usable answer: this clause falls back
                result.stop_reason = "unparsable" if risks is None else "invalid_answer"
                result.error = "; ".join(problems[:3])
                return result
            corrected = True
            budget = max(budget, iteration + 1)  # the corrective turn is on top of the budget
            history.append(_correction(problems, tools, language))
            continue
        if final_turn:  # asked for an answer without tools and still calling tools: give up on this clause
            history.append({"role": "assistant", "content": reply.content or "",
                            "tool_calls": [c.to_message() for c in reply.tool_calls]})
            for call in reply.tool_calls:
                history.append(_tool_message(call.id, _error_text("NO_MORE_TOOLS", "tool budget exhausted")))
            result.stop_reason, result.error = "max_iterations", f"no final answer after {result.iterations} iterations"
            return result
        for call in reply.tool_calls:  # some servers reuse ids ("call_0" every turn) or send none: ids must be unique
            if not call.id or call.id in used_ids:
                call.id = f"call_{uuid.uuid4().hex[:12]}"
            used_ids.add(call.id)
        history.append({"role": "assistant", "content": reply.content or "",
                        "tool_calls": [c.to_message() for c in reply.tool_calls]})
        repeats = 0
        shown |= _described(reply.tool_calls)
        for call in reply.tool_calls:
            content, repeated = await _run_call(call, tools, clause_id, review_id, seen, result, iteration - 1, max_tool_result_chars)
            repeats += repeated
            history.append(_tool_message(call.id, content))
            if result.tools_called[-1].get("error") in SCHEMA_ERRORS:  # it needs arguments: show them from now on
                shown.add(call.name)
        if repeats == len(reply.tool_calls):
            strikes += 1
    result.stop_reason, result.error = "max_iterations", f"no final answer after {result.iterations} iterations"
    return result


async def _run_call(call: ToolCall, tools: ToolSession, clause_id: str, review_id: str | None, seen: dict[str, str],
                    result: ReactResult, iteration: int, limit: int) -> tuple[str, bool]:
    """Run one call; (tool message content, whether it repeated an earlier call)."""
    record: dict[str, Any] = {"iteration": iteration + 1, "id": call.id, "name": call.name, "arguments": call.arguments,
                              "from_content": call.from_content}
    result.tools_called.append(record)
    if not tools.has_tool(call.name):
        available = sorted(t["function"]["name"] for t in tools.openai_tools())
        record["error"] = "UNKNOWN_TOOL"
        signature = f"?{call.name}:{call.arguments}"  # the same unknown call again counts as a repeat
        repeated = signature in seen
        seen[signature] = call.id
        return _error_text("UNKNOWN_TOOL", f"there is no tool named '{call.name}'; call one of the available tools "
                           f"by its exact name, or give your final answer", available=available), repeated
    parsed = parse_arguments(call.arguments)
    if parsed.error:
        record["error"] = "INVALID_ARGUMENT"
        return _error_text("INVALID_ARGUMENT", f"{call.name}: {parsed.error}"), False
    describe = getattr(tools, "describe", None)
    if describe is not None:  # a lazily listed tool: its schema first, so the defaults go where it takes them
        await describe([call.name])
    tool = next((t for t in tools.openai_tools() if t["function"]["name"] == call.name), None)
    arguments = _fill_defaults(parsed.values, tool, clause_id, review_id)
    record["arguments"] = arguments
    signature = f"{call.name}:{json.dumps(arguments, sort_keys=True, ensure_ascii=False)}"
    if signature in seen:
        record["error"] = "REPEATED_CALL"
        return _error_text("REPEATED_CALL", "this exact call was already made; use its result above, call something "
                           "else, or give your final answer"), True
    seen[signature] = call.id
    outcome = await tools.call_tool(call.name, arguments)
    record["ok"] = outcome.ok
    if outcome.ok:
        result.skill_context[call.name] = outcome.data
        content = fence_tool_result(serialize_tool_result(outcome.for_model(), limit))  # contract text: data
    else:
        record["error"] = (outcome.error or {}).get("code", "TOOL_ERROR")
        content = serialize_tool_result(outcome.for_model(), limit)
    return content, False
