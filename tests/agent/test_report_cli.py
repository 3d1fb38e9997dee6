"""`paralaw review FILE --docx out.docx --html out.html --json r.json` on the bundled example, given as Markdown
and as a Word document a counterparty returned with tracked changes and a comment."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import docx
import pytest
from docx.oxml.ns import qn
from docx_fixtures import reject_all, tracked_paragraph
from lxml import etree


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "services_agreement.md"
CAP = "8.2 The Supplier's total aggregate liability under or in connection with this Agreement shall not exceed the Charges paid in the "


@pytest.fixture
def review(succeeding_review):
    return succeeding_review


def redlined_example(path: Path) -> Path:
    """The example as Word, with clause 8.2's cap changed under Track Changes and a comment on clause 9.1."""
    document = docx.Document()
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        if line.startswith("#"):
            hashes = len(line) - len(line.lstrip("#"))
            document.add_heading(line.lstrip("# "), level=hashes)
        elif line.startswith(CAP):
            tracked_paragraph(document, [("", CAP), ("del", "twelve (12) months"), ("ins", "one (1) month"),
                                         ("", " before the event giving rise to the claim.")])
        else:
            paragraph = document.add_paragraph(line)
            if line.startswith("9.1 "):
                document.add_comment(paragraph.runs[0], text="We cannot accept this.", author="Counterparty", initials="CP")
    document.save(str(path))
    return path


def body(path):
    with zipfile.ZipFile(path) as archive:
        return etree.fromstring(archive.read("word/document.xml"))


def texts(root):
    return ["".join(t.text or "" for t in p.iter(qn("w:t"))) for p in root.iter(qn("w:p"))]


def every_risk_in(report: dict, page: str) -> None:
    import html

    risks = [r for c in report["clauses"] for r in c["risks"]]
    assert risks
    for risk in risks:
        assert html.escape(risk["description"] or risk["risk_type"], quote=True) in page, risk["description"]
    assert len(re.findall(r'<article class="risk ', page)) == len(risks)


