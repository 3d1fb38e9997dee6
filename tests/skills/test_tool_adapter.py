"""SPEC-19 §7: tool definitions, the adapter and the dispatcher."""

from __future__ import annotations

import json

import anyio
import pytest
from pydantic import BaseModel, Field

from paralaw.skills import (
    INTERNAL_FIELDS,
    GenericSkillInput,
    SkillBackend,
    SkillDispatcher,
    SkillRegistration,
    create_dispatcher,
    make_state,
    parse_tool_calls,
    skills_to_tool_definitions,
)
from paralaw.skills.framework import dispatcher as dispatcher_module


class DummyInput(BaseModel):
    clause_id: str = Field(description="Clause id")
    document_structure: object = None
    state_snapshot: dict = Field(default_factory=dict)
    query: str = Field("", description="Search words")
    top_k: int = Field(5, ge=1, description="How many")


def make(skill_id="test_skill", **kw):
    return SkillRegistration(skill_id=skill_id, name=skill_id, description=f"Skill {skill_id}", backend=SkillBackend.LOCAL,
                             local_handler=kw.pop("local_handler", "some.module.handler"),
                             input_schema=kw.pop("input_schema", DummyInput), **kw)


class TestToToolDefinition:
    def test_format_and_internal_fields_stripped(self):
        tool = make().to_tool_definition()
        assert tool["type"] == "function" and tool["function"]["name"] == "test_skill"
        props = tool["function"]["parameters"]["properties"]
        assert {"clause_id", "query", "top_k"} <= set(props)
        assert "document_structure" not in props and "state_snapshot" not in props
        assert tool["function"]["parameters"]["required"] == ["clause_id"]

    def test_no_input_schema(self):
        params = make(input_schema=None).to_tool_definition()["function"]["parameters"]
        assert params["properties"] == {} and params["required"] == []


class TestSkillsToToolDefinitions:
    def test_filters(self):
        skills = [make("generic"), make("fidic_only", domain="fidic"), make("sha_only", domain="sha_spa"),
                  make("off", status="disabled"), make("v", category="validation")]
        names = [t["function"]["name"] for t in skills_to_tool_definitions(skills, domain_filter="fidic")]
        assert names == ["generic", "fidic_only", "v"]
        assert [t["function"]["name"] for t in skills_to_tool_definitions(skills, category_filter="validation")] == ["v"]
        assert skills_to_tool_definitions([]) == []

    def test_internal_fields_never_listed(self):
        for tool in skills_to_tool_definitions([make("a")]):
            assert not INTERNAL_FIELDS & set(tool["function"]["parameters"]["properties"])


class TestParseToolCalls:
    def test_parsing(self):
        parsed = parse_tool_calls([
            {"id": "call_001", "function": {"name": "compare_with_baseline", "arguments": '{"clause_id": "4.1"}'}},
            {"id": "call_002", "function": {"name": "b", "arguments": {"x": 1}}},
            {"id": "call_003", "function": {"name": "c", "arguments": "not json"}},
            {"function": {"name": "d", "arguments": "[1, 2]"}},
        ])
        assert parsed[0] == {"id": "call_001", "skill_id": "compare_with_baseline", "arguments": {"clause_id": "4.1"}}
        assert parsed[1]["arguments"] == {"x": 1}
        assert parsed[2]["arguments"] == {} and parsed[3]["arguments"] == {} and parsed[3]["id"] == ""
        assert parse_tool_calls([]) == []

    def test_what_real_servers_send(self):
        """Items that are no object, a string `function`, double-encoded arguments, no `function` at all."""
        twice = json.dumps(json.dumps({"clause_id": "4.1"}))
        parsed = parse_tool_calls([
            "compare_with_baseline", None, 7,
            {"id": "a", "function": "get_clause_context", "arguments": '{"clause_id": "2"}'},
            {"id": "b", "function": {"name": "compare_with_baseline", "arguments": twice}},
            {"id": "c", "name": "resolve_definition", "arguments": {"term": "Services"}},
            {"id": "d"},
            {"id": "e", "function": {"name": "x", "arguments": ""}},
        ])
        assert [p["id"] for p in parsed] == ["a", "b", "c", "d", "e"]
        assert parsed[0] == {"id": "a", "skill_id": "get_clause_context", "arguments": {"clause_id": "2"}}
        assert parsed[1]["arguments"] == {"clause_id": "4.1"}
        assert parsed[2] == {"id": "c", "skill_id": "resolve_definition", "arguments": {"term": "Services"}}
        assert parsed[3] == {"id": "d", "skill_id": "", "arguments": {}}
        assert parsed[4]["arguments"] == {}


