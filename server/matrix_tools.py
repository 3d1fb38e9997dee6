"""build_matrix and query_matrix: a data room into a due-diligence matrix (server/matrix), as MCP tools.

build_matrix is long work: hundreds of contracts take minutes. It reads only inside the allowed folders (the
client's roots narrow them, and every file is opened through the file gate below its folder, so a link in the
data room cannot pull in a file from elsewhere), reports progress as it goes (notifications/progress, when the
client asked for it with a progress token), and stops when the client cancels: no contract is started after
that, and the rows already made are kept, so building the same matrix again resumes where it stopped.

Matrices live beside the review store, one SQLite file per owner and matrix id (`<store>.matrices/`; a
temporary folder for a ':memory:' store). An owner sees only its own matrices, as with reviews.
query_matrix is read-only: which contracts have (or lack) a category, a value, a flag.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Literal

import anyio
import mcp_types as types
from pydantic import BaseModel, Field

from .access import resolve_in_root
from .builtin_tools import roots_in_force
from .context import CallContext
from .listing import ToolSpec, model_input_schema
from .matrix import MatrixStore, build_matrix, category_names
from .matrix.export import flag_counts
from .reviews import Domain, ReviewError, load_playbook

MAX_CONTRACTS = int(os.environ.get("PARALAW_MATRIX_MAX_CONTRACTS", 5000))
WORKERS = int(os.environ.get("PARALAW_MATRIX_WORKERS", 0)) or (os.cpu_count() or 1)
SCHEDULER = os.environ.get("PARALAW_MATRIX_SCHEDULER") or None  # an operator's Dask cluster, tcp://HOST:8786
PROGRESS_EVERY = 0.25  # seconds between progress notifications at most
MATRIX_ID = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"


class BuildMatrixInput(BaseModel):
    paths: list[str] = Field(min_length=1, max_length=100, description="Folders and files inside one allowed folder; folders are searched recursively for .md, .txt, .docx and .pdf.")
    matrix_id: str | None = Field(None, pattern=MATRIX_ID, description="A name for the matrix (letters, digits, '-', '_', '.'); default: the first path's name. Building the same matrix again redoes only the contracts that changed.")
    domain: Domain | None = Field(None, description="Judge every contract by this pack's positions: generic, fidic or sha_spa; default: guessed per contract.")
    our_party: str = Field("", description="The party we act for, as the contracts name it, e.g. 'Buyer' or 'Customer'.")
    playbook_path: str | None = Field(None, description="A YAML/JSON playbook inside an allowed folder; its positions replace the pack's.")


class QueryMatrixInput(BaseModel):
    matrix_id: str | None = Field(None, description="The matrix (from build_matrix); may be left out when there is only one.")
    category: str | None = Field(None, description="One of CUAD's 41 clause categories, e.g. 'Change Of Control', 'Governing Law', 'Cap On Liability' (any case).")
    found: bool = Field(True, description="With category: contracts that have it (true) or lack it (false).")
    value_contains: str | None = Field(None, description="With category: only cells whose value or quote contains this text (any case), e.g. 'Delaware'.")
    flag: Literal["RED", "YELLOW", "MISSING", "any"] | None = Field(None, description="Only contracts with a review-position flag of this verdict; 'any' for any flag.")
    topic: str | None = Field(None, description="With flag: only flags whose position id or topic contains this, e.g. 'liability' or 'renewal'.")
    file_contains: str | None = Field(None, description="Only contracts whose file name contains this text (any case).")
    errors: bool | None = Field(None, description="true: only the contracts that could not be read; false: only those that could.")
    offset: int = Field(0, ge=0, description="Skip this many matching contracts (for paging).")
    limit: int = Field(50, ge=1, le=500, description="Most contracts to return.")


@dataclass
class MatrixShelf:
    """Where a server keeps its matrices, and which are being built right now (one build per matrix at a time)."""

    home: Path
    building: set[Path] = field(default_factory=set)
    _temp: Any = None

    @classmethod
    def beside(cls, store_path: str | None) -> "MatrixShelf":
        if not store_path or store_path == ":memory:":
            temp = tempfile.TemporaryDirectory(prefix="paralaw-matrices-")  # removed with the server
            return cls(Path(temp.name), _temp=temp)
        return cls(Path(store_path + ".matrices"))

    def folder(self, owner: str) -> Path:
        return self.home / (hashlib.sha256(owner.encode()).hexdigest()[:16] if owner else "local")

    def file(self, owner: str, matrix_id: str) -> Path:
        return self.folder(owner) / f"{matrix_id}.sqlite3"

    def names(self, owner: str) -> list[str]:
        folder = self.folder(owner)
        return sorted(p.name.removesuffix(".sqlite3") for p in folder.glob("*.sqlite3")) if folder.is_dir() else []


def shelf_of(call: CallContext) -> MatrixShelf:
    state = call.state
    if state.matrices is None:
        state.matrices = MatrixShelf.beside(getattr(state.store, "path", None))
    return state.matrices


def _matrix_id_for(path: Path) -> str:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", path.stem if path.is_file() else path.name).strip("-.")[:64]
    return name if re.match(MATRIX_ID, name or "") else "matrix"


@dataclass
class _Progress:
    total: int = 0
    done: int = 0
    current: str = ""


async def _run_reporting(call: CallContext, work: Callable[[], Any], progress: _Progress, stop: threading.Event) -> Any:
    """Run the batch in a worker thread, sending progress while it runs. A cancelled call sets `stop` and then
    waits for the thread to come back (the batch finishes the contracts in its workers, each within its CPU
    budget), so nothing writes to the matrix after the call has ended."""
    session = call.request.session

    async def send() -> None:
        try:
            await session.report_progress(progress.done, progress.total or None, progress.current or None)
        except Exception:  # a client gone away must not fail the build
            pass

    async def report() -> None:
        sent = -1
        try:
            while True:
                if progress.total and progress.done != sent:
                    sent = progress.done
                    await send()
                await anyio.sleep(PROGRESS_EVERY)
        finally:
            stop.set()  # cancelled: the batch stops starting contracts

    async with anyio.create_task_group() as group:
        group.start_soon(report)
        result = await anyio.to_thread.run_sync(work)  # not abandoned on cancel: see above
        group.cancel_scope.cancel()
    await send()
    return result


async def build_matrix_tool(call: CallContext, data: BuildMatrixInput, params: types.CallToolRequestParams):
    roots = await roots_in_force(call, params)
    if isinstance(roots, types.InputRequiredResult):
        return roots
    resolved = [resolve_in_root(raw, roots) for raw in data.paths]
    root = resolved[0][1]
    if any(r != root for _, r in resolved):
        raise ReviewError("the paths of one matrix must lie in one allowed folder", code="INVALID_ARGUMENT",
                          details={"paths": data.paths, "allowed_roots": [str(r) for r in roots]})
    missing = [raw for raw, (path, _) in zip(data.paths, resolved) if not (path.exists() or path.is_symlink())]
    if missing:
        raise ReviewError(f"'{missing[0]}' does not exist", code="FILE_NOT_FOUND", details={"paths": missing})
    playbook = await anyio.to_thread.run_sync(load_playbook, data.playbook_path, roots) if data.playbook_path else None
    matrix_id = data.matrix_id or _matrix_id_for(resolved[0][0])
    shelf = shelf_of(call)
    target = shelf.file(call.owner, matrix_id)
    if target in shelf.building:
        raise ReviewError(f"matrix '{matrix_id}' is being built by another call; query it when that call ends",
                          code="MATRIX_BUSY", details={"matrix_id": matrix_id})
    progress, stop = _Progress(), threading.Event()

    def started(total: int, todo: int) -> None:
        progress.total = total

    def finished(contract, row) -> None:
        progress.done += 1
        progress.current = contract.file

    def work() -> dict[str, Any]:
        with MatrixStore(target) as store:
            # "stopped" until the build ends well: a server that dies half-way leaves an honest status
            store.set_meta(paths=data.paths, domain=data.domain, our_party=data.our_party,
                           playbook=data.playbook_path, started_at=time.time(), status="stopped")
            run = build_matrix([str(p) for p, _ in resolved], store, workers=WORKERS, scheduler=SCHEDULER,
                               domain=data.domain, party=data.our_party, playbook=playbook, root=str(root), stop=stop,
                               max_contracts=MAX_CONTRACTS, on_start=started, on_result=finished)
            if not run.stopped:
                store.keep_only(run.paths)  # contracts taken out of the data room leave the matrix
            store.set_meta(built_at=time.time(), status="stopped" if run.stopped else "complete")
            return _built(matrix_id, run, store)

    shelf.building.add(target)
    try:
        return await _run_reporting(call, work, progress, stop)
    finally:
        shelf.building.discard(target)


def _built(matrix_id: str, run, store: MatrixStore) -> dict[str, Any]:
    flags = {"RED": 0, "YELLOW": 0, "MISSING": 0}
    found: dict[str, int] = {}
    for row, _ in store.rows(run.paths):
        for verdict, count in zip(flags, flag_counts(row.get("flags") or [])):
            flags[verdict] += count
        for name, cell in row["categories"].items():
            found[name] = found.get(name, 0) + cell["found"]
    done = run.analysed + run.skipped
    state = ("complete" if not run.stopped else f"stopped after {done} of {len(run.contracts)} contracts; "
             "build it again to finish (the rows made are kept)")
    return {"summary": (f"Matrix {matrix_id}: {len(run.contracts)} contracts ({run.analysed} analysed, {run.skipped} "
                        f"unchanged, {run.errors} with errors), {flags['RED']} RED flags; {state}."),
            "matrix_id": matrix_id, "contracts": len(run.contracts), "analysed": run.analysed,
            "unchanged": run.skipped, "errors": run.errors, "complete": not run.stopped, "flags": flags,
            "categories_found": {name: n for name, n in found.items() if n}}


def _category(name: str | None) -> str | None:
    if name is None:
        return None
    wanted = " ".join(name.split()).lower()
    for known in category_names():
        if known.lower() == wanted:
            return known
    raise ReviewError(f"'{name}' is not one of CUAD's categories", code="INVALID_ARGUMENT",
                      details={"categories": list(category_names())})


def _flag_matches(flag: dict[str, Any], data: QueryMatrixInput) -> bool:
    if data.flag not in (None, "any") and flag["verdict"] != data.flag:
        return False
    topic = (data.topic or "").lower()
    return not topic or topic in flag["risk_type"].lower() or topic in str(flag.get("topic") or "").lower()


def _answer(row: dict[str, Any], domain: str, category: str | None, data: QueryMatrixInput) -> dict[str, Any] | None:
    """The contract's entry in the answer, or None when it does not match."""
    error = row.get("error")
    if data.errors is not None and bool(error) != data.errors:
        return None
    if data.file_contains and data.file_contains.lower() not in row["file"].lower():
        return None
    entry: dict[str, Any] = {"file": row["file"], "domain": domain, "error": error}
    if category:
        cell = row["categories"][category]
        if cell["found"] != data.found:
            return None
        needle = (data.value_contains or "").lower()
        if needle and needle not in f"{cell['value']}\n{cell['quote']}".lower():
            return None
        entry[category] = cell
    else:
        entry["categories_found"] = [name for name, cell in row["categories"].items() if cell["found"]]
    flags = row.get("flags") or []
    if data.flag or data.topic:
        flags = [f for f in flags if _flag_matches(f, data)]
        if not flags:
            return None
    entry["flags"] = flags
    return entry


