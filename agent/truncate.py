"""Head+tail truncation with a marker: long tool results keep their start (summary, first items) and their end."""

from __future__ import annotations

import json
from typing import Any

MAX_TOOL_RESULT_CHARS = 3000


def head_tail(text: str, limit: int = MAX_TOOL_RESULT_CHARS) -> str:
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    tail = limit - head
    return f"{text[:head]}\n... [truncated: {len(text) - limit} of {len(text)} characters omitted] ...\n{text[-tail:]}"


def _without_blanks(value: Any) -> Any:
    """Fields whose value is null or an empty string dropped (a term's empty `currency`, a reference's empty
    `note`): they tell the model nothing. Empty lists and zeros stay: `findings: []` and `problems: 0` say
    something was checked."""
    if isinstance(value, dict):
        return {k: _without_blanks(v) for k, v in value.items() if v is not None and v != ""}
    if isinstance(value, list):
        return [_without_blanks(v) for v in value]
    return value


def serialize_tool_result(data: Any, limit: int = MAX_TOOL_RESULT_CHARS) -> str:
    """A tool result as the text of a tool message: compact JSON without blank fields, since each result is
    sent again with every later request of the clause."""
    if data is None:
        return "{}"
    if isinstance(data, str):
        return head_tail(data, limit)
    try:
        return head_tail(json.dumps(_without_blanks(data), ensure_ascii=False, separators=(",", ":"), default=str), limit)
    except (TypeError, ValueError):
        return head_tail(str(data), limit)
