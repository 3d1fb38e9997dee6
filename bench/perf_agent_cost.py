"""Agent cost with a scripted model: model calls and prompt bytes per clause, lazy vs full tool schemas.

The reference agent reviews the review-case master services agreement in ReAct mode against the scripted
OpenAI-compatible server of the agent tests (tests/agent/scripted_llm.py, on 127.0.0.1). For every clause the
script makes the same moves whatever the listing says: call extract_financial_terms, then
cross_reference_check (arguments left to the agent's defaults: the clause and the review), then answer with an
empty risk list. The review runs twice, against a server listing lazy schemas and one listing full schemas.
Prompt bytes are the bytes of every chat.completions request body (messages and tools) as sent. Goal: lazy
<= 50% of full prompt bytes, at the same number of successful tool calls.

    python -m bench.perf_agent_cost [--json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio

from .perf_support import MSA, ROOT

GOAL_RATIO = 0.50
SCRIPT = (("extract_financial_terms", {}), ("cross_reference_check", {}))


def _scripted_llm_class() -> type:
    """ScriptedLLM from the agent tests (a test helper, loaded by path: tests/ is not a package)."""
    path = ROOT / "tests" / "agent" / "scripted_llm.py"
    spec = importlib.util.spec_from_file_location("paralaw_bench_scripted_llm", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ScriptedLLM


def next_turn(body: dict[str, Any]) -> dict[str, Any]:
    """The script: the next tool of SCRIPT this conversation has not called yet, then the final answer."""
    calls_made = sum(len(m.get("tool_calls") or []) for m in body.get("messages", []) if m.get("role") == "assistant")
    offered = {t["function"]["name"] for t in body.get("tools") or []}
    if calls_made < len(SCRIPT) and SCRIPT[calls_made][0] in offered:
        name, arguments = SCRIPT[calls_made]
        return {"tool_calls": [(name, arguments)], "content": None}
    return {"content": "[]"}


async def review_cost(schema_mode: str, base_url: str) -> dict[str, Any]:
    from paralaw.agent.llm import OpenAIChatModel
    from paralaw.agent.mcp_client import connect
    from paralaw.agent.pipeline import DocumentInput, ReviewRequest, run_review
    from paralaw.agent.settings import AgentSettings

    settings = AgentSettings(use_react_agent=True, concurrency=1)
    model = OpenAIChatModel(model="scripted", base_url=base_url, api_key="bench", timeout=30.0, max_retries=0)
    with tempfile.TemporaryDirectory(prefix="paralaw-bench-") as scratch:
        async with connect(None, store=str(Path(scratch) / "reviews.sqlite"), schema_mode=schema_mode,
                           allowed_dirs=[str(MSA.parent)]) as tools:
            request = ReviewRequest(documents=[DocumentInput(path=str(MSA))], our_party="Customer")
            data = await run_review(tools, request, settings=settings, mode="react", llm=model)
    units = [u for u in data["units"] if u.mode == "react"]
    calls = [c for u in units for c in u.tools_called]
    return {"clauses": len(units), "tool_calls_ok": sum(1 for c in calls if c.get("ok")),
            "tool_calls_failed": sum(1 for c in calls if not c.get("ok"))}


async def measure() -> dict[str, Any]:
    scripted = _scripted_llm_class()
    rows: dict[str, Any] = {}
    for schema_mode in ("lazy", "full"):
        with scripted([], default=next_turn) as llm:
            figures = await review_cost(schema_mode, llm.base_url)
            sizes = [len(json.dumps(body, ensure_ascii=False).encode("utf-8")) for body in llm.requests]
            tool_bytes = [len(json.dumps(body.get("tools") or [], ensure_ascii=False).encode("utf-8")) for body in llm.requests]
        clauses = max(figures["clauses"], 1)
        rows[schema_mode] = {**figures, "model_calls": len(sizes), "prompt_bytes": sum(sizes), "tool_bytes": sum(tool_bytes),
                             "model_calls_per_clause": round(len(sizes) / clauses, 2),
                             "prompt_bytes_per_clause": round(sum(sizes) / clauses)}
    lazy, full = rows["lazy"], rows["full"]
    ratio = lazy["prompt_bytes"] / full["prompt_bytes"] if full["prompt_bytes"] else float("inf")
    same_calls = lazy["tool_calls_ok"] == full["tool_calls_ok"]
    return {"lazy": lazy, "full": full, "ratio_prompt_bytes": round(ratio, 3), "same_successful_tool_calls": same_calls,
            "goal": f"lazy <= {GOAL_RATIO:.0%} of full prompt bytes at the same successful tool calls",
            "met": ratio <= GOAL_RATIO and same_calls}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = anyio.run(measure)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{'schemas':<7} {'clauses':>7} {'calls/clause':>12} {'bytes/clause':>12} {'tool calls ok':>13}")
    for name in ("lazy", "full"):
        r = result[name]
        print(f"{name:<7} {r['clauses']:>7} {r['model_calls_per_clause']:>12} {r['prompt_bytes_per_clause']:>12} {r['tool_calls_ok']:>13}")
    print(f"lazy / full prompt bytes: {result['ratio_prompt_bytes']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
