"""Loaded only into the parse workers' fork server (server/parsing.py preloads it, nothing else imports it).

When the server stops while a worker is being started - its MCP client went away - the new worker finds nothing
to read from its parent. That is a normal end, not a crash: without this hook the fork server prints the
worker's EOFError as a traceback on the stderr it shares with the server, and hosts show that as a failure.
"""

from __future__ import annotations

import sys

_PARENT_GONE = (EOFError, BrokenPipeError, ConnectionResetError)
_original = sys.excepthook


def _quiet_when_parent_gone(kind, value, traceback) -> None:
    if issubclass(kind, _PARENT_GONE):
        return
    _original(kind, value, traceback)


sys.excepthook = _quiet_when_parent_gone
