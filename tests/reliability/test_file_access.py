"""Only files inside the allowed folders are read, for every path argument a client can send; the HTTP server
listens on 127.0.0.1 by default, refuses foreign Host/Origin headers, and enforces its bearer token.
(tests/server/test_access.py covers resolve_path itself; here every form goes through tools/call, and the
HTTP checks run against the real `paralaw serve --http` process.)"""

from __future__ import annotations

import os

import anyio
import httpx
import pytest
from mcp import Client

from paralaw.server import build_server
from reliability_support import MSA, ServerProcess, listening_addresses, payload

pytestmark = pytest.mark.anyio
WAIT = 30
SECRET = "SECRET-MARKER-7f3a"


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """allowed/ (a contract and a playbook) beside outside/ (secret copies), with links from one to the other."""
    allowed, outside = tmp_path / "allowed", tmp_path / "outside"
    allowed.mkdir()
    outside.mkdir()
    (allowed / "msa.md").write_bytes(MSA.read_bytes())
    (allowed / "playbook.yaml").write_text("checklist:\n  - clause_id: '15'\n    clause_name: Liability\n", encoding="utf-8")
    (outside / "secret.md").write_text(f"1. Secret\n\n{SECRET} the price is 42.\n", encoding="utf-8")
    (outside / "secret.yaml").write_text(f"checklist:\n  - clause_id: '1'\n    clause_name: {SECRET}\n", encoding="utf-8")
    os.symlink(outside / "secret.md", allowed / "link.md")
    os.symlink(outside / "secret.yaml", allowed / "link.yaml")
    os.symlink(outside, allowed / "door")
    monkeypatch.setenv("HOME", str(outside))  # so "~/secret.md" would name a real file
    return allowed, outside


def hostile_paths(allowed, outside, name):
    return [
        f"../outside/{name}",
        f"sub/../../outside/{name}",
        str(outside / name),
        f"{allowed}/../outside/{name}",
        f"~/{name}",
        f"file://{outside / name}",
        f"FILE:{outside / name}",
        f"http://127.0.0.1:9/{name}",
        f"link.{name.rsplit('.', 1)[1]}",
        str(allowed / f"link.{name.rsplit('.', 1)[1]}"),
        f"door/{name}",
        "/etc/passwd",
        "/proc/self/environ",
    ]


async def call(server, name, arguments):
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            return await client.call_tool(name, arguments)


async def test_every_escape_from_the_allowed_folder_is_refused(tree):
    allowed, outside = tree
    server = build_server(":memory:", allowed_dirs=[str(allowed)])
    forms = [("documents", raw) for raw in hostile_paths(allowed, outside, "secret.md")]
    forms += [("playbook_path", raw) for raw in hostile_paths(allowed, outside, "secret.yaml")]
    assert len(forms) == 26
    for argument, raw in forms:
        arguments = ({"documents": [{"path": raw}]} if argument == "documents"
                     else {"documents": [{"path": "msa.md"}], "playbook_path": raw})
        result = await call(server, "open_review", arguments)
        assert result.is_error, (argument, raw)
        error = payload(result)
        assert error["code"] == "ACCESS_DENIED", (argument, raw, error)
        assert SECRET not in result.content[0].text
    assert server.paralaw_state.store.list() == []  # nothing was opened


async def test_paths_inside_the_folder_are_read(tree):
    allowed, _ = tree
    server = build_server(":memory:", allowed_dirs=[str(allowed)])
    for raw in ("msa.md", str(allowed / "msa.md"), "./msa.md"):
        result = await call(server, "open_review", {"documents": [{"path": raw}], "playbook_path": "playbook.yaml"})
        assert not result.is_error, payload(result)
        assert result.structured_content["documents"][0]["total_clauses"] == 108


async def test_skills_ignore_a_callers_file_path(tree):
    """criteria_file_path is filled in by the system; a caller who sends one gets the pack's criteria, and the
    file is never read."""
    allowed, outside = tree
    server = build_server(":memory:", allowed_dirs=[str(allowed)])
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            assert not (await client.call_tool("open_review", {"documents": [{"path": "msa.md"}]})).is_error
            for tool in ("load_review_criteria", "assess_deviation"):
                result = await client.call_tool(tool, {"clause_id": "15", "criteria_file_path": str(outside / "secret.yaml")})
                assert SECRET not in result.content[0].text
                if not result.is_error and tool == "load_review_criteria":
                    assert result.structured_content["source"] == "domain pack: generic"


