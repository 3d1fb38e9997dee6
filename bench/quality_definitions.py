"""resolve_definition measured on the quoted defined terms of the CUAD contracts.

Run from the project root: `python -m bench.quality_definitions [--json] [-v]`.

Ground truth, from an independent and deliberately simple regex in this file (not the parser's list): every
double-quoted term (straight or curly quotes) that is either followed by "means" / "shall mean"
('"Territory" means ...') or opens a parenthesis, optionally after a short lead-in ending in the, a, an,
each, collectively, individually or hereinafter ('(the "Company")', '(each, a "Renewal Term," and ...)',
'(hereinafter referred to as "Licensee")'). Trailing commas and full stops inside the quotes are dropped.
Each term counts once per contract (case-insensitive).

How the skill is asked: through the dispatcher, with the contract as the only document of a review,
clause_id = the clause holding the term's first defining occurrence ("*" when it sits in the preamble) and
term = the term as the contract writes it.

Counted as resolved: the skill answers found = true with a non-empty definition. Also printed (not the goal):
"placed", the share whose answer names the clause of one of the term's defining occurrences.

Goal (issue 3): >= 95% resolved.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

import anyio

from paralaw.skills import create_dispatcher, load_document, make_state

ROOT = Path(__file__).resolve().parents[1]
from .data_root import DATA  # noqa: E402  (../shared/data when present, else tests/data)
CONTRACTS = DATA / "cuad" / "contracts"
GOAL = 0.95

_Q = r"[\"“]([^\"“”\n]{1,80}?)[\"”]"
_MEANS = re.compile(_Q + r"\s*,?\s*(?:shall\s+)?means?\b")
_PAREN = re.compile(r"\((?:[^()\"“”\n]{0,40}?\b(?:the|a|an|each|collectively|individually|hereinafter)\b[\s,]*(?:referred\s+to\s+as\s+|called\s+)?)?" + _Q, re.IGNORECASE)


def ground_truth(text: str) -> dict[str, tuple[str, list[int]]]:
    """lower-cased term -> (term as first written, offsets of its defining occurrences)."""
    out: dict[str, tuple[str, list[int]]] = {}
    for pattern in (_MEANS, _PAREN):
        for m in pattern.finditer(text):
            term = m.group(1).strip().rstrip(",.;:").strip()
            if not term:
                continue
            written, offsets = out.setdefault(term.lower(), (term, []))
            offsets.append(m.start())
    return out


@dataclass
class Figures:
    contracts: int = 0
    terms: int = 0
    resolved: int = 0
    placed: int = 0
    misses: list = field(default_factory=list)


async def measure(limit: int | None = None) -> Figures:
    dispatcher = create_dispatcher("generic")
    figures = Figures()
    for path in sorted(CONTRACTS.glob("*.txt"))[:limit]:
        structure = load_document(path)
        state = make_state(structure)
        figures.contracts += 1
        for written, offsets in ground_truth(structure.text).values():
            first = min(offsets)
            clause = structure.clause_at(first)
            with anyio.fail_after(30):
                result = await dispatcher.prepare_and_call(
                    "resolve_definition", clause.clause_id if clause else "*", structure, state, llm_arguments={"term": written})
            lookup = (result.data.get("lookup") or {}) if result.success else {}
            figures.terms += 1
            if lookup.get("found") and lookup.get("definition"):
                figures.resolved += 1
                homes = {getattr(structure.clause_at(o), "clause_id", None) for o in offsets}
                figures.placed += lookup.get("defined_in") in homes
            else:
                figures.misses.append({"contract": path.name[:60], "term": written, "context": structure.text[max(0, first - 60): first + 60],
                                       "error": None if result.success else result.error.message})
    return figures


def main(argv: list[str]) -> int:
    figures = anyio.run(measure)
    share = figures.resolved / figures.terms if figures.terms else 1.0
    if "--json" in argv:
        print(json.dumps(asdict(figures) | {"share": share, "goal": GOAL}, indent=2))
        return 0
    print(f"contracts {figures.contracts}; quoted defined terms {figures.terms}; resolved {figures.resolved} "
          f"= {100 * share:.1f}% (goal >= {100 * GOAL:.0f}%); placed in a defining clause {figures.placed} "
          f"= {100 * figures.placed / max(1, figures.terms):.1f}%")
    if "-v" in argv:
        for miss in figures.misses:
            print(f"MISS {miss['contract']} | {miss['term']!r} | {miss['context']!r} {miss['error'] or ''}")
    return 0 if share >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
