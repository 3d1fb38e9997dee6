"""`paralaw mcp-config` (issue 15): the mcpServers entry with the installed command's absolute path, and --write
merging it into the host's configuration file, keeping what is there."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paralaw.agent.cli import app
from paralaw.agent.cli_mcp_config import host_config_path


def mcp_config(*args: str):
    return CliRunner().invoke(app, ["mcp-config", *args])


def test_prints_the_entry_with_the_absolute_command(tmp_path):
    done = mcp_config("--allow-dir", str(tmp_path))
    assert done.exit_code == 0, done.output
    entry = json.loads(done.stdout)["mcpServers"]["paralaw"]
    command = Path(entry["command"])
    assert command.is_absolute() and command.name.startswith("paralaw") and command.is_file()
    assert entry["args"] == ["serve", "--schema", "lazy", "--allow-dir", str(tmp_path.resolve())]
    assert done.stderr == ""


def test_without_allow_dir_it_says_what_the_server_will_read():
    done = mcp_config()
    assert done.exit_code == 0 and json.loads(done.stdout)["mcpServers"]["paralaw"]["args"] == ["serve", "--schema", "lazy"]
    assert done.stderr.startswith("note: without --allow-dir")


def test_a_missing_folder_is_refused():
    done = mcp_config("--allow-dir", "no/such/folder")
    assert done.exit_code == 2 and done.stderr.strip() == "error [INVALID_OPTION]: --allow-dir no/such/folder is not a folder"


def test_write_merges_and_keeps_the_rest(tmp_path):
    config = tmp_path / "Claude" / "claude_desktop_config.json"
    config.parent.mkdir()
    config.write_text(json.dumps({"theme": "dark", "mcpServers": {"files": {"command": "/usr/bin/files"},
                                                                  "paralaw": {"command": "paralaw"}}}), encoding="utf-8")
    done = mcp_config("--allow-dir", str(tmp_path), "--write", "--config-file", str(config))
    assert done.exit_code == 0, done.output
    assert done.stdout.strip() == (f"replaced the paralaw server in {config}; 1 other server kept. Restart the MCP host "
                                   f"(Claude Desktop) to load it.")
    written = json.loads(config.read_text(encoding="utf-8"))
    assert written["theme"] == "dark" and written["mcpServers"]["files"] == {"command": "/usr/bin/files"}
    assert Path(written["mcpServers"]["paralaw"]["command"]).is_absolute()
    assert [p.name for p in config.parent.iterdir()] == ["claude_desktop_config.json"]  # no scratch file left


def test_write_creates_the_file_and_its_folder(tmp_path):
    config = tmp_path / "new" / "config.json"
    done = mcp_config("--write", "--config-file", str(config))
    assert done.exit_code == 0 and done.stdout.startswith(f"added the paralaw server to {config}.")
    assert list(json.loads(config.read_text(encoding="utf-8"))["mcpServers"]) == ["paralaw"]


def test_write_refuses_a_file_it_cannot_read_and_leaves_it(tmp_path):
    config = tmp_path / "config.json"
    config.write_text("{not json", encoding="utf-8")
    done = mcp_config("--write", "--config-file", str(config))
    assert done.exit_code == 2 and done.stderr.splitlines()[-1].startswith(f"error [INVALID_CONFIG]: {config} is not readable JSON")
    assert config.read_text(encoding="utf-8") == "{not json"


def test_write_without_a_file_uses_the_hosts_file_for_this_os(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("APPDATA", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    expected = host_config_path()
    assert str(expected).startswith(str(tmp_path))
    done = mcp_config("--write")
    assert done.exit_code == 0 and str(expected) in done.stdout and expected.is_file()


@pytest.mark.parametrize("platform, env, parts", [
    ("darwin", {}, ("Library", "Application Support", "Claude", "claude_desktop_config.json")),
    ("win32", {"APPDATA": os.path.join("C:", "Users", "me", "AppData", "Roaming")}, ("Roaming", "Claude", "claude_desktop_config.json")),
    ("linux", {}, (".config", "Claude", "claude_desktop_config.json")),
    ("linux", {"XDG_CONFIG_HOME": "/xdg"}, ("xdg", "Claude", "claude_desktop_config.json")),
])
def test_host_config_path_per_os(platform, env, parts):
    path = host_config_path(platform, env, home=Path("/home/me"))
    assert path.parts[-len(parts):] == parts
