"""Fuzzing tools/call: random and malformed arguments through the SDK's in-memory client.

Run from the project root: `python -m bench.fuzz_tools [--cases 10000] [--seed N]`.

Every call goes to a real server (build_server over a temporary SQLite store, one review of a real contract
open) through the SDK's `Client`, exactly as an MCP host sends it. Arguments come from hypothesis: for each
tool, its own schema's fields with plausible values, or junk in their place (wrong types, huge strings, lone
surrogates, deep nesting, negative and huge numbers), unknown fields, review ids that do not exist, and tool
names that do not exist. The promise checked for every answer (`check_answer`):

- the call returns within CALL_TIMEOUT seconds (no hang) and the server keeps answering (no crash);
- an error is `isError` with text JSON {code, message, details}: code an UPPER_SNAKE string, message a
  non-empty string, details an object, and never INTERNAL_ERROR (that code means a bug reached the boundary);
- a success carries structuredContent, an object equal to the JSON in its text.

tests/reliability/test_fuzz_tools.py runs a few hundred cases in CI; this script runs the long form and prints
the figures (cases, answers by code, slowest call) that docs/reliability.md quotes.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import anyio
from anyio.from_thread import start_blocking_portal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .data_root import DATA  # noqa: E402  (../shared/data when present, else tests/data)
CONTRACT = DATA / "review_cases" / "services_a" / "master_services_agreement.md"
CALL_TIMEOUT = 30.0
CODE = re.compile(r"^[A-Z][A-Z0-9_]*$")

# --- values ------------------------------------------------------------------------------------------------

# every code point, lone surrogates included (st.text leaves the surrogate category out by default)
any_char = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
texts = st.text(any_char, max_size=200)
keys = st.text(max_size=30)  # the SDK client cannot send a lone surrogate in an object key or a tool name
huge_strings = st.builds(lambda n, c: c * n, st.integers(10_000, 1_000_000), st.sampled_from(["A", "条", "\ud800", "1.", " "]))
ints = st.integers(-(2**70), 2**70) | st.sampled_from([-1, 0, 1, -(2**31), 2**31, 2**63, -(2**63) - 1])
floats = st.floats(allow_nan=True, allow_infinity=True)
scalars = st.none() | st.booleans() | ints | floats | texts


def nested(depth: int, leaf: Any = "x", kind: str = "list") -> Any:
    value = leaf
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


# the SDK client itself refuses to serialise more than ~250 levels; deeper JSON is sent raw in the HTTP test
deep = st.builds(nested, st.integers(20, 200), scalars, st.sampled_from(["list", "dict"]))
junk = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
                    max_leaves=12) | huge_strings | deep

CLAUSE_IDS = st.sampled_from(["15", "15.2", "2.2", "1", "Clause 14.2", "第12条", "Schedule 1", "", " ", "0", "999.999",
                              "../15", "15" * 500])
PATHS = st.sampled_from(["../secret.md", "/etc/passwd", "~/contract.md", "file:///etc/passwd", "https://x.example/a.md",
                         "", "master_services_agreement.md", "nowhere.docx", "/", ".", "\x00", "a/../../b"]) | texts


def by_type(schema: dict[str, Any]) -> st.SearchStrategy:
    """A value of the type a schema property declares (any bound may be broken)."""
    kinds = set()
    declared = schema.get("type")
    kinds |= set(declared) if isinstance(declared, list) else ({declared} if declared else set())
    for option in schema.get("anyOf", []):
        kinds.add(option.get("type"))
    options = [st.sampled_from(schema["enum"])] if "enum" in schema else []
    options += [{"integer": ints, "number": ints | floats, "boolean": st.booleans(), "string": texts,
                 "array": st.lists(texts, max_size=5), "object": st.dictionaries(keys, scalars, max_size=3),
                 "null": st.none()}[k] for k in kinds if k]
    return st.one_of(options) if options else scalars


def document_specs() -> st.SearchStrategy:
    document = st.fixed_dictionaries({}, optional={
        "path": PATHS | junk, "text": texts | huge_strings | junk, "filename": texts,
        "role": st.sampled_from(["primary", "gc", "pc", "er", "reference", "baseline", "boss", ""]), "kind": texts})
    return st.lists(document, max_size=3) | junk


def argument_values(name: str, prop: dict[str, Any], review_ids: list[str]) -> st.SearchStrategy:
    if name == "clause_id":
        plausible = CLAUSE_IDS
    elif name == "review_id":
        plausible = st.sampled_from(review_ids + ["rev_nope", "", "rev_" + "x" * 22]) | texts
    elif name in ("path", "playbook_path"):
        plausible = PATHS
    elif name == "documents":
        plausible = document_specs()
    elif name == "names":
        plausible = st.lists(st.sampled_from(["open_review", "get_outline", "nope", "", "get_clause_context"]) | texts, max_size=4)
    else:
        plausible = by_type(prop)
    return st.one_of(plausible, plausible, plausible, junk)  # mostly plausible, often junk


def tool_calls(catalog: dict[str, dict[str, Any]], review_ids: list[str]) -> st.SearchStrategy:
    """(tool name, arguments) pairs: a known tool with schema-shaped or broken arguments, or an unknown tool."""
    def for_tool(name: str) -> st.SearchStrategy:
        properties = catalog[name].get("properties", {})
        fields = {key: argument_values(key, prop, review_ids) for key, prop in properties.items()}
        extra = st.just({}) | st.just({}) | st.dictionaries(keys, junk, max_size=2)
        return st.tuples(st.just(name), st.builds(lambda given, more: {**more, **given},
                                                  st.fixed_dictionaries({}, optional=fields), extra))

    known = st.sampled_from(sorted(catalog)).flatmap(for_tool)
    unknown = st.tuples(keys | st.sampled_from(["", "open_review ", "OPEN_REVIEW", "tools/list"]),  # names go in a header
                        st.dictionaries(keys, junk, max_size=3))
    return st.one_of(known, known, known, unknown)


# --- the harness -------------------------------------------------------------------------------------------

def check_answer(result: Any) -> str:
    """The answer's code ('ok' for a result); AssertionError when the answer breaks the promise."""
    assert result.content and result.content[0].type == "text", f"no text content: {result!r:.300}"
    body = json.loads(result.content[0].text)
    if result.is_error:
        assert isinstance(body, dict) and set(body) == {"code", "message", "details"}, f"unstructured error: {body!r:.300}"
        assert isinstance(body["code"], str) and CODE.match(body["code"]), body["code"]
        assert isinstance(body["message"], str) and body["message"].strip(), body
        assert isinstance(body["details"], dict), body
        assert body["code"] != "INTERNAL_ERROR", f"a bug reached the boundary: {body['message']:.500}"
        return body["code"]
    assert isinstance(result.structured_content, dict), f"result without structuredContent: {result!r:.300}"
    assert body == result.structured_content
    return "ok"


