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

from data_paths import CUAD


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


def test_parse_time_grows_linearly():
    """A ratio measured side by side, so a loaded machine does not fail it; absolute times are in bench/."""
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
    quadruple = best_of(text * 4, runs=1)
    assert quadruple < 8 * single  # linear would be 4x; quadratic 16x


def test_many_schedules_stay_linear():
    """Part headings are chosen in the same single pass as the numbering: a thousand schedules cost ~10x a
    hundred, not 100x."""
    body = "".join(f"{i}. Heading {i}\n\n{i}.1 The party shall do what this clause describes.\n\n" for i in range(1, 30))

    def timed(count: int) -> tuple[float, int]:
        text = body + "".join(
            f"SCHEDULE {i}\nThe items below are supplied under this agreement.\n1. A widget.\n2. A gadget.\n"
            for i in range(1, count + 1)
        )
        began = time.perf_counter()
        doc = parse_text(text)
        return time.perf_counter() - began, len(doc.clauses)

    # the best of three runs each: a collector pause in one run is no measure of the parser
    small, small_parts = min(timed(100) for _ in range(3))
    large, large_parts = min(timed(999) for _ in range(3))  # schedule numbers run to three digits
    assert (small_parts, large_parts) == (29 + 100, 29 + 999)
    assert large < 25 * max(small, 0.01)
