"""What counts as a final answer: every risk has a level and a description and a reason in words; an array of
{name, arguments} objects is a list of tool calls, whatever the names."""

from __future__ import annotations

import json

import pytest

from paralaw.agent.risks import parse_risk_list, risk_problems
from paralaw.agent.toolcalls import calls_from_content

GOOD = {"risk_level": "high", "description": "Only the Supplier's liability is capped", "reason": "the Customer's is not"}


@pytest.mark.parametrize("risk, missing", [
    (GOOD, ""),
    ({**GOOD, "risk_level": "严重"}, ""),
    ({**GOOD, "description": "仅供应商责任设有上限", "reason": "客户责任无上限"}, ""),
    ({**GOOD, "risk_level": "whatever"}, "risk_level"),
    ({**GOOD, "description": ""}, "description"),
    ({**GOOD, "reason": "n/a"}, "reason"),
    ({**GOOD, "description": 42}, "description"),
    ({**GOOD, "reason": "--- 1.2 ---"}, "reason"),
    ({"name": "Limitation of Liability", "arguments": {"priority": "high"}}, "risk_level, description, reason"),
])
def test_a_risk_needs_a_level_and_words(risk, missing):
    problems = risk_problems([risk])
    assert (problems[0].split("lacks ")[1].split(" (")[0] if problems else "") == missing


def test_a_tool_call_shaped_answer_is_named_as_such():
    answer = '```json\n[{"name": "Termination", "arguments": {"priority": "high"}}]\n```'
    assert "looks like a tool call" in risk_problems(parse_risk_list(answer))[0]
    assert risk_problems([]) == []  # no risk is a valid answer


def test_call_shaped_arrays_are_calls_whatever_the_names():
    array = json.dumps([{"name": "General", "arguments": {}}, {"name": "This Agreement is the entire agreement.", "arguments": {}}])
    calls = calls_from_content(f"```json\n{array}\n```", ["get_clause_context"])
    assert [c.name for c in calls] == ["General", "This Agreement is the entire agreement."] and calls[0].from_content
    # a lone object still needs a known name, and a list of risks is never a call
    assert calls_from_content('{"name": "summarise", "arguments": {}}', ["get_clause_context"]) == []
    assert calls_from_content(json.dumps([GOOD]), ["get_clause_context"]) == []
    assert calls_from_content(json.dumps([{**GOOD, "name": "x", "arguments": {}}]), ["get_clause_context"]) == []