async def query_matrix(call: CallContext, data: QueryMatrixInput, params: types.CallToolRequestParams):
    shelf = shelf_of(call)
    names = shelf.names(call.owner)
    matrix_id = data.matrix_id or (names[0] if len(names) == 1 else None)
    if matrix_id is None or matrix_id not in names:
        message = (f"there is no matrix '{data.matrix_id}'" if data.matrix_id else
                   "no matrix has been built yet" if not names else "several matrices exist: say which with matrix_id")
        raise ReviewError(f"{message}; build one with build_matrix" if not names else message,
                          code="MATRIX_NOT_FOUND", details={"matrices": names})
    if data.value_contains and not data.category:
        raise ReviewError("value_contains needs a category to look in", code="INVALID_ARGUMENT")
    category = _category(data.category)

    target = shelf.file(call.owner, matrix_id)

    def read() -> dict[str, Any]:
        with MatrixStore(target) as store:
            status = "building" if target in shelf.building else store.meta().get("status", "complete")
            matched: list[dict[str, Any]] = []
            total = 0
            for row, domain in store.rows():
                total += 1
                entry = _answer(row, domain, category, data)
                if entry is not None:
                    matched.append(entry)
        page = matched[data.offset:data.offset + data.limit]
        more = data.offset + len(page) < len(matched)
        what = (f"{'with' if data.found else 'without'} {category}" if category else "matching") + (
            f" and a {data.flag if data.flag not in (None, 'any') else ''} flag".replace("  ", " ") if data.flag else "")
        return {"summary": f"{len(matched)} of {total} contracts in matrix {matrix_id} {what}."
                           + (f" Showing {len(page)} from offset {data.offset}." if more or data.offset else "")
                           + {"complete": "", "building": " It is still being built: ask again for the rest.",
                              "stopped": " Its last build stopped before the end: build it again to finish."}[status],
                "matrix_id": matrix_id, "status": status, "contracts_in_matrix": total, "matched": len(matched),
                "contracts": page,
                "next_offset": data.offset + len(page) if more else None}

    return await anyio.to_thread.run_sync(read)


def matrix_specs() -> list[ToolSpec]:
    return [
        ToolSpec(
            name="build_matrix", title="Build a due-diligence matrix",
            description="Analyse every contract under folders of a data room into one matrix: per contract, CUAD's 41 "
                        "clause categories (found, clauses, quote, value) and the review positions' RED / YELLOW / "
                        "MISSING flags. Long work: reports progress and can be cancelled; building the same matrix "
                        "again redoes only changed contracts. Then ask questions with query_matrix.",
            input_schema=model_input_schema(BuildMatrixInput), effect="create", domain="dataroom",
            input_model=BuildMatrixInput, handler=build_matrix_tool),
        ToolSpec(
            name="query_matrix", title="Query a due-diligence matrix",
            description="Which contracts of a matrix have (or lack) a clause category, a value (e.g. governing law "
                        "'Delaware'), or a review-position flag; paged.",
            input_schema=model_input_schema(QueryMatrixInput), domain="dataroom", input_model=QueryMatrixInput,
            handler=query_matrix),
    ]
