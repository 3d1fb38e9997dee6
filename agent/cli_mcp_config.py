"""`paralaw mcp-config`: the mcpServers entry that starts this installation's `paralaw serve`, printed, or merged
into the MCP host's configuration file (Claude Desktop's claude_desktop_config.json for this OS).

The entry names the command by its absolute path (the `paralaw` script beside this Python), so a host that does
not see the virtual environment still finds it.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any, Optional

import typer

from .cli_errors import EXIT_BAD_INPUT, UsageError

SERVER_NAME = "paralaw"


def host_config_path(platform: str | None = None, env: dict[str, str] | None = None, home: Path | None = None) -> Path:
    """Where Claude Desktop keeps its configuration on this OS."""
    platform = platform or sys.platform
    env = os.environ if env is None else env
    home = home or Path.home()
    if platform == "darwin":
        return home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"
    if platform.startswith("win"):
        return Path(env.get("APPDATA") or home / "AppData" / "Roaming") / "Claude" / "claude_desktop_config.json"
    return Path(env.get("XDG_CONFIG_HOME") or home / ".config") / "Claude" / "claude_desktop_config.json"


def paralaw_command() -> str:
    """The absolute path of the installed `paralaw` command: the script beside this Python (a venv's bin/), else
    the one this process was started as, else the one on PATH."""
    scripts = Path(sys.executable).parent
    for name in ("paralaw", "paralaw.exe"):
        candidate = scripts / name
        if candidate.is_file():
            return str(candidate.absolute())
    started = Path(sys.argv[0])
    if started.name in ("paralaw", "paralaw.exe") and started.is_file():
        return str(started.absolute())
    found = shutil.which("paralaw")
    if found:
        return str(Path(found).absolute())
    raise UsageError("COMMAND_NOT_FOUND", "the paralaw command is not installed beside this Python or on PATH; "
                                          "install paralaw (pip install .) and run mcp-config again")


def server_entry(allow_dirs: list[str]) -> dict[str, Any]:
    args = ["serve", "--schema", "lazy"]
    for folder in allow_dirs:
        args += ["--allow-dir", folder]
    return {"command": paralaw_command(), "args": args}


def _folders(allow_dir: list[str]) -> list[str]:
    folders = []
    for value in allow_dir:
        folder = Path(value).expanduser()
        if not folder.is_dir():
            raise UsageError("INVALID_OPTION", f"--allow-dir {value} is not a folder")
        folders.append(str(folder.resolve()))
    return folders


def merge_into(config_file: Path, entry: dict[str, Any]) -> tuple[bool, int]:
    """Put the entry under mcpServers.paralaw, keeping everything else; returns (replaced, other servers kept)."""
    config: dict[str, Any] = {}
    if config_file.exists():
        try:
            text = config_file.read_text(encoding="utf-8")
            config = json.loads(text) if text.strip() else {}
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UsageError("INVALID_CONFIG", f"{config_file} is not readable JSON ({exc}); fix or move it, then run "
                                               f"mcp-config --write again") from None
        if not isinstance(config, dict) or not isinstance(config.get("mcpServers", {}), dict):
            raise UsageError("INVALID_CONFIG", f"{config_file} does not hold a JSON object with an mcpServers object")
    servers = config.setdefault("mcpServers", {})
    replaced = SERVER_NAME in servers
    servers[SERVER_NAME] = entry
    try:
        config_file.parent.mkdir(parents=True, exist_ok=True)
        scratch = config_file.with_name(config_file.name + ".paralaw-tmp")
        scratch.write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(scratch, config_file)
    except OSError as exc:
        raise UsageError("WRITE_FAILED", f"cannot write {config_file}: {exc.strerror or exc}") from None
    return replaced, len(servers) - 1


def mcp_config(
    allow_dir: list[str] = typer.Option([], "--allow-dir", help="Folder the server may read contracts from (repeatable)."),
    write: bool = typer.Option(False, "--write", help="Merge the entry into the MCP host's configuration file (Claude Desktop's for this OS)."),
    config_file: Optional[str] = typer.Option(None, "--config-file", help="The host configuration file to merge into (default: Claude Desktop's)."),
) -> None:
    """Print the mcpServers entry that starts this paralaw for an MCP host, or merge it into the host's configuration (--write)."""
    try:
        entry = server_entry(_folders(allow_dir))
        if not allow_dir:
            typer.echo("note: without --allow-dir the server reads only its working directory, and no file at all "
                       "when the host starts it in /, a home folder or a system folder (Claude Desktop starts servers "
                       "in /); add --allow-dir FOLDER for the folder that holds your contracts", err=True)
        if not write:
            typer.echo(json.dumps({"mcpServers": {SERVER_NAME: entry}}, indent=2, ensure_ascii=False))
            return
        target = Path(config_file).expanduser() if config_file else host_config_path()
        replaced, kept = merge_into(target, entry)
    except UsageError as exc:
        typer.echo(f"error [{exc.code}]: {exc}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    action = "replaced the paralaw server in" if replaced else "added the paralaw server to"
    others = f"; {kept} other server{'s' if kept != 1 else ''} kept" if kept else ""
    typer.echo(f"{action} {target}{others}. Restart the MCP host (Claude Desktop) to load it.")
