"""`paralaw playbook`: write a playbook by answering questions, check it, and have it said back in sentences.

    paralaw playbook init --type services --side customer --out house.yaml      asks in the terminal
    paralaw playbook init --type services --side customer --out house.yaml --answers answers.yaml
    paralaw playbook check house.yaml        one line per problem (line, key, value), exit 2
    paralaw playbook explain house.yaml      each position as a sentence to confirm

The questions, the defaults and the file written come from paralaw.skills.packs.interview; the check from
paralaw.skills.packs.playbook.playbook_problems.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from .cli_errors import EXIT_BAD_INPUT, fail

playbook_app = typer.Typer(help="Your own playbook: `init` writes one from your answers, `check` validates it, "
                                "`explain` says it back in sentences.", no_args_is_help=True, rich_markup_mode=None)

MAX_BYTES = 2_000_000


def _read(path: str, what: str) -> str:
    file = Path(path).expanduser()
    if not file.is_file():
        fail("FILE_NOT_FOUND", f"{what} {path} does not exist" if not file.exists() else f"{what} {path} is not a file")
    if file.stat().st_size > MAX_BYTES:
        fail("FILE_TOO_LARGE", f"{what} {path} is over {MAX_BYTES // 1_000_000} MB")
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail("INVALID_ARGUMENT", f"cannot read {what} {path}: {exc}")
    return ""


def _answers(path: str) -> dict[str, Any]:
    import yaml

    try:
        data = yaml.safe_load(_read(path, "answers file"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        fail("INVALID_ARGUMENT", f"{Path(path).name}: {'line ' + str(mark.line + 1) + ': ' if mark else ''}not valid YAML or JSON")
    if data is None:
        return {}
    if not isinstance(data, dict):
        fail("INVALID_ARGUMENT", f"{Path(path).name}: answers are a mapping of position id to {{parameter: value, must_have: true|false}}")
    return data


def _ask(topics) -> dict[str, dict[str, Any]]:
    """The interview in the terminal: each figure with the pack's as the default, then the must-haves by number."""
    from paralaw.skills.packs.interview import AnswersError, answer_value

    answers: dict[str, dict[str, Any]] = {}
    asked = [t for t in topics if t.questions]
    if asked:
        typer.echo("Your figures. Press Enter to keep the pack's value shown in brackets.\n")
    for topic in asked:
        typer.echo(topic.position.title)
        for question in topic.questions:
            while True:  # asked again until the answer is one the position can take
                if isinstance(question.default, str):
                    value = typer.prompt(f"  {question.ask}", default=question.default, show_default=bool(question.default))
                else:
                    value = typer.prompt(f"  {question.ask}", default=question.default, type=float)
                try:
                    value = answer_value(topic, question.parameter, value)
                    break
                except AnswersError as exc:
                    typer.echo(f"  {str(exc).split(': ', 1)[-1]}")
            answers.setdefault(topic.id, {})[question.parameter] = value
        typer.echo("")
    typer.echo("The positions for this contract type and side:")
    for number, topic in enumerate(topics, start=1):
        typer.echo(f"  {number:>2}. {topic.position.title}")
    current = ",".join(str(n) for n, t in enumerate(topics, start=1) if t.position.priority == "must_have")
    while True:
        given = typer.prompt("Which are must-haves? Their numbers, separated by commas (Enter: none)", default=current,
                             show_default=bool(current))
        try:
            chosen = {int(part) for part in given.replace(" ", ",").split(",") if part.strip()}
        except ValueError:
            typer.echo("  give numbers from the list, e.g. 1,3,7")
            continue
        if all(1 <= n <= len(topics) for n in chosen):
            break
        typer.echo(f"  give numbers from 1 to {len(topics)}")
    for number, topic in enumerate(topics, start=1):
        answers.setdefault(topic.id, {})["must_have"] = number in chosen
    return answers


