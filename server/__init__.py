"""paralaw.server: the skill registry as an MCP server (tools, resources, prompts) over stdio or HTTP."""

from .app import ParalawServer, build_server
from .transports import http_app, run_http, run_stdio

__all__ = ["ParalawServer", "build_server", "http_app", "run_http", "run_stdio"]
