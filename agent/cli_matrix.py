"""`paralaw matrix PATH...`: a data room into a due-diligence matrix (server/matrix), with a progress bar on a
terminal and one-line errors like every other command.

The rows stream into a SQLite file beside the first output (`m.json` -> `m.matrix.db`, or `--store`); a rerun
with the same outputs skips every contract whose bytes have not changed, so an interrupted run picks up where
it stopped.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Optional

import typer

from .cli_errors import UsageError, fail


def _store_path(store: Optional[str], outputs: list[Optional[str]]) -> Path:
    if store:
        return Path(store)
    first = next(Path(o) for o in outputs if o)
    return first.with_name(first.stem + ".matrix.db")


def _playbook(path: str) -> dict:
    """The playbook, checked whole before any contract is read: a mistake is one line naming the key, exit 2."""
    from paralaw.server.reviews import load_playbook
    from paralaw.skills.errors import ParalawError

    target = Path(path).expanduser().absolute()
    try:
        return load_playbook(str(target), [target.parent])
    except ParalawError as exc:
        fail(exc.code, exc.message)


def _progress():
    """A rich progress bar on a terminal (stderr), nothing otherwise; returns (start, on_result, stop)."""
    if not sys.stderr.isatty():
        return (lambda total, todo: None), (lambda contract, row: None), (lambda: None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    progress = Progress(TextColumn("[bold]matrix"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        TextColumn("{task.description}"), console=Console(stderr=True), transient=True)
    task = progress.add_task("", total=None)

    def start(total: int, todo: int) -> None:
        progress.update(task, total=total)
        progress.start()

    def step(contract, row) -> None:
        note = "unchanged" if row is None else (f"error {row['error']['code']}" if row["error"] else "")
        progress.update(task, advance=1, description=f"{contract.file} {note}".strip()[-60:])

    return start, step, progress.stop


def matrix(
    paths: list[str] = typer.Argument(..., help="Contract files and folders (searched recursively for .md, .txt, .docx, .pdf)."),
    json_out: Optional[str] = typer.Option(None, "--json", help="Write the matrix as JSON: {\"contracts\": [row, ...]}."),
    xlsx_out: Optional[str] = typer.Option(None, "--xlsx", help="Write the matrix as Excel: a sheet per category group and one of RED flags."),
    csv_out: Optional[str] = typer.Option(None, "--csv", help="Write the matrix as CSV, one line per contract."),
    html_out: Optional[str] = typer.Option(None, "--html", help="Write the matrix as one self-contained web page, with a filter."),
    workers: Optional[int] = typer.Option(None, "--workers", help="Worker processes on this machine (default: one per core; 0: in this process)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="Run on an existing Dask distributed cluster, e.g. tcp://10.0.0.5:8786."),
    domain: Optional[str] = typer.Option(None, "--domain", help="Positions of this pack for every contract: generic, fidic or sha_spa (default: guessed per contract)."),
    party: str = typer.Option("", "--party", help="The party we act for, for the review positions."),
    playbook: Optional[str] = typer.Option(None, "--playbook", help="A playbook (YAML/JSON) whose positions override the pack's, as for paralaw review."),
    store: Optional[str] = typer.Option(None, "--store", help="SQLite file the rows stream into (default: beside the first output, NAME.matrix.db)."),
) -> None:
    """Every contract under PATH... as one row of a due-diligence matrix: CUAD categories and position flags."""
    from paralaw.server.matrix import MatrixError, MatrixStore, build_matrix
    from paralaw.server.matrix import export

    from .cli_inputs import prepare_outputs

    outputs = [json_out, xlsx_out, csv_out, html_out]
    if not any(outputs):
        fail("INVALID_OPTION", "say where the matrix goes: --json, --xlsx, --csv and/or --html")
    if workers is not None and workers < 0:
        fail("INVALID_OPTION", "--workers must be 0 or more")
    if scheduler and workers is not None:
        fail("INVALID_OPTION", "--workers is for this machine; with --scheduler the cluster's workers do the work")
    try:  # every output fits its format and can be written, before any contract is read
        prepare_outputs({"--json": json_out, "--xlsx": xlsx_out, "--csv": csv_out, "--html": html_out})
    except UsageError as exc:
        fail(exc.code, str(exc))
    checked = _playbook(playbook) if playbook else None
    store_path = _store_path(store, outputs)
    # the store is a file the user may never have named: any error about it names it (the last line does too)
    try:
        opened_store = MatrixStore(store_path)
    except (OSError, sqlite3.Error) as exc:
        fail("STORE_ERROR", f"cannot open the matrix store {store_path}: {exc} (is its folder writable? "
                            "--store FILE puts it elsewhere)")
    start, step, stop = _progress()
    try:
        with opened_store as opened:
            try:
                run = build_matrix(paths, opened, workers=workers, scheduler=scheduler, domain=domain, party=party,
                                   playbook=checked, on_start=start, on_result=step)
            finally:
                stop()
            writers = ((json_out, export.write_json), (csv_out, export.write_csv), (xlsx_out, export.write_xlsx),
                       (html_out, export.write_html))
            written = []
            for target, write in writers:
                if target:
                    write(opened.rows(run.paths), target)
                    written.append(target)
    except MatrixError as exc:
        fail(exc.code, exc.message)
    except (OSError, sqlite3.Error) as exc:
        fail("OUTPUT_ERROR", f"{type(exc).__name__}: {exc}")
    typer.echo(f"{len(run.contracts)} contracts: {run.analysed} analysed, {run.skipped} unchanged, {run.errors} with errors "
               f"(store {opened.path}); wrote {', '.join(written)}", err=True)
