"""What keeps the model's prompt small without hiding what it may set: compact tool schemas (no titles, no
`default: null`, no null branch of an optional value), and in a lazy session a tool's one-line description
beside its full parameters, each with its own description. bench/perf_agent_cost.py measures the bytes."""

from __future__ import annotations

import anyio
import pytest

from data_paths import ROOT
from paralaw.agent.mcp_client import compact_schema, connect

EXAMPLE = ROOT / "examples" / "services_agreement.md"


def test_compact_schema_drops_only_what_says_nothing():
    schema = {"type": "object", "title": "Input", "properties": {
        "title": {"type": "string", "title": "Title", "description": "A parameter named title stays."},
        "term": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Term", "description": "A term."},
        "kinds": {"anyOf": [{"type": "array", "items": {"enum": ["cap", "title"], "type": "string"}}, {"type": "null"}],
                  "default": None},
        "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}], "description": "Required, and may be null."},
        "top_k": {"type": "integer", "default": 5, "minimum": 1}}, "required": ["title", "limit"]}
    assert compact_schema(schema) == {"type": "object", "properties": {
        "title": {"type": "string", "description": "A parameter named title stays."},
        "term": {"type": "string", "description": "A term."},
        "kinds": {"type": "array", "items": {"enum": ["cap", "title"], "type": "string"}},
        "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}], "description": "Required, and may be null."},
        "top_k": {"type": "integer", "default": 5, "minimum": 1}}, "required": ["title", "limit"]}


def _tool(listing: list[dict], name: str) -> dict:
    return next(t["function"] for t in listing if t["function"]["name"] == name)


@pytest.mark.anyio
async def test_a_lazy_session_shows_parameters_with_the_one_line_description(anyio_backend):
    async with connect(None, allowed_dirs=[str(EXAMPLE.parent)], schema_mode="lazy") as tools:
        await tools.call("open_review", documents=[{"path": str(EXAMPLE), "role": "primary"}])
        await tools.sync()
        short = _tool(tools.openai_tools(), "resolve_definition")["description"]
        await tools.describe(["resolve_definition"])
        await tools.sync()
        described = _tool(tools.openai_tools(), "resolve_definition")
        listing = tools.tools_for({"resolve_definition"})
    shown = _tool(listing, "resolve_definition")
    assert shown["description"] == short and len(described["description"]) > len(short)
    term = shown["parameters"]["properties"]["term"]
    assert term["type"] == "string" and "look up" in term["description"]
    assert "review_id" not in shown["parameters"]["properties"] and '"title"' not in str(shown["parameters"])
    assert _tool(listing, "search_reference_doc")["parameters"]["properties"] == {}  # not relevant: short form


@pytest.mark.anyio
async def test_a_full_session_keeps_the_servers_descriptions(anyio_backend):
    async with connect(None, allowed_dirs=[str(EXAMPLE.parent)], schema_mode="full") as tools:
        await tools.call("open_review", documents=[{"path": str(EXAMPLE), "role": "primary"}])
        await tools.sync()
        server = _tool(tools.openai_tools(), "resolve_definition")
        shown = _tool(tools.tools_for(set()), "resolve_definition")
    assert shown["description"] == server["description"] and "term" in shown["parameters"]["properties"]
