"""load_review_criteria and the criteria schema: the three packs, playbooks from files and from the review
state, and errors that name the line and the key."""

from __future__ import annotations

import json

import anyio
import pytest

from paralaw.skills import create_dispatcher, make_state
from paralaw.skills.packs.criteria import CriteriaError, criteria_from_data, load_criteria_file, pack_criteria, parse_criteria

MSA = "review_cases/services_a/master_services_agreement.md"
SPA = "review_cases/spa_a/share_purchase_agreement.md"
ZH = "review_cases/zh_construction/construction_contract.md"


def call(structure, clause_id, state, **arguments):
    dispatcher = create_dispatcher(state.get("domain_id", "generic"))

    async def go():
        with anyio.fail_after(20):
            return await dispatcher.prepare_and_call("load_review_criteria", clause_id, structure, state, llm_arguments=arguments)

    return anyio.run(go)


def limits(domain):
    return {limit.label: (limit.measure, limit.op, limit.value, limit.unit)
            for criterion in pack_criteria(domain).criteria for limit in criterion.limits}


def test_packs_hold_the_market_limits():
    assert limits("generic")["liability cap >= 100% of fees"] == ("percent", ">=", 100, "")
    fidic = limits("fidic")
    assert fidic["claim notice >= 28 days"] == ("period", ">=", 28, "days")
    assert fidic["payment period <= 56 days"] == ("period", "<=", 56, "days")
    assert fidic["retention <= 5%"] == ("percent", "<=", 5, "")
    assert fidic["质量保证金 <= 3%"] == ("percent", "<=", 3, "")
    spa = limits("sha_spa")
    assert spa["SPA cap >= 30% of consideration"] == ("percent", ">=", 30, "")
    assert spa["claims period >= 18 months"] == ("period", ">=", 18, "months")
    for domain in ("generic", "fidic", "sha_spa"):
        assert all(c.rationale and c.severity in ("high", "medium", "low") for c in pack_criteria(domain).criteria)


def test_liability_clause_gets_liability_criteria(load):
    state = make_state(load(MSA), our_party="Customer")
    result = call(load(MSA), "15.2", state)
    assert result.success, result.error
    ids = [c["id"] for c in result.data["criteria"]]
    assert {"liability_cap_mutual", "liability_cap_level"} <= set(ids)
    assert not {i for i in ids if i.startswith("termination")}
    assert result.data["source"] == "domain pack: generic"
    assert result.data["total_available"] == len(pack_criteria("generic").criteria)


def test_criteria_follow_our_party(load):
    as_supplier = call(load(MSA), "15.2", make_state(load(MSA), our_party="Supplier"))
    assert "liability_cap_level" not in [c["id"] for c in as_supplier.data["criteria"]]  # a customer's concern


def test_chinese_clause_gets_chinese_criteria(load):
    result = call(load(ZH), "14.2", make_state(load(ZH), our_party="承包人", domain_id="fidic"))
    assert [c["id"] for c in result.data["criteria"]] == ["quality_retention_cap_zh"]


def test_topic_and_all(load):
    state = make_state(load(SPA), our_party="Buyer", domain_id="sha_spa")
    by_topic = call(load(SPA), "limitations", state)  # a checklist topic, not a clause number
    assert {c["id"] for c in by_topic.data["criteria"]} == {"warranty_cap_level", "claims_period_length", "threshold_level", "basket_tipping"}
    everything = call(load(SPA), "*", state, topic="warranties")
    assert [c["id"] for c in everything.data["criteria"]] == ["blanket_awareness_qualifier"]


def test_missing_clause_is_a_clear_error(load):
    result = call(load(MSA), "99.9", make_state(load(MSA)))
    assert (result.success, result.error.code) == (False, "CLAUSE_NOT_FOUND")


PLAYBOOK = """\
name: House playbook
criteria:
  - id: renewal_notice
    title: Short non-renewal notice
    clause_patterns: [renew]
    limits:
      - {label: "notice <= 30 days", measure: period, op: "<=", value: 30, unit: days, context: non-renewal}
    severity: high
    rationale: We never accept more than 30 days.
"""


def test_playbook_file_replaces_the_pack(load, tmp_path):
    path = tmp_path / "playbook.yaml"
    path.write_text(PLAYBOOK, encoding="utf-8")
    state = make_state(load(MSA), our_party="Customer", playbook_path=str(path))
    result = call(load(MSA), "2.2", state)
    assert result.data["source"] == "playbook: playbook.yaml"
    assert [c["id"] for c in result.data["criteria"]] == ["renewal_notice"]
    assert result.data["total_available"] == 1


def test_playbook_extending_the_pack(load):
    data = {"extends_pack": True, "criteria": [{"id": "liability_cap_level", "title": "Cap at least twice the fees", "clause_patterns": ["aggregate liability"],
                                                 "limits": [{"label": "cap >= 200%", "measure": "percent", "op": ">=", "value": 200}], "severity": "high"}]}
    state = make_state(load(MSA), our_party="Customer", playbook=data)
    result = call(load(MSA), "15.2", state)
    assert result.data["source"] == "playbook over domain pack: generic"
    criteria = {c["id"]: c for c in result.data["criteria"]}
    assert criteria["liability_cap_level"]["limits"][0]["value"] == 200
    assert "liability_cap_mutual" in criteria


