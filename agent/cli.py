"""The `paralaw` command: parse, tools, serve, review.

Errors a user can cause (a missing or broken file, a bad option) print one line with a code and exit 2;
nothing a user does should end in a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer

from paralaw.skills import DocumentError, create_dispatcher, load_document
from paralaw.skills.packs import DOMAINS

app = typer.Typer(help="Contract review as MCP tools, and an agent that uses them.", no_args_is_help=True, add_completion=False)


def fail(code: str, message: str) -> None:
    typer.echo(f"error [{code}]: {message}", err=True)
    raise typer.Exit(2)


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


from .cli_review import review  # noqa: E402

app.command()(review)

@app.command()
def serve(
    http: bool = typer.Option(False, "--http", help="Serve Streamable HTTP instead of stdio."),
    host: str = typer.Option("127.0.0.1", "--host", help="HTTP address to bind."),
    port: int = typer.Option(8000, "--port", help="HTTP port."),
    schema: str = typer.Option("lazy", "--schema", help="Tool listing: lazy (schemas on demand) or full."),
    store: Optional[str] = typer.Option(None, "--store", help="Review store file (default: in the user data folder, or PARALAW_STORE)."),
    allow_dir: list[str] = typer.Option([], "--allow-dir", help="Folder the server may read contracts from (repeatable)."),
    auth_token: list[str] = typer.Option([], "--auth-token", help="Bearer token HTTP clients must send (repeatable: one per tenant, each sees only its own reviews; or PARALAW_AUTH_TOKEN, comma-separated)."),
) -> None:
    """Run the MCP server: stdio for MCP hosts, or --http."""
    import os
    import sqlite3

    from paralaw.server import run_http, run_stdio

    if schema not in ("lazy", "full"):
        fail("INVALID_OPTION", f"--schema must be lazy or full, not '{schema}'")
    missing = [d for d in allow_dir if not os.path.isdir(os.path.expanduser(d))]
    if missing:
        fail("INVALID_OPTION", f"--allow-dir {missing[0]} is not a folder")
    options = {"store": store, "schema_mode": schema, "allowed_dirs": allow_dir or None}
    try:
        if http:
            run_http(host=host, port=port, auth_token=auth_token or None, **options)
        else:
            run_stdio(**options)
    except (OSError, sqlite3.Error) as exc:
        fail("SERVER_ERROR", f"{type(exc).__name__}: {exc}")


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
