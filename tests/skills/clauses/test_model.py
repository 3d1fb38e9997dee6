"""The shipped clause-type model: loads with numpy alone, once, and tells common clause types apart."""

from __future__ import annotations

import sys
import zlib

import numpy as np
import pytest

from paralaw.skills.clauses import features, model
from paralaw.skills.clauses.model import MODEL_PATH, categories, classify_text

CLAUSES = {
    "Governing Law": "This Agreement shall be governed by and construed in accordance with the laws of the State of "
                     "Delaware, without giving effect to its principles of conflicts of law.",
    "Anti-Assignment": "Neither party may assign this Agreement, in whole or in part, without the prior written consent "
                       "of the other party, and any purported assignment without such consent is void.",
    "Insurance": "Licensee shall maintain, at its own cost, product liability insurance with coverage of at least "
                 "$5,000,000 per occurrence and shall furnish certificates of insurance on request.",
    "Audit Rights": "Upon ten days' notice, Company may audit the books and records of Distributor relating to sales of "
                    "the Products, no more than once in any calendar year.",
    "Non-Compete": "During the term and for two years thereafter, Consultant shall not engage in any business that "
                   "competes with the Company anywhere in North America.",
}


def test_categories_are_cuad_s_41():
    names = categories()
    assert len(names) == 41 and len(set(names)) == 41
    assert {"Governing Law", "Cap On Liability", "Rofr/Rofo/Rofn", "Anti-Assignment"} <= set(names)


def test_classify_text_puts_each_clause_in_its_category():
    results = classify_text(list(CLAUSES.values()))
    assert len(results) == len(CLAUSES)
    for (category, text), scores in zip(CLAUSES.items(), results):
        assert set(scores) == set(categories())
        assert all(0.0 <= p <= 1.0 for p in scores.values())
        best = max(scores, key=scores.get)
        assert best == category and scores[category] >= 0.5, (category, sorted(scores.items(), key=lambda kv: -kv[1])[:3])


def test_unrelated_text_scores_low_everywhere():
    scores = classify_text(["The parties have executed this Agreement by their duly authorised officers."])[0]
    assert max(scores[c] for c in CLAUSES) < 0.5


def test_edge_inputs():
    assert classify_text([]) == []
    empty = classify_text([""])[0]
    assert len(empty) == 41 and max(empty.values()) < 0.5
    with pytest.raises(TypeError):
        classify_text("one string, not a list")


def test_loaded_once_and_small():
    first = model._load()
    classify_text(["Notices shall be in writing."])
    assert model._load() is first
    assert MODEL_PATH.stat().st_size <= 25_000_000
    assert first.weights.shape == (features.DIM, 41)
    with np.load(MODEL_PATH) as arrays:
        assert arrays["weights"].dtype == np.float16  # half the size on disk
    info = model.model_info()
    assert info["seed"] and info["command"].startswith("python -m training.train_clause_model")


def test_hashing_is_stable_across_processes():
    """CRC-32, not Python's salted hash: the column of a feature is fixed forever."""
    value = zlib.crc32(b"w|law")
    assert features._hash("w|law") == ((value & (features.DIM - 1)) + 1) * (-1 if value & 0x80000000 else 1)
    rows = features.to_tfidf(features.hash_rows(["Governing law: New York.", "", "law law law"]),
                             np.ones(features.DIM, dtype=np.float32))
    assert list(np.diff(rows.indptr))[1] == 0
    first = rows.values[rows.indptr[0]:rows.indptr[1]]
    assert abs(float(np.sum(first.astype(np.float64) ** 2)) - 1.0) < 1e-5
    assert features._words("Section 12.3 of 2020") == ["section", "0", "0", "of", "0"]


def test_model_loads_lazily_on_first_use_only():
    """Importing the skills (as `paralaw serve` does) reads no weights; the first classification does, once."""
    import subprocess

    script = ("from paralaw.skills import create_dispatcher\n"
              "from paralaw.skills.clauses import model\n"
              "create_dispatcher('generic')\n"
              "assert model._model is None, 'loaded at import'\n"
              "model.classify_text(['Governing law: Delaware.'])\n"
              "first = model._model\n"
              "model.categories()\n"
              "assert first is not None and model._model is first\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
