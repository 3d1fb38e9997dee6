"""The FIDIC skills as tools: registered in the pack, schemas stable and free of internal fields, and
prepare_input finding the GC, PC and ER whatever roles the review gives them."""

from __future__ import annotations

import pytest
from fidic_helpers import SYNTHETIC_PC, case_state, doc, fixture

from paralaw.skills import create_dispatcher
from paralaw.skills.fidic import calculate_time_bar, check_pc_consistency, merge_gc_pc, search_er
from paralaw.skills.fidic.context import resolve_documents

PARAMETERS = {
    "fidic_merge_gc_pc": ["clause_id", "include_unchanged", "max_chars"],
    "fidic_calculate_time_bar": ["clause_id", "edition", "trigger_date", "our_party"],
    "fidic_check_pc_consistency": ["clause_id", "include_low"],
    "fidic_search_er": ["clause_id", "query", "top_k"],
}


def test_pack_registers_the_four_skills_with_complete_schemas():
    tools = {t["function"]["name"]: t["function"] for t in create_dispatcher("fidic").get_tool_definitions(domain_filter="fidic")}
    for name, parameters in PARAMETERS.items():
        schema = tools[name]["parameters"]
        assert list(schema["properties"]) == parameters
        assert schema["required"] == ["clause_id"]
        assert all(prop.get("description") for prop in schema["properties"].values())
        assert not {"gc_structure", "pc_structure", "er_structure", "document_structure", "state_snapshot"} & set(schema["properties"])
    assert "fidic_merge_gc_pc" not in {t["function"]["name"] for t in create_dispatcher("sha_spa").get_tool_definitions(domain_filter="sha_spa")}


@pytest.mark.parametrize("module", [merge_gc_pc, calculate_time_bar, check_pc_consistency, search_er])
def test_registration_fields(module):
    registration = module.registration
    assert registration.domain == "fidic" and registration.effect == "query" and not registration.requires_confirmation
    assert registration.prepare_input_fn is module.prepare_input


def test_roles_as_gold_lays_them_out_are_resolved():
    primary, state = case_state("fidic_a")
    docs = resolve_documents(state, primary)
    assert docs.gc.filename.endswith("general_conditions.md")
    assert docs.pc.filename.endswith("particular_conditions.md")
    assert docs.er.filename.endswith("employers_requirements.md")
    prepared = search_er.prepare_input("4.10", primary, state)
    assert prepared.er_structure is docs.er and prepared.pc_structure is docs.pc
    assert prepared.state_snapshot["our_party"] == "Contractor"


def test_roles_by_look_when_the_state_gives_no_kind():
    gc, pc, er = fixture("gc_2017_style.md"), doc(str(SYNTHETIC_PC)), fixture("er_sample.md")
    state = {"documents": [{"role": "primary", "structure": pc}, {"role": "reference", "structure": gc},
                           {"role": "reference", "structure": er}]}
    docs = resolve_documents(state, pc)
    assert (docs.gc, docs.pc, docs.er) == (gc, pc, er) and docs.contract is None


def test_single_document_is_the_contract():
    primary, state = case_state("zh_construction")
    docs = resolve_documents(state, primary)
    assert docs.contract is primary and docs.gc is None and docs.pc is None and docs.er is None
