"""A review belongs to whoever opened it. Over HTTP each configured token is a tenant: another tenant can
neither list, read (tools or resources), use nor close it, nor join its MCP session; over stdio and in memory the
session that opened a review is where the default review is chosen. DNS-rebinding protection covers every
loopback address."""

from __future__ import annotations

import os

import anyio
import httpx
import pytest
from mcp import Client

from http_serving import serving_http
from paralaw.server import build_server
from paralaw.server.transports import configured_tokens, is_loopback
from reliability_support import MSA, ServerProcess, payload

pytestmark = pytest.mark.anyio
WAIT = 30


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def _client(url: str, token: str):
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=WAIT)
    return http, Client(streamable_http_client(url, http_client=http))


async def test_tenants_do_not_see_each_others_reviews(tmp_path):
    alice, bob = "alice-" + os.urandom(8).hex(), "bob-" + os.urandom(8).hex()
    async with serving_http(store=str(tmp_path / "r.db"), allowed_dirs=[str(MSA.parent)], auth_token=[alice, bob]) as url:
        with anyio.fail_after(WAIT):
            http_a, client_a = await _client(url, alice)
            http_b, client_b = await _client(url, bob)
            async with http_a, http_b, client_a, client_b:
                opened = await client_a.call_tool("open_review", {"documents": [{"path": MSA.name}]})
                review_id = opened.structured_content["review_id"]
                assert [r["review_id"] for r in payload(await client_a.call_tool("list_reviews", {}))["reviews"]] == [review_id]

                assert payload(await client_b.call_tool("list_reviews", {}))["reviews"] == []
                for tool, arguments in (("get_outline", {"review_id": review_id}),
                                        ("get_clause_context", {"review_id": review_id, "clause_id": "15"}),
                                        ("find_clauses", {"review_id": review_id, "query": "liability"}),
                                        ("close_review", {"review_id": review_id, "confirm": True})):
                    refused = await client_b.call_tool(tool, arguments)
                    assert payload(refused)["code"] == "REVIEW_NOT_FOUND", (tool, refused.content[0].text)
                    assert "Limitation" not in refused.content[0].text
                assert payload(await client_b.call_tool("get_outline", {}))["code"] == "NO_REVIEW"
                listed = await client_b.list_resources()
                assert not any(review_id in str(r.uri) for r in listed.resources)
                with pytest.raises(Exception):
                    await client_b.read_resource(f"paralaw://reviews/{review_id}/clauses/15")
                # the same documents opened by bob make bob's own review, not a way into alice's
                mine = await client_b.call_tool("open_review", {"documents": [{"path": MSA.name}]})
                assert mine.structured_content["review_id"] != review_id and not mine.structured_content["resumed"]

                still = await client_a.call_tool("get_clause_context", {"review_id": review_id, "clause_id": "15"})
                assert not still.is_error  # alice's review is untouched
                assert len(payload(await client_a.call_tool("list_reviews", {}))["reviews"]) == 1


async def test_a_tenant_cannot_join_another_tenants_session(tmp_path):
    alice, bob = "alice-" + os.urandom(8).hex(), "bob-" + os.urandom(8).hex()
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    async with serving_http(store=":memory:", auth_token=[alice, bob]) as url:
        async with httpx.AsyncClient(timeout=WAIT) as http:
            started = await http.post(url, json=init, headers={**headers, "Authorization": f"Bearer {alice}"})
            session = started.headers["mcp-session-id"]
            listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
            intruder = await http.post(url, json=listing, headers={**headers, "Authorization": f"Bearer {bob}",
                                                                   "mcp-session-id": session, "mcp-protocol-version": "2025-06-18"})
            assert intruder.status_code == 404


async def test_the_default_review_is_the_sessions_own(tmp_path):
    """Two sessions on one store (two stdio servers, say): each one's calls without review_id go to the review
    it opened, not AMBIGUOUS_REVIEW."""
    other = tmp_path / "other.md"
    other.write_text("1. Term\n\nThis Agreement lasts one year.\n\n2. Fees\n\nThe Customer pays the fees.\n", encoding="utf-8")
    server = build_server(str(tmp_path / "r.db"), allowed_dirs=[str(MSA.parent), str(tmp_path)])
    with anyio.fail_after(WAIT):
        async with Client(server) as first, Client(server) as second:
            one = (await first.call_tool("open_review", {"documents": [{"path": str(MSA)}]})).structured_content
            two = (await second.call_tool("open_review", {"documents": [{"path": str(other)}]})).structured_content
            assert payload(await first.call_tool("get_outline", {}))["review_id"] == one["review_id"]
            assert payload(await second.call_tool("get_outline", {}))["review_id"] == two["review_id"]
        async with Client(server) as third:  # a session that opened none: it must say which
            assert payload(await third.call_tool("get_outline", {}))["code"] == "AMBIGUOUS_REVIEW"


