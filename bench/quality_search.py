"""search_reference_doc as a clause finder, measured on the CUAD expert labels.

Run from the project root: `python -m bench.quality_search [--json]`.

For every CUAD contract and every category (category_descriptions.csv) with at least one located labelled
span in that contract (annotations.json, start != -1), the contract is the only document of a review and
the skill is called through the dispatcher with query = "<category name>. <category description>" and
top_k = 5. The pair counts as found when any labelled span of the category overlaps one of the five
clauses returned: the clause's own text (heading to its first sub-clause), or for a hit outside any
numbered clause the passage itself. That is the issue's measure ("the labelled span lies in one of the
top 5 clauses returned").

A stricter figure is printed beside it: the span must overlap the matched passage itself (a long clause
is indexed as passages of about 1,200 characters and a hit names its best one). "avg clause" and "avg
passage" print the mean size of what counted, so neither figure can hide behind huge clauses.

Printed: per category (pairs, found, share), overall share, and the goal (issue 3: >= 80%).
"""

from __future__ import annotations

import csv
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import anyio

from paralaw.skills import create_dispatcher, load_document, make_state

ROOT = Path(__file__).resolve().parents[1]
from .data_root import DATA  # noqa: E402  (../shared/data when present, else tests/data)
CUAD = DATA / "cuad"
GOAL = 0.80
TOP_K = 5


@dataclass
class CategoryFigures:
    category: str
    pairs: int = 0
    found: int = 0
    found_in_passage: int = 0

    @property
    def share(self) -> float:
        return self.found / self.pairs if self.pairs else 0.0


@dataclass
class SearchFigures:
    categories: dict[str, CategoryFigures] = field(default_factory=dict)
    misses: list[tuple[str, str]] = field(default_factory=list)
    clause_chars: int = 0
    passage_chars: int = 0
    hits: int = 0
    seconds: float = 0.0

    @property
    def pairs(self) -> int:
        return sum(c.pairs for c in self.categories.values())

    @property
    def found(self) -> int:
        return sum(c.found for c in self.categories.values())

    @property
    def share(self) -> float:
        return self.found / self.pairs if self.pairs else 0.0

    @property
    def passage_share(self) -> float:
        pairs = self.pairs
        return sum(c.found_in_passage for c in self.categories.values()) / pairs if pairs else 0.0


def clause_span(structure, hit: dict) -> tuple[int, int]:
    """What a hit names: its clause's own text, or the passage when it lies outside numbered clauses."""
    clause = structure.get_clause(hit["clause_id"]) if hit["clause_id"] else None
    if clause is None:
        return hit["start"], hit["end"]
    return min(clause.start, hit["start"]), max(clause.start + len(clause.text), hit["end"])


def categories() -> dict[str, str]:
    """Category name -> description, from the CUAD definitions file."""
    out: dict[str, str] = {}
    with (CUAD / "category_descriptions.csv").open(encoding="utf-8-sig") as handle:
        for row in csv.reader(handle):
            if row and row[0].startswith("Category:"):
                out[row[0].removeprefix("Category:").strip()] = row[1].removeprefix("Description:").strip()
    return out


def measure(contracts: list[str] | None = None, top_k: int = TOP_K, load=None) -> SearchFigures:
    """`load(relative_path)` may supply already parsed contracts (the test session's cache)."""
    return anyio.run(_measure, contracts, top_k, load)


async def _measure(contracts: list[str] | None, top_k: int, load) -> SearchFigures:
    annotations = json.loads((CUAD / "annotations.json").read_text(encoding="utf-8"))["contracts"]
    descriptions = {name.lower(): (name, text) for name, text in categories().items()}
    dispatcher = create_dispatcher("generic")
    figures = SearchFigures()
    started = time.perf_counter()
    for contract in contracts or sorted(annotations):
        structure = load(f"cuad/contracts/{contract}") if load else load_document(CUAD / "contracts" / contract)
        state = make_state(structure)
        for label, entry in annotations[contract].items():
            spans = [(s["start"], s["end"]) for s in entry.get("spans", []) if s.get("start", -1) >= 0]
            if not spans or label.lower() not in descriptions:
                continue
            name, description = descriptions[label.lower()]
            query = f"{name}. {description}"
            result = await dispatcher.prepare_and_call(
                "search_reference_doc", "", structure, state, llm_arguments={"query": query, "top_k": top_k})
            hits = result.data.get("hits", []) if result.success else []
            clauses = [clause_span(structure, h) for h in hits]
            figures.hits += len(hits)
            figures.passage_chars += sum(h["end"] - h["start"] for h in hits)
            figures.clause_chars += sum(e - s for s, e in clauses)
            found = any(s < end and start < e for s, e in clauses for start, end in spans)
            row = figures.categories.setdefault(name, CategoryFigures(name))
            row.pairs += 1
            row.found += found
            row.found_in_passage += any(h["start"] < end and start < h["end"] for h in hits for start, end in spans)
            if not found:
                figures.misses.append((contract, name))
    figures.seconds = time.perf_counter() - started
    return figures


def report(figures: SearchFigures) -> str:
    lines = [f"{'category':40} {'pairs':>5} {'found':>5} {'share':>6}"]
    for row in sorted(figures.categories.values(), key=lambda r: r.category):
        lines.append(f"{row.category:40} {row.pairs:5d} {row.found:5d} {row.share:6.1%}")
    clause_avg = figures.clause_chars / figures.hits if figures.hits else 0
    passage_avg = figures.passage_chars / figures.hits if figures.hits else 0
    verdict = "met" if figures.share >= GOAL else "MISSED"
    lines.append(f"{'overall':40} {figures.pairs:5d} {figures.found:5d} {figures.share:6.1%}   "
                 f"(goal >= {GOAL:.0%}: {verdict}; top {TOP_K}; avg clause {clause_avg:.0f} chars)")
    lines.append(f"{'overall, span in the matched passage':40} {'':5} {'':5} {figures.passage_share:6.1%}   "
                 f"(avg passage {passage_avg:.0f} chars; {figures.seconds:.1f} s)")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    figures = measure()
    if "--json" in argv:
        payload = {"overall": figures.share, "passage_level": figures.passage_share, "pairs": figures.pairs,
                   "found": figures.found,
                   "categories": {k: {**asdict(v), "share": v.share} for k, v in figures.categories.items()}}
        print(json.dumps(payload, indent=2))
    else:
        print(report(figures))
    return 0 if figures.share >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
