"""The review pipeline end to end: a real paralaw server in process, the real openai client against the scripted
model server; react, checklist and offline modes, the fallbacks between them, quote checks and the reports."""

from __future__ import annotations

import json
import re
from pathlib import Path

import anyio
import pytest

from paralaw.agent.checklist import run_required_skills
from paralaw.agent.cli_review import load_manifest
from paralaw.agent.mcp_client import connect
from paralaw.agent.pipeline import DocumentInput, ReviewRequest, run_review
from paralaw.agent.react import react_agent_loop
from paralaw.agent.report import exit_status, to_json, to_markdown
from paralaw.agent.settings import AgentSettings
from scripted_llm import tool_call_turn, ScriptedLLM

pytestmark = pytest.mark.anyio

from data_paths import CASES
MSA = CASES / "services_a"
REQUEST = ReviewRequest(documents=[DocumentInput(str(MSA / "master_services_agreement.md")),
                                   DocumentInput(str(MSA / "baseline.md"), role="baseline")], our_party="Customer")


def clause_of(body) -> str:
    user = next(m["content"] for m in body["messages"] if m["role"] == "user")
    return re.search(r"- Clause: (\S+)", user).group(1)


def fenced_text(body) -> str:
    user = next(m["content"] for m in body["messages"] if m["role"] == "user")
    return user.split("<<<CLAUSE_START>>>\n", 1)[1].split("\n<<<CLAUSE_END>>>", 1)[0]


def first_sentence(text: str) -> str:
    """The first sentence of the clause's last paragraph, without its number: a verbatim quote."""
    paragraph = [line for line in text.splitlines() if len(line.split()) > 4][-1]
    return re.sub(r"^\S+\s+", "", paragraph.strip()).split(". ")[0]


def reviewer(body):
    """A model with a fixed method: read the clause, compare it and extract its terms, then answer with a quote."""
    tools_seen = [m for m in body["messages"] if m["role"] == "tool"]
    clause = clause_of(body)
    if "tools" in body and not tools_seen:
        return tool_call_turn(("get_clause_context", {"clause_id": clause}))
    if "tools" in body and len(tools_seen) == 1:
        return tool_call_turn(("compare_with_baseline", {"clause_id": clause}), ("extract_financial_terms", {"clause_id": clause}))
    quote = first_sentence(fenced_text(body))
    return {"content": json.dumps([{"risk_level": "高", "risk_type": "one_sided", "description": f"Clause {clause} favours the Supplier",
                                    "reason": "compared with the baseline", "original_text": quote}])}


async def review(mode, llm=None, request=REQUEST, **settings):
    options = dict(concurrency=3, react_max_iterations=4)
    options.update(settings)
    async with connect(None, allowed_dirs=[str(MSA)]) as tools:
        with anyio.fail_after(120):
            return await run_review(tools, request, settings=AgentSettings(**options), mode=mode, llm=llm)


async def test_multi_step_react_review(make_model):
    with ScriptedLLM([], default=reviewer) as llm:
        data = await review("react", make_model(llm))
    units = [u for u in data["units"] if u.clause_id != "*"]
    assert units and all(u.mode == "react" and not u.fallbacks for u in units)
    assert data["units"][-1].clause_id == "*" and data["units"][-1].mode == "offline"  # the document-wide pass
    liability = next(u for u in units if u.clause_id == "15")
    names = [c["name"] for c in liability.tools_called]
    assert names == ["get_clause_context", "compare_with_baseline", "extract_financial_terms"]
    assert liability.iterations == 3 and liability.usage.total_tokens > 0
    risk = next(r for r in liability.risks if r["source"] == "model")  # beside it, the review positions' risks on 15
    # the model answered for section 15; its quote sits in 15.5, so the risk is pinned there
    assert risk["risk_level"] == "high" and risk["clause_id"] == "15.5" and risk["quote_verified"] is True
    report = to_json(data)
    audited = next(c for c in report["clauses"] if c["clause_id"] == "15")
    assert [m["role"] for m in audited["audit"]["messages"]][:4] == ["system", "user", "assistant", "tool"]
    assert report["summary"]["modes"] == {"react": len(units), "offline": 1}
    assert "tools used: compare_with_baseline, extract_financial_terms, get_clause_context" in to_markdown(data)


