"""Documents are turned into text and parsed in a worker process, under limits, cancellable.

A small hostile file can cost unbounded work in a library the server does not control (a PDF content stream
that pypdf reads in quadratic time, a .docx whose XML inflates tenfold in lxml). In the server's own process
that work would hold a CPU and memory for every client, and nothing could stop it. So each document is parsed
in a fresh process forked from a clean fork server (the parser modules preloaded there, so a start costs a few
milliseconds), which:

- has its address space capped (RLIMIT_AS) at PARALAW_PARSE_MEMORY_MB above its size at start (default 640 MB);
- has its CPU time capped (RLIMIT_CPU) just past the call's time budget, so it dies even if nobody kills it;
- is killed when the budget (PARALAW_PARSE_SECONDS, default 8 s for all the documents of one call) runs out,
  or at once when the caller cancels (the client cancelled the request or went away).

The parent reads the file through the file gate first (skills/documents/gate.py), so the worker gets bytes,
never a path. An exhausted limit is the error DOCUMENT_TOO_COMPLEX naming the limit, not a hang.
PARALAW_PARSE_IN_PROCESS=1 parses in the calling thread instead (for debugging).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from paralaw.skills.documents.loaders import DEFAULT_LIMITS, Limits, document_text, parse_document_text
from paralaw.skills.documents.model import DocumentStructure
from paralaw.skills.errors import DocumentError

PARSE_SECONDS = float(os.environ.get("PARALAW_PARSE_SECONDS", 8))
PARSE_MEMORY_MB = int(os.environ.get("PARALAW_PARSE_MEMORY_MB", 640))
IN_PROCESS = os.environ.get("PARALAW_PARSE_IN_PROCESS", "") not in ("", "0")
_PRELOAD = ["__main__", "paralaw.server.quiet_fork", "paralaw.server.parsing", "docx", "pypdf", "lxml.etree"]

_context_lock = threading.Lock()
_context: Any = None


def _mp_context() -> Any:
    """The fork-server context, made once: forking from the server itself would copy its threads and event
    loop; the fork server is a small clean process with the parser already imported."""
    global _context
    with _context_lock:
        if _context is None:
            methods = multiprocessing.get_all_start_methods()
            _context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            if "forkserver" in methods:
                _context.set_forkserver_preload(_PRELOAD)
        return _context


def _vm(field_name: str) -> int:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith(field_name))


_start_size = 0


def _near_memory_cap(memory_mb: int) -> bool:
    """Whether the worker's peak address space came within reach of its cap: then a library's failure (lxml
    says "unknown error" when malloc fails) was the cap, not a broken file."""
    try:
        return _start_size > 0 and _vm("VmPeak") - _start_size >= 0.5 * memory_mb * 1024 * 1024
    except (OSError, StopIteration, ValueError):
        return False


def _limit_self(memory_mb: int, cpu_seconds: float) -> None:
    global _start_size
    import resource

    try:
        size = _start_size = _vm("VmSize")
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = size + memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))
    except (OSError, ValueError, StopIteration):
        pass  # no /proc (not Linux): the parent's timeout still bounds the work
    seconds = int(cpu_seconds) + 1
    _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (seconds if hard == resource.RLIM_INFINITY else min(seconds, hard), hard))


def _parse(kind: str, payload: Any, name: str, limits: Limits) -> DocumentStructure:
    text = document_text(payload, name, limits) if kind == "bytes" else payload
    return parse_document_text(text, filename=name)


def _work(connection: Any, kind: str, payload: Any, name: str, limits: Limits, memory_mb: int, cpu_seconds: float) -> None:
    """The worker: parse, send back ("ok", structure) or ("error", code, message, details), exit."""
    _limit_self(memory_mb, cpu_seconds)
    try:
        answer: tuple = ("ok", _parse(kind, payload, name, limits))
    except DocumentError as exc:
        answer = ("error", exc.code, exc.message, exc.details)
        if exc.code == "CORRUPT_FILE" and _near_memory_cap(memory_mb):
            answer = ("error", "DOCUMENT_TOO_COMPLEX",
                      f"{name} needs more than {memory_mb} MB to read (PARALAW_PARSE_MEMORY_MB)", {"limit_mb": memory_mb})
    except MemoryError:
        answer = ("error", "DOCUMENT_TOO_COMPLEX",
                  f"{name} needs more than {memory_mb} MB to read (PARALAW_PARSE_MEMORY_MB)", {"limit_mb": memory_mb})
    except RecursionError:
        answer = ("error", "CORRUPT_FILE", f"{name} nests too deeply to be read", {})
    except Exception as exc:  # a library's own failure on a broken file: the file's fault, said in one line
        text = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
        answer = ("error", "CORRUPT_FILE", f"{name} could not be read: {text}", {})
    try:
        try:
            connection.send(answer)
        except MemoryError:
            connection.send(("error", "DOCUMENT_TOO_COMPLEX",
                             f"{name} needs more than {memory_mb} MB to read (PARALAW_PARSE_MEMORY_MB)", {"limit_mb": memory_mb}))
        connection.close()
    except OSError:  # the server stopped waiting (its client went away, or it is shutting down): nobody to tell
        pass


@dataclass
class ParseJob:
    """The parsing of one call's documents: a shared time budget, and its workers so they can be killed when
    the caller cancels (from the event loop, while the parsing thread waits)."""

    seconds: float = field(default_factory=lambda: PARSE_SECONDS)
    memory_mb: int = field(default_factory=lambda: PARSE_MEMORY_MB)
    limits: Limits = field(default_factory=lambda: DEFAULT_LIMITS)
    deadline: float = field(init=False)
    cancelled: bool = field(default=False, init=False)
    _workers: set = field(default_factory=set, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)

    def __post_init__(self) -> None:
        self.deadline = time.monotonic() + self.seconds

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            workers = list(self._workers)
        for process in workers:  # the parsing thread reaps them
            try:
                process.kill()
            except (ValueError, AttributeError, OSError):
                pass

    def parse_bytes(self, data: bytes, name: str) -> DocumentStructure:
        return self._run("bytes", data, name)

    def parse_text(self, text: str, name: str) -> DocumentStructure:
        return self._run("text", text, name)

    def _run(self, kind: str, payload: Any, name: str) -> DocumentStructure:
        if IN_PROCESS:
            return _parse(kind, payload, name, self.limits)
        remaining = self.deadline - time.monotonic()
        if remaining <= 0.05:
            raise self._timeout(name)
        context = _mp_context()
        receiver, sender = context.Pipe(duplex=False)
        process = context.Process(target=_work, args=(sender, kind, payload, name, self.limits, self.memory_mb, remaining),
                                  daemon=True, name=f"paralaw-parse {name[:40]}")
        with self._lock:
            if self.cancelled:
                raise DocumentError(f"reading {name} was cancelled", code="CANCELLED")
            process.start()
            self._workers.add(process)
        sender.close()
        try:
            answer = None
            if receiver.poll(max(0.0, self.deadline - time.monotonic())):
                try:
                    answer = receiver.recv()
                except (EOFError, OSError):
                    answer = None
        finally:
            receiver.close()
            _kill(process)
            with self._lock:
                self._workers.discard(process)
        if self.cancelled:
            raise DocumentError(f"reading {name} was cancelled", code="CANCELLED")
        if answer is None:
            if time.monotonic() >= self.deadline - 0.05 or process.exitcode in (-9, -24):  # SIGKILL / SIGXCPU
                raise self._timeout(name)
            if process.exitcode is not None and process.exitcode < 0:  # a C library that ran out of memory
                raise DocumentError(f"{name} needs more than {self.memory_mb} MB to read (PARALAW_PARSE_MEMORY_MB)",
                                    code="DOCUMENT_TOO_COMPLEX", details={"limit_mb": self.memory_mb})
            raise DocumentError(f"the reader of {name} stopped without an answer (exit code {process.exitcode})",
                                code="PARSER_FAILED", details={"exit_code": process.exitcode})
        if answer[0] == "ok":
            return answer[1]
        _, code, message, details = answer
        raise DocumentError(message, code=code, details=details)

    def _timeout(self, name: str) -> DocumentError:
        return DocumentError(f"{name} takes more than {self.seconds:g} s to read (PARALAW_PARSE_SECONDS); "
                             "it is too large or built to be slow", code="DOCUMENT_TOO_COMPLEX",
                             details={"limit_seconds": self.seconds})


def warm_up() -> None:
    """Start the fork server now (it imports the parsers, about a second) so the first open_review does not wait."""
    if IN_PROCESS:
        return
    try:
        ParseJob(seconds=30).parse_text("1. Warm-up\n\nThe parser is ready.\n", "warm-up.md")
    except Exception:  # noqa: BLE001 - a failure here shows again, with its reason, on the first real call
        pass


def _kill(process: Any) -> None:
    try:
        if process.is_alive():
            process.kill()
        process.join(timeout=5)
    except (ValueError, AssertionError, OSError):  # not started, or already reaped
        pass
