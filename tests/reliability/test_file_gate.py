"""Every file the server reads passes one gate (skills/documents/gate.py): type and size from the open
descriptor before a byte is read, no link followed anywhere below the allowed folder (so a swap between check
and read is refused), a bounded read, YAML without alias bombs, the read off the event loop; and text in any
UTF-16/UTF-32 form decodes, while text that cannot decode is INVALID_ENCODING, never INTERNAL_ERROR."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import anyio
import pytest
from mcp import Client

from paralaw.server import build_server
from paralaw.skills.documents.gate import open_file, read_data_file
from paralaw.skills.documents.loaders import load_document
from paralaw.skills.errors import DocumentError
from reliability_support import MSA, ROOT, payload

pytestmark = pytest.mark.anyio
SECONDS = 10
SECRET = "SECRET-MARKER-91c2"
CONTRACT = "1. Term\n\nThe Agreement lasts one year.\n\n2. Payment\n\nThe Customer pays within 30 days.\n"
BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def open_review(folder, arguments):
    started = time.monotonic()
    with anyio.fail_after(SECONDS):
        async with Client(build_server(":memory:", allowed_dirs=[str(folder)])) as client:
            result = await client.call_tool("open_review", arguments)
    return result, time.monotonic() - started


@pytest.mark.parametrize("case", ["fifo", "alias_bomb", "too_large", "device_link", "not_utf8", "deep_json"])
async def test_playbooks_pass_the_gate(tmp_path, case):
    (tmp_path / "msa.md").write_bytes(MSA.read_bytes())
    if case == "fifo":
        os.mkfifo(tmp_path / "book.yaml")  # reading it would block the whole server
        name, code = "book.yaml", "NOT_A_FILE"
    elif case == "alias_bomb":
        (tmp_path / "book.yaml").write_text(BOMB, encoding="utf-8")  # 10^9 values once expanded
        name, code = "book.yaml", "INVALID_PLAYBOOK"
    elif case == "too_large":
        with open(tmp_path / "book.yaml", "wb") as handle:
            handle.truncate(400 * 1024 * 1024)  # sparse: 400 MB that cost nothing to make
        name, code = "book.yaml", "FILE_TOO_LARGE"
    elif case == "device_link":
        os.symlink("/dev/zero", tmp_path / "book.yaml")
        name, code = "book.yaml", "ACCESS_DENIED"
    elif case == "not_utf8":
        (tmp_path / "book.yaml").write_bytes(b"checklist: [\xff\xfe]\n")
        name, code = "book.yaml", "INVALID_ENCODING"
    else:
        (tmp_path / "book.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
        name, code = "book.json", "INVALID_PLAYBOOK"
    result, elapsed = await open_review(tmp_path, {"documents": [{"path": "msa.md"}], "playbook_path": name})
    error = payload(result)
    assert result.is_error and error["code"] == code, error
    assert elapsed < 3, elapsed


def test_alias_bomb_is_measured_not_expanded(tmp_path):
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB, encoding="utf-8")
    assert len(BOMB) < 600
    started = time.monotonic()
    with pytest.raises(DocumentError) as caught:
        read_data_file(path)
    assert "aliases" in caught.value.message and time.monotonic() - started < 0.5
    # anchors and merge keys of a normal size still work
    path.write_text("base: &b {priority: high}\nchecklist:\n  - {<<: *b, clause_id: '1', clause_name: Term}\n", encoding="utf-8")
    text, fmt = read_data_file(path)
    assert fmt == "yaml" and "clause_name" in text


async def test_an_open_on_a_fifo_does_not_stall_other_clients(tmp_path):
    """While one client's playbook is a FIFO, another client's call still answers at once."""
    (tmp_path / "msa.md").write_bytes(MSA.read_bytes())
    os.mkfifo(tmp_path / "pipe.yaml")
    server = build_server(":memory:", allowed_dirs=[str(tmp_path)])
    with anyio.fail_after(SECONDS):
        async with Client(server) as first, Client(server) as second:
            async with anyio.create_task_group() as group:
                group.start_soon(first.call_tool, "open_review", {"documents": [{"path": "msa.md"}], "playbook_path": "pipe.yaml"})
                listed = await second.call_tool("list_reviews", {})
                assert not listed.is_error


def test_a_file_swapped_for_a_link_is_never_followed(tmp_path):
    """A file (and a folder on its path) flipped between a regular file and a link to a secret, or to
    /dev/zero, as fast as a thread can, while the loader reads it: every read gives the real contract or a
    refusal, never the secret and never an endless read."""
    root = tmp_path / "allowed"
    (root / "deal").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "contract.md").write_text(f"1. Secret\n\n{SECRET} the price is 42.\n", encoding="utf-8")
    real_dir = root / "deal-away"
    target = root / "deal" / "contract.md"
    target.write_text(CONTRACT, encoding="utf-8")
    spare_file, spare_link, spare_zero = root / "spare.md", root / "spare-link.md", root / "spare-zero.md"
    stop = threading.Event()

    def flip() -> None:
        n = 0
        while not stop.is_set():
            n += 1
            if n % 3 == 0:  # the folder on the way becomes a link to outside/ for a moment
                os.rename(root / "deal", real_dir)
                os.symlink(outside, root / "deal")
                os.unlink(root / "deal")
                os.rename(real_dir, root / "deal")
                continue
            spare_file.write_text(CONTRACT, encoding="utf-8")
            os.symlink(outside / "contract.md", spare_link)
            os.symlink("/dev/zero", spare_zero)
            os.replace(spare_link, target)
            os.replace(spare_zero, target)
            os.replace(spare_file, target)

    flipper = threading.Thread(target=flip, daemon=True)
    flipper.start()
    outcomes: dict[str, int] = {}
    try:
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline:
            try:
                structure = load_document(target, root=root)
                assert SECRET not in structure.text
                outcome = "read"
            except DocumentError as exc:
                assert SECRET not in exc.message
                outcome = exc.code
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    finally:
        stop.set()
        flipper.join(timeout=10)
    assert outcomes.get("read", 0) > 0 and outcomes.get("ACCESS_DENIED", 0) > 0, outcomes
    assert set(outcomes) <= {"read", "ACCESS_DENIED", "FILE_NOT_FOUND", "EMPTY_DOCUMENT"}, outcomes


def test_the_read_is_bounded_even_when_the_file_grows(tmp_path):
    path = tmp_path / "growing.md"
    path.write_text(CONTRACT, encoding="utf-8")
    with open_file(path, max_bytes=1000, root=tmp_path) as handle:
        with open(path, "ab") as more:
            more.write(b"x" * 5000)  # grows after the size check
        with pytest.raises(DocumentError) as caught:
            handle.read()
    assert caught.value.code == "FILE_TOO_LARGE"


ENCODED = {
    "utf16_le_bom": "utf-16", "utf16_le": "utf-16-le", "utf16_be": "utf-16-be",
    "utf32_bom": "utf-32", "utf32_le": "utf-32-le", "utf32_be": "utf-32-be", "utf8_bom": "utf-8-sig",
}


@pytest.mark.parametrize("case", sorted(ENCODED))
async def test_utf16_and_utf32_with_or_without_bom(tmp_path, case):
    text = CONTRACT + "\n3. Governing Law\n\nThe law of the 中华人民共和国 (“PRC”) applies.\n"
    (tmp_path / "contract.txt").write_bytes(text.encode(ENCODED[case]))
    result, _ = await open_review(tmp_path, {"documents": [{"path": "contract.txt"}]})
    assert not result.is_error, payload(result)
    assert result.structured_content["documents"][0]["total_clauses"] == 3
    structure = load_document(tmp_path / "contract.txt")
    assert structure.text == text and "\x00" not in structure.text


BROKEN = {
    "utf16_odd_byte_count": b"\xff\xfe" + CONTRACT.encode("utf-16-le") + b"!",
    "utf16_lone_surrogate": b"\xff\xfe" + "1. Term ".encode("utf-16-le") + b"\x00\xd8" + "lasts".encode("utf-16-le"),
    "utf32_past_unicode": b"\xff\xfe\x00\x00" + "1. Term".encode("utf-32-le") + b"\x00\x00\x11\x00",
    "utf16_no_bom_odd": CONTRACT.encode("utf-16-le")[:-1],
}


@pytest.mark.parametrize("case", sorted(BROKEN))
async def test_undecodable_text_is_invalid_encoding(tmp_path, case):
    (tmp_path / "contract.txt").write_bytes(BROKEN[case])
    result, _ = await open_review(tmp_path, {"documents": [{"path": "contract.txt"}]})
    error = payload(result)
    assert error["code"] in ("INVALID_ENCODING", "UNSUPPORTED_FORMAT") and error["code"] != "INTERNAL_ERROR", error
    if case != "utf16_no_bom_odd":  # with a BOM the encoding is known, so the text is broken, not binary
        assert error["code"] == "INVALID_ENCODING"
    done = subprocess.run([sys.executable, "-c", "from paralaw.agent.cli import main; main()", "parse", str(tmp_path / "contract.txt")],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("error [")
