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

`--compare` (issue 13) measures three methods on the same pairs in one run: plain BM25 (bm25s defaults
over the same passages), the project's BM25 (search_reference_doc's ClauseIndex), and find_clauses'
hybrid search (skills/clauses/search.py), asked by category name and by name + description, over all
visible contracts and over the third the clause model was not trained on.
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


HELD_OUT_NOTE = "held out from the clause model's training (training/train_clause_model.py: every third visible contract)"
METHODS = ("plain BM25", "BM25 (search_reference_doc)", "find_clauses (hybrid)")


def held_out(contracts: list[str]) -> set[str]:
    """The visible contracts the shipped clause model never saw: every third in name order."""
    return set(sorted(contracts)[::3])


def _plain_bm25(structure):
    """bm25s with its defaults (k1 1.5, b 0.75, its English stop-words, no stemmer) over the same passages."""
    import bm25s

    from paralaw.skills.text.retrieval import ClauseIndex

    index = ClauseIndex.for_document(structure)
    corpus = [structure.text[p.start:p.end] for p in index.passages]
    retriever = bm25s.BM25()
    retriever.index(bm25s.tokenize(corpus, stopwords="en", show_progress=False), show_progress=False)

    def search(query: str, top_k: int) -> list[tuple[int, int]]:
        tokens = bm25s.tokenize([query], stopwords="en", show_progress=False)
        if not tokens.vocab or not len(corpus):
            return []
        ids, scores = retriever.retrieve(tokens, k=min(top_k, len(corpus)), show_progress=False)
        return [clause_span_of(structure, index.passages[i]) for i, sc in zip(ids[0], scores[0]) if sc > 0]

    return search


def clause_span_of(structure, passage) -> tuple[int, int]:
    return clause_span(structure, {"clause_id": passage.clause_id, "start": passage.start, "end": passage.end})


def compare(contracts: list[str] | None = None, top_k: int = TOP_K, load=None, describe: bool = False) -> dict:
    """Top-k share per method, on the same (contract, category) pairs and the same query, in one run.

    The query is the category name, or with `describe` "<name>. <description>". Returns
    {method: {"all": (found, pairs), "held_out": (found, pairs), "seconds": s, "misses": [...]}}.
    """
    from paralaw.skills.clauses.search import search_clauses
    from paralaw.skills.text.retrieval import ClauseIndex

    annotations = json.loads((CUAD / "annotations.json").read_text(encoding="utf-8"))["contracts"]
    descriptions = {name.lower(): (name, text) for name, text in categories().items()}
    names = contracts or sorted(annotations)
    unseen = held_out(list(annotations))
    out = {m: {"all": [0, 0], "held_out": [0, 0], "seconds": 0.0, "misses": []} for m in METHODS}
    for contract in names:
        structure = load(f"cuad/contracts/{contract}") if load else load_document(CUAD / "contracts" / contract)
        plain = _plain_bm25(structure)
        index = ClauseIndex.for_document(structure)

        def bm25(query: str, k: int):
            return [clause_span(structure, h.model_dump()) for h in index.search(query, k)]

        def hybrid(query: str, k: int):
            return [clause_span(structure, h.model_dump()) for h in search_clauses(structure, query, k).hits]

        for label, entry in annotations[contract].items():
            spans = [(s["start"], s["end"]) for s in entry.get("spans", []) if s.get("start", -1) >= 0]
            if not spans or label.lower() not in descriptions:
                continue
            name, description = descriptions[label.lower()]
            query = f"{name}. {description}" if describe else name
            for method, run in zip(METHODS, (plain, bm25, hybrid)):
                began = time.perf_counter()
                clauses = run(query, top_k)
                out[method]["seconds"] += time.perf_counter() - began
                found = any(s < end and start < e for s, e in clauses for start, end in spans)
                for key in ("all", "held_out") if contract in unseen else ("all",):
                    out[method][key][0] += found
                    out[method][key][1] += 1
                if not found:
                    out[method]["misses"].append((contract[:30], name))
    return out


def compare_report(results: dict, describe: bool) -> str:
    query = "name + description" if describe else "category name"
    lines = [f"query = {query}; top {TOP_K}; held out = {HELD_OUT_NOTE}",
             f"{'method':32} {'all':>16} {'held out':>16} {'seconds':>8}"]
    for method, row in results.items():
        cells = [f"{f}/{p} {f / p if p else 0:6.1%}" for f, p in (row["all"], row["held_out"])]
        lines.append(f"{method:32} {cells[0]:>16} {cells[1]:>16} {row['seconds']:8.1f}")
    plain, hybrid = results[METHODS[0]]["all"], results[METHODS[2]]["all"]
    if plain[0]:
        lines.append(f"find_clauses / plain BM25: {hybrid[0] / plain[0]:.2f}x")
    return "\n".join(lines)


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
    if "--compare" in argv:
        for describe in (False, True):
            print(compare_report(compare(describe=describe), describe))
        return 0
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
