"""tools/call never crashes or hangs: random and malformed arguments through the SDK client give a structured
{code, message, details} error or a valid result (bench/fuzz_tools.py runs the long form)."""

from __future__ import annotations

import json

import anyio
import httpx
import pytest
from hypothesis import HealthCheck, given, settings

from bench import fuzz_tools
from http_serving import serving_http
from reliability_support import MSA, payload

CI_CASES = 300


@pytest.fixture(scope="module")
def harness():
    with fuzz_tools.running() as running:
        yield running


@pytest.fixture
def anyio_backend():
    return "asyncio"


def test_random_and_malformed_calls(harness):
    strategy = fuzz_tools.tool_calls(harness.catalog, [harness.anchor.review_id])

    @settings(max_examples=CI_CASES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(call=strategy)
    def fuzz(call):
        harness.call(*call)

    harness.codes.clear()
    fuzz()
    assert sum(harness.codes.values()) >= CI_CASES
    # the cases reach the tools' own checks and their results, not only the argument validation
    assert harness.codes["ok"] >= 10 and harness.codes["UNKNOWN_TOOL"] >= 10
    assert harness.codes["INVALID_ARGUMENT"] >= 10 and harness.codes["MISSING_ARGUMENTS"] >= 10
    assert harness.alive()


EDGE_CASES = [
    ("find_clauses", {"query": "liability", "top_k": -5}, "INVALID_ARGUMENT"),
    ("find_clauses", {"query": "liability", "top_k": 10**30}, "INVALID_ARGUMENT"),
    ("find_clauses", {"query": "liability", "top_k": "many"}, "INVALID_ARGUMENT"),
    ("find_clauses", {"query": "limitation of liability " * 20_000, "top_k": 3}, "INVALID_ARGUMENT"),  # a topic, not a text
    ("find_clauses", {"query": ("limitation of liability " * 50)[:1000], "top_k": 3}, "ok"),
    ("get_outline", {"offset": -1}, "INVALID_ARGUMENT"),
    ("get_clause_context", {"clause_id": ["15"]}, "INVALID_ARGUMENT"),
    ("get_clause_context", {"clause_id": "15", "review_id": "rev_doesnotexist"}, "REVIEW_NOT_FOUND"),
    ("get_clause_context", {"clause_id": "\ud800\udfff\ud800"}, "CLAUSE_NOT_FOUND"),
    ("get_clause_context", {"clause_id": "1" * 1_000_000}, "CLAUSE_NOT_FOUND"),
    ("get_clause_context", {"clause_id": fuzz_tools.nested(200)}, "INVALID_ARGUMENT"),
    ("describe_tools", {"names": {"a": {"b": {"c": []}}}}, "INVALID_ARGUMENT"),
    ("open_review", {"documents": [{"text": "1. Term\n\nLone \udc80 surrogate \ud83d here.", "filename": "x.md"}]}, "ok"),
    ("open_review", {"documents": [{"text": "\x00\x01\x02" * 1000}]}, "ok"),
    ("open_review", {"documents": [{"path": "A" * 10_000}]}, "INVALID_PATH"),  # longer than the OS takes
    ("open_review", {"documents": [{"path": "contract\x00.md"}]}, "INVALID_PATH"),
    ("open_review", {"documents": [{"path": "master_services_agreement.md"}], "playbook_path": "p" * 5000}, "INVALID_PATH"),
    ("open_review", {"documents": "not a list"}, "INVALID_ARGUMENT"),
    ("open_review", {"documents": []}, "INVALID_ARGUMENT"),
    ("close_review", {"review_id": None}, "MISSING_ARGUMENTS"),
    ("no_such_tool", {"x": 1}, "UNKNOWN_TOOL"),
    ("", {}, "UNKNOWN_TOOL"),
]


@pytest.mark.parametrize("name, arguments, code", EDGE_CASES, ids=[f"{c[0] or 'empty'}-{i}" for i, c in enumerate(EDGE_CASES)])
def test_named_edge_cases(harness, name, arguments, code):
    assert harness.call(name, arguments) == code


def test_missing_review_on_an_empty_server():
    with fuzz_tools.running() as fresh:
        store = fresh.server.paralaw_state.store
        store.delete(fresh.anchor.review_id)
        fresh.anchor = fresh.anchor.model_copy(update={"review_id": "rev_gone"})  # _tidy must not bring it back
        store.delete("rev_gone")
        result = fresh.portal.call(fresh._call, "get_clause_context", {"clause_id": "15"})
        assert fuzz_tools.check_answer(result) == "NO_REVIEW"


@pytest.mark.anyio
async def test_malformed_bytes_on_the_wire(tmp_path):
    """What no SDK client sends: invalid UTF-8, 100,000-deep JSON, a body that is not JSON. The HTTP server
    answers each with a client error and goes on serving a normal session."""
    from mcp import Client

    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
               "MCP-Protocol-Version": "2025-06-18"}
    deep = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"find_clauses","arguments":{"query":' \
        + b"[" * 100_000 + b"]" * 100_000 + b"}}}"
    bodies = [b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"\xff\xfe\xc3\x28"}}', deep,
              b"this is not json", b"", b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\xed\xa0\x80"}}']
    with anyio.fail_after(60):
        async with serving_http(store=str(tmp_path / "reviews.db"), allowed_dirs=[str(MSA.parent)]) as url:
            async with httpx.AsyncClient(timeout=20) as http:
                for body in bodies:
                    response = await http.post(url, content=body, headers=headers)
                    assert 400 <= response.status_code < 500, (body[:60], response.status_code, response.text[:200])
            async with Client(url, mode="legacy") as client:
                opened = await client.call_tool("open_review", {"documents": [{"path": MSA.name}]})
                assert not opened.is_error, payload(opened)
                found = await client.call_tool("find_clauses", {"query": "limitation of liability", "top_k": 1})
                assert json.loads(found.content[0].text)["hits"][0]["title"] == "Limitation of Liability"
