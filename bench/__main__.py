"""`python -m bench`: the performance suite in one command (issue 7).

Runs the seven measures (tool listing size, MCP overhead, HTTP throughput, parse/review scaling, agent cost,
memory, cold start), prints one table with the goal beside each figure, and rewrites docs/benchmarks.md with that table,
each measure's details, the machine and the date. Text below the `<!-- notes -->` line of the existing
docs/benchmarks.md (profiling notes, before/after figures) is kept.

    python -m bench                  # the full suite (under 10 minutes on a 2-core machine), rewrites the doc
    python -m bench --quick          # tiny counts: checks every script still runs; writes no doc
    python -m bench --only overhead,memory [--out FILE] [--json FILE]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any, Callable

import anyio

from . import (perf_agent_cost, perf_cold_start, perf_http_throughput, perf_listing, perf_mcp_overhead, perf_memory,
               perf_scaling)
from .perf_support import ROOT, machine

DOC = ROOT / "docs" / "benchmarks.md"
NOTES_MARK = "<!-- notes -->"
Row = tuple[str, str, str, str]  # measure, figure, goal, verdict


def _verdict(met: bool) -> str:
    return "met" if met else "missed"


def run_listing(quick: bool) -> dict[str, Any]:
    return {"rows": anyio.run(perf_listing.measure)}


def run_overhead(quick: bool) -> dict[str, Any]:
    return {"rows": anyio.run(perf_mcp_overhead.measure, 10 if quick else 300,
                              ("memory",) if quick else perf_mcp_overhead.TRANSPORTS)}


def run_throughput(quick: bool) -> dict[str, Any]:
    return {"rows": anyio.run(perf_http_throughput.measure, 20 if quick else 500, 1 if quick else 3,
                              (2,) if quick else perf_http_throughput.CONCURRENCY)}


def run_scaling(quick: bool) -> dict[str, Any]:
    return anyio.run(perf_scaling.measure, quick)


def run_agent(quick: bool) -> dict[str, Any]:
    return anyio.run(perf_agent_cost.measure)


def run_memory(quick: bool) -> dict[str, Any]:
    return anyio.run(perf_memory.measure, 1 if quick else 10)


def run_cold_start(quick: bool) -> dict[str, Any]:
    return perf_cold_start.measure(1 if quick else 9)


MEASURES: dict[str, Callable[[bool], dict[str, Any]]] = {
    "listing": run_listing, "overhead": run_overhead, "throughput": run_throughput,
    "scaling": run_scaling, "agent": run_agent, "memory": run_memory, "cold_start": run_cold_start,
}


def summary_rows(results: dict[str, Any]) -> list[Row]:
    """One table row per figure, with its goal and whether it was met."""
    rows: list[Row] = []
    if "listing" in results:
        for r in results["listing"]["rows"]:
            rows.append((f"1 tools/list {r['domain']} ({r['tools']} tools)",
                         f"lazy {r['lazy_bytes']} B (~{r['lazy_tokens_est']} tok) / full {r['full_bytes']} B "
                         f"(~{r['full_tokens_est']} tok) = {r['ratio']:.1%}", r["goal"], _verdict(r["met"])))
    if "overhead" in results:
        for r in results["overhead"]["rows"]:
            p, b = r["paralaw"], r["bare"]
            rows.append((f"2 tools/call latency, {r['transport']}",
                         f"get_clause_context p50 {p['p50_ms']:.2f} / p95 {p['p95_ms']:.2f} ms; bare echo p50 "
                         f"{b['p50_ms']:.2f} / p95 {b['p95_ms']:.2f} ms; ratio p50 {r['ratio_p50']:.2f}x", r["goal"],
                         _verdict(r["met"])))
    if "throughput" in results:
        for r in results["throughput"]["rows"]:
            p, b = r["paralaw"], r["bare"]
            rows.append((f"3 HTTP throughput, {r['clients']} clients",
                         f"{p['rps_median']:.0f} req/s, {p['errors']} errors (p50 {p['p50_ms']:.0f} ms); bare "
                         f"{b['rps_median']:.0f} req/s, {b['errors']} errors; ratio {r['ratio_rps']:.2f}", r["goal"],
                         _verdict(r["met"])))
    if "scaling" in results:
        s = results["scaling"]
        n = len(s["contracts"])
        rows.append((f"4 parse time vs size ({n} CUAD contracts)", f"exponent {s['parse_exponent']:.2f}",
                     s["goal_exponent"], _verdict(s["parse_met"])))
        rows.append((f"4 offline review time vs size ({n} contracts)", f"exponent {s['review_exponent']:.2f}",
                     s["goal_exponent"], _verdict(s["review_met"])))
        rows.append(("4 slowest skill per clause, largest contract",
                     f"{s['slowest_skill']} p95 {s['slowest_skill_cpu_p95_ms']:.1f} ms CPU ({s['slowest_skill_p95_ms']:.1f} ms wall)",
                     s["goal_skill"], _verdict(s["skill_met"])))
    if "agent" in results:
        a = results["agent"]
        lazy, full = a["lazy"], a["full"]
        rows.append(("5 agent prompt bytes per clause, lazy vs full",
                     f"lazy {lazy['prompt_bytes_per_clause']} B / full {full['prompt_bytes_per_clause']} B = "
                     f"{a['ratio_prompt_bytes']:.1%}; {lazy['model_calls_per_clause']} vs {full['model_calls_per_clause']} "
                     f"model calls per clause; {lazy['tool_calls_ok']} vs {full['tool_calls_ok']} successful tool calls",
                     a["goal"], _verdict(a["met"])))
    if "memory" in results:
        m = results["memory"]
        rows.append((f"6 peak RSS of paralaw serve, {m['reviews']} open reviews", f"{m['peak_rss_mb']:.0f} MB "
                     f"(start-up {m['startup_rss_mb']:.0f} MB, bare SDK server {m['bare_server_rss_mb']:.0f} MB)",
                     m["goal"], _verdict(m["met"])))
    if "cold_start" in results:
        c = results["cold_start"]
        for r in c["rows"]:
            if r["command"].startswith("paralaw "):
                rows.append((f"7 cold start, {r['command']}",
                             f"{r['median_s']:.2f} s = {r['ratio_to_pydantic']:.1f}x `python -c \"import pydantic\"` "
                             f"({c['pydantic_s']:.2f} s, same run); loads {', '.join(r['loads']) or 'neither openai nor mcp'}",
                             c["goal"], _verdict(not r["loads"])))
    for name, error in results.get("errors", {}).items():
        rows.append((name, f"failed: {error}", "", "error"))
    return rows


def markdown_table(rows: list[Row]) -> str:
    lines = ["| measure | figure | goal | |", "|---|---|---|---|"]
    lines += [f"| {m} | {f} | {g} | {v} |" for m, f, g, v in rows]
    return "\n".join(lines)


def _details(results: dict[str, Any]) -> str:
    parts = []
    if "scaling" in results:
        s = results["scaling"]
        parts.append("### 4. Parse and offline review time per CUAD contract\n")
        parts.append("| bytes | clauses | parse ms | review s | contract |\n|---:|---:|---:|---:|---|")
        parts += [f"| {r['bytes']} | {r['clauses']} | {r['parse_ms']:.1f} | {r['review_s']:.2f} | {r['contract']} |"
                  for r in s["contracts"]]
        parts.append(f"\nPer skill, one call per clause of the largest contract ({s['largest']}), through the dispatcher:\n")
        parts.append("| skill | calls | failed | p50 ms | p95 ms | max ms | CPU p50 ms | CPU p95 ms |\n"
                     "|---|---:|---:|---:|---:|---:|---:|---:|")
        parts += [f"| {r['skill']} | {r['calls']} | {r['failed']} | {r['p50_ms']:.2f} | {r['p95_ms']:.2f} | {r['max_ms']:.2f} | "
                  f"{r['cpu_p50_ms']:.2f} | {r['cpu_p95_ms']:.2f} |" for r in s["skills"]]
        parts.append("")
    if "agent" in results:
        a = results["agent"]
        parts.append("### 5. Agent cost with the scripted model\n")
        parts.append("| schemas | clauses | model calls | prompt bytes | of which tool definitions | successful tool calls |\n"
                     "|---|---:|---:|---:|---:|---:|")
        for name in ("lazy", "full"):
            r = a[name]
            parts.append(f"| {name} | {r['clauses']} | {r['model_calls']} | {r['prompt_bytes']} | {r['tool_bytes']} | {r['tool_calls_ok']} |")
        parts.append("")
    return "\n".join(parts)


METHOD = """\
How each figure is taken (the scripts' docstrings say more; every comparison is a ratio measured in the same
run, the two sides alternating in small blocks, since this machine is shared and its speed drifts):

