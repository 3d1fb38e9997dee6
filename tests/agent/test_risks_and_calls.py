"""Risk parsing and normalisation (SPEC-20 §5.2), quote checks, tool calls found in content, and settings."""

from __future__ import annotations

import pytest

from paralaw.agent.risks import normalize_risk, normalize_risk_level, parse_risk_list, verify_quotes
from paralaw.agent.settings import get_settings
from paralaw.agent.toolcalls import calls_from_content, parse_arguments

CONTRACT = "15.3 The Customer's liability under or in connection with this Agreement shall not be limited."


@pytest.mark.parametrize("text, expected", [
    ('[{"risk_level": "high", "description": "x"}]', 1),
    ("[]", 0),
    ("", 0),
    ('Here you go:\n```json\n[{"risk_level": "low"}]\n```', 1),
    ('{"risks": [{"risk_level": "low"}, {"risk_level": "high"}]}', 2),
    ('{"risk_level": "medium", "description": "single object"}', 1),
    ('[{"a": 1}, "string", 42]', 1),
])
def test_parse_risk_list(text, expected):
    assert len(parse_risk_list(text)) == expected


def test_unreadable_answer_is_none():
    assert parse_risk_list("not json") is None and parse_risk_list(None) is None


@pytest.mark.parametrize("value, level", [("HIGH", "high"), ("critical", "high"), ("高", "high"), ("中", "medium"),
                                          ("Low risk", "low"), ("minor", "low"), (None, "medium"), ("whatever", "medium")])
def test_levels(value, level):
    assert normalize_risk_level(value) == level


def test_normalise_fills_every_field():
    risk = normalize_risk({"risk_level": "严重", "original_text": "shall not be limited"}, clause_id="15.3", language="zh")
    assert risk["risk_level"] == "high" and risk["risk_type"] == "未分类风险" and risk["clause_id"] == "15.3"
    assert risk["location"] == {"original_text": "shall not be limited"} and len(risk["id"]) == 12
    assert normalize_risk({}, clause_id="1")["location"] is None


def test_quotes_checked_verbatim_with_whitespace_and_curly_quotes_tolerated():
    risks = [normalize_risk({"original_text": q}, clause_id="15.3") for q in (
        "shall not be limited", "The Customer’s liability under  or in connection", "The Customer shall be liable without limit")]
    risks.append(normalize_risk({"description": "no quote"}, clause_id="15.3"))
    verify_quotes(risks, [CONTRACT])
    assert [r["quote_verified"] for r in risks] == [True, True, False, None]


def test_tool_calls_in_content_need_a_known_name_unless_tagged():
    assert calls_from_content('{"name": "get_clause_context", "arguments": {}}', ["get_clause_context"])[0].name == "get_clause_context"
    assert calls_from_content('{"name": "summarise", "arguments": {}}', ["get_clause_context"]) == []
    tagged = calls_from_content('<tool_call>{"name": "made_up", "arguments": {"a": 1}}</tool_call>', ["get_clause_context"])
    assert [(c.name, c.arguments) for c in tagged] == [("made_up", '{"a": 1}')]
    two = calls_from_content('<tool_call>{"name": "a", "parameters": {}}</tool_call>\n<tool_call>{"name": "b"}</tool_call>', [])
    assert [c.name for c in two] == ["a", "b"]
    assert calls_from_content('[{"risk_level": "high"}]', ["get_clause_context"]) == []


def test_parse_arguments():
    assert parse_arguments('{"clause_id": "1"}').values == {"clause_id": "1"}
    assert parse_arguments('"{\\"clause_id\\": \\"1\\"}"').values == {"clause_id": "1"}  # double-encoded
    assert "not valid JSON" in parse_arguments('{"clause_id": ').error
    assert "JSON object" in parse_arguments("[1, 2]").error
    assert parse_arguments("").values == {}


def test_settings_from_environment(monkeypatch):
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "USE_REACT_AGENT", "PARALAW_MODEL"):
        monkeypatch.delenv(name, raising=False)
    assert get_settings().default_mode() == "offline"
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1")
    assert get_settings().default_mode() == "checklist"  # SPEC-20: ReAct is opt-in
    monkeypatch.setenv("USE_REACT_AGENT", "true")
    monkeypatch.setenv("REACT_MAX_ITERATIONS", "7")
    monkeypatch.setenv("REACT_TEMPERATURE", "0.3")
    monkeypatch.setenv("PARALAW_MODEL", "qwen2.5-7b-instruct")
    settings = get_settings(concurrency=2)
    assert settings.default_mode() == "react"
    assert (settings.react_max_iterations, settings.react_temperature, settings.model, settings.concurrency) == (7, 0.3, "qwen2.5-7b-instruct", 2)
