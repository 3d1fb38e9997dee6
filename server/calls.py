"""tools/call: argument checks (the lazy protocol's schema-carrying error), then a skill or a built-in tool.

Every failure a caller can cause is a CallToolResult with isError true and text JSON {code, message, details};
only protocol faults become JSON-RPC errors (the SDK's business).
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from pydantic import ValidationError
from pydantic_core import PydanticSerializationError, to_json

from paralaw.skills.errors import ParalawError
from paralaw.skills.framework.dispatcher import describe_validation_error

from . import confirm
from .arguments import check_arguments, clean_strings, coerce_arguments, oversized, validator
from .context import CallContext, ServerState, session_scope
from .listing import ToolCatalog, ToolSpec
from .reviews import build_state, choose_review
from .summaries import with_summary

logger = logging.getLogger(__name__)


def _json_text(data: dict[str, Any]) -> str:
    """JSON text of a result; pydantic-core's encoder is about four times faster than json.dumps on a skill's
    output. Text that cannot be UTF-8 (a lone surrogate) has it replaced rather than failing the call."""
    try:
        return to_json(data).decode()
    except PydanticSerializationError:
        return to_json(clean_strings(data)).decode()


def ok(data: dict[str, Any]) -> types.CallToolResult:
    """Success: the data as structuredContent, and as JSON text for hosts that read only text."""
    return types.CallToolResult(content=[types.TextContent(text=_json_text(data))], structured_content=data)


def error(code: str, message: str, details: dict[str, Any] | None = None) -> types.CallToolResult:
    payload = {"code": code, "message": message, "details": details or {}}
    return types.CallToolResult(content=[types.TextContent(text=_json_text(payload))], is_error=True)


def output_problems(spec: ToolSpec, data: dict[str, Any]) -> list[str]:
    """Why a skill's data does not match the tool's output schema (empty when it does). Data that is exactly the
    JSON dump of an instance of the output model the schema was generated from conforms by construction, and
    checking that costs a few microseconds; anything else goes through the JSON Schema validator (a
    millisecond per call, the largest part of a cheap skill's server time in bench/perf_mcp_overhead.py)."""
    model = spec.registration.output_schema if spec.registration is not None else None
    if model is not None:
        try:
            if model.model_validate(data).model_dump(mode="json") == data:
                return []
        except ValidationError:
            pass
    return [e.message for e in validator(spec.output_schema).iter_errors(data)] if spec.output_schema else []


def _schema_error(spec: ToolSpec, missing: list[str], problems: list[dict[str, str]]) -> types.CallToolResult:
    parts = []
    if missing:
        parts.append(f"missing required argument{'s' if len(missing) > 1 else ''}: {', '.join(missing)}")
    parts += [f"{p['field']}: {p['problem']}" for p in problems]
    # the input schema only, once: no description or output schema, so that the whole error stays within what an
    # agent shows its model of a tool result (3,000 characters in paralaw's agent) and is never cut mid-schema
    schema = ToolCatalog.full_definition(spec)["inputSchema"]
    message = (f"{spec.name} was called with incomplete or invalid arguments ({'; '.join(parts)}). "
               f"Call it again with arguments that follow its input schema, in details.schema.")
    return error("MISSING_ARGUMENTS" if missing else "INVALID_ARGUMENT", message,
                 {"tool": spec.name, "missing": missing, "problems": problems, "schema": schema})


async def _call_skill(call: CallContext, spec: ToolSpec, arguments: dict[str, Any],
                      params: types.CallToolRequestParams) -> types.CallToolResult | types.InputRequiredResult:
    arguments = dict(arguments)
    review = choose_review(call.store, arguments.pop("review_id", None))
    if spec.domain not in ("*", "generic") and spec.domain != review.domain:
        return error("DOMAIN_MISMATCH",
                     f"{spec.name} is a {spec.domain} tool but review {review.review_id} is a {review.domain} review; "
                     f"open the documents again with domain='{spec.domain}' to use it",
                     {"tool_domain": spec.domain, "review_domain": review.domain})
    confirmed = bool(arguments.pop("confirm", False))
    if spec.needs_confirmation and not confirmed:
        answer = await confirm.ask(call, f"{spec.title or spec.name} will change review {review.review_id} "
                                         f"({spec.effect}). Go ahead?", spec.title or spec.name, params)
        if isinstance(answer, types.InputRequiredResult):
            return answer
        if answer is None:
            return error("CONFIRMATION_REQUIRED", f"{spec.name} changes the review: ask the user, then call it again with confirm=true",
                         {"tool": spec.name, "effect": spec.effect})
        if not answer:
            return error("DECLINED", f"the user declined: {spec.name} was not run", {"tool": spec.name})
    primary, state = build_state(review)
    clause_id = str(arguments.get("clause_id") or "")
    result = await call.state.runner.run(call.state.dispatcher, spec.name, clause_id, primary, state, arguments)
    if not result.success:
        err = result.error
        return error(err.code if err else "SKILL_FAILED", err.message if err else "the skill failed", err.details if err else {})
    data = result.data
    if spec.output_schema is not None:
        problems = output_problems(spec, data)
        if problems:
            logger.error("%s returned data that does not match its output schema: %s", spec.name, problems[:3])
            return error("INTERNAL_ERROR", f"{spec.name} produced output that does not match its declared schema: {problems[0]}",
                         {"problems": problems[:10]})
    return ok(data)


async def call_tool(state: ServerState, ctx: ServerRequestContext[Any, Any],
                    params: types.CallToolRequestParams) -> types.CallToolResult | types.InputRequiredResult:
    call = CallContext(state=state, request=ctx, session=session_scope(ctx))
    spec = state.catalog.get(params.name)
    if spec is None:
        return error("UNKNOWN_TOOL", f"there is no tool named '{clean_strings(params.name)}'",
                     {"known_tools": state.catalog.names()})
    too_long = oversized(spec.input_schema, params.arguments or {})
    if too_long:
        await call.expand([spec.name])
        return _schema_error(spec, [], too_long)
    try:
        arguments = clean_strings(dict(params.arguments or {}))
    except RecursionError:
        return error("INVALID_ARGUMENT", f"the arguments of {spec.name} nest too deeply", {"tool": spec.name})
    arguments = coerce_arguments(spec.input_schema, arguments)
    missing, problems = check_arguments(spec.input_schema, arguments)
    if missing or problems:
        await call.expand([spec.name])
        return _schema_error(spec, missing, problems)
    try:
        if spec.registration is not None:
            return await _call_skill(call, spec, arguments, params)
        assert spec.handler is not None and spec.input_model is not None
        outcome = await spec.handler(call, spec.input_model.model_validate(arguments), params)
        if isinstance(outcome, (types.CallToolResult, types.InputRequiredResult)):
            return outcome
        return ok(with_summary(spec.name, outcome))
    except ParalawError as exc:
        return error(exc.code, exc.message, exc.details)
    except sqlite3.DatabaseError as exc:  # the store failed under the call (disk full, damaged on the way)
        logger.error("the review store failed during %s: %s", params.name, exc)
        return error("STORE_ERROR", f"the review store could not be used: {exc}; the operator should check it "
                     "(paralaw serve checks it at start-up)", {"tool": params.name})
    except ValidationError as exc:
        message, details = describe_validation_error(exc)
        return error("INVALID_ARGUMENT", message, {"problems": details})
    except Exception as exc:  # the boundary: a bug must not become a protocol crash
        logger.exception("tool %s failed", params.name)
        return error("INTERNAL_ERROR", f"{type(exc).__name__}: {exc}")
