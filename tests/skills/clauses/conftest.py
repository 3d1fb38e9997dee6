"""Fixtures of the clause-model tests: an original distribution agreement under tests/data/clauses."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "data" / "clauses"


@pytest.fixture(scope="session")
def agreement():
    from paralaw.skills import load_document

    return load_document(FIXTURES / "distribution_agreement.txt")
