"""The agent's only road to the skills: an MCP client session, seen through a small `ToolSession` interface.

`connect()` reaches a paralaw server in-process (the default: `paralaw.server.build_server` driven by the
SDK's in-memory Client), as a stdio subprocess (`stdio` or `stdio:COMMAND ARGS`), or at a Streamable HTTP URL.
`McpToolSession` lists tools as OpenAI function tools and calls them, and follows the lazy-schema protocol:
`describe()` expands named tools ahead of the model's calls through describe_tools, an error result that
carries a tool's schema replaces that tool's definition at once (the reliable path, as many servers'
list_changed is easy to miss), and a tools/list_changed notification (the legacy session
notification or the 2026 subscription event) marks the listing stale so `sync()` re-lists it before the next
model call.
"""

from __future__ import annotations

import json
import logging
import shlex
import sys
import tempfile
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator, Protocol

import anyio
import mcp_types as types
from mcp import Client
from mcp.client.stdio import StdioServerParameters

logger = logging.getLogger(__name__)

SCHEMA_KEYS = ("schema", "input_schema", "inputSchema", "parameters")


@dataclass
class ToolOutcome:
    """A tool call's result as the agent uses it: data on success, a coded error otherwise."""

    name: str
    ok: bool
    data: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    error: dict[str, Any] | None = None

    def for_model(self) -> Any:
        """What the model reads: the structured data, or {"error": {...}}."""
        if self.ok:
            return self.data if self.data else self.text
        return {"error": self.error}


class ToolSession(Protocol):
    """What the loop and the pipeline need from a server."""

    def openai_tools(self) -> list[dict[str, Any]]: ...
    def has_tool(self, name: str) -> bool: ...
    async def sync(self) -> None: ...
    async def call_tool(self, name: str, arguments: dict[str, Any]) -> ToolOutcome: ...


def tool_to_openai(tool: types.Tool) -> dict[str, Any]:
    schema = dict(tool.input_schema or {"type": "object", "properties": {}})
    schema.setdefault("type", "object")
    schema.setdefault("properties", {})
    return {"type": "function", "function": {"name": tool.name, "description": tool.description or "", "parameters": schema}}


def model_may_call(tool: types.Tool) -> bool:
    """Whether the model is offered this tool: only tools that declare they only read. Opening, changing or
    closing a review needs a person's consent, and a model's tool call is not that: the contract text the model
    reads may itself say "call close_review". Unannotated tools count as writing (the MCP default)."""
    annotations = tool.annotations
    return bool(annotations is not None and annotations.read_only_hint and not annotations.destructive_hint)


DOMAIN_META = "paralaw/domain"
COMMON_DOMAINS = ("*", "generic")


def in_domain(tool: types.Tool, domain: str | None) -> bool:
    """Whether a tool belongs to a review of `domain`: the built-in and generic tools, and the domain's own. A
    shared server lists the domain tools of every review open on it (fidic_* beside a generic contract); they
    would only fail with DOMAIN_MISMATCH. A tool that does not say its domain (another server) is kept."""
    tool_domain = (tool.meta or {}).get(DOMAIN_META) if isinstance(tool.meta, dict) else None
    return domain is None or tool_domain is None or tool_domain in COMMON_DOMAINS or tool_domain == domain


SCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")  # their keys are names, not keywords
DATA_KEYS = ("enum", "const", "default", "examples", "required")  # their values are data, not schemas


def compact_schema(node: Any) -> Any:
    """A JSON schema with what tells the model nothing removed: titles, `default: null`, and the `null` branch of
    an optional value whose default is null (`{anyOf: [{type: string}, {type: null}], default: null}` is
    `{type: string}`, left out of `required`). Every property and its description stays. This is 10-20% of a
    skill's schema, sent in every request."""
    if isinstance(node, list):
        return [compact_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "title" or (key == "default" and value is None):
            continue
        if key in SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: compact_schema(sub) for name, sub in value.items()}
        else:
            out[key] = value if key in DATA_KEYS else compact_schema(value)
    branches = out.get("anyOf")
    if node.get("default", 0) is None and isinstance(branches, list) and len(branches) == 2 and {"type": "null"} in branches:
        other = next(branch for branch in branches if branch != {"type": "null"})
        if isinstance(other, dict) and not set(other) & set(out):
            out = {**other, **{k: v for k, v in out.items() if k != "anyOf"}}
    return out


