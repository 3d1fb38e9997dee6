"""Running the server: stdio (what MCP hosts launch) and Streamable HTTP.

HTTP binds 127.0.0.1 by default, with DNS-rebinding protection (Host and Origin checks) on any loopback
address. Bearer tokens (--auth-token, repeatable, or PARALAW_AUTH_TOKEN, comma-separated) are required on
every request when set; each token is a tenant that sees only its own reviews.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import logging
import os
import re
import secrets
import socket
import sys
import threading
from collections import OrderedDict
from typing import Any

import anyio

from .app import build_server
from .context import OWNER_KEY
from .http_guard import guarded_protocol
from .parsing import warm_up

logger = logging.getLogger(__name__)


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]')
_ID_VALUE = re.compile(r'\s*:\s*(-?\d{1,18}(?![\d.eE])|"(?:[^"\\]|\\.){0,200}")')


def request_id_of(line: str) -> int | str | None:
    """The top-level "id" of a JSON-RPC line the SDK could not read (nested too deeply for its parser, say),
    found by one linear scan that tracks depth and skips strings; None when there is none."""
    depth = 0
    for token in _TOKEN.finditer(line):
        text = token.group()
        if text in "{[":
            depth += 1
        elif text in "}]":
            depth -= 1
        elif depth == 1 and text == '"id"':
            value = _ID_VALUE.match(line, token.end())
            if value is not None:
                raw = value.group(1)
                return int(raw) if raw[0] != '"' else json.loads(raw)
    return None


def unreadable_reply(error: Exception) -> Any:
    """A JSON-RPC error for a request line the transport could not parse, when its id can be found: without
    one the SDK drops the line and the client waits forever (a 200-deep argument over stdio did exactly that)."""
    import mcp_types as types
    from pydantic import ValidationError

    if not isinstance(error, ValidationError):
        return None
    problem = error.errors()[0] if error.errors() else {}
    raw = problem.get("input")
    if not isinstance(raw, (str, bytes)):
        return None
    line = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    request_id = request_id_of(line)
    if request_id is None:
        return None
    deep = "recursion limit" in str(problem.get("msg", ""))
    message = ("the request nests deeper than the server reads (about 200 levels); send flatter arguments"
               if deep else f"the request could not be read: {str(problem.get('msg', 'invalid'))[:200]}")
    return types.JSONRPCError(jsonrpc="2.0", id=request_id,
                              error=types.ErrorData(code=types.INVALID_REQUEST if deep else types.PARSE_ERROR, message=message))


def _client_gone() -> None:
    """The client closed its end of the pipes: say so in one line, and point fd 1 at the null device so the
    interpreter's last flush at exit does not print a BrokenPipeError of its own."""
    logger.warning("paralaw: the MCP client disconnected; the server stops")
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)
    except OSError:
        pass


async def serve_stdio(**server_options: Any) -> None:
    """Serve one client over stdin/stdout until it disconnects; a client that goes away mid-answer (a broken
    pipe) ends the server with one log line, not a traceback that hosts would show as a crash."""
    try:
        await _serve_stdio(**server_options)
    except* (BrokenPipeError, ConnectionResetError):
        _client_gone()


async def _serve_stdio(**server_options: Any) -> None:
    from mcp.server.stdio import stdio_server
    from mcp.shared._context_streams import create_context_streams
    from mcp.shared.message import SessionMessage

    server = build_server(**server_options)
    async with stdio_server() as (read_stream, write_stream):
        # the parse fork server starts once fd 1 points away from the wire, so no worker can write on it
        threading.Thread(target=warm_up, name="paralaw-parse-warm-up", daemon=True).start()
        relay_send, relay_receive = create_context_streams[SessionMessage | Exception](0)

        async def relay() -> None:
            """Lines the SDK could not parse get an error reply with their id; the rest pass through."""
            async with relay_send:
                async for item in read_stream:
                    reply = unreadable_reply(item) if isinstance(item, Exception) else None
                    if reply is not None:
                        await write_stream.send(SessionMessage(reply))
                    else:
                        await relay_send.send(item)

        async with anyio.create_task_group() as group:
            group.start_soon(relay)
            await server.run(relay_receive, write_stream, server.create_initialization_options())
            group.cancel_scope.cancel()


def run_stdio(**server_options: Any) -> None:
    """Serve one client over stdin/stdout until it disconnects."""
    anyio.run(lambda: serve_stdio(**server_options))