async def test_react_failure_falls_back_to_checklist(make_model):
    def model(body):
        if "tools" in body:
            return {"content": "I think this clause is fine, mostly."}  # not the JSON asked for
        return {"content": json.dumps([{"risk_level": "medium", "description": "checked",
                                        "reason": "against the baseline", "original_text": first_sentence(fenced_text(body))}])}

    with ScriptedLLM([], default=model) as llm:
        data = await review("react", make_model(llm))
    unit = next(u for u in data["units"] if u.clause_id == "15")
    assert unit.mode == "checklist"
    assert unit.fallbacks[0]["mode"] == "react" and unit.fallbacks[0]["reason"].startswith("unparsable")
    # the checklist path ran the item's required skills, and the analysis prompt carried their results
    assert {"compare_with_baseline", "extract_financial_terms"} <= {c["name"] for c in unit.tools_called}
    analysis_prompt = next(m["content"] for m in unit.messages if m["role"] == "user" and "[Analysis tool results]" in m["content"])
    assert "[compare_with_baseline]" in analysis_prompt
    answered = next(r for r in unit.risks if r["source"] == "model")
    assert answered["risk_level"] == "medium" and answered["quote_verified"] is True


async def test_model_down_falls_back_to_offline(make_model, sleeps):
    with ScriptedLLM([], default={"status": 500}) as llm:
        data = await review("react", make_model(llm, max_retries=0), concurrency=1)
    units = data["units"]
    assert all(u.mode == "offline" for u in units)
    first = units[0]
    assert [f["mode"] for f in first.fallbacks] == ["react", "checklist"]
    assert all(f["reason"].startswith("llm_error") for f in first.fallbacks)
    assert all(u.fallbacks == [{"mode": "react", "reason": "model unavailable"}] for u in units[1:-1])
    assert len(llm.requests) == 2  # after two failed requests in a row the model is not asked again
    liability = next(u for u in units if u.clause_id == "15")
    assert any(r["risk_type"].startswith("baseline_") for r in liability.risks)


async def test_paraphrased_quote_is_flagged(make_model):
    answer = [{"risk_level": "high", "description": "Customer liability is unlimited",
               "reason": "only the Supplier's liability is capped", "original_text": "The Customer shall have unlimited liability."}]
    with ScriptedLLM([], default={"content": json.dumps(answer)}) as llm:
        data = await review("checklist", make_model(llm))
    assert llm.requests and all("tools" not in body for body in llm.requests)  # checklist mode: skills first, one analysis call
    risks = [r for u in data["units"] for r in u.risks if r["source"] == "model"]
    assert risks and all(r["quote_verified"] is False for r in risks)
    assert "quote not found verbatim in the contract" in to_markdown(data)
    assert to_json(data)["summary"]["unverified_quotes"] == len(risks)
    assert all(u.mode == "checklist" for u in data["units"] if u.clause_id != "*")


async def test_offline_review_of_the_services_case():
    data = await review("offline")
    assert all(u.mode == "offline" and u.usage.requests == 0 for u in data["units"])
    ip = [r for u in data["units"] for r in u.risks if r["clause_id"] == "10.2" and r["risk_level"] == "high"]
    assert ip and all(r["quote_verified"] for r in ip)
    assert exit_status(data, "high") == 1 and exit_status(data, None) == 0
    keys = [(r["clause_id"], r["risk_type"], (r["location"] or {}).get("original_text")) for u in data["units"] for r in u.risks]
    assert len(keys) == len(set(keys))  # a finding reached through two checklist items is reported once


def test_manifest_roles_for_fidic():
    request, raw = load_manifest(str(CASES / "fidic_a" / "gold.json"))
    assert [(Path(d.path).name, d.role) for d in request.documents] == [
        ("general_conditions.md", "gc"), ("particular_conditions.md", "primary"), ("employers_requirements.md", "reference")]
    assert request.domain == "fidic" and request.our_party == "Contractor" and raw["case_id"] == "fidic_a"


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_list_changed_reaches_the_client(mode):
    """tools/list_changed arrives as a session notification (handshake era, "legacy") or as a subscription event
    (2026-07-28, "auto" in process): either way the session marks its listing stale, and sync() re-lists before
    the next model call (here: a tool another caller expanded is listed with its schema). The FIDIC tools are
    listed from the start; nothing needs the notification to find them."""
    fidic = CASES / "fidic_a"
    async with connect(None, allowed_dirs=[str(fidic)], mode=mode) as tools:
        assert tools.has_tool("fidic_merge_gc_pc") and tools.is_lazy("fidic_merge_gc_pc") and not tools.stale
        await tools.call("open_review", documents=[{"path": str(fidic / "particular_conditions.md"), "role": "primary"},
                                                   {"path": str(fidic / "general_conditions.md"), "role": "gc"}], domain="fidic")
        await tools.client.call_tool("describe_tools", {"names": ["fidic_merge_gc_pc"]})
        with anyio.fail_after(5):
            while not tools.stale:
                await anyio.lowlevel.checkpoint()
        await tools.sync()
        assert not tools.is_lazy("fidic_merge_gc_pc") and not tools.stale


