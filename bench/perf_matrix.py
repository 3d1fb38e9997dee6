"""The matrix's throughput: contracts per minute on the process pool with 1 and 2 workers over the same CUAD
contracts, their ratio (parallel efficiency = rate(2) / (2 x rate(1))), and each worker's peak RSS; with
--scale, also how the time grows with the data room: the same worker count over `count` and 10 x `count`
contracts (CUAD repeated under new names), and the scaling exponent log(t(10n) / t(n)) / log(10) (1.0: linear).

Each run starts from an empty store (nothing skipped) and includes the pool's start-up (so a small room's time
carries a fixed cost that makes the exponent read a little under 1); the fork server the workers fork from is
started once, before the timed runs (warm_up), as it is once per `paralaw matrix` command. Runs are alternated
`--rounds` times and the best time of each kept, because the machines this runs on are shared and their speed
drifts; the load average before and after is printed with the figures, since on a loaded machine they say more
about the load than about the pool.

    python -m bench.perf_matrix [--count 26] [--rounds 2]
    python -m bench.perf_matrix --scale [--count 26] [--workers 2] [--rounds 1] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from paralaw.server.matrix import MatrixStore, build_matrix

from .perf_support import CUAD


def room(folder: Path, count: int, sources: list[Path] | None = None) -> Path:
    """`count` contracts: the CUAD ones (or `sources`), repeated under new names when more are asked for than
    there are."""
    sources = sources or sorted(CUAD.glob("*.txt"))
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        source = sources[i % len(sources)]
        shutil.copyfile(source, folder / f"{i:04d}_{source.name[:40]}.txt")
    return folder


PEAK_RSS: dict[int, float] = {}  # pid -> largest RSS seen, MB
CPU: dict[int, float] = {}  # pid -> CPU-seconds used, as last seen (cleared for each timed run)
ROLE: dict[int, str] = {}  # pid -> "worker", "fork server" or "other" (the resource tracker)


def _role(process, me: int) -> str:
    """What a child process is: the fork server (our child, started once per process and kept), a worker of
    the pool (the fork server's child), or something else multiprocessing runs (the resource tracker). A worker
    is a fork of the fork server, so its command line is the same: the parent tells them apart."""
    try:
        command = " ".join(process.cmdline())
        parent = process.ppid()
    except Exception:  # noqa: BLE001 (gone, or not ours to read)
        return "other"
    if "resource_tracker" in command:
        return "other"
    return "fork server" if parent == me else "worker"


def _sample(stop: threading.Event) -> None:
    """The workers' RSS every 50 ms (they are the fork server's children, so getrusage does not see them)."""
    import psutil  # comes with dask.distributed (the matrix extra)

    me = psutil.Process()
    while not stop.wait(0.05):
        for child in me.children(recursive=True):
            try:
                if child.pid not in ROLE:
                    ROLE[child.pid] = _role(child, me.pid)
                PEAK_RSS[child.pid] = max(PEAK_RSS.get(child.pid, 0.0), child.memory_info().rss / 2**20)
                if ROLE[child.pid] == "worker":
                    times = child.cpu_times()
                    CPU[child.pid] = times.user + times.system
            except psutil.Error:
                pass


def peaks() -> dict[str, float]:
    """The largest peak RSS seen, MB, per kind of process."""
    out: dict[str, float] = {}
    for pid, mb in PEAK_RSS.items():
        role = ROLE.get(pid, "other")
        out[role] = max(out.get(role, 0.0), mb)
    return out


def timed(folder: Path, workers: int) -> tuple[float, float]:
    """(wall seconds, the workers' CPU-seconds) for one run over `folder` into an empty store. The CPU time is
    sampled every 50 ms, so it misses each worker's last moments; it says how much work the contracts were,
    which the wall time on a shared machine does not."""
    CPU.clear()
    stop = threading.Event()
    sampler = threading.Thread(target=_sample, args=(stop,), daemon=True)
    sampler.start()
    with tempfile.TemporaryDirectory() as store_dir, MatrixStore(Path(store_dir) / "m.db") as store:
        start = time.perf_counter()
        run = build_matrix([folder], store, workers=workers)
        elapsed = time.perf_counter() - start
        stop.set()
        sampler.join()
        errors = [(row["file"], row["error"]) for row, _ in store.rows(run.paths) if row["error"]]
    if run.analysed != len(run.contracts) or errors:
        raise SystemExit(f"{workers} workers: {run.analysed} of {len(run.contracts)} analysed; errors: {errors}")
    return elapsed, sum(CPU.values())


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (1 min), {five:.1f} (5 min)"


def warm_up(folder: Path) -> None:
    """One untimed contract through the pool, so that the fork server (started once per process: it imports
    the analysis and loads the model, 1-2 s) is running before any timed run; otherwise the first run alone
    would pay for it. Each timed run still pays for its own pool and workers."""
    with tempfile.TemporaryDirectory() as one:
        shutil.copyfile(next(folder.iterdir()), Path(one) / "warm.txt")
        timed(Path(one), 1)


def workers_rates(folder: Path, count: int, rounds: int) -> dict[str, Any]:
    """Contracts per minute with 1 and 2 workers (best of `rounds`, alternated) and the parallel efficiency."""
    times: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(rounds):
        for workers in (1, 2):
            wall, used = timed(folder, workers)
            times[workers].append(wall)
            cpu[workers].append(used)
    rate = {w: 60 * count / min(t) for w, t in times.items()}
    return {"count": count, "times": times, "cpu_seconds": cpu, "rate_1": rate[1], "rate_2": rate[2],
            "efficiency": rate[2] / (2 * rate[1]), "cpu_per_contract": min(cpu[1]) / count}


def scaling(small: Path, big: Path, count: int, workers: int, rounds: int) -> dict[str, Any]:
    """The time for `count` and 10 x `count` contracts (the same ones ten times) with the same workers, and the
    exponent between them."""
    times: dict[str, list[float]] = {"small": [], "big": []}
    cpu: dict[str, list[float]] = {"small": [], "big": []}
    for _ in range(rounds):
        for size, folder in (("small", small), ("big", big)):
            wall, used = timed(folder, workers)
            times[size].append(wall)
            cpu[size].append(used)
    t_small, t_big = min(times["small"]), min(times["big"])
    return {"counts": [count, 10 * count], "workers": workers, "times": times, "cpu_seconds": cpu, "t_small": t_small,
            "t_big": t_big, "exponent": math.log(t_big / t_small) / math.log(10),
            "cpu_exponent": math.log(min(cpu["big"]) / min(cpu["small"])) / math.log(10)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=26, help="contracts in the room (CUAD repeated past 26)")
    parser.add_argument("--rounds", type=int, default=2, help="alternated repeats; the best time of each is kept")
    parser.add_argument("--scale", action="store_true", help="also time count and 10 x count contracts")
    parser.add_argument("--workers", type=int, default=2, help="the worker count for --scale")
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON too")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"cpus": os.cpu_count(), "load_before": load()}
    with tempfile.TemporaryDirectory() as work:
        folder = room(Path(work) / "room", args.count)
        warm_up(folder)
        figures["rates"] = rates = workers_rates(folder, args.count, args.rounds)
        print(f"{args.count} contracts, best of {args.rounds}: 1 worker {rates['rate_1']:.0f}/min, 2 workers "
              f"{rates['rate_2']:.0f}/min, parallel efficiency {rates['efficiency']:.2f}; "
              f"{rates['cpu_per_contract']:.2f} worker CPU-seconds per contract")
        if args.scale:
            big = room(Path(work) / "room10", 10 * args.count, sorted(folder.iterdir()))
            figures["scaling"] = scale = scaling(folder, big, args.count, args.workers, args.rounds)
            print(f"{args.workers} workers, best of {args.rounds}: {args.count} contracts {scale['t_small']:.1f} s, "
                  f"{10 * args.count} contracts {scale['t_big']:.1f} s ({60 * 10 * args.count / scale['t_big']:.0f}/min); "
                  f"scaling exponent {scale['exponent']:.2f} (of the workers' CPU-seconds: {scale['cpu_exponent']:.2f})")
    figures["load_after"] = load()
    figures["peak_rss_mb"] = peak = peaks()
    print(f"peak RSS: largest worker {peak.get('worker', 0):.0f} MB, the fork server {peak.get('fork server', 0):.0f} MB "
          f"(workers fork from it, so they share its pages until they write them)")
    print(f"{figures['cpus']} CPUs; load average before {figures['load_before']}, after {figures['load_after']}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
