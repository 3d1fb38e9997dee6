"""Files -> text, with limits, so a hostile or broken file is a clear DocumentError and never a hang.

.txt/.md keep the file's own text (offsets index into it). .docx goes through python-docx (headings become
Markdown headings so their numbers are trusted; tables become pipe rows); .pdf through pypdf (BSD), with
running headers/footers and page numbers removed and wrapped lines joined into sentences (pdf_lines.py); .docx
tracked changes, footnotes and comments are read by docx_text.py.
"""

from __future__ import annotations

import os
import re
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import DocumentError
from .docx_numbering import NumberingRenderer
from .docx_text import VIEWS, Notes, View, paragraph_text, qn, row_shown
from .model import DocumentStructure
from .pdf_lines import drop_running_lines, join_lines
from .parser import parse_text

SUPPORTED = (".txt", ".md", ".markdown", ".docx", ".pdf")


@dataclass(frozen=True)
class Limits:
    max_bytes: int = int(os.environ.get("PARALAW_MAX_FILE_BYTES", 50 * 1024 * 1024))
    max_pdf_pages: int = int(os.environ.get("PARALAW_MAX_PDF_PAGES", 2000))
    max_unzipped_bytes: int = int(os.environ.get("PARALAW_MAX_UNZIPPED_BYTES", 200 * 1024 * 1024))


DEFAULT_LIMITS = Limits()
_READABLE_ZH = re.compile(r"[\x00-\x7f\u3000-\u303f\u4e00-\u9fff\uff00-\uffef\u2018-\u201d\u2026\u00b7\u3400-\u4dbf]")


