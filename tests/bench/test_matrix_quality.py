"""The due-diligence matrix against CUAD's labels (bench.matrix_quality): the figures docs/quality.md records,
on the contracts the clause-type model never saw and on all 26, so a change to the model, the classifier or the
matrix that costs accuracy shows here."""

from __future__ import annotations

from bench import matrix_quality


def test_matrix_cells_against_cuad_labels_held_out_apart():
    figures = matrix_quality.measure(workers=0)
    assert len(figures["contracts"]["held_out"]) == 9 and len(figures["contracts"]["all"]) == 26
    assert len(figures["categories"]) == 36 and "Parties" not in figures["categories"]
    held = matrix_quality.rates(matrix_quality.total(figures["counts"]["held_out"]))
    every = matrix_quality.rates(matrix_quality.total(figures["counts"]["all"]))
    report = matrix_quality.report(figures)
    # recorded: held out 87% / 85.1% (120 of 141) / 96%; issue 18's goals are 80% / 85% / 85%. A margin of two
    # cells on recall, so a parser change that moves one cell is a doc figure to refresh, not a broken suite
    assert held["precision"] >= 0.85 and held["recall"] >= 0.83 and held["location"] >= 0.90, report
    assert held["quote_location"] >= 0.75, report
    assert every["precision"] >= 0.92 and every["recall"] >= 0.92 and every["location"] >= 0.97, report
