"""Issue 13: amounts inside CUAD's insurance, minimum-commitment, revenue-sharing, damages and cap spans get that type."""

from __future__ import annotations

from bench import quality_financial_types as bench


def test_model_retyping_beats_the_rules_on_cuad_spans():
    figures = bench.measure()
    right = {mode: sum(r["right"] for r in figures[mode].values()) for mode in ("rules", "model")}
    terms = sum(r["terms"] for r in figures["model"].values())
    assert terms >= 30, bench.report(figures)
    assert right["model"] >= 0.85 * terms and right["model"] >= right["rules"] + 10, bench.report(figures)
    assert figures["model"]["Insurance"]["right"] == figures["model"]["Insurance"]["terms"]
