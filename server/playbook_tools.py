"""A playbook built in a conversation: the prompt build_playbook walks the host's model through the interview that
`paralaw playbook init` runs in a terminal, and the tool save_playbook writes the playbook the answers make.

The questions, defaults and file come from paralaw.skills.packs.interview, so the terminal and a host write the
same playbook for the same answers. save_playbook writes only inside the allowed folders (narrowed by the
client's roots, as every file tool), never over a file unless asked, and only once the user has agreed
(elicitation, or confirm=true after asking).
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import mcp_types as types
from mcp.shared.exceptions import MCPError
from mcp_types.jsonrpc import INVALID_PARAMS
from pydantic import BaseModel, Field

from paralaw.skills.packs.interview import SIDE_WORDS, TYPES, AnswersError, interview_topics, playbook_from_answers, playbook_text
from paralaw.skills.packs.playbook import playbook_problems

from . import confirm
from .access import resolve_path
from .context import CallContext
from .listing import ToolSpec, model_input_schema
from .reviews import ReviewError

PROMPT = types.Prompt(
    name="build_playbook", title="Build a playbook",
    description="Interview the user about their positions on one type of contract (their figures and must-haves) and save "
                "the answers as a playbook file for later reviews.",
    arguments=[types.PromptArgument(name="contract_type", description=f"One of: {', '.join(TYPES)}."),
               types.PromptArgument(name="side", description="Whom the user acts for: customer, buyer, licensee, supplier, seller, "
                                                             "licensor, recipient, discloser, investor ...")])


def _side(word: str) -> str | None:
    from paralaw.skills.reading.roles import side_of_word

    return side_of_word(word)


def _questions(contract_type: str, side: str) -> str:
    topics = interview_topics(contract_type, side)
    lines = []
    for topic in topics:
        if topic.questions:
            lines.append(f"- {topic.id}: {topic.position.title}")
            lines += [f"    {q.parameter}: {q.ask} [default {json.dumps(q.default)}]" for q in topic.questions]
    lines.append("\nEvery position for this contract type and side (ask which are must-haves):")
    lines += [f"- {t.id}: {t.position.title}" for t in topics]
    return "\n".join(lines)


_STEPS = """You are helping a lawyer write their own contract-review playbook with the paralaw tools: their figures for
each position, and which positions are must-haves. The playbook holds only figures and priorities; the rules that
read contracts stay paralaw's.

{rule}

{data}

{first}
2. Ask the figures below one position at a time, in plain words, each with its default in brackets; the user may
   keep a default by saying so. Numbers are numbers (days, months, per cent); words stay words.
3. Show the list of positions and ask which are must-haves.
4. Say the answers back in a few sentences and ask the user to confirm them.
5. Ask where to save the file (a .yaml path inside the folder the user shared), then call save_playbook with
   path, contract_type, side and answers: {{position_id: {{parameter: value, must_have: true|false}}}}, giving only
   what the user changed or confirmed. save_playbook asks the user to agree before it writes; if it answers
   CONFIRMATION_REQUIRED, ask the user yourself and call it again with confirm: true only once they agree.
6. Tell the user the file's path and that `paralaw review CONTRACT --playbook FILE` (or open_review with
   playbook_path) uses it.

