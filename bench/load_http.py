"""Load: many concurrent HTTP clients, several reviews open, every answer checked against its own review.

Run from the project root: `python -m bench.load_http [--clients 50] [--calls 100] [--json]`.

`paralaw serve --http` runs as a subprocess on 127.0.0.1 (a port the OS picks) over a temporary store. Five
reviews are opened, one per contract (services agreement, SPA, FIDIC particular conditions, a Chinese
construction contract, a CUAD agreement). For each review a set of calls is answered once, sequentially,
before the load: get_clause_context on three of its clauses, find_clauses, get_outline; those answers are
the expected ones. Then N clients, each its own keep-alive connection sending the SDK Client's wire form
of tools/call (2026-07-28: one stateless JSON POST per call, see bench/perf_http_throughput.py), each bound
to one review (client i -> review i mod 5), make M calls each, cycling through its review's calls, and
compare every answer with the expected one. Any HTTP error, tool error or different answer is an error;
an answer that names another review or carries another contract's text is also counted as cross-talk.

Memory: the server's RSS (/proc/<pid>/status VmRSS) after a warm-up round and after the measured rounds
(the same load twice): a leak grows with the calls, so the growth between rounds must stay small.

bench/perf_http_throughput.py measures throughput of one call on one review; this script is about
correctness under load (no errors, no cross-talk) and memory stability. tests/reliability/test_load.py runs
a reduced form (10 clients x 20 calls); the full form is 50 x 100.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import anyio
import httpx

from .perf_http_throughput import PROTOCOL, call_body
from .perf_support import DATA, http_server, memory_mb, paralaw_command

CASES = DATA / "review_cases"
CONTRACTS = [
    CASES / "services_a" / "master_services_agreement.md",
    CASES / "spa_a" / "share_purchase_agreement.md",
    CASES / "fidic_a" / "particular_conditions.md",
    CASES / "zh_construction" / "construction_contract.md",
    DATA / "cuad" / "contracts" / "BIOPURECORP_06_30_1999-EX-10.13-AGENCY AGREEMENT.txt",
]
QUERIES = {"en": "payment of fees and invoices", "zh": "工程款支付"}


@contextlib.contextmanager
def serving(store: str, allowed: list[Path]) -> Iterator[tuple[str, subprocess.Popen]]:
    """`paralaw serve --http` on a port the OS picks, over `store`, reading the given folders."""
    folders = [arg for folder in allowed for arg in ("--allow-dir", str(folder))]
    with http_server(paralaw_command() + ["serve", "--store", store, *folders]) as served:
        yield served


@dataclass
class Review:
    review_id: str
    filename: str
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    expected: list[dict[str, Any]] = field(default_factory=list)
    marker: str = ""  # text that only this contract has (a clause title), to recognise cross-talk


@dataclass
class Figures:
    clients: int
    calls_per_client: int
    reviews: int
    calls: int = 0
    errors: int = 0
    cross_talk: int = 0
    seconds: float = 0.0
    rss_start_mb: float = 0.0
    rss_warm_mb: float = 0.0
    rss_end_mb: float = 0.0
    samples: list[str] = field(default_factory=list)

    @property
    def rss_growth_mb(self) -> float:
        return round(self.rss_end_mb - self.rss_warm_mb, 1)


HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
           "MCP-Protocol-Version": PROTOCOL, "Mcp-Method": "tools/call"}


async def call(http: httpx.AsyncClient, url: str, tool: str, arguments: dict[str, Any], request_id: int) -> dict[str, Any]:
    """The tool result's structuredContent; RuntimeError for anything else."""
    response = await http.post(url, json=call_body(tool, arguments, request_id), headers={**HEADERS, "Mcp-Name": tool})
    if response.status_code != 200:
        raise RuntimeError(f"HTTP {response.status_code}: {response.text[:150]}")
    result = response.json().get("result")
    if not isinstance(result, dict) or result.get("isError") or not isinstance(result.get("structuredContent"), dict):
        raise RuntimeError(f"not a tool result: {response.text[:200]}")
    return result["structuredContent"]


