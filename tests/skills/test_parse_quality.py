"""Parse quality over the whole real corpus (CUAD contracts + the SHA template), asserted with a margin.

The figures come from bench/parse_quality.py, the same code that prints them; the goals of issue 2 are
100% parsed, >= 90% of internal references resolving, >= 90% of located CUAD spans inside one clause and
no clause over a quarter of a numbered document. The asserted floors sit a little under what the parser
reaches today (see docs/quality.md), so a regression shows here long before the goals are at risk.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bench import parse_quality
from paralaw.skills.documents.parser import parse_text

CUAD = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cuad" / "contracts"


@pytest.fixture(scope="module")
def figures():
    if not CUAD.exists():
        pytest.fail(f"test data missing: {CUAD}")
    return parse_quality.run()


def test_every_file_parses_into_numbered_clauses(figures):
    rows, total = figures
    measured = [r for r in rows if r.group != "review_cases"]
    assert total["files"] == len(measured) == 27
    assert total["parse_ok"] == 1.0
    assert all(r.ok for r in rows), [r.error for r in rows if not r.ok]
    # every one of these contracts is numbered; a flat result means the headings were missed
    assert [r.name for r in measured if r.structure_type == "flat"] == []
    assert min(r.clauses for r in measured) >= 20
    assert total["clauses"] >= 3000


def test_internal_references_resolve(figures):
    _, total = figures
    assert total["refs"] >= 1500
    assert total["refs_resolve"] >= 0.97  # goal 0.90
    # statute sections and other agreements are recognised, not counted as broken
    assert total["external_refs"] >= 20


def test_cuad_spans_lie_inside_one_clause(figures):
    _, total = figures
    assert total["spans"] >= 1000
    assert total["spans_inside"] >= 0.97  # goal 0.90


def test_no_clause_swallows_a_quarter_of_its_document(figures):
    rows, total = figures
    assert total["max_clause_share"] <= 0.25
    oversized = [(r.name, r.largest_own_id, r.largest_span_id) for r in rows
                 if r.structure_type != "flat" and max(r.largest_own, r.largest_span) > 0.25]
    assert oversized == []


def test_review_cases_parse_and_resolve(figures):
    rows, _ = figures
    cases = {r.name: r for r in rows if r.group == "review_cases"}
    assert cases["general_conditions.md"].clauses >= 180
    assert cases["share_purchase_agreement.md"].refs_resolved == cases["share_purchase_agreement.md"].refs
    # the one unresolved Chinese reference is the planted 第22.3条
    zh = cases["construction_contract.md"]
    assert zh.refs - zh.refs_resolved == 1 and zh.unresolved == ["第22.3条"]


def test_parse_time_is_linear_and_small():
    biggest = max(CUAD.glob("*.txt"), key=lambda p: p.stat().st_size)
    text = biggest.read_text(encoding="utf-8")

    def best_of(sample: str, runs: int = 5) -> float:
        times = []
        for _ in range(runs):
            began = time.perf_counter()
            parse_text(sample)
            times.append(time.perf_counter() - began)
        return min(times)

    single = best_of(text)
    assert single < 0.5, f"{biggest.name}: {single:.2f}s"
    quadruple = best_of(text * 4, runs=1)
    assert quadruple < 8 * single  # linear would be 4x; quadratic 16x
