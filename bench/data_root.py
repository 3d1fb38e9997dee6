"""Where benchmarks (and model training) read their data: ../shared/data beside the checkout when it is there,
with the full corpora (CUAD's 498-contract label file, LegalBench, transcripts), else the copy the tests use in
tests/data (the review cases and the 26 CUAD contracts with their labels)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
DATA = SHARED if SHARED.is_dir() else ROOT / "tests" / "data"