@playbook_app.command("init")
def init(
    contract_type: str = typer.Option(..., "--type", help="Contract type: services, supply, distribution, licence, lease, nda, spa, sha or construction."),
    side: str = typer.Option(..., "--side", help="Whom you act for: a role word (customer, buyer, licensee, supplier, seller, licensor, recipient, discloser, investor, 买方 ...)."),
    out: str = typer.Option(..., "--out", help="The playbook file to write (.yaml)."),
    answers: Optional[str] = typer.Option(None, "--answers", help="Answers as YAML or JSON, {position_id: {parameter: value, must_have: true}}: no questions asked."),
    force: bool = typer.Option(False, "--force", help="Replace --out if it exists."),
) -> None:
    """Write a playbook from your answers: your figures for each position of the contract type and side, and which positions are must-haves."""
    from paralaw.skills.packs.interview import TYPES, AnswersError, interview_topics, playbook_from_answers, playbook_text
    from paralaw.skills.packs.playbook import playbook_problems
    from paralaw.skills.reading.roles import side_of_word

    if contract_type not in TYPES:
        fail("INVALID_OPTION", f"--type must be one of {', '.join(TYPES)}, not '{contract_type}'")
    our_side = side_of_word(side)
    if our_side is None:
        fail("INVALID_OPTION", f"--side '{side}' names no side; give a role such as customer, buyer, licensee, supplier, seller, "
                               "licensor, recipient or discloser")
    target = Path(out).expanduser()
    if target.suffix.lower() not in (".yaml", ".yml"):
        fail("INVALID_OPTION", f"--out {out}: a playbook is written as .yaml")
    if target.exists() and not force:
        fail("FILE_EXISTS", f"{out} exists; pass --force to replace it")
    if not target.parent.is_dir():
        fail("INVALID_OPTION", f"the folder of --out {out} does not exist")
    given = _answers(answers) if answers else None
    topics = interview_topics(contract_type, our_side)
    if given is None:
        typer.echo(f"A playbook for {contract_type} contracts, acting for the {our_side} ({side}).")
        given = _ask(topics)
    try:
        chosen = playbook_from_answers(topics, given)
    except AnswersError as exc:
        fail("INVALID_ARGUMENT", f"{Path(answers).name + ': ' if answers else ''}{exc}")
    text = playbook_text(topics, chosen, contract_type, our_side)
    problems = playbook_problems(text, target.name)
    if problems:  # a bug: what init writes must check
        raise RuntimeError(f"the playbook written does not check: {problems[0]}")
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail("CANNOT_WRITE", f"cannot write {out}: {exc.strerror or exc}")
    musts = sum(1 for c in chosen.values() if c["must_have"])
    typer.echo(f"wrote {out}: {contract_type} contracts, acting for the {our_side}; {len(topics)} positions, {musts} must-have"
               f"{'s' if musts != 1 else ''}. `paralaw playbook explain {out}` says it back.")


def _checked(file: str) -> dict[str, Any]:
    import json

    import yaml

    from paralaw.skills.packs.playbook import playbook_problems

    text = _read(file, "playbook")
    fmt = "json" if file.lower().endswith(".json") else None
    problems = playbook_problems(text, Path(file).name, fmt)
    if problems:
        for problem in problems:
            typer.echo(f"error [INVALID_ARGUMENT]: {problem}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    fmt = fmt or ("json" if text.lstrip()[:1] in "[{" else "yaml")
    return json.loads(text) if fmt == "json" else yaml.safe_load(text)


@playbook_app.command("check")
def check(file: str = typer.Argument(..., help="The playbook (.yaml, .yml or .json).")) -> None:
    """Check a whole playbook: one line per problem, naming the line, the key and the value (exit 2)."""
    data = _checked(file)
    counts = {key: len(data.get(key) or []) for key in ("positions", "criteria", "checklist")}
    typer.echo(f"{Path(file).name}: valid ({counts['positions']} positions, {counts['criteria']} criteria, "
               f"{counts['checklist']} checklist items)")


@playbook_app.command("explain")
def explain(file: str = typer.Argument(..., help="The playbook (.yaml, .yml or .json).")) -> None:
    """Say each position of a playbook back as a sentence to confirm: its title, and when it is GREEN, YELLOW and RED, with your figures."""
    from paralaw.skills.packs.explain import explain_playbook

    for line in explain_playbook(_checked(file)):
        typer.echo(line)
