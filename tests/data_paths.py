"""Where the tests find their data: tests/data, in the repository (see tests/data/README.md for what is there
and its licences). The tests never read ../shared/data. A uniquely named module rather than a conftest: several
test folders have a conftest module, so `from conftest import ...` would be ambiguous."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
CASES = DATA / "review_cases"
CUAD = DATA / "cuad" / "contracts"
SYNTHETIC_PC = DATA / "fidic" / "synthetic_particular_conditions_example.md"
