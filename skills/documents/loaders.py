"""Files -> text, with limits, so a hostile or broken file is a clear DocumentError and never a hang.

.txt/.md keep the file's own text (offsets index into it). .docx goes through python-docx (headings become
Markdown headings so their numbers are trusted; tables become pipe rows); .pdf through pypdf (BSD), with
running headers/footers and page numbers removed and wrapped lines joined into sentences (pdf_lines.py); .docx
tracked changes, footnotes and comments are read by docx_text.py.
"""

from __future__ import annotations

import io
import logging
import os
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import DocumentError
from .docx_numbering import NumberingRenderer
from .gate import open_file
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
    # page content streams once decompressed, each page counted (200 pages may share one 1 MB stream)
    max_pdf_content_bytes: int = int(os.environ.get("PARALAW_MAX_PDF_CONTENT_BYTES", 16 * 1024 * 1024))


DEFAULT_LIMITS = Limits()
_READABLE_ZH = re.compile(r"[\x00-\x7f\u3000-\u303f\u4e00-\u9fff\uff00-\uffef\u2018-\u201d\u2026\u00b7\u3400-\u4dbf]")


_BOMS = ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"), (b"\xef\xbb\xbf", "utf-8"),
         (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"))  # UTF-32 first: its LE BOM starts like UTF-16's


_COMMON_UNITS = frozenset(b" \t\r\n0123456789.,;:()")


def _wide_encoding(data: bytes) -> str | None:
    """UTF-32 or UTF-16 without a BOM: the reading of the first 4 KB in which the most code units are the
    spaces, newlines, digits and punctuation every contract has (read the wrong way round, or at the wrong
    width, those characters never come out as themselves). None when no reading finds any."""
    sample = data[:4096]
    best, best_share = None, 0.0
    for encoding, width, order in (("utf-32-le", 4, "little"), ("utf-32-be", 4, "big"),
                                   ("utf-16-le", 2, "little"), ("utf-16-be", 2, "big")):
        if width == 4 and len(data) % 4:
            continue
        units = [int.from_bytes(sample[i:i + width], order) for i in range(0, len(sample) - width + 1, width)]
        share = sum(unit in _COMMON_UNITS for unit in units) / max(1, len(units))
        if share > best_share:
            best, best_share = encoding, share
    return best if best_share >= 0.03 else None


def _decode_wide(data: bytes, encoding: str, name: str) -> str:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:  # an odd byte count, a lone surrogate, a code point past U+10FFFF
        raise DocumentError(f"{name or 'file'} is not valid {encoding.upper()} text ({exc.reason} at byte {exc.start}); "
                            "save it as UTF-8", code="INVALID_ENCODING") from None
    if "\x00" in text:
        raise DocumentError(f"{name or 'file'} decodes as {encoding.upper()} with NUL characters in it; save it as UTF-8",
                            code="INVALID_ENCODING")
    return text


def decode_text(data: bytes, name: str = "") -> str:
    """By BOM (UTF-8, UTF-16, UTF-32), then UTF-16/UTF-32 without one (from the zero bytes), UTF-8, and GB18030
    for Chinese files saved by older tools. Text that fits none is INVALID_ENCODING, never a decoding exception."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            if encoding != "utf-8":
                return _decode_wide(data[len(bom):], encoding, name)
            data = data[len(bom):]
            break
    if b"\x00" in data[:8192]:
        wide = _wide_encoding(data)
        try:
            if wide is not None:
                return _decode_wide(data, wide, name)
        except DocumentError:
            pass  # a guess without a BOM that does not decode: binary, not broken text
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


def _docx_text(data: bytes, name: str, limits: Limits) -> str:
    """The text of a .docx whose bytes the gate read (the path is never opened twice)."""
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            unzipped = sum(info.file_size for info in members)
            # deflate never grows data by more than a few bytes a block: a member whose compressed size exceeds
            # its declared size by more lies about it (a bomb hiding from the size limit below)
            lying = next((info.filename for info in members if info.compress_size > info.file_size * 1.01 + 1024), None)
    except zipfile.BadZipFile as exc:
        what = _what_it_is(data)
        raise DocumentError(f"{name} is not a valid .docx file ({what or 'corrupt or truncated'})",
                            code="CORRUPT_FILE") from exc
    if lying is not None:
        raise DocumentError(f"{name} is not a valid .docx file: {lying} declares fewer bytes than it holds",
                            code="CORRUPT_FILE")
    if unzipped > limits.max_unzipped_bytes:
        raise DocumentError(
            f"{name} expands to {unzipped} bytes, over the {limits.max_unzipped_bytes}-byte limit",
            code="FILE_TOO_LARGE",
        )
    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise DocumentError(f"{name} is not a valid .docx file: {_first_line(exc)}", code="CORRUPT_FILE") from exc
    except Exception as exc:  # lxml and friends raise their own types on broken XML
        raise DocumentError(f"{name} could not be read as .docx: {_first_line(exc)}", code="CORRUPT_FILE") from exc
    view = docx_view()
    try:
        return _docx_lines(document, view)
    except Exception as exc:  # a well-formed package with broken parts (styles, numbering) inside
        raise DocumentError(f"{name} could not be read as .docx: {_first_line(exc)}", code="CORRUPT_FILE") from exc


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
    style_names = _style_names(document)
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
            style = style_names.get(child.style or "", "")
            level = re.match(r"Heading (\d)", style)
            lines.append(("#" * int(level.group(1)) + " " + text) if level else text)
        elif tag == "tbl":
            above: dict[int, str] = {}  # grid column -> text of the cell a vertical merge continues
            for tr in child.iterchildren(qn("w:tr")):
                if not row_shown(tr, view):
                    continue
                lines.append("| " + " | ".join(_row_cells(tr, view, notes, above)) + " |")
    return "\n\n".join(lines)


def _style_names(document) -> dict[str, str]:
    """Paragraph style id -> its name as python-docx shows it ("Heading 1"), read once: `paragraph.style`
    searches the whole styles part on every paragraph, and 4,000 styles by 4,000 paragraphs took 31 s."""
    from docx.styles import BabelFish

    names: dict[str, str] = {}
    for style in document.styles.element.iterchildren(qn("w:style")):
        name = style.find(qn("w:name"))
        if style.get(qn("w:styleId")) is not None and name is not None:
            names[style.get(qn("w:styleId"))] = BabelFish.internal2ui(name.get(qn("w:val")) or "")
    return names


def _row_cells(tr, view: View, notes: Notes, above: dict[int, str]) -> list[str]:
    """A row's cell texts as python-docx's `row.cells` gives them (a merged cell's text in each grid column it
    covers, across and down) in one pass: `row.cells` looks up every vertically merged cell from the top of
    its table, and a 37 KB table of merged cells took 85 s."""
    cells: list[str] = []
    for tc in tr.iterchildren(qn("w:tc")):
        properties = tc.find(qn("w:tcPr"))
        span, merge = 1, None
        if properties is not None:
            grid_span = properties.find(qn("w:gridSpan"))
            if grid_span is not None and (grid_span.get(qn("w:val")) or "1").isdigit():
                span = max(1, min(int(grid_span.get(qn("w:val"))), 64))
            v_merge = properties.find(qn("w:vMerge"))
            if v_merge is not None:
                merge = v_merge.get(qn("w:val")) or "continue"
        column = len(cells)
        text = above.get(column, "") if merge == "continue" else _cell_text(tc, view, notes)
        for offset in range(span):
            above[column + offset] = text
            cells.append(text)
    return cells


def _cell_text(tc, view: View, notes: Notes) -> str:
    texts = []
    for p in tc.iter(qn("w:p")):
        text, cited = paragraph_text(p, view)
        texts.append(text + notes.render(cited))
    return " ".join(" ".join(texts).split())


def _what_it_is(data: bytes) -> str:
    """What a file that is not of the type its name says seems to be, for the error: a text file or a PDF named
    .pdf or .docx by mistake is common, and the reader's own message ('Stream has ended unexpectedly') does
    not say so."""
    head = data[:4096]
    if head.lstrip()[:5] == b"%PDF-":
        return "it is a PDF: name it .pdf"
    if head[:2] == b"PK":
        return "it is a zip archive, such as a .docx: name it for what it is"
    if head and b"\0" not in head:
        try:
            head.decode("utf-8")
        except UnicodeDecodeError as exc:
            if exc.start < len(head) - 4:  # not merely a character cut at the end of the sample
                return ""
        return "it holds plain text: name it .txt or .md"
    return ""


def _pdf_text(data: bytes, name: str, limits: Limits) -> str:
    """The text of a PDF whose bytes the gate read (the path is never opened twice)."""
    from pypdf import PdfReader

    if b"%PDF-" not in data[:1024]:  # every PDF says so at its start (a little junk before it is tolerated)
        what = _what_it_is(data)
        raise DocumentError(f"{name} is not a PDF: it does not start with %PDF-" + (f"; {what}" if what else ""),
                            code="CORRUPT_FILE")

    # pypdf logs its complaints about a damaged file as warnings, in whatever process parses it; this function
    # reports the file's problem itself, as one DocumentError, so theirs never reach the user's terminal
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            try:
                if not reader.decrypt(""):
                    raise DocumentError(f"{name} is encrypted; remove the password and try again", code="ENCRYPTED_FILE")
            except DocumentError:
                raise
            except Exception as exc:
                raise DocumentError(f"{name} is encrypted; remove the password and try again", code="ENCRYPTED_FILE") from exc
        if len(reader.pages) > limits.max_pdf_pages:
            raise DocumentError(f"{name} has {len(reader.pages)} pages, over the {limits.max_pdf_pages}-page limit", code="FILE_TOO_LARGE")
        _check_pdf_content(reader, name, limits)
        pages = [(page.extract_text() or "") for page in reader.pages]
    except DocumentError:
        raise
    except RecursionError as exc:
        raise DocumentError(f"{name} is not a readable PDF (its object tree nests too deeply)", code="CORRUPT_FILE") from exc
    except Exception as exc:  # pypdf raises many types on broken files (PdfReadError, struct/zlib errors, ...)
        detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DocumentError(f"{name} is not a readable PDF (corrupt or truncated): {detail}", code="CORRUPT_FILE") from exc
    page_lines = [[line.rstrip() for line in page.splitlines()] for page in pages]
    return join_lines(drop_running_lines(page_lines))


def _check_pdf_content(reader, name: str, limits: Limits) -> None:
    """Refuse, before extracting text, a PDF whose pages hold more content than the limit once decompressed:
    text extraction costs time in proportion to it (and more), whatever the file's own size. A stream that
    several pages share is decompressed once and counted once per page."""
    from pypdf.generic import ArrayObject, IndirectObject

    sizes: dict[tuple[int, int], int] = {}
    total = 0
    for page in reader.pages:
        contents = page.get("/Contents")
        refs = list(contents) if isinstance(contents, ArrayObject) else ([contents] if contents is not None else [])
        for ref in refs:
            key = (ref.idnum, ref.generation) if isinstance(ref, IndirectObject) else None
            if key is None or key not in sizes:
                stream = ref.get_object()
                size = len(stream.get_data()) if hasattr(stream, "get_data") else 0
                if key is not None:
                    sizes[key] = size
            else:
                size = sizes[key]
            total += size
            if total > limits.max_pdf_content_bytes:
                raise DocumentError(f"{name} holds more than {limits.max_pdf_content_bytes} bytes of page content once "
                                    "decompressed, over the limit (PARALAW_MAX_PDF_CONTENT_BYTES)", code="FILE_TOO_LARGE")


def read_document_bytes(path: str | os.PathLike[str], limits: Limits = DEFAULT_LIMITS, *,
                        root: str | os.PathLike[str] | None = None) -> bytes:
    """A contract file's bytes, read once through the file gate (gate.py: no link followed, a regular file
    only, its size checked before the read and the read bounded), its type checked before a byte is read."""
    path = Path(path)
    with open_file(path, max_bytes=limits.max_bytes, root=root) as handle:
        if handle.size == 0:
            raise DocumentError(f"{path.name} is empty", code="EMPTY_DOCUMENT")
        suffix = path.suffix.lower()
        if suffix not in SUPPORTED:
            raise DocumentError(f"{path.name}: unsupported file type '{suffix or '(none)'}'; use one of {', '.join(SUPPORTED)}", code="UNSUPPORTED_FORMAT")
        data = handle.read()
    if not data:
        raise DocumentError(f"{path.name} is empty", code="EMPTY_DOCUMENT")
    return data


def document_text(data: bytes, name: str, limits: Limits = DEFAULT_LIMITS) -> str:
    """The text of a document's bytes, by the type its name gives (.docx, .pdf, else text)."""
    suffix = Path(name).suffix.lower()
    if suffix == ".docx":
        return _docx_text(data, name, limits)
    if suffix == ".pdf":
        return _pdf_text(data, name, limits)
    return decode_text(data, name)


def read_document_text(path: str | os.PathLike[str], limits: Limits = DEFAULT_LIMITS, *,
                       root: str | os.PathLike[str] | None = None) -> str:
    return document_text(read_document_bytes(path, limits, root=root), Path(path).name, limits)


def load_document(path: str | os.PathLike[str], *, document_id: str | None = None, limits: Limits = DEFAULT_LIMITS,
                  root: str | os.PathLike[str] | None = None) -> DocumentStructure:
    """Read and parse a contract file. Raises DocumentError with a code for anything unusable. With `root`, the
    file is opened from that folder without following a link on the way (see gate.py)."""
    text = read_document_text(path, limits, root=root)
    return parse_document_text(text, filename=Path(path).name, document_id=document_id)


def parse_document_text(text: str, *, filename: str = "", document_id: str | None = None) -> DocumentStructure:
    if not text.strip():
        raise DocumentError(f"{filename or 'document'} has no text (a scanned PDF needs OCR first)", code="EMPTY_DOCUMENT")
    return parse_text(text, filename=filename, document_id=document_id)
