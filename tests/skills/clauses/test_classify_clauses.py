"""classify_clauses through the dispatcher: categories, quotes, key values, and what is absent."""

from __future__ import annotations

import anyio

from paralaw.skills import create_dispatcher, make_state


def _classify(structure, **arguments):
    dispatcher = create_dispatcher("generic")
    result = anyio.run(lambda: dispatcher.prepare_and_call("classify_clauses", "", structure, make_state(structure),
                                                             llm_arguments=arguments))
    return result


def test_whole_contract_by_category(agreement):
    result = _classify(agreement)
    assert result.success, result.error
    found = {c["category"]: c for c in result.data["categories"]}
    assert found["Governing Law"]["clauses"][0]["clause_id"] == "7.2"
    assert found["Governing Law"]["value"] == "State of New York"
    assert found["Cap On Liability"]["clauses"][0]["clause_id"] == "6.1"
    assert found["Insurance"]["clauses"][0]["clause_id"] == "6.2"
    assert "ninety (90) days" in found["Notice Period To Terminate Renewal"]["value"]
    assert found["Parties"]["clauses"][0]["clause_id"] == "preamble"
    assert found["Parties"]["value"] == "Supplier; Distributor"
    for category in found.values():
        for clause in category["clauses"]:
            assert clause["quote"] in agreement.text and agreement.get_clause(clause["clause_id"]) is not None
            assert agreement.text[clause["start"]:clause["end"]] == clause["quote"]
    assert "Source Code Escrow" in result.data["not_found"] and "Source Code Escrow" not in found
    assert len(found) + len(result.data["not_found"]) == 41


def test_only_some_categories_and_unknown_names(agreement):
    result = _classify(agreement, only=["Governing Law"], max_clauses=1)
    assert [c["category"] for c in result.data["categories"]] == ["Governing Law"]
    bad = _classify(agreement, only=["Governing Lawz"])
    assert not bad.success and bad.error.code == "INVALID_ARGUMENT" and "Governing Lawz" in bad.error.message
