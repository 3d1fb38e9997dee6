"""The model sees what it can set: before a clause's first model call its suggested skills are described, so
the first request carries their business parameters (query, top_k, term...), the prompt names them and says how
to see any other tool's, and a model that uses one (a `query`) gets the search it asked for. Through the real
openai client against the scripted server, a lazy paralaw server in process."""

from __future__ import annotations

import json
import re

import anyio
import pytest

from data_paths import ROOT
from paralaw.agent.mcp_client import connect
from paralaw.agent.pipeline import DocumentInput, ReviewRequest, run_review
from paralaw.agent.settings import AgentSettings
from scripted_llm import ScriptedLLM, tool_call_turn

pytestmark = pytest.mark.anyio

EXAMPLE = ROOT / "examples" / "services_agreement.md"
QUERY = "disclose confidential information required by law"


def parameters(body: dict, name: str) -> dict:
    return next((t["function"]["parameters"].get("properties") or {} for t in body.get("tools", [])
                 if t["function"]["name"] == name), {})


def searcher(body: dict) -> dict:
    """Uses search_reference_doc's `query` when it is shown the parameter; otherwise answers at once."""
    tool_messages = [m for m in body["messages"] if m["role"] == "tool"]
    if "query" in parameters(body, "search_reference_doc") and not tool_messages:
        return tool_call_turn(("search_reference_doc", {"query": QUERY, "top_k": 2}))
    clause = re.search(r"- Clause: (\S+)", body["messages"][1]["content"]).group(1)
    return {"content": json.dumps([{"risk_level": "low", "risk_type": "check", "description": f"Clause {clause} read",
                                    "reason": "a scripted reviewer"}])}


async def test_the_model_sees_and_uses_a_business_argument(make_model):
    with ScriptedLLM([], default=searcher) as llm:
        async with connect(None, allowed_dirs=[str(EXAMPLE.parent)], schema_mode="lazy") as tools:
            with anyio.fail_after(120):
                data = await run_review(tools, ReviewRequest([DocumentInput(str(EXAMPLE))], our_party="Customer"),
                                        settings=AgentSettings(concurrency=1, react_max_iterations=4), mode="react",
                                        llm=make_model(llm))
    first = llm.requests[0]  # clause 1, whose suggested skills are resolve_definition and cross_reference_check
    assert "term" in parameters(first, "resolve_definition")
    assert parameters(first, "find_clauses") == {}  # not suggested: still listed lazily
    system = first["messages"][0]["content"]
    assert "- resolve_definition(" in system and "describe_tools" in system
    confidentiality = next(u for u in data["units"] if "search_reference_doc" in (u.item.get("required_skills") or []))
    call = next(c for c in confidentiality.tools_called if c["name"] == "search_reference_doc")
    assert call["ok"] and call["arguments"]["query"] == QUERY and call["arguments"]["top_k"] == 2
    result = next(m["content"] for m in confidentiality.messages if m["role"] == "tool")
    assert '"query_source":"argument"' in result and QUERY in result
    assert confidentiality.mode == "react"
    assert "search_reference_doc" in data["schema_refreshed"]


async def test_only_the_reviews_own_tools_on_a_shared_server(make_model):
    """A FIDIC review is open on the same server: its fidic_* tools are listed to this session, but the model
    reviewing a generic contract is offered only the generic and built-in tools."""
    from data_paths import SYNTHETIC_PC

    with ScriptedLLM([], default=searcher) as llm:
        async with connect(None, allowed_dirs=[str(EXAMPLE.parent), str(SYNTHETIC_PC.parent)]) as tools:
            await tools.call("open_review", documents=[{"path": str(SYNTHETIC_PC), "role": "primary"}], domain="fidic")
            await tools.refresh()
            listed = {t["function"]["name"] for t in tools.openai_tools()}
            assert any(name.startswith("fidic_") for name in listed) and "query_matrix" in listed
            with anyio.fail_after(120):
                data = await run_review(tools, ReviewRequest([DocumentInput(str(EXAMPLE))], our_party="Customer"),
                                        settings=AgentSettings(concurrency=2, react_max_iterations=3), mode="react",
                                        llm=make_model(llm))
    assert data["review"]["domain"] == "generic"
    offered = {t["function"]["name"] for body in llm.requests for t in body.get("tools", [])}
    assert "get_clause_context" in offered and "search_reference_doc" in offered
    assert not [name for name in offered if name.startswith(("fidic_", "spa_", "sha_"))]
    assert not offered & {"query_matrix", "build_matrix"}  # data-room tools are listed, but not for a clause


async def test_the_model_describes_a_tool_it_was_not_suggested_then_sets_its_query(make_model):
    """find_clauses is listed lazily (no parameters). The model follows the prompt's hint: it calls
    describe_tools, its next request shows find_clauses with `query` and `top_k`, and it searches with them.
    The next clause's model sees find_clauses in its short form again."""
    wanted = "limitation of liability"

    def explorer(body: dict) -> dict:
        clause = re.search(r"- Clause: (\S+)", body["messages"][1]["content"]).group(1)
        calls = [c["function"]["name"] for m in body["messages"] if m["role"] == "assistant" for c in m.get("tool_calls") or []]
        if clause == "1" and not calls and not parameters(body, "find_clauses"):
            return tool_call_turn(("describe_tools", {"names": ["find_clauses"]}))
        if clause == "1" and calls == ["describe_tools"] and "query" in parameters(body, "find_clauses"):
            return tool_call_turn(("find_clauses", {"query": wanted, "top_k": 2}))
        return {"content": "[]"}

    with ScriptedLLM([], default=explorer) as llm:
        async with connect(None, allowed_dirs=[str(EXAMPLE.parent)], schema_mode="lazy") as tools:
            with anyio.fail_after(120):
                data = await run_review(tools, ReviewRequest([DocumentInput(str(EXAMPLE))], our_party="Customer"),
                                        settings=AgentSettings(concurrency=1, react_max_iterations=4), mode="react",
                                        llm=make_model(llm))
    first, second, third, next_clause = llm.requests[:4]
    assert parameters(first, "find_clauses") == {}
    assert {"query", "top_k"} <= set(parameters(second, "find_clauses"))
    assert "clause" in parameters(second, "find_clauses")["query"]["description"].lower()  # what to put in it
    clause = next(u for u in data["units"] if u.clause_id == "1")
    call = next(c for c in clause.tools_called if c["name"] == "find_clauses")
    assert call["ok"] and call["arguments"]["query"] == wanted and call["arguments"]["top_k"] == 2
    assert "clause_id" not in call["arguments"]  # find_clauses takes none: the agent adds only what a tool takes
    result = json.loads(third["messages"][-1]["content"].split("\n", 1)[1].rsplit("\n", 1)[0])
    assert result["query"] == wanted and 1 <= len(result["hits"]) <= 2
    assert any("liabil" in h["title"].lower() for h in result["hits"]), result["hits"]
    assert clause.mode == "react" and clause.iterations == 3
    assert "- Clause: 1\n" not in next_clause["messages"][1]["content"] and parameters(next_clause, "find_clauses") == {}
