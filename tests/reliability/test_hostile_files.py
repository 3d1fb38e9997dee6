"""Hostile and broken files give a clear coded error within bounded time and memory, through the server's
open_review tool (what a client meets) and through the loader. tests/skills/test_loaders.py covers the
loader's codes for the common cases; here each file goes through the MCP boundary, with time limits, a
memory ceiling for the decompression bombs, and the cases that one does not build (100 MB, 10,000-deep)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap
import time
import zipfile
from pathlib import Path

import anyio
import pytest
from mcp import Client

from paralaw.server import build_server
from paralaw.skills.documents.loaders import Limits, load_document, parse_document_text
from paralaw.skills.errors import DocumentError
from reliability_support import MSA, ROOT, payload

pytestmark = pytest.mark.anyio
SECONDS = 10  # every refusal below comes far sooner; the limit catches a hang


@pytest.fixture
def anyio_backend():
    return "asyncio"


# --- builders ------------------------------------------------------------------------------------------------

def docx_bytes(paragraphs: list[str]) -> bytes:
    import docx

    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def pdf_bytes(text: str) -> bytes:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(0, 5, text)
    return bytes(pdf.output())


def honest_zip_bomb(path: Path, size: int = 400 * 1024 * 1024) -> Path:
    """A real .docx whose document.xml inflates to `size` bytes (a few hundred KB on disk); sizes declared truly."""
    source = zipfile.ZipFile(io.BytesIO(docx_bytes(["1. Definitions", "1.1 Text."])))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as bomb:
        for info in source.infolist():
            if info.filename == "word/document.xml":
                with bomb.open("word/document.xml", "w") as member:
                    chunk = b" " * (1024 * 1024)
                    for _ in range(size // len(chunk)):
                        member.write(chunk)
            else:
                bomb.writestr(info, source.read(info.filename))
    return path


def lying_zip_bomb(path: Path, size: int = 400 * 1024 * 1024) -> Path:
    """A .docx whose document.xml inflates to `size` bytes while its central directory claims 1,000: the size
    check on the declared figures passes, so only a read bounded by the declared size can stop it."""
    import struct

    honest_zip_bomb(path, size)
    data = bytearray(path.read_bytes())
    at = data.find(b"PK\x01\x02")
    while at != -1:
        name_len = struct.unpack_from("<H", data, at + 28)[0]
        if bytes(data[at + 46: at + 46 + name_len]) == b"word/document.xml":
            assert struct.unpack_from("<I", data, at + 24)[0] == size  # a plain (not zip64) entry
            struct.pack_into("<I", data, at + 24, 1000)
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))
    with zipfile.ZipFile(path) as archive:
        assert archive.getinfo("word/document.xml").file_size == 1000
    return path


def encrypted_pdf(path: Path) -> Path:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(pdf_bytes("1. Definitions\n1.1 The Buyer shall pay the price."))))
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="AES-256")
    with open(path, "wb") as handle:
        writer.write(handle)
    return path


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def deep_numbering(levels: int = 10_000) -> str:
    """'1 Level 1', '1.1 Level 2', ... one level deeper per line, and one label of `levels` parts."""
    lines = [".".join(["1"] * k) + f" Level {k} obligation of the Supplier." for k in range(1, 61)]
    lines.append(".".join(["1"] * levels) + " The deepest clause.")
    lines.append("2 Term\n\nThis Agreement lasts one year.")
    return "\n\n".join(lines)


HOSTILE = {
    "corrupt_docx": (lambda d: write(d / "corrupt.docx", docx_bytes(["1. Term"])[:3000]), "CORRUPT_FILE"),
    "truncated_docx": (lambda d: write(d / "truncated.docx", docx_bytes(["1. Term", "1.1 Text."] * 50)[:-200]), "CORRUPT_FILE"),
    "docx_not_a_zip": (lambda d: write(d / "fake.docx", b"PK\x03\x04" + os.urandom(4000)), "CORRUPT_FILE"),
    "corrupt_pdf": (lambda d: write(d / "corrupt.pdf", b"%PDF-1.7\n" + os.urandom(5000)), "CORRUPT_FILE"),
    "truncated_pdf": (lambda d: write(d / "truncated.pdf", pdf_bytes("1. Definitions\n1.1 The Buyer pays.")[:400]), "CORRUPT_FILE"),
    "encrypted_pdf": (lambda d: encrypted_pdf(d / "locked.pdf"), "ENCRYPTED_FILE"),
    "zip_bomb_docx": (lambda d: honest_zip_bomb(d / "bomb.docx"), "FILE_TOO_LARGE"),
    "binary_renamed_txt": (lambda d: write(d / "photo.txt", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + os.urandom(3000)), "UNSUPPORTED_FORMAT"),
    "empty": (lambda d: write(d / "empty.md", b""), "EMPTY_DOCUMENT"),
    "whitespace_only": (lambda d: write(d / "blank.txt", b" \n\t\r\n   \n"), "EMPTY_DOCUMENT"),
    "invalid_utf8": (lambda d: write(d / "bad.txt", b"1. Term\n\nThe \xc3\x28 fee is \xa0\xa1 payable \xff."), "INVALID_ENCODING"),
    "directory": (lambda d: (d / "folder.md").mkdir() or d / "folder.md", "NOT_A_FILE"),
    "fifo": (lambda d: os.mkfifo(d / "pipe.md") or d / "pipe.md", "NOT_A_FILE"),
    "missing": (lambda d: d / "nowhere.pdf", "FILE_NOT_FOUND"),
    "unsupported_type": (lambda d: write(d / "contract.exe", b"MZ\x90\x00"), "UNSUPPORTED_FORMAT"),
}


async def open_path(folder: Path, path: Path) -> tuple[dict, float]:
    server = build_server(":memory:", allowed_dirs=[str(folder)])
    started = time.monotonic()
    with anyio.fail_after(SECONDS):
        async with Client(server) as client:
            result = await client.call_tool("open_review", {"documents": [{"path": path.name, "role": "primary"}]})
    elapsed = time.monotonic() - started
    return ({"error": payload(result)} if result.is_error else {"ok": result.structured_content}), elapsed


@pytest.mark.parametrize("case", sorted(HOSTILE))
async def test_open_review_refuses_hostile_file(tmp_path, case):
    make, code = HOSTILE[case]
    path = make(tmp_path)
    answer, _ = await open_path(tmp_path, path)
    assert "error" in answer, answer
    error = answer["error"]
    assert error["code"] == code, error
    assert error["message"] and "\n" not in error["message"] and "Traceback" not in error["message"]
    assert error["details"]["document_index"] == 0
    assert path.name in error["message"]


async def test_hundred_megabyte_text_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.txt"
    line = b"1.1 The Supplier shall perform the Services with reasonable skill and care.\n"
    with open(path, "wb") as handle:
        for _ in range(100 * 1024 * 1024 // (len(line) * 1000) + 1):
            handle.write(line * 1000)
    assert path.stat().st_size >= 100 * 1024 * 1024
    answer, elapsed = await open_path(tmp_path, path)
    assert answer["error"]["code"] == "FILE_TOO_LARGE"
    assert "over the 52428800-byte limit" in answer["error"]["message"]
    assert elapsed < 2.0  # refused from the file's size, not after reading it


def test_size_and_page_limits_are_configurable(tmp_path):
    text = write(tmp_path / "contract.md", MSA.read_bytes())
    with pytest.raises(DocumentError) as caught:
        load_document(text, limits=Limits(max_bytes=1000))
    assert caught.value.code == "FILE_TOO_LARGE"
    pages = write(tmp_path / "three.pdf", _three_page_pdf())
    with pytest.raises(DocumentError) as caught:
        load_document(pages, limits=Limits(max_pdf_pages=2))
    assert caught.value.code == "FILE_TOO_LARGE" and "3 pages" in caught.value.message
    assert load_document(pages, limits=Limits(max_pdf_pages=3)).total_clauses >= 3
    # the environment sets the defaults for the server and the CLI
    script = "from paralaw.skills.documents.loaders import DEFAULT_LIMITS as L; print(L.max_bytes, L.max_pdf_pages, L.max_unzipped_bytes)"
    env = {**os.environ, "PARALAW_MAX_FILE_BYTES": "1234", "PARALAW_MAX_PDF_PAGES": "7", "PARALAW_MAX_UNZIPPED_BYTES": "99"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == ["1234", "7", "99"]


def _three_page_pdf() -> bytes:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_font("Helvetica", size=11)
    for number, title in ((1, "Definitions"), (2, "Term"), (3, "Payment")):
        pdf.add_page()
        pdf.multi_cell(0, 6, f"{number}. {title}\n{number}.1 The Customer shall observe this clause {number}.")
    return bytes(pdf.output())


@pytest.mark.parametrize("bomb", [honest_zip_bomb, lying_zip_bomb], ids=["declared", "lying_headers"])
def test_zip_bombs_stay_within_memory(tmp_path, bomb):
    """In a child process capped at 300 MB of address space beyond its start, a 400 MB bomb is refused, not read."""
    path = bomb(tmp_path / "bomb.docx")
    assert path.stat().st_size < 5 * 1024 * 1024
    script = textwrap.dedent(f"""
        import resource, sys, time
        from paralaw.skills.documents.loaders import load_document
        from paralaw.skills.errors import DocumentError
        import docx, pypdf  # loaded before the cap
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open('/proc/self/status') as status:
            vm = next(int(l.split()[1]) * 1024 for l in status if l.startswith('VmSize'))
        resource.setrlimit(resource.RLIMIT_AS, (vm + 300 * 1024 ** 2, hard))
        started = time.monotonic()
        try:
            load_document({str(path)!r})
            print('LOADED')
        except DocumentError as exc:
            print(exc.code, round(time.monotonic() - started, 2))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    code, seconds = done.stdout.split()
    assert code in ("FILE_TOO_LARGE", "CORRUPT_FILE") and float(seconds) < 1.0  # refused from the headers


