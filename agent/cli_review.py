"""`paralaw review`: review contracts with the bundled agent and write Markdown / JSON reports.

Exit status: 0 done, 1 a risk at or above --fail-on was found (for CI), 2 bad input (one line on stderr).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import anyio
import typer

from .exports import docx_view, input_warnings, write_reports
from .mcp_client import ServerToolError, connect
from .pipeline import MODES, DocumentInput, ReviewRequest, run_review
from .report import LEVELS, exit_status, to_markdown, write_json
from .settings import get_settings

ROLES = ("primary", "gc", "pc", "er", "reference", "baseline")
DOMAINS = ("generic", "fidic", "sha_spa")


class UsageError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse_file_argument(value: str) -> DocumentInput:
    """PATH (the primary contract) or ROLE=PATH."""
    role, sep, path = value.partition("=")
    if sep and role.lower() in ROLES:
        return DocumentInput(path=path, role=role.lower())
    return DocumentInput(path=value)


def _place_roles(documents: list[DocumentInput]) -> list[DocumentInput]:
    """A manifest may list several 'primary' documents told apart by kind (a FIDIC GC and PC). The server wants
    one primary: the amending document (PC) stays primary, the others take their kind (gc, er) as role."""
    primaries = [d for d in documents if d.role == "primary"]
    if len(primaries) <= 1:
        return documents
    keep = next((d for d in primaries if d.kind == "pc"), primaries[0])
    for doc in primaries:
        if doc is not keep:
            doc.role = doc.kind if doc.kind in ROLES and doc.kind != "primary" else "reference"
    return documents


def load_manifest(path: str) -> tuple[ReviewRequest, dict]:
    """A manifest in the review cases' gold.json form: documents [{file, role, kind}], domain, our_party, language."""
    manifest_path = Path(path)
    try:
        data = json.loads(manifest_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError("FILE_NOT_FOUND", f"manifest {path} does not exist") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UsageError("INVALID_MANIFEST", f"manifest {path} is not readable JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("documents"), list) or not data["documents"]:
        raise UsageError("INVALID_MANIFEST", f"manifest {path} needs a non-empty 'documents' list")
    documents = []
    for index, entry in enumerate(data["documents"]):
        if not isinstance(entry, dict) or not entry.get("file"):
            raise UsageError("INVALID_MANIFEST", f"manifest {path}: documents[{index}] needs a 'file'")
        role = str(entry.get("role") or "primary").lower()
        if role not in ROLES:
            raise UsageError("INVALID_MANIFEST", f"manifest {path}: documents[{index}] has unknown role '{role}' ({', '.join(ROLES)})")
        documents.append(DocumentInput(path=str(manifest_path.parent / entry["file"]), role=role, kind=str(entry.get("kind") or "")))
    request = ReviewRequest(documents=_place_roles(documents), domain=data.get("domain"),
                            our_party=data.get("our_party") or "", language=data.get("language"))
    return request, data


def _check_files(request: ReviewRequest) -> None:
    for doc in request.documents:
        if not Path(doc.path).is_file():
            raise UsageError("FILE_NOT_FOUND", f"{doc.path} does not exist")


def _progress():
    """A rich progress bar on a terminal; nothing otherwise (CI logs stay clean)."""
    if not sys.stderr.isatty():
        return None, None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(TextColumn("[bold]reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TextColumn("{task.description}"), transient=True)
    task = bar.add_task("", total=None)

    def update(done: int, total: int, label: str) -> None:
        bar.update(task, completed=done, total=total, description=label)

    return bar, update


async def _run(request, *, server, mode, settings, out, json_path, store):
    from .llm import OpenAIChatModel

    llm = OpenAIChatModel.from_settings(settings) if settings.llm_configured and mode != "offline" else None
    folders = sorted({str(Path(d.path).resolve().parent) for d in request.documents})
    if request.playbook:
        folders.append(str(Path(request.playbook).resolve().parent))
    bar, update = _progress()
    async with connect(server, store=store, allowed_dirs=folders, tool_timeout=settings.tool_timeout) as tools:
        if bar is not None:
            with bar:
                data = await run_review(tools, request, settings=settings, mode=mode, llm=llm,
                                        send_text=bool(server and server.startswith("http")), progress=update)
        else:
            data = await run_review(tools, request, settings=settings, mode=mode, llm=llm,
                                    send_text=bool(server and server.startswith("http")))
    return data


def review(
    files: Optional[list[str]] = typer.Argument(None, help="Contract files; tag others as ROLE=PATH (gc=, pc=, er=, reference=, baseline=)."),
    domain: Optional[str] = typer.Option(None, "--domain", help=f"Domain pack: {', '.join(DOMAINS)} (detected if absent)."),
    party: Optional[str] = typer.Option(None, "--party", help="The party we act for, e.g. Customer, Contractor, Buyer."),
    language: Optional[str] = typer.Option(None, "--language", help="en or zh (detected if absent)."),
    mode: Optional[str] = typer.Option(None, "--mode", help="react, checklist or offline (default: offline without an LLM, else USE_REACT_AGENT)."),
    server: Optional[str] = typer.Option(None, "--server", help="MCP server: an http(s):// URL, 'stdio' or 'stdio:COMMAND'; in-process if absent."),
    out: Optional[str] = typer.Option(None, "--out", help="Write the Markdown report here (default: print it)."),
    json_path: Optional[str] = typer.Option(None, "--json", help="Write the JSON report (with the audit trail) here."),
    fail_on: Optional[str] = typer.Option(None, "--fail-on", help="Exit 1 when a risk of this severity or higher is found: high, medium or low."),
    manifest: Optional[str] = typer.Option(None, "--manifest", help="A JSON manifest (documents with file, role, kind; domain; our_party; language)."),
    concurrency: Optional[int] = typer.Option(None, "--concurrency", min=1, max=64, help="Clauses reviewed at once."),
    playbook: Optional[str] = typer.Option(None, "--playbook", help="Your own checklist/criteria file (YAML or JSON)."),
    store: Optional[str] = typer.Option(None, "--store", help="Review store for the in-process server (default: a temporary one)."),
    docx_out: Optional[str] = typer.Option(None, "--docx", help="Write the contract as Word with a comment per risk and a tracked change per proposed wording."),
    html_out: Optional[str] = typer.Option(None, "--html", help="Write a self-contained HTML report here."),
    original: bool = typer.Option(False, "--original", help="Review a .docx as it was before its tracked changes (all rejected)."),
) -> None:
    """Review a contract through the paralaw MCP tools and write a report."""
    try:
        if fail_on and fail_on not in LEVELS:
            raise UsageError("INVALID_OPTION", f"--fail-on must be one of {', '.join(LEVELS)}")
        if mode and mode not in MODES:
            raise UsageError("INVALID_OPTION", f"--mode must be one of {', '.join(MODES)}")
        if domain and domain not in DOMAINS:
            raise UsageError("UNKNOWN_DOMAIN", f"unknown domain '{domain}'; choose one of {', '.join(DOMAINS)}")
        if manifest:
            request, _ = load_manifest(manifest)
            request.documents += [parse_file_argument(f) for f in files or []]
        elif files:
            request = ReviewRequest(documents=[parse_file_argument(f) for f in files])
        else:
            raise UsageError("NO_INPUT", "give a contract file or --manifest")
        request.domain = domain or request.domain
        request.our_party = party or request.our_party
        request.language = language or request.language
        request.playbook = playbook
        _check_files(request)
        settings = get_settings(concurrency=concurrency)
        chosen = mode or settings.default_mode()
        if chosen != "offline" and not settings.llm_configured:
            typer.echo(f"note: --mode {chosen} needs OPENAI_API_KEY or OPENAI_BASE_URL; reviewing offline", err=True)
        with docx_view(original):
            data = anyio.run(lambda: _run(request, server=server, mode=chosen, settings=settings, out=out,
                                          json_path=json_path, store=store))
        data["warnings"] = data.get("warnings", []) + input_warnings([d.path for d in request.documents], original=original)
    except UsageError as exc:
        typer.echo(f"error [{exc.code}]: {exc}", err=True)
        raise typer.Exit(2)
    except ServerToolError as exc:
        typer.echo(f"error [{exc.error.get('code', 'SERVER_ERROR')}]: {exc.error.get('message', exc)}", err=True)
        raise typer.Exit(2)
    except ValueError as exc:
        typer.echo(f"error [INVALID_OPTION]: {exc}", err=True)
        raise typer.Exit(2)
    markdown = to_markdown(data)
    if out:
        Path(out).write_text(markdown, encoding="utf-8")
    else:
        typer.echo(markdown)
    if json_path:
        write_json(data, json_path)
    primary = next((d.path for d in request.documents if d.role == "primary"), request.documents[0].path)
    try:
        for note in write_reports(data, primary, docx_path=docx_out, html_path=html_out, original=original):
            typer.echo(note, err=True)
    except OSError as exc:
        typer.echo(f"error [WRITE_FAILED]: {exc.filename or ''}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2)
    raise typer.Exit(exit_status(data, fail_on))