def _for_model(tool: dict[str, Any], description: str | None = None) -> dict[str, Any]:
    """A tool as the model is offered it: a compact schema without `review_id`, which the agent always fills in
    itself; `description`, when given, in place of the server's (the lazy listing's one line)."""
    parameters = compact_schema(tool["function"].get("parameters") or {})
    if "review_id" in (parameters.get("properties") or {}):
        properties = {k: v for k, v in parameters["properties"].items() if k != "review_id"}
        required = [r for r in parameters.get("required") or [] if r != "review_id"]
        parameters = {**parameters, "properties": properties, "required": required}
    if not parameters.get("required") and "required" in parameters:
        parameters = {k: v for k, v in parameters.items() if k != "required"}
    function = {**tool["function"], "parameters": parameters}
    if description is not None:
        function["description"] = description
    return {**tool, "function": function}


def _error_of(result: types.CallToolResult, text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, TypeError):
        value = None
    if isinstance(value, dict) and isinstance(value.get("error"), dict):
        value = value["error"]
    if isinstance(value, dict) and ("code" in value or "message" in value):
        return {"code": value.get("code", "TOOL_ERROR"), "message": value.get("message", text),
                "details": value.get("details") or {}}
    return {"code": "TOOL_ERROR", "message": text or "the tool reported an error", "details": {}}


def schema_in_error(error: dict[str, Any] | None) -> dict[str, Any] | None:
    """The full input schema a lazy server puts in an error result, wherever it put it."""
    if not error:
        return None
    for holder in (error.get("details") or {}, error):
        for key in SCHEMA_KEYS:
            value = holder.get(key)
            if not isinstance(value, dict):
                continue
            nested = next((value[k] for k in SCHEMA_KEYS if isinstance(value.get(k), dict)), None)
            if nested is not None:  # a whole tool definition: {name, description, inputSchema}
                value = nested
            if "properties" in value or value.get("type") == "object":
                return value
    return None


