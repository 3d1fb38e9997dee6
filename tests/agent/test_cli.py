"""`paralaw review` as a user runs it: the README's first command on the bundled example, manifests, CI exit
status, and one-line errors for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from data_paths import CASES

ROOT = Path(__file__).resolve().parents[2]


def paralaw(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "USE_REACT", "PARALAW_"))}
    return subprocess.run([sys.executable, "-m", "paralaw.agent.cli", "review", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=180)


def test_readme_first_command_on_the_example(tmp_path):
    """A real process, as a new user runs it."""
    example = ROOT / "examples" / "services_agreement.md"
    done = paralaw(str(example), "--party", "Customer", "--out", "report.md", "--json", "report.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert report.startswith("# Contract review: services_agreement.md (primary)")
    assert "acting for **Customer**" in report and "Mode **offline**" in report
    assert "| high |" in report and "## Clause by clause" in report
    # the one-sided terms written into the example are found, each with its verbatim quote
    assert "Customer's liability under or in connection with this Agreement shall not be limited" in report
    assert "vest in and remain with the Supplier" in report
    assert "'Clause 12.3' points at 12.3" in report  # the broken cross-reference in 9.3
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert data["summary"]["risks"]["high"] >= 3 and data["summary"]["unverified_quotes"] == 0
    assert all("audit" in clause for clause in data["clauses"])


def test_manifest_and_fail_on(tmp_path, review):
    done = review("--manifest", str(CASES / "spa_a" / "gold.json"), "--json", "r.json", "--out", "r.md",
                  "--fail-on", "high", "--concurrency", "2")
    assert done.exit_code == 1, done.output  # high risks found: CI fails, and says why
    assert done.stderr.splitlines()[-1].startswith("paralaw: ") and "at or above --fail-on high (" in done.stderr
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert data["review"]["domain"] == "sha_spa" and data["review"]["our_party"] == "Buyer"
    quotes = [(r["location"] or {}).get("original_text", "") for c in data["clauses"] for r in c["risks"]]
    assert any("six months after the Completion Date" in q for q in quotes)


def test_tagged_roles_on_the_command_line(tmp_path, review):
    msa = CASES / "services_a"
    done = review(str(msa / "master_services_agreement.md"), f"baseline={msa / 'baseline.md'}", "--party", "Customer",
                  "--json", "r.json", "--out", "r.md")
    assert done.exit_code == 0, done.output
    documents = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["review"]["documents"]
    assert [(d["filename"], d["role"]) for d in documents] == [("master_services_agreement.md", "primary"), ("baseline.md", "baseline")]


@pytest.mark.parametrize("args, code", [
    (["missing.md"], "FILE_NOT_FOUND"),
    ([], "NO_INPUT"),
    (["x.md", "--mode", "fast"], "INVALID_OPTION"),
    (["x.md", "--fail-on", "severe"], "INVALID_OPTION"),
    (["x.md", "--domain", "tax"], "UNKNOWN_DOMAIN"),
    (["--manifest", "nope.json"], "FILE_NOT_FOUND"),
    (["empty.md"], "EMPTY_DOCUMENT"),
    (["notes.xyz"], "UNSUPPORTED_FORMAT"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, review, args, code):
    (tmp_path / "empty.md").write_text("", encoding="utf-8")
    (tmp_path / "notes.xyz").write_text("hello", encoding="utf-8")
    (tmp_path / "x.md").write_text("1. Term\n\nThis agreement lasts one year.\n", encoding="utf-8")
    done = review(*args)
    assert done.exit_code == 2
    assert done.stderr.startswith(f"error [{code}]") and done.stderr.count("\n") == 1
