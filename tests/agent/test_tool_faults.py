"""A tool that does not answer in time (TIMEOUT) or whose connection fails (PROTOCOL_ERROR): the call becomes an
error the model reads, the loop goes on, and the clause is still answered. The server is a real paralaw server
in process; only the one tool's transport is made to fail, below the client session."""

from __future__ import annotations

import json

import anyio
import pytest

from data_paths import CASES
from paralaw.agent.mcp_client import connect
from paralaw.agent.react import react_agent_loop
from scripted_llm import ScriptedLLM, tool_call_turn

pytestmark = pytest.mark.anyio
MSA = CASES / "services_a"
MESSAGES = [{"role": "system", "content": "You review clauses."}, {"role": "user", "content": "Review clause 15.2."}]
ANSWER = [{"risk_level": "high", "risk_type": "liability", "description": "Customer liability unlimited",
           "reason": "only the Supplier's liability is capped"}]


class FailingTool:
    """The MCP client, except that one tool hangs or loses its connection."""

    def __init__(self, client, name: str, how: str) -> None:
        self._client, self._name, self._how = client, name, how

    def __getattr__(self, attribute):
        return getattr(self._client, attribute)

    async def call_tool(self, name, arguments, *args, **kwargs):
        if name == self._name:
            if self._how == "hang":
                await anyio.sleep_forever()
            raise ConnectionResetError("connection reset by peer")
        return await self._client.call_tool(name, arguments, *args, **kwargs)


@pytest.mark.parametrize("how, code", [("hang", "TIMEOUT"), ("reset", "PROTOCOL_ERROR")])
async def test_a_failing_tool_is_an_error_the_model_reads(make_model, how, code):
    async with connect(None, allowed_dirs=[str(MSA)]) as tools:
        review = await tools.call("open_review", documents=[{"path": str(MSA / "master_services_agreement.md")}],
                                  our_party="Customer")
        await tools.refresh()
        tools.client = FailingTool(tools.client, "compare_with_baseline", how)
        tools.tool_timeout = 2.0
        turns = [tool_call_turn(("compare_with_baseline", {"clause_id": "15.2"}), ("get_clause_context", {"clause_id": "15.2"})),
                 {"content": json.dumps(ANSWER)}]
        with ScriptedLLM(turns) as llm:
            with anyio.fail_after(30):
                result = await react_agent_loop(make_model(llm), tools, MESSAGES, "15.2", review_id=review["review_id"])
    assert result.succeeded and result.risks[0]["risk_level"] == "high"
    failed, read = result.tools_called
    assert failed["error"] == code and read["ok"] is True
    error = json.loads(result.messages[3]["content"])["error"]
    assert error["code"] == code
    assert ("did not answer within 2s" if how == "hang" else "ConnectionResetError: connection reset") in error["message"]
    assert "get_clause_context" in result.skill_context and "compare_with_baseline" not in result.skill_context
    # the model's next request carried the error, answered under the call's own id
    replayed = llm.requests[1]["messages"]
    assert replayed[3]["tool_call_id"] == replayed[2]["tool_calls"][0]["id"] and code in replayed[3]["content"]
