"""A stdio client that goes away (mid-parse, mid-answer, or between calls) leaves one log line on the server's
stderr, never a traceback that a host would show as a crash, and the server exits 0.

The stderr pipe is read to its end, which comes only when the server and every process it started (the parse
fork server and its workers inherit stderr) have exited, so a late traceback from a worker is seen too."""

from __future__ import annotations

import json
import subprocess
import sys

from mcp_flow import DATA, MSA

WAIT = 60
COMMAND = [sys.executable, "-c", "from paralaw.agent.cli import main; main()", "serve", "--allow-dir", str(DATA)]
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}


def _line(message: dict) -> bytes:
    return (json.dumps(message) + "\n").encode()


def _call(request_id: int, name: str, arguments: dict) -> bytes:
    return _line({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": name, "arguments": arguments}})


def _start(tmp_path) -> subprocess.Popen:
    server = subprocess.Popen([*COMMAND, "--store", str(tmp_path / "r.db")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=str(tmp_path))
    server.stdin.write(_line(INITIALIZE))
    server.stdin.flush()
    assert b'"id":1' in server.stdout.readline()
    server.stdin.write(_line({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    return server


def _keep_calling_until_it_stops(server: subprocess.Popen) -> None:
    """Send calls whose answers can no longer be delivered until the server notices and exits."""
    request_id = 100
    while server.poll() is None:
        request_id += 1
        try:
            server.stdin.write(_call(request_id, "list_reviews", {}))
            server.stdin.flush()
        except (BrokenPipeError, ValueError):
            break
        try:
            server.wait(timeout=0.05)
        except subprocess.TimeoutExpired:
            pass


def _finish(server: subprocess.Popen) -> tuple[int, str]:
    try:
        server.stdin.close()
    except BrokenPipeError:
        pass
    stderr = server.stderr.read().decode("utf-8", "replace")  # EOF: the server and all its children are gone
    return server.wait(timeout=WAIT), stderr


def _assert_clean(code: int, stderr: str) -> None:
    assert code == 0, stderr
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr and "Exception ignored" not in stderr, stderr
    assert len(stderr.strip().splitlines()) <= 1, stderr


def test_a_client_that_leaves_mid_parse(tmp_path):
    server = _start(tmp_path)
    long_contract = MSA.read_text(encoding="utf-8") * 30  # a parse long enough to be under way when the client goes
    server.stdin.write(_call(2, "open_review", {"documents": [{"text": long_contract, "filename": "long.md"}]}))
    server.stdin.flush()
    server.stdout.close()  # gone before the answer comes
    _keep_calling_until_it_stops(server)
    _assert_clean(*_finish(server))


def test_a_client_that_leaves_between_calls(tmp_path):
    server = _start(tmp_path)
    server.stdin.write(_call(2, "open_review", {"documents": [{"path": str(MSA)}]}))
    server.stdin.flush()
    while b'"id":2' not in server.stdout.readline():  # notifications may come first
        pass
    server.stdout.close()
    _keep_calling_until_it_stops(server)
    code, stderr = _finish(server)
    _assert_clean(code, stderr)
    assert "the MCP client disconnected" in stderr


def test_a_client_that_closes_both_pipes_at_once(tmp_path):
    server = _start(tmp_path)
    server.stdin.write(_call(2, "open_review", {"documents": [{"path": str(MSA)}]}))
    server.stdin.flush()
    server.stdout.close()
    _assert_clean(*_finish(server))
