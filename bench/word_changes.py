"""What Word and LibreOffice do with a reviewed .docx, for the checks of paralaw's redline (the report tests
and bench/redline_checks.py use the same code).

accept_all / reject_all do to a document's XML what Word's "Accept All Changes" / "Reject All Changes" do to
its text. review_markup lists a file's tracked changes and comments; convert runs LibreOffice headless over
files (a second, independent reader: a package it cannot open is one Word is likely to call damaged too).
"""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

from docx.oxml.ns import qn
from lxml import etree

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def office() -> str | None:
    """The LibreOffice command, or None when it is not installed."""
    return shutil.which("soffice") or shutil.which("libreoffice")


def _merge_marked(root, kind: str) -> None:
    """A paragraph whose mark is a `kind` revision being removed joins the next paragraph, as in Word: what is
    left of its content goes before the next paragraph's, which keeps its own properties."""
    for mark in list(root.iter(qn(f"w:{kind}"))):
        rpr = mark.getparent()
        if rpr.tag != qn("w:rPr") or rpr.getparent().tag != qn("w:pPr"):
            continue
        paragraph = rpr.getparent().getparent()
        following = paragraph.getnext()
        rpr.remove(mark)
        if following is None or following.tag != qn("w:p"):
            continue  # the last paragraph of its container keeps its mark
        anchor = following.find(qn("w:pPr"))
        index = following.index(anchor) + 1 if anchor is not None else 0
        for child in [c for c in paragraph if c.tag != qn("w:pPr")]:
            following.insert(index, child)
            index += 1
        paragraph.getparent().remove(paragraph)


def _unwrap(element) -> None:
    parent = element.getparent()
    index = parent.index(element)
    for child in list(element):
        parent.insert(index, child)
        index += 1
    parent.remove(element)


def _revisions(root, *tags: str) -> list:
    """The run-level revisions (not a paragraph mark's, a row's or a property change's)."""
    return [e for tag in tags for e in root.iter(qn(tag))
            if e.getparent() is not None and e.getparent().tag not in (qn("w:rPr"), qn("w:pPr"), qn("w:trPr"))]


def reject_all(root) -> None:
    """What Word's "Reject All Changes" does to the text: insertions go (a paragraph whose mark was inserted
    joins the next one), deletions come back as text, inserted table rows go."""
    for row in [m.getparent().getparent() for m in root.iter(qn("w:ins")) if m.getparent().tag == qn("w:trPr")]:
        row.getparent().remove(row)
    for element in _revisions(root, "w:ins", "w:moveTo"):
        element.getparent().remove(element)
    for element in _revisions(root, "w:del", "w:moveFrom"):
        for deleted in element.iter(qn("w:delText")):
            deleted.tag = qn("w:t")
        _unwrap(element)
    _merge_marked(root, "ins")
    for mark in list(root.iter(qn("w:del"))):  # a deleted paragraph mark or row, restored
        mark.getparent().remove(mark)


def accept_all(root) -> None:
    """What Word's "Accept All Changes" does to the text: deletions go (a paragraph whose mark was deleted
    joins the next one), insertions stay as plain text, deleted table rows go."""
    for row in [m.getparent().getparent() for m in root.iter(qn("w:del")) if m.getparent().tag == qn("w:trPr")]:
        row.getparent().remove(row)
    for element in _revisions(root, "w:del", "w:moveFrom"):
        element.getparent().remove(element)
    for element in _revisions(root, "w:ins", "w:moveTo"):
        _unwrap(element)
    _merge_marked(root, "del")
    for mark in list(root.iter(qn("w:ins"))):  # an inserted paragraph mark or row, kept
        mark.getparent().remove(mark)


def convert(files: list[Path], target: str, outdir: Path, profile: Path, *, timeout: float = 600) -> None:
    """Convert the files with LibreOffice headless in one run ("pdf", "odt", "docx:MS Word 2007 XML"), with
    its own user profile `profile` (so a LibreOffice the user has open is not disturbed); raises
    subprocess.CalledProcessError when LibreOffice fails."""
    subprocess.run([office(), f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                    "--convert-to", target, "--outdir", str(outdir), *map(str, files)],
                   check=True, timeout=timeout, capture_output=True)


def review_markup(path: Path, *, moves: bool = False) -> tuple[list, list]:
    """(tracked changes in document order as (kind, author, text), comments as sorted (author, date, text)).
    Revisions of one kind and author side by side count as one: LibreOffice writes a deletion that spans a
    bold and a plain run as two. With `moves`, a move's source counts as a deletion and its destination as an
    insertion: LibreOffice saves a deletion and an insertion of the same words in one paragraph as a move."""
    with zipfile.ZipFile(path) as archive:
        body = etree.fromstring(archive.read("word/document.xml"))
        names = archive.namelist()
        comments = etree.fromstring(archive.read("word/comments.xml")) if "word/comments.xml" in names else None
    changes = []
    as_change = {W + "moveFrom": "del", W + "moveTo": "ins"} if moves else {}
    for e in body.iter(W + "ins", W + "del", *as_change):
        kind = as_change.get(e.tag, e.tag[len(W):]) + (" paragraph mark" if e.getparent().tag == W + "rPr" else "")
        text = "".join(t.text or "" for t in e.iter(W + "t", W + "delText"))
        following = e.getprevious() is not None and as_change.get(e.getprevious().tag, e.getprevious().tag) == as_change.get(e.tag, e.tag)
        if following and changes and changes[-1][:2] == (kind, e.get(W + "author")):
            changes[-1] = (kind, e.get(W + "author"), changes[-1][2] + text)  # LibreOffice splits one by formatting
        else:
            changes.append((kind, e.get(W + "author"), text))
    notes = [] if comments is None else sorted(
        (c.get(W + "author"), c.get(W + "date"), "\n".join("".join(t.text or "" for t in p.iter(W + "t")) for p in c.iter(W + "p")))
        for c in comments.iter(W + "comment"))
    return changes, notes
