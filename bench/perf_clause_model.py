"""Clause-type model cost: inference over a whole contract against an offline review of the same contract.

For each measured CUAD contract: the wall time of an offline review (perf_scaling.review_seconds: the
pipeline of `paralaw review --mode offline` through an in-process MCP server) and the time the clause model
takes to classify every passage of the parsed contract (the work find_clauses and classify_clauses do once
per document; best of three). Also the one-off cost of loading the model, its file size and its memory.
Goal (issue 13): inference <= 10% of the offline review; the model loads once per process, lazily.

    python -m bench.perf_clause_model [--json]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import anyio

from paralaw.skills.clauses import model
from paralaw.skills.documents.loaders import load_document
from paralaw.skills.text.retrieval import ClauseIndex

from .perf_scaling import contracts, review_seconds

GOAL_SHARE = 0.10


def inference_seconds(path: Path, repeats: int = 3) -> tuple[float, int, int]:
    """Best time to classify all passages of the contract; the passage count and characters."""
    structure = load_document(path)
    passages = [structure.text[p.start:p.end] for p in ClauseIndex(structure).passages]
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        model.probabilities(passages)
        times.append(time.perf_counter() - began)
    return min(times), len(passages), len(structure.text)


def measure(count: int = 5) -> dict:
    began = time.perf_counter()
    loaded = model._Model(model.MODEL_PATH)
    load_seconds = time.perf_counter() - began
    model.probabilities(["warm the word caches"])
    paths = contracts()
    chosen = [paths[round(i * (len(paths) - 1) / (count - 1))] for i in range(count)] if count > 1 else paths[-1:]
    reviews = anyio.run(review_seconds, chosen)
    rows = []
    for path, review in zip(chosen, reviews):
        seconds, passages, chars = inference_seconds(path)
        rows.append({"contract": path.name[:48], "chars": chars, "passages": passages, "review_s": round(review, 3),
                     "inference_s": round(seconds, 4), "share": round(seconds / review, 4)})
    return {"rows": rows, "load_s": round(load_seconds, 3), "file_mb": round(model.MODEL_PATH.stat().st_size / 1e6, 1),
            "weights_mb": round(loaded.weights.nbytes / 1e6, 1), "worst_share": max(r["share"] for r in rows)}


def report(figures: dict) -> str:
    lines = [f"{'contract':48} {'chars':>7} {'passages':>8} {'review s':>9} {'model s':>8} {'share':>6}"]
    for r in figures["rows"]:
        lines.append(f"{r['contract']:48} {r['chars']:7d} {r['passages']:8d} {r['review_s']:9.2f} "
                     f"{r['inference_s']:8.3f} {r['share']:6.1%}")
    verdict = "met" if figures["worst_share"] <= GOAL_SHARE else "MISSED"
    lines.append(f"worst share {figures['worst_share']:.1%} (goal <= {GOAL_SHARE:.0%}: {verdict}); model load "
                 f"{figures['load_s']:.2f} s once per process; file {figures['file_mb']} MB, weights in memory "
                 f"{figures['weights_mb']} MB")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    figures = measure()
    print(json.dumps(figures, indent=2) if "--json" in argv else report(figures))
    return 0 if figures["worst_share"] <= GOAL_SHARE else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
