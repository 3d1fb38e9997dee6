"""The review flow every transport test drives through the SDK's own Client (imported by the server tests)."""

from __future__ import annotations

import json
from pathlib import Path

import mcp_types as types

from data_paths import CASES, DATA

MSA = CASES / "services_a" / "master_services_agreement.md"


def payload(result: types.CallToolResult) -> dict:
    """The JSON a tool result carries in its text content."""
    assert result.content and result.content[0].type == "text"
    return json.loads(result.content[0].text)


def tools_by_name(listing: types.ListToolsResult) -> dict[str, types.Tool]:
    return {tool.name: tool for tool in listing.tools}


async def open_msa(client, path: Path = MSA) -> dict:
    result = await client.call_tool("open_review", {"documents": [{"path": str(path), "role": "primary"}], "our_party": "Customer"})
    assert not result.is_error, result.content[0].text
    return result.structured_content


async def review_flow(client, *, lazy: bool = True) -> str:
    """Open a real contract, list lazily, call without arguments, re-list, call correctly, read, prompt."""
    opened = await open_msa(client)
    assert opened["review_id"].startswith("rev_") and len(opened["review_id"]) > 20
    assert opened["domain"] == "generic" and opened["language"] == "en"
    assert opened["documents"][0]["filename"] == "master_services_agreement.md"
    assert opened["documents"][0]["total_clauses"] == 108

    tools = tools_by_name(await client.list_tools())
    assert "get_clause_context" in tools and "open_review" in tools
    if lazy:
        assert tools["get_clause_context"].input_schema == {"type": "object", "properties": {}}
        assert tools["get_clause_context"].output_schema is None
    assert tools["get_clause_context"].annotations.read_only_hint is True
    assert tools["close_review"].annotations.destructive_hint is True

    failed = await client.call_tool("get_clause_context", {})
    assert failed.is_error
    error = payload(failed)
    assert error["code"] == "MISSING_ARGUMENTS"
    assert error["details"]["missing"] == ["clause_id"]
    assert "clause_id" in error["message"] and "review_id" in error["details"]["schema"]["properties"]
    assert error["details"]["schema"]["required"] == ["clause_id"]

    tools = tools_by_name(await client.list_tools())
    schema = tools["get_clause_context"].input_schema
    assert schema["required"] == ["clause_id"] and {"clause_id", "review_id", "max_chars"} <= set(schema["properties"])
    assert tools["get_clause_context"].output_schema["type"] == "object"

    result = await client.call_tool("get_clause_context", {"clause_id": "2.2", "review_id": opened["review_id"]})
    assert not result.is_error, result.content[0].text
    data = result.structured_content
    assert data["clause_id"] == "2.2" and data["parent_chain"][0]["title"] == "Commencement and Term"
    assert payload(result)["clause_id"] == "2.2"

    resource = await client.read_resource(f"paralaw://reviews/{opened['review_id']}/clauses/15")
    markdown = resource.contents[0]
    assert markdown.mime_type == "text/markdown" and "Limitation of Liability" in markdown.text
    assert json.loads(resource.contents[1].text)["title"] == "Limitation of Liability"

    prompt = await client.get_prompt("review_clause", {"clause_id": "15.1"})
    text = prompt.messages[0].content.text
    assert "15.1" in text and "Customer" in text and "get_clause_context" in text
    return opened["review_id"]