async def test_quotes_in_a_docx_contract_are_checked_against_the_servers_text(tmp_path):
    """For a .docx there is no local text to search: the quote check reads the document the server parsed."""
    import docx

    document = docx.Document()
    for line in (MSA / "master_services_agreement.md").read_text(encoding="utf-8").splitlines():
        if line.strip():
            document.add_paragraph(line.lstrip("#* ").rstrip("*"))
    path = tmp_path / "msa.docx"
    document.save(path)
    request = ReviewRequest(documents=[DocumentInput(str(path)), DocumentInput(str(MSA / "baseline.md"), role="baseline")],
                            our_party="Customer")
    async with connect(None, allowed_dirs=[str(tmp_path), str(MSA)]) as tools:
        with anyio.fail_after(120):
            data = await run_review(tools, request, settings=AgentSettings(), mode="offline")
    quoted = [r for u in data["units"] for r in u.risks if r["location"]]
    assert quoted and all(r["quote_verified"] for r in quoted)
    assert any(r["clause_id"] == "15.2" and r["risk_level"] == "high" for r in quoted)


async def test_required_skills_run_in_order_and_unknown_ones_are_skipped():
    async with connect(None, allowed_dirs=[str(MSA)]) as tools:
        review = await tools.call("open_review", documents=[{"path": str(MSA / "master_services_agreement.md")}])
        run = await run_required_skills(tools, ["get_clause_context", "no_such_skill", "extract_financial_terms", "get_clause_context"],
                                        "15.2", review["review_id"])
        missing = await run_required_skills(tools, ["get_clause_context"], "99.9", review["review_id"])
    assert run.skipped == ["no_such_skill"]
    assert [c["name"] for c in run.calls] == ["get_clause_context", "extract_financial_terms", "get_clause_context"]
    assert "shall not be limited" in run.skill_context["get_clause_context"]["text"]
    assert missing.skill_context == {} and missing.calls[0]["error"] == "CLAUSE_NOT_FOUND"


async def test_reused_tool_call_ids_are_made_unique(make_model):
    """llama.cpp-style servers may number calls from 0 on every turn; the history must not repeat an id."""
    replies = [{"content": None, "tool_calls": [("get_clause_context", {"clause_id": "15.1"})], "ids": ["call_0"]},
               {"content": None, "tool_calls": [("get_clause_context", {"clause_id": "15.2"})], "ids": ["call_0"]},
               {"content": "[]"}]
    async with connect(None, allowed_dirs=[str(MSA)]) as tools:
        review = await tools.call("open_review", documents=[{"path": str(MSA / "master_services_agreement.md")}])
        with ScriptedLLM(replies) as llm:
            result = await react_agent_loop(make_model(llm), tools, [{"role": "user", "content": "review 15"}], "15",
                                            review_id=review["review_id"])
    ids = [c["id"] for m in result.messages if m["role"] == "assistant" for c in m.get("tool_calls", [])]
    assert result.succeeded and len(ids) == 2 and len(set(ids)) == 2 and ids[0] == "call_0"
    assert [m["tool_call_id"] for m in result.messages if m["role"] == "tool"] == ids


async def test_any_exception_from_the_model_counts_as_a_model_failure():
    """Not only LLMUnavailable: a model object's own exception fails the clause in each mode and counts toward
    "model down", so the model is asked twice in all, not once a clause."""
    class Broken:
        calls = 0

        async def chat(self, messages, *, tools=None, temperature=0.1):
            Broken.calls += 1
            raise RuntimeError("API timeout")

    data = await review("react", Broken(), concurrency=1)
    units = [u for u in data["units"] if u.clause_id != "*"]
    assert all(u.mode == "offline" for u in units)
    assert [(f["mode"], f["reason"]) for f in units[0].fallbacks] == [
        ("react", "llm_error: the model failed: RuntimeError: API timeout"),
        ("checklist", "llm_error: the model failed: RuntimeError: API timeout")]
    assert all(u.fallbacks == [{"mode": "react", "reason": "model unavailable"}] for u in units[1:])
    assert Broken.calls == 2
