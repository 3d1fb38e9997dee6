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


def serialize_tool_result(data: Any, limit: int = MAX_TOOL_RESULT_CHARS) -> str:
    """A tool result as the text of a tool message."""
    if data is None:
        return "{}"
    if isinstance(data, str):
        return head_tail(data, limit)
    try:
        return head_tail(json.dumps(data, ensure_ascii=False, default=str), limit)
    except (TypeError, ValueError):
        return head_tail(str(data), limit)
