"""The model interface the loop talks to, and its OpenAI-compatible implementation.

`ChatModel` is one async method, so tests and other backends can stand in for it. `OpenAIChatModel` wraps the
openai SDK's AsyncOpenAI with what real servers need: its own retry policy (connection errors, 429 honouring
Retry-After, 5xx, with exponential backoff; never a timeout, which only a slower server explains), a bound on
the answer's length (`max_tokens`), assistant messages whose `content` is "" rather than null (some servers
reject null), tool calls recognised in `content`, and `tool_choice` left at the server's default ("required" is
unsupported in many places). When retries are exhausted it raises `LLMUnavailable`, which the pipeline turns
into a fallback to a mode that needs no model.
"""

from __future__ import annotations

import email.utils
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Protocol

import anyio
import openai

from .toolcalls import ToolCall, calls_from_content

logger = logging.getLogger(__name__)


class MalformedResponse(Exception):
    """A response the openai client could not read as a chat completion."""


class LLMUnavailable(Exception):
    """The model could not be reached or kept failing; `retryable` says whether waiting might have helped."""

    def __init__(self, message: str, *, retryable: bool = False) -> None:
        super().__init__(message)
        self.retryable = retryable


@dataclass
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    requests: int = 0

    def add(self, other: "Usage") -> None:
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.total_tokens += other.total_tokens
        self.requests += other.requests

    def as_dict(self) -> dict[str, int]:
        return {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "total_tokens": self.total_tokens, "requests": self.requests}


@dataclass
class ModelReply:
    content: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    finish_reason: str | None = None


class ChatModel(Protocol):
    async def chat(self, messages: list[dict[str, Any]], *, tools: list[dict] | None = None,
                   temperature: float = 0.1) -> ModelReply: ...


async def ask(llm: ChatModel, messages: list[dict[str, Any]], **options: Any) -> ModelReply:
    """llm.chat, where any failure of the model object is LLMUnavailable. A backend's own exception (another
    client library's error, a bug in a stand-in model) is a model failure to the pipeline, which falls back and
    counts it toward "model down", never an escape that skips the accounting."""
    try:
        return await llm.chat(messages, **options)
    except LLMUnavailable:
        raise
    except Exception as exc:
        raise LLMUnavailable(f"the model failed: {type(exc).__name__}: {exc}") from exc