class McpToolSession:
    def __init__(self, client: Client, *, tool_timeout: float = 60.0) -> None:
        self.client = client
        self.tool_timeout = tool_timeout
        self._tools: dict[str, dict[str, Any]] = {}
        self.stale = True
        self.refreshed: list[str] = []  # tools whose definition a schema-carrying error replaced (for the audit)
        self.domain: str | None = None  # once a review is open: only its domain's tools (and the common ones)
        self._lazy_form: dict[str, dict[str, Any]] = {}  # how a lazy server first listed each tool (no parameters)

    def openai_tools(self) -> list[dict[str, Any]]:
        return list(self._tools.values())

    def has_tool(self, name: str) -> bool:
        return name in self._tools

    def tools_for(self, relevant: set[str]) -> list[dict[str, Any]]:
        """The listing one clause's model sees: full schemas for the tools relevant to it (suggested, described
        or called there), and the lazy server's short form for the rest, even when another clause expanded them.
        Otherwise every expansion stays in every later prompt and a lazy listing ends up as long as a full one.
        A lazily listed tool keeps its one-line description when its parameters are shown: each parameter
        carries its own description, which is what the long one mostly repeats, and describe_tools answers
        with the whole definition when the model asks for it."""
        listing = []
        for name, tool in self._tools.items():
            lazy = self._lazy_form.get(name)
            if lazy is None:
                listing.append(_for_model(tool))
            elif name in relevant:
                listing.append(_for_model(tool, lazy["function"]["description"]))
            else:
                listing.append(lazy)
        return listing

    def mark_stale(self) -> None:
        self.stale = True

    async def refresh(self) -> None:
        tools: dict[str, dict[str, Any]] = {}
        cursor: str | None = None
        for _ in range(100):
            page = await self.client.list_tools(cursor=cursor, cache_mode="refresh")
            for tool in page.tools:
                if model_may_call(tool) and in_domain(tool, self.domain):
                    tools[tool.name] = tool_to_openai(tool)
                    if not tools[tool.name]["function"]["parameters"].get("properties"):
                        self._lazy_form.setdefault(tool.name, tools[tool.name])
            cursor = page.next_cursor
            if not cursor:
                break
        self._tools = tools
        self.stale = False

    async def sync(self) -> None:
        """Re-list when the server said the listing changed."""
        if self.stale:
            await self.refresh()

    def is_lazy(self, name: str) -> bool:
        """Listed without parameters (a lazy server's listing): the model cannot see what it may set."""
        tool = self._tools.get(name)
        return tool is not None and not (tool["function"].get("parameters") or {}).get("properties")

    async def describe(self, names: list[str]) -> list[str]:
        """Expand the lazily listed tools among `names` with one describe_tools call, so the model sees their
        business parameters (query, top_k, term...) before it calls them; the server lists them in full from
        then on. Returns the names expanded; a server without describe_tools leaves the listing as it was."""
        wanted = [name for name in dict.fromkeys(names) if self.is_lazy(name)]
        if not wanted or "describe_tools" not in self._tools:
            return []
        outcome = await self.call_tool("describe_tools", {"names": wanted})
        described = []
        for tool in outcome.data.get("tools", []) if outcome.ok else []:
            schema = next((tool[k] for k in SCHEMA_KEYS if isinstance(tool.get(k), dict)), None)
            if tool.get("name") in wanted and schema is not None:
                self._expand(tool["name"], schema)
                described.append(tool["name"])
        return described

    def _expand(self, name: str, schema: dict[str, Any]) -> None:
        if name not in self._tools:  # a tool the model is not offered stays that way (see model_may_call)
            return
        current = self._tools.get(name)
        description = current["function"]["description"] if current else ""
        self._tools[name] = {"type": "function", "function": {"name": name, "description": description, "parameters": schema}}
        self.refreshed.append(name)

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> ToolOutcome:
        try:
            with anyio.fail_after(self.tool_timeout):
                result = await self.client.call_tool(name, arguments)
        except TimeoutError:
            return ToolOutcome(name, False, error={"code": "TIMEOUT", "message": f"{name} did not answer within {self.tool_timeout:g}s", "details": {}})
        except Exception as exc:  # a protocol failure becomes an error the model (or the pipeline) can read
            return ToolOutcome(name, False, error={"code": "PROTOCOL_ERROR", "message": f"{type(exc).__name__}: {exc}", "details": {}})
        text = "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))
        if result.is_error:
            error = _error_of(result, text)
            schema = schema_in_error(error)
            if schema is not None:
                self._expand(name, schema)
            return ToolOutcome(name, False, text=text, error=error)
        data = result.structured_content
        if data is None:
            try:
                parsed = json.loads(text)
                data = parsed if isinstance(parsed, dict) else {"result": parsed}
            except (json.JSONDecodeError, TypeError):
                data = {}
        return ToolOutcome(name, True, data=dict(data), text=text)

    async def call(self, name: str, **arguments: Any) -> dict[str, Any]:
        """Call a server tool the pipeline depends on (open_review, get_checklist); raise on error."""
        outcome = await self.call_tool(name, {k: v for k, v in arguments.items() if v is not None})
        if not outcome.ok:
            raise ServerToolError(name, outcome.error or {})
        return outcome.data

    async def document_text(self, review_id: str, document_id: str) -> str | None:
        """A review document's text from the server's resource (None when the server offers no such resource)."""
        from urllib.parse import quote

        uri = f"paralaw://reviews/{review_id}/documents/{quote(document_id, safe='')}"
        try:
            with anyio.fail_after(self.tool_timeout):
                result = await self.client.read_resource(uri)
        except Exception as exc:  # not a paralaw server, or an older one: the caller falls back
            logger.debug("no document resource %s: %s", uri, exc)
            return None
        texts = [c for c in result.contents if isinstance(c, types.TextResourceContents)]
        preferred = [c for c in texts if (c.mime_type or "").startswith("text/")] or texts
        return preferred[0].text if preferred else None

    async def listen_for_changes(self) -> None:
        """On 2026-07-28 connections, list_changed arrives as a subscription event; legacy ones use the handler."""
        try:
            async with self.client.listen(tools_list_changed=True) as subscription:
                async for _event in subscription:
                    self.mark_stale()
        except Exception as exc:  # legacy protocol or a server without listen: the message handler covers it
            logger.debug("no tools/list_changed subscription: %s", exc)


