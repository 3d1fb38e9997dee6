"""The agent reaches the same server in process, as a stdio subprocess (`paralaw serve`) and over Streamable
HTTP on 127.0.0.1, and an offline review finds the same risks each way."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from http_serving import serving_http
from paralaw.agent.mcp_client import connect, server_target
from paralaw.agent.pipeline import DocumentInput, ReviewRequest, run_review
from paralaw.agent.settings import AgentSettings

pytestmark = pytest.mark.anyio

from data_paths import CASES
MSA = CASES / "services_a"
PLAYBOOK = {"checklist": [  # a short checklist of the user's own keeps three full reviews quick
    {"clause_id": "liability", "clause_name": "Limitation of liability", "priority": "high",
     "query": "limitation of liability aggregate liability cap", "required_skills": ["extract_financial_terms", "assess_deviation"]},
    {"clause_id": "definitions", "clause_name": "Definitions", "priority": "medium",
     "query": "definitions interpretation means", "required_skills": ["resolve_definition", "cross_reference_check"]},
]}


def request_for(tmp_path: Path) -> ReviewRequest:
    playbook = tmp_path / "playbook.json"
    playbook.write_text(json.dumps(PLAYBOOK), encoding="utf-8")
    return ReviewRequest(documents=[DocumentInput(str(MSA / "master_services_agreement.md"))], our_party="Customer",
                         playbook=str(playbook))


def risk_keys(data) -> list[tuple[str, str]]:
    return sorted((r["clause_id"], r["risk_type"]) for u in data["units"] for r in u.risks)


async def offline(request, server=None, send_text=False):
    async with connect(server, allowed_dirs=[str(MSA), str(Path(request.playbook).parent)]) as tools:
        return await run_review(tools, request, settings=AgentSettings(), mode="offline", send_text=send_text)


async def test_in_process_stdio_and_http_agree(tmp_path):
    request = request_for(tmp_path)
    with anyio.fail_after(120):
        local = await offline(request)
        over_stdio = await offline(request, "stdio")
        async with serving_http(store=str(tmp_path / "reviews.db"), allowed_dirs=[str(MSA), str(tmp_path)]) as url:
            over_http = await offline(request, url, send_text=True)  # a remote server gets the text, not our paths
    # in the contract's order, the document-wide pass last
    assert [u.item["clause_name"] for u in local["units"]] == ["Definitions", "Limitation of liability", "Whole document"]
    assert ("15.2", "position_lol_mutual") in risk_keys(local)
    assert risk_keys(local) == risk_keys(over_stdio) == risk_keys(over_http)
    assert over_http["review"]["documents"][0]["filename"] == "master_services_agreement.md"


def test_server_targets():
    assert server_target("https://example.test/mcp", store=None, schema_mode="lazy", allowed_dirs=None) == "https://example.test/mcp"
    stdio = server_target("stdio:paralaw serve --schema full", store=None, schema_mode="lazy", allowed_dirs=None)
    assert (stdio.command, stdio.args) == ("paralaw", ["serve", "--schema", "full"])
    default = server_target("stdio", store="/tmp/x.db", schema_mode="full", allowed_dirs=["/data"])
    assert default.args[-6:] == ["serve", "--schema", "full", "--store", "/tmp/x.db", "--allow-dir", "/data"][-6:]
    with pytest.raises(ValueError, match="unknown server"):
        server_target("ftp://nope", store=None, schema_mode="lazy", allowed_dirs=None)
