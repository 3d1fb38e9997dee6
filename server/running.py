"""Where a skill runs: on the event loop while it is quick, in a worker thread once it has been slow.

A long analysis must not stall the server (other sessions, listen streams and HTTP requests go on meanwhile),
so a skill runs in a worker thread until it has shown it is quick. But the hop to a thread and back costs
more than a quick skill's own work (get_clause_context: about 0.1 ms of work, 0.2 ms of hop), so a skill whose
last QUICK_STREAK calls each finished within QUICK_SECONDS runs on the event loop; a call that overruns sends it
back to the thread until it has been quick that many times again. Whole-document calls always take the thread.

A call on the thread is bounded: past SKILL_SECONDS (PARALAW_SKILL_SECONDS, default 120) the client gets a
TIMEOUT error and the server moves on. A Python thread cannot be killed, so the abandoned work finishes in the
background and its result is dropped; the skill then goes back to the thread until it is quick again. Only a
skill that has just been quick, with small arguments, runs inline, where it cannot be interrupted.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Awaitable, Callable

import anyio

from paralaw.skills.framework.dispatcher import SkillDispatcher
from paralaw.skills.framework.schema import SkillError, SkillResult

QUICK_SECONDS = 0.002
QUICK_STREAK = 3
SKILL_SECONDS = float(os.environ.get("PARALAW_SKILL_SECONDS", 120))


class _OwnLoop:
    """An event loop owned by one worker thread; closed when the thread ends and drops it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()

    def __del__(self) -> None:
        self.loop.close()


_per_thread = threading.local()


def _timed_on_thread_loop(job: Callable[[], Awaitable[SkillResult]]) -> tuple[SkillResult, float]:
    """Run the job on this worker thread's own event loop, made on first use (a new loop per call costs more
    than a quick skill), and time the job alone: CPU time, since under load the thread's wall time is mostly
waiting for the GIL."""
    own = getattr(_per_thread, "own", None)
    if own is None:
        own = _per_thread.own = _OwnLoop()
    started = time.thread_time()
    result = own.loop.run_until_complete(job())
    return result, time.thread_time() - started


INLINE_ARGUMENT_CHARS = 20_000


def _small(arguments: dict[str, Any]) -> bool:
    """Whether the arguments' strings add up to little text (counted without walking deep nesting twice)."""
    total, stack = 0, list(arguments.values())
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            total += len(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        if total > INLINE_ARGUMENT_CHARS or len(stack) > INLINE_ARGUMENT_CHARS:
            return False
    return True


@dataclass
class SkillRunner:
    """Per skill, how many of its calls in a row finished within QUICK_SECONDS; at QUICK_STREAK it runs inline."""

    streaks: dict[str, int] = field(default_factory=dict)
    seconds: float = SKILL_SECONDS

    async def run(self, dispatcher: SkillDispatcher, name: str, clause_id: str, primary: Any,
                  state: dict[str, Any], arguments: dict[str, Any]) -> SkillResult:
        job = partial(dispatcher.prepare_and_call, name, clause_id, primary, state, llm_arguments=arguments)
        if (self.streaks.get(name, 0) >= QUICK_STREAK and clause_id != "*" and not arguments.get("whole_document")
                and _small(arguments)):  # a quick skill handed a megabyte of text is not quick this time
            started = time.thread_time()
            result = await job()
            seconds = time.thread_time() - started
        else:
            with anyio.move_on_after(self.seconds) as bound:
                result, seconds = await anyio.to_thread.run_sync(_timed_on_thread_loop, job, abandon_on_cancel=True)
            if bound.cancelled_caught:
                self.streaks[name] = 0
                return SkillResult(skill_id=name, success=False, error=SkillError(
                    code="TIMEOUT", message=f"{name} did not finish within {self.seconds:g} s (PARALAW_SKILL_SECONDS); "
                                            f"try a single clause rather than the whole document, or a shorter input",
                    details={"limit_seconds": self.seconds}))
        self.streaks[name] = self.streaks.get(name, 0) + 1 if seconds <= QUICK_SECONDS else 0
        return result
