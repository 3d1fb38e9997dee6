"""The review store survives damage: a damaged file or a changed table is refused at start-up with one line
that says how to recover; a bad row is set aside (quarantined) and answers REVIEW_DAMAGED while every other
review keeps working; reviews expire after the retention period, and `paralaw reviews prune` removes them."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta, timezone

import anyio
import pytest
from mcp import Client

from paralaw.server import build_server
from paralaw.server.store import SqliteReviewStore, StoreDamaged
from reliability_support import MSA, ROOT, payload

pytestmark = pytest.mark.anyio
WAIT = 30
OTHER = "1. Term\n\nThis Agreement lasts one year.\n\n2. Fees\n\nThe Customer pays the fees within 30 days.\n"


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def _open_two(path) -> tuple[str, str]:
    server = build_server(str(path), allowed_dirs=[str(MSA.parent)])
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            first = (await client.call_tool("open_review", {"documents": [{"path": MSA.name}]})).structured_content
            second = (await client.call_tool("open_review", {"documents": [{"text": OTHER, "filename": "other.md"}]})).structured_content
    server.paralaw_state.store.close()
    return first["review_id"], second["review_id"]


def _serve(store) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from paralaw.agent.cli import main; main()", "serve", "--store", str(store)],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, cwd=ROOT)


async def test_damaged_pages_are_refused_at_start_up(tmp_path):
    store = tmp_path / "reviews.sqlite3"
    await _open_two(store)
    data = bytearray(store.read_bytes())
    assert len(data) > 5 * 4096
    data[2 * 4096: 4 * 4096] = b"\x5a" * (2 * 4096)  # two pages of the tables overwritten
    store.write_bytes(bytes(data))
    with pytest.raises(StoreDamaged) as caught:
        SqliteReviewStore(store)
    assert caught.value.code == "STORE_DAMAGED" and ".recover" in caught.value.message
    done = _serve(store)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    line = done.stderr.strip()
    assert line.startswith("error [STORE_DAMAGED]") and "\n" not in line and "mv " in line


async def test_a_changed_table_or_a_foreign_file_is_refused(tmp_path):
    store = tmp_path / "reviews.sqlite3"
    await _open_two(store)
    with sqlite3.connect(store) as db:
        db.execute("ALTER TABLE documents RENAME COLUMN structure TO body")
    with pytest.raises(StoreDamaged) as caught:
        SqliteReviewStore(store)
    assert "changed 'documents' table" in caught.value.message
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database at all " * 200, encoding="utf-8")
    done = _serve(foreign)
    assert done.returncode == 2 and done.stderr.startswith("error [STORE_DAMAGED]")


@pytest.mark.parametrize("damage", ["not_json", "wrong_model"])
async def test_a_bad_row_is_quarantined_and_the_rest_keeps_working(tmp_path, damage):
    store = tmp_path / "reviews.sqlite3"
    bad_id, good_id = await _open_two(store)
    with sqlite3.connect(store) as db:
        db.execute("UPDATE documents SET structure = ? WHERE review_id = ?",
                   ('{"document_id": "x", "clauses": [' if damage == "not_json" else '{"clauses": 7}', bad_id))
    server = build_server(str(store), allowed_dirs=[str(MSA.parent)])
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            listed = payload(await client.call_tool("list_reviews", {}))
            assert [r["review_id"] for r in listed["reviews"]] == [good_id]
            damaged = payload(await client.call_tool("get_outline", {"review_id": bad_id}))
            assert damaged["code"] == "REVIEW_DAMAGED" and "open its documents again" in damaged["message"]
            assert not (await client.call_tool("get_outline", {"review_id": good_id})).is_error
            assert not (await client.call_tool("get_outline", {})).is_error  # the only review left
            again = payload(await client.call_tool("get_clause_context", {"review_id": bad_id, "clause_id": "1"}))
            assert again["code"] == "REVIEW_DAMAGED"  # still named for what it is, not REVIEW_NOT_FOUND
    with sqlite3.connect(store) as db:
        kept = db.execute("SELECT review_id, reason FROM quarantine").fetchall()
    assert [row[0] for row in kept] == [bad_id] and kept[0][1]


async def test_reviews_expire_and_prune_removes_them(tmp_path):
    store = tmp_path / "reviews.sqlite3"
    old_id, new_id = await _open_two(store)
    long_ago = (datetime.now(timezone.utc) - timedelta(days=45)).isoformat(timespec="seconds")
    with sqlite3.connect(store) as db:
        db.execute("UPDATE reviews SET last_opened = ? WHERE review_id = ?", (long_ago, old_id))
    kept = SqliteReviewStore(store, retention_days=60)  # within 60 days: both stay
    assert {r.review_id for r in kept.list()} == {old_id, new_id}
    kept.close()
    done = subprocess.run([sys.executable, "-c", "from paralaw.agent.cli import main; main()", "reviews", "prune",
                           "--store", str(store), "--retention-days", "30"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("removed 1 expired review; 1 left")
    assert [r.review_id for r in SqliteReviewStore(store).list()] == [new_id]
