"""The edges a newcomer hits at the command line: a report whose extension says another format, a matrix whose
outputs or store cannot be written, help text shown as written, and a file that is not what its name says."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paralaw.agent.cli import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "services_agreement.md"


def one_line(result) -> str:
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize("option, name, kind", [
    ("--out", "report.pdf", "Markdown"), ("--docx", "report.md", "Word"), ("--json", "report.md", "JSON"),
    ("--html", "report.docx", "HTML")])
def test_a_report_named_for_another_format_is_refused(review, option, name, kind, monkeypatch):
    ran = []
    monkeypatch.setattr("paralaw.agent.pipeline.run_review", lambda *a, **k: ran.append(a))
    done = review(str(EXAMPLE), option, name)
    assert done.exit_code == 2 and not ran and not Path(name).exists()
    line = done.stderr.strip()
    assert line.startswith(f"error [INVALID_OUTPUT]: {option} {name}: {option} writes {kind}"), line


@pytest.mark.parametrize("option, name", [("--json", "m.csv"), ("--xlsx", "m.json"), ("--csv", "m.xlsx"), ("--html", "m.md")])
def test_a_matrix_output_named_for_another_format_is_refused(tmp_path, monkeypatch, option, name):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "room").mkdir()
    (tmp_path / "room" / "a.md").write_text("1. Term\nThis Agreement lasts one year.\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["matrix", "room", option, name])
    assert result.exit_code == 2 and one_line(result).startswith(f"error [INVALID_OUTPUT]: {option} {name}")
    assert not (tmp_path / name).exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_matrix_into_a_read_only_folder_names_the_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "room").mkdir()
    (tmp_path / "room" / "a.md").write_text("1. Term\nThis Agreement lasts one year.\n", encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        result = CliRunner().invoke(app, ["matrix", "room", "--json", "locked/m.json"])
    finally:
        locked.chmod(0o755)
    assert result.exit_code == 2
    assert one_line(result) == "error [INVALID_OUTPUT]: --json locked/m.json: not allowed to write there"


def test_a_matrix_store_that_cannot_be_opened_names_its_path(tmp_path, monkeypatch):
    """Whoever runs the tests (root too): the store is asked for inside a file, which no one can open."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "room").mkdir()
    (tmp_path / "room" / "a.md").write_text("1. Term\nThis Agreement lasts one year.\n", encoding="utf-8")
    (tmp_path / "plain").write_text("a file", encoding="utf-8")
    result = CliRunner().invoke(app, ["matrix", "room", "--json", "m.json", "--store", "plain/m.matrix.db"])
    assert result.exit_code == 2
    line = one_line(result)
    assert line.startswith("error [STORE_ERROR]: cannot open the matrix store plain/m.matrix.db") and "--store" in line


def test_help_is_shown_as_written_and_flags_take_no_value():
    matrix = CliRunner().invoke(app, ["matrix", "--help"], env={"COLUMNS": "200"})
    assert matrix.exit_code == 0 and '{"contracts": [row, ...]}' in matrix.output
    review = CliRunner().invoke(app, ["review", "--help"], env={"COLUMNS": "200"})
    original = next(line for line in review.output.splitlines() if "--original" in line)
    assert "<bool>" not in original and "BOOL" not in original and "Review a .docx as it was" in original
    assert "<str>" in next(line for line in review.output.splitlines() if "--out" in line)


@pytest.mark.parametrize("suffix, hint", [(".pdf", "is not a PDF: it does not start with %PDF-; it holds plain text"),
                                          (".docx", "is not a valid .docx file (it holds plain text")])
def test_a_text_file_named_as_another_format_says_so(tmp_path, suffix, hint):
    path = tmp_path / f"contract{suffix}"
    path.write_text("1. Term\n\nThis agreement lasts one year.\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["parse", str(path)])
    assert result.exit_code == 2 and one_line(result).startswith(f"error [CORRUPT_FILE]: contract{suffix} {hint}")
