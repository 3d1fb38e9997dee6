"""The clause-type model at run time: which of CUAD's 41 categories a piece of contract text belongs to.

A linear model (one logistic regression per category, multi-label) over hashed word and character
n-grams (features.py), trained by training/train_clause_model.py on CUAD's labels. What ships is one
.npz of plain arrays: weights (float16), intercepts, idf and the category names. It loads with numpy
alone, lazily, once per process, on the first call.

Stable API (the review-positions engine and the clause tools call it):

    classify_text(texts: Sequence[str]) -> list[dict[str, float]]
        one {category: probability} per text, every category present, in categories() order
    categories() -> list[str]
        the category names, as CUAD writes them ("Cap On Liability", "Governing Law", ...)
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Sequence

import numpy as np

from .features import DIM, hash_rows, to_tfidf

__all__ = ["MODEL_PATH", "ModelError", "categories", "classify_text", "probabilities", "model_info"]

MODEL_PATH = Path(__file__).resolve().parent / "data" / "cuad_clause_model.npz"
CHUNK = 50_000  # non-zero features per matrix product: bounds the temporary (CHUNK x 41 float32, 8 MB)


class ModelError(RuntimeError):
    """The shipped model file is missing or does not match this code (a packaging fault, not bad input)."""


class _Model:
    def __init__(self, path: Path) -> None:
        try:
            with np.load(path, allow_pickle=False) as arrays:
                # (DIM, categories): float16 on disk, float32 in memory (21 MB), so no call converts
                self.weights = arrays["weights"].astype(np.float32)
                self.intercepts = arrays["intercepts"].astype(np.float32)
                self.idf = arrays["idf"].astype(np.float32)
                self.categories = [str(c) for c in arrays["categories"]]
                self.info = {str(k): str(v) for k, v in zip(arrays["info_keys"], arrays["info_values"])}
        except (OSError, KeyError, ValueError) as exc:
            raise ModelError(f"cannot load the clause model {path}: {exc}; rebuild it with "
                             "`python -m training.train_clause_model`") from exc
        if self.weights.shape != (DIM, len(self.categories)) or self.idf.shape != (DIM,):
            raise ModelError(f"the clause model {path} was built for other features "
                             f"(weights {self.weights.shape}, expected ({DIM}, {len(self.categories)}))")

    def probabilities(self, texts: Sequence[str]) -> np.ndarray:
        rows = to_tfidf(hash_rows(list(texts)), self.idf)
        logits = np.tile(self.intercepts, (len(rows), 1))
        row_of = np.repeat(np.arange(len(rows)), np.diff(rows.indptr))
        for start in range(0, len(rows.columns), CHUNK):
            cols = rows.columns[start:start + CHUNK]
            contributions = self.weights[cols] * rows.values[start:start + CHUNK, None]
            _add_rows(logits, row_of[start:start + CHUNK], contributions)
        probs = 1.0 / (1.0 + np.exp(-logits))
        probs[np.diff(rows.indptr) == 0] = 0.0  # no word at all is no evidence, whatever an intercept says
        return probs


def _add_rows(target: np.ndarray, rows: np.ndarray, values: np.ndarray) -> None:
    """target[rows[i]] += values[i] for sorted `rows` (np.add.at is ten times slower)."""
    if not len(rows):
        return
    starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
    target[rows[starts]] += np.add.reduceat(values, starts, axis=0)


_model: _Model | None = None
_lock = threading.Lock()


def _load() -> _Model:
    global _model
    if _model is None:
        with _lock:
            if _model is None:
                _model = _Model(MODEL_PATH)
    return _model


def categories() -> list[str]:
    """The 41 CUAD category names, in the order classify_text's dictionaries list them."""
    return list(_load().categories)


def probabilities(texts: Sequence[str]) -> np.ndarray:
    """(len(texts), len(categories())) array of probabilities: the vectorised form of classify_text."""
    if isinstance(texts, str):
        raise TypeError("classify_text takes a list of texts, not one string")
    if not texts:
        return np.zeros((0, len(_load().categories)), dtype=np.float32)
    return _load().probabilities(texts)


def classify_text(texts: Sequence[str]) -> list[dict[str, float]]:
    """For each text, {category: probability} over every CUAD category (independent, multi-label)."""
    model = _load()
    return [dict(zip(model.categories, (round(float(p), 4) for p in row))) for row in probabilities(texts)]


def model_info() -> dict[str, str]:
    """How the shipped model was built (training command, seed, split, sizes), as stored with it."""
    return dict(_load().info)
