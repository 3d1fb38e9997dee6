"""Streamable HTTP on 127.0.0.1 (a free port picked by the OS): both protocol eras, a restart on the same
store, DNS-rebinding protection and the bearer token."""

from __future__ import annotations

import anyio
import httpx
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from http_serving import serving_http
from mcp_flow import DATA, open_msa, payload, review_flow

pytestmark = pytest.mark.anyio
WAIT = 30


@pytest.fixture
def anyio_backend():
    return "asyncio"


def serving(store, **options):
    return serving_http(store=str(store), allowed_dirs=[str(DATA)], **options)


async def test_http_flow_both_eras_and_restart(tmp_path):
    store = tmp_path / "reviews.db"
    with anyio.fail_after(WAIT):
        async with serving(store) as url:
            async with Client(url) as client:
                assert client.protocol_version == "2026-07-28"
                review_id = await review_flow(client)
        async with serving(store) as url:
            async with Client(url, mode="legacy") as client:
                reviews = payload(await client.call_tool("list_reviews", {}))["reviews"]
                assert [r["review_id"] for r in reviews] == [review_id]
                result = await client.call_tool("get_clause_context", {"clause_id": "15.2"})
                assert result.structured_content["parent_chain"][0]["clause_id"] == "15"


async def test_http_legacy_session_flow(tmp_path):
    with anyio.fail_after(WAIT):
        async with serving(tmp_path / "reviews.db") as url:
            async with Client(url, mode="legacy") as client:
                await review_flow(client)


async def test_http_refuses_foreign_host_header(tmp_path):
    with anyio.fail_after(WAIT):
        async with serving(tmp_path / "reviews.db") as url:
            async with httpx.AsyncClient() as http:
                response = await http.post(url, headers={"Host": "evil.example", "Content-Type": "application/json",
                                                         "Accept": "application/json, text/event-stream"},
                                           json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
            assert response.status_code in (403, 421)


async def test_http_bearer_token(tmp_path):
    import httpx2

    with anyio.fail_after(WAIT):
        async with serving(tmp_path / "reviews.db", auth_token="s3cret-token") as url:
            async with httpx.AsyncClient() as http:
                refused = await http.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
            assert refused.status_code == 401
            authorised = httpx2.AsyncClient(headers={"Authorization": "Bearer s3cret-token"})
            async with authorised, Client(streamable_http_client(url, http_client=authorised)) as client:
                opened = await open_msa(client)
                assert opened["domain"] == "generic"


async def test_http_sessions_expand_tools_separately(tmp_path):
    from mcp_flow import tools_by_name

    with anyio.fail_after(WAIT):
        async with serving(tmp_path / "reviews.db") as url:
            async with Client(url, mode="legacy") as first, Client(url, mode="legacy") as second:
                await open_msa(first)
                await first.call_tool("describe_tools", {"names": ["get_outline"]})
                assert "limit" in tools_by_name(await first.list_tools())["get_outline"].input_schema["properties"]
                assert tools_by_name(await second.list_tools())["get_outline"].input_schema == {"type": "object", "properties": {}}


async def test_http_listen_hears_list_changes(tmp_path):
    with anyio.fail_after(WAIT):
        async with serving(tmp_path / "reviews.db") as url:
            async with Client(url) as client:
                async with client.listen(tools_list_changed=True, resources_list_changed=True) as subscription:
                    await open_msa(client)
                    await client.call_tool("describe_tools", {"names": ["find_clauses"]})
                    kinds = set()
                    async for event in subscription:
                        kinds.add(type(event).__name__)
                        if kinds >= {"ToolsListChanged", "ResourcesListChanged"}:
                            break
