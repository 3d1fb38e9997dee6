"""Shared pieces of the performance measures: percentiles, interleaved timing, loopback servers, the machine.

Every comparison in the suite is a ratio of two things measured side by side in the same run, alternating
between them in small blocks, because the machines this runs on are shared and their speed drifts.
"""

from __future__ import annotations

import contextlib
import os
import platform
import re
import select
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterator

import anyio

ROOT = Path(__file__).resolve().parents[1]
from .data_root import DATA  # noqa: E402  (../shared/data when present, else tests/data)
CUAD = DATA / "cuad" / "contracts"
MSA = DATA / "review_cases" / "services_a" / "master_services_agreement.md"
URL = re.compile(r"http://[^\s]+/mcp")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between closest ranks; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def median(values: list[float]) -> float:
    return percentile(values, 50)


def summary_ms(seconds: list[float]) -> dict[str, float]:
    """p50 and p95 of durations given in seconds, in milliseconds."""
    return {"n": len(seconds), "p50_ms": round(percentile(seconds, 50) * 1000, 3),
            "p95_ms": round(percentile(seconds, 95) * 1000, 3)}


async def interleaved(calls: dict[str, Callable[[], Awaitable[Any]]], repeats: int, block: int = 10,
                      warmup: int = 5) -> dict[str, list[float]]:
    """Time each named call `repeats` times, alternating between them in blocks of `block` calls (and
    switching the order every round) so both see the same machine. Returns seconds per call, per name."""
    for call in calls.values():
        for _ in range(warmup):
            await call()
    times: dict[str, list[float]] = {name: [] for name in calls}
    names = list(calls)
    rounds = max(1, -(-repeats // block))
    for round_number in range(rounds):
        order = names if round_number % 2 == 0 else names[::-1]
        for name in order:
            call = calls[name]
            for _ in range(min(block, repeats - len(times[name]))):
                started = time.perf_counter()
                await call()
                times[name].append(time.perf_counter() - started)
    return times


def paralaw_command() -> list[str]:
    """`paralaw` as installed beside this interpreter (what a user runs), else the module form."""
    script = Path(sys.executable).parent / "paralaw"
    return [str(script)] if script.exists() else [sys.executable, "-m", "paralaw.agent.cli"]


def paralaw_serve_args(store: str, *extra: str) -> list[str]:
    return paralaw_command() + ["serve", "--store", store, "--allow-dir", str(DATA), *extra]


def bare_serve_args(*extra: str) -> list[str]:
    return [sys.executable, "-m", "bench.bare_server", *extra]


@contextlib.contextmanager
def http_server(command: list[str], timeout: float = 60.0) -> Iterator[tuple[str, subprocess.Popen]]:
    """Start an HTTP server command (`--http --port 0` appended) on 127.0.0.1 and yield its /mcp URL and
    process. Both servers bind their socket before printing the URL on stderr, so once the line is read a
    client can connect; the wait for it is bounded by `timeout`. From then on stderr is drained, so a server
    that logs under load never blocks on a full pipe. The process is terminated (then killed) on exit."""
    process = subprocess.Popen(command + ["--http", "--port", "0"], cwd=ROOT, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    drain: threading.Thread | None = None
    try:
        url = _announced_url(process, command, timeout)
        drain = threading.Thread(target=process.stderr.read, daemon=True)
        drain.start()
        yield url, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        if drain is not None:
            drain.join(timeout=10)
        if process.stderr:
            process.stderr.close()


def _announced_url(process: subprocess.Popen, command: list[str], timeout: float) -> str:
    deadline = time.monotonic() + timeout
    seen: list[str] = []
    assert process.stderr is not None
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise RuntimeError(f"{' '.join(command)} printed no URL within {timeout:g}s: {''.join(seen)[-2000:]}")
        ready, _, _ = select.select([process.stderr], [], [], remaining)
        if not ready:
            continue
        line = process.stderr.readline()
        if not line:  # the server exited before serving
            process.wait(timeout=10)
            raise RuntimeError(f"{' '.join(command)} exited ({process.returncode}): {''.join(seen)[-2000:]}")
        seen.append(line)
        found = URL.search(line)
        if found:
            return found.group(0)


def memory_mb(pid: int, field: str = "VmHWM") -> float:
    """A live process's memory figure in MB from /proc (Linux): VmHWM, its peak resident set, or VmRSS, the
    current one."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field} for process {pid}")


def machine() -> dict[str, Any]:
    """CPU model, cores, memory, Python and OS of this machine."""
    cpu = platform.processor() or platform.machine()
    memory_gb = 0.0
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory_gb = round(int(line.split()[1]) / 1024 / 1024, 1)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    return {"cpu": cpu, "cores": os.cpu_count() or 0, "memory_gb": memory_gb,
            "python": platform.python_version(), "os": f"{platform.system()} {platform.release()}",
            "load_1min": round(load, 2)}


def run(fn: Callable[..., Awaitable[Any]], *args: Any) -> Any:
    return anyio.run(fn, *args)
