"""Agent settings, read from the environment (pydantic-settings); CLI flags override them.

The names are the seed's (USE_REACT_AGENT, REACT_MAX_ITERATIONS, REACT_TEMPERATURE) plus the OpenAI client's
own (OPENAI_API_KEY, OPENAI_BASE_URL) so a user who has those set for other tools needs nothing new.
"""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

Mode = Literal["react", "checklist", "offline"]


class AgentSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", extra="ignore", populate_by_name=True)

    use_react_agent: bool = Field(False, description="With an LLM configured: ReAct (true) or checklist (false) mode.")
    react_max_iterations: int = Field(5, ge=1, le=50)
    react_temperature: float = Field(0.1, ge=0.0, le=2.0)
    openai_api_key: str | None = None
    openai_base_url: str | None = None
    model: str = Field("gpt-4o-mini", validation_alias=AliasChoices("PARALAW_MODEL", "model"))
    concurrency: int = Field(4, ge=1, le=64, validation_alias=AliasChoices("PARALAW_CONCURRENCY", "concurrency"))
    # Seconds one model request may take. A small model on a busy CPU (llama.cpp, Ollama) needs a minute or more
    # per answer with a clause and the tool list in its prompt; a hosted API answers well within this bound.
    llm_timeout: float = Field(300.0, gt=0, le=3600, validation_alias=AliasChoices("PARALAW_LLM_TIMEOUT", "llm_timeout"))
    # The longest answer asked for. A clause's risks fit in a few hundred tokens; without a bound a small model
    # that never emits its end token writes until the context is full (minutes on a CPU), and a server that
    # handles one request at a time keeps generating for a request the client has already given up on.
    llm_max_tokens: int = Field(2048, ge=64, le=65536, validation_alias=AliasChoices("PARALAW_LLM_MAX_TOKENS", "llm_max_tokens"))
    llm_max_retries: int = Field(3, ge=0, le=10, validation_alias=AliasChoices("PARALAW_LLM_RETRIES", "llm_max_retries"))
    llm_max_backoff: float = Field(30.0, ge=0, validation_alias=AliasChoices("PARALAW_LLM_MAX_BACKOFF", "llm_max_backoff"))
    tool_timeout: float = Field(60.0, gt=0, validation_alias=AliasChoices("PARALAW_TOOL_TIMEOUT", "tool_timeout"))
    max_tool_result_chars: int = Field(3000, ge=200, validation_alias=AliasChoices("PARALAW_MAX_TOOL_RESULT_CHARS", "max_tool_result_chars"))

    @property
    def llm_configured(self) -> bool:
        """An LLM is configured when a key or a base URL is set (local servers often need no key)."""
        return bool(self.openai_api_key or self.openai_base_url)

    def default_mode(self) -> Mode:
        if not self.llm_configured:
            return "offline"
        return "react" if self.use_react_agent else "checklist"


def get_settings(**overrides) -> AgentSettings:
    """Settings from the environment, with explicit (non-None) overrides from the command line."""
    return AgentSettings(**{k: v for k, v in overrides.items() if v is not None})
