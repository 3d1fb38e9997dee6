"""Running the server: stdio (what MCP hosts launch) and Streamable HTTP.

HTTP binds 127.0.0.1 by default, where the SDK turns on DNS-rebinding protection (Host and Origin checks).
An optional bearer token (--auth-token / PARALAW_AUTH_TOKEN) is required on every request when set.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import sys
import threading
from typing import Any

import anyio

from .app import build_server
from .parsing import warm_up

logger = logging.getLogger(__name__)


async def serve_stdio(**server_options: Any) -> None:
    from mcp.server.stdio import stdio_server

    server = build_server(**server_options)
    async with stdio_server() as (read_stream, write_stream):
        # the parse fork server starts once fd 1 points away from the wire, so no worker can write on it
        threading.Thread(target=warm_up, name="paralaw-parse-warm-up", daemon=True).start()
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio(**server_options: Any) -> None:
    """Serve one client over stdin/stdout until it disconnects."""
    anyio.run(lambda: serve_stdio(**server_options))


class BearerTokenMiddleware:
    """Refuse any HTTP request without `Authorization: Bearer <token>` (constant-time comparison)."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not secrets.compare_digest(given, self.expected):
                await send({"type": "http.response.start", "status": 401,
                            "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]})
                await send({"type": "http.response.body", "body": b'{"error": "missing or wrong bearer token"}'})
                return
        await self.app(scope, receive, send)


def http_app(host: str = "127.0.0.1", auth_token: str | None = None, **server_options: Any) -> Any:
    """The ASGI app: the SDK's Streamable HTTP app at /mcp, behind the token check when a token is set."""
    server = build_server(**server_options)
    app = server.streamable_http_app(host=host)
    token = auth_token if auth_token is not None else os.environ.get("PARALAW_AUTH_TOKEN") or None
    return BearerTokenMiddleware(app, token) if token else app


def run_http(host: str = "127.0.0.1", port: int = 8000, auth_token: str | None = None, **server_options: Any) -> None:
    """Serve Streamable HTTP at http://host:port/mcp until interrupted. The socket is bound first, so a port
    in use is an OSError the caller can report, not a log line."""
    import uvicorn

    if host not in ("127.0.0.1", "localhost", "::1"):
        logger.warning("serving on %s: other machines can reach this server; set an auth token", host)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # accepted connections inherit it: without it a keep-alive client waits out delayed ACKs (~40 ms per call)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)  # before the URL is printed: a client that reads it can connect at once
    except OSError:
        sock.close()
        raise
    app = http_app(host=host, auth_token=auth_token, **server_options)
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"paralaw MCP server on http://{shown}:{sock.getsockname()[1]}/mcp (Ctrl-C to stop)", file=sys.stderr, flush=True)
    threading.Thread(target=warm_up, name="paralaw-parse-warm-up", daemon=True).start()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[sock])