def test_every_registered_tool_is_fully_described():
    from paralaw.skills import all_registrations

    for registration in all_registrations():
        function = registration.to_tool_definition()["function"]
        assert function["description"].strip(), registration.skill_id
        for name, prop in function["parameters"]["properties"].items():
            assert prop.get("description", "").strip(), f"{registration.skill_id}.{name} has no description"


class TestPrepareAndCall:
    def test_prepare_input_fills_internal_arguments(self, load):
        structure = load("review_cases/spa_a/share_purchase_agreement.md")
        result = anyio.run(create_dispatcher().prepare_and_call, "get_clause_context", "9.1", structure, make_state(structure))
        assert result.success, result.error
        assert result.data["clause_id"] == "9.1" and "Consideration" in result.data["text"]

    def test_model_arguments_override_and_are_validated(self, load):
        structure = load("review_cases/spa_a/share_purchase_agreement.md")
        dispatcher = create_dispatcher()
        call = lambda args: anyio.run(lambda: dispatcher.prepare_and_call("get_clause_context", "9", structure, make_state(structure), llm_arguments=args))
        short = call({"max_chars": 300})
        assert short.success and short.data["truncated"] and "omitted" in short.data["text"]
        bad = call({"max_chars": "lots"})
        assert not bad.success and bad.error.code == "INVALID_ARGUMENT" and "max_chars" in bad.error.message
        odd = call({"max_chars": 300, "colour": "blue", "document_structure": None})
        assert odd.success and odd.data["ignored_arguments"] == ["colour", "document_structure"]

    def test_missing_clause_and_unknown_skill_are_clear_errors(self, load):
        structure = load("review_cases/spa_a/share_purchase_agreement.md")
        dispatcher = create_dispatcher()
        missing = anyio.run(dispatcher.prepare_and_call, "get_clause_context", "99.9", structure, make_state(structure))
        assert missing.error.code == "CLAUSE_NOT_FOUND" and "99.9" in missing.error.message
        unknown = anyio.run(dispatcher.prepare_and_call, "no_such_skill", "1", structure, {})
        assert unknown.error.code == "UNKNOWN_SKILL"

    def test_failed_prepare_input_falls_back_to_model_arguments(self, load, monkeypatch):
        structure = load("review_cases/spa_a/share_purchase_agreement.md")

        def broken(*_):
            raise RuntimeError("boom")

        registration = create_dispatcher().get_registration("get_clause_context").model_copy(update={"prepare_input_fn": broken})
        result = anyio.run(SkillDispatcher([registration]).prepare_and_call, "get_clause_context", "9.1", structure, {})
        assert result.success and result.data["clause_id"] == "9.1"

    def test_string_handlers_are_imported(self, monkeypatch):
        calls = []
        monkeypatch.setattr(dispatcher_module, "_import_handler", lambda path: calls.append(path) or (lambda data: {"summary": data.clause_id}))
        registration = make("s", input_schema=GenericSkillInput, local_handler="x.handler")
        result = anyio.run(SkillDispatcher([registration]).prepare_and_call, "s", "4.1", None, {})
        assert result.success and result.data == {"summary": "4.1"} and calls == ["x.handler"]

    def test_handler_crash_is_an_internal_error_not_an_exception(self):
        def crash(_):
            raise ZeroDivisionError("division by zero")

        registration = make("s", input_schema=GenericSkillInput, local_handler=crash)
        result = anyio.run(SkillDispatcher([registration]).prepare_and_call, "s", "1", None, {})
        assert result.error.code == "INTERNAL_ERROR" and "ZeroDivisionError" in result.error.message


def test_duplicate_registration_is_refused():
    with pytest.raises(ValueError):
        SkillDispatcher([make("a"), make("a")])


def test_unknown_domain_gets_generic_pack(caplog):
    dispatcher = create_dispatcher("maritime")
    assert "get_clause_context" in dispatcher.skill_ids
    assert "unknown domain 'maritime'" in caplog.text


@pytest.mark.parametrize("domain", ["generic", "fidic", "sha_spa"])
def test_installed_packs_carry_their_data(domain):
    """Checklists, criteria and baselines ship inside the package, not only in a checkout."""
    from paralaw.skills import load_pack

    pack = load_pack(domain)
    assert len(pack.checklist) >= 5 and pack.criteria
    assert all(item.required_skills for item in pack.checklist)
