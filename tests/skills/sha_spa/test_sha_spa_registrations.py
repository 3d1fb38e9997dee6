"""The four SHA/SPA skills as tools: registered in the sha_spa pack only, described field by field, and fed
our_party from the review state (a model's argument overrides it)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import anyio
import pytest

from paralaw.skills import create_dispatcher, make_state, parse_document_text

SKILLS = {
    "spa_extract_conditions": {"clause_id", "our_party"},
    "spa_extract_reps_warranties": {"clause_id", "our_party"},
    "spa_indemnity_analysis": {"clause_id", "our_party", "consideration_amount"},
    "sha_governance_check": {"clause_id", "our_party"},
}
LONG_STOP = """# SHARE PURCHASE AGREEMENT

## 4 Conditions

4.1 Completion is conditional on the Buyer obtaining merger control clearance from the competent authority.

4.2 If the Condition has not been satisfied by 5.00 pm on the Long Stop Date, the Buyer may terminate this Agreement by notice to the Seller.
"""


def test_registered_in_the_sha_spa_pack_only():
    assert set(SKILLS) <= set(create_dispatcher("sha_spa").skill_ids)
    assert not set(SKILLS) & set(create_dispatcher("generic").skill_ids)


@pytest.mark.parametrize("skill_id, fields", SKILLS.items())
def test_tool_definition_is_complete(skill_id, fields):
    registration = create_dispatcher("sha_spa").get_registration(skill_id)
    assert registration.domain == "sha_spa" and registration.effect == "query"
    function = registration.to_tool_definition()["function"]
    properties = function["parameters"]["properties"]
    assert set(properties) == fields and function["parameters"]["required"] == []
    assert all(prop.get("description") for prop in properties.values())
    assert "'*'" in properties["clause_id"]["description"]
    assert len(function["description"]) > 100


def test_our_party_from_state_and_from_the_model(load):
    structure = load("review_cases/spa_a/share_purchase_agreement.md")
    dispatcher = create_dispatcher("sha_spa")
    state = make_state(structure, domain_id="sha_spa", our_party="Seller")
    from_state = anyio.run(lambda: dispatcher.prepare_and_call("spa_indemnity_analysis", "*", structure, state))
    overridden = anyio.run(lambda: dispatcher.prepare_and_call("spa_indemnity_analysis", "*", structure, state,
                                                               llm_arguments={"our_party": "Buyer"}))
    assert from_state.data["our_party"] == "Seller" and overridden.data["our_party"] == "Buyer"
    assert len(overridden.data["findings"]) > len(from_state.data["findings"])
    by_name = anyio.run(lambda: dispatcher.prepare_and_call("spa_indemnity_analysis", "*", structure,
                                                            make_state(structure, our_party="CORVID ENGINEERING GROUP LIMITED")))
    assert by_name.data["our_party"] == "Buyer" and not by_name.data["our_party_assumed"]


def test_long_stop_date_with_termination_right_is_not_flagged():
    structure = parse_document_text(LONG_STOP, filename="long_stop.md")
    dispatcher = create_dispatcher("sha_spa")
    result = anyio.run(lambda: dispatcher.prepare_and_call("spa_extract_conditions", "*", structure, make_state(structure, our_party="Buyer")))
    data = result.data
    assert data["long_stop_clause_id"] == "4.2" and data["termination_right"] == "Buyer"
    assert data["conditions"][0]["category"] == "regulatory" and data["conditions"][0]["responsible_party"] == "Buyer"
    assert data["findings"] == []


SNAPSHOT = Path(__file__).parent / "data" / "tool_definitions.json"


def test_tool_definitions_match_the_snapshot():
    """A changed schema is a deliberate act: regenerate with PARALAW_UPDATE_SNAPSHOTS=1 and review the diff."""
    dispatcher = create_dispatcher("sha_spa")
    current = {skill_id: dispatcher.get_registration(skill_id).to_tool_definition() for skill_id in SKILLS}
    if os.environ.get("PARALAW_UPDATE_SNAPSHOTS") or not SNAPSHOT.exists():
        SNAPSHOT.write_text(json.dumps(current, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert current == json.loads(SNAPSHOT.read_text(encoding="utf-8"))
