"""paralaw.agent: the reference agent that reviews contracts through the paralaw MCP tools.

It reaches the skills only over MCP (in process, stdio or HTTP), picks tools with a model (react), runs the
checklist's skills and asks the model once (checklist), or reports the skills' own findings (offline).
"""

from .llm import ChatModel, LLMUnavailable, ModelReply, OpenAIChatModel
from .mcp_client import McpToolSession, ToolOutcome, ToolSession, connect
from .pipeline import DocumentInput, ReviewRequest, run_review
from .prompts import build_clause_analyze_messages, build_react_agent_messages
from .react import ReactResult, react_agent_loop
from .report import to_json, to_markdown
from .settings import AgentSettings, get_settings

__all__ = [
    "ChatModel", "LLMUnavailable", "ModelReply", "OpenAIChatModel", "McpToolSession", "ToolOutcome", "ToolSession",
    "connect", "DocumentInput", "ReviewRequest", "run_review", "build_clause_analyze_messages",
    "build_react_agent_messages", "ReactResult", "react_agent_loop", "to_json", "to_markdown", "AgentSettings",
    "get_settings",
]
