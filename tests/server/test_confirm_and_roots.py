"""close_review asks the user (elicitation) or needs confirm=true; open_review honours the client's roots."""

from __future__ import annotations

import anyio
import mcp_types as types
import pytest
from mcp import Client

from mcp_flow import DATA, MSA, open_msa, payload
from paralaw.server import build_server

pytestmark = pytest.mark.anyio
WAIT = 15


@pytest.fixture
def anyio_backend():
    return "asyncio"


def answering(action: str, confirm: bool = True):
    asked: list[str] = []

    async def elicit(context, params):
        asked.append(params.message)
        return types.ElicitResult(action=action, content={"confirm": confirm} if action == "accept" else None)

    return elicit, asked


async def _reviews(client) -> list[str]:
    return [r["review_id"] for r in payload(await client.call_tool("list_reviews", {}))["reviews"]]


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_close_review_without_elicitation_needs_confirm(mode):
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(DATA)]), mode=mode) as client:
            review_id = (await open_msa(client))["review_id"]
            refused = payload(await client.call_tool("close_review", {"review_id": review_id}))
            assert refused["code"] == "CONFIRMATION_REQUIRED" and "confirm=true" in refused["message"]
            assert await _reviews(client) == [review_id]
            closed = await client.call_tool("close_review", {"review_id": review_id, "confirm": True})
            assert closed.structured_content == {"summary": f"Review {review_id} closed; its stored documents are deleted.",
                                                 "review_id": review_id, "closed": True}
            assert await _reviews(client) == []


@pytest.mark.parametrize("mode", ["legacy", "auto"])
@pytest.mark.parametrize("action, closes", [("accept", True), ("decline", False)])
async def test_close_review_asks_the_user(mode, action, closes):
    elicit, asked = answering(action)
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(DATA)]), mode=mode, elicitation_callback=elicit) as client:
            review_id = (await open_msa(client))["review_id"]
            result = await client.call_tool("close_review", {"review_id": review_id})
            assert not result.is_error, result.content[0].text
            assert result.structured_content["closed"] is closes
            assert "master_services_agreement.md" in asked[0]
            assert await _reviews(client) == ([] if closes else [review_id])


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_client_roots_narrow_the_configured_folders(tmp_path, mode):
    """The folders in force are the server's allowed folders intersected with the client's roots."""
    contract = tmp_path / "deal" / "msa.md"
    contract.parent.mkdir()
    contract.write_text(MSA.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "other.md").write_text(MSA.read_text(encoding="utf-8"), encoding="utf-8")
    calls = []

    async def roots(context):
        calls.append(1)
        return types.ListRootsResult(roots=[types.Root(uri=(tmp_path / "deal").as_uri(), name="deal")])

    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(tmp_path)]), mode=mode, list_roots_callback=roots) as client:
            opened = await client.call_tool("open_review", {"documents": [{"path": "msa.md"}]})
            assert not opened.is_error, opened.content[0].text
            assert opened.structured_content["documents"][0]["total_clauses"] == 108
            # allowed by the server, but outside the client's root
            refused = payload(await client.call_tool("open_review", {"documents": [{"path": str(tmp_path / "other.md")}]}))
            assert refused["code"] == "ACCESS_DENIED" and str(tmp_path / "deal") in refused["message"]
    assert calls


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_client_roots_never_widen_the_configured_folders(tmp_path, mode):
    """A client offering file:/// reads only inside the server's folders; one whose roots share none gets nothing."""
    outside = tmp_path / "outside.md"
    outside.write_text("1. Secret\n\nSECRET-7f3a\n", encoding="utf-8")
    offered = {"uris": ["file:///"]}

    async def roots(context):
        return types.ListRootsResult(roots=[types.Root(uri=uri) for uri in offered["uris"]])

    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(DATA)]), mode=mode, list_roots_callback=roots) as client:
            for path in (str(outside), "/etc/passwd"):
                result = await client.call_tool("open_review", {"documents": [{"path": path}]})
                assert payload(result)["code"] == "ACCESS_DENIED" and "SECRET" not in result.content[0].text
            assert not (await client.call_tool("open_review", {"documents": [{"path": str(MSA)}]})).is_error
            offered["uris"] = [tmp_path.as_uri()]  # shares no folder with the server's
            refused = payload(await client.call_tool("open_review", {"documents": [{"path": str(outside)}]}))
            assert refused["code"] == "ACCESS_DENIED" and "share no folder" in refused["message"]


