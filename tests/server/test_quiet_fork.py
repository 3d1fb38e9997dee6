"""The parse workers' fork server stays quiet when a worker finds its server gone (the client disconnected while
the worker was being started), and still reports every other error."""

from __future__ import annotations

import subprocess
import sys

import pytest

from paralaw.server.parsing import _PRELOAD

SCRIPT = """
import sys
import paralaw.server.quiet_fork
try:
    raise {error}("parent gone")
except Exception:
    sys.excepthook(*sys.exc_info())  # what the fork server does with a worker's failure
"""


def test_the_fork_server_preloads_the_hook():
    assert "paralaw.server.quiet_fork" in _PRELOAD


@pytest.mark.parametrize("error, quiet", [("EOFError", True), ("BrokenPipeError", True), ("ValueError", False)])
def test_a_vanished_parent_is_no_traceback_but_a_bug_still_is(error, quiet):
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(error=error)], capture_output=True, text=True, timeout=60)
    assert ("Traceback" not in done.stderr) is quiet, done.stderr
