"""close_review asks the user (elicitation) or needs confirm=true; open_review honours the client's roots."""

from __future__ import annotations

import anyio
import mcp_types as types
import pytest
from mcp import Client

from mcp_flow import DATA, MSA, open_msa, payload
from paralaw.server import build_server

pytestmark = pytest.mark.anyio
WAIT = 15


@pytest.fixture
def anyio_backend():
    return "asyncio"


def answering(action: str, confirm: bool = True):
    asked: list[str] = []

    async def elicit(context, params):
        asked.append(params.message)
        return types.ElicitResult(action=action, content={"confirm": confirm} if action == "accept" else None)

    return elicit, asked


async def _reviews(client) -> list[str]:
    return [r["review_id"] for r in payload(await client.call_tool("list_reviews", {}))["reviews"]]


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_close_review_without_elicitation_needs_confirm(mode):
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(DATA)]), mode=mode) as client:
            review_id = (await open_msa(client))["review_id"]
            refused = payload(await client.call_tool("close_review", {"review_id": review_id}))
            assert refused["code"] == "CONFIRMATION_REQUIRED" and "confirm=true" in refused["message"]
            assert await _reviews(client) == [review_id]
            closed = await client.call_tool("close_review", {"review_id": review_id, "confirm": True})
            assert closed.structured_content == {"review_id": review_id, "closed": True}
            assert await _reviews(client) == []


@pytest.mark.parametrize("mode", ["legacy", "auto"])
@pytest.mark.parametrize("action, closes", [("accept", True), ("decline", False)])
async def test_close_review_asks_the_user(mode, action, closes):
    elicit, asked = answering(action)
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(DATA)]), mode=mode, elicitation_callback=elicit) as client:
            review_id = (await open_msa(client))["review_id"]
            result = await client.call_tool("close_review", {"review_id": review_id})
            assert not result.is_error, result.content[0].text
            assert result.structured_content["closed"] is closes
            assert "master_services_agreement.md" in asked[0]
            assert await _reviews(client) == ([] if closes else [review_id])


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_client_roots_replace_the_configured_folders(tmp_path, mode):
    contract = tmp_path / "deal" / "msa.md"
    contract.parent.mkdir()
    contract.write_text(MSA.read_text(encoding="utf-8"), encoding="utf-8")
    calls = []

    async def roots(context):
        calls.append(1)
        return types.ListRootsResult(roots=[types.Root(uri=(tmp_path / "deal").as_uri(), name="deal")])

    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(DATA)]), mode=mode, list_roots_callback=roots) as client:
            opened = await client.call_tool("open_review", {"documents": [{"path": "msa.md"}]})
            assert not opened.is_error, opened.content[0].text
            assert opened.structured_content["documents"][0]["total_clauses"] == 108
            refused = payload(await client.call_tool("open_review", {"documents": [{"path": str(MSA)}]}))
            assert refused["code"] == "ACCESS_DENIED" and str(tmp_path / "deal") in refused["message"]
    assert calls