async def open_reviews(http: httpx.AsyncClient, url: str, paths: list[Path]) -> list[Review]:
    reviews = []
    for index, path in enumerate(paths):
        opened = await call(http, url, "open_review", {"documents": [{"path": str(path)}]}, index + 1)
        review = Review(opened["review_id"], path.name)
        outline = await call(http, url, "get_outline", {"review_id": review.review_id, "limit": 60}, 100 + index)
        titled = [c for c in outline["clauses"] if c["title"]]
        picks = [titled[0], titled[len(titled) // 2], titled[-1]]
        review.marker = max((c["title"] for c in titled), key=len)
        review.calls = [("get_clause_context", {"review_id": review.review_id, "clause_id": c["clause_id"], "max_chars": 2000})
                        for c in picks]
        review.calls.append(("find_clauses", {"review_id": review.review_id, "query": QUERIES[opened["language"]], "top_k": 3}))
        review.calls.append(("get_outline", {"review_id": review.review_id, "offset": 0, "limit": 20}))
        for n, (tool, arguments) in enumerate(review.calls):
            review.expected.append(await call(http, url, tool, arguments, 200 + 10 * index + n))
        reviews.append(review)
    return reviews


async def one_round(url: str, reviews: list[Review], figures: Figures, timeout: float) -> None:
    async def client(number: int) -> None:
        review = reviews[number % len(reviews)]
        others = [r for r in reviews if r is not review]
        async with httpx.AsyncClient(timeout=60.0, limits=httpx.Limits(max_connections=1)) as http:
            for n in range(figures.calls_per_client):
                slot = (number + n) % len(review.calls)
                tool, arguments = review.calls[slot]
                figures.calls += 1
                try:
                    answer = await call(http, url, tool, arguments, number * 1_000_000 + n)
                except (RuntimeError, httpx.HTTPError, ValueError) as exc:
                    figures.errors += 1
                    figures.samples.append(f"client {number}: {type(exc).__name__}: {exc}"[:300])
                    continue
                if answer != review.expected[slot]:
                    figures.errors += 1
                    text = json.dumps(answer, ensure_ascii=False)
                    if answer.get("review_id") != review.review_id or any(o.marker in text for o in others):
                        figures.cross_talk += 1
                    figures.samples.append(f"client {number}: {tool} answered differently: {text[:200]}")

    with anyio.fail_after(timeout):
        async with anyio.create_task_group() as tg:
            for number in range(figures.clients):
                tg.start_soon(client, number)


async def run_load(url: str, pid: int, clients: int, calls: int, timeout: float = 600.0) -> Figures:
    figures = Figures(clients=clients, calls_per_client=calls, reviews=len(CONTRACTS))
    figures.rss_start_mb = memory_mb(pid, "VmRSS")
    async with httpx.AsyncClient(timeout=120.0) as http:
        reviews = await open_reviews(http, url, CONTRACTS)
    warm = Figures(clients=clients, calls_per_client=max(1, calls // 4), reviews=len(reviews))
    await one_round(url, reviews, warm, timeout)  # warm-up: caches, indexes, connection pools
    figures.errors += warm.errors
    figures.samples += warm.samples
    figures.rss_warm_mb = memory_mb(pid, "VmRSS")
    started = time.perf_counter()
    await one_round(url, reviews, figures, timeout)
    figures.seconds = time.perf_counter() - started
    figures.rss_end_mb = memory_mb(pid, "VmRSS")
    return figures


def measure(clients: int = 50, calls: int = 100) -> Figures:
    with tempfile.TemporaryDirectory() as folder:
        allowed = sorted({p.parent for p in CONTRACTS})
        with serving(str(Path(folder) / "reviews.db"), allowed) as (url, process):
            return anyio.run(run_load, url, process.pid, clients, calls)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--calls", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = measure(args.clients, args.calls)
    if args.json:
        print(json.dumps({**figures.__dict__, "rss_growth_mb": figures.rss_growth_mb}, indent=2))
    else:
        print(f"{figures.clients} clients x {figures.calls_per_client} calls over {figures.reviews} reviews: "
              f"{figures.calls} calls in {figures.seconds:.1f} s ({figures.calls / figures.seconds:.0f}/s), "
              f"{figures.errors} errors, {figures.cross_talk} cross-talk")
        print(f"server RSS: {figures.rss_start_mb:.0f} MB at start, {figures.rss_warm_mb:.0f} MB after warm-up, "
              f"{figures.rss_end_mb:.0f} MB after the load (growth {figures.rss_growth_mb} MB)")
        for sample in figures.samples[:5]:
            print("  " + sample)
    return 0 if figures.errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
