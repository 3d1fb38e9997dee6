"""What the `paralaw` command tells the user when something is wrong, and the exit status it ends with.

Exit status, for every command:

    0  done (for `review`: no risk at or above --fail-on, or no --fail-on)
    1  `review --fail-on LEVEL` found risks at or above LEVEL; a line on stderr says how many, of which severity
    2  bad input: a missing, empty, corrupt or unsupported file, a bad option or playbook; one line on stderr,
       `error [CODE]: message`
    3  an internal error (a bug): one line on stderr; PARALAW_DEBUG=1 prints the traceback as well

Nothing a user does should end in a traceback. Light on purpose: `paralaw parse` imports this.
"""

from __future__ import annotations

import logging
import os
import sys
import traceback
import warnings

import typer

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3

# PDF (and Word) libraries log their complaints about a damaged file as warnings; the command reports the
# file's problem itself, in one line, so theirs never reach the terminal.
QUIET_LOGGERS = ("pypdf", "docx")


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def fail(code: str, message: str) -> None:
    typer.echo(f"error [{code}]: {message}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def internal_error(exc: BaseException) -> int:
    """One line for a bug (the traceback too with PARALAW_DEBUG=1); returns exit status 3."""
    if os.environ.get("PARALAW_DEBUG"):
        traceback.print_exception(exc, file=sys.stderr)
    text = " ".join(str(exc).split())[:300]
    typer.echo(f"error [INTERNAL_ERROR]: {type(exc).__name__}: {text} (a bug in paralaw; PARALAW_DEBUG=1 shows "
               f"the traceback)", err=True)
    return EXIT_INTERNAL


def quiet_libraries() -> None:
    """Keep the document libraries' own warnings off the terminal."""
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    for module in QUIET_LOGGERS:
        warnings.filterwarnings("ignore", module=rf"{module}(\.|$)")
