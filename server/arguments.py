"""Tool arguments against a tool's full input schema: decoding the usual client and model encodings, then
naming what is missing or wrong (the lazy protocol's schema-carrying error is built from this).
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator

_validators: dict[int, Draft202012Validator] = {}


def validator(schema: dict[str, Any]) -> Draft202012Validator:
    """Compiled once per schema object (compiling costs far more than validating). Keyed by identity: tool
    schemas live as long as the server and are never changed, and the validator holds its schema, so an id
    cannot be reused while its entry exists."""
    compiled = _validators.get(id(schema))
    if compiled is None or compiled.schema is not schema:
        compiled = _validators[id(schema)] = Draft202012Validator(schema)
    return compiled


def _types_of(schema: dict[str, Any]) -> set[str]:
    declared = schema.get("type")
    found = set(declared) if isinstance(declared, list) else ({declared} if declared else set())
    for option in schema.get("anyOf", []) + schema.get("oneOf", []):
        found |= _types_of(option)
    return found


_DECODERS = {
    "integer": lambda v: int(v) if v.strip().lstrip("-").isdigit() else None,
    "number": lambda v: float(v),
    "boolean": lambda v: {"true": True, "false": False}.get(v.strip().lower()),
    "array": lambda v: json.loads(v),
    "object": lambda v: json.loads(v),
}
_PYTHON = {"integer": int, "number": (int, float), "boolean": bool, "array": list, "object": dict}


def coerce_arguments(schema: dict[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """Undo the usual encodings of clients and models: '5' for 5, 'true' for true, a JSON string for a list,
    a whole number for a string. Only where the value cannot be valid as given; anything else is left alone."""
    properties = schema.get("properties", {})
    fixed = dict(arguments)
    for name, value in arguments.items():
        kinds = _types_of(properties.get(name, {}))
        if not kinds:
            continue
        if isinstance(value, str) and "string" not in kinds:
            for kind in ("integer", "number", "boolean", "array", "object"):
                if kind not in kinds:
                    continue
                try:
                    decoded = _DECODERS[kind](value)
                except (ValueError, TypeError):
                    continue
                if decoded is not None and isinstance(decoded, _PYTHON[kind]) and not (kind != "boolean" and isinstance(decoded, bool)):
                    fixed[name] = decoded
                    break
        elif isinstance(value, int) and not isinstance(value, bool) and kinds == {"string"}:
            fixed[name] = str(value)
    return fixed


def _clean(text: str) -> str:
    """Lone surrogates (valid JSON escapes such as "\\ud800", but not Unicode text) become U+FFFD, one code point
    for one, so offsets into a document's text stay right and the text can be stored and sent as UTF-8."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)


def clean_strings(value: Any) -> Any:
    """`value` with every string (keys included) made encodable as UTF-8; nesting is kept as it is."""
    if isinstance(value, str):
        return _clean(value)
    if isinstance(value, dict):
        return {(_clean(k) if isinstance(k, str) else k): clean_strings(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_strings(v) for v in value]
    return value


MAX_PROBLEM_CHARS = 300


def oversized(schema: dict[str, Any], arguments: dict[str, Any]) -> list[dict[str, str]]:
    """Arguments longer than their schema allows (a string's maxLength, a list's maxItems), found with len()
    alone: the first thing a call checks, so a 10 MB query is refused before anything walks, copies, validates
    or echoes it on the event loop. The problems name the sizes, never the value."""
    problems = []
    for name, prop in (schema.get("properties") or {}).items():
        value = arguments.get(name)
        if isinstance(value, str) and isinstance(prop.get("maxLength"), int) and len(value) > prop["maxLength"]:
            problems.append({"field": name, "problem": f"{len(value)} characters, more than the {prop['maxLength']} allowed"})
        elif isinstance(value, list) and isinstance(prop.get("maxItems"), int) and len(value) > prop["maxItems"]:
            problems.append({"field": name, "problem": f"{len(value)} items, more than the {prop['maxItems']} allowed"})
    return problems


def _short(message: str) -> str:
    """A validator's message, which quotes the offending value whole, cut to a length fit for an error."""
    if len(message) <= MAX_PROBLEM_CHARS:
        return message
    return f"{message[:MAX_PROBLEM_CHARS - 60]}… ({len(message)} characters, cut)"


def check_arguments(schema: dict[str, Any], arguments: dict[str, Any]) -> tuple[list[str], list[dict[str, str]]]:
    """(missing required names, other problems) of `arguments` against the tool's full input schema."""
    missing = [name for name in schema.get("required", []) if arguments.get(name) is None]
    problems = []
    for err in validator(schema).iter_errors(arguments):
        if err.validator == "required" and not err.path:
            continue
        field = ".".join(str(p) for p in err.absolute_path) or "(arguments)"
        problems.append({"field": field[:MAX_PROBLEM_CHARS], "problem": _short(err.message)})
    return missing, problems
