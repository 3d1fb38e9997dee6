"""A host that lists the tools once, at the start, and never again (Claude Code has ignored
tools/list_changed for many releases): it still sees and can call every domain's tools. The schema it lacks
comes with the first call's error; nothing depends on the notification."""

from __future__ import annotations

import anyio
import pytest
from mcp import Client

from mcp_flow import CASES, DATA, payload, tools_by_name
from paralaw.server import build_server

pytestmark = pytest.mark.anyio
WAIT = 20
FIDIC = CASES / "fidic_a"


@pytest.fixture
def anyio_backend():
    return "asyncio"


def count_listings(server) -> list[int]:
    """How many tools/list requests the server answered (the catalog builds one listing per request)."""
    calls = [0]
    catalog = server.paralaw_state.catalog
    listing = catalog.listing

    def counted(*args, **kwargs):
        calls[0] += 1
        return listing(*args, **kwargs)

    catalog.listing = counted
    return calls


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_host_that_lists_once_reviews_a_fidic_contract(tmp_path, mode):
    server = build_server(str(tmp_path / "reviews.db"), allowed_dirs=[str(DATA)])
    listings = count_listings(server)
    with anyio.fail_after(WAIT):
        async with Client(server, mode=mode) as client:
            tools = tools_by_name(await client.list_tools())  # the only listing this host ever asks for
            assert "fidic_calculate_time_bar" in tools
            opened = payload(await client.call_tool("open_review", {"documents": [
                {"path": str(FIDIC / "general_conditions.md"), "role": "gc"},
                {"path": str(FIDIC / "particular_conditions.md"), "role": "primary"}], "our_party": "Contractor"}))
            assert opened["domain"] == "fidic" and "fidic_calculate_time_bar" in opened["domain_tools"]

            # listed lazily, with no parameters: the first call's error carries the schema
            failed = payload(await client.call_tool("fidic_calculate_time_bar", {}))
            assert failed["code"] == "MISSING_ARGUMENTS" and failed["details"]["missing"] == ["clause_id"]
            schema = failed["details"]["schema"]
            assert {"clause_id", "trigger_date"} <= set(schema["properties"])

            result = await client.call_tool("fidic_calculate_time_bar", {"clause_id": "20.1", "trigger_date": "2025-01-03"})
            assert not result.is_error, result.content[0].text
            kinds = [(f["kind"], f["clause_id"]) for f in result.structured_content["findings"]]
            assert ("time_bar_shortened", "20.1") in kinds

            # describe_tools is the other way to the schema, again without listing
            described = payload(await client.call_tool("describe_tools", {"names": ["fidic_check_pc_consistency"]}))
            assert described["tools"][0]["inputSchema"]["properties"]
    assert listings[0] == 1
