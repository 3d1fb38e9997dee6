"""assess_deviation on the planted issues of services_a and zh_construction (and a few of spa_a and
fidic_a), without raising the distractors listed in review_cases/README.md to high severity."""

from __future__ import annotations

import json

import anyio
import pytest

from paralaw.skills import create_dispatcher, make_state
from paralaw.skills.generic.assess_deviation import assess_deviation, prepare_input

from pathlib import Path

from data_paths import CASES

MSA = "review_cases/services_a/master_services_agreement.md"
TEMPLATE = "review_cases/services_a/baseline.md"
ZH = "review_cases/zh_construction/construction_contract.md"
SPA = "review_cases/spa_a/share_purchase_agreement.md"
PC = "review_cases/fidic_a/particular_conditions.md"


def gold(case):
    return {p["clause_id"]: p for p in json.loads((CASES / case / "gold.json").read_text(encoding="utf-8"))["planted"]}


def assess(structure, clause_id, state):
    out = assess_deviation(prepare_input(clause_id, structure, state))
    for finding in out.findings:
        assert finding.evidence in structure.text, finding.evidence  # always a verbatim quote
    return out


@pytest.fixture(scope="module")
def msa(load):
    return load(MSA), make_state(load(MSA), our_party="Customer", others=[("baseline", load(TEMPLATE))])


@pytest.mark.parametrize("clause_id", ["15.2", "2.2", "9.7", "10.2", "17.2"])
def test_services_a_planted_issues(msa, clause_id):
    structure, state = msa
    planted = gold("services_a")[clause_id]
    out = assess(structure, clause_id, state)
    expected = "critical" if planted["severity"] == "high" else "material"
    assert out.deviation_level == expected, out.reasons
    assert out.modification_type == "modified" and out.baseline_source == "review baseline: baseline.md"
    carrying = [f for f in out.findings if planted["evidence"] in f.evidence]
    assert carrying, [f.evidence for f in out.findings]
    assert carrying[0].severity == planted["severity"]
    assert (out.our_party, out.counterparty) == ("Customer", "Supplier")


def test_liability_cap_reasons(msa):
    out = assess(msa[0], "15.2", msa[1])
    failed = {r.criterion_id: r for r in out.criteria_results if r.outcome == "fail"}
    assert set(failed) == {"liability_cap_mutual", "liability_cap_level"}
    assert "'three (3) months' (3 months) does not meet 'cap measured in fees >= 12 months of fees'" in failed["liability_cap_level"].detail
    assert out.reasons[0].startswith("criterion 'Our liability is capped like the other side's' (high) not met")
    assert ("period", 3.0, "months", "three (3) months") in [(t.measure, t.value, t.unit, t.quote) for t in out.extracted_terms]


def test_renewal_limits(msa):
    out = assess(msa[0], "2.2", msa[1])
    failed = {r.criterion_id: r.detail for r in out.criteria_results if r.outcome == "fail"}
    assert failed == {
        "renewal_notice_period": "'one hundred and eighty (180) days' (180 days) does not meet 'non-renewal notice <= 90 days'",
        "renewal_term_length": "'twenty-four (24) months' (24 months) does not meet 'renewal term <= 12 months'",
    }


@pytest.mark.parametrize("clause_id", ["9.3", "5.2", "5.3", "12.2", "15.3", "15.4", "16.1", "4.4", "Schedule 1", "Schedule 1/4"])
def test_services_a_distractors(msa, clause_id):
    out = assess(msa[0], clause_id, msa[1])
    assert out.deviation_level in ("none", "minor"), out.reasons
    assert not [f for f in out.findings if f.severity == "high"]


def test_unchanged_compliant_clause_is_none(msa):
    out = assess(msa[0], "9.3", msa[1])
    assert (out.deviation_level, out.modification_type) == ("none", "unmodified")
    assert [r.outcome for r in out.criteria_results if r.criterion_id == "payment_period_payer"] == ["pass"]


def test_judged_from_the_other_side(load):
    state = make_state(load(MSA), our_party="Supplier", others=[("baseline", load(TEMPLATE))])
    out = assess(load(MSA), "15.2", state)
    assert out.deviation_level == "minor"
    assert not [f for f in out.findings if f.severity == "high"]
    party = next(f for f in out.findings if f.kind == "baseline_party_changed")
    assert "favours the Supplier" in party.message


def test_zh_uncapped_delay_damages(load):
    structure = load(ZH)
    state = make_state(structure, our_party="承包人", domain_id="fidic")
    out = assess(structure, "7.7", state)
    assert out.deviation_level == "critical"
    assert out.modification_type == "no_baseline"
    (finding,) = [f for f in out.findings if f.kind == "criterion_delay_damages_capped"]
    assert gold("zh_construction")["7.7"]["evidence"] in finding.evidence
    assert finding.severity == "high"
    assert (0.03, "%", "万分之三") in [(t.value, t.unit, t.quote) for t in out.extracted_terms]


@pytest.mark.parametrize("clause_id", ["18.1", "11.5", "14.2"])
def test_zh_other_planted_limits(load, clause_id):
    structure = load(ZH)
    out = assess(structure, clause_id, make_state(structure, our_party="承包人", domain_id="fidic"))
    assert out.deviation_level == "critical"
    assert any(gold("zh_construction")[clause_id]["evidence"] in f.evidence for f in out.findings)


@pytest.mark.parametrize("clause_id", ["3.4", "2.4", "14.3", "18.2", "18.3", "11.6", "13.2"])
def test_zh_distractors(load, clause_id):
    structure = load(ZH)
    out = assess(structure, clause_id, make_state(structure, our_party="承包人", domain_id="fidic"))
    assert not [f for f in out.findings if f.severity == "high"], out.findings


