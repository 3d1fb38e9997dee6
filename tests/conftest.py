"""Shared fixtures: the test data in tests/data (tests/data_paths.py), parsed once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from data_paths import CASES, CUAD, DATA, ROOT  # noqa: F401  (re-exported for the tests)


def require(path: Path) -> Path:
    if not path.exists():
        pytest.fail(f"test data missing: {path} (see tests/data/README.md)")
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