{questions}"""


async def get_prompt(arguments: dict[str, str]) -> types.GetPromptResult:
    from .prompts import _DATA_RULE, _data_block

    contract_type = (arguments.get("contract_type") or "").strip().lower()
    side_word = (arguments.get("side") or "").strip()
    if contract_type and contract_type not in TYPES:
        raise MCPError(INVALID_PARAMS, f"build_playbook: contract_type must be one of {', '.join(TYPES)}")
    side = _side(side_word) if side_word else None
    if side_word and side is None:
        raise MCPError(INVALID_PARAMS, "build_playbook: side names no side; give a role such as customer, supplier, licensee, recipient")
    if contract_type and side:
        first = f"1. The contract type and side are in the data block: {SIDE_WORDS[side]}."
        questions = "The figures to ask, by position (parameter: question [default]):\n" + _questions(contract_type, side)
    else:
        first = (f"1. Ask the user which type of contract the playbook is for ({', '.join(TYPES)}) and whom they act for "
                 "(customer, supplier, licensee, recipient ...); then get this prompt again with contract_type and side "
                 "for the questions, or ask them yourself from the defaults save_playbook's errors name.")
        questions = ""
    data = _data_block({"contract_type": contract_type or None, "side": side_word or None, "side_read_as": side})
    text = _STEPS.format(rule=_DATA_RULE["en"], data=data, first=first, questions=questions).rstrip()
    return types.GetPromptResult(description=PROMPT.description,
                                 messages=[types.PromptMessage(role="user", content=types.TextContent(text=text))])


class SavePlaybookInput(BaseModel):
    path: str = Field(description="The .yaml file to write, inside an allowed folder.")
    contract_type: str = Field(description=f"One of: {', '.join(TYPES)}.")
    side: str = Field(description="Whom the user acts for: a role word such as customer, buyer, licensee, supplier, recipient.")
    answers: dict[str, dict[str, Any]] = Field(default_factory=dict, description="The user's answers: {position_id: {parameter: value, "
                                                                                  "must_have: true|false}}; what is left out keeps the default.")
    overwrite: bool = Field(False, description="Replace the file if it exists.")
    confirm: bool = Field(False, description="True once the user has agreed to write the file.")


async def save_playbook(call: CallContext, data: SavePlaybookInput, params: types.CallToolRequestParams):
    from .builtin_tools import roots_in_force

    contract_type = data.contract_type.strip().lower()
    if contract_type not in TYPES:
        raise ReviewError(f"contract_type must be one of {', '.join(TYPES)} (got '{data.contract_type[:40]}')", code="INVALID_ARGUMENT")
    side = _side(data.side)
    if side is None:
        raise ReviewError(f"side '{data.side[:40]}' names no side; give a role such as customer, buyer, licensee, supplier, seller, "
                          "licensor, recipient or discloser", code="INVALID_ARGUMENT")
    topics = interview_topics(contract_type, side)
    try:
        chosen = playbook_from_answers(topics, data.answers)
    except AnswersError as exc:
        raise ReviewError(str(exc), code="INVALID_ARGUMENT") from exc
    roots = await roots_in_force(call, params)
    if isinstance(roots, types.InputRequiredResult):
        return roots
    target = resolve_path(data.path, roots)
    if target.suffix.lower() not in (".yaml", ".yml"):
        raise ReviewError(f"'{target.name}': a playbook is written as .yaml", code="INVALID_ARGUMENT", details={"path": data.path})
    if not target.parent.is_dir():
        raise ReviewError(f"the folder of '{data.path}' does not exist", code="INVALID_ARGUMENT", details={"path": data.path})
    if target.exists() and not data.overwrite:
        raise ReviewError(f"'{data.path}' exists; pass overwrite=true to replace it", code="FILE_EXISTS", details={"path": data.path})
    text = playbook_text(topics, chosen, contract_type, side)
    problems = playbook_problems(text, target.name)
    if problems:
        raise ReviewError(problems[0], code="INVALID_ARGUMENT", details={"problems": problems})
    musts = [pid for pid, c in chosen.items() if c["must_have"]]
    if not data.confirm:
        answer = await confirm.ask(call, f"Write the playbook for {contract_type} contracts ({side}; must-haves: "
                                         f"{', '.join(musts) or 'none'}) to {target}?", "Write the playbook", params)
        if isinstance(answer, types.InputRequiredResult):
            return answer
        if answer is None:
            raise ReviewError("writing a playbook needs the user's agreement: ask the user, then call save_playbook again with "
                              "confirm=true", code="CONFIRMATION_REQUIRED", details={"path": data.path})
        if not answer:
            return {"written": False, "reason": "the user declined"}

    def write() -> None:
        with open(target, "w" if data.overwrite else "x", encoding="utf-8") as handle:
            handle.write(text)

    try:
        await anyio.to_thread.run_sync(write)
    except FileExistsError:
        raise ReviewError(f"'{data.path}' exists; pass overwrite=true to replace it", code="FILE_EXISTS", details={"path": data.path}) from None
    except OSError as exc:
        raise ReviewError(f"cannot write '{data.path}': {exc.strerror or exc}", code="CANNOT_WRITE", details={"path": data.path}) from exc
    return {"written": True, "path": str(target), "contract_type": contract_type, "side": side,
            "positions": sum(1 for line in text.splitlines() if line.startswith("  - id: ")), "must_haves": musts}


def save_playbook_spec() -> ToolSpec:
    return ToolSpec(
        name="save_playbook", title="Save a playbook",
        description="Write the user's playbook (their figures and must-haves for one contract type and side, from the "
                    "build_playbook interview) as a .yaml file in an allowed folder, for later reviews. Creates a file: "
                    "needs the user's confirmation.",
        input_schema=model_input_schema(SavePlaybookInput), effect="create", input_model=SavePlaybookInput,
        handler=save_playbook, needs_confirmation=True)
