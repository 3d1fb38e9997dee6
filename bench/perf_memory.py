"""Memory: peak resident set of `paralaw serve` holding 10 open reviews of the largest CUAD contracts.

`paralaw serve --http` runs as a subprocess on a fresh store. A client opens one review per contract (the ten
largest CUAD contracts) and in each asks for the checklist (which builds the document's search index) and
the clause context and financial terms of the first clause, so parsed documents, indexes and caches are all
live. The figure is the server process's VmHWM from /proc (its peak RSS over its whole life), next to its
peak right after start-up and the bare SDK server's. Goal: <= 500 MB.

    python -m bench.perf_memory [--quick] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from .perf_scaling import contracts
from .perf_support import bare_serve_args, http_server, paralaw_serve_args, memory_mb

GOAL_MB = 500.0


async def _exercise(url: str, paths: list[Path], timeout: float = 300.0) -> int:
    opened = 0
    with anyio.fail_after(timeout):
        async with Client(url) as client:
            for path in paths:
                result = await client.call_tool("open_review", {"documents": [{"path": str(path), "role": "primary"}]})
                if result.is_error:
                    raise RuntimeError(result.content[0].text)
                review_id = result.structured_content["review_id"]
                checklist = await client.call_tool("get_checklist", {"review_id": review_id})
                outline = await client.call_tool("get_outline", {"review_id": review_id, "limit": 1})
                if checklist.is_error or outline.is_error:
                    raise RuntimeError((checklist if checklist.is_error else outline).content[0].text)
                first = outline.structured_content["clauses"][0]["clause_id"]
                for tool in ("get_clause_context", "extract_financial_terms"):
                    await client.call_tool(tool, {"clause_id": first, "review_id": review_id})
                opened += 1
    return opened


async def measure(reviews: int = 10) -> dict[str, Any]:
    paths = contracts()[-reviews:]
    with tempfile.TemporaryDirectory(prefix="paralaw-bench-") as scratch:
        with http_server(paralaw_serve_args(str(Path(scratch) / "memory.sqlite"))) as (url, process):
            idle = memory_mb(process.pid)
            opened = await _exercise(url, paths)
            peak = memory_mb(process.pid)
    with http_server(bare_serve_args()) as (_, bare_process):
        bare = memory_mb(bare_process.pid)
    return {"reviews": opened, "contracts_bytes": sum(p.stat().st_size for p in paths), "peak_rss_mb": round(peak, 1),
            "startup_rss_mb": round(idle, 1), "bare_server_rss_mb": round(bare, 1),
            "goal": f"<= {GOAL_MB:g} MB", "met": peak <= GOAL_MB}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two reviews (a smoke run)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = anyio.run(measure, 2 if args.quick else 10)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"paralaw serve with {result['reviews']} open reviews ({result['contracts_bytes']} bytes of contracts): "
          f"peak RSS {result['peak_rss_mb']} MB (after start-up {result['startup_rss_mb']} MB; "
          f"bare SDK server {result['bare_server_rss_mb']} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
