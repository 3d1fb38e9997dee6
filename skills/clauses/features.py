"""Text -> sparse feature vectors by feature hashing: word 1-2-grams and character 4-grams within words.

Why hashing and not a fitted vocabulary: the shipped model is then plain arrays (weights, idf), with no
vocabulary to pickle, and the same function builds the training matrix and the run-time one, so training
and inference cannot drift apart. The hash is CRC-32 (zlib), not Python's `hash`, which changes with
every process.

Why character n-grams: contracts spell one idea many ways ("non-solicit", "nonsolicitation", "solicit
for employment"); 4-grams inside each word share evidence between those forms without a stemmer that
merges "capable" with "cap". Word bigrams keep phrases ("governing law", "first refusal").

A feature's hash picks its column (the low bits) and its sign (the top bit), so collisions cancel out
on average instead of piling up. Counts are damped (1 + log tf), weighted by an idf learned in training,
and each row is scaled to unit length.
"""

from __future__ import annotations

import re
import zlib
from functools import lru_cache

import numpy as np

__all__ = ["DIM", "Rows", "hash_rows", "to_tfidf"]

DIM = 1 << 17  # columns; 2^17 x 41 categories of float16 weights is about 10 MB
CHAR_SIZES = (4,)  # 3-5-grams measured: macro F1 0.76 vs 0.74 on held-out labels, but 2.2x the features and time
_WORD = re.compile(r"[a-z]+|\d+")
_MASK = DIM - 1


def _hash(feature: str) -> int:
    """Column + 1, negated when the hash's top bit is set (0 is never a column id here)."""
    value = zlib.crc32(feature.encode("utf-8"))
    column = (value & _MASK) + 1
    return -column if value & 0x80000000 else column


@lru_cache(maxsize=200_000)
def _word_features(word: str) -> tuple[int, ...]:
    """The word itself and its character n-grams, padded with spaces so prefixes and suffixes show."""
    padded = f" {word} "
    grams = [_hash("w|" + word)]
    for n in CHAR_SIZES:
        grams.extend(_hash("c|" + padded[i:i + n]) for i in range(len(padded) - n + 1))
    return tuple(grams)


@lru_cache(maxsize=200_000)
def _bigram(first: str, second: str) -> int:
    return _hash(f"b|{first} {second}")


def _words(text: str) -> list[str]:
    """Lower-cased words; every number becomes '0' (which figure a clause names says nothing of its type)."""
    return ["0" if w[0].isdigit() else w for w in _WORD.findall(text.lower())]


class Rows:
    """A batch of hashed rows in CSR form: row i is columns[indptr[i]:indptr[i+1]] with values alike."""

    __slots__ = ("indptr", "columns", "values")

    def __init__(self, indptr: np.ndarray, columns: np.ndarray, values: np.ndarray) -> None:
        self.indptr, self.columns, self.values = indptr, columns, values

    def __len__(self) -> int:
        return len(self.indptr) - 1


def hash_rows(texts: list[str]) -> Rows:
    """Signed feature counts per text (before tf damping and idf), columns sorted within each row.

    One np.unique over (row, column) keys for the whole batch: per-row numpy calls cost more than the
    arithmetic on a contract's few hundred passages."""
    hashed: list[int] = []
    lengths: list[int] = []
    for text in texts:
        before = len(hashed)
        words = _words(text)
        for word in words:
            hashed.extend(_word_features(word))
        hashed.extend(_bigram(a, b) for a, b in zip(words, words[1:]))
        lengths.append(len(hashed) - before)
    signed = np.asarray(hashed, dtype=np.int64)
    rows = np.repeat(np.arange(len(texts), dtype=np.int64), lengths)
    keys, inverse = np.unique(rows * DIM + np.abs(signed) - 1, return_inverse=True)
    counts = np.bincount(inverse, weights=np.sign(signed).astype(np.float64), minlength=len(keys))
    keep = counts != 0  # a feature whose signed hashes cancelled out
    keys, counts = keys[keep], counts[keep]
    indptr = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum(np.bincount(keys // DIM, minlength=len(texts)), out=indptr[1:])
    return Rows(indptr, (keys % DIM).astype(np.int32), counts.astype(np.float32))


def to_tfidf(rows: Rows, idf: np.ndarray) -> Rows:
    """Damped counts (sign kept) times idf, each row scaled to unit L2 norm."""
    values = np.sign(rows.values) * (1.0 + np.log(np.abs(rows.values))) * idf[rows.columns]
    lengths = np.diff(rows.indptr)
    nonempty = lengths > 0
    norms = np.ones(len(rows), dtype=np.float64)
    if nonempty.any():  # reduceat over the non-empty rows only: it cannot express an empty segment
        norms[nonempty] = np.sqrt(np.add.reduceat(values.astype(np.float64) ** 2, rows.indptr[:-1][nonempty]))
    norms[norms == 0] = 1.0
    scaled = values / np.repeat(norms, lengths).astype(np.float32)
    return Rows(rows.indptr, rows.columns, scaled.astype(np.float32))
