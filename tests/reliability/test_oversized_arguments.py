"""An argument longer than its schema allows is refused from its length alone, before anything walks, validates
or echoes it on the event loop: the answer is short and quick, and another client over HTTP is not held up."""

from __future__ import annotations

import gc
import statistics
import time

import anyio
import pytest
from mcp import Client

from reliability_support import DATA, MSA, ServerProcess, payload
from paralaw.server import build_server

pytestmark = pytest.mark.anyio
HUGE = "liability " * 1_000_000  # 10 MB


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def test_an_oversized_query_is_refused_at_once_without_echoing_it():
    with anyio.fail_after(30):
        async with Client(build_server(":memory:", allowed_dirs=[str(DATA)])) as client:
            await client.call_tool("open_review", {"documents": [{"path": str(MSA)}]})
            started = time.perf_counter()
            result = await client.call_tool("find_clauses", {"query": HUGE})
            elapsed = time.perf_counter() - started
    error = payload(result)
    assert error["code"] == "INVALID_ARGUMENT" and error["details"]["problems"] == [
        {"field": "query", "problem": "10000000 characters, more than the 1000 allowed"}]
    assert len(result.content[0].text) < 3000 and elapsed < 0.2, elapsed


async def test_a_validator_message_never_carries_the_whole_value():
    with anyio.fail_after(30):
        async with Client(build_server(":memory:", allowed_dirs=[str(DATA)])) as client:
            result = await client.call_tool("get_outline", {"document": ["x" * 100_000]})
    assert payload(result)["code"] == "INVALID_ARGUMENT" and len(result.content[0].text) < 3000


# the oversized calls come from a process of their own: building and sending 10 MB of JSON takes the sending
# process a while, and in this one that would be measured as the other client's delay
SENDER = """
import sys, anyio
from mcp import Client

async def main():
    async with Client(sys.argv[1]) as client:
        for size in (4_000_000, 10_000_000, 4_000_000):
            try:
                result = await client.call_tool("find_clauses", {"query": "x" * size})
                print(result.content[0].text[:60].replace("\\n", " "), flush=True)
            except Exception as exc:  # the transport's 413, as the SDK client reports it
                print("refused by the transport:", type(exc).__name__, flush=True)
        assert not (await client.call_tool("list_reviews", {})).is_error  # its session goes on

anyio.run(main)
"""


async def test_other_clients_are_not_delayed_by_an_oversized_argument(tmp_path):
    """A client lists reviews in a loop while another sends a 4 MB query (just under the HTTP body limit, so
    it is read and refused by paralaw) and a 10 MB one (refused by the transport before it is parsed)."""
    import sys

    with ServerProcess("--store", str(tmp_path / "r.db"), "--allow-dir", str(DATA)) as served:
        with anyio.fail_after(90):
            async with Client(served.url) as client:
                await client.call_tool("open_review", {"documents": [{"path": str(MSA)}]})
                idle = []
                for _ in range(10):
                    started = time.perf_counter()
                    await client.call_tool("list_reviews", {})
                    idle.append(time.perf_counter() - started)
                busy: list[float] = []
                done = anyio.Event()
                output = []

                async def send_oversized() -> None:
                    result = await anyio.run_process([sys.executable, "-c", SENDER, served.url], check=False)
                    output.append(result)
                    done.set()

                async def meanwhile() -> None:
                    while not done.is_set():
                        started = time.perf_counter()
                        await client.call_tool("list_reviews", {})
                        busy.append(time.perf_counter() - started)

                # the measure is of the server: a full collection of this test process's heap (large once earlier
                # tests served in process) would pause the measuring client by itself
                gc.collect()
                gc.disable()
                try:
                    async with anyio.create_task_group() as group:
                        group.start_soon(send_oversized)
                        group.start_soon(meanwhile)
                finally:
                    gc.enable()
    sent = output[0]
    assert sent.returncode == 0, sent.stderr.decode()[-2000:]
    lines = sent.stdout.decode().splitlines()
    assert [line.startswith('{"code":"INVALID_ARGUMENT"') for line in lines] == [True, False, True], lines
    assert len(busy) > 5 and max(busy) - statistics.median(idle) < 0.2, (idle, busy)