def decode_text(data: bytes, name: str = "") -> str:
    """UTF-8 (with or without BOM), UTF-16 with BOM, then GB18030 for Chinese files saved by older tools."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    if b"\x00" in data[:8192]:
        raise DocumentError(f"{name or 'file'} looks binary, not text", code="UNSUPPORTED_FORMAT")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        text = None
    # GB18030 accepts most byte pairs, so Latin-1 or cp1252 text can "decode" into nonsense: keep the
    # result only when it reads as Chinese (and ASCII), as a real GB18030 file does
    if text is not None and len(_READABLE_ZH.findall(text)) >= 0.97 * len(text):
        return text
    raise DocumentError(f"{name or 'file'} is not valid UTF-8 or GB18030 text; save it as UTF-8", code="INVALID_ENCODING")


def _docx_text(path: Path, limits: Limits) -> str:
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            unzipped = sum(info.file_size for info in members)
            # deflate never grows data by more than a few bytes a block: a member whose compressed size exceeds
            # its declared size by more lies about it (a bomb hiding from the size limit below)
            lying = next((info.filename for info in members if info.compress_size > info.file_size * 1.01 + 1024), None)
    except zipfile.BadZipFile as exc:
        raise DocumentError(f"{path.name} is not a valid .docx file (corrupt or truncated)", code="CORRUPT_FILE") from exc
    if lying is not None:
        raise DocumentError(f"{path.name} is not a valid .docx file: {lying} declares fewer bytes than it holds",
                            code="CORRUPT_FILE")
    if unzipped > limits.max_unzipped_bytes:
        raise DocumentError(
            f"{path.name} expands to {unzipped} bytes, over the {limits.max_unzipped_bytes}-byte limit",
            code="FILE_TOO_LARGE",
        )
    try:
        document = docx.Document(str(path))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise DocumentError(f"{path.name} is not a valid .docx file: {_first_line(exc)}", code="CORRUPT_FILE") from exc
    except Exception as exc:  # lxml and friends raise their own types on broken XML
        raise DocumentError(f"{path.name} could not be read as .docx: {_first_line(exc)}", code="CORRUPT_FILE") from exc
    view = docx_view()
    try:
        return _docx_lines(document, view)
    except Exception as exc:  # a well-formed package with broken parts (styles, numbering) inside
        raise DocumentError(f"{path.name} could not be read as .docx: {_first_line(exc)}", code="CORRUPT_FILE") from exc


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0][:200] if text else type(exc).__name__


def docx_view() -> View:
    """Which text of a .docx with tracked changes to read: "current" (all accepted, the default) or
    "original" (all rejected), from PARALAW_DOCX_REVISIONS; `paralaw review --original` sets it."""
    view = os.environ.get("PARALAW_DOCX_REVISIONS", "current").strip().lower() or "current"
    if view not in VIEWS:
        raise DocumentError(f"PARALAW_DOCX_REVISIONS must be one of {', '.join(VIEWS)}, not '{view}'", code="INVALID_OPTION")
    return view


def _docx_lines(document, view: View | None = None) -> str:
    """Paragraphs (Heading styles as Markdown headings, Word's automatic numbers written out, tracked changes
    read in one view, footnotes appended to the paragraph that cites them) and table rows."""
    import docx

    view = view or docx_view()
    numbering = NumberingRenderer(document)
    notes = Notes(document, view)
    lines: list[str] = []
    body = document.element.body
    for child in body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            paragraph = docx.text.paragraph.Paragraph(child, document)
            label = numbering.label(paragraph)
            text, cited = paragraph_text(child, view)
            text = (text + notes.render(cited)).strip()
            if not text:
                continue
            if label:
                text = f"{label} {text}"
            style = (paragraph.style.name or "") if paragraph.style is not None else ""
            level = re.match(r"Heading (\d)", style)
            lines.append(("#" * int(level.group(1)) + " " + text) if level else text)
        elif tag == "tbl":
            table = docx.table.Table(child, document)
            for row in table.rows:
                if not row_shown(row._tr, view):
                    continue
                cells = [_cell_text(cell, view, notes) for cell in row.cells]
                lines.append("| " + " | ".join(cells) + " |")
    return "\n\n".join(lines)


def _cell_text(cell, view: View, notes: Notes) -> str:
    texts = []
    for p in cell._tc.iter(qn("w:p")):
        text, cited = paragraph_text(p, view)
        texts.append(text + notes.render(cited))
    return " ".join(" ".join(texts).split())


def _pdf_text(path: Path, limits: Limits) -> str:
    from pypdf import PdfReader

    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            try:
                if not reader.decrypt(""):
                    raise DocumentError(f"{path.name} is encrypted; remove the password and try again", code="ENCRYPTED_FILE")
            except DocumentError:
                raise
            except Exception as exc:
                raise DocumentError(f"{path.name} is encrypted; remove the password and try again", code="ENCRYPTED_FILE") from exc
        if len(reader.pages) > limits.max_pdf_pages:
            raise DocumentError(f"{path.name} has {len(reader.pages)} pages, over the {limits.max_pdf_pages}-page limit", code="FILE_TOO_LARGE")
        pages = [(page.extract_text() or "") for page in reader.pages]
    except DocumentError:
        raise
    except RecursionError as exc:
        raise DocumentError(f"{path.name} is not a readable PDF (its object tree nests too deeply)", code="CORRUPT_FILE") from exc
    except Exception as exc:  # pypdf raises many types on broken files (PdfReadError, struct/zlib errors, ...)
        detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DocumentError(f"{path.name} is not a readable PDF (corrupt or truncated): {detail}", code="CORRUPT_FILE") from exc
    page_lines = [[line.rstrip() for line in page.splitlines()] for page in pages]
    return join_lines(drop_running_lines(page_lines))


def read_document_text(path: str | os.PathLike[str], limits: Limits = DEFAULT_LIMITS) -> str:
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError as exc:
        raise DocumentError(f"{path} does not exist", code="FILE_NOT_FOUND") from exc
    except OSError as exc:
        raise DocumentError(f"{path} cannot be read: {exc.strerror}", code="FILE_NOT_READABLE") from exc
    if stat.S_ISDIR(info.st_mode):
        raise DocumentError(f"{path} is a directory, not a file", code="NOT_A_FILE")
    if not stat.S_ISREG(info.st_mode):
        raise DocumentError(f"{path} is not a regular file", code="NOT_A_FILE")
    if info.st_size == 0:
        raise DocumentError(f"{path.name} is empty", code="EMPTY_DOCUMENT")
    if info.st_size > limits.max_bytes:
        raise DocumentError(f"{path.name} is {info.st_size} bytes, over the {limits.max_bytes}-byte limit", code="FILE_TOO_LARGE")
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED:
        raise DocumentError(f"{path.name}: unsupported file type '{suffix or '(none)'}'; use one of {', '.join(SUPPORTED)}", code="UNSUPPORTED_FORMAT")
    try:
        if suffix == ".docx":
            return _docx_text(path, limits)
        if suffix == ".pdf":
            return _pdf_text(path, limits)
        return decode_text(path.read_bytes(), path.name)
    except PermissionError as exc:
        raise DocumentError(f"{path} cannot be read: permission denied", code="FILE_NOT_READABLE") from exc


def load_document(path: str | os.PathLike[str], *, document_id: str | None = None, limits: Limits = DEFAULT_LIMITS) -> DocumentStructure:
    """Read and parse a contract file. Raises DocumentError with a code for anything unusable."""
    text = read_document_text(path, limits)
    return parse_document_text(text, filename=Path(path).name, document_id=document_id)


def parse_document_text(text: str, *, filename: str = "", document_id: str | None = None) -> DocumentStructure:
    if not text.strip():
        raise DocumentError(f"{filename or 'document'} has no text (a scanned PDF needs OCR first)", code="EMPTY_DOCUMENT")
    return parse_text(text, filename=filename, document_id=document_id)
