"""HTTP throughput: N concurrent clients calling a skill on 127.0.0.1 for a fixed number of calls.

`paralaw serve --http` and `python -m bench.bare_server --http` run as subprocesses side by side; for each
concurrency (10 and 50 clients, each its own keep-alive HTTP connection sending the SDK Client's own wire
form of tools/call on a 2026-07-28 connection: one stateless JSON POST per call; a light load generator, so
the figure is the server's and not the client library's) the same fixed number of tools/call requests
is sent to one server, then the other, alternating over repeated rounds. paralaw answers get_clause_context on
clause 2.2 of the review-case master services agreement; the bare server answers `echo`. A failed call (an
error result or an exception) counts as an error and the load goes on. Figures: requests/s (median over
rounds), per-call latency p50/p95, errors. Goal: >= 400 requests/s and 0 errors.

    python -m bench.perf_http_throughput [--quick] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
from mcp import Client

from .perf_support import MSA, bare_serve_args, http_server, median, paralaw_serve_args, summary_ms

GOAL_RPS = 400
CONCURRENCY = (10, 50)
PROTOCOL = "2026-07-28"


def call_body(tool: str, arguments: dict[str, Any], request_id: int) -> dict[str, Any]:
    """A tools/call request as the SDK Client sends it on a 2026-07-28 (stateless) connection."""
    meta = {"io.modelcontextprotocol/protocolVersion": PROTOCOL,
            "io.modelcontextprotocol/clientInfo": {"name": "paralaw-bench", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": {}}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments, "_meta": meta}}


def _failure(status: int, body: bytes) -> str | None:
    """Why a tools/call response is not a successful tool result (None when it is)."""
    if status != 200:
        return f"HTTP {status}: {body[:150]!r}"
    try:
        payload = json.loads(body)
    except ValueError:
        return f"not JSON: {body[:150]!r}"
    result = payload.get("result")
    if not isinstance(result, dict):
        return f"JSON-RPC error: {json.dumps(payload.get('error'))[:150]}"
    if result.get("isError"):
        return f"tool error: {json.dumps(result.get('content'))[:150]}"
    return None


class Connection:
    """One keep-alive HTTP/1.1 connection speaking just enough of the protocol for these POSTs (fixed-length
    bodies both ways). A general client (httpx) spends about a millisecond of CPU per request, which on this
    two-core machine would cap the figure at the client's speed, not the server's. asyncio streams: the suite
    runs on anyio's asyncio backend."""

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        parts = urlsplit(url)
        self.host, self.port, self.path = parts.hostname or "127.0.0.1", parts.port or 80, parts.path or "/"
        self.head = "".join(f"{k}: {v}\r\n" for k, v in {"Host": f"{self.host}:{self.port}", **headers}.items())
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    async def post(self, body: bytes) -> tuple[int, bytes]:
        assert self.reader is not None and self.writer is not None
        self.writer.write(f"POST {self.path} HTTP/1.1\r\n{self.head}Content-Length: {len(body)}\r\n\r\n".encode() + body)
        status_line, *header_lines = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in header_lines if line)}
        if "content-length" not in headers:  # both servers answer these POSTs with one JSON body
            raise ValueError(f"no Content-Length in the answer: {status_line}")
        return int(status_line.split()[1]), await self.reader.readexactly(int(headers["content-length"]))

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()