def wire_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Messages as every server accepts them: no null content, tool_calls only when there are some."""
    out = []
    for message in messages:
        message = dict(message)
        if message.get("content") is None:
            message["content"] = ""
        if message.get("role") == "assistant" and not message.get("tool_calls"):
            message.pop("tool_calls", None)
        out.append(message)
    return out


def retry_after_seconds(headers: Any) -> float | None:
    """Retry-After (seconds or an HTTP date) or retry-after-ms, as seconds; None when absent or unreadable."""
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        try:
            parsed = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        return max(0.0, parsed.timestamp() - time.time())


def _classify(exc: Exception) -> tuple[bool, float | None]:
    """(retryable, server-suggested delay). A timeout is not retried: the server was reached and is too slow for
    this request (a small model on a busy CPU), so asking again would only multiply the wait. A refused or reset
    connection, a 429 and a 5xx are passing states of a server that may answer the next request."""
    if isinstance(exc, openai.APITimeoutError):  # before APIConnectionError, of which it is a subclass
        return False, None
    if isinstance(exc, openai.APIConnectionError):
        return True, None
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        if status == 429 or status >= 500 or status == 408:
            return True, retry_after_seconds(exc.response.headers if exc.response is not None else None)
        return False, None
    return False, None


class OpenAIChatModel:
    """chat.completions over any OpenAI-compatible server."""

    def __init__(self, *, model: str, api_key: str | None = None, base_url: str | None = None,
                 timeout: float = 300.0, max_retries: int = 3, max_backoff: float = 30.0,
                 base_backoff: float = 1.0, max_tokens: int | None = 2048,
                 sleep: Callable[[float], Awaitable[None]] = anyio.sleep) -> None:
        self.model = model
        self.max_tokens = max_tokens
        self.max_retries = max_retries
        self.max_backoff = max_backoff
        self.base_backoff = base_backoff
        self._sleep = sleep
        # The SDK's own retries are off: this class owns the policy so that it is the same on every server.
        self.client = openai.AsyncOpenAI(api_key=api_key or "not-needed", base_url=base_url, timeout=timeout, max_retries=0)

    @classmethod
    def from_settings(cls, settings, **kwargs) -> "OpenAIChatModel":
        return cls(model=settings.model, api_key=settings.openai_api_key, base_url=settings.openai_base_url,
                   timeout=settings.llm_timeout, max_retries=settings.llm_max_retries,
                   max_backoff=settings.llm_max_backoff, max_tokens=settings.llm_max_tokens, **kwargs)

    def _delay(self, attempt: int, suggested: float | None) -> float:
        if suggested is not None:
            return min(suggested, self.max_backoff)
        return min(self.max_backoff, self.base_backoff * (2 ** attempt) * (1 + random.random() / 4))

    async def chat(self, messages: list[dict[str, Any]], *, tools: list[dict] | None = None,
                   temperature: float = 0.1) -> ModelReply:
        request: dict[str, Any] = {"model": self.model, "messages": wire_messages(messages), "temperature": temperature}
        if self.max_tokens:  # `max_tokens`: the name every OpenAI-compatible server reads (llama.cpp, Ollama, vLLM)
            request["max_tokens"] = self.max_tokens
        if tools:
            request["tools"] = tools
        last: Exception | None = None
        for attempt in range(self.max_retries + 1):
            try:
                response = await self.client.chat.completions.create(**request)
                return self._reply(response, tools)
            except openai.OpenAIError as exc:
                retryable, suggested = _classify(exc)
                last = exc
            except (ValueError, TypeError, AttributeError) as exc:
                # a 200 whose body is no chat completion (JSON cut off, a proxy's HTML page): often passing
                retryable, suggested = True, None
                last = MalformedResponse(f"the model's answer is not a chat completion ({type(exc).__name__}: {exc})")
            if isinstance(last, openai.APITimeoutError):
                raise LLMUnavailable(f"model request failed: APITimeoutError: no answer within {self.client.timeout}s "
                                     f"(PARALAW_LLM_TIMEOUT or --llm-timeout); a timeout is not retried") from last
            if not retryable:
                raise LLMUnavailable(f"model request failed: {type(last).__name__}: {last}") from last
            if attempt == self.max_retries:
                break
            delay = self._delay(attempt, suggested)
            logger.warning("model request failed (%s), retry %d/%d in %.1fs", type(last).__name__, attempt + 1, self.max_retries, delay)
            await self._sleep(delay)
        raise LLMUnavailable(f"model unavailable after {self.max_retries + 1} attempts: {type(last).__name__}: {last}",
                             retryable=True) from last

    def _reply(self, response: Any, tools: list[dict] | None) -> ModelReply:
        usage = Usage(requests=1)
        if getattr(response, "usage", None) is not None:
            usage.prompt_tokens = response.usage.prompt_tokens or 0
            usage.completion_tokens = response.usage.completion_tokens or 0
            usage.total_tokens = response.usage.total_tokens or (usage.prompt_tokens + usage.completion_tokens)
        if not response.choices:
            raise LLMUnavailable("model returned no choices")
        choice = response.choices[0]
        message = choice.message
        content = message.content or ""
        calls = [ToolCall(id=c.id or f"call_{i}", name=c.function.name, arguments=c.function.arguments or "{}")
                 for i, c in enumerate(message.tool_calls or []) if getattr(c, "function", None) is not None]
        if not calls and tools:
            calls = calls_from_content(content, [t["function"]["name"] for t in tools])
            if calls:
                content = ""
        return ModelReply(content=content, tool_calls=calls, usage=usage, finish_reason=choice.finish_reason)
