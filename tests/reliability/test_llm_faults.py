"""Faults in the model path: timeouts, connection resets, 429 with Retry-After, 5xx, bodies cut off, bodies that
are not JSON, a model that never stops calling tools. The review (the real pipeline, a real paralaw server in
process, the openai client against a misbehaving server on 127.0.0.1) completes for every clause with its mode
recorded, and the report says what failed."""

from __future__ import annotations

import itertools
import json
import re
import threading

import anyio
import pytest

from faulty_llm import FAULTS, FaultyLLM, tool_call_turn
from paralaw.agent.llm import OpenAIChatModel
from paralaw.agent.mcp_client import connect
from paralaw.agent.pipeline import DocumentInput, ReviewRequest, run_review
from paralaw.agent.report import to_json, to_markdown
from paralaw.agent.settings import AgentSettings
from reliability_support import MSA, SERVICES

pytestmark = pytest.mark.anyio
WAIT = 180
REQUEST = ReviewRequest(documents=[DocumentInput(str(MSA)), DocumentInput(str(SERVICES / "baseline.md"), role="baseline")],
                        our_party="Customer")


@pytest.fixture
def anyio_backend():
    return "asyncio"


class Sleeps:
    """Stands in for anyio.sleep in the retry policy: records each backoff, waits for nothing."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)
        await anyio.lowlevel.checkpoint()


def fenced(body: dict) -> str:
    user = next(m["content"] for m in body["messages"] if m["role"] == "user")
    return user.split("<<<CLAUSE_START>>>\n", 1)[1].split("\n<<<CLAUSE_END>>>", 1)[0]


def reviewer(body: dict) -> dict:
    """A sound model: with tools, read the clause once, then answer with a risk quoting the clause verbatim."""
    if "tools" in body and not any(m["role"] == "tool" for m in body["messages"]):
        clause = re.search(r"- Clause: (\S+)", next(m["content"] for m in body["messages"] if m["role"] == "user")).group(1)
        return tool_call_turn(("get_clause_context", {"clause_id": clause}))
    line = max((l for l in fenced(body).splitlines() if len(l.split()) > 4), key=len, default="")
    quote = re.sub(r"^[#*\s\d.()a-z]{0,8}\s", "", line.strip())[:80]
    return {"content": json.dumps([{"risk_level": "medium", "risk_type": "review", "description": "checked",
                                    "reason": "scripted", "original_text": quote}])}


def faulty_every(n: int, faults: list[dict]):
    """Every n-th request gets the next fault in turn; the others get the sound model."""
    counter = itertools.count(1)
    cycle = itertools.cycle(faults)
    lock = threading.Lock()
    injected: list[dict] = []

    def turn(body: dict) -> dict:
        with lock:
            index = next(counter)
            fault = next(cycle) if index % n == 0 else None
            if fault is not None:
                injected.append(fault)
        return fault if fault is not None else reviewer(body)

    turn.injected = injected  # type: ignore[attr-defined]
    return turn


RETRIED_FAULTS = [{"fault": f} for f in FAULTS if f != "empty"] + [
    {"status": 429, "headers": {"Retry-After": "7"}}, {"status": 500}, {"status": 502},
    {"status": 503, "headers": {"Retry-After": "2"}}, {"status": 429, "body": {"error": {"message": "rate limited"}}}]
ALL_FAULTS = RETRIED_FAULTS + [{"hang": True}]  # a timeout is not retried: only a slower server explains it


async def review(llm: FaultyLLM, sleeps: Sleeps, *, mode: str = "react", retries: int = 2, concurrency: int = 1, **options):
    model = OpenAIChatModel(model="scripted", base_url=llm.base_url, api_key="test", timeout=3.0, max_retries=retries,
                            sleep=sleeps)
    settings = AgentSettings(concurrency=concurrency, react_max_iterations=options.pop("iterations", 4), **options)
    async with connect(None, allowed_dirs=[str(SERVICES)]) as tools:
        with anyio.fail_after(WAIT):
            return await run_review(tools, REQUEST, settings=settings, mode=mode, llm=model)


def clauses(data: dict) -> list:
    return [u for u in data["units"] if u.clause_id != "*"]


async def test_passing_faults_are_retried_and_the_review_is_whole():
    """A fault on every second request, each kind that may pass in turn: the retries absorb all of them."""
    sleeps = Sleeps()
    script = faulty_every(2, RETRIED_FAULTS)
    with FaultyLLM([], default=script) as llm:
        data = await review(llm, sleeps)
    units = clauses(data)
    assert len(units) >= 8
    assert len(script.injected) >= len(RETRIED_FAULTS)  # every kind was met at least once
    assert all(u.mode == "react" and not u.fallbacks for u in units), [(u.clause_id, u.mode, u.fallbacks) for u in units]
    assert all(u.risks for u in units)
    assert 7.0 in sleeps.delays and 2.0 in sleeps.delays  # Retry-After honoured (429 and 503)
    assert len(sleeps.delays) == len(script.injected)  # one retry per injected fault, no more
    assert to_json(data)["summary"]["modes"]["react"] == len(units)


@pytest.mark.parametrize("fault", ALL_FAULTS, ids=lambda f: f.get("fault") or ("hang" if f.get("hang") else str(f["status"])))
async def test_a_model_that_keeps_failing_falls_back_and_the_report_says_why(fault):
    sleeps = Sleeps()
    with FaultyLLM([], default=fault) as llm:
        data = await review(llm, sleeps, retries=1)
    units = clauses(data)
    assert units and all(u.mode == "offline" for u in units)
    first = units[0]
    assert [f["mode"] for f in first.fallbacks] == ["react", "checklist"]
    timeout = fault.get("hang", False)
    reason = "llm_error: model request failed: APITimeoutError" if timeout else "llm_error: model unavailable after 2 attempts"
    assert all(f["reason"].startswith(reason) for f in first.fallbacks), first.fallbacks
    assert all(u.fallbacks for u in units)  # each clause says why it has no model analysis
    # two requests found the model down (a timeout once each, other faults twice); no one asked it again
    assert len(llm.requests) == (2 if timeout else 4)
    markdown = to_markdown(data)
    assert "react failed: llm_error: model " in markdown
    assert f"{len(data['units'])} offline" in markdown
    assert any(r["risk_type"].startswith("baseline_") for u in units for r in u.risks)  # the skills still report


async def test_a_model_that_never_stops_calling_tools():
    """Each answer is another tool call: the loop ends at its budget, the clause falls back, the model is asked a
    bounded number of times, and the report says what happened."""
    calls = itertools.count()

    def obsessed(body: dict) -> dict:
        return tool_call_turn(("get_clause_context", {"clause_id": str(next(calls) % 40 + 1)}))

    sleeps = Sleeps()
    with FaultyLLM([], default=obsessed) as llm:
        data = await review(llm, sleeps, iterations=3, concurrency=3)
    units = clauses(data)
    assert units and all(u.mode in ("checklist", "offline") for u in units)
    assert all(u.fallbacks[0]["mode"] == "react" and u.fallbacks[0]["reason"].startswith("max_iterations") for u in units)
    assert len(llm.requests) <= len(units) * (3 + 1)  # three react turns and one checklist analysis per clause
    assert "react failed: max_iterations: no final answer after 3 iterations" in to_markdown(data)


async def test_random_faults_with_concurrency_still_cover_every_clause():
    """Faults on half the requests, several clauses at once: every clause ends with a mode, and each one that
    lost its model analysis lists why."""
    sleeps = Sleeps()
    script = faulty_every(2, list(reversed(ALL_FAULTS)))
    with FaultyLLM([], default=script) as llm:
        data = await review(llm, sleeps, retries=1, concurrency=4)
    units = clauses(data)
    assert units and all(u.mode in ("react", "checklist", "offline") for u in units)
    for unit in units:
        if unit.mode != "react":
            assert unit.fallbacks and all(f["reason"] for f in unit.fallbacks)
    report = to_json(data)
    assert sum(report["summary"]["modes"].values()) == len(data["units"])
    assert [c["clause_id"] for c in report["clauses"]][: len(units)] == [u.clause_id for u in units]
