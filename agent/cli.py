"""The `paralaw` command: parse, tools, review, serve, mcp-config.

Errors a user can cause (a missing or broken file, a bad option) print one line with a code and exit 2; a bug
prints one line and exits 3; nothing a user does should end in a traceback (exit status: cli_errors).

Start-up is kept short: `parse` and `tools` import neither the OpenAI client nor the MCP SDK (the review and
serve commands import what they need when they run).
"""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer

from .cli_errors import EXIT_INTERNAL, fail, internal_error, quiet_libraries
from .cli_options import DOMAINS

# Help is printed as written: Rich markup would read '[row, ...]' as a style tag and drop it, and the Rich
# option table labels every on/off flag '<bool>' as if it took a value
HELP_MARKUP = None

app = typer.Typer(help="Contract review as MCP tools, and an agent that uses them.\n\n"
                       "Exit status: 0 done; 1 review --fail-on found risks at or above its level; 2 bad input; "
                       "3 internal error.", no_args_is_help=True, add_completion=False, rich_markup_mode=HELP_MARKUP)


@app.callback()
def _setup() -> None:
    quiet_libraries()


def _outline(clauses, depth: int = 0) -> list[str]:
    lines = []
    for clause in clauses:
        lines.append(f"{'  ' * depth}{clause.clause_id:<10} {clause.title}".rstrip())
        lines.extend(_outline(clause.children, depth + 1))
    return lines


@app.command()
def parse(
    file: str = typer.Argument(..., help="Contract file: .md, .txt, .docx or .pdf."),
    as_json: bool = typer.Option(False, "--json", help="Print the whole document model as JSON."),
) -> None:
    """Parse a contract and print its clause outline."""
    from paralaw.skills import DocumentError, load_document

    try:
        structure = load_document(file)
    except DocumentError as exc:
        fail(exc.code, exc.message)
    if as_json:
        typer.echo(structure.model_dump_json(indent=2))
        return
    typer.echo(f"{structure.filename}: {structure.total_clauses} clauses ({structure.structure_type}, {structure.language}), "
               f"{len(structure.definitions)} definitions, {len(structure.cross_references)} cross-references")
    typer.echo("\n".join(_outline(structure.clauses)))


@app.command()
def tools(
    domain: Optional[str] = typer.Option(None, "--domain", help=f"Domain pack: {', '.join(DOMAINS)}."),
    as_json: bool = typer.Option(False, "--json", help="Print the OpenAI tool definitions as JSON."),
) -> None:
    """List the skills as tool definitions."""
    from paralaw.skills import create_dispatcher

    if domain and domain not in DOMAINS:
        fail("UNKNOWN_DOMAIN", f"unknown domain '{domain}'; choose one of {', '.join(DOMAINS)}")
    definitions = create_dispatcher(domain).get_tool_definitions(domain_filter=domain)
    if as_json:
        typer.echo(json.dumps(definitions, indent=2, ensure_ascii=False))
        return
    for tool in definitions:
        function = tool["function"]
        params = ", ".join(function["parameters"]["properties"])
        typer.echo(f"{function['name']}({params})\n    {function['description']}")


from .cli_mcp_config import mcp_config  # noqa: E402
from .cli_review import review  # noqa: E402

app.command()(review)
app.command(name="mcp-config")(mcp_config)
app.command()(__import__("paralaw.agent.cli_matrix", fromlist=["matrix"]).matrix)  # paralaw matrix (cli_matrix.py)
app.add_typer(__import__("paralaw.agent.cli_playbook", fromlist=["playbook_app"]).playbook_app, name="playbook")  # cli_playbook.py


@app.command()
def serve(
    http: bool = typer.Option(False, "--http", help="Serve Streamable HTTP instead of stdio."),
    host: str = typer.Option("127.0.0.1", "--host", help="HTTP address to bind."),
    port: int = typer.Option(8000, "--port", help="HTTP port."),
    schema: str = typer.Option("lazy", "--schema", help="Tool listing: lazy (schemas on demand) or full."),
    store: Optional[str] = typer.Option(None, "--store", help="Review store file (default: in the user data folder, or PARALAW_STORE)."),
    allow_dir: list[str] = typer.Option([], "--allow-dir", help="Folder the server may read contracts from (repeatable)."),
    auth_token: list[str] = typer.Option([], "--auth-token", help="Bearer token HTTP clients must send (repeatable: one per tenant, each sees only its own reviews; or PARALAW_AUTH_TOKEN, comma-separated)."),
    retention_days: Optional[float] = typer.Option(None, "--retention-days", help="Reviews expire this many days after they were last opened (default 30, or PARALAW_RETENTION_DAYS; 0 keeps them)."),
) -> None:
    """Run the MCP server: stdio for MCP hosts, or --http."""
    import os
    import sqlite3

    from paralaw.server import run_http, run_stdio
    from paralaw.server.store import StoreDamaged

    if schema not in ("lazy", "full"):
        fail("INVALID_OPTION", f"--schema must be lazy or full, not '{schema}'")
    missing = [d for d in allow_dir if not os.path.isdir(os.path.expanduser(d))]
    if missing:
        fail("INVALID_OPTION", f"--allow-dir {missing[0]} is not a folder")
    options = {"store": store, "schema_mode": schema, "allowed_dirs": allow_dir or None}
    if retention_days is not None:
        options["retention_days"] = retention_days
    try:
        if http:
            run_http(host=host, port=port, auth_token=auth_token or None, **options)
        else:
            run_stdio(**options)
    except (OSError, sqlite3.Error) as exc:
        fail("SERVER_ERROR", f"{type(exc).__name__}: {exc}")
    except StoreDamaged as exc:  # one line that says how to recover
        fail(exc.code, exc.message)


reviews_app = typer.Typer(help="The review store: `paralaw reviews prune` removes expired reviews now.", no_args_is_help=True,
                          rich_markup_mode=HELP_MARKUP)
app.add_typer(reviews_app, name="reviews")


@reviews_app.command("prune")
def prune_reviews(
    store: Optional[str] = typer.Option(None, "--store", help="Review store file (default: in the user data folder, or PARALAW_STORE)."),
    retention_days: Optional[float] = typer.Option(None, "--retention-days", help="Remove reviews last opened more than this many days ago (default 30, or PARALAW_RETENTION_DAYS)."),
) -> None:
    """Remove the reviews whose retention period has run out, now."""
    import sqlite3

    from paralaw.server.store import RETENTION_DAYS, SqliteReviewStore, StoreDamaged

    try:
        opened = SqliteReviewStore(store, retention_days=0)  # nothing pruned on opening: counted below
        opened.retention_days = retention_days if retention_days is not None else RETENTION_DAYS
        removed = opened.prune()
        left = len(opened.list())
        opened.close()
    except StoreDamaged as exc:
        fail(exc.code, exc.message)
    except (OSError, sqlite3.Error) as exc:
        fail("STORE_ERROR", f"{type(exc).__name__}: {exc}")
    typer.echo(f"removed {removed} expired review{'s' if removed != 1 else ''}; {left} left in {opened.path}")


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # a bug that got past a command: one line, exit 3
        sys.exit(internal_error(exc) or EXIT_INTERNAL)


if __name__ == "__main__":
    main()
