"""Load in CI's reduced form (bench/load_http.py runs 50 clients x 100 calls): concurrent HTTP clients on five
open reviews, every answer compared with its own review's, no errors, no cross-talk, memory stable."""

from __future__ import annotations

import tempfile
from pathlib import Path

import anyio
import pytest

from bench import load_http

CLIENTS, CALLS = 10, 20


@pytest.fixture
def anyio_backend():
    return "asyncio"


def test_concurrent_clients_see_only_their_own_review():
    figures = load_http.measure(CLIENTS, CALLS)
    assert figures.calls == CLIENTS * CALLS
    assert figures.errors == 0 and figures.cross_talk == 0, figures.samples[:5]
    assert figures.rss_growth_mb < 25, figures  # the same load again after warm-up: no growth with the calls


@pytest.mark.anyio
async def test_the_check_sees_cross_talk():
    """The detector itself: answers expected from the wrong review are counted as errors and as cross-talk."""
    import httpx

    with tempfile.TemporaryDirectory() as folder:
        allowed = sorted({p.parent for p in load_http.CONTRACTS[:2]})
        with load_http.serving(str(Path(folder) / "r.db"), allowed) as (url, process):
            with anyio.fail_after(120):
                async with httpx.AsyncClient(timeout=60) as http:
                    first, second = await load_http.open_reviews(http, url, load_http.CONTRACTS[:2])
                second.calls = first.calls  # the second review's clients now send the first review's calls
                figures = load_http.Figures(clients=4, calls_per_client=5, reviews=2)
                await load_http.one_round(url, [first, second], figures, timeout=120)
    assert figures.errors == 10 and figures.cross_talk == 10  # clients 1 and 3 (review two) got review one's answers
