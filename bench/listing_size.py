"""How much smaller a lazy tools/list is than a full one, per domain, measured through the MCP protocol.

Run from the project root: `python -m bench.listing_size [--json]`.

For each domain it starts the server in process twice (--schema lazy and --schema full), opens a review of
that domain (every domain's tools are listed whatever is open, so the rows agree), lists the tools with the SDK's Client and counts the bytes of
the tools/list result as JSON. It also shows the lazy listing after one tool has been expanded (what a
session looks like after its first schema-carrying error). ratio = lazy bytes / full bytes.
"""

from __future__ import annotations

import json
import sys

import anyio
from mcp import Client

from paralaw.server import build_server
from paralaw.skills.packs import DOMAINS

SAMPLE = "1. Scope\n\nThe Parties agree the scope of the works.\n\n2. Payment\n\nPayment is due within 30 days.\n"


async def _listing_bytes(schema_mode: str, domain: str, expand: str | None = None) -> tuple[int, int]:
    server = build_server(":memory:", schema_mode=schema_mode)
    async with Client(server) as client:
        opened = await client.call_tool("open_review", {"documents": [{"text": SAMPLE, "filename": "sample.md"}], "domain": domain})
        if opened.is_error:
            raise RuntimeError(opened.content[0].text)
        if expand:
            await client.call_tool("describe_tools", {"names": [expand]})
        result = await client.list_tools()
    wire = result.model_dump(by_alias=True, mode="json", exclude_none=True)
    return len(result.tools), len(json.dumps(wire, ensure_ascii=False).encode("utf-8"))


async def measure() -> list[dict]:
    rows = []
    for domain in DOMAINS:
        tools, full = await _listing_bytes("full", domain)
        _, lazy = await _listing_bytes("lazy", domain)
        _, one = await _listing_bytes("lazy", domain, expand="get_clause_context")
        rows.append({"domain": domain, "tools": tools, "full_bytes": full, "lazy_bytes": lazy,
                     "ratio": round(lazy / full, 3), "lazy_one_expanded_bytes": one})
    return rows


def main() -> None:
    rows = anyio.run(measure)
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'domain':<10} {'tools':>5} {'full B':>8} {'lazy B':>8} {'ratio':>6} {'lazy+1 B':>9}")
    for r in rows:
        print(f"{r['domain']:<10} {r['tools']:>5} {r['full_bytes']:>8} {r['lazy_bytes']:>8} {r['ratio']:>6.3f} {r['lazy_one_expanded_bytes']:>9}")


if __name__ == "__main__":
    main()
