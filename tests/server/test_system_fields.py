"""No field the system fills can be set by a caller: it is in no tool's input schema (walked over MCP), and a
call that sends one anyway has it dropped, never read."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client
from pydantic import BaseModel, Field

from mcp_flow import DATA, MSA, open_msa, payload
from paralaw.server import build_server
from paralaw.skills.framework.schema import SkillRegistration
from paralaw.skills.framework.tool_fields import INTERNAL_FIELDS, system_fields
from paralaw.skills.packs import all_registrations

pytestmark = pytest.mark.anyio
WAIT = 30
# fields the system fills in some skill, whatever their description says
KNOWN = INTERNAL_FIELDS | {"playbook_data", "playbook_path", "review_documents", "baseline_document", "baseline_source",
                           "gc_structure", "pc_structure", "er_structure"}
# open_review's and build_matrix's playbook_path is the user's own file, read only inside the allowed folders (the
# gate in server/access.py): the caller's to choose, not a system field
USER_CHOSEN = {("open_review", "playbook_path"), ("build_matrix", "playbook_path")}


@pytest.fixture
def anyio_backend():
    return "asyncio"


def _properties(schema: Any, path: str = ""):
    """Every (path, name, property schema) in a JSON schema, nested objects and $defs included."""
    if isinstance(schema, dict):
        for name, prop in (schema.get("properties") or {}).items():
            yield path, name, prop
            yield from _properties(prop, f"{path}{name}.")
        for key in ("$defs", "items", "anyOf", "oneOf", "allOf", "additionalProperties"):
            value = schema.get(key)
            values = value.values() if isinstance(value, dict) and key == "$defs" else (
                value if isinstance(value, list) else [value])
            for item in values:
                yield from _properties(item, path)


def system_filled(tool: str, schema: dict) -> list[str]:
    found = []
    for path, name, prop in _properties(schema):
        description = (prop.get("description") or "").lower() if isinstance(prop, dict) else ""
        if (tool, path + name) in USER_CHOSEN:
            continue
        if name in KNOWN or "filled in by the system" in description or (isinstance(prop, dict) and prop.get("system")):
            found.append(f"{tool}: {path}{name}")
    return found


@pytest.mark.parametrize("schema_mode", ["full", "lazy"])
async def test_no_tool_schema_over_mcp_shows_a_system_filled_field(schema_mode):
    server = build_server(":memory:", schema_mode=schema_mode, allowed_dirs=[str(DATA)])
    with anyio.fail_after(WAIT):
        async with Client(server, mode="legacy") as client:
            listed = (await client.list_tools()).tools
            names = [t.name for t in listed]
            described = payload(await client.call_tool("describe_tools", {"names": names}))["tools"]
    assert len(described) == len(names) > 20
    schemas = [(t.name, t.input_schema) for t in listed] + [(d["name"], d["inputSchema"]) for d in described]
    problems = [p for name, schema in schemas for p in system_filled(name, schema)]
    assert problems == []
    review_positions = next(d for d in described if d["name"] == "review_positions")["inputSchema"]["properties"]
    assert "clause_id" in review_positions and "playbook_path" not in review_positions


async def test_system_fields_sent_by_a_caller_are_ignored_and_nothing_outside_is_read(tmp_path):
    secret = tmp_path / "secret_positions.yaml"
    secret.write_text("secret_key_one: 1\nsecret_key_two: 2\n", encoding="utf-8")
    server = build_server(":memory:", allowed_dirs=[str(MSA.parent)])
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            await open_msa(client)
            plain = await client.call_tool("review_positions", {"clause_id": "*"})
            assert not plain.is_error, plain.content[0].text
            for sent in ({"playbook_path": str(secret)}, {"playbook_path": "/no/such/file.yaml"},
                         {"playbook_data": {"positions": []}}, {"document_structure": {"clauses": []}}):
                result = await client.call_tool("review_positions", {"clause_id": "*", **sent})
                text = result.content[0].text
                assert not result.is_error, text
                assert "secret_key" not in text and "no/such" not in text
                data = result.structured_content
                assert data["ignored_arguments"] == sorted(sent)
                # the review's own playbook judged the contract, not the caller's
                assert data["source"] == plain.structured_content["source"]
                assert data["counts"] == plain.structured_content["counts"]


def test_a_new_skill_needs_no_list_to_hide_its_system_fields():
    class Input(BaseModel):
        clause_id: str = Field(description="Clause.")
        rules_path: str | None = Field(None, description="Filled in by the system.")
        rules_data: Any = Field(None, json_schema_extra={"system": True})

    assert {"rules_path", "rules_data"} <= system_fields(Input)
    registration = SkillRegistration(skill_id="x", name="X", input_schema=Input)
    assert list(registration.to_tool_definition()["function"]["parameters"]["properties"]) == ["clause_id"]


def test_every_registered_skill_hides_what_its_description_says_the_system_fills():
    for registration in all_registrations():
        model = registration.input_schema
        if model is None:
            continue
        shown = registration.to_tool_definition()["function"]["parameters"]["properties"]
        assert not system_fields(model) & set(shown), registration.skill_id
