"""The due-diligence matrix scored against CUAD's labels, per category, apart for the contracts the clause-type
model was and was not trained on.

Run from the project root: `python -m bench.matrix_quality [--workers N] [--json]`.

The 26 visible CUAD contracts go through the matrix itself (`build_matrix` into a temporary store, as
`paralaw matrix` runs them), and each row's cells are compared with CUAD's labels for that contract:

- a cell is *labelled* when CUAD's annotators marked a span for the category (located in the text or not) or
  answered "Yes" for it; it is *found* when the matrix marks it found;
- precision: of the found cells, the share labelled; recall: of the labelled cells, the share found;
- location: of the found cells that are labelled with at least one span located in the text, the share whose
  listed clauses (clause_ids, mapped to their character spans in the parsed document) overlap a labelled span;
  also the share where one of them wholly contains a labelled span (the issue's wording), and the share where
  the quote's own span (the one sentence the matrix shows) overlaps one. The quote is the strict figure: a
  clause id can name a whole article (a definitions section of 17,000 characters), the quote is what a reader
  sees.

Front matter is left out: Document Name, Parties, Agreement Date, Effective Date and Expiration Date. Every
contract has a title, parties, dates and a term, and CUAD labels them in (nearly) every contract (of the 26:
Document Name and Parties 26, Effective and Expiration Date 25, Agreement Date 24), so they would lift both
figures without saying anything; their answer is a value (a name, a date), not a provision a deal team looks
for. The other 36 categories are the questions a due-diligence matrix answers.

The clause-type model behind the cells (skills/clauses, trained by training/train_clause_model.py) held out
every third visible contract in name order (9 of 26; training/clause_model_report.json lists them), so the
figures are given for those 9 (unseen by the model), for the 17 it was trained on, and for all 26.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from paralaw.server.matrix import MatrixStore, build_matrix, category_names
from paralaw.skills.documents.loaders import load_document

from .data_root import DATA, ROOT

CUAD = DATA / "cuad"
FRONT_MATTER = ("Document Name", "Parties", "Agreement Date", "Effective Date", "Expiration Date")
SCOPES = ("held_out", "trained_on", "all")
GOALS = {"precision": 0.80, "recall": 0.85, "location": 0.85}  # issue 18, on contracts the project never saw


def held_out_contracts() -> set[str]:
    """The visible contracts the shipped model was not trained on, as its training report records them (file
    stems); the same rule as training.train_clause_model.split (every third visible contract by name)."""
    report = json.loads((ROOT / "training" / "clause_model_report.json").read_text(encoding="utf-8"))
    return set(report["held_out_contracts"])


def _spans(entry: dict[str, Any]) -> list[tuple[int, int]]:
    return [(s["start"], s["end"]) for s in entry.get("spans", []) if s.get("start", -1) >= 0]


def _labelled(entry: dict[str, Any]) -> bool:
    return bool(entry.get("spans")) or str(entry.get("answer", "")).strip().lower() == "yes"


def _overlaps(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(s < end and start < e for s, e in spans)


def _counter() -> dict[str, int]:
    return {"tp": 0, "fp": 0, "fn": 0, "tn": 0, "locatable": 0, "clause_hit": 0, "clause_contains": 0,
            "quote_hit": 0}


def score_row(row: dict[str, Any], labels: dict[str, Any], text_path: Path) -> dict[str, dict[str, int]]:
    """One contract's counts per scored category. Clause ids are resolved in the document as the matrix
    parsed it (the same loader), so their offsets are those CUAD's spans use (the same .txt)."""
    structure = load_document(text_path)
    lowered = {name.lower(): entry for name, entry in labels.items()}
    out: dict[str, dict[str, int]] = {}
    for category in category_names():
        if category in FRONT_MATTER:
            continue
        entry = lowered.get(category.lower(), {})
        cell = row["categories"][category]
        labelled, found = _labelled(entry), cell["found"]
        counts = _counter()
        counts["tp" if labelled and found else "fp" if found else "fn" if labelled else "tn"] = 1
        spans = _spans(entry)
        if found and labelled and spans:
            counts["locatable"] = 1
            clauses = [structure.get_clause(cid) for cid in cell["clause_ids"]]
            clauses = [c for c in clauses if c is not None]
            if len(clauses) != len(cell["clause_ids"]):
                raise RuntimeError(f"{row['file']}: {category}: a clause id the document does not resolve: {cell['clause_ids']}")
            counts["clause_hit"] = int(any(_overlaps(c.start, c.end, spans) for c in clauses))
            counts["clause_contains"] = int(any(c.start <= s and e <= c.end for c in clauses for s, e in spans))
            best = clauses[0]
            at = structure.text.find(cell["quote"], best.start, best.end + len(cell["quote"]))
            if at < 0:
                at = structure.text.find(cell["quote"])
            counts["quote_hit"] = int(at >= 0 and _overlaps(at, at + len(cell["quote"]), spans))
        out[category] = counts
    return out