def _note_skill():
    """A write skill (effect create) registered only for this test: the server must ask before running it."""
    from pydantic import BaseModel, Field

    from paralaw.skills.framework.base import ClauseInput, require_clause, require_structure
    from paralaw.skills.framework.schema import SkillRegistration

    class NoteInput(ClauseInput):
        note: str = Field(description="The note to attach to the clause.")

    class NoteOutput(BaseModel):
        clause_id: str
        note: str
        summary: str

    def add_note(data: NoteInput) -> NoteOutput:
        clause = require_clause(require_structure(data.document_structure), data.clause_id)
        return NoteOutput(clause_id=clause.clause_id, note=data.note, summary=f"note added to {clause.clause_id}")

    return SkillRegistration(skill_id="add_note", name="Add a note", description="Attach a note to a clause.",
                             input_schema=NoteInput, output_schema=NoteOutput, local_handler=add_note, effect="create")


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_write_skills_need_confirmation(mode):
    from paralaw.skills.packs import all_registrations

    elicit, asked = answering("accept")
    server = build_server(":memory:", allowed_dirs=[str(DATA)], registrations=all_registrations() + [_note_skill()])
    spec = server.paralaw_state.catalog.get("add_note")
    assert spec.needs_confirmation and "confirm" in spec.input_schema["properties"]
    assert spec.annotations.read_only_hint is False and spec.annotations.idempotent_hint is False
    with anyio.fail_after(WAIT):
        async with Client(server, mode=mode) as client:
            await open_msa(client)
            refused = payload(await client.call_tool("add_note", {"clause_id": "15.2", "note": "cap too low"}))
            assert refused["code"] == "CONFIRMATION_REQUIRED"
            done = await client.call_tool("add_note", {"clause_id": "15.2", "note": "cap too low", "confirm": True})
            assert done.structured_content == {"clause_id": "15.2", "note": "cap too low", "summary": "note added to 15.2"}
        async with Client(server, mode=mode, elicitation_callback=elicit) as client:
            asked_done = await client.call_tool("add_note", {"clause_id": "15.2", "note": "cap too low"})
            assert asked_done.structured_content["clause_id"] == "15.2" and "Add a note" in asked[0]
        decline, _ = answering("decline")
        async with Client(server, mode=mode, elicitation_callback=decline) as client:
            declined = payload(await client.call_tool("add_note", {"clause_id": "15.2", "note": "cap too low"}))
            assert declined["code"] == "DECLINED"


async def test_playbook_checklist_replaces_the_pack(tmp_path):
    playbook = tmp_path / "playbook.yaml"
    playbook.write_text("checklist:\n  - clause_id: '99'\n    clause_name: Liability cap\n    priority: high\n"
                        "    query: aggregate liability limited\n    required_skills: [get_clause_context]\n", encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("- just\n- a list\n", encoding="utf-8")
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(DATA), str(tmp_path)])) as client:
            opened = await client.call_tool("open_review", {"documents": [{"path": str(MSA)}], "playbook_path": str(playbook)})
            assert not opened.is_error, opened.content[0].text
            items = payload(await client.call_tool("get_checklist", {}))["items"]
            assert [i["clause_name"] for i in items] == ["Liability cap"]
            assert items[0]["resolved_clause_ids"] and items[0]["resolved_clause_ids"][0].startswith("15")
            refused = payload(await client.call_tool("open_review", {"documents": [{"path": str(MSA)}], "playbook_path": str(bad)}))
            assert refused["code"] == "INVALID_ARGUMENT" and "bad.yaml" in refused["message"]
