"""`paralaw review`: review contracts with the bundled agent and write Markdown / JSON / Word / HTML reports.

Everything the user gave is checked before the review starts (options, files, playbook, where the reports go);
exit status as in cli_errors: 0 nothing at or above --fail-on, 1 risks at or above it (with a line saying how
many), 2 bad input, 3 internal error.

This module is imported by every `paralaw` command, so it imports the agent (the MCP SDK, the OpenAI client)
only when a review runs.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from .cli_errors import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_OK, UsageError, internal_error
from .cli_options import DOMAINS, LEVELS, check_options


def load_manifest(path: str):
    """A manifest in the review cases' gold.json form, as (ReviewRequest, its raw data); see cli_inputs."""
    from .cli_inputs import load_manifest as load

    return load(path)


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


async def _fit_warnings(tools, data: dict, request, *, chosen_domain: str | None) -> list[str]:
    """--party and --domain against the documents' text as the server parsed it."""
    from .cli_checks import domain_warning

    review = data["review"]
    documents = review.get("documents", [])
    if not documents or not (request.our_party or chosen_domain):
        return []
    texts = {d["document_id"]: await tools.document_text(review["review_id"], d["document_id"]) or "" for d in documents}
    primary = next((d for d in documents if d.get("role") == "primary"), documents[0])
    warnings = []
    if chosen_domain:
        items = len(data["units"]) + len(data["not_found"])
        found = domain_warning(chosen_domain, [t for t in texts.values() if t], [d.get("role", "") for d in documents],
                               primary.get("filename", ""), len(data["not_found"]), items)
        if found:
            warnings.append(found)
    return warnings


async def _run(request, *, server, mode, settings, store, chosen_domain):
    from .llm import OpenAIChatModel
    from .mcp_client import connect
    from .pipeline import run_review

    llm = OpenAIChatModel.from_settings(settings) if settings.llm_configured and mode != "offline" else None
    folders = sorted({str(Path(d.path).resolve().parent) for d in request.documents})
    if request.playbook:
        folders.append(str(Path(request.playbook).resolve().parent))
    bar, update = _progress()
    send_text = bool(server and server.startswith("http"))
    async with connect(server, store=store, allowed_dirs=folders, tool_timeout=settings.tool_timeout) as tools:
        if bar is not None:
            with bar:
                data = await run_review(tools, request, settings=settings, mode=mode, llm=llm, send_text=send_text,
                                        progress=update)
        else:
            data = await run_review(tools, request, settings=settings, mode=mode, llm=llm, send_text=send_text)
        data["warnings"] = data.get("warnings", []) + await _fit_warnings(tools, data, request, chosen_domain=chosen_domain)
    return data


def _unreachable(exc: BaseException) -> bool:
    """A server given with --server that could not be started or reached (not a bug in paralaw)."""
    import httpx

    return isinstance(exc, (OSError, httpx.TransportError, TimeoutError))


def fail_on_line(data: dict, fail_on: str) -> str | None:
    """The line that says why --fail-on failed: how many risks at or above the level, by severity."""
    counted = LEVELS[: LEVELS.index(fail_on) + 1]
    counts = {level: 0 for level in counted}
    for unit in data["units"]:
        for risk in unit.risks:
            if risk.get("risk_level") in counts:
                counts[risk["risk_level"]] += 1
    total = sum(counts.values())
    if not total:
        return None
    by_level = ", ".join(f"{n} {level}" for level, n in counts.items() if n)
    return (f"paralaw: {total} risk{'s' if total != 1 else ''} at or above --fail-on {fail_on} ({by_level}): "
            f"exit status {EXIT_FINDINGS}")


def check_author(author: str) -> str:
    """--author as Word will show it: one line of at most 100 characters."""
    name = " ".join(author.split())
    if not name or len(name) > 100 or any((ord(ch) < 32 and ch != "\t") or ch in "\ufffe\uffff" for ch in author):
        raise UsageError("INVALID_OPTION", "--author must be a name of 1 to 100 characters on one line")
    return name


