"""The server's own tools answer with a one-line `summary` first, as the skills do: what a model reads first and
what a head-and-tail cut keeps."""

from __future__ import annotations

import pytest

from data_paths import CASES
from paralaw.agent.mcp_client import connect

pytestmark = pytest.mark.anyio
MSA = CASES / "services_a"


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def test_every_builtin_result_leads_with_a_summary():
    async with connect(None, allowed_dirs=[str(MSA)]) as tools:
        opened = await tools.call("open_review", documents=[{"path": str(MSA / "master_services_agreement.md")}],
                                  our_party="Customer")
        rid = opened["review_id"]
        results = {
            "open_review": opened,
            "list_reviews": await tools.call("list_reviews"),
            "get_outline": await tools.call("get_outline", review_id=rid, limit=5),
            "find_clauses": await tools.call("find_clauses", review_id=rid, query="limitation of liability"),
            "nothing_found": await tools.call("find_clauses", review_id=rid, query="zzzz qqqq"),
            "get_checklist": await tools.call("get_checklist", review_id=rid),
            "describe_tools": await tools.call("describe_tools", names=["find_clauses", "no_such_tool"]),
            "close_review": await tools.call("close_review", review_id=rid, confirm=True),
        }
    for name, data in results.items():
        assert list(data)[0] == "summary" and data["summary"].strip(), name
    summaries = {name: data["summary"] for name, data in results.items()}
    assert summaries["open_review"].startswith(f"Review {rid} opened: 1 document (master_services_agreement.md (primary))")
    assert "acting for Customer" in summaries["open_review"]
    assert summaries["list_reviews"] == "1 open review."
    assert summaries["get_outline"].startswith("5 of ") and "next page starts at offset 5" in summaries["get_outline"]
    assert "about 'limitation of liability', best first: 15" in summaries["find_clauses"]
    assert summaries["nothing_found"].startswith("No clause found for 'zzzz qqqq'")
    assert "checklist items for the generic domain" in summaries["get_checklist"]
    assert summaries["describe_tools"] == "Full schemas of find_clauses; unknown: no_such_tool."
    assert summaries["close_review"] == f"Review {rid} closed; its stored documents are deleted."