async def test_client_roots_narrow_and_never_widen(tree):
    """A client's roots narrow the allowed folders: a root outside them (here outside/, or file:///) adds
    nothing, and a root inside them bounds the reading to it."""
    import mcp_types as types

    allowed, outside = tree
    (allowed / "sub").mkdir()
    (allowed / "sub" / "inner.md").write_bytes(MSA.read_bytes())
    offered = {"uris": []}

    async def roots(context):
        return types.ListRootsResult(roots=[types.Root(uri=uri) for uri in offered["uris"]])

    server = build_server(":memory:", allowed_dirs=[str(allowed)])
    with anyio.fail_after(WAIT):
        async with Client(server, mode="legacy", list_roots_callback=roots) as client:
            for uris in ([f"file://{outside}"], ["file:///"], [f"file://{outside}", "file:///"]):
                offered["uris"] = uris
                for raw in ("secret.md", str(outside / "secret.md"), "/etc/passwd"):
                    # secret.md relative to a narrowed root is simply not there (FILE_NOT_FOUND)
                    codes = ("ACCESS_DENIED", "FILE_NOT_FOUND") if raw == "secret.md" else ("ACCESS_DENIED",)
                    refused = await client.call_tool("open_review", {"documents": [{"path": raw}]})
                    assert payload(refused)["code"] in codes, (uris, raw)
                    assert SECRET not in refused.content[0].text
                    refused = await client.call_tool("open_review", {"documents": [{"path": "msa.md"}], "playbook_path": raw})
                    assert payload(refused)["code"] in codes + ("UNSUPPORTED_FORMAT",), (uris, raw)  # not .yaml/.json
                    assert SECRET not in refused.content[0].text
            offered["uris"] = ["file:///"]  # everything: the server's folder still bounds it
            assert not (await client.call_tool("open_review", {"documents": [{"path": "msa.md"}]})).is_error
            offered["uris"] = [f"file://{allowed / 'sub'}"]  # inside: narrows to sub/
            assert not (await client.call_tool("open_review", {"documents": [{"path": "inner.md"}]})).is_error
            refused = await client.call_tool("open_review", {"documents": [{"path": str(allowed / "msa.md")}]})
            assert payload(refused)["code"] == "ACCESS_DENIED"


# --- the HTTP server: the real `paralaw serve --http` process ------------------------------------------------

HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


def test_http_binds_loopback_and_refuses_foreign_hosts(tmp_path):
    with ServerProcess("--store", str(tmp_path / "r.db"), "--allow-dir", str(MSA.parent)) as served:
        assert served.url.startswith("http://127.0.0.1:")
        assert listening_addresses(served.port) == ["127.0.0.1"]
        with httpx.Client(timeout=WAIT) as http:
            ok = http.post(served.url, json=INIT, headers=HEADERS)
            assert ok.status_code == 200, ok.text
            for bad in ({"Host": "evil.example"}, {"Host": f"evil.example:{served.port}"},
                        {"Origin": "http://evil.example"}, {"Host": "attacker.test", "Origin": "http://attacker.test"}):
                refused = http.post(served.url, json=INIT, headers={**HEADERS, **bad})
                assert refused.status_code in (403, 421), (bad, refused.status_code)
            assert http.post(served.url, json=INIT, headers={**HEADERS, "Host": f"localhost:{served.port}"}).status_code == 200


@pytest.mark.parametrize("how", ["option", "environment"])
def test_http_bearer_token_is_enforced(tmp_path, how):
    token = "tok-" + os.urandom(12).hex()
    args = ["--store", str(tmp_path / "r.db"), "--allow-dir", str(MSA.parent)]
    env = {"PARALAW_AUTH_TOKEN": token} if how == "environment" else {"PARALAW_AUTH_TOKEN": ""}
    if how == "option":
        args += ["--auth-token", token]
    with ServerProcess(*args, env=env) as served, httpx.Client(timeout=WAIT) as http:
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": token},
                        {"Authorization": f"Bearer {token}x"}, {"Authorization": f"Basic {token}"},
                        {"Authorization": f"Bearer {token[:-1]}"}):
            for method, url in (("POST", served.url), ("GET", served.url), ("DELETE", served.url),
                                ("POST", served.url.replace("/mcp", "/other"))):
                refused = http.request(method, url, json=INIT, headers={**HEADERS, **headers})
                assert refused.status_code == 401, (headers, method, url, refused.status_code)
                assert "review" not in refused.text
        allowed = http.post(served.url, json=INIT, headers={**HEADERS, "Authorization": f"Bearer {token}"})
        assert allowed.status_code == 200 and "paralaw" in allowed.text


async def test_token_protects_the_reviews_end_to_end(tmp_path):
    """With the token a client works; without it nobody lists or reads the reviews."""
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    token = "tok-" + os.urandom(12).hex()
    with ServerProcess("--store", str(tmp_path / "r.db"), "--allow-dir", str(MSA.parent), "--auth-token", token) as served:
        with anyio.fail_after(WAIT):
            authorised = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"})
            async with authorised, Client(streamable_http_client(served.url, http_client=authorised)) as client:
                opened = await client.call_tool("open_review", {"documents": [{"path": MSA.name}]})
                review_id = opened.structured_content["review_id"]
            stranger = httpx2.AsyncClient(headers={"Authorization": "Bearer guess"})
            with pytest.raises(Exception):
                async with stranger, Client(streamable_http_client(served.url, http_client=stranger)) as client:
                    await client.call_tool("list_reviews", {})
        async with httpx.AsyncClient(timeout=WAIT) as http:
            read = await http.post(served.url, headers=HEADERS, json={
                "jsonrpc": "2.0", "id": 2, "method": "resources/read",
                "params": {"uri": f"paralaw://reviews/{review_id}/clauses/15"}})
        assert read.status_code == 401 and "Limitation" not in read.text
