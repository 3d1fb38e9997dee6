"""The matrix's throughput: contracts per minute on the process pool with 1 and 2 workers over the same CUAD
contracts, their ratio (parallel efficiency = rate(2) / (2 x rate(1))), and the largest worker's peak RSS.

Each run starts from an empty store (nothing skipped) and includes the pool's start-up, as a user sees it. The
two are alternated `--rounds` times because the machines this runs on are shared and their speed drifts.

    python -m bench.perf_matrix [--count 26] [--rounds 2]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import threading
import time
from pathlib import Path

from paralaw.server.matrix import MatrixStore, build_matrix

from .perf_support import CUAD


def room(folder: Path, count: int) -> Path:
    """`count` contracts: the CUAD ones, repeated under new names when more are asked for than there are."""
    sources = sorted(CUAD.glob("*.txt"))
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        source = sources[i % len(sources)]
        shutil.copyfile(source, folder / f"{i:04d}_{source.name[:40]}.txt")
    return folder


PEAK_RSS: dict[int, float] = {}  # pid -> largest RSS seen, MB


def _sample(stop: threading.Event) -> None:
    """The workers' RSS every 50 ms (they are the fork server's children, so getrusage does not see them)."""
    import psutil  # comes with dask.distributed (the matrix extra)

    me = psutil.Process()
    while not stop.wait(0.05):
        for child in me.children(recursive=True):
            try:
                PEAK_RSS[child.pid] = max(PEAK_RSS.get(child.pid, 0.0), child.memory_info().rss / 2**20)
            except psutil.Error:
                pass


def timed(folder: Path, workers: int) -> float:
    stop = threading.Event()
    sampler = threading.Thread(target=_sample, args=(stop,), daemon=True)
    sampler.start()
    with tempfile.TemporaryDirectory() as store_dir, MatrixStore(Path(store_dir) / "m.db") as store:
        start = time.perf_counter()
        run = build_matrix([folder], store, workers=workers)
        elapsed = time.perf_counter() - start
        stop.set()
        errors = [(row["file"], row["error"]) for row, _ in store.rows(run.paths) if row["error"]]
    if run.analysed != len(run.contracts) or errors:
        raise SystemExit(f"{workers} workers: {run.analysed} of {len(run.contracts)} analysed; errors: {errors}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=26)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        folder = room(Path(work) / "room", args.count)
        times: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.rounds):
            for workers in (1, 2):
                times[workers].append(timed(folder, workers))
    rate = {w: 60 * args.count / min(t) for w, t in times.items()}
    peak = max(PEAK_RSS.values(), default=0.0)
    print(f"{args.count} contracts, best of {args.rounds}: 1 worker {rate[1]:.0f}/min, 2 workers {rate[2]:.0f}/min, "
          f"parallel efficiency {rate[2] / (2 * rate[1]):.2f}; largest worker's peak RSS {peak:.0f} MB (the fork server's too)")


if __name__ == "__main__":
    main()
