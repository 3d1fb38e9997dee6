"""Fixtures for the agent tests: the scripted model server, a model client pointed at it, and `paralaw review`
run in this process."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

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


@pytest.fixture
def review(tmp_path, monkeypatch):
    """`paralaw review ...` in this process (no interpreter start-up), from tmp_path, with no LLM configured."""
    from paralaw.agent.cli import app

    for name in list(os.environ):
        if name.startswith(("OPENAI_", "USE_REACT", "PARALAW_")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)

    def run(*args: str):
        return CliRunner().invoke(app, ["review", *args])

    return run


@pytest.fixture
def succeeding_review(review):
    """The `paralaw review` runner above, asserting that the review succeeds."""

    def run(*args: str):
        done = review(*args)
        assert done.exit_code == 0, done.output
        return done

    return run
