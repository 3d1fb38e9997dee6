"""Loading .docx / .pdf / text files, and every kind of bad input as a coded DocumentError (never a hang,
never a traceback from `paralaw parse`). The .docx and .pdf files are generated here from real clause text."""

from __future__ import annotations

import os
import struct
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paralaw.skills import DocumentError, load_document

from data_paths import DATA
SPA = DATA / "review_cases" / "spa_a" / "share_purchase_agreement.md"
ZH = DATA / "review_cases" / "zh_construction" / "construction_contract.md"

CJK_FONTS = [
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "C:/Windows/Fonts/simsun.ttc",
]


def spa_section(first: str, last: str) -> list[str]:
    """Lines of the real SPA from heading `first` up to (not including) heading `last`."""
    lines = SPA.read_text(encoding="utf-8").splitlines()
    start = lines.index(first)
    end = lines.index(last)
    return [line for line in lines[start:end] if line.strip()]


def make_docx(path: Path, lines: list[str]) -> Path:
    import docx

    document = docx.Document()
    for line in lines:
        if line.startswith("## "):
            document.add_heading(line[3:], level=2)
        elif line.startswith("| "):
            continue
        else:
            document.add_paragraph(line)
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Item", "Value"
    table.cell(1, 0).text, table.cell(1, 1).text = "Cap", "5% of the Consideration"
    document.save(str(path))
    return path


def run_cli(path: Path):
    from paralaw.agent.cli import app

    return CliRunner().invoke(app, ["parse", str(path)])


# --- good inputs --------------------------------------------------------------------------------------

def test_docx_headings_and_numbered_paragraphs(tmp_path):
    lines = spa_section("## 9 Limitations on Seller's Liability", "## 11 Restrictive Covenants")
    doc = load_document(make_docx(tmp_path / "spa.docx", lines))
    assert [c.clause_id for c in doc.clauses] == ["9", "10"]
    nine = doc.get_clause("9")
    assert nine.title == "Limitations on Seller's Liability" and nine.label == "9"
    assert [c.clause_id for c in nine.children][:3] == ["9.1", "9.2", "9.3"]
    assert [c.clause_id for c in doc.get_clause("9.2").children] == ["9.2(a)", "9.2(b)"]
    assert "5% of the Consideration" in doc.text  # table rows are kept
    ref = next(r for r in doc.cross_references if r.text.startswith("Clause 9.2"))
    assert doc.get_clause(ref.target_id) is not None


def test_docx_automatic_numbering_is_written_out(tmp_path):
    """Word draws "1.1" and "(a)" from numbering definitions; the text python-docx returns has none."""
    import docx
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    document = docx.Document()
    numbering = document.part.numbering_part.element
    levels = [("decimal", "%1."), ("decimal", "%1.%2"), ("lowerLetter", "(%3)")]
    numbering.insert(0, parse_xml(
        f'<w:abstractNum {nsdecls("w")} w:abstractNumId="90">'
        + "".join(f'<w:lvl w:ilvl="{i}"><w:start w:val="1"/><w:numFmt w:val="{fmt}"/><w:lvlText w:val="{text}"/></w:lvl>'
                  for i, (fmt, text) in enumerate(levels))
        + "</w:abstractNum>"))
    numbering.append(parse_xml(f'<w:num {nsdecls("w")} w:numId="90"><w:abstractNumId w:val="90"/></w:num>'))
    for line in spa_section("## 9 Limitations on Seller's Liability", "## 10 Indemnities"):
        level = 0 if line.startswith("## ") else 2 if line.startswith("(") else 1
        text = line.removeprefix("## ").split(" ", 1)[1]  # the number is Word's to draw
        paragraph = document.add_paragraph(text)
        paragraph._p.get_or_add_pPr().append(parse_xml(
            f'<w:numPr {nsdecls("w")}><w:ilvl w:val="{level}"/><w:numId w:val="90"/></w:numPr>'))
    path = tmp_path / "numbered.docx"
    document.save(str(path))
    doc = load_document(path)
    assert doc.text.startswith("1. Limitations on Seller's Liability\n\n1.1 ")
    assert [c.clause_id for c in doc.iter_clauses()][:5] == ["1", "1.1", "1.2", "1.2(a)", "1.2(b)"]
    assert doc.get_clause("1.2(a)").text.startswith("(a) ")


