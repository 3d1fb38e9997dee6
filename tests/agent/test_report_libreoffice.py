"""Every kind of .docx the report tests write opens in LibreOffice headless: it converts each to PDF, and saves
each back as .docx with every tracked change (kind, author, text, in order) and every comment (author, date,
text) still there.

LibreOffice is a second, independent reader of the files: a package it cannot open, or markup it drops, is
markup Word is likely to call damaged too. .ci/run installs it (Debian's libreoffice-writer-nogui); the tests
skip only when `soffice` is missing. The files are converted in two LibreOffice runs, not one per file.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bench.word_changes import convert, office, review_markup

pytestmark = pytest.mark.skipif(office() is None, reason="LibreOffice (soffice) is not installed; .ci/run installs it")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "services_agreement.md"


def _written(folder: Path) -> dict[str, Path]:
    """The .docx files the report tests write, written the same way here."""
    import test_report_docx as plain
    import test_report_docx_fidelity as fidelity
    from docx_fixtures import rich_contract
    from test_report_cli import redlined_example
    from typer.testing import CliRunner

    from paralaw.agent.cli import app
    from paralaw.skills import load_document
    from paralaw.skills.reports import write_docx

    files = {}
    source = plain.input_docx(folder / "msa.docx")
    text = load_document(source).text
    for name, risks in (("docx_input", plain.RISKS), ("no_risks", [])):
        files[name] = folder / f"{name}.docx"
        write_docx(plain.report(risks), files[name], source=source, text=text)
    files["markdown"] = folder / "markdown.docx"
    write_docx(plain.report(plain.MARKDOWN_RISKS), files["markdown"], source=folder / "msa.md", text=plain.MARKDOWN)
    rich = rich_contract(folder / "rich.docx")
    files["rich_with_revisions"] = folder / "rich_reviewed.docx"
    write_docx(fidelity.report(fidelity.RISKS), files["rich_with_revisions"], source=rich,
               text=load_document(rich).text, author="Jane Smith")
    files["repaired_package"] = folder / "repaired.docx"
    from paralaw.skills.reports.word_package import finish

    files["repaired_package"].write_bytes(finish(fidelity.broken_package(files["rich_with_revisions"]), authors=["Jane Smith"]))
    # the command on the bundled example, as Markdown, as a Word file the counterparty returned and as one Word
    # numbers (new clauses in its list numbering), and on a Chinese contract (a new 第X条 article)
    from test_report_insert_clause import chinese_contract, word_numbered_example

    redlined = redlined_example(folder / "example.docx")
    numbered = word_numbered_example(folder / "numbered.docx")
    chinese = chinese_contract(folder / "chinese.md")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        for name in [n for n in os.environ if n.startswith(("OPENAI_", "USE_REACT", "PARALAW_"))]:
            patch.delenv(name)
        for name, given, party in (("cli_markdown", EXAMPLE, "Customer"), ("cli_docx", redlined, "Customer"),
                                   ("cli_word_numbered", numbered, "Customer"), ("cli_chinese", chinese, "甲方")):
            done = CliRunner().invoke(app, ["review", str(given), "--party", party, "--docx", f"{name}.docx",
                                            "--out", f"{name}.md"])
            assert done.exit_code == 0, done.output
            files[name] = folder / f"{name}.docx"
    return files


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    folder = tmp_path_factory.mktemp("written")
    files = _written(folder)
    pdf, again = tmp_path_factory.mktemp("pdf"), tmp_path_factory.mktemp("docx")
    profile = tmp_path_factory.mktemp("profile")
    convert(list(files.values()), "pdf", pdf, profile)
    convert(list(files.values()), "docx:MS Word 2007 XML", again, profile)
    return {name: (path, pdf / f"{path.stem}.pdf", again / path.name) for name, path in files.items()}


CASES = ["docx_input", "no_risks", "markdown", "rich_with_revisions", "repaired_package", "cli_markdown", "cli_docx",
         "cli_word_numbered", "cli_chinese"]


@pytest.mark.parametrize("name", CASES)
def test_libreoffice_converts_it_to_pdf(converted, name):
    from pypdf import PdfReader

    written, pdf, _ = converted[name]
    assert pdf.exists(), f"LibreOffice wrote no PDF for {written.name}"
    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert len(text.split()) > 20


@pytest.mark.parametrize("name", CASES)
def test_libreoffice_saves_it_back_with_every_change_and_comment(converted, name):
    written, _, again = converted[name]
    assert again.exists(), f"LibreOffice could not save {written.name} as .docx"
    ours, theirs = review_markup(written), review_markup(again)
    assert theirs == ours
    assert bool(ours[0]) == bool(ours[1]) == (name != "no_risks")  # each file but one holds both