def measure(workers: int = 0) -> dict[str, Any]:
    annotations = json.loads((CUAD / "annotations.json").read_text(encoding="utf-8"))["contracts"]
    held = held_out_contracts()
    folder = CUAD / "contracts"
    counts: dict[str, dict[str, dict[str, int]]] = {s: defaultdict(_counter) for s in SCOPES}
    contracts: dict[str, list[str]] = {s: [] for s in SCOPES}
    with tempfile.TemporaryDirectory() as work, MatrixStore(Path(work) / "m.matrix.db") as store:
        run = build_matrix([folder], store, workers=workers)
        for row, _domain in store.rows(run.paths):
            if row["error"]:
                raise RuntimeError(f"{row['file']}: {row['error']}")
            if row["file"] not in annotations:
                continue  # a contract without labels (none in the visible set)
            stem = Path(row["file"]).stem
            scope = "held_out" if stem in held else "trained_on"
            for category, c in score_row(row, annotations[row["file"]], folder / row["file"]).items():
                for s in (scope, "all"):
                    for k, v in c.items():
                        counts[s][category][k] += v
            contracts[scope].append(row["file"])
            contracts["all"].append(row["file"])
    missing_held = held - {Path(f).stem for f in contracts["held_out"]}
    if missing_held:
        raise RuntimeError(f"held-out contracts not in the matrix: {sorted(missing_held)}")
    return {"counts": {s: dict(v) for s, v in counts.items()}, "contracts": contracts,
            "excluded": list(FRONT_MATTER), "categories": [c for c in category_names() if c not in FRONT_MATTER]}


def rates(c: dict[str, int]) -> dict[str, float | None]:
    def share(a: int, b: int) -> float | None:
        return a / b if b else None

    return {"precision": share(c["tp"], c["tp"] + c["fp"]), "recall": share(c["tp"], c["tp"] + c["fn"]),
            "location": share(c["clause_hit"], c["locatable"]), "contains": share(c["clause_contains"], c["locatable"]),
            "quote_location": share(c["quote_hit"], c["locatable"])}


def total(rows: dict[str, dict[str, int]]) -> dict[str, int]:
    out = _counter()
    for c in rows.values():
        for k, v in c.items():
            out[k] += v
    return out


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def markdown(figures: dict[str, Any]) -> str:
    """The per-category table for docs/quality.md, then the overall lines."""
    lines = ["| category | labelled (held out) | found (held out) | precision all / held out | recall all / held out "
             "| clause located all / held out |", "|---|---|---|---|---|---|"]
    for category in figures["categories"]:
        a, h = figures["counts"]["all"][category], figures["counts"]["held_out"][category]
        ra, rh = rates(a), rates(h)
        lines.append(f"| {category} | {a['tp'] + a['fn']} ({h['tp'] + h['fn']}) | {a['tp'] + a['fp']} ({h['tp'] + h['fp']}) "
                     f"| {_pct(ra['precision'])} / {_pct(rh['precision'])} | {_pct(ra['recall'])} / {_pct(rh['recall'])} "
                     f"| {_pct(ra['location'])} / {_pct(rh['location'])} |")
    lines += ["", "| contracts | cells | labelled | found | precision | recall | clause overlaps a span "
              "| clause contains a span | quote overlaps a span |", "|---|---|---|---|---|---|---|---|---|"]
    names = {"held_out": "held out (the model never saw them)", "trained_on": "trained on", "all": "all"}
    for scope in SCOPES:
        t = total(figures["counts"][scope])
        r = rates(t)
        n = len(figures["contracts"][scope])
        lines.append(f"| {names[scope]}: {n} | {n * len(figures['categories'])} | {t['tp'] + t['fn']} | {t['tp'] + t['fp']} "
                     f"| {_pct(r['precision'])} ({t['tp']}/{t['tp'] + t['fp']}) | {_pct(r['recall'])} ({t['tp']}/{t['tp'] + t['fn']}) "
                     f"| {_pct(r['location'])} ({t['clause_hit']}/{t['locatable']}) "
                     f"| {_pct(r['contains'])} ({t['clause_contains']}/{t['locatable']}) | {_pct(r['quote_location'])} ({t['quote_hit']}/{t['locatable']}) |")
    return "\n".join(lines)


def report(figures: dict[str, Any]) -> str:
    lines = [f"{'category':36} {'tp':>3} {'fp':>3} {'fn':>3} {'prec':>5} {'rec':>5} {'loc':>5} {'quote':>5}"
             f"   held out: {'tp':>3} {'fp':>3} {'fn':>3} {'prec':>5} {'rec':>5} {'loc':>5}"]
    for category in figures["categories"]:
        a, h = figures["counts"]["all"][category], figures["counts"]["held_out"][category]
        ra, rh = rates(a), rates(h)
        lines.append(f"{category:36} {a['tp']:3d} {a['fp']:3d} {a['fn']:3d} {_pct(ra['precision']):>5} {_pct(ra['recall']):>5} "
                     f"{_pct(ra['location']):>5} {_pct(ra['quote_location']):>5}   held out: {h['tp']:3d} {h['fp']:3d} {h['fn']:3d} "
                     f"{_pct(rh['precision']):>5} {_pct(rh['recall']):>5} {_pct(rh['location']):>5}")
    for scope in SCOPES:
        r = rates(total(figures["counts"][scope]))
        verdict = ", ".join(f"{k} {'met' if (r[k] or 0) >= goal else 'missed'} (>= {goal:.0%})" for k, goal in GOALS.items())
        lines.append(f"{scope} ({len(figures['contracts'][scope])} contracts): precision {_pct(r['precision'])}, recall "
                     f"{_pct(r['recall'])}, clause located {_pct(r['location'])} (contains {_pct(r['contains'])}), quote located {_pct(r['quote_location'])}"
                     + (f"; goals: {verdict}" if scope == "held_out" else ""))
    lines.append(f"excluded as front matter: {', '.join(figures['excluded'])}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=0, help="process-pool workers; 0 (default) runs in this process")
    parser.add_argument("--json", action="store_true", help="the counts as JSON")
    parser.add_argument("--markdown", action="store_true", help="the tables for docs/quality.md")
    args = parser.parse_args(argv)
    figures = measure(args.workers)
    print(json.dumps(figures, indent=2) if args.json else markdown(figures) if args.markdown else report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
