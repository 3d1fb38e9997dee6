"""Tool calls, wherever a server puts them.

OpenAI-compatible servers do not all return `tool_calls`: llama.cpp, Ollama and vLLM with some chat templates
answer with the call as JSON text in `content`, bare, fenced (```json ... ```), or inside <tool_call> tags
(Hermes/Qwen templates). `calls_from_content` recognises those so the loop treats them like real calls.
A bare JSON object counts only when it names a known tool, so a final answer is never mistaken for a call. An
array of objects that have nothing but the shape of a call ({name, arguments}) is taken as calls whatever the
names (a small model writes clause headings there): the loop answers UNKNOWN_TOOL with the real tools' names,
rather than reading the array as risks. A risk (risk_level, description...) never has that shape.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass, field
from typing import Any, Iterable

_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.S)
_FENCED = re.compile(r"```(?:json|tool_call|tool)?\s*\n?(.*?)```", re.S)
_ARGUMENT_KEYS = ("arguments", "parameters", "args", "input")
_CALL_KEYS = {"name", "tool", "tool_name", "id", "type", *_ARGUMENT_KEYS}


@dataclass
class ToolCall:
    """One call the model asked for. `arguments` stays the raw JSON text: it may be invalid, which the loop reports."""

    id: str
    name: str
    arguments: str = "{}"
    from_content: bool = False

    def to_message(self) -> dict[str, Any]:
        return {"id": self.id, "type": "function", "function": {"name": self.name, "arguments": self.arguments}}


@dataclass
class ParsedArguments:
    values: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


def parse_arguments(raw: str | dict | None) -> ParsedArguments:
    """The arguments as a dict, or an error message the model can act on."""
    if raw is None or raw == "":
        return ParsedArguments({})
    if isinstance(raw, dict):
        return ParsedArguments(raw)
    try:
        value = json.loads(raw)
    except (json.JSONDecodeError, TypeError) as exc:
        return ParsedArguments(error=f"arguments are not valid JSON ({exc.msg} at position {exc.pos}); send a JSON object")
    if isinstance(value, str):  # some servers double-encode
        return parse_arguments(value)
    if not isinstance(value, dict):
        return ParsedArguments(error=f"arguments must be a JSON object, not {type(value).__name__}")
    return ParsedArguments(value)


def _new_id() -> str:
    return f"call_{uuid.uuid4().hex[:12]}"


def _as_call(obj: Any, known: set[str] | None, tagged: bool, in_array: bool = False) -> ToolCall | None:
    if not isinstance(obj, dict):
        return None
    if isinstance(obj.get("function"), dict):  # {"type": "function", "function": {"name", "arguments"}}
        obj = {**obj["function"], "id": obj.get("id")}
    name = obj.get("name") or obj.get("tool") or obj.get("tool_name")
    if not isinstance(name, str) or not name:
        return None
    call_shaped = in_array and set(obj) <= _CALL_KEYS and any(k in obj for k in _ARGUMENT_KEYS)
    if not tagged and not call_shaped and (known is None or name not in known):
        return None
    args = next((obj[k] for k in _ARGUMENT_KEYS if k in obj), {})
    text = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
    return ToolCall(id=str(obj.get("id") or _new_id()), name=name, arguments=text, from_content=True)


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, TypeError):
        return None


def _calls_in(value: Any, known: set[str] | None, tagged: bool) -> list[ToolCall]:
    if isinstance(value, dict) and isinstance(value.get("tool_calls"), list):
        value = value["tool_calls"]
    items: Iterable[Any] = value if isinstance(value, list) else [value]
    calls = [_as_call(item, known, tagged, isinstance(value, list)) for item in items]
    return [c for c in calls if c is not None] if calls and all(c is not None for c in calls) else []


def calls_from_content(content: str | None, known_tools: Iterable[str] | None = None) -> list[ToolCall]:
    """Tool calls written as text in `content`; [] when the text is an ordinary answer."""
    if not content or not content.strip():
        return []
    known = set(known_tools) if known_tools is not None else None
    tagged = [_loads(m) for m in _TAGGED.findall(content)]
    if tagged:
        return [c for value in tagged for c in _calls_in(value, known, True)]
    for block in _FENCED.findall(content):
        calls = _calls_in(_loads(block.strip()), known, False)
        if calls:
            return calls
    return _calls_in(_loads(content.strip()), known, False)