def test_pdf_with_core_font_keeps_clauses_across_pages(tmp_path):
    from fpdf import FPDF

    lines = spa_section("## 9 Limitations on Seller's Liability", "## 11 Restrictive Covenants")
    pdf = FPDF()
    pdf.set_auto_page_break(True, margin=20)
    pdf.set_font("Helvetica", size=10)
    for page_text in (lines[: len(lines) // 2], lines[len(lines) // 2:]):
        pdf.add_page()
        for line in page_text:
            text = line.removeprefix("## ").replace("\u2019", "'").replace("\u2014", "-")
            pdf.multi_cell(0, 5, text.encode("latin-1", "replace").decode("latin-1"))
            pdf.ln(2)
    path = tmp_path / "spa.pdf"
    pdf.output(str(path))
    doc = load_document(path)
    ids = [c.clause_id for c in doc.iter_clauses()]
    assert ids[:4] == ["9", "9.1", "9.2", "9.2(a)"]
    assert {"10", "10.1", "10.4"} <= set(ids)
    internal = [r for r in doc.cross_references if r.kind == "clause"]
    assert internal and all(doc.get_clause(r.target_id.split("(")[0]) for r in internal if r.target_id[:2] in ("9.", "10"))
    assert doc.get_clause("9.1").text.startswith("9.1 ")


def test_pdf_in_chinese_needs_a_cjk_font(tmp_path):
    font = next((f for f in CJK_FONTS if Path(f).exists()), None)
    if font is None:
        pytest.skip("no CJK font file on this machine to write a Chinese PDF with (tried Noto CJK, WenQuanYi, ...)")
    from fpdf import FPDF

    lines = [line.lstrip("# ") for line in ZH.read_text(encoding="utf-8").splitlines() if line.strip()]
    start = next(i for i, line in enumerate(lines) if line.startswith("第7条"))
    pdf = FPDF()
    pdf.add_page()
    pdf.add_font("cjk", fname=font)
    pdf.set_font("cjk", size=10)
    for line in lines[start:start + 30]:
        pdf.multi_cell(0, 6, line)
    path = tmp_path / "zh.pdf"
    pdf.output(str(path))
    doc = load_document(path)
    assert doc.language == "zh" and doc.get_clause("第7条").title == "工期和进度"
    assert doc.get_clause("7.1") is not None


def test_gb18030_chinese_text_decodes(tmp_path):
    path = tmp_path / "zh.txt"
    text = ZH.read_text(encoding="utf-8")
    path.write_bytes(text.encode("gb18030"))
    doc = load_document(path)
    assert doc.text == text
    assert doc.get_clause("7.7").title == "逾期竣工违约责任"


# --- bad inputs ---------------------------------------------------------------------------------------

def corrupt_docx(tmp_path: Path) -> Path:
    good = make_docx(tmp_path / "good.docx", ["## 1 Definitions", "1.1 Text."])
    data = good.read_bytes()
    path = tmp_path / "corrupt.docx"
    path.write_bytes(data[: len(data) // 2])
    return path


def truncated_pdf(tmp_path: Path) -> Path:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(0, 5, "1. Definitions\n1.1 The Buyer shall pay the price.")
    data = bytes(pdf.output())
    path = tmp_path / "truncated.pdf"
    path.write_bytes(data[: len(data) // 3])
    return path


def encrypted_pdf(tmp_path: Path) -> Path:
    from fpdf import FPDF
    from pypdf import PdfReader, PdfWriter

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(0, 5, "1. Definitions\n1.1 The Buyer shall pay the price.")
    plain = tmp_path / "plain.pdf"
    pdf.output(str(plain))
    writer = PdfWriter()
    writer.append(PdfReader(str(plain)))
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="RC4-128")
    path = tmp_path / "encrypted.pdf"
    with open(path, "wb") as handle:
        writer.write(handle)
    return path


def zip_bomb_docx(tmp_path: Path) -> Path:
    """A small .docx whose member declares a 4 GB uncompressed size in the central directory."""
    path = make_docx(tmp_path / "bomb.docx", ["## 1 Definitions", "1.1 Text."])
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        names = [info.filename for info in archive.infolist()]
    target = names.index("word/document.xml")
    at = data.find(b"PK\x01\x02")
    for _ in range(target):
        at = data.find(b"PK\x01\x02", at + 4)
    struct.pack_into("<I", data, at + 24, 0xFFFFFFF0)  # uncompressed size field of that central entry
    path.write_bytes(bytes(data))
    return path


def fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    return path


BAD_INPUTS = {
    "missing": (lambda tmp: tmp / "nowhere.md", "FILE_NOT_FOUND"),
    "empty": (lambda tmp: _write(tmp / "empty.md", b""), "EMPTY_DOCUMENT"),
    "whitespace": (lambda tmp: _write(tmp / "blank.txt", b"  \n\n\t \n"), "EMPTY_DOCUMENT"),
    "directory": (lambda tmp: tmp, "NOT_A_FILE"),
    "corrupt_docx": (corrupt_docx, "CORRUPT_FILE"),
    "truncated_pdf": (truncated_pdf, "CORRUPT_FILE"),
    "encrypted_pdf": (encrypted_pdf, "ENCRYPTED_FILE"),
    "binary_as_txt": (lambda tmp: _write(tmp / "image.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))), "UNSUPPORTED_FORMAT"),
    "unsupported_extension": (lambda tmp: _write(tmp / "contract.rtf", b"{\\rtf1 1. Definitions}"), "UNSUPPORTED_FORMAT"),
    "invalid_utf8": (lambda tmp: _write(tmp / "latin1.txt", "1. Définitions — naïve façade: the Seller’s café".encode("cp1252")), "INVALID_ENCODING"),
    "zip_bomb_docx": (zip_bomb_docx, "FILE_TOO_LARGE"),
    "fifo": (fifo, "NOT_A_FILE"),
}


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_is_a_coded_document_error(tmp_path, case):
    make, code = BAD_INPUTS[case]
    path = make(tmp_path)
    with pytest.raises(DocumentError) as caught:
        load_document(path)
    assert caught.value.code == code
    assert caught.value.message and "\n" not in caught.value.message


@pytest.mark.parametrize("case", ["missing", "empty", "corrupt_docx", "encrypted_pdf", "unsupported_extension", "fifo"])
def test_cli_parse_fails_with_one_line_and_status_2(tmp_path, case):
    make, code = BAD_INPUTS[case]
    result = run_cli(make(tmp_path))
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"error [{code}]: ")
    assert "Traceback" not in result.output
