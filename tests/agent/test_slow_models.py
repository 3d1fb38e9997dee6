"""Slow and dead local servers: a request timeout the user can set (PARALAW_LLM_TIMEOUT, --llm-timeout) with a
default that fits a small model on a CPU, and a model found down twice in a row is asked nothing more, not even
by the clauses already under way. The report says whether the model was reached."""

from __future__ import annotations

import json
import os
import re

import anyio
import pytest
from typer.testing import CliRunner

from paralaw.agent.cli import app
from paralaw.agent.llm import ModelReply, OpenAIChatModel
from paralaw.agent.mcp_client import connect
from paralaw.agent.pipeline import DocumentInput, ReviewRequest, run_review
from paralaw.agent.report import to_json, to_markdown
from paralaw.agent.settings import AgentSettings, get_settings
from paralaw.agent.toolcalls import ToolCall
from data_paths import ROOT
from scripted_llm import ScriptedLLM

EXAMPLE = ROOT / "examples" / "services_agreement.md"


def test_the_default_timeout_fits_a_local_model(monkeypatch):
    monkeypatch.delenv("PARALAW_LLM_TIMEOUT", raising=False)
    assert get_settings().llm_timeout == 300
    monkeypatch.setenv("PARALAW_LLM_TIMEOUT", "90")
    assert get_settings().llm_timeout == 90 and get_settings(llm_timeout=12).llm_timeout == 12  # the flag wins
    model = OpenAIChatModel.from_settings(get_settings(llm_timeout=12))
    assert model.client.timeout == 12


def test_llm_timeout_flag_bounds_each_request(tmp_path, monkeypatch):
    """--llm-timeout 1 against a server that never answers: each clause says the model timed out, the review
    ends offline in seconds, and the report says the model was never reached."""
    for name in list(os.environ):
        if name.startswith(("OPENAI_", "USE_REACT", "PARALAW_")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    with ScriptedLLM([], default={"hang": True}) as llm:
        monkeypatch.setenv("OPENAI_BASE_URL", llm.base_url)
        monkeypatch.setenv("PARALAW_LLM_RETRIES", "0")
        result = CliRunner().invoke(app, ["review", str(EXAMPLE), "--party", "Customer", "--mode", "checklist",
                                          "--llm-timeout", "1", "--concurrency", "1", "--json", "r.json", "--out", "r.md"])
        assert result.exit_code == 0, result.output
        assert len(llm.requests) == 2  # two timeouts in a row: the model is down, nobody asks it again
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["model_reached"] is False and report["summary"]["modes"] == {"offline": len(report["clauses"])}
    first = next(c for c in report["clauses"] if c["fallbacks"] and c["fallbacks"][0]["reason"].startswith("llm_error"))
    assert "APITimeoutError" in first["fallbacks"][0]["reason"]
    assert "The model was never reached" in (tmp_path / "r.md").read_text()
    assert CliRunner().invoke(app, ["review", str(EXAMPLE), "--llm-timeout", "0"]).exit_code == 2


@pytest.mark.anyio
async def test_clauses_under_way_stop_asking_a_dead_model(anyio_backend):
    """Every clause starts at once. The first to ask fails twice (react, then checklist): the model is down. The
    others, whose first answer (a tool call) was still on its way, are refused at their next turn: each asked once."""
    asked: dict[str, int] = {}
    down = anyio.Event()

    class Model:
        first: str | None = None

        async def chat(self, messages, *, tools=None, temperature=0.1):
            clause = re.search(r"- Clause: (\S+)", next(m["content"] for m in messages if m["role"] == "user")).group(1)
            asked[clause] = asked.get(clause, 0) + 1
            Model.first = Model.first or clause
            if clause == Model.first:
                if asked[clause] == 2:
                    down.set()
                raise RuntimeError("connection refused")
            await down.wait()
            return ModelReply(tool_calls=[ToolCall(id="", name="get_clause_context", arguments=json.dumps({"clause_id": clause}))])

    settings = AgentSettings(concurrency=16, react_max_iterations=5)
    async with connect(None, allowed_dirs=[str(EXAMPLE.parent)]) as tools:
        with anyio.fail_after(60):
            data = await run_review(tools, ReviewRequest([DocumentInput(str(EXAMPLE))], our_party="Customer"),
                                    settings=settings, mode="react", llm=Model())
    units = [u for u in data["units"] if u.clause_id != "*"]
    assert len(units) == 8 and all(u.mode == "offline" for u in units)
    assert asked.pop(Model.first) == 2 and set(asked.values()) == {1}
    others = [u for u in units if u.clause_id != Model.first]
    assert all(u.fallbacks == [{"mode": "react", "reason": "llm_error: model unavailable (earlier requests failed)"}]
               for u in others), [u.fallbacks for u in others]
    assert to_json(data)["model_reached"] is False and "never reached" in to_markdown(data)


ANSWER = {"content": json.dumps([{"risk_level": "medium", "risk_type": "payment", "description": "Payment is due late.",
                                  "reason": "Sixty days is long for our cash flow.", "original_text": ""}])}


async def _checklist_review(llm: ScriptedLLM, retries: int) -> list:
    model = OpenAIChatModel(model="scripted", base_url=llm.base_url, api_key="test", timeout=0.5, max_retries=retries,
                            base_backoff=0.01)
    async with connect(None, allowed_dirs=[str(EXAMPLE.parent)]) as tools:
        with anyio.fail_after(60):
            data = await run_review(tools, ReviewRequest([DocumentInput(str(EXAMPLE))], our_party="Customer"),
                                    settings=AgentSettings(concurrency=1), mode="checklist", llm=model)
    return [u for u in data["units"] if u.clause_id != "*"]


@pytest.mark.anyio
async def test_a_stalled_request_is_made_once_and_its_clause_falls_back(anyio_backend):
    """The first request stalls past the 0.5 s timeout. With three retries allowed it is still made only once:
    that clause goes offline and says the model timed out; the model, reached since, reviews the others."""
    with ScriptedLLM([{"hang": True}], default=ANSWER) as llm:
        units = await _checklist_review(llm, retries=3)
        requests = len(llm.requests)
    assert requests == len(units)  # one request per clause: the stalled one was not asked again
    first, rest = units[0], units[1:]
    assert first.mode == "offline" and len(first.fallbacks) == 1
    assert first.fallbacks[0]["mode"] == "checklist" and "APITimeoutError" in first.fallbacks[0]["reason"]
    assert "not retried" in first.fallbacks[0]["reason"]
    assert rest and all(u.mode == "checklist" and not u.fallbacks for u in rest), [(u.mode, u.fallbacks) for u in rest]


@pytest.mark.anyio
async def test_a_503_is_retried_and_the_clause_keeps_its_model_analysis(anyio_backend):
    with ScriptedLLM([{"status": 503, "headers": {"Retry-After": "0"}}], default=ANSWER) as llm:
        units = await _checklist_review(llm, retries=2)
        requests = len(llm.requests)
    assert requests == len(units) + 1  # the first clause's request, once more after the 503
    assert all(u.mode == "checklist" and not u.fallbacks for u in units), [(u.mode, u.fallbacks) for u in units]
    assert any(r["description"] == "Payment is due late." for r in units[0].risks)
