"""What `paralaw review` adds around a review for people: warnings about what the input holds beside its
text, and the Word and HTML reports.

The reports are built from the JSON report (`report.to_json`), so a stored review can be exported the same
way later; the contract text comes from the same loader the server used (for a .docx, in the same view of
its tracked changes).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from paralaw.skills.documents.loaders import parse_document_text, read_document_text
from paralaw.skills.errors import DocumentError

from paralaw.skills.reports import proposed_wording, report_risks, write_docx, write_html
from paralaw.skills.reports.markup import plain
from paralaw.skills.reports.placement import plan

from .report import to_json

REVISIONS_ENV = "PARALAW_DOCX_REVISIONS"


@contextmanager
def docx_view(original: bool) -> Iterator[None]:
    """Read .docx files as their original text (every tracked change rejected) for the block's duration.

    The setting is an environment variable because the documents are parsed in the server's worker processes
    (and a stdio server is a process of its own): they inherit it when they start. A process that has already
    started its parse workers keeps their environment, so the command sets this before the review begins."""
    if not original:
        yield
        return
    before = os.environ.get(REVISIONS_ENV)
    os.environ[REVISIONS_ENV] = "original"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(REVISIONS_ENV, None)
        else:
            os.environ[REVISIONS_ENV] = before


def input_warnings(paths: list[str], *, original: bool = False) -> list[str]:
    """One sentence per .docx that holds unaccepted tracked changes or comments."""
    import docx

    from paralaw.skills.documents.docx_text import inventory

    warnings = []
    for path in paths:
        if Path(path).suffix.lower() != ".docx":
            continue
        try:
            found = inventory(docx.Document(path))
        except Exception:  # the loader has already said what is wrong with a broken file
            continue
        name = Path(path).name
        if found.revisions:
            counts = ", ".join(f"{n} {what}" for n, what in ((found.insertions, "insertions"), (found.deletions, "deletions"),
                                                           (found.moves, "moves")) if n)
            if original:
                warnings.append(f"{name} holds unaccepted tracked changes ({counts}): it was reviewed as the original "
                                f"text, every change rejected")
            else:
                warnings.append(f"{name} holds unaccepted tracked changes ({counts}): it was reviewed as if every change "
                                f"were accepted; give --original to review the text before them")
        if found.comments:
            shown = "; ".join(f"{author or 'unknown'}: \u201c{' '.join(text.split())[:120]}\u201d" for author, text in found.comments[:3])
            more = f" and {len(found.comments) - 3} more" if len(found.comments) > 3 else ""
            warnings.append(f"{name} holds {len(found.comments)} comment{'s' if len(found.comments) != 1 else ''}, which "
                            f"are not contract text and were not reviewed ({shown}{more})")
    return warnings


def _contract_text(primary: str, original: bool) -> str:
    """The primary contract's text as the review read it ('' when it cannot be read again)."""
    with docx_view(original):
        try:
            return read_document_text(primary)
        except DocumentError:
            return ""


def place_new_clauses(data: dict[str, Any], primary: str, *, original: bool = False) -> None:
    """Say on each risk whose wording goes in as a new clause where it goes (`insert_as`: its number, what it
    follows, and in words), as the Word redline places it, so the Markdown and HTML reports give the same
    number as the tracked change ('clause 9.4, after 9.3')."""
    text = _contract_text(primary, original)
    if not text.strip():
        return
    structure = parse_document_text(text, filename=Path(primary).name)
    for risk, _, slot in plan(structure, report_risks(to_json(data)), lambda r: plain(proposed_wording(r))):
        risk.setdefault("insert_as", slot.as_dict())


def write_reports(data: dict[str, Any], primary: str, *, docx_path: str | None, html_path: str | None,
                  original: bool = False, author: str = "paralaw") -> list[str]:
    """Write the Word and/or HTML report for the primary contract (the Word one's changes and comments by
    `author`); returns one note per file written."""
    if not docx_path and not html_path:
        return []
    report = to_json(data)
    text = _contract_text(primary, original)
    structure = parse_document_text(text, filename=Path(primary).name) if text.strip() else None
    clause_texts = {c.clause_id: structure.full_text(c) for c in structure.iter_clauses()} if structure else {}
    notes = []
    if docx_path:
        result = write_docx(report, docx_path, source=primary, text=text, view="original" if original else "current",
                            author=author)
        note = f"{docx_path}: {result.comments} comments, {result.revisions} tracked changes"
        if result.not_located:
            note += f"; {len(result.not_located)} quotes not found in the document (commented on their clause)"
        if result.redline_skipped:
            note += f"; {len(result.redline_skipped)} proposed wordings kept in their comment only"
            if result.advice:
                note += f" ({len(result.advice)} of them advice, not contract text)"
        notes.append(note)
    if html_path:
        write_html(report, html_path, clause_texts)
        notes.append(f"{html_path}: {report['summary']['risks']['total']} risks")
    return notes
