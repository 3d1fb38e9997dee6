"""build_matrix and query_matrix through the SDK's own client: a data room inside an allowed folder becomes a
matrix with progress notifications, questions get the contracts that answer them, a link out of the data room
reads nothing, and a cancelled build stops and resumes."""

from __future__ import annotations

import json

import anyio
import mcp_types as types
import pytest
from mcp import Client

from paralaw.server import build_server

pytestmark = pytest.mark.anyio
WAIT = 120


@pytest.fixture
def anyio_backend():
    return "asyncio"


def supply(law: str, renewal: str) -> str:
    return f"""# Supply Agreement

This Supply Agreement is made between Northwind Components Ltd ("Supplier") and Harbor Robotics Inc. ("Customer").

## 1. Term
1.1 This Agreement continues for an initial term of three (3) years.
1.2 This Agreement shall automatically renew for successive periods of {renewal} unless either party gives written notice of non-renewal at least sixty (60) days before the end of the then-current term.

## 2. Assignment and Change of Control
2.1 Neither party may assign this Agreement without the prior written consent of the other party.
2.2 If the Customer undergoes a change of control, the Supplier may terminate this Agreement on thirty (30) days' written notice.

## 3. Governing Law
3.1 This Agreement is governed by the laws of {law}.
"""


LICENCE = """# Software Licence Agreement

## 1. Licence
1.1 The Licensor grants the Licensee a non-exclusive, non-transferable licence to use the Software for its internal business purposes.

## 2. Governing Law
2.1 This Agreement is governed by the laws of the State of New York.
"""


def payload(result: types.CallToolResult) -> dict:
    return json.loads(result.content[0].text)


@pytest.fixture
def room(tmp_path):
    room = tmp_path / "allowed" / "dataroom"
    (room / "supply").mkdir(parents=True)
    (room / "supply" / "northwind.md").write_text(supply("England and Wales", "five (5) years"), encoding="utf-8")
    (room / "supply" / "harbor.md").write_text(supply("the State of Delaware", "twelve (12) months"), encoding="utf-8")
    (room / "licence.md").write_text(LICENCE, encoding="utf-8")
    (room / "broken.pdf").write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%% cut off")
    secret = tmp_path / "secret.md"
    secret.write_text(supply("SECRET-LAW", "one (1) year"), encoding="utf-8")
    (room / "linked.md").symlink_to(secret)
    return room


async def test_a_data_room_becomes_a_matrix_with_progress_and_answers_questions(room):
    seen: list[tuple[float, float | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total))

    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(room.parent)]), mode="legacy") as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert tools["query_matrix"].annotations.read_only_hint is True
            assert tools["build_matrix"].annotations.read_only_hint is False
            built = await client.call_tool("build_matrix", {"paths": [str(room)], "our_party": "Customer"},
                                           progress_callback=on_progress)
            assert not built.is_error, built.content[0].text
            result = payload(built)
            assert result["matrix_id"] == "dataroom" and result["complete"] is True
            assert (result["contracts"], result["analysed"], result["errors"]) == (5, 5, 2)
            assert result["summary"].startswith("Matrix dataroom: 5 contracts")
            assert seen and seen[-1] == (5, 5) and [p for p, _ in seen] == sorted(p for p, _ in seen)

            async def ask(**arguments) -> dict:
                answer = await client.call_tool("query_matrix", arguments)
                assert not answer.is_error, answer.content[0].text
                return payload(answer)

            delaware = await ask(category="governing law", value_contains="delaware")
            assert [c["file"] for c in delaware["contracts"]] == ["supply/harbor.md"]
            assert delaware["contracts"][0]["Governing Law"]["clause_ids"] == ["3.1"]
            control = await ask(category="Change Of Control")
            assert sorted(c["file"] for c in control["contracts"]) == ["supply/harbor.md", "supply/northwind.md"]
            without = await ask(category="Change Of Control", found=False, errors=False)
            assert [c["file"] for c in without["contracts"]] == ["licence.md"]
            renewal = await ask(flag="RED", topic="renewal")
            assert [c["file"] for c in renewal["contracts"]] == ["supply/northwind.md"]  # five years; twelve months is fine
            assert {f["clause_id"] for f in renewal["contracts"][0]["flags"]} == {"1.2"}
            unreadable = await ask(errors=True)
            codes = {c["file"]: c["error"]["code"] for c in unreadable["contracts"]}
            assert codes["broken.pdf"] == "CORRUPT_FILE" and codes["linked.md"] == "ACCESS_DENIED"
            everything = json.dumps(await ask(limit=500))
            assert "SECRET-LAW" not in everything  # the link out of the data room was not read
            paged = await ask(limit=2)
            assert paged["matched"] == 5 and len(paged["contracts"]) == 2 and paged["next_offset"] == 2

            again = payload(await client.call_tool("build_matrix", {"paths": [str(room)], "our_party": "Customer"}))
            # unchanged contracts are skipped; the link, which cannot be read to be hashed, is tried again
            assert (again["analysed"], again["unchanged"]) == (1, 4)