def review(
    files: Optional[list[str]] = typer.Argument(None, help="Contract files; tag others as ROLE=PATH (gc=, pc=, er=, reference=, baseline=)."),
    domain: Optional[str] = typer.Option(None, "--domain", help=f"Domain pack: {', '.join(DOMAINS)} (detected if absent)."),
    party: Optional[str] = typer.Option(None, "--party", help="The party we act for, as the contract names it, e.g. Customer, Contractor, Buyer."),
    language: Optional[str] = typer.Option(None, "--language", help="en or zh (detected if absent)."),
    mode: Optional[str] = typer.Option(None, "--mode", help="react, checklist or offline (default: offline without an LLM, else USE_REACT_AGENT)."),
    server: Optional[str] = typer.Option(None, "--server", help="MCP server: an http(s):// URL, 'stdio' or 'stdio:COMMAND'; in-process if absent."),
    out: Optional[str] = typer.Option(None, "--out", help="Write the Markdown report here (default: print it); missing folders are created."),
    json_path: Optional[str] = typer.Option(None, "--json", help="Write the JSON report (with the audit trail) here."),
    fail_on: Optional[str] = typer.Option(None, "--fail-on", help="Exit 1 when a risk of this severity or higher is found: high, medium or low."),
    manifest: Optional[str] = typer.Option(None, "--manifest", help="A JSON manifest (documents with file, role, kind; domain; our_party; language)."),
    concurrency: Optional[int] = typer.Option(None, "--concurrency", min=1, max=64, help="Clauses reviewed at once."),
    llm_timeout: Optional[float] = typer.Option(None, "--llm-timeout", min=1, max=3600, help="Seconds one model request may take (default 300, or PARALAW_LLM_TIMEOUT)."),
    playbook: Optional[str] = typer.Option(None, "--playbook", help="Your own checklist, criteria and positions (YAML or JSON; see README)."),
    store: Optional[str] = typer.Option(None, "--store", help="Review store for the in-process server (default: a temporary one)."),
    docx_out: Optional[str] = typer.Option(None, "--docx", help="Write the contract as Word with a comment per risk and a tracked change per proposed wording."),
    html_out: Optional[str] = typer.Option(None, "--html", help="Write a self-contained HTML report here."),
    original: bool = typer.Option(False, "--original", help="Review a .docx as it was before its tracked changes (all rejected)."),
    author: str = typer.Option("paralaw", "--author", help="The name Word shows on the --docx report's tracked changes and comments."),
) -> None:
    """Review a contract through the paralaw MCP tools and write a report.

    Exit status: 0 no risk at or above --fail-on; 1 risks at or above it; 2 bad input; 3 internal error.
    """
    try:
        check_options(fail_on=fail_on, mode=mode, domain=domain, language=language, server=server)
        from .cli_inputs import check_files, parse_file_argument, prepare_outputs
        from .pipeline import ReviewRequest

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
        check_files(request)
        if playbook:  # the server takes a relative path from its allowed folder, not from here
            request.playbook = str(Path(playbook).expanduser().resolve())
        author = check_author(author)
        prepare_outputs({"--out": out, "--json": json_path, "--docx": docx_out, "--html": html_out})
        from .settings import get_settings

        settings = get_settings(concurrency=concurrency, llm_timeout=llm_timeout)
    except UsageError as exc:
        typer.echo(f"error [{exc.code}]: {exc}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    except ValueError as exc:  # settings from the environment that do not validate
        typer.echo(f"error [INVALID_OPTION]: {' '.join(str(exc).split())}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)

    import anyio

    from .cli_checks import unknown_party
    from .exports import docx_view, input_warnings, place_new_clauses, write_reports
    from .mcp_client import ServerToolError
    from .report import to_markdown, write_json

    chosen = mode or settings.default_mode()
    if chosen != "offline" and not settings.llm_configured:
        typer.echo(f"note: --mode {chosen} needs OPENAI_API_KEY or OPENAI_BASE_URL; reviewing offline", err=True)
    try:
        with docx_view(original):
            data = anyio.run(lambda: _run(request, server=server, mode=chosen, settings=settings, store=store,
                                          chosen_domain=domain))
        data["warnings"] = data.get("warnings", []) + input_warnings([d.path for d in request.documents], original=original)
        unknown_party(request.our_party, data, request.documents[0].path)
    except UsageError as exc:
        typer.echo(f"error [{exc.code}]: {exc}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    except ServerToolError as exc:
        typer.echo(f"error [{exc.error.get('code', 'SERVER_ERROR')}]: {exc.error.get('message', exc)}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    except Exception as exc:
        if server and _unreachable(exc):
            typer.echo(f"error [SERVER_UNREACHABLE]: --server {server}: {type(exc).__name__}: {exc}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT)
        raise typer.Exit(internal_error(exc)) from None  # a bug: one line, not a traceback
    try:
        primary = next((d.path for d in request.documents if d.role == "primary"), request.documents[0].path)
        place_new_clauses(data, primary, original=original)
        markdown = to_markdown(data)
        if out:
            Path(out).expanduser().write_text(markdown, encoding="utf-8")
        else:
            typer.echo(markdown)
        if json_path:
            write_json(data, str(Path(json_path).expanduser()))
        for note in write_reports(data, primary, docx_path=docx_out, html_path=html_out, original=original, author=author):
            typer.echo(note, err=True)
    except OSError as exc:
        typer.echo(f"error [WRITE_FAILED]: {exc.filename or ''}: {exc.strerror or exc}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    except Exception as exc:
        raise typer.Exit(internal_error(exc)) from None
    for warning in data.get("warnings", []):
        typer.echo(f"warning: {warning}", err=True)
    line = fail_on_line(data, fail_on) if fail_on else None
    if line:
        typer.echo(line, err=True)
        raise typer.Exit(EXIT_FINDINGS)
    raise typer.Exit(EXIT_OK)
