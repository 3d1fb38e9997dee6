"""The batch: every contract analysed once by `row.analyse_file`, on a local process pool or on an existing
Dask distributed cluster, each row written to the store as it finishes.

Both back ends are the libraries' own (concurrent.futures and dask.distributed): the same function is mapped
over the same paths, so the two give the same matrix. Contracts whose bytes and settings have not changed
since a stored row are skipped before anything is submitted. The main process holds paths and one result at
a time; the rows themselves live in the store.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from .files import Contract, content_hash, find_contracts
from .limits import worker_start
from .row import DOMAINS, MatrixError, RowSettings, analyse_file, analyse_limited, empty_row
from .store import MatrixStore

# Rows made by an older analysis are redone: bump this when the row's content or shape changes.
ROW_VERSION = 2  # 2: YELLOW verdicts are flags too

OnResult = Callable[[Contract, dict[str, Any] | None], None]  # row None: skipped as unchanged


@dataclass
class MatrixRun:
    contracts: list[Contract]
    analysed: int = 0
    skipped: int = 0
    errors: int = 0  # contracts whose row carries an error, analysed now or before
    paths: list[str] = field(default_factory=list)
    stopped: bool = False  # asked to stop before every contract was analysed (the rows so far are kept)


def _context():
    """forkserver where there is one: a clean server process (not a fork of this one, which may hold threads:
    a progress bar, a Dask client) imports the analysis once, and each worker is a cheap fork of it with the
    model already loaded. Elsewhere (Windows) spawn, where every worker imports on its own."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["paralaw.server.matrix.warm"])
    return context


def _lost(contract: Contract) -> dict[str, Any]:
    return {"row": empty_row(contract.file, {"code": "WORKER_LOST", "message": f"{contract.file}: the worker process "
            "analysing it stopped (killed, or out of memory); a rerun tries again"}), "domain": ""}


def _local(jobs: list[Contract], settings: RowSettings, workers: int, stop: threading.Event,
           task: Callable[..., dict[str, Any]] = analyse_limited) -> Iterator[tuple[Contract, dict]]:
    """Results in the order they finish. At most two contracts per worker are in the pool at once, so the
    parent holds a few futures, not one per file. A worker that dies breaks the whole pool: the contracts that
    were in it are then run one at a time, each in a pool of its own, so only the one that kills its worker
    gets WORKER_LOST, and the rest of the batch goes on in a fresh pool. Once `stop` is set no contract is
    started; the ones in the workers finish (each within its CPU budget) and are kept."""
    if workers <= 0:  # in this process: for debugging, and for tests that need no pool
        for contract in jobs:
            if stop.is_set():
                return
            yield contract, analyse_file(contract.path, contract.file, settings)
        return
    queue = deque(jobs)
    while queue and not stop.is_set():
        suspects: list[Contract] = []
        with ProcessPoolExecutor(max_workers=workers, mp_context=_context(), initializer=worker_start) as pool:
            running: dict[Future, Contract] = {}
            while (queue or running) and not suspects:
                while queue and len(running) < 2 * workers and not stop.is_set():
                    contract = queue.popleft()
                    running[pool.submit(task, contract.path, contract.file, settings)] = contract
                if not running:
                    break
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    contract = running.pop(future)
                    try:
                        yield contract, future.result()
                    except BrokenProcessPool:
                        suspects.append(contract)
            suspects += running.values()
        if stop.is_set():
            return
        for contract in suspects:
            with ProcessPoolExecutor(max_workers=1, mp_context=_context(), initializer=worker_start) as alone:
                try:
                    result = alone.submit(task, contract.path, contract.file, settings).result()
                except BrokenProcessPool:
                    result = _lost(contract)
            yield contract, result


