"""review_positions over MCP, as a host's model sees it: the bundled example's whole result fits in 8,000
characters, each issue is there once with its quote, and the side is read from the contract whatever the user
calls it."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from mcp import Client

from paralaw.server import build_server

pytestmark = pytest.mark.anyio
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
WAIT = 30


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def _positions(tmp_path, our_party: str | None, **arguments) -> tuple[str, dict]:
    server = build_server(str(tmp_path / "reviews.db"), allowed_dirs=[str(EXAMPLES)])
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            opened = await client.call_tool("open_review", {"documents": [{"path": str(EXAMPLES / "services_agreement.md")}],
                                                            **({"our_party": our_party} if our_party else {})})
            assert not opened.is_error, opened.content[0].text
            result = await client.call_tool("review_positions", {"clause_id": "*", **arguments})
            assert not result.is_error, result.content[0].text
            return result.content[0].text, result.structured_content


async def test_the_example_result_fits_a_hosts_budget_and_says_each_issue_once(tmp_path):
    text, data = await _positions(tmp_path, "Customer")
    assert len(text) <= 8000, len(text)
    assert "kind_topics" not in data
    assert {f["source"] for f in data["findings"]} == {"pack"}  # whose position: the pack's, with no playbook
    assert not any("proposed_wording" in f or "topic" in f for f in data["findings"])  # without detail, not even as null
    kinds = [f["kind"] for f in data["findings"]]
    assert len(kinds) == len(set(kinds))
    assert not {v["position_id"] for v in data["verdicts"]} & {k.removeprefix("position_") for k in kinds}
    cap = next(f for f in data["findings"] if f["kind"] == "position_lol_mutual")
    assert cap["clause_id"] == "8.2" and cap["evidence"].startswith("The Supplier's total aggregate liability")
    interest = next(f for f in data["findings"] if f["kind"] == "position_late_interest")
    assert "48% a year" in interest["message"] and "rate 48" not in interest["message"]
    assert data["counts"]["RED"] >= 8


@pytest.mark.parametrize("given", ["buyer", "customer", "payer"])
async def test_a_side_named_by_its_role_is_the_party_that_pays(tmp_path, given):
    _, data = await _positions(tmp_path, given)
    assert data["acting_for"].startswith("Customer (payer)")
    assert data["counts"]["RED"] >= 8


async def test_with_no_side_the_review_says_whom_it_acts_for(tmp_path):
    _, data = await _positions(tmp_path, None)
    assert data["acting_for"].startswith("Customer (payer): no side was given")
    assert data["counts"]["RED"] >= 8


async def test_detail_adds_reasons_and_wording(tmp_path):
    text, data = await _positions(tmp_path, "Customer", detail=True)
    cap = next(f for f in data["findings"] if f["kind"] == "position_lol_mutual")
    assert cap["proposed_wording"].startswith("Each party's total aggregate liability")
    assert len(data["verdicts"]) == sum(data["counts"].values())
