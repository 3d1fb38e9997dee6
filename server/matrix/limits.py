"""Per-contract limits in the process pool's workers, so that one contract cannot hold a worker for ever.

A data room holds files nobody has looked at: a 30 MB export of a whole mailbox saved as .txt takes minutes
of CPU and most of a gigabyte to classify. In a pool worker (never in the command's own process, nor on a Dask
cluster, which manages its workers itself):

- each contract gets PARALAW_MATRIX_SECONDS of CPU time (default 120): the soft RLIMIT_CPU is set that far
  past what the worker has used so far, and the SIGXCPU it then receives becomes DOCUMENT_TOO_COMPLEX in that
  contract's row (the hard limit, if set, still ends a worker that ignores it: WORKER_LOST);
- the worker's address space is capped (RLIMIT_AS) at PARALAW_MATRIX_MEMORY_MB above its size at start
  (default 2048), so an allocation past it is a MemoryError (OUT_OF_MEMORY in the row), not the machine
  swapping or the kernel's OOM killer choosing a victim.

Both are POSIX; elsewhere the contracts run without them.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any, Iterator

from paralaw.skills.errors import DocumentError

MATRIX_SECONDS = float(os.environ.get("PARALAW_MATRIX_SECONDS", 120))
MATRIX_MEMORY_MB = int(os.environ.get("PARALAW_MATRIX_MEMORY_MB", 2048))


class OverTime(DocumentError):
    code = "DOCUMENT_TOO_COMPLEX"


def _over_time(signum: int, frame: Any) -> None:
    raise OverTime(f"analysing it took more than {MATRIX_SECONDS:g} CPU-seconds (PARALAW_MATRIX_SECONDS)")


def worker_start() -> None:
    """Pool initializer: cap this worker's address space."""
    try:
        import resource

        with open("/proc/self/status") as status:
            size = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize"))
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = size + MATRIX_MEMORY_MB * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))
    except (ImportError, OSError, ValueError, StopIteration):
        pass  # not Linux: no cap


@contextmanager
def cpu_budget(seconds: float = MATRIX_SECONDS) -> Iterator[None]:
    try:
        import resource
        import signal
    except ImportError:
        yield
        return
    usage = resource.getrusage(resource.RUSAGE_SELF)
    before = resource.getrlimit(resource.RLIMIT_CPU)
    soft = int(usage.ru_utime + usage.ru_stime + seconds) + 1
    hard = before[1]
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))
    previous = signal.signal(signal.SIGXCPU, _over_time)
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_CPU, before)
        signal.signal(signal.SIGXCPU, previous)
