"""With no --allow-dir and no PARALAW_ALLOWED_DIRS, the working directory is the allowed folder only when it is
a project folder: started in /, in a home folder itself or in a system folder (Claude Desktop starts servers in
/), the server reads no file, and every file tool says how to pass --allow-dir. A client's roots never stand
in for the missing setting."""

from __future__ import annotations

import logging
from pathlib import Path

import anyio
import mcp_types as types
import pytest
from mcp import Client

from mcp_flow import MSA, payload
from paralaw.server import build_server
from paralaw.server.access import roots_from_config

pytestmark = pytest.mark.anyio
WAIT = 20


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
def no_setting(monkeypatch, tmp_path):
    monkeypatch.delenv("PARALAW_ALLOWED_DIRS", raising=False)
    home = tmp_path / "alice"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def _place(name: str, home: Path) -> str:
    return {"root": "/", "home": str(home), "system": "/usr/share", "homes": "/home"}[name]


@pytest.mark.parametrize("place", ["root", "home", "system", "homes"])
async def test_started_in_an_unsafe_folder_it_serves_no_file(place, no_setting, monkeypatch, tmp_path, caplog):
    monkeypatch.chdir(_place(place, no_setting))
    assert roots_from_config() == []
    with caplog.at_level(logging.WARNING, logger="paralaw.server"):
        server = build_server(":memory:")
    assert any("reads no files" in r.getMessage() and "--allow-dir" in r.getMessage() for r in caplog.records)

    async def everything(context):  # a client offering the whole disk as its roots adds nothing
        return types.ListRootsResult(roots=[types.Root(uri="file:///")])

    (tmp_path / "room").mkdir()
    calls = [
        ("open_review", {"documents": [{"path": str(MSA)}]}),
        ("open_review", {"documents": [{"path": "master_services_agreement.md"}]}),
        ("open_review", {"documents": [{"text": "1. Term\n\nOne year.\n"}], "playbook_path": "/etc/hostname"}),
        ("export_review", {"path": str(tmp_path / "out.md"), "risks": [], "confirm": True}),
        ("build_matrix", {"paths": [str(tmp_path / "room")]}),
    ]
    with anyio.fail_after(WAIT):
        async with Client(server, mode="legacy", list_roots_callback=everything) as client:
            for name, arguments in calls:
                if name == "export_review":  # exporting needs an open review, made from text (no file is read)
                    opened = await client.call_tool("open_review", {"documents": [{"text": "1. Term\n\nOne year.\n"}]})
                    assert not opened.is_error, opened.content[0].text
                error = payload(await client.call_tool(name, arguments))
                assert error["code"] == "NO_ALLOWED_FOLDER", (name, error)
                assert "--allow-dir" in error["message"] and "PARALAW_ALLOWED_DIRS" in error["message"]


async def test_a_project_folder_is_still_the_default(no_setting, monkeypatch, tmp_path):
    project = no_setting / "contracts"
    project.mkdir()
    (project / "msa.md").write_text(MSA.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(project)
    assert roots_from_config() == [project]
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:")) as client:
            opened = await client.call_tool("open_review", {"documents": [{"path": "msa.md"}]})
    assert not opened.is_error, opened.content[0].text


def test_an_explicit_setting_is_used_wherever_the_server_starts(no_setting, monkeypatch, tmp_path):
    monkeypatch.chdir("/")
    assert roots_from_config([str(tmp_path)]) == [tmp_path]
    monkeypatch.setenv("PARALAW_ALLOWED_DIRS", str(tmp_path))
    assert roots_from_config() == [tmp_path]
