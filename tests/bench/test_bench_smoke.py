"""The performance suite in its quick form, so the scripts cannot rot: every measure runs with tiny counts
(real servers, real contracts, loopback only) and its figures have the shape the report needs. Timings are
not asserted: this machine is shared."""

from __future__ import annotations

import math

import pytest

from bench import __main__ as suite
from bench.perf_support import interleaved, percentile
from bench.perf_scaling import growth_exponent


@pytest.fixture(scope="module")
def results():
    return suite.run_suite(quick=True, log=lambda line: None)


def test_every_measure_ran(results):
    assert results["errors"] == {}
    assert set(suite.MEASURES) <= set(results)


def test_listing_rows_per_domain(results):
    rows = {r["domain"]: r for r in results["listing"]["rows"]}
    assert set(rows) == {"generic", "fidic", "sha_spa"}
    for r in rows.values():
        assert 0 < r["lazy_bytes"] < r["full_bytes"]
        assert r["lazy_tokens_est"] == round(r["lazy_bytes"] / 4)
        assert r["ratio"] == round(r["lazy_bytes"] / r["full_bytes"], 3)


def test_overhead_compares_with_the_bare_server(results):
    (row,) = results["overhead"]["rows"]
    assert row["transport"] == "memory"
    for side in ("paralaw", "bare"):
        assert row[side]["n"] == 10 and 0 < row[side]["p50_ms"] <= row[side]["p95_ms"]
    assert row["ratio_p50"] == pytest.approx(row["paralaw"]["p50_ms"] / row["bare"]["p50_ms"], abs=0.01)


def test_throughput_counts_requests_and_errors(results):
    (row,) = results["throughput"]["rows"]
    assert row["clients"] == 2 and row["requests_per_round"] == 20
    for side in ("paralaw", "bare"):
        assert row[side]["errors"] == 0, row[side]["error_samples"]
        assert row[side]["n"] == 20 and row[side]["rps_median"] > 0


def test_scaling_covers_contracts_and_skills(results):
    scaling = results["scaling"]
    assert len(scaling["contracts"]) == 2
    assert all(r["parse_ms"] > 0 and r["review_s"] > 0 and r["clauses"] > 10 for r in scaling["contracts"])
    skills = {s["skill"] for s in scaling["skills"]}
    assert {"get_clause_context", "extract_financial_terms"} <= skills
    assert scaling["slowest_skill_cpu_p95_ms"] == max(s["cpu_p95_ms"] for s in scaling["skills"])


def test_cold_start_is_measured_against_pydantic_in_the_same_run(results):
    cold = results["cold_start"]
    assert [r["command"] for r in cold["rows"]] == ["import pydantic", "paralaw parse", "paralaw tools"]
    assert cold["met"] and all(r["loads"] == [] for r in cold["rows"][1:])
    assert all(r["median_s"] > 0 and r["ratio_to_pydantic"] > 0 for r in cold["rows"])


def test_agent_cost_same_tool_calls_both_ways(results):
    agent = results["agent"]
    assert agent["lazy"]["tool_calls_ok"] == agent["full"]["tool_calls_ok"] > 0
    assert agent["lazy"]["model_calls"] == agent["full"]["model_calls"]
    assert agent["lazy"]["tool_bytes"] < agent["full"]["tool_bytes"]


def test_memory_reads_the_server_process(results):
    memory = results["memory"]
    assert memory["reviews"] == 1
    assert memory["peak_rss_mb"] >= memory["startup_rss_mb"] > 10


def test_report_has_a_goal_beside_each_figure(results):
    rows = suite.summary_rows(results)
    assert len(rows) == 3 + 1 + 1 + 3 + 1 + 1 + 2
    assert all(goal and verdict in ("met", "missed") for _, _, goal, verdict in rows)
    doc = suite.render(results, rows, {"cpu": "cpu", "cores": 2, "memory_gb": 1.0, "python": "3", "os": "Linux",
                                       "load_1min": 0.0}, 1.0, "\nkept notes\n")
    assert "| measure | figure | goal |" in doc and doc.endswith("<!-- notes -->\nkept notes\n")


def test_percentile_and_exponent():
    assert percentile([1, 2, 3, 4, 5], 50) == 3
    assert percentile([0, 10], 95) == pytest.approx(9.5)
    assert growth_exponent([1, 2, 4], [3, 6, 12]) == pytest.approx(1.0)
    assert growth_exponent([1, 2, 4], [1, 4, 16]) == pytest.approx(2.0)
    assert math.log2(2.2) == pytest.approx(1.1375, abs=1e-4)


@pytest.mark.anyio
async def test_interleaved_alternates_blocks():
    order: list[str] = []

    async def a():
        order.append("a")

    async def b():
        order.append("b")

    times = await interleaved({"a": a, "b": b}, repeats=4, block=2, warmup=0)
    assert order == ["a", "a", "b", "b", "b", "b", "a", "a"]
    assert len(times["a"]) == len(times["b"]) == 4


@pytest.fixture
def anyio_backend():
    return "asyncio"


def test_http_listener_sets_tcp_nodelay(monkeypatch, tmp_path):
    """What perf_mcp_overhead found: without TCP_NODELAY every keep-alive call waited ~40 ms for a delayed ACK."""
    import socket

    import uvicorn

    from paralaw.server import run_http

    seen: list[int] = []

    def fake_run(self, sockets=None):
        seen.extend(s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) for s in sockets)
        for s in sockets:
            s.close()

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    run_http(port=0, store=str(tmp_path / "r.sqlite"))
    assert seen and all(seen)


def test_output_check_fast_path_keeps_the_schema_verdict():
    """The server's output check: a dump of the output model passes without the JSON Schema validator; data
    that differs from such a dump still gets the validator's verdict."""
    import anyio

    from paralaw.server import build_server
    from paralaw.server.calls import output_problems
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.framework.state import make_state

    state = build_server(":memory:").paralaw_state
    spec = state.catalog.get("extract_financial_terms")
    doc = parse_document_text("1. Payment\n\nPay USD 100 within 30 days.\n", filename="pay.md")
    result = anyio.run(lambda: state.dispatcher.prepare_and_call("extract_financial_terms", "1", doc, make_state(doc)))
    good = result.data
    assert good["total_terms"] == 2 and output_problems(spec, good) == []
    assert output_problems(spec, {**good, "extra_note": "kept"}) == []  # not a model dump, but the schema allows it
    wrong = {**good, "summary": 5}
    assert output_problems(spec, wrong) and "is not of type 'string'" in output_problems(spec, wrong)[0]


def test_baseline_scores_in_one_pass_equal_one_at_a_time():
    """compare_with_baseline's one-pass scoring (made for the skill-cost figure) gives the same numbers."""
    from bench.perf_scaling import contracts
    from paralaw.skills.documents.loaders import load_document
    from paralaw.skills.generic import baseline_match as cwb
    from paralaw.skills.packs import baseline_structure

    baseline = baseline_structure("generic")
    prepared = cwb._prepared(baseline)
    others = tuple(prepared[c.start][0] for c in baseline.iter_clauses())
    contract = load_document(contracts()[0])
    texts = [cwb.clause_body(contract, c)[0].lower() for c in list(contract.iter_clauses())[:8]]
    assert len(others) > 20 and len(texts) == 8
    for text in texts:
        assert cwb._text_scores(text, others) == tuple(cwb._text_score(text, other) for other in others)
    assert cwb._text_scores("anything", ()) == ()
