"""Tool listing size per domain, lazy vs full, with a token estimate (bytes / 4, a rough rule for English
JSON; no tokenizer is used). The bytes come from bench.listing_size, which lists the tools through the MCP
protocol after opening a review of each domain. Goal: lazy <= 10% of full.

    python -m bench.perf_listing [--json]
"""

from __future__ import annotations

import json
import sys
from typing import Any

import anyio

from .listing_size import measure as listing_measure

GOAL_RATIO = 0.10


def tokens(n_bytes: int) -> int:
    """Estimated tokens: bytes / 4."""
    return round(n_bytes / 4)


async def measure() -> list[dict[str, Any]]:
    rows = []
    for row in await listing_measure():
        ratio = row["lazy_bytes"] / row["full_bytes"]
        rows.append({**row, "full_tokens_est": tokens(row["full_bytes"]), "lazy_tokens_est": tokens(row["lazy_bytes"]),
                     "ratio": round(ratio, 3), "goal": f"lazy <= {GOAL_RATIO:.0%} of full", "met": ratio <= GOAL_RATIO})
    return rows


def main() -> int:
    rows = anyio.run(measure)
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'domain':<10} {'tools':>5} {'full B':>8} {'~tok':>6} {'lazy B':>8} {'~tok':>6} {'ratio':>6}")
    for r in rows:
        print(f"{r['domain']:<10} {r['tools']:>5} {r['full_bytes']:>8} {r['full_tokens_est']:>6} {r['lazy_bytes']:>8} "
              f"{r['lazy_tokens_est']:>6} {r['ratio']:>6.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