1. `bench/perf_listing.py` (bytes from `bench/listing_size.py`): the tools/list result as JSON bytes after
   opening a review of each domain; tokens are estimated as bytes / 4 (a rule of thumb, no tokenizer).
2. `bench/perf_mcp_overhead.py`: tools/call of `get_clause_context` (clause 2.2 of the review-case master
   services agreement) against the `echo` tool of `bench/bare_server.py` (the SDK's low-level server, nothing
   else), both over the same transport at the same time; calls alternate in blocks of ten.
3. `bench/perf_http_throughput.py`: `paralaw serve --http` and the bare server as subprocesses on 127.0.0.1;
   N concurrent keep-alive connections send the SDK client's stateless tools/call POSTs for a fixed count;
   median requests/s over rounds that alternate between the two servers. The load generator (a minimal
   HTTP/1.1 client on raw sockets) shares the machine's two cores with the server under test.
4. `bench/perf_scaling.py`: `load_document` time (fastest of 5) and a full offline review (`paralaw review
   --mode offline`'s pipeline, in-process MCP server) per CUAD contract; the exponent is the least-squares
   slope of log time on log size. Skill cost: every generic-pack skill on every clause of the largest contract.
5. `bench/perf_agent_cost.py`: a ReAct review of the master services agreement against the scripted
   OpenAI-compatible server of the agent tests; the same script (two tool calls, then the answer) per clause.
6. `bench/perf_memory.py`: VmHWM of the `paralaw serve --http` process after 10 reviews of the largest CUAD
   contracts were opened and used.
"""


def render(results: dict[str, Any], rows: list[Row], info: dict[str, Any], seconds: float, notes: str) -> str:
    when = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    head = (f"# Benchmarks\n\nGenerated by `python -m bench` on {when} in {seconds:.0f} s. Do not edit above the notes "
            f"line: the command rewrites it.\n\n"
            f"Machine: {info['cpu']}, {info['cores']} cores, {info['memory_gb']} GB memory, Python {info['python']}, "
            f"{info['os']}; load average {info['load_1min']} at the start (the machine is shared, so absolute "
            f"times vary between runs; the ratios are the figures to compare).\n\n")
    body = markdown_table(rows) + "\n\n" + METHOD + "\n" + _details(results)
    return head + body + "\n" + NOTES_MARK + "\n" + notes.lstrip("\n")


def existing_notes(path: Path) -> str:
    if not path.exists():
        return ""
    text = path.read_text(encoding="utf-8")
    return text.split(NOTES_MARK, 1)[1] if NOTES_MARK in text else ""


def run_suite(quick: bool = False, only: list[str] | None = None, log: Callable[[str], None] = print) -> dict[str, Any]:
    results: dict[str, Any] = {"errors": {}, "seconds": {}}
    for name, run in MEASURES.items():
        if only and name not in only:
            continue
        started = time.perf_counter()
        log(f"running {name} ...")
        try:
            results[name] = run(quick)
        except Exception as exc:  # one broken measure is reported; the others still run
            traceback.print_exc()
            results["errors"][name] = f"{type(exc).__name__}: {exc}"
        results["seconds"][name] = round(time.perf_counter() - started, 1)
        log(f"  {name} took {results['seconds'][name]} s")
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny counts, no doc written unless --out is given")
    parser.add_argument("--only", default="", help=f"comma-separated measures: {', '.join(MEASURES)}")
    parser.add_argument("--out", default=None, help="the Markdown file to write (default docs/benchmarks.md for a full run)")
    parser.add_argument("--json", dest="json_out", default=None, help="also write the raw figures as JSON here")
    args = parser.parse_args(argv)
    only = [m.strip() for m in args.only.split(",") if m.strip()]
    unknown = [m for m in only if m not in MEASURES]
    if unknown:
        parser.error(f"unknown measure {unknown[0]}: choose from {', '.join(MEASURES)}")
    info = machine()
    started = time.perf_counter()
    results = run_suite(args.quick, only)
    seconds = time.perf_counter() - started
    rows = summary_rows(results)
    print()
    print(markdown_table(rows))
    print(f"\n{seconds:.0f} s on {info['cpu']} ({info['cores']} cores), load {info['load_1min']}")
    out = Path(args.out) if args.out else (None if args.quick or only else DOC)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(render(results, rows, info, seconds, existing_notes(out)), encoding="utf-8")
        print(f"wrote {out}")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps({"machine": info, "results": results}, indent=2, default=str), encoding="utf-8")
    return 1 if results["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
