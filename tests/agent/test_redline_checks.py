"""The held-out redline checks (bench/redline_checks.py) on two unseen contracts given as .docx, one English and
one Chinese, without LibreOffice: every check passes.

on_tm_licence (set 15, acting for the licensee) gets figure changes, whole sentences replaced and new clauses;
zh_software_dev_commissioner (set 17, acting for the 委托方) is a contract in '一、定义' articles with 1.1-style
sub-clauses, whose missing insolvency right and IP indemnity go in after the last sub-clause.
"""

from __future__ import annotations

import pytest
from data_paths import DATA

from bench import redline_checks

CASES = {"en": DATA / "unseen15" / "on_tm_licence", "zh": DATA / "unseen17" / "zh_software_dev_commissioner"}
CHECKED = [c for c in redline_checks.CHECKS if c != "d"]  # (d) needs LibreOffice: test_report_libreoffice.py


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    out = {}
    for language, folder in CASES.items():
        row, written = redline_checks.check_case(folder, tmp_path_factory.mktemp(language))
        assert not row.error, row.error
        out[language] = (row, written)
    return out


@pytest.mark.parametrize("check", CHECKED)
@pytest.mark.parametrize("language", sorted(CASES))
def test_every_check_passes(rows, language, check):
    row, _ = rows[language]
    assert row.language == language
    assert row.checks[check] == "pass", row.failures[check]


@pytest.mark.parametrize("language", sorted(CASES))
def test_the_redline_is_not_empty_and_libreoffice_is_left_out(rows, language):
    row, written = rows[language]
    assert row.changes >= 3 and written.exists()
    assert row.checks["d"] == "skip"


def test_the_checks_catch_what_they_are_for(rows, tmp_path):
    """A deletion removed from beside its insertion, an instruction as the inserted words, a bold pair left in the
    text and a changed figure are each caught."""
    import json
    import zipfile

    from lxml import etree

    from bench.word_changes import W

    row, written = rows["en"]
    report = json.loads(written.with_suffix(".json").read_text(encoding="utf-8"))
    source = written.with_name(f"{row.case}_input.docx")
    with zipfile.ZipFile(written) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}

    def broken(change) -> tuple:
        root = etree.fromstring(parts["word/document.xml"])
        change(root)
        path = tmp_path / f"{change.__name__}.docx"
        with zipfile.ZipFile(path, "w") as archive:
            for name, data in parts.items():
                archive.writestr(name, etree.tostring(root) if name == "word/document.xml" else data)
        return root, path

    def first_replacement(root):
        return next(e for e in root.iter(W + "ins") if e.getprevious() is not None and e.getprevious().tag == W + "del")

    def drop_deletion(root):
        deletion = first_replacement(root).getprevious()
        deletion.getparent().remove(deletion)

    def instruction(root):
        next(first_replacement(root).iter(W + "t")).text = "Ask for a longer term"

    def markdown(root):
        node = next(root.iter(W + "t"))
        node.text = f"**{node.text}**"

    def other_figure(root):
        next(first_replacement(root).iter(W + "t")).text = "thirteen (13) months"

    root, path = broken(drop_deletion)
    assert redline_checks.check_pairs(root)
    root, path = broken(instruction)
    assert redline_checks.check_advice(root)
    root, path = broken(markdown)
    assert redline_checks.check_markdown(path, written.with_suffix(".html"))
    root, path = broken(other_figure)
    assert redline_checks.check_texts(source, path, report, "en")[0]
