"""`paralaw review` without rough edges (issue 15): report paths in missing folders, distinct exit statuses with a
reason for --fail-on, a folder given as the contract, --language/--domain/--party checked against the contract,
and no library noise before the one-line error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from paralaw.agent import cli as cli_module
from paralaw.agent.cli_review import fail_on_line
from paralaw.agent.units import ClauseUnit

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "services_agreement.md"
SMALL = "# Support Agreement\n\n## 1. Term\n\n1.1 This agreement lasts one year.\n"


def one_line(done) -> str:
    assert done.stderr.count("\n") == 1, done.stderr
    return done.stderr.strip()


def test_reports_in_missing_folders_are_written(tmp_path, review):
    done = review(str(EXAMPLE), "--party", "Customer", "--out", "reports/2025/march/review.md",
                  "--json", "reports/json/review.json")
    assert done.exit_code == 0, done.output
    assert (tmp_path / "reports/2025/march/review.md").read_text(encoding="utf-8").startswith("# Contract review")
    assert json.loads((tmp_path / "reports/json/review.json").read_text(encoding="utf-8"))["summary"]


@pytest.mark.parametrize("option", ["--out", "--json", "--html", "--docx"])
def test_an_output_that_cannot_be_written_is_refused_before_the_review(tmp_path, review, monkeypatch, option):
    (tmp_path / "taken").write_text("a file, not a folder", encoding="utf-8")
    ran = []
    monkeypatch.setattr("paralaw.agent.pipeline.run_review", lambda *a, **k: ran.append(a))
    done = review(str(EXAMPLE), option, "taken/report.out")
    assert done.exit_code == 2 and not ran
    assert one_line(done).startswith(f"error [INVALID_OUTPUT]: {option} taken/report.out")


def test_two_reports_on_one_path_are_refused(review):
    done = review(str(EXAMPLE), "--out", "r.md", "--json", "r.md")
    assert done.exit_code == 2 and "both write r.md" in one_line(done)


def test_fail_on_says_how_many_of_which_severity(review):
    done = review(str(EXAMPLE), "--party", "Customer", "--out", "r.md", "--fail-on", "medium")
    assert done.exit_code == 1
    line = done.stderr.strip().splitlines()[-1]
    assert line.startswith("paralaw: ") and "at or above --fail-on medium (" in line and line.endswith("exit status 1")
    assert " high" in line and " medium" in line and " low" not in line


def _unit(*levels: str) -> ClauseUnit:
    unit = ClauseUnit(item={"clause_id": "x"}, clause_id="1")
    unit.risks = [{"risk_level": level} for level in levels]
    return unit


def test_fail_on_line_counts_only_what_is_at_or_above_the_level():
    data = {"units": [_unit("high", "low"), _unit("medium", "medium")]}
    assert fail_on_line(data, "high") == "paralaw: 1 risk at or above --fail-on high (1 high): exit status 1"
    assert fail_on_line(data, "medium") == "paralaw: 3 risks at or above --fail-on medium (1 high, 2 medium): exit status 1"
    assert fail_on_line({"units": [_unit("low")]}, "medium") is None  # nothing at or above: exit 0


def test_an_internal_error_is_one_line_and_exit_3(review, monkeypatch):
    async def broken(*args, **kwargs):
        raise RuntimeError("the pipeline fell over")

    monkeypatch.setattr("paralaw.agent.pipeline.run_review", broken)
    done = review(str(EXAMPLE), "--out", "r.md")
    assert done.exit_code == 3
    assert one_line(done).startswith("error [INTERNAL_ERROR]: RuntimeError: the pipeline fell over")


def test_main_turns_any_escaped_exception_into_exit_3(monkeypatch, capsys):
    def boom():
        raise KeyError("surprise")

    monkeypatch.setattr(cli_module, "app", boom)
    with pytest.raises(SystemExit) as caught:
        cli_module.main()
    assert caught.value.code == 3
    assert capsys.readouterr().err.startswith("error [INTERNAL_ERROR]: KeyError")


def test_a_folder_says_which_files_to_give(tmp_path, review):
    room = tmp_path / "data room"
    room.mkdir()
    (room / "supply.md").write_text(SMALL, encoding="utf-8")
    (room / "notes.xyz").write_text("not a contract", encoding="utf-8")
    done = review(str(room))
    assert done.exit_code == 2
    line = one_line(done)
    assert line.startswith(f"error [IS_A_FOLDER]: {room} is a folder, not a contract file")
    assert f"paralaw matrix {room} --csv matrix.csv" in line  # the data-room command
    assert os.path.join(str(room), "supply.md") in line and "notes.xyz" not in line


@pytest.mark.parametrize("args, code, words", [
    (["--language", "fr"], "UNKNOWN_LANGUAGE", "unknown language 'fr'; choose one of en, zh"),
    (["--domain", "tax"], "UNKNOWN_DOMAIN", "unknown domain 'tax'; choose one of generic, fidic, sha_spa"),
    (["--server", "ftp://example.test"], "INVALID_OPTION", "--server must be"),
    (["--fail-on", "severe"], "INVALID_OPTION", "--fail-on must be one of high, medium, low, not 'severe'"),
])
def test_option_values_are_checked_in_one_line(review, args, code, words):
    done = review(str(EXAMPLE), *args)
    assert done.exit_code == 2
    line = one_line(done)
    assert line.startswith(f"error [{code}]: ") and words in line


def test_a_party_the_contract_does_not_name_is_an_error_that_names_the_parties(review, tmp_path):
    done = review(str(EXAMPLE), "--party", "Custmer", "--out", "r.md")
    assert done.exit_code == 2, done.output
    line = one_line(done)
    assert line.startswith("error [UNKNOWN_PARTY]: --party 'Custmer' matches no party of services_agreement.md: did you mean Customer?")
    assert "it names Supplier, Customer" in line and "buyer" in line
    assert not (tmp_path / "r.md").exists()  # no report for a side nobody chose
    done = review(str(EXAMPLE), "--party", "Nobody", "--out", "r.md")
    assert done.exit_code == 2 and "did you mean" not in one_line(done) and "it names Supplier, Customer" in one_line(done)


def test_a_side_given_by_its_role_reviews_the_party_that_plays_it(review):
    done = review(str(EXAMPLE), "--party", "buyer", "--out", "r.md", "--json", "r.json")
    assert done.exit_code == 0, done.output
    assert "--party" not in done.stderr


def test_the_right_party_gives_no_warning(review):
    done = review(str(EXAMPLE), "--party", "customer", "--out", "r.md")
    assert done.exit_code == 0 and "--party" not in done.stderr


def test_a_domain_that_does_not_fit_warns(review):
    done = review(str(EXAMPLE), "--party", "Customer", "--domain", "fidic", "--out", "r.md")
    assert done.exit_code == 0, done.output
    warning = next(line for line in done.stderr.splitlines() if "--domain" in line)
    assert warning.startswith("warning: --domain fidic does not fit services_agreement.md: it reads as a generic")
    assert "checklist items were not found" in warning


def test_parties_named_by_a_contract():
    from paralaw.agent.cli_checks import parties_named

    assert parties_named(EXAMPLE.read_text(encoding="utf-8")) == ["Supplier", "Customer"]
    text = "Employer: Northbank Water Authority\n\nContractor: Meridian Civil Works Ltd\n\nThe Contractor shall ..."
    assert parties_named(text) == ["Employer", "Contractor"]
    assert parties_named("发包人（全称）：某公司\n\n承包人（全称）：某集团有限公司\n\n第一条 承包人应当……") == ["发包人", "承包人"]


def test_pdf_library_warnings_never_reach_the_terminal(tmp_path):
    """A real process: the PDF library logs its complaints before the loader gives up."""
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"garbage that is no PDF at all")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "USE_REACT", "PARALAW_"))}
    for command in (["review", str(broken)], ["parse", str(broken)]):
        done = subprocess.run([sys.executable, "-m", "paralaw.agent.cli", *command], capture_output=True, text=True,
                              timeout=120, env=env, cwd=tmp_path)
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("error [CORRUPT_FILE]: broken.pdf"), done.stderr
