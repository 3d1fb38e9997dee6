"""Slow HTTP clients cannot hold the server: time limits on reading a request, and a cap on connections that
are still sending one.

uvicorn times out idle keep-alive connections but not a request that arrives slowly: a client that sends one
header byte every few seconds (slowloris) keeps its connection, and enough of them exhaust the server's file
descriptors. This protocol (uvicorn's httptools protocol with timers added) closes a connection whose request
headers are not complete PARALAW_HTTP_HEADER_TIMEOUT seconds (default 10) after it opened or its request began
(answering 408), or whose body is not complete PARALAW_HTTP_BODY_TIMEOUT seconds (default 30) after its
headers. When more than PARALAW_HTTP_MAX_SLOW connections (default 256) are still sending headers, the one
that has been at it longest is closed to make room, so a flood of slow connections cannot lock others out.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import Any

HEADER_TIMEOUT = float(os.environ.get("PARALAW_HTTP_HEADER_TIMEOUT", 10))
BODY_TIMEOUT = float(os.environ.get("PARALAW_HTTP_BODY_TIMEOUT", 30))
MAX_SLOW = int(os.environ.get("PARALAW_HTTP_MAX_SLOW", 256))
_TIMEOUT_BODY = b"the request did not arrive in time\n"
_TIMEOUT_RESPONSE = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain\r\ncontent-length: %d\r\n"
                     b"connection: close\r\n\r\n" % len(_TIMEOUT_BODY)) + _TIMEOUT_BODY


def guarded_protocol() -> Any:
    """uvicorn's httptools protocol class with request read timeouts; None (uvicorn's own choice) without
    httptools."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - httptools is a dependency
        return None

    reading: OrderedDict[int, Any] = OrderedDict()  # connections still sending headers, oldest first

    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        _read_timer: Any = None

        def _arm(self, seconds: float, headers: bool) -> None:
            self._disarm()
            self._read_timer = self.loop.call_later(seconds, self._read_timed_out, headers)
            if headers:
                reading[id(self)] = self
                while len(reading) > MAX_SLOW:
                    _, oldest = reading.popitem(last=False)
                    oldest._read_timed_out(True)

        def _disarm(self) -> None:
            if self._read_timer is not None:
                self._read_timer.cancel()
                self._read_timer = None
            reading.pop(id(self), None)

        def _read_timed_out(self, headers: bool) -> None:
            self._disarm()
            if self.transport is not None and not self.transport.is_closing():
                if headers:  # nothing was handed to the app yet: say why before closing
                    self.transport.write(_TIMEOUT_RESPONSE)
                self.transport.close()

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm(HEADER_TIMEOUT, True)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._read_timer is None:
                self._arm(HEADER_TIMEOUT, True)

        def on_headers_complete(self) -> None:
            self._arm(BODY_TIMEOUT, False)
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return GuardedHttpToolsProtocol
