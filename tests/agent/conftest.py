"""Fixtures for the agent tests: the scripted model server and a model client pointed at it."""

from __future__ import annotations

import pytest

from paralaw.agent.llm import OpenAIChatModel


class SleepRecorder:
    """Stands in for anyio.sleep in the retry policy: records the delays, waits for nothing."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        import anyio

        self.delays.append(seconds)
        await anyio.lowlevel.checkpoint()


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()


@pytest.fixture
def make_model(sleeps):
    def _make(llm, **kwargs) -> OpenAIChatModel:
        options = dict(model="scripted", base_url=llm.base_url, api_key="test", timeout=5.0, max_retries=2, sleep=sleeps)
        options.update(kwargs)
        return OpenAIChatModel(**options)

    return _make


@pytest.fixture
def anyio_backend():
    return "asyncio"