class ServerToolError(Exception):
    def __init__(self, name: str, error: dict[str, Any]) -> None:
        self.name = name
        self.error = error
        super().__init__(f"{name}: [{error.get('code', 'ERROR')}] {error.get('message', '')}")


def server_target(server: str | None, *, store: str | None, schema_mode: str, allowed_dirs: list[str] | None) -> Any:
    """What mcp.Client connects to: an in-process server, a stdio command, or a URL."""
    if server in (None, "", "inprocess", "in-process"):
        from paralaw.server import build_server  # only to start a server here; every call still goes over MCP

        return build_server(store=store, schema_mode=schema_mode, allowed_dirs=allowed_dirs)
    if server.startswith(("http://", "https://")):
        return server
    if server == "stdio" or server.startswith("stdio:"):
        command = shlex.split(server[len("stdio:"):]) if server.startswith("stdio:") else []
        if not command:
            command = [sys.executable, "-m", "paralaw.agent.cli", "serve", "--schema", schema_mode]
            if store:
                command += ["--store", store]
            for directory in allowed_dirs or []:
                command += ["--allow-dir", directory]
        return StdioServerParameters(command=command[0], args=command[1:])
    raise ValueError(f"unknown server '{server}': use an http(s):// URL, 'stdio', 'stdio:COMMAND ARGS', or leave it out")


def _leaf(group: BaseExceptionGroup) -> BaseException:
    """The first real error inside nested task-group wrappers (the SDK's and ours)."""
    for exc in group.exceptions:
        if isinstance(exc, BaseExceptionGroup):
            return _leaf(exc)
        if not isinstance(exc, anyio.get_cancelled_exc_class()):
            return exc
    return group


@asynccontextmanager
async def connect(server: str | None = None, *, store: str | None = None, schema_mode: str = "lazy",
                  allowed_dirs: list[str] | None = None, tool_timeout: float = 60.0,
                  mode: str = "auto") -> AsyncIterator[McpToolSession]:
    """An open McpToolSession; an in-process server without a store gets a throwaway one. An error raised
    while the session is open comes out as itself, not wrapped in the task groups' exception groups."""
    try:
        async with _connect(server, store=store, schema_mode=schema_mode, allowed_dirs=allowed_dirs,
                            tool_timeout=tool_timeout, mode=mode) as session:
            yield session
    except BaseExceptionGroup as group:
        leaf = _leaf(group)
        if leaf is group:
            raise
        raise leaf from None


@asynccontextmanager
async def _connect(server: str | None, *, store: str | None, schema_mode: str, allowed_dirs: list[str] | None,
                   tool_timeout: float, mode: str) -> AsyncIterator[McpToolSession]:
    with tempfile.TemporaryDirectory(prefix="paralaw-") as scratch:
        if store is None and server in (None, "", "inprocess", "in-process", "stdio"):
            store = str(Path(scratch) / "reviews.sqlite")
        target = server_target(server, store=store, schema_mode=schema_mode, allowed_dirs=allowed_dirs)
        holder: list[McpToolSession] = []

        async def on_message(message: Any) -> None:
            if getattr(message, "method", None) == "notifications/tools/list_changed" and holder:
                holder[0].mark_stale()

        async with Client(target, message_handler=on_message, mode=mode) as client:
            session = McpToolSession(client, tool_timeout=tool_timeout)
            holder.append(session)
            async with anyio.create_task_group() as tg:
                tg.start_soon(session.listen_for_changes)
                try:
                    await session.refresh()
                    yield session
                finally:
                    tg.cancel_scope.cancel()
