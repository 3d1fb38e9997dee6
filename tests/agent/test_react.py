"""react_agent_loop (SPEC-20 §7 adapted): the real openai client against the scripted model server, and a real
paralaw server in process reached through the MCP SDK client."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from paralaw.agent.mcp_client import connect
from paralaw.agent.react import react_agent_loop
from paralaw.agent.truncate import head_tail, serialize_tool_result
from scripted_llm import ScriptedLLM, tool_call_turn


pytestmark = pytest.mark.anyio

from data_paths import CASES
MSA = CASES / "services_a"
MESSAGES = [{"role": "system", "content": "You review clauses."}, {"role": "user", "content": "Review clause 15.2."}]
RISK = [{"risk_level": "high", "risk_type": "liability_cap_one_sided", "description": "Customer liability unlimited",
         "reason": "the Supplier's liability is capped, the Customer's is not",
         "original_text": "The Customer's liability under or in connection with this Agreement shall not be limited."}]


@pytest.fixture
async def session():
    async with connect(None, allowed_dirs=[str(MSA)], schema_mode="lazy") as tools:
        review = await tools.call("open_review", documents=[{"path": str(MSA / "master_services_agreement.md"), "role": "primary"},
                                                            {"path": str(MSA / "baseline.md"), "role": "baseline"}],
                                  our_party="Customer")
        await tools.refresh()
        tools.review_id = review["review_id"]
        yield tools


async def loop(model, tools, messages=MESSAGES, **kwargs):
    with anyio.fail_after(30):
        return await react_agent_loop(model, tools, messages, "15.2", review_id=tools.review_id, **kwargs)


async def test_single_iteration_no_tools(session, make_model):
    with ScriptedLLM([{"content": json.dumps(RISK)}]) as llm:
        result = await loop(make_model(llm), session)
    assert result.succeeded and result.risks[0]["risk_level"] == "high"
    assert result.skill_context == {} and len(result.messages) == 3 and result.iterations == 1


async def test_tool_call_then_final_response(session, make_model):
    with ScriptedLLM([tool_call_turn(("get_clause_context", {"clause_id": "15.2"})), {"content": json.dumps(RISK)}]) as llm:
        result = await loop(make_model(llm), session)
    assert result.succeeded and len(result.risks) == 1
    assert "shall not be limited" in result.skill_context["get_clause_context"]["text"]
    roles = [m["role"] for m in result.messages]
    assert roles == ["system", "user", "assistant", "tool", "assistant"]
    assistant, tool = result.messages[2], result.messages[3]
    assert assistant["content"] == "" and tool["tool_call_id"] == assistant["tool_calls"][0]["id"]
    # the model saw the clause, and review_id was filled in for it
    assert "shall not be limited" in llm.requests[1]["messages"][3]["content"]
    assert result.tools_called[0]["arguments"] == {"clause_id": "15.2", "review_id": session.review_id}


async def test_multiple_tool_calls_in_one_round(session, make_model):
    turn = tool_call_turn(("compare_with_baseline", {"clause_id": "15.2"}), ("extract_financial_terms", {"clause_id": "15.2"}))
    with ScriptedLLM([turn, {"content": "[]"}]) as llm:
        result = await loop(make_model(llm), session)
    assert result.risks == [] and result.succeeded
    assert {"compare_with_baseline", "extract_financial_terms"} <= set(result.skill_context)
    assert result.skill_context["compare_with_baseline"]["modification_type"] == "modified"
    assert len(result.messages) == 6
    ids = {c["id"] for c in result.messages[2]["tool_calls"]}
    assert {m["tool_call_id"] for m in result.messages[3:5]} == ids


async def test_model_that_never_stops_calling_tools(session, make_model):
    forever = tool_call_turn(("get_clause_context", {"clause_id": "15.1"}))
    calls = iter(range(100))
    def new_call(body):  # a different clause each time, so it is not caught as a repeat
        return tool_call_turn(("get_clause_context", {"clause_id": f"15.{next(calls) % 3 + 1}"}))
    with ScriptedLLM([], default=new_call) as llm:
        result = await loop(make_model(llm), session, max_iterations=3)
    assert result.stop_reason == "max_iterations" and result.risks == []
    assert result.iterations == 3 and len(llm.requests) == 3
    assert "tools" in llm.requests[0] and "tools" in llm.requests[1]
    assert "tools" not in llm.requests[2]  # the last request asks for the answer without tools
    assert llm.requests[2]["messages"][-1]["role"] == "user"
    # every tool_call_id is answered, even on the turn that was refused
    asked = {c["id"] for m in result.messages if m["role"] == "assistant" for c in m.get("tool_calls", [])}
    answered = {m["tool_call_id"] for m in result.messages if m["role"] == "tool"}
    assert asked == answered and forever


async def test_llm_failure_breaks_loop(session, make_model):
    with ScriptedLLM([], default={"status": 503}) as llm:
        result = await loop(make_model(llm, max_retries=1), session)
    assert result.stop_reason == "llm_error" and "503" in result.error
    assert result.risks == [] and result.skill_context == {} and len(llm.requests) == 2


async def test_tool_error_goes_back_to_the_model(session, make_model):
    with ScriptedLLM([tool_call_turn(("get_clause_context", {"clause_id": "99.9"})), {"content": json.dumps(RISK)}]) as llm:
        result = await loop(make_model(llm), session)
    assert result.succeeded and len(result.risks) == 1
    tool_message = json.loads(result.messages[3]["content"])
    assert tool_message["error"]["code"] == "CLAUSE_NOT_FOUND"
    assert result.tools_called[0]["error"] == "CLAUSE_NOT_FOUND"


async def test_no_tools_available(make_model):
    class Empty:
        def openai_tools(self):
            return []

    with ScriptedLLM([]) as llm:
        result = await react_agent_loop(make_model(llm), Empty(), MESSAGES, "4.1")
    assert result.stop_reason == "no_tools" and result.risks == [] and llm.requests == []


async def test_unknown_tool_name(session, make_model):
    with ScriptedLLM([tool_call_turn(("read_minds", {"clause_id": "15.2"})), {"content": "[]"}]) as llm:
        result = await loop(make_model(llm), session)
    error = json.loads(result.messages[3]["content"])["error"]
    assert error["code"] == "UNKNOWN_TOOL" and "get_clause_context" in error["details"]["available"]
    assert result.succeeded


async def test_invalid_argument_json(session, make_model):
    with ScriptedLLM([tool_call_turn(("get_clause_context", '{"clause_id": "15.2"')), {"content": "[]"}]) as llm:
        result = await loop(make_model(llm), session)
    error = json.loads(result.messages[3]["content"])["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "not valid JSON" in error["message"]
    assert result.succeeded and result.skill_context == {}


async def test_repeated_identical_calls_are_stopped(session, make_model):
    same = tool_call_turn(("get_clause_context", {"clause_id": "15.2"}))
    with ScriptedLLM([same, same, same, {"content": json.dumps(RISK)}]) as llm:
        result = await loop(make_model(llm), session, max_iterations=8)
    assert [c.get("error") for c in result.tools_called] == [None, "REPEATED_CALL", "REPEATED_CALL"]
    assert result.succeeded and result.iterations == 4
    assert "tools" not in llm.requests[3]  # after two turns of nothing but repeats, the answer is asked for


@pytest.mark.parametrize("wrap", [
    lambda call: call,
    lambda call: f"```json\n{call}\n```",
    lambda call: f"<tool_call>{call}</tool_call>",
])
async def test_tool_call_as_text_in_content(session, make_model, wrap):
    call = json.dumps({"name": "get_clause_context", "arguments": {"clause_id": "15.2"}})
    with ScriptedLLM([{"content": wrap(call)}, {"content": json.dumps(RISK)}], reject_null_content=True) as llm:
        result = await loop(make_model(llm), session)
    assert result.succeeded and "get_clause_context" in result.skill_context
    assert result.tools_called[0]["from_content"] is True
    # the replayed assistant message carries content "" (never null): the strict server accepted it
    assert llm.requests[1]["messages"][2]["content"] == ""


async def test_lazy_schema_expansion_mid_loop(session, make_model):
    """A lazy server lists find_clauses without parameters; a call without its required query gets an error that
    carries the schema, and the very next model request offers the tool with its full schema."""
    def params(body, name):
        return next(t["function"]["parameters"] for t in body["tools"] if t["function"]["name"] == name)

    turns = [tool_call_turn(("find_clauses", {})), tool_call_turn(("find_clauses", {"query": "limitation of liability"})),
             {"content": "[]"}]
    with ScriptedLLM(turns) as llm:
        result = await loop(make_model(llm), session)
    assert params(llm.requests[0], "find_clauses")["properties"] == {}
    assert "query" in params(llm.requests[1], "find_clauses")["properties"]
    assert json.loads(result.messages[3]["content"])["error"]["code"] == "MISSING_ARGUMENTS"
    assert "find_clauses" in session.refreshed
    assert any(h["clause_id"].startswith("15") for h in result.skill_context["find_clauses"]["hits"])


async def test_long_tool_results_are_cut_head_and_tail(session, make_model):
    with ScriptedLLM([tool_call_turn(("get_clause_context", {"clause_id": "15"})), {"content": "[]"}]) as llm:
        result = await loop(make_model(llm), session, max_tool_result_chars=400)
    content = result.messages[3]["content"]
    assert "[truncated:" in content and len(content) < 520
    assert content.startswith('<<<TOOL_RESULT_START>>>\n{"clause_id":"15"')  # fenced: contract text is data
    assert content.endswith("<<<TOOL_RESULT_END>>>")


def test_truncation_helpers():
    assert head_tail("short", 100) == "short"
    cut = head_tail("a" * 300 + "b" * 300, 300)
    assert cut.startswith("a" * 200) and cut.endswith("b" * 100) and "600 characters" in cut
    assert serialize_tool_result(None) == "{}" and serialize_tool_result({"k": "v"}) == '{"k":"v"}'
    blanks = {"terms": [{"quote": "60 days", "currency": "", "basis": None}], "findings": [], "problems": 0}
    assert serialize_tool_result(blanks) == '{"terms":[{"quote":"60 days"}],"findings":[],"problems":0}'


class Broken:
    """A model object that fails in its own way (the seed's `Exception("API timeout")`), not as LLMUnavailable."""

    def __init__(self) -> None:
        self.calls = 0

    async def chat(self, messages, *, tools=None, temperature=0.1):
        self.calls += 1
        raise RuntimeError("API timeout")


async def test_any_exception_from_the_model_fails_the_clause_cleanly(session):
    result = await loop(Broken(), session)
    assert result.stop_reason == "llm_error" and "RuntimeError: API timeout" in result.error
    assert result.risks == [] and result.iterations == 1