def tenant_of(token: str) -> str:
    """The owner name a token's reviews are stored under: derived from the token, never the token itself."""
    return "tenant-" + hashlib.sha256(token.encode()).hexdigest()[:16]


def configured_tokens(auth_token: str | list[str] | tuple[str, ...] | None) -> list[str]:
    """The tokens given (--auth-token, repeatable), else PARALAW_AUTH_TOKEN (several separated by commas)."""
    given = [auth_token] if isinstance(auth_token, str) else list(auth_token or [])
    if not given:
        given = os.environ.get("PARALAW_AUTH_TOKEN", "").split(",")
    return [t.strip() for t in given if t and t.strip()]


class BearerTokenMiddleware:
    """Refuse any HTTP request without `Authorization: Bearer <token>` for one of the configured tokens
    (constant-time comparison against each). Each token is a tenant: the request's scope carries its owner
    name, so its calls see only the reviews opened with the same token. An MCP session belongs to the tenant
    that created it; a request from another tenant naming that session id is answered 404, as an unknown
    session would be."""

    MAX_SESSIONS = 4096

    def __init__(self, app: Any, tokens: list[str]) -> None:
        self.app = app
        self.expected = [(f"Bearer {token}".encode(), tenant_of(token)) for token in tokens]
        self.sessions: OrderedDict[bytes, str] = OrderedDict()

    def _tenant(self, given: bytes) -> str | None:
        found = None
        for expected, tenant in self.expected:  # every comparison runs, so timing tells nothing
            if secrets.compare_digest(given, expected):
                found = tenant
        return found

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        tenant = self._tenant(headers.get(b"authorization", b""))
        if tenant is None:
            await _answer(send, 401, b'{"error": "missing or wrong bearer token"}', [(b"www-authenticate", b"Bearer")])
            return
        session = headers.get(b"mcp-session-id")
        if session is not None and self.sessions.get(session, tenant) != tenant:
            await _answer(send, 404, b'{"error": "session not found"}')
            return
        scope[OWNER_KEY] = tenant

        async def remember_session(message: Any) -> None:
            if message["type"] == "http.response.start":
                for name, value in message.get("headers") or []:
                    if name.lower() == b"mcp-session-id":
                        self.sessions[value] = tenant
                        self.sessions.move_to_end(value)
                        while len(self.sessions) > self.MAX_SESSIONS:
                            self.sessions.popitem(last=False)
            await send(message)

        await self.app(scope, receive, remember_session)


async def _answer(send: Any, status: int, body: bytes, headers: list | None = None) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


def is_loopback(host: str) -> bool:
    """127.0.0.0/8, ::1 and localhost: addresses only this machine can reach."""
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _transport_security(host: str) -> Any:
    """DNS-rebinding protection (Host and Origin checks) for every loopback address, not only the three the SDK
    knows: a browser page on another site must not reach a server bound to 127.0.0.2 either."""
    from mcp.server.transport_security import TransportSecuritySettings

    if not is_loopback(host):
        return None  # reachable by other machines under names we cannot know; a token guards it
    shown = f"[{host.strip('[]')}]" if ":" in host else host
    names = list(dict.fromkeys([shown, "127.0.0.1", "localhost", "[::1]"]))
    return TransportSecuritySettings(enable_dns_rebinding_protection=True,
                                     allowed_hosts=[f"{n}:*" for n in names],
                                     allowed_origins=[f"http://{n}:*" for n in names])


def http_app(host: str = "127.0.0.1", auth_token: str | list[str] | None = None, **server_options: Any) -> Any:
    """The ASGI app: the SDK's Streamable HTTP app at /mcp, behind the token check when tokens are set."""
    server = build_server(**server_options)
    app = server.streamable_http_app(host=host, transport_security=_transport_security(host))
    tokens = configured_tokens(auth_token)
    return BearerTokenMiddleware(app, tokens) if tokens else app


def run_http(host: str = "127.0.0.1", port: int = 8000, auth_token: str | list[str] | None = None, **server_options: Any) -> None:
    """Serve Streamable HTTP at http://host:port/mcp until interrupted. The socket is bound first, so a port
    in use is an OSError the caller can report, not a log line."""
    import uvicorn

    if not is_loopback(host):
        logger.warning("serving on %s: other machines can reach this server%s", host,
                       "" if configured_tokens(auth_token) else "; set an auth token")
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
    protocol = guarded_protocol()  # request read timeouts and a cap on slow connections (http_guard.py)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", **({"http": protocol} if protocol else {})))
    server.run(sockets=[sock])
