"""`paralaw serve` maps its options onto run_stdio / run_http; mcp.json holds a working host entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import paralaw.server as server_package
from paralaw.agent.cli import app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def calls(monkeypatch):
    seen: list[tuple[str, dict]] = []
    monkeypatch.setattr(server_package, "run_stdio", lambda **kw: seen.append(("stdio", kw)))
    monkeypatch.setattr(server_package, "run_http", lambda **kw: seen.append(("http", kw)))
    return seen


def test_stdio_is_the_default(calls, tmp_path):
    result = CliRunner().invoke(app, ["serve", "--store", str(tmp_path / "r.db"), "--allow-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert calls == [("stdio", {"store": str(tmp_path / "r.db"), "schema_mode": "lazy", "allowed_dirs": [str(tmp_path)]})]


def test_http_options(calls):
    result = CliRunner().invoke(app, ["serve", "--http", "--port", "8123", "--schema", "full", "--auth-token", "t0k",
                                      "--auth-token", "other"])  # one token per tenant
    assert result.exit_code == 0, result.output
    assert calls == [("http", {"host": "127.0.0.1", "port": 8123, "auth_token": ["t0k", "other"], "store": None,
                               "schema_mode": "full", "allowed_dirs": None})]


def test_bad_options_are_one_line_errors(calls, tmp_path):
    runner = CliRunner()
    bad_schema = runner.invoke(app, ["serve", "--schema", "sometimes"])
    assert bad_schema.exit_code == 2 and "error [INVALID_OPTION]: --schema must be lazy or full" in bad_schema.output
    missing_dir = runner.invoke(app, ["serve", "--allow-dir", str(tmp_path / "nowhere")])
    assert missing_dir.exit_code == 2 and "is not a folder" in missing_dir.output
    assert calls == []


def test_unusable_store_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = CliRunner().invoke(app, ["serve", "--store", str(blocker / "reviews.db")])
    assert result.exit_code == 2 and "error [SERVER_ERROR]" in result.output


def test_mcp_json_runs_paralaw_serve():
    config = json.loads((ROOT / "mcp.json").read_text(encoding="utf-8"))
    entry = config["mcpServers"]["paralaw"]
    assert entry["command"] == "paralaw" and entry["args"][0] == "serve"


def test_run_http_reports_a_port_in_use():
    import socket

    from paralaw.server.transports import run_http

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        with pytest.raises(OSError):
            run_http(port=taken.getsockname()[1], store=":memory:")


def test_public_surface():
    assert sorted(server_package.__all__) == ["ParalawServer", "build_server", "http_app", "run_http", "run_stdio"]
