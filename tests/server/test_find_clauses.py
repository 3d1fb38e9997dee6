"""find_clauses and classify_clauses over the real MCP protocol, in memory, on an original contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client

from paralaw.server import build_server

pytestmark = pytest.mark.anyio
FIXTURES = Path(__file__).resolve().parents[1] / "data" / "clauses"
CONTRACT = FIXTURES / "distribution_agreement.txt"


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def _open(client) -> str:
    result = await client.call_tool("open_review", {"documents": [{"path": str(CONTRACT), "role": "primary"}]})
    assert not result.is_error, result.content[0].text
    return result.structured_content["review_id"]


def _json(result) -> dict:
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)


async def test_find_clauses_hits_are_addressable_with_offsets():
    server = build_server(":memory:", allowed_dirs=[str(FIXTURES)])
    async with Client(server) as client:
        review_id = await _open(client)
        found = _json(await client.call_tool("find_clauses", {"query": "Rofr/Rofo/Rofn", "top_k": 3}))
        assert found["categories"] == ["Rofr/Rofo/Rofn"]
        best = found["hits"][0]
        assert best["clause_id"] == "1.2" and best["document_id"] == found["document_id"]
        text = CONTRACT.read_text(encoding="utf-8")
        assert "first offer" in text[best["start"]:best["end"]]
        parties = _json(await client.call_tool("find_clauses", {"query": "Parties", "top_k": 1}))["hits"][0]
        assert parties["clause_id"] == "preamble"
        context = _json(await client.call_tool("get_clause_context", {"clause_id": parties["clause_id"], "review_id": review_id}))
        context = context.get("data", context)
        assert "Northwind Instruments" in context["text"] and context["next_clause"]["clause_id"] == "1"
        empty = _json(await client.call_tool("find_clauses", {"query": "zebra xylophone"}))
        assert empty["hits"] == [] and "none of the query's words" in empty["reason"]


async def test_classify_clauses_tool_is_read_only():
    server = build_server(":memory:", allowed_dirs=[str(FIXTURES)])
    async with Client(server) as client:
        await _open(client)
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert tools["classify_clauses"].annotations.read_only_hint is True
        result = _json(await client.call_tool("classify_clauses", {"only": ["Governing Law", "Insurance"]}))
        data = result.get("data", result)
        by_name = {c["category"]: c for c in data["categories"]}
        assert by_name["Governing Law"]["value"] == "State of New York"
        assert by_name["Insurance"]["clauses"][0]["clause_id"] == "6.2"
