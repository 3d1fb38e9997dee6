"""Prompts a host offers its user: how to review a whole contract, or one clause, with these tools."""

from __future__ import annotations

import json

import mcp_types as types
from mcp.shared.exceptions import MCPError
from mcp_types.jsonrpc import INVALID_PARAMS

from .store import ReviewStore

PROMPTS = [
    types.Prompt(name="review_contract", title="Review a contract",
                 description="Review the open contract clause by clause against its domain checklist and report the risks.",
                 arguments=[types.PromptArgument(name="review_id", description="Review to work on (default: the only open one)."),
                            types.PromptArgument(name="focus", description="Topics to look at first, e.g. 'liability, payment'.")]),
    types.Prompt(name="review_clause", title="Review one clause",
                 description="Analyse one clause of the open contract and report its risks with verbatim quotes.",
                 arguments=[types.PromptArgument(name="clause_id", description="The clause, as numbered in the contract, e.g. '14.7'.", required=True),
                            types.PromptArgument(name="review_id", description="Review to work on (default: the only open one).")]),
]

_CONTRACT = """You are reviewing a contract for {party} with the paralaw tools.{review}

1. If no review is open, ask for the contract file and call open_review (documents: [{{path, role: "primary"}}], our_party).
2. Call review_positions{args} (clause_id "*"): the contract judged against the playbook's positions, each GREEN,
   YELLOW, RED or MISSING with its sub-clause, the quoted sentence and proposed wording. Look at RED and MISSING first.
3. Call get_checklist{args} to get the clauses that matter in this domain, each resolved to clause ids of the contract.
4. For each checklist item, high priority first{focus}: read the clause with get_clause_context, then run the item's
   required_skills (each takes clause_id and its own arguments). Use find_clauses when a topic has no clause id.
5. Report each risk with: clause id, severity (high/medium/low), what is wrong for {party}, a verbatim quote from the
   contract, and a suggested amendment. Quote only text the tools returned; never paraphrase inside quotation marks.

Some tools are listed without parameters: call describe_tools with their names, or call them and follow the schema
the error returns."""

_CLAUSE = """Review clause {clause_id} of the contract{review} for {party}.

1. Call get_clause_context with clause_id "{clause_id}"{args} to read it with its sub-clauses and defined terms.
2. Run the skills that fit the clause (describe_tools gives their parameters); check cross-references and defined terms.
3. Answer with the clause's risks for {party}: severity, explanation, a verbatim quote, and a suggested amendment."""


def _quoted(text: str, limit: int = 120) -> str:
    """A name from a document (a file name, a party) as quoted data on one line: it cannot add lines or
    instructions to the prompt."""
    return json.dumps(" ".join(str(text).split())[:limit], ensure_ascii=False)


async def list_prompts() -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=PROMPTS)


def _context(store: ReviewStore, review_id: str | None) -> tuple[str, str, str]:
    review = store.get(review_id) if review_id else None
    if review is None and not review_id:
        reviews = store.list()
        review = reviews[0] if len(reviews) == 1 else None
    party = (_quoted(review.our_party) if review and review.our_party else "our client")
    about = ""
    if review is not None:
        primary = review.primary()
        about = f" The open review is {review.review_id}: {_quoted(primary.filename) if primary else ''} ({review.domain}, {review.language})."
    args = f' (review_id "{review_id}")' if review_id else ""
    return party, about, args


async def get_prompt(store: ReviewStore, name: str, arguments: dict[str, str]) -> types.GetPromptResult:
    review_id = arguments.get("review_id") or None
    party, about, args = _context(store, review_id)
    if name == "review_contract":
        focus = arguments.get("focus")
        text = _CONTRACT.format(party=party, review=about, args=args, focus=f", starting with {focus}" if focus else "")
    elif name == "review_clause":
        clause_id = (arguments.get("clause_id") or "").strip()
        if not clause_id:
            raise MCPError(INVALID_PARAMS, "review_clause needs the argument clause_id")
        text = _CLAUSE.format(clause_id=clause_id, party=party, review=about, args=args)
    else:
        raise MCPError(INVALID_PARAMS, f"unknown prompt '{name}'; known: {', '.join(p.name for p in PROMPTS)}")
    return types.GetPromptResult(description=next(p.description for p in PROMPTS if p.name == name),
                                 messages=[types.PromptMessage(role="user", content=types.TextContent(text=text))])
