"""Shared fixtures: paths to ../shared/data, parsed once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
CASES = DATA / "review_cases"
CUAD = DATA / "cuad" / "contracts"


def require(path: Path) -> Path:
    if not path.exists():
        pytest.fail(f"test data missing: {path} (the shared data folder must sit beside the checkout)")
    return path


@pytest.fixture(scope="session")
def load():
    from paralaw.skills import load_document

    cache: dict[Path, object] = {}

    def _load(relative: str):
        path = require(DATA / relative)
        if path not in cache:
            cache[path] = load_document(path)
        return cache[path]

    return _load
