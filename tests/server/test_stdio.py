"""`paralaw serve` as a subprocess over stdio, as an MCP host launches it; then a restart on the same store."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from mcp_flow import DATA, payload, review_flow

pytestmark = pytest.mark.anyio
WAIT = 60  # two interpreter start-ups on a slow machine


@pytest.fixture
def anyio_backend():
    return "asyncio"


def serve_command(store: Path) -> StdioServerParameters:
    paralaw = shutil.which("paralaw", path=str(Path(sys.executable).parent)) or shutil.which("paralaw")
    assert paralaw, "the paralaw command is not installed in this environment"
    return StdioServerParameters(command=paralaw, args=["serve", "--store", str(store), "--allow-dir", str(DATA)])


async def test_stdio_flow_and_restart(tmp_path):
    store = tmp_path / "reviews.db"
    with anyio.fail_after(WAIT):
        async with Client(serve_command(store)) as client:
            assert client.protocol_version == "2026-07-28"
            review_id = await review_flow(client)
        # a new process on the same store file, spoken to in the older protocol era
        async with Client(serve_command(store), mode="legacy") as client:
            reviews = payload(await client.call_tool("list_reviews", {}))["reviews"]
            assert [r["review_id"] for r in reviews] == [review_id]
            assert reviews[0]["documents"][0]["total_clauses"] == 108
            outline = payload(await client.call_tool("get_outline", {"limit": 5}))
            assert [c["clause_id"] for c in outline["clauses"]] == ["1", "1.1", "1.2", "1.3", "2"]
            assert outline["next_offset"] == 5 and outline["total"] == 108
