"""Recorded answers of a real small model, replayed through the scripted server into the whole pipeline.

tests/data/llm_transcripts/qwen05_react_services.json is a ReAct review of the bundled example against llama.cpp's
server with a 0.5B instruct model. It answered every turn with a fenced JSON array of {"name": <clause heading>,
"arguments": {...}} instead of a tool call or a list of risks. Replayed here turn after turn (a small model
repeats itself), none of it may become a risk: the arrays go back to the model as UNKNOWN_TOOL with the real
tools, the final answer gets one corrective turn, and each clause ends in a mode that needs no usable answer;
after three such clauses in a row the model is not asked about the rest."""

from __future__ import annotations

import json
import re

import anyio
import pytest

from data_paths import DATA, ROOT
from paralaw.agent.mcp_client import connect
from paralaw.agent.pipeline import DocumentInput, ReviewRequest, run_review
from paralaw.agent.report import to_json, to_markdown
from paralaw.agent.settings import AgentSettings
from scripted_llm import ScriptedLLM

pytestmark = pytest.mark.anyio

EXAMPLE = ROOT / "examples" / "services_agreement.md"
TRANSCRIPT = json.loads((DATA / "llm_transcripts" / "qwen05_react_services.json").read_text(encoding="utf-8"))
ANSWERS = {c["clause_id"]: next(m["content"] for m in c["messages"] if m["role"] == "assistant") for c in TRANSCRIPT["clauses"]}


def clause_of(body: dict) -> str:
    user = next(m["content"] for m in body["messages"] if m["role"] == "user")
    return re.search(r"- Clause: (\S+)", user).group(1)


def recorded(body: dict) -> dict:
    """What the small model said for this clause, every time it is asked."""
    return {"content": ANSWERS[clause_of(body)]}


async def review(model, mode="react", concurrency=1):
    settings = AgentSettings(concurrency=concurrency, react_max_iterations=5)
    async with connect(None, allowed_dirs=[str(EXAMPLE.parent)]) as tools:
        with anyio.fail_after(120):
            return await run_review(tools, ReviewRequest([DocumentInput(str(EXAMPLE))], our_party="Customer"),
                                    settings=settings, mode=mode, llm=model)


async def test_the_recorded_answers_never_become_risks(make_model):
    with ScriptedLLM([], default=recorded) as llm:
        data = await review(make_model(llm))
    units = [u for u in data["units"] if u.clause_id != "*"]
    assert sorted(u.clause_id for u in units) == sorted(ANSWERS)  # every recorded clause was reviewed
    assert all(u.mode == "offline" for u in units)  # no usable answer in react, nor in checklist
    risks = [r for u in data["units"] for r in u.risks]
    assert risks and not [r for r in risks if r["source"] == "model"]
    assert all(r["description"].strip() for r in risks)
    assert not [r for r in risks if r["risk_type"] in ("unclassified", "未分类风险")]
    tried, spared = units[:3], units[3:]  # in review order (concurrency 1)
    for unit in tried:
        react, checklist = unit.fallbacks[0], unit.fallbacks[1]
        assert react["mode"] == "react" and react["reason"].startswith("invalid_answer"), unit.fallbacks
        assert "lacks risk_level, description, reason (it looks like a tool call" in react["reason"]
        assert checklist["mode"] == "checklist" and checklist["reason"].startswith("unparsable")
    # three clauses in a row with nothing usable: the model is not asked about the other five
    assert all(u.fallbacks == [{"mode": "react", "reason": "model gave no usable answer on 3 clauses in a row"}]
               for u in spared), [u.fallbacks for u in spared]
    assert all(u.usage.requests == 0 for u in spared)
    # the headings the model wrote as calls went back to it as UNKNOWN_TOOL, with the tools it could call
    liability = tried[-1]
    errors = [json.loads(m["content"])["error"] for m in liability.messages
              if m["role"] == "tool" and "UNKNOWN_TOOL" in m["content"]]
    assert errors and "get_clause_context" in errors[0]["details"]["available"]
    assert liability.tools_called[0]["name"] == json.loads(ANSWERS[liability.clause_id].strip("`json\n"))[0]["name"]
    corrections = [m for m in liability.messages if m["role"] == "user" and "could not be used" in m["content"]]
    assert len(corrections) == 2  # one in react, one in checklist, and no more
    # bounded: five react turns (three with tools, a final one, its correction) and two checklist turns, for
    # three clauses; the recorded review made every clause wait a minute a request
    assert len(llm.requests) <= 7 * 3
    report = to_json(data)
    assert report["summary"]["modes"] == {"offline": len(data["units"])}
    assert "react failed: invalid_answer" in to_markdown(data)


async def test_a_model_that_corrects_itself_is_taken_at_its_word(make_model):
    """After UNKNOWN_TOOL and a corrective turn, a proper answer is accepted as the clause's risks."""
    good = [{"risk_level": "high", "risk_type": "liability_cap_one_sided", "description": "Only the Supplier's liability is capped",
             "reason": "the Customer's liability stays unlimited", "original_text": "The Customer's liability is not limited."}]
    seen: dict[str, int] = {}

    def learner(body: dict) -> dict:
        clause = clause_of(body)
        seen[clause] = seen.get(clause, 0) + 1
        if "tools" in body and seen[clause] == 1:
            return {"content": ANSWERS[clause]}  # the recorded call-shaped array: UNKNOWN_TOOL
        if seen[clause] == 2:
            return {"content": json.dumps([{"risk_level": "high", "description": "", "reason": ""}])}  # still empty
        return {"content": json.dumps(good)}

    with ScriptedLLM([], default=learner) as llm:
        data = await review(make_model(llm))
    units = [u for u in data["units"] if u.clause_id != "*"]
    assert all(u.mode == "react" and not u.fallbacks for u in units), [(u.clause_id, u.fallbacks) for u in units]
    assert all(u.iterations == 3 for u in units)
    model_risks = [r for u in units for r in u.risks if r["source"] == "model"]
    assert model_risks and all(r["reason"] == "the Customer's liability stays unlimited" for r in model_risks)
