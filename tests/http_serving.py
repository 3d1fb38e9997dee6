"""paralaw's HTTP app under uvicorn inside a test's event loop (a uniquely named module beside the root
conftest, importable from every test folder; conftest modules themselves are never imported)."""

from __future__ import annotations

import socket
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import anyio
import uvicorn

from paralaw.server import http_app


@asynccontextmanager
async def serving_http(**options: Any) -> AsyncIterator[str]:
    """http_app(**options) on a socket bound before the server starts, so there is no wait for readiness;
    yields the /mcp URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    server = uvicorn.Server(uvicorn.Config(http_app(**options), log_level="warning", lifespan="on"))
    async with anyio.create_task_group() as tg:
        tg.start_soon(server.serve, [sock])
        try:
            yield f"http://127.0.0.1:{sock.getsockname()[1]}/mcp"
        finally:
            server.should_exit = True
    sock.close()