def test_tokens_from_options_and_environment(monkeypatch):
    monkeypatch.setenv("PARALAW_AUTH_TOKEN", "a1, b2 ,")
    assert configured_tokens(None) == ["a1", "b2"]
    assert configured_tokens(["x"]) == ["x"] and configured_tokens("y") == ["y"]
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.0.0.2", "127.255.0.9", "::1", "localhost", "[::1]"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "10.0.0.1", "example.com", "::"))


def test_dns_rebinding_protection_on_every_loopback_address(tmp_path):
    with ServerProcess("--host", "127.0.0.2", "--store", str(tmp_path / "r.db")) as served:
        assert served.url.startswith("http://127.0.0.2:")
        assert "other machines can reach" not in "".join(served.stderr)
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
        with httpx.Client(timeout=WAIT) as http:
            assert http.post(served.url, json=init, headers=headers).status_code == 200
            for bad in ({"Host": "evil.example"}, {"Host": f"evil.example:{served.port}"}, {"Origin": "http://evil.example"}):
                assert http.post(served.url, json=init, headers={**headers, **bad}).status_code in (403, 421), bad


def test_deeply_nested_arguments_over_stdio_get_an_answer(tmp_path):
    """Arguments nested past the SDK parser's ~200 levels: the line cannot be read, but its id can, so the
    client gets a JSON-RPC error instead of waiting forever; the session then goes on."""
    import json
    import queue
    import subprocess
    import sys
    import threading

    from reliability_support import ROOT

    process = subprocess.Popen([sys.executable, "-c", "from paralaw.agent.cli import main; main()", "serve", "--store",
                                str(tmp_path / "r.db")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, cwd=ROOT)
    answers: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [answers.put(json.loads(line)) for line in process.stdout], daemon=True).start()

    def send(message: dict, deep: int = 0) -> None:
        line = json.dumps(message)
        if deep:  # built as text: json.dumps itself cannot nest that deep
            line = line.replace('"DEEP"', '{"a": [' * deep + '"x"' + ']}' * deep)
        process.stdin.write((line + "\n").encode())
        process.stdin.flush()

    def answer_to(request_id) -> dict:
        while True:
            message = answers.get(timeout=WAIT)
            if message.get("id") == request_id:
                return message

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
        assert "result" in answer_to(1)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        for request_id, depth in ((2, 250), ("deep-3", 5000)):
            send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                  "params": {"name": "find_clauses", "arguments": {"query": "liability", "extra": "DEEP"}}}, deep=depth)
            error = answer_to(request_id)["error"]
            assert error["code"] == -32600 and "nests deeper" in error["message"]
        send({"jsonrpc": "2.0", "id": 4, "method": "tools/list"})
        assert answer_to(4)["result"]["tools"]
    finally:
        process.kill()
        process.wait(timeout=30)


def test_slow_http_clients_are_timed_out_and_cannot_lock_others_out(tmp_path):
    """Connections that send their headers a byte at a time are closed after the header timeout (408), and
    when too many are still sending, the oldest make room: a normal client is answered all along."""
    import socket
    import time

    env = {"PARALAW_HTTP_HEADER_TIMEOUT": "1.5", "PARALAW_HTTP_MAX_SLOW": "8"}
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    with ServerProcess("--store", str(tmp_path / "r.db"), env=env) as served:
        slow = []
        for _ in range(30):  # far more than the server lets wait
            connection = socket.create_connection(("127.0.0.1", served.port), timeout=WAIT)
            connection.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            slow.append(connection)
        started = time.monotonic()
        with httpx.Client(timeout=WAIT) as http:
            assert http.post(served.url, json=init, headers=headers).status_code == 200
        assert time.monotonic() - started < 2
        closed = 0
        for connection in slow:
            connection.settimeout(10)
            try:
                answer = connection.recv(4096)
            except OSError:
                answer = b""
            closed += answer == b"" or answer.startswith(b"HTTP/1.1 408")
            connection.close()
        assert closed == len(slow)
        assert time.monotonic() - started < 8  # each within the 1.5 s header timeout (plus scheduling)


async def test_tenants_do_not_see_each_others_matrices(tmp_path):
    alice, bob = "alice-" + os.urandom(8).hex(), "bob-" + os.urandom(8).hex()
    async with serving_http(store=str(tmp_path / "r.db"), allowed_dirs=[str(MSA.parent)], auth_token=[alice, bob]) as url:
        with anyio.fail_after(WAIT * 4):
            http_a, client_a = await _client(url, alice)
            http_b, client_b = await _client(url, bob)
            async with http_a, http_b, client_a, client_b:
                built = await client_a.call_tool("build_matrix", {"paths": [MSA.name], "matrix_id": "deal"})
                assert not built.is_error, built.content[0].text
                assert payload(await client_a.call_tool("query_matrix", {"matrix_id": "deal"}))["matched"] == 1
                refused = await client_b.call_tool("query_matrix", {"matrix_id": "deal"})
                assert payload(refused)["code"] == "MATRIX_NOT_FOUND" and payload(refused)["details"]["matrices"] == []
                assert MSA.name not in refused.content[0].text
