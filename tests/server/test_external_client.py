"""An unmodified external MCP client, the MCP Inspector's CLI mode run with npx, lists and calls the tools of
`paralaw serve` over stdio. Each inspector run starts its own server process; they share one store file.

Skipped, with the reason, where npx is missing or the inspector cannot be installed (no registry access).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mcp_flow import DATA

PACKAGE = os.environ.get("PARALAW_INSPECTOR_PACKAGE", "@modelcontextprotocol/inspector@0.15.0")
NETWORK_TROUBLE = re.compile(r"ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|network|E404|offline|403 Forbidden", re.I)


def _inspector(store: Path, *args: str) -> dict:
    npx = shutil.which("npx")
    if npx is None:
        pytest.skip("npx is not installed, so the MCP Inspector cannot run")
    paralaw = shutil.which("paralaw", path=str(Path(sys.executable).parent)) or shutil.which("paralaw")
    command = [npx, "--yes", PACKAGE, "--cli", paralaw, "serve", "--store", str(store), "--allow-dir", str(DATA), *args]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.skip(f"{PACKAGE} did not install and run within 300 s (slow or no registry access)")
    if done.returncode != 0 and NETWORK_TROUBLE.search(done.stderr):
        pytest.skip(f"{PACKAGE} cannot be installed here: {done.stderr.strip().splitlines()[-1]}")
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_inspector_lists_and_calls_tools(tmp_path):
    store = tmp_path / "reviews.db"
    listing = _inspector(store, "--method", "tools/list")
    tools = {tool["name"]: tool for tool in listing["tools"]}
    assert {"open_review", "get_clause_context", "describe_tools"} <= set(tools)
    assert tools["get_clause_context"]["inputSchema"] == {"type": "object", "properties": {}}

    opened = _inspector(store, "--method", "tools/call", "--tool-name", "open_review", "--tool-arg",
                        'documents=[{"path": "review_cases/services_a/master_services_agreement.md"}]', "our_party=Customer")
    assert opened["isError"] is False and opened["structuredContent"]["domain"] == "generic"

    missing = _inspector(store, "--method", "tools/call", "--tool-name", "get_clause_context")
    error = json.loads(missing["content"][0]["text"])
    assert missing["isError"] is True and error["details"]["missing"] == ["clause_id"]

    clause = _inspector(store, "--method", "tools/call", "--tool-name", "get_clause_context", "--tool-arg", "clause_id=15.2")
    assert clause["structuredContent"]["parent_chain"] == [{"clause_id": "15", "title": "Limitation of Liability"}]