class FuzzHarness:
    """A server with one review open, driven from synchronous code (hypothesis) through a blocking portal."""

    def __init__(self, portal: Any, server: Any, client: Any, anchor: Any) -> None:
        self.portal, self.server, self.client, self.anchor = portal, server, client, anchor
        self.codes: Counter[str] = Counter()
        self.slowest = (0.0, "")
        self.catalog = {spec.name: spec.input_schema for spec in server.paralaw_state.catalog.specs()}

    def call(self, name: str, arguments: dict[str, Any]) -> str:
        started = time.monotonic()
        result = self.portal.call(self._call, name, arguments)
        elapsed = time.monotonic() - started
        if elapsed > self.slowest[0]:
            self.slowest = (elapsed, name)
        code = check_answer(result)
        self.codes[code] += 1
        self._tidy()
        return code

    async def _call(self, name: str, arguments: dict[str, Any]) -> Any:
        with anyio.fail_after(CALL_TIMEOUT):
            return await self.client.call_tool(name, arguments)

    def _tidy(self) -> None:
        """Keep exactly the anchor review open, so cases stay independent (a fuzzed open_review or close_review
        would otherwise change what later cases see)."""
        store = self.server.paralaw_state.store
        for review in store.list():
            if review.review_id != self.anchor.review_id:
                store.delete(review.review_id)
        if store.get(self.anchor.review_id) is None:
            store.save(self.anchor)

    def alive(self) -> bool:
        """The server still answers a normal call correctly."""
        result = self.portal.call(self._call, "get_outline", {"review_id": self.anchor.review_id, "limit": 1})
        return not result.is_error and result.structured_content["total"] > 0


@contextmanager
def running(store: str | None = None) -> Iterator[FuzzHarness]:
    """The harness over a fresh store (a temporary file unless given), with the contract open."""
    from mcp import Client

    from paralaw.server import build_server

    with tempfile.TemporaryDirectory() as folder, start_blocking_portal() as portal:
        server = build_server(store or str(Path(folder) / "reviews.db"), schema_mode="full", allowed_dirs=[str(CONTRACT.parent)])
        with portal.wrap_async_context_manager(Client(server)) as client:
            opened = portal.call(client.call_tool, "open_review", {"documents": [{"path": CONTRACT.name}], "our_party": "Customer"})
            assert not opened.is_error, opened.content[0].text
            anchor = server.paralaw_state.store.get(opened.structured_content["review_id"])
            yield FuzzHarness(portal, server, client, anchor)


def run(cases: int, seed: int | None = None) -> FuzzHarness:
    with running() as harness:
        strategy = tool_calls(harness.catalog, [harness.anchor.review_id])

        @settings(max_examples=cases, deadline=None, database=None, derandomize=seed is None,
                  suppress_health_check=list(HealthCheck))
        @given(call=strategy)
        def fuzz(call: tuple[str, dict[str, Any]]) -> None:
            harness.call(*call)

        if seed is not None:
            fuzz = __import__("hypothesis").seed(seed)(fuzz)
        fuzz()
        assert harness.alive(), "the server stopped answering normal calls"
        return harness


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: a fixed, derandomised run)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    harness = run(args.cases, args.seed)
    total = sum(harness.codes.values())
    print(f"fuzz tools/call: {total} cases in {time.monotonic() - started:.0f} s, 0 crashes, 0 hangs, 0 unstructured answers")
    print(f"slowest call: {harness.slowest[0]:.2f} s ({harness.slowest[1]})")
    for code, count in harness.codes.most_common():
        print(f"  {code:24} {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
