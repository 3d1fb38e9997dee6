"""MCP overhead: tools/call latency of a cheap paralaw skill against a bare SDK server's echo tool.

The paralaw call is get_clause_context on clause 2.2 of the review-case master services agreement (a real
contract opened with open_review); the baseline is bench.bare_server's `echo`. Both servers are reached over
the same transport at the same time: in memory (the SDK Client driving the Server object in this process),
stdio (each server a subprocess, as MCP hosts launch it) and Streamable HTTP on 127.0.0.1 (each a subprocess,
`paralaw serve --http` and `python -m bench.bare_server --http`). Calls alternate between the two servers in
blocks of ten. The ratio is paralaw p50 / bare p50 (goal <= 1.3).

    python -m bench.perf_mcp_overhead [--quick] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any, AsyncIterator

import anyio
from mcp import Client, StdioServerParameters

from .bare_server import build_bare_server
from .perf_support import DATA, MSA, ROOT, bare_serve_args, http_server, interleaved, paralaw_serve_args, summary_ms

GOAL_RATIO = 1.3
CLAUSE = "2.2"
TRANSPORTS = ("memory", "stdio", "http")


@contextlib.asynccontextmanager
async def _targets(transport: str, scratch: str) -> AsyncIterator[tuple[Any, Any]]:
    """(paralaw target, bare target) for mcp.Client over one transport."""
    store = str(Path(scratch) / f"{transport}.sqlite")
    if transport == "memory":
        from paralaw.server import build_server

        yield build_server(store, allowed_dirs=[str(DATA)]), build_bare_server()
    elif transport == "stdio":
        paralaw = paralaw_serve_args(store)
        bare = bare_serve_args()
        yield (StdioServerParameters(command=paralaw[0], args=paralaw[1:], cwd=str(ROOT)),
               StdioServerParameters(command=bare[0], args=bare[1:], cwd=str(ROOT)))
    else:
        with http_server(paralaw_serve_args(store)) as (paralaw_url, _), http_server(bare_serve_args()) as (bare_url, _):
            yield paralaw_url, bare_url


async def measure_transport(transport: str, repeats: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="paralaw-bench-") as scratch:
        async with _targets(transport, scratch) as (paralaw_target, bare_target):
            async with Client(paralaw_target) as paralaw, Client(bare_target) as bare:
                opened = await paralaw.call_tool("open_review", {"documents": [{"path": str(MSA), "role": "primary"}]})
                if opened.is_error:
                    raise RuntimeError(opened.content[0].text)
                review_id = opened.structured_content["review_id"]
                arguments = {"clause_id": CLAUSE, "review_id": review_id}

                async def skill() -> None:
                    result = await paralaw.call_tool("get_clause_context", arguments)
                    if result.is_error:
                        raise RuntimeError(result.content[0].text)

                async def echo() -> None:
                    result = await bare.call_tool("echo", {"text": "clause 2.2"})
                    if result.is_error:
                        raise RuntimeError(result.content[0].text)

                times = await interleaved({"paralaw": skill, "bare": echo}, repeats)
    paralaw_stats, bare_stats = summary_ms(times["paralaw"]), summary_ms(times["bare"])
    ratio = paralaw_stats["p50_ms"] / bare_stats["p50_ms"] if bare_stats["p50_ms"] else float("inf")
    return {"transport": transport, "paralaw": paralaw_stats, "bare": bare_stats, "ratio_p50": round(ratio, 2),
            "ratio_p95": round(paralaw_stats["p95_ms"] / bare_stats["p95_ms"], 2) if bare_stats["p95_ms"] else None,
            "goal": f"<= {GOAL_RATIO}x bare p50", "met": ratio <= GOAL_RATIO}


async def measure(repeats: int = 300, transports: tuple[str, ...] = TRANSPORTS) -> list[dict[str, Any]]:
    return [await measure_transport(t, repeats) for t in transports]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few calls per transport (a smoke run)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = anyio.run(measure, 20 if args.quick else 300)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'transport':<9} {'paralaw p50':>11} {'p95':>8} {'bare p50':>9} {'p95':>8} {'ratio':>6}")
    for r in rows:
        print(f"{r['transport']:<9} {r['paralaw']['p50_ms']:>9.2f}ms {r['paralaw']['p95_ms']:>6.2f}ms "
              f"{r['bare']['p50_ms']:>7.2f}ms {r['bare']['p95_ms']:>6.2f}ms {r['ratio_p50']:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
