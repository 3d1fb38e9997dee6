"""A call with missing or invalid arguments answers with the tool's input schema only (no description, no output
schema), short enough that the agent shows it to its model whole (its tool-result limit, 3,000 characters),
and the agent's client still expands the tool from it."""

from __future__ import annotations

import json

import pytest

from paralaw.agent.mcp_client import connect, schema_in_error
from paralaw.agent.truncate import MAX_TOOL_RESULT_CHARS

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def test_every_tool_the_model_may_call_fits_its_schema_error_in_a_tool_result():
    async with connect(None, schema_mode="lazy") as tools:
        names = [t["function"]["name"] for t in tools.openai_tools()]
        assert len(names) > 8
        checked = []
        for name in names:
            outcome = await tools.call_tool(name, {"clause_id": ["not", "a", "string"], "names": 7})
            if outcome.ok or not schema_in_error(outcome.error):
                continue
            shown = json.dumps(outcome.for_model(), ensure_ascii=False)
            assert len(shown) < MAX_TOOL_RESULT_CHARS, (name, len(shown))
            schema = outcome.error["details"]["schema"]
            assert schema["type"] == "object" and "properties" in schema and "outputSchema" not in schema
            assert not tools.is_lazy(name)  # expanded from the error alone
            checked.append(name)
        assert len(checked) >= 8 and "get_clause_context" in checked, checked
