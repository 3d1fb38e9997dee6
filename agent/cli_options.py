"""The values `paralaw review`'s options take, checked before anything heavy is imported or any file is read."""

from __future__ import annotations

from .cli_errors import UsageError

DOMAINS = ("generic", "fidic", "sha_spa")
LANGUAGES = ("en", "zh")
MODES = ("react", "checklist", "offline")  # pipeline.MODES (a test keeps the two equal)
LEVELS = ("high", "medium", "low")  # report.LEVELS, most severe first


def check_options(*, fail_on: str | None, mode: str | None, domain: str | None, language: str | None,
                  server: str | None = None) -> None:
    if fail_on and fail_on not in LEVELS:
        raise UsageError("INVALID_OPTION", f"--fail-on must be one of {', '.join(LEVELS)}, not '{fail_on}'")
    if mode and mode not in MODES:
        raise UsageError("INVALID_OPTION", f"--mode must be one of {', '.join(MODES)}, not '{mode}'")
    if domain and domain not in DOMAINS:
        raise UsageError("UNKNOWN_DOMAIN", f"unknown domain '{domain}'; choose one of {', '.join(DOMAINS)}")
    if language and language not in LANGUAGES:
        raise UsageError("UNKNOWN_LANGUAGE", f"unknown language '{language}'; choose one of {', '.join(LANGUAGES)}, "
                                             f"or leave --language out to detect it")
    if server and not (server.startswith(("http://", "https://", "stdio:")) or server in ("stdio", "inprocess", "in-process")):
        raise UsageError("INVALID_OPTION", f"--server must be an http(s):// URL, 'stdio' or 'stdio:COMMAND', not '{server}'")
