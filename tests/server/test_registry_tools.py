"""Every registered skill, called through the server on a real contract of its domain, answers with either a
coded error or structured content that matches its declared output schema (the SDK client checks that in
full schema mode), and every finding's evidence is a verbatim quote of a review document.

The skills come from the registry at run time, so a newly added skill is covered without editing this file.
"""

from __future__ import annotations

import anyio
import pytest
from mcp import Client

from mcp_flow import CASES, DATA, payload
from paralaw.server import build_server
from paralaw.skills.packs import all_registrations, baseline_structure

pytestmark = pytest.mark.anyio
WAIT = 60

CASE = {
    "generic": ([("services_a/master_services_agreement.md", "primary"), ("services_a/baseline.md", "baseline")], "15.2"),
    "sha_spa": ([("spa_a/share_purchase_agreement.md", "primary")], "9.1"),
    "fidic": ([("fidic_a/particular_conditions.md", "primary"), ("fidic_a/general_conditions.md", "gc"),
               ("fidic_a/employers_requirements.md", "er")], "14.7"),
}
SAMPLE_TEXT = {"query": "liability", "topic": "liability", "term": "Charges"}


@pytest.fixture
def anyio_backend():
    return "asyncio"


def _value(name: str, schema: dict):
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type") or next((o.get("type") for o in schema.get("anyOf", []) if o.get("type") != "null"), "string")
    if kind == "string":
        return SAMPLE_TEXT.get(name, "liability")
    if kind in ("integer", "number"):
        return schema.get("minimum", 1)
    return {"boolean": False, "array": [], "object": {}}.get(kind, "liability")


def _cases():
    for registration in all_registrations():
        domain = "generic" if registration.domain in ("*", "generic") else registration.domain
        yield pytest.param(registration.skill_id, domain, id=registration.skill_id)


@pytest.mark.parametrize("skill_id, domain", list(_cases()))
async def test_skill_through_the_server(skill_id, domain):
    documents, clause_id = CASE[domain]
    server = build_server(":memory:", schema_mode="full", allowed_dirs=[str(DATA)])
    spec = server.paralaw_state.catalog.get(skill_id)
    arguments = {"clause_id": clause_id, "confirm": True} if spec.needs_confirmation else {"clause_id": clause_id}
    for name in spec.input_schema.get("required", []):
        arguments.setdefault(name, _value(name, spec.input_schema["properties"][name]))
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            opened = await client.call_tool("open_review", {"documents": [{"path": str(CASES / p), "role": r} for p, r in documents],
                                                            "domain": domain})
            assert not opened.is_error, opened.content[0].text
            await client.list_tools()  # the client learns the output schemas and validates results against them
            result = await client.call_tool(skill_id, arguments)
    if result.is_error:
        error = payload(result)
        assert error["code"] != "INTERNAL_ERROR", error
        assert error["message"]
        return
    data = result.structured_content
    assert isinstance(data, dict) and data
    texts = [(CASES / p).read_text(encoding="utf-8") for p, _ in documents]
    baseline = baseline_structure(domain)
    texts += [baseline.text] if baseline is not None else []
    for finding in data.get("findings", []) or []:
        evidence = finding.get("evidence", "")
        assert not evidence or any(evidence in text for text in texts), (skill_id, evidence[:120])
