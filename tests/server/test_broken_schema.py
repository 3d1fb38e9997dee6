"""A skill whose input (or output) model cannot be a JSON schema is left out of the listing with a warning in the
log; the server starts and every other tool lists and works."""

from __future__ import annotations

import logging

import anyio
import pytest
from mcp import Client
from pydantic import BaseModel, ConfigDict, Field

from mcp_flow import DATA, open_msa, tools_by_name
from paralaw.server import build_server
from paralaw.skills.framework.schema import SkillRegistration
from paralaw.skills.framework.tool_adapter import skills_to_tool_definitions
from paralaw.skills.packs import all_registrations

pytestmark = pytest.mark.anyio
WAIT = 15


class Opaque:
    """A type pydantic accepts as a value but cannot describe in JSON Schema."""


class BrokenInput(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    clause_id: str = Field(description="Clause.")
    thing: Opaque | None = Field(None, description="Something no schema can say.")


class BrokenOutput(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    thing: Opaque


def broken(skill_id: str, **fields) -> SkillRegistration:
    return SkillRegistration(skill_id=skill_id, name="Broken", description="Cannot describe itself.",
                             local_handler=lambda data: {"summary": "never"}, **fields)


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def test_a_skill_without_a_schema_is_left_out_and_the_rest_serve(caplog):
    registrations = [broken("broken_input", input_schema=BrokenInput), *all_registrations(),
                     broken("broken_output", output_schema=BrokenOutput)]
    with caplog.at_level(logging.WARNING, logger="paralaw.server"):
        server = build_server(":memory:", allowed_dirs=[str(DATA)], registrations=registrations)
    warnings = [r.getMessage() for r in caplog.records]
    for name in ("broken_input", "broken_output"):
        assert any(f"skill {name} is not served: its schema cannot be generated" in m for m in warnings), warnings
    with anyio.fail_after(WAIT):
        async with Client(server, mode="legacy") as client:
            tools = tools_by_name(await client.list_tools())
            assert "broken_input" not in tools and "broken_output" not in tools
            assert {r.skill_id for r in all_registrations()} <= set(tools)
            await open_msa(client)
            result = await client.call_tool("get_clause_context", {"clause_id": "15"})
            assert not result.is_error and result.structured_content["title"] == "Limitation of Liability"
            refused = await client.call_tool("broken_input", {"clause_id": "15"})
            assert refused.is_error and "UNKNOWN_TOOL" in refused.content[0].text


def test_the_openai_tool_list_leaves_it_out_too(caplog):
    with caplog.at_level(logging.WARNING):
        tools = skills_to_tool_definitions([broken("broken_input", input_schema=BrokenInput), *all_registrations()])
    assert "broken_input" not in {t["function"]["name"] for t in tools} and len(tools) == len(all_registrations())
    assert any("broken_input is left out" in r.getMessage() for r in caplog.records)