def test_markdown_contract_to_word_and_html(tmp_path, review):
    done = review(str(EXAMPLE), "--party", "Customer", "--docx", "out.docx", "--html", "out.html", "--json", "r.json",
                  "--out", "r.md")
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    risks = [r for c in report["clauses"] for r in c["risks"]]
    reviewed = docx.Document(str(tmp_path / "out.docx"))
    assert len(list(reviewed.comments)) == len(risks)
    written = re.search(rf"out.docx: {len(risks)} comments, (\d+) tracked changes[;\n]", done.output)
    assert written and "not found" not in done.output, done.output  # every quote was found in the document
    root = body(tmp_path / "out.docx")
    ours = [e for e in root.iter(qn("w:ins")) if e.get(qn("w:author")) == "paralaw" and e.getparent().tag != qn("w:rPr")]
    struck = [e for e in root.iter(qn("w:del")) if e.get(qn("w:author")) == "paralaw"]
    alone = [e for e in struck if e.getnext() is None or e.getnext().tag != qn("w:ins")]  # a provision struck, nothing in its place
    assert len(ours) + len(alone) == int(written.group(1)) and len(struck) <= len(ours) + len(alone)
    assert int(written.group(1)) <= sum(len(r.get("redline") or [None]) for r in risks if r.get("proposed_wording") or r.get("suggestion"))
    located = len(list(root.iter(qn("w:commentRangeStart"))))
    assert located == len(risks)
    reject_all(root)
    expected = [line.lstrip("# ") for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert texts(root) == expected
    every_risk_in(report, (tmp_path / "out.html").read_text(encoding="utf-8"))
    assert "No model:" in (tmp_path / "out.html").read_text(encoding="utf-8")


def test_redlined_word_contract_is_reviewed_as_it_now_reads_with_a_warning(tmp_path, review):
    source = redlined_example(tmp_path / "msa.docx")
    done = review(str(source), "--party", "Customer", "--docx", "out.docx", "--html", "out.html", "--json", "r.json",
                  "--out", "r.md")
    assert re.search(r"out.docx: \d+ comments, \d+ tracked changes", done.output) and "not found" not in done.output
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    warnings = " ".join(report["warnings"])
    assert "msa.docx holds unaccepted tracked changes (1 insertions, 1 deletions)" in warnings and "--original" in warnings
    assert "msa.docx holds 1 comment" in warnings and "We cannot accept this." in warnings
    assert "**Warning:** msa.docx holds unaccepted tracked changes" in (tmp_path / "r.md").read_text(encoding="utf-8")
    cap = [r for c in report["clauses"] for r in c["risks"] if r["clause_id"] == "8.2"]
    assert any("one (1) month" in (r.get("location") or {}).get("original_text", "") for r in cap)
    # the Word output keeps the input document: its own revision and comment are still there, ours added
    root = body(tmp_path / "out.docx")
    authors = {e.get(qn("w:author")) for e in root.iter(qn("w:ins"), qn("w:del"))}
    assert "Counterparty" in authors
    reviewed = docx.Document(str(tmp_path / "out.docx"))
    assert {c.author for c in reviewed.comments} == {"Counterparty", "paralaw"}
    every_risk_in(report, (tmp_path / "out.html").read_text(encoding="utf-8"))
    reject_all(root)
    original = body(source)
    reject_all(original)
    assert texts(root) == texts(original)


def test_original_option_reviews_the_text_before_the_changes(tmp_path):
    """As a user runs it, in its own process: the setting reaches the server's parse workers because they start
    after it is made (see agent/exports.docx_view)."""
    source = redlined_example(tmp_path / "msa.docx")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "USE_REACT", "PARALAW_"))}
    done = subprocess.run([sys.executable, "-m", "paralaw.agent.cli", "review", str(source), "--original", "--json",
                           "r.json", "--out", "r.md", "--docx", "out.docx"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert "out.docx: " in done.stderr and "not found" not in done.stderr  # quotes looked for in the original text
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert "it was reviewed as the original text, every change rejected" in " ".join(report["warnings"])
    quotes = " ".join((r.get("location") or {}).get("original_text", "") for c in report["clauses"] for r in c["risks"])
    assert "one (1) month" not in quotes


def test_original_view_setting_does_not_outlive_its_block(monkeypatch):
    from paralaw.agent.exports import docx_view

    monkeypatch.delenv("PARALAW_DOCX_REVISIONS", raising=False)
    with docx_view(True):
        assert os.environ["PARALAW_DOCX_REVISIONS"] == "original"
    assert "PARALAW_DOCX_REVISIONS" not in os.environ


def test_author_option_signs_every_change_and_comment(tmp_path, review):
    source = redlined_example(tmp_path / "msa.docx")
    review(str(source), "--party", "Customer", "--docx", "out.docx", "--author", "  Jane   Smith ", "--out", "r.md")
    root = body(tmp_path / "out.docx")
    revisions = [e for e in root.iter(qn("w:ins"), qn("w:del"))]
    assert {e.get(qn("w:author")) for e in revisions} == {"Counterparty", "Jane Smith"}
    assert all(e.get(qn("w:date")) for e in revisions)
    comments = list(docx.Document(str(tmp_path / "out.docx")).comments)
    assert {(c.author, c.initials) for c in comments} == {("Counterparty", "CP"), ("Jane Smith", "JS")}
    assert all(c.timestamp is not None for c in comments)


@pytest.mark.parametrize("author", ["", "   ", "two\nlines", "x" * 101])
def test_author_option_must_be_a_one_line_name(tmp_path, author):
    from paralaw.agent.cli import app
    from typer.testing import CliRunner

    (tmp_path / "c.md").write_text("1 Term\n\n1.1 This Agreement lasts one year.\n", encoding="utf-8")
    done = CliRunner().invoke(app, ["review", str(tmp_path / "c.md"), "--docx", str(tmp_path / "o.docx"), "--author", author])
    assert done.exit_code == 2 and "--author must be a name" in done.output
    assert not (tmp_path / "o.docx").exists()
