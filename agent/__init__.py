"""paralaw.agent: the reference agent that reviews contracts through the paralaw MCP tools.

It reaches the skills only over MCP (in process, stdio or HTTP), picks tools with a model (react), runs the
checklist's skills and asks the model once (checklist), or reports the skills' own findings (offline).

The names below are imported on first use, so that `paralaw parse` and `paralaw tools` (paralaw.agent.cli) start
without loading the OpenAI client or the MCP SDK.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "ChatModel": "llm", "LLMUnavailable": "llm", "ModelReply": "llm", "OpenAIChatModel": "llm",
    "McpToolSession": "mcp_client", "ToolOutcome": "mcp_client", "ToolSession": "mcp_client", "connect": "mcp_client",
    "DocumentInput": "pipeline", "ReviewRequest": "pipeline", "run_review": "pipeline",
    "build_clause_analyze_messages": "prompts", "build_react_agent_messages": "prompts",
    "ReactResult": "react", "react_agent_loop": "react",
    "to_json": "report", "to_markdown": "report",
    "AgentSettings": "settings", "get_settings": "settings",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

