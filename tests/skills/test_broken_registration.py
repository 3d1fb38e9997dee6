"""A broken skill registration (a module that fails to import, no registration, a duplicate id) is skipped with a
warning; the rest of the registry, the dispatcher and the server stay up (SPEC-12 §3.2)."""

from __future__ import annotations

import logging
import sys
import types

import anyio

from paralaw.skills import packs
from paralaw.skills.packs import generic


def test_broken_skills_are_skipped_and_the_rest_stay_up(monkeypatch, caplog):
    broken = types.ModuleType("paralaw.skills.generic.not_a_registration")
    broken.registration = "get_clause_context"  # a module whose registration is no SkillRegistration
    monkeypatch.setitem(sys.modules, broken.__name__, broken)
    entries = ["generic.no_such_skill", "generic.not_a_registration", *generic.SKILLS, "generic.get_clause_context"]
    monkeypatch.setattr(generic, "SKILLS", entries)
    with caplog.at_level(logging.WARNING, logger="paralaw.skills.packs"):
        names = [r.skill_id for r in packs.all_registrations()]
        dispatcher = packs.create_dispatcher("fidic")
    assert names.count("get_clause_context") == 1 and "fidic_merge_gc_pc" in names and len(names) == 18
    assert dispatcher.get_registration("compare_with_baseline") is not None
    messages = [r.getMessage() for r in caplog.records]
    assert any("generic.no_such_skill of the generic pack skipped: it failed to load (ModuleNotFoundError" in m for m in messages)
    assert any("generic.not_a_registration of the generic pack skipped: its registration is a str" in m for m in messages)
    assert any("get_clause_context registered twice" in m for m in messages)

    from paralaw.agent.mcp_client import connect

    async def listed() -> list[str]:
        async with connect(None) as tools:
            return [t["function"]["name"] for t in tools.openai_tools()]

    served = anyio.run(listed)
    assert "get_clause_context" in served and "compare_with_baseline" in served
