"""A data room with bad files in it, through the process pool with two workers: a corrupt PDF, an empty Word
file, a 30 MB file of NUL bytes named .txt, a 60 MB one (past the size limit), and two real CUAD contracts.
The batch must finish, with a row for every file: the bad ones carry the error code `paralaw parse` gives for
the same file, the good ones their cells.

The other 30 MB case, real text too long to analyse, cannot finish in a test at the default budget of 120
CPU-seconds; it runs in a child process whose pool workers get 4 (PARALAW_MATRIX_SECONDS, read when the
workers' fork server starts, which in this process may already have happened). tests/agent/test_matrix.py
covers the shape, the exports and a worker that dies; this file covers what a real data room's junk does."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from data_paths import CUAD, ROOT
from paralaw.agent.cli import app
from paralaw.server.matrix import MatrixStore, build_matrix

GOOD = sorted(CUAD.glob("*.txt"))[:2]  # Audible's co-branding agreement, Biopure's agency agreement


def parse_error_code(path: Path) -> str:
    """The code `paralaw parse` gives the file (one line, 'error [CODE]: ...', exit status 2)."""
    result = CliRunner().invoke(app, ["parse", str(path)])
    assert result.exit_code == 2, result.output
    return re.search(r"error \[([A-Z_]+)\]", result.output).group(1)


def sparse(path: Path, size: int) -> Path:
    """A file of `size` NUL bytes that takes no disk space and no time to write."""
    with open(path, "wb") as handle:
        handle.truncate(size)
    return path


def test_bad_files_get_error_rows_and_the_batch_goes_on(tmp_path):
    import docx

    room = tmp_path / "room"
    (room / "scans").mkdir(parents=True)
    (room / "broken.pdf").write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\n%% cut off here")
    (room / "empty.docx").write_bytes(b"")
    docx.Document().save(room / "scans" / "blank.docx")  # a real Word file with no text in it
    sparse(room / "mailbox.txt", 30 * 2**20)
    sparse(room / "dump.txt", 60 * 2**20)
    for source in GOOD:
        (room / source.name).write_bytes(source.read_bytes())
    bad = {"broken.pdf": "CORRUPT_FILE", "empty.docx": "EMPTY_DOCUMENT", "scans/blank.docx": "EMPTY_DOCUMENT",
           "mailbox.txt": "UNSUPPORTED_FORMAT", "dump.txt": "FILE_TOO_LARGE"}
    for name, code in bad.items():  # the codes the matrix must repeat are the parser's own
        assert parse_error_code(room / name) == code, name

    started = time.monotonic()
    with MatrixStore(tmp_path / "m.matrix.db") as store:
        run = build_matrix([room], store, workers=2)
        rows = {row["file"]: row for row, _ in store.rows(run.paths)}
    assert time.monotonic() - started < 60
    assert (run.analysed, run.skipped, run.errors) == (7, 0, 5)
    assert sorted(rows) == sorted([*bad, *(s.name for s in GOOD)])
    for name, code in bad.items():
        row = rows[name]
        assert row["error"]["code"] == code and Path(name).name in row["error"]["message"], row["error"]
        assert row["flags"] == [] and not any(cell["found"] for cell in row["categories"].values())
    for source in GOOD:
        row = rows[source.name]
        assert row["error"] is None
        law = row["categories"]["Governing Law"]
        assert law["found"] and law["value"] and law["quote"] in source.read_text(encoding="utf-8"), law
        assert sum(cell["found"] for cell in row["categories"].values()) >= 10


CHILD = """
import json, sys
from paralaw.server.matrix import MatrixStore, build_matrix
with MatrixStore(sys.argv[2]) as store:
    run = build_matrix([sys.argv[1]], store, workers=2)
    print(json.dumps({row["file"]: row["error"] for row, _ in store.rows(run.paths)}))
"""


def test_thirty_megabytes_of_real_text_costs_only_its_own_row(tmp_path):
    room = tmp_path / "room"
    room.mkdir()
    text = GOOD[0].read_text(encoding="utf-8")
    with open(room / "export.txt", "w", encoding="utf-8") as out:  # a contract pasted 400 times: 30 MB of text
        out.write(text * (30 * 2**20 // len(text.encode("utf-8")) + 1))
    assert (room / "export.txt").stat().st_size >= 30 * 2**20
    (room / "agency.txt").write_bytes(GOOD[1].read_bytes())
    env = {**os.environ, "PARALAW_MATRIX_SECONDS": "4"}
    started = time.monotonic()
    child = subprocess.run([sys.executable, "-c", CHILD, str(room), str(tmp_path / "m.db")], env=env, cwd=ROOT,
                           capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stderr
    errors = json.loads(child.stdout.strip().splitlines()[-1])
    assert errors["agency.txt"] is None
    assert errors["export.txt"]["code"] == "DOCUMENT_TOO_COMPLEX" and "PARALAW_MATRIX_SECONDS" in errors["export.txt"]["message"]
    assert time.monotonic() - started < 60
