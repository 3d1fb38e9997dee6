"""OpenAIChatModel against a scripted chat.completions server: the real openai client, real HTTP."""

from __future__ import annotations

import pytest

from paralaw.agent.llm import LLMUnavailable, OpenAIChatModel, retry_after_seconds, wire_messages
from scripted_llm import ScriptedLLM, tool_call_turn

pytestmark = pytest.mark.anyio

TOOLS = [{"type": "function", "function": {"name": "get_clause_context", "description": "Read a clause.",
                                          "parameters": {"type": "object", "properties": {"clause_id": {"type": "string"}}}}}]
MESSAGES = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]


async def test_native_tool_calls_and_usage(make_model):
    with ScriptedLLM([tool_call_turn(("get_clause_context", {"clause_id": "15.2"}))]) as llm:
        reply = await make_model(llm).chat(MESSAGES, tools=TOOLS)
    assert [(c.name, c.arguments, c.from_content) for c in reply.tool_calls] == [("get_clause_context", '{"clause_id": "15.2"}', False)]
    assert reply.usage.total_tokens > 0 and reply.usage.requests == 1
    assert llm.requests[0]["tools"][0]["function"]["name"] == "get_clause_context"
    assert "tool_choice" not in llm.requests[0]  # "required" is unsupported on many servers: never sent


async def test_every_request_bounds_the_answer_length(make_model, monkeypatch):
    """A small model that never writes its end token would otherwise generate until its context is full, and a
    one-request-at-a-time server (llama.cpp's) keeps generating after the client has timed out."""
    from paralaw.agent.settings import get_settings

    monkeypatch.setenv("PARALAW_LLM_MAX_TOKENS", "512")
    settings = get_settings()
    with ScriptedLLM([{"content": "[]"}, {"content": "[]"}]) as llm:
        configured = settings.model_copy(update={"openai_base_url": llm.base_url, "llm_max_retries": 0})
        await OpenAIChatModel.from_settings(configured).chat(MESSAGES)
        await make_model(llm).chat(MESSAGES)
    assert [r["max_tokens"] for r in llm.requests] == [512, 2048]


@pytest.mark.parametrize("content", [
    '{"name": "get_clause_context", "arguments": {"clause_id": "9.7"}}',
    'I will read it.\n```json\n{"name": "get_clause_context", "arguments": {"clause_id": "9.7"}}\n```',
    '<tool_call>\n{"name": "get_clause_context", "arguments": {"clause_id": "9.7"}}\n</tool_call>',
    '[{"type": "function", "function": {"name": "get_clause_context", "arguments": "{\\"clause_id\\": \\"9.7\\"}"}}]',
])
async def test_tool_call_written_in_content(make_model, content):
    with ScriptedLLM([{"content": content}]) as llm:
        reply = await make_model(llm).chat(MESSAGES, tools=TOOLS)
    assert len(reply.tool_calls) == 1
    call = reply.tool_calls[0]
    assert call.name == "get_clause_context" and call.from_content
    assert '"9.7"' in call.arguments
    assert reply.content == ""


async def test_final_answer_is_not_mistaken_for_a_call(make_model):
    answer = '[{"risk_level": "high", "description": "one-sided cap", "original_text": "shall not be limited"}]'
    with ScriptedLLM([{"content": answer}]) as llm:
        reply = await make_model(llm).chat(MESSAGES, tools=TOOLS)
    assert reply.tool_calls == [] and reply.content == answer


async def test_null_content_is_never_sent(make_model):
    history = MESSAGES + [
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
                                                              "function": {"name": "get_clause_context", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "{}"},
    ]
    with ScriptedLLM([{"content": "[]"}], reject_null_content=True) as llm:
        reply = await make_model(llm).chat(history, tools=TOOLS)
    assert reply.content == "[]"
    assert llm.requests[0]["messages"][2]["content"] == ""


async def test_429_honours_retry_after_then_succeeds(make_model, sleeps):
    turns = [{"status": 429, "headers": {"Retry-After": "7"}}, {"status": 429, "headers": {"retry-after-ms": "1500"}},
             {"content": "[]"}]
    with ScriptedLLM(turns) as llm:
        reply = await make_model(llm, max_retries=3).chat(MESSAGES)
    assert reply.content == "[]"
    assert sleeps.delays == [7.0, 1.5]
    assert len(llm.requests) == 3


async def test_retry_after_is_capped(make_model, sleeps):
    with ScriptedLLM([{"status": 429, "headers": {"Retry-After": "3600"}}, {"content": "[]"}]) as llm:
        await make_model(llm, max_backoff=20).chat(MESSAGES)
    assert sleeps.delays == [20]


async def test_5xx_backs_off_exponentially_then_gives_up(make_model, sleeps):
    with ScriptedLLM([], default={"status": 500}) as llm:
        with pytest.raises(LLMUnavailable) as info:
            await make_model(llm, max_retries=2, base_backoff=1.0).chat(MESSAGES)
    assert info.value.retryable
    assert len(llm.requests) == 3
    assert len(sleeps.delays) == 2 and 1.0 <= sleeps.delays[0] <= 1.25 and 2.0 <= sleeps.delays[1] <= 2.5


async def test_a_timeout_is_not_retried(make_model, sleeps):
    """A server too slow for the timeout is asked once: a retry would only multiply the wait."""
    with ScriptedLLM([{"hang": True}, {"content": "[]"}]) as llm:
        with pytest.raises(LLMUnavailable) as info:
            await make_model(llm, timeout=0.3, max_retries=3).chat(MESSAGES)
        assert len(llm.requests) == 1
    assert sleeps.delays == [] and not info.value.retryable
    assert "APITimeoutError" in str(info.value) and "not retried" in str(info.value)


async def test_a_503_then_an_answer_succeeds_after_one_retry(make_model, sleeps):
    with ScriptedLLM([{"status": 503}, {"content": "[]"}]) as llm:
        reply = await make_model(llm, max_retries=3, base_backoff=0.5).chat(MESSAGES)
    assert reply.content == "[]" and len(llm.requests) == 2 and len(sleeps.delays) == 1


async def test_a_refused_connection_is_retried(make_model, sleeps):
    with ScriptedLLM([]) as llm:
        base_url = llm.base_url  # the server has stopped: nothing listens on its port any more
    with pytest.raises(LLMUnavailable) as info:
        await make_model(llm, base_url=base_url, max_retries=2).chat(MESSAGES)
    assert info.value.retryable and len(sleeps.delays) == 2


async def test_client_errors_are_not_retried(make_model, sleeps):
    with ScriptedLLM([{"status": 400, "body": {"error": {"message": "bad model"}}}]) as llm:
        with pytest.raises(LLMUnavailable) as info:
            await make_model(llm).chat(MESSAGES)
    assert not info.value.retryable and sleeps.delays == [] and len(llm.requests) == 1


def test_retry_after_forms():
    assert retry_after_seconds({"retry-after": "12"}) == 12.0
    assert retry_after_seconds({"retry-after-ms": "250"}) == 0.25
    assert retry_after_seconds({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0.0  # in the past
    assert retry_after_seconds({}) is None and retry_after_seconds({"retry-after": "soon"}) is None


def test_wire_messages_drop_empty_tool_calls():
    out = wire_messages([{"role": "assistant", "content": None, "tool_calls": []}])
    assert out == [{"role": "assistant", "content": ""}]