@pytest.mark.parametrize("clause_id", ["9.1", "9.3", "8.3", "10.4", "5.4"])
def test_spa_buyer_side(load, clause_id):
    structure = load(SPA)
    out = assess(structure, clause_id, make_state(structure, our_party="Buyer", domain_id="sha_spa"))
    assert out.deviation_level == "critical"
    assert any(gold("spa_a")[clause_id]["evidence"] in f.evidence for f in out.findings)


@pytest.mark.parametrize("clause_id", ["10.1", "10.2", "13.1"])
def test_spa_distractors(load, clause_id):
    structure = load(SPA)
    out = assess(structure, clause_id, make_state(structure, our_party="Buyer", domain_id="sha_spa"))
    assert not [f for f in out.findings if f.severity == "high"], out.findings


def test_fidic_particular_conditions(load):
    structure = load(PC)
    state = make_state(structure, our_party="Contractor", domain_id="fidic")
    levels = {cid: assess(structure, cid, state).deviation_level for cid in ("20.1", "14.7", "8.7", "13.7", "14.6", "19.1")}
    assert levels == {"20.1": "critical", "14.7": "critical", "8.7": "critical", "13.7": "critical", "14.6": "none", "19.1": "none"}


def call(structure, clause_id, state, **arguments):
    dispatcher = create_dispatcher(state.get("domain_id", "generic"))

    async def go():
        with anyio.fail_after(20):
            return await dispatcher.prepare_and_call("assess_deviation", clause_id, structure, state, llm_arguments=arguments)

    return anyio.run(go)


def test_through_the_dispatcher_with_a_playbook(msa, tmp_path):
    structure, state = msa
    path = tmp_path / "playbook.yaml"
    path.write_text(
        "criteria:\n"
        "  - id: ip_never_licensed_back\n"
        "    title: No licence-back of deliverables\n"
        "    clause_patterns: [Deliverables]\n"
        "    forbidden_terms: ['licence to use the Deliverables during the Term']\n"
        "    severity: medium\n", encoding="utf-8")
    result = call(structure, "10.2", {**state, "playbook_path": str(path)})
    assert result.success, result.error
    data = result.data
    assert data["criteria_source"] == "playbook: playbook.yaml"
    assert [r["criterion_id"] for r in data["criteria_results"]] == ["ip_never_licensed_back"]
    # the playbook's medium breach plus the baseline's adverse change of party (high) -> material
    assert data["deviation_level"] == "material"


def test_errors_and_edge_cases(msa, load):
    structure, state = msa
    missing = call(structure, "99.9", state)
    assert (missing.success, missing.error.code) == (False, "CLAUSE_NOT_FOUND")
    bad = call(structure, "2.2", {**state, "playbook": {"criteria": [{"id": "x"}]}})
    assert bad.error.code == "INVALID_CRITERIA" and "criteria[0].title" in bad.error.message
    neutral = call(structure, "17.2", make_state(structure, others=[("baseline", load(TEMPLATE))]))
    assert neutral.success and neutral.data["our_party"] == ""
    assert "our party unknown" in neutral.data["summary"]
    definition = create_dispatcher("generic").get_registration("assess_deviation").to_tool_definition()
    assert set(definition["function"]["parameters"]["properties"]) == {"clause_id", "baseline_text"}


def test_our_party_given_by_company_name(load):
    state = make_state(load(MSA), our_party="Halvorsen Retail Group Limited", others=[("baseline", load(TEMPLATE))])
    out = assess(load(MSA), "17.2", state)
    assert (out.our_party, out.counterparty, out.deviation_level) == ("Customer", "Supplier", "critical")


def test_spa_deductible_basket(load):
    structure = load(SPA)
    out = assess(structure, "9.2", make_state(structure, our_party="Buyer", domain_id="sha_spa"))
    assert out.deviation_level == "material"
    (finding,) = [f for f in out.findings if f.kind == "criterion_basket_tipping"]
    assert gold("spa_a")["9.2"]["evidence"] in finding.evidence


@pytest.mark.parametrize("with_template", [True, False])
def test_exactly_the_planted_clauses_are_serious(load, with_template):
    structure = load(MSA)
    # with the case's template as the review baseline, and without it (the generic pack's neutral baseline)
    state = make_state(structure, our_party="Customer", others=[("baseline", load(TEMPLATE))] if with_template else [])
    leaves = [c.clause_id for c in structure.iter_clauses() if not c.children]
    serious = {cid for cid in leaves if assess(structure, cid, state).deviation_level in ("material", "critical")}
    assert serious == set(gold("services_a"))


def test_deleted_and_missing_clauses(load):
    from paralaw.skills import parse_document_text

    base = load(TEMPLATE)
    text = base.text.replace(base.get_clause("17.2").text.strip(), "17.2 [Deleted]")
    start, end = text.index("17.3 "), text.index("## 18")
    modified = parse_document_text(text[:start] + text[end:], filename="msa_cut.md")
    state = make_state(modified, our_party="Customer", others=[("baseline", base)])
    emptied = assess(modified, "17.2", state)
    assert (emptied.deviation_level, emptied.modification_type) == ("material", "deleted")
    assert [f.kind for f in emptied.findings] == ["baseline_clause_deleted"]
    missing = assess(modified, "17.3", state)  # gone from the contract, still in the baseline
    assert (missing.deviation_level, missing.modification_type, missing.criteria_results) == ("material", "deleted", [])
    assert "deleted or left empty" in missing.reasons[0]
