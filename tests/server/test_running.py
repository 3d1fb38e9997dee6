"""Where skills run: quick ones on the event loop (no thread hop), slow ones and whole-document calls in a
worker thread, so one long analysis cannot stall the server's other requests."""

from __future__ import annotations

import threading
import time

import pytest
from pydantic import BaseModel

from paralaw.server.running import QUICK_STREAK, SkillRunner
from paralaw.skills.framework.base import ClauseInput
from paralaw.skills.framework.dispatcher import SkillDispatcher
from paralaw.skills.framework.schema import SkillRegistration

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


class Spent(BaseModel):
    thread: int


def _registration(seconds_by_clause: dict[str, float]) -> SkillRegistration:
    """A skill that burns the CPU for as long as its clause says and reports the thread it ran on."""
    def burn(data: ClauseInput) -> Spent:
        until = time.thread_time() + seconds_by_clause.get(data.clause_id, 0.0)
        while time.thread_time() < until:
            pass
        return Spent(thread=threading.get_ident())

    return SkillRegistration(skill_id="burn", name="Burn", description="Burn CPU.", input_schema=ClauseInput,
                             output_schema=Spent, local_handler=burn)


async def _thread_of(runner: SkillRunner, dispatcher: SkillDispatcher, clause_id: str) -> int:
    result = await runner.run(dispatcher, "burn", clause_id, None, {}, {"clause_id": clause_id})
    assert result.success, result.error
    return result.data["thread"]


async def test_a_quick_skill_moves_onto_the_event_loop_and_a_slow_call_sends_it_back():
    dispatcher = SkillDispatcher([_registration({"slow": 0.05})])
    await _thread_of(SkillRunner(), dispatcher, "1")  # one-time costs (the first validation) paid outside the streak
    runner = SkillRunner()
    loop_thread = threading.get_ident()

    first = [await _thread_of(runner, dispatcher, "1") for _ in range(QUICK_STREAK)]
    assert loop_thread not in first  # unknown skills start in a worker thread
    assert await _thread_of(runner, dispatcher, "1") == loop_thread

    assert await _thread_of(runner, dispatcher, "slow") == loop_thread  # it had been quick: this one overran
    assert await _thread_of(runner, dispatcher, "1") != loop_thread  # ... so the thread again
    assert await _thread_of(runner, dispatcher, "*") != loop_thread


async def test_whole_document_calls_always_take_a_thread():
    dispatcher = SkillDispatcher([_registration({})])
    runner = SkillRunner()
    for _ in range(QUICK_STREAK + 2):
        assert await _thread_of(runner, dispatcher, "*") != threading.get_ident()
