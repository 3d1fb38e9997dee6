"""The server in process through the SDK's Client: legacy (handshake) and modern (2026-07-28) protocol eras."""

from __future__ import annotations

import anyio
import mcp_types as types
import pytest
from mcp import Client

from mcp_flow import DATA, open_msa, payload, review_flow, tools_by_name
from paralaw.server import build_server

pytestmark = pytest.mark.anyio
WAIT = 10


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def test_legacy_flow_announces_list_changed(tmp_path):
    seen: list[object] = []

    async def on_message(message):
        seen.append(message)

    server = build_server(str(tmp_path / "reviews.db"), allowed_dirs=[str(DATA)])
    with anyio.fail_after(WAIT):
        async with Client(server, mode="legacy", message_handler=on_message) as client:
            assert client.server_capabilities.tools.list_changed is True
            await review_flow(client)
    assert any(isinstance(m, types.ToolListChangedNotification) for m in seen)


async def test_modern_flow_announces_through_listen(tmp_path):
    server = build_server(str(tmp_path / "reviews.db"), allowed_dirs=[str(DATA)])
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            assert client.protocol_version == "2026-07-28"
            assert client.server_capabilities.tools.list_changed is True
            await open_msa(client)
            async with client.listen(tools_list_changed=True) as subscription:
                failed = await client.call_tool("get_clause_context", {})
                assert payload(failed)["code"] == "MISSING_ARGUMENTS"
                events = []
                async for event in subscription:
                    events.append(event)
                    break
            assert type(events[0]).__name__ == "ToolsListChanged"
            tools = tools_by_name(await client.list_tools())
            assert tools["get_clause_context"].input_schema["required"] == ["clause_id"]


async def test_modern_full_flow(tmp_path):
    server = build_server(str(tmp_path / "reviews.db"), allowed_dirs=[str(DATA)])
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            await review_flow(client)


async def test_full_schema_mode_lists_everything(tmp_path):
    server = build_server(":memory:", schema_mode="full", allowed_dirs=[str(DATA)])
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            tools = tools_by_name(await client.list_tools())
            assert tools["get_clause_context"].input_schema["required"] == ["clause_id"]
            assert tools["open_review"].input_schema["required"] == ["documents"]


async def test_restart_finds_the_review(tmp_path):
    store = str(tmp_path / "reviews.db")
    with anyio.fail_after(WAIT):
        async with Client(build_server(store, allowed_dirs=[str(DATA)])) as client:
            review_id = (await open_msa(client))["review_id"]
        async with Client(build_server(store, allowed_dirs=[str(DATA)])) as client:
            listed = payload(await client.call_tool("list_reviews", {}))
            assert [r["review_id"] for r in listed["reviews"]] == [review_id]
            result = await client.call_tool("get_clause_context", {"clause_id": "15"})
            assert result.structured_content["title"] == "Limitation of Liability"