def _dask(jobs: list[Contract], settings: RowSettings, address: str, stop: threading.Event) -> Iterator[tuple[Contract, dict]]:
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError as exc:
        raise MatrixError("--scheduler needs dask.distributed: pip install 'paralaw[matrix]'", code="MISSING_DEPENDENCY") from exc
    try:
        client = Client(address, timeout=20)
    except ValueError as exc:  # not an address at all
        raise MatrixError(f"--scheduler {address}: {exc}; give one like tcp://10.0.0.5:8786", code="INVALID_OPTION") from exc
    except (OSError, TimeoutError) as exc:
        raise MatrixError(f"cannot reach the Dask scheduler at {address}: {exc}", code="SCHEDULER_UNREACHABLE") from exc
    try:
        futures = client.map(analyse_file, [c.path for c in jobs], [c.file for c in jobs], settings=settings, pure=False)
        by_key = {f.key: c for f, c in zip(futures, jobs)}
        for future in dask_completed(futures):
            if stop.is_set():
                client.cancel(futures)
                return
            contract = by_key[future.key]
            try:
                result = future.result()
            except Exception as exc:  # the task itself failed on the cluster (a worker killed, a missing package)
                result = {"row": empty_row(contract.file, {"code": "WORKER_LOST", "message":
                          f"{contract.file}: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}"}), "domain": ""}
            future.release()
            yield contract, result
    finally:
        client.close()


def build_matrix(paths: Iterable[str | os.PathLike[str]], store: MatrixStore, *, workers: int | None = None,
                 scheduler: str | None = None, domain: str | None = None, party: str = "",
                 playbook: dict[str, Any] | None = None, root: str | None = None, stop: threading.Event | None = None,
                 max_contracts: int | None = None,
                 on_result: OnResult | None = None, on_start: Callable[[int, int], None] | None = None) -> MatrixRun:
    """Analyse every contract under `paths` into `store`; returns what was done. `workers` 0 runs in this
    process; None uses every core. `playbook` is a checked playbook whose positions override the pack's;
    `root` makes every file open through the file gate below that folder (the server passes its allowed
    folder). Setting `stop` ends the run early, keeping the rows already stored. `on_start(total,
    to_analyse)` and `on_result` drive a progress bar."""
    if domain is not None and domain not in DOMAINS:
        raise MatrixError(f"unknown domain '{domain}'; choose one of {', '.join(DOMAINS)}", code="UNKNOWN_DOMAIN")
    try:
        contracts = find_contracts(list(paths))
    except FileNotFoundError as exc:
        raise MatrixError(str(exc), code="FILE_NOT_FOUND") from exc
    if not contracts:
        raise MatrixError("no contracts (.md, .txt, .docx, .pdf) under the paths given", code="NO_CONTRACTS")
    if max_contracts is not None and len(contracts) > max_contracts:
        raise MatrixError(f"{len(contracts)} contracts under the paths given, over the limit of {max_contracts}; "
                          "give fewer folders", code="TOO_MANY_CONTRACTS")
    row_settings = RowSettings(domain=domain, party=party, playbook=playbook, root=root)
    key = row_settings.key(ROW_VERSION)
    stop = stop or threading.Event()
    run = MatrixRun(contracts=contracts, paths=[c.path for c in contracts])
    hashes: dict[str, str] = {}
    jobs: list[Contract] = []
    for contract in contracts:
        hashes[contract.path] = content_hash(contract.path, root)
        if store.is_current(contract.path, hashes[contract.path], key):
            run.skipped += 1
        else:
            jobs.append(contract)
    pending = set(jobs)
    if on_start:
        on_start(len(contracts), len(jobs))
    if on_result:
        for contract in contracts:
            if contract not in pending:
                on_result(contract, None)
    run.errors = store.error_count([c.path for c in contracts if c not in pending])
    if not jobs:
        return run
    results = (_dask(jobs, row_settings, scheduler, stop) if scheduler else
               _local(jobs, row_settings, os.cpu_count() or 1 if workers is None else workers, stop))
    for contract, result in results:
        row = result["row"]
        store.put(contract.path, contract.file, hashes[contract.path], key, result.get("domain") or "", row)
        run.analysed += 1
        run.errors += row["error"] is not None
        if on_result:
            on_result(contract, row)
    run.stopped = run.analysed < len(jobs)
    return run
