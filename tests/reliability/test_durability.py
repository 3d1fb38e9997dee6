"""kill -9 of `paralaw serve --http` while reviews are being opened and while skills run: after a restart on the
same store every acknowledged review is back with all its documents, no review is half-written, and SQLite's
integrity check passes (WAL journal, one transaction per review)."""

from __future__ import annotations

import sqlite3

import anyio
import pytest
from mcp import Client

from reliability_support import MSA, SERVICES, ServerProcess, payload

pytestmark = pytest.mark.anyio
WAIT = 120
CALL = 30
WRITERS = 4
KILL_AFTER = 12  # acknowledged opens before the kill; the other writers are mid-call when it lands


@pytest.fixture
def anyio_backend():
    return "asyncio"


CONTRACT = MSA.read_text(encoding="utf-8")
BASELINE = (SERVICES / "baseline.md").read_text(encoding="utf-8")


def documents(writer: int, n: int) -> list[dict]:
    """A distinct matter per call (the same documents would resume the earlier review): primary and baseline."""
    return [{"text": f"{CONTRACT}\n\nSchedule 9 Matter reference W{writer}-{n}.\n", "filename": f"msa-{writer}-{n}.md"},
            {"text": BASELINE, "filename": "baseline.md", "role": "baseline"}]


def heavy_documents() -> list[dict]:
    """A long contract (the services agreement forty times over, renumbered) whose parse takes a while."""
    parts = []
    for copy in range(40):
        parts.append(CONTRACT.replace("\n## ", f"\n## {copy}-"))
    return [{"text": "\n\n".join(parts), "filename": "heavy.md"}]


def check_store(path) -> list[tuple[str, int]]:
    """integrity_check, the WAL journal, and (review id, documents) for every stored review."""
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        return db.execute("SELECT r.review_id, COUNT(d.position) FROM reviews r LEFT JOIN documents d "
                          "ON d.review_id = r.review_id GROUP BY r.review_id").fetchall()
    finally:
        db.close()


async def reopen_and_check(store, acknowledged: dict[str, int]) -> list[dict]:
    with ServerProcess("--store", str(store), "--allow-dir", str(SERVICES)) as served:
        with anyio.fail_after(WAIT):
            async with Client(served.url, mode="legacy") as client:
                reviews = payload(await client.call_tool("list_reviews", {}))["reviews"]
                by_id = {r["review_id"]: r for r in reviews}
                for review_id, count in acknowledged.items():
                    assert review_id in by_id, f"acknowledged review {review_id} was lost"
                    assert len(by_id[review_id]["documents"]) == count
                    outline = await client.call_tool("get_outline", {"review_id": review_id, "limit": 1})
                    assert outline.structured_content["total"] > 0
                return reviews


async def test_kill_during_review_loads(tmp_path):
    store = tmp_path / "reviews.db"
    acknowledged: dict[str, int] = {}
    served = ServerProcess("--store", str(store), "--allow-dir", str(SERVICES))
    killed = anyio.Event()
    in_flight: list[str] = []

    async def writer(index: int) -> None:
        try:
            async with Client(served.url, mode="legacy") as client:
                n = 0
                while not killed.is_set():
                    n += 1
                    docs = heavy_documents() if index == 0 else documents(index, n)
                    in_flight.append(f"{index}-{n}")
                    with anyio.fail_after(CALL):
                        result = await client.call_tool("open_review", {"documents": docs})
                    assert not result.is_error, payload(result)
                    acknowledged[result.structured_content["review_id"]] = len(docs)
                    if len(acknowledged) >= KILL_AFTER and not killed.is_set():
                        served.kill()
                        killed.set()
        except Exception:  # the connection dies with the server: expected once it is killed
            if not killed.is_set():
                raise

    with served, anyio.fail_after(WAIT):
        async with anyio.create_task_group() as tg:
            for index in range(WRITERS):
                tg.start_soon(writer, index)
    assert killed.is_set() and served.process.returncode == -9
    assert len(in_flight) > len(acknowledged)  # some opens were cut off mid-call
    stored = dict(check_store(store))
    assert set(acknowledged) <= set(stored)
    assert all(count in (1, 2) for count in stored.values())  # no review without documents or with a part of them
    reviews = await reopen_and_check(store, acknowledged)
    for review in reviews:  # reviews that were saved but not acknowledged are whole too
        assert review["documents"] and review["documents"][0]["total_clauses"] > 0


async def test_kill_during_skill_calls(tmp_path):
    store = tmp_path / "reviews.db"
    served = ServerProcess("--store", str(store), "--allow-dir", str(SERVICES))
    with served, anyio.fail_after(WAIT):
        async with Client(served.url, mode="legacy") as client:
            opened = await client.call_tool("open_review", {"documents": [{"path": MSA.name},
                                                                           {"path": "baseline.md", "role": "baseline"}],
                                                           "our_party": "Customer"})
            review_id = opened.structured_content["review_id"]
            before = await client.call_tool("assess_deviation", {"clause_id": "15", "review_id": review_id})
            assert not before.is_error, payload(before)
        done = anyio.Event()
        finished: list[str] = []

        async def skill_caller(tool: str, arguments: dict) -> None:
            try:
                async with Client(served.url, mode="legacy") as client:
                    while not done.is_set():
                        with anyio.fail_after(CALL):
                            result = await client.call_tool(tool, {**arguments, "review_id": review_id})
                        assert not result.is_error, payload(result)
                        finished.append(tool)
                        if len(finished) >= 6 and not done.is_set():
                            served.kill()
                            done.set()
            except Exception:
                if not done.is_set():
                    raise

        async with anyio.create_task_group() as tg:
            tg.start_soon(skill_caller, "extract_financial_terms", {"clause_id": "15", "whole_document": True})
            tg.start_soon(skill_caller, "cross_reference_check", {"clause_id": "15", "whole_document": True})
            tg.start_soon(skill_caller, "assess_deviation", {"clause_id": "15"})
    assert served.process.returncode == -9
    assert dict(check_store(store)) == {review_id: 2}
    await reopen_and_check(store, {review_id: 2})
    with ServerProcess("--store", str(store), "--allow-dir", str(SERVICES)) as again, anyio.fail_after(WAIT):
        async with Client(again.url, mode="legacy") as client:
            after = await client.call_tool("assess_deviation", {"clause_id": "15", "review_id": review_id})
    assert after.structured_content == before.structured_content  # the review reads back exactly as it was
