"""The quality goals of issue 3 for financial terms and definitions, on a fast slice of the benches."""

from __future__ import annotations

import anyio

from bench import quality_definitions, quality_financial


def test_financial_terms_goal_on_cuad_spans():
    figures, rows = anyio.run(quality_financial.measure)
    assert figures.counted >= 15, "the measured CUAD spans must include amounts and percentages"
    assert quality_financial.share(figures) >= quality_financial.GOAL + 0.05, figures.misses
    assert any(r.ok and r.category == "Revenue/Profit Sharing" and ("percentage", 50.0, "") in r.expected for r in rows)


def test_definitions_goal_on_cuad_contracts():
    figures = anyio.run(quality_definitions.measure, 9)
    assert figures.terms >= 300
    assert figures.resolved / figures.terms >= quality_definitions.GOAL + 0.03, figures.misses[:10]


def test_ground_truth_regexes_are_independent_and_sensible():
    expected = quality_financial.expected_values("a fee of US$14,651,000 and fifty percent (50%) of Net Sales, or $2.5 million")
    assert expected == [("amount", 14_651_000.0, "USD"), ("amount", 2_500_000.0, "USD"), ("percentage", 50.0, "")]
    truth = quality_definitions.ground_truth('Acme Inc. (the "Company") and "Territory" means Canada; (each, a "Renewal Term," and)')
    assert set(truth) == {"company", "territory", "renewal term"}
