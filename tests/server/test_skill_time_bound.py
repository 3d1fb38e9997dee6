"""Each skill call on the worker thread is bounded in time: past the bound the caller gets TIMEOUT at once, the
server goes on serving, and the skill is no longer trusted to run inline."""

from __future__ import annotations

import time

import anyio
import pytest

from paralaw.server.running import SkillRunner
from paralaw.skills.framework.schema import SkillResult

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


class Dispatcher:
    """A registry whose `stuck` skill computes for two seconds (holding its thread, as a slow regex would)."""

    async def prepare_and_call(self, name, clause_id, primary, state, llm_arguments=None):
        if name == "stuck":
            time.sleep(2.0)
        return SkillResult(skill_id=name, success=True, data={"summary": name})


async def test_a_stuck_skill_answers_timeout_and_the_runner_goes_on():
    runner = SkillRunner(seconds=0.3)
    started = time.monotonic()
    with anyio.fail_after(5):
        result = await runner.run(Dispatcher(), "stuck", "1", None, {}, {"clause_id": "1"})
        waited = time.monotonic() - started
        quick = await runner.run(Dispatcher(), "quick", "1", None, {}, {"clause_id": "1"})
    assert not result.success and result.error.code == "TIMEOUT"
    assert "did not finish within 0.3 s (PARALAW_SKILL_SECONDS)" in result.error.message
    assert waited < 1.5  # the caller did not wait for the stuck work
    assert quick.success and quick.data == {"summary": "quick"}
    assert runner.streaks["stuck"] == 0