async def test_gb18030_chinese_opens_as_a_chinese_review(tmp_path):
    text = ("第一条 定义\n\n本合同中，“发包人”指甲方。\n\n第二条 工程款支付\n\n发包人应在收到发票后三十日内支付工程款。\n\n"
            "第三条 违约责任\n\n逾期付款的，发包人应按日万分之五支付违约金。\n")
    path = write(tmp_path / "合同.txt", text.encode("gb18030"))
    answer, elapsed = await open_path(tmp_path, path)
    opened = answer["ok"]
    assert opened["language"] == "zh" and opened["documents"][0]["total_clauses"] == 3
    assert elapsed < SECONDS


async def test_ten_thousand_deep_numbering_parses_in_bounded_time(tmp_path):
    path = write(tmp_path / "deep.md", deep_numbering().encode())
    started = time.monotonic()
    structure = load_document(path)
    assert time.monotonic() - started < 5
    depth = max(clause.level for clause in structure.iter_clauses())
    assert depth <= 24  # the tree is flattened below the deepest sane level, so it can be walked and stored
    assert structure.get_clause("2").title == "Term"
    assert "The deepest clause." in structure.text
    answer, elapsed = await open_path(tmp_path, path)  # and it can be stored and served
    assert answer["ok"]["documents"][0]["total_clauses"] == structure.total_clauses
    assert elapsed < SECONDS


def test_deep_text_given_inline_parses_and_serialises():
    text = "\n\n".join(".".join(["1"] * k) + f" Level {k}." for k in range(1, 400))
    structure = parse_document_text(text, filename="deep.md")
    again = type(structure).model_validate_json(structure.model_dump_json())
    assert again.total_clauses == structure.total_clauses and max(c.level for c in again.iter_clauses()) <= 24