def test_yaml_error_names_line_and_key(tmp_path):
    bad = PLAYBOOK.replace('op: "<="', 'op: "at most"')
    path = tmp_path / "bad.yaml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(CriteriaError) as caught:
        load_criteria_file(path)
    message = caught.value.message
    assert message.startswith("bad.yaml: invalid criteria:")
    assert "line 7 criteria[0].limits[0].op" in message
    assert caught.value.details["problems"][0]["line"] == 7


def test_yaml_error_through_the_skill(load, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(PLAYBOOK.replace("    severity: high\n", "    severity: severe\n    colour: red\n"), encoding="utf-8")
    result = call(load(MSA), "2.2", make_state(load(MSA), playbook_path=str(path)))
    assert (result.success, result.error.code) == (False, "INVALID_CRITERIA")
    assert "line 8 criteria[0].severity" in result.error.message
    assert "line 9 criteria[0].colour: Extra inputs are not permitted" in result.error.message


def test_missing_field_and_bad_regex_name_their_lines():
    text = PLAYBOOK.replace("    title: Short non-renewal notice\n", "").replace("clause_patterns: [renew]", "clause_patterns: ['renew(']")
    with pytest.raises(CriteriaError) as caught:
        parse_criteria(text, source="house.yaml")
    problems = {p["key"]: p for p in caught.value.details["problems"]}
    assert problems["criteria[0].title"]["line"] == 3  # the criterion's first line
    assert problems["criteria[0].clause_patterns"]["line"] == 4
    assert "not a valid regular expression" in problems["criteria[0].clause_patterns"]["problem"]


def test_json_playbook_errors(tmp_path):
    data = {"criteria": [{"id": "cap", "title": "Cap", "clause_patterns": ["liability"],
                          "limits": [{"label": "cap", "measure": "ratio", "op": ">=", "value": 1}]}]}
    path = tmp_path / "playbook.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    with pytest.raises(CriteriaError) as caught:
        load_criteria_file(path)
    assert "line 12 criteria[0].limits[0].measure" in caught.value.message
    path.write_text('{"criteria": [\n  {"id": "x",}\n]}', encoding="utf-8")
    with pytest.raises(CriteriaError) as syntax:
        load_criteria_file(path)
    assert "line 2" in syntax.value.message and "not valid JSON" in syntax.value.message


def test_yaml_syntax_error_and_wrong_shapes(tmp_path):
    with pytest.raises(CriteriaError) as syntax:
        parse_criteria("criteria:\n  - id: a\n    title: [unclosed\n", source="p.yaml")
    assert "not valid YAML" in syntax.value.message and "line" in syntax.value.message
    with pytest.raises(CriteriaError) as scalar:
        parse_criteria("just words", source="p.yaml")
    assert "expected a mapping" in scalar.value.message
    with pytest.raises(CriteriaError) as empty:
        parse_criteria("  \n", source="p.yaml")
    assert "empty" in empty.value.message
    with pytest.raises(CriteriaError) as wrong_type:
        load_criteria_file(tmp_path / "playbook.txt")
    assert wrong_type.value.code == "INVALID_ARGUMENT"
    with pytest.raises(CriteriaError) as missing:
        load_criteria_file(tmp_path / "nowhere.yaml")
    assert missing.value.code == "FILE_NOT_FOUND"


def test_loaded_playbook_errors_name_the_key():
    with pytest.raises(CriteriaError) as caught:
        criteria_from_data([{"id": "a", "title": "A", "clause_patterns": ["x"]}, {"id": "a", "title": "B", "clause_ids": ["1"], "required_terms": ["y"]}])
    assert "criteria[0]" in caught.value.message and "checks nothing" in caught.value.message
    twice = {"id": "a", "title": "A", "clause_ids": ["1"], "required_terms": ["y"]}
    with pytest.raises(CriteriaError) as duplicate:
        criteria_from_data({"criteria": [twice, twice]})
    assert "criterion id 'a' is used twice" in duplicate.value.message


def test_period_limit_needs_a_unit():
    with pytest.raises(CriteriaError) as caught:
        criteria_from_data({"criteria": [{"id": "n", "title": "N", "clause_patterns": ["x"],
                                          "limits": [{"label": "n", "measure": "period", "op": ">=", "value": 28}]}]})
    assert "criteria[0].limits[0]" in caught.value.message and "needs unit" in caught.value.message


def test_playbook_with_only_a_checklist_keeps_the_pack(load):
    state = make_state(load(MSA), our_party="Customer", playbook={"checklist": [{"clause_id": "term", "clause_name": "Term"}]})
    result = call(load(MSA), "2.2", state)
    assert result.data["source"] == "domain pack: generic (playbook has no criteria)"
    assert {"renewal_notice_period", "renewal_term_length"} <= {c["id"] for c in result.data["criteria"]}


@pytest.mark.parametrize("domain", ["generic", "fidic", "sha_spa"])
def test_pack_loader_and_schema_agree(domain):
    from paralaw.skills.packs import load_pack

    assert [c["id"] for c in load_pack(domain).criteria] == [c.id for c in pack_criteria(domain).criteria]
