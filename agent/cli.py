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

def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