async def load(url: str, tool: str, arguments: dict[str, Any], clients: int, total: int,
               timeout: float = 120.0) -> dict[str, Any]:
    """`total` tools/call requests shared by `clients` concurrent keep-alive connections, each sending its
    next request when the previous one is answered. Connections are opened before the clock starts."""
    remaining = total
    errors = 0
    latencies: list[float] = []
    error_samples: list[str] = []
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
               "MCP-Protocol-Version": PROTOCOL, "Mcp-Method": "tools/call", "Mcp-Name": tool}

    async def worker(connection: Connection, worker_id: int) -> None:
        nonlocal remaining, errors
        sequence = 0
        while remaining > 0:
            remaining -= 1
            sequence += 1
            body = json.dumps(call_body(tool, arguments, worker_id * 1_000_000 + sequence)).encode()
            started = time.perf_counter()
            try:
                problem = _failure(*await connection.post(body))
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                problem = f"{type(exc).__name__}: {exc}"
            latencies.append(time.perf_counter() - started)
            if problem:
                errors += 1
                error_samples.append(problem)

    pool = [Connection(url, headers) for _ in range(clients)]
    try:
        with anyio.fail_after(timeout):
            for connection in pool:  # open each connection and warm it before timing
                await connection.open()
                await connection.post(json.dumps(call_body(tool, arguments, 0)).encode())
            started = time.perf_counter()
            async with anyio.create_task_group() as tg:
                for worker_id, connection in enumerate(pool, 1):
                    tg.start_soon(worker, connection, worker_id)
            elapsed = time.perf_counter() - started
    finally:
        for connection in pool:
            await connection.close()
    return {"requests": total, "seconds": elapsed, "rps": total / elapsed, "errors": errors,
            "latencies": latencies, "error_samples": error_samples[:3]}


async def _open_msa(url: str) -> str:
    async with Client(url) as client:
        opened = await client.call_tool("open_review", {"documents": [{"path": str(MSA), "role": "primary"}]})
        if opened.is_error:
            raise RuntimeError(opened.content[0].text)
        return opened.structured_content["review_id"]


async def measure(total: int = 1000, rounds: int = 3, concurrency: tuple[int, ...] = CONCURRENCY) -> list[dict[str, Any]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="paralaw-bench-") as scratch:
        store = str(Path(scratch) / "throughput.sqlite")
        with http_server(paralaw_serve_args(store)) as (paralaw_url, _), http_server(bare_serve_args()) as (bare_url, _):
            review_id = await _open_msa(paralaw_url)
            targets = {"paralaw": (paralaw_url, "get_clause_context", {"clause_id": "2.2", "review_id": review_id}),
                       "bare": (bare_url, "echo", {"text": "clause 2.2"})}
            for clients in concurrency:
                runs: dict[str, list[dict[str, Any]]] = {"paralaw": [], "bare": []}
                for round_number in range(rounds):
                    order = ["paralaw", "bare"] if round_number % 2 == 0 else ["bare", "paralaw"]
                    for name in order:
                        url, tool, arguments = targets[name]
                        runs[name].append(await load(url, tool, arguments, clients, total))
                row: dict[str, Any] = {"clients": clients, "requests_per_round": total, "rounds": rounds}
                for name, results in runs.items():
                    row[name] = {"rps_median": round(median([r["rps"] for r in results]), 1),
                                 "rps_min": round(min(r["rps"] for r in results), 1),
                                 "errors": sum(r["errors"] for r in results),
                                 "error_samples": [s for r in results for s in r["error_samples"]][:3],
                                 **summary_ms([x for r in results for x in r["latencies"]])}
                p, b = row["paralaw"], row["bare"]
                row["ratio_rps"] = round(p["rps_median"] / b["rps_median"], 2) if b["rps_median"] else None
                row["goal"] = f">= {GOAL_RPS} req/s, 0 errors"
                row["met"] = p["rps_median"] >= GOAL_RPS and p["errors"] == 0
                rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few calls, one round (a smoke run)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = anyio.run(measure, 40 if args.quick else 1000, 1 if args.quick else 3)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'clients':>7} {'paralaw req/s':>13} {'err':>4} {'p50':>8} {'p95':>8} {'bare req/s':>10} {'err':>4} {'ratio':>6}")
    for r in rows:
        p, b = r["paralaw"], r["bare"]
        print(f"{r['clients']:>7} {p['rps_median']:>13.1f} {p['errors']:>4} {p['p50_ms']:>6.1f}ms {p['p95_ms']:>6.1f}ms "
              f"{b['rps_median']:>10.1f} {b['errors']:>4} {r['ratio_rps']:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