async def test_bad_requests_get_clear_errors(room, tmp_path):
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(room.parent)]), mode="legacy") as client:
            nothing = await client.call_tool("query_matrix", {})
            assert nothing.is_error and payload(nothing)["code"] == "MATRIX_NOT_FOUND"
            outside = await client.call_tool("build_matrix", {"paths": [str(tmp_path)]})
            assert outside.is_error and payload(outside)["code"] == "ACCESS_DENIED"
            absent = await client.call_tool("build_matrix", {"paths": [str(room / "no-such-folder")]})
            assert absent.is_error and payload(absent)["code"] == "FILE_NOT_FOUND"
            assert not (await client.call_tool("build_matrix", {"paths": [str(room / "supply")], "matrix_id": "s"})).is_error
            unknown = await client.call_tool("query_matrix", {"category": "Warp Drive"})
            assert unknown.is_error and "Governing Law" in payload(unknown)["details"]["categories"]
            other = await client.call_tool("query_matrix", {"matrix_id": "nope"})
            assert payload(other)["code"] == "MATRIX_NOT_FOUND" and payload(other)["details"]["matrices"] == ["s"]


async def test_a_cancelled_build_stops_and_the_next_one_resumes(room, monkeypatch):
    import paralaw.server.matrix_tools as tools

    monkeypatch.setattr(tools, "WORKERS", 1)
    monkeypatch.setattr(tools, "PROGRESS_EVERY", 0.02)  # the cancel follows the first contract closely
    (room / "linked.md").unlink()  # every contract here can be hashed, so a rerun skips all that were done
    for i in range(60):  # a contract takes tens of milliseconds: far more than can finish before the cancel lands
        (room / "supply" / f"copy{i:02d}.md").write_text(supply(f"England {i}", "five (5) years"), encoding="utf-8")
    first_progress = anyio.Event()

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        if progress >= 1:
            first_progress.set()

    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(room.parent)]), mode="legacy") as client:
            async with anyio.create_task_group() as group:
                async def build() -> None:
                    await client.call_tool("build_matrix", {"paths": [str(room)]}, progress_callback=on_progress)

                group.start_soon(build)
                await first_progress.wait()
                group.cancel_scope.cancel()
            stored = payload(await client.call_tool("query_matrix", {}))
            while stored["status"] == "building":  # the contracts in the workers finish, then the build ends
                await anyio.sleep(0.1)
                stored = payload(await client.call_tool("query_matrix", {}))
            assert stored["status"] == "stopped" and 1 <= stored["contracts_in_matrix"] < 64
            assert "build it again" in stored["summary"]
            await anyio.sleep(1.5)  # nothing is written after the build has ended
            assert payload(await client.call_tool("query_matrix", {}))["contracts_in_matrix"] == stored["contracts_in_matrix"]
            resumed = payload(await client.call_tool("build_matrix", {"paths": [str(room)]}))
            assert resumed["complete"] is True and resumed["contracts"] == 64
            assert resumed["unchanged"] == stored["contracts_in_matrix"] and resumed["analysed"] == 64 - stored["contracts_in_matrix"]
