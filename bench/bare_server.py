"""The baseline for the overhead and throughput measures: the SDK's low-level Server with one trivial tool.

`echo` returns its `text` argument as text and structured content, with no validation, store or skill behind
it, so what a paralaw call costs beyond this is paralaw's own work. Served the way paralaw is served:

    python -m bench.bare_server                      # stdio
    python -m bench.bare_server --http --port 8123   # Streamable HTTP at http://127.0.0.1:8123/mcp (0: any free port)
"""

from __future__ import annotations

import argparse
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server

ECHO = types.Tool(
    name="echo",
    description="Return the text it is given.",
    input_schema={"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
)


def build_bare_server() -> Server[Any]:
    async def on_list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[ECHO])

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name != "echo":
            return types.CallToolResult(content=[types.TextContent(text=f"unknown tool {params.name}")], is_error=True)
        text = str((params.arguments or {}).get("text", ""))
        return types.CallToolResult(content=[types.TextContent(text=text)], structured_content={"text": text})

    # the input-schema lookup paralaw gives the SDK too: without it the SDK's HTTP transport runs the tools/list
    # handler on every tools/call to check Mcp-Param headers, and the baseline would pay for work paralaw skips
    return Server("bare-echo", version="1", on_list_tools=on_list_tools, on_call_tool=on_call_tool,
                  get_tool_input_schema=lambda name: ECHO.input_schema if name == ECHO.name else None)


async def _serve_stdio() -> None:
    from mcp.server.stdio import stdio_server

    server = build_bare_server()
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--http", action="store_true", help="serve Streamable HTTP instead of stdio")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not args.http:
        anyio.run(_serve_stdio)
        return
    import socket
    import sys

    import uvicorn

    # served exactly as `paralaw serve --http` serves: a socket bound (TCP_NODELAY) before its URL is printed
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((args.host, args.port))
    sock.listen(2048)
    print(f"bare MCP server on http://{args.host}:{sock.getsockname()[1]}/mcp", file=sys.stderr, flush=True)
    app = build_bare_server().streamable_http_app(host=args.host)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])


if __name__ == "__main__":
    main()
