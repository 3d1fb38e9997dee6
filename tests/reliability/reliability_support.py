"""Paths and small helpers the reliability tests share (a uniquely named module: several test folders have a
conftest module, so nothing here is imported from one)."""

from __future__ import annotations

import json
import socket
import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

import anyio

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
CASES = DATA / "review_cases"
SERVICES = CASES / "services_a"
MSA = SERVICES / "master_services_agreement.md"
AGENT_TESTS = ROOT / "tests" / "agent"


def scripted_llm_module():
    """tests/agent/scripted_llm.py (the misbehaving OpenAI-compatible server), importable from here."""
    if str(AGENT_TESTS) not in sys.path:
        sys.path.append(str(AGENT_TESTS))
    import scripted_llm

    return scripted_llm


def payload(result: Any) -> dict:
    assert result.content and result.content[0].type == "text"
    return json.loads(result.content[0].text)


def free_socket() -> socket.socket:
    """A listening socket on 127.0.0.1 with a port the OS chose: the server can start on it with no wait."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    return sock


@asynccontextmanager
async def serving_http(**options: Any) -> AsyncIterator[str]:
    """paralaw's HTTP app (http_app) under uvicorn in this event loop; yields the /mcp URL."""
    import uvicorn

    from paralaw.server import http_app

    sock = free_socket()
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(http_app(**options), log_level="warning", lifespan="on"))
    async with anyio.create_task_group() as tg:
        tg.start_soon(server.serve, [sock])
        try:
            yield f"http://127.0.0.1:{port}/mcp"
        finally:
            server.should_exit = True
    sock.close()
