"""Playbooks (issue 15): a playbook that does not validate stops the review with one line naming the field and
the value (exit 2; the MCP tool answers INVALID_ARGUMENT), `extends_pack: true` merges the checklist too, and the
example playbook in examples/ works as the README says."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from mcp import Client

from paralaw.server import build_server
from paralaw.skills.packs import load_pack
from paralaw.skills.packs.playbook import check_playbook, merge_checklist

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "services_agreement.md"
PLAYBOOK = ROOT / "examples" / "playbook.yaml"
WAIT = 60

CRITERION = """criteria:
  - id: no_unlimited_liability
    title: Our liability is capped
    clause_patterns: ['liability']
    forbidden_terms: ['shall not be limited']
    severity: high
"""


@pytest.mark.parametrize("text, words", [
    (CRITERION.replace("severity: high", "severity: extreme"),
     ["line 6 criteria[0].severity: Input should be 'high', 'medium' or 'low' (got 'extreme')"]),
    (CRITERION.replace("severity: high", "severty: high"),
     ["line 6 criteria[0].severty: Extra inputs are not permitted (did you mean 'severity'?)"]),
    ("critera:\n" + CRITERION.split("\n", 1)[1], ["critera: Extra inputs are not permitted (did you mean 'criteria'?)"]),
    ("checklist:\n  - clause_id: sla\n    clause_name: Service levels\n    priorty: high\n",
     ["invalid checklist: line 4 checklist[0].priorty: Extra inputs are not permitted (did you mean 'priority'?)"]),
    ("checklist:\n  - clause_id: sla\n    clause_name: Service levels\n    priority: urgent\n",
     ["line 4 checklist[0].priority:", "(got 'urgent')"]),
    ("checklist:\n  - clause_name: Service levels\n", ["checklist[0].clause_id: Field required"]),
])
def test_an_invalid_playbook_stops_the_review_in_one_line(tmp_path, review, text, words):
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    done = review(str(EXAMPLE), "--party", "Customer", "--playbook", "house.yaml", "--out", "r.md")
    assert done.exit_code == 2, done.output
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("error [INVALID_ARGUMENT]: house.yaml: ")
    for word in words:
        assert word in done.stderr
    assert not (tmp_path / "r.md").exists()


def test_a_playbook_that_is_not_yaml_stops_the_review_in_one_line(tmp_path, review):
    (tmp_path / "house.yaml").write_text("extends_pack: [yes\n", encoding="utf-8")
    done = review(str(EXAMPLE), "--playbook", "house.yaml", "--out", "r.md")
    assert done.exit_code == 2 and done.stderr.count("\n") == 1
    assert "house.yaml: line 2 column 1: not valid YAML" in done.stderr and not (tmp_path / "r.md").exists()


def test_a_missing_playbook_is_bad_input(review):
    done = review(str(EXAMPLE), "--playbook", "nowhere.yaml")
    assert done.exit_code == 2 and done.stderr.startswith("error [FILE_NOT_FOUND]: playbook nowhere.yaml")


def test_the_mcp_tool_answers_invalid_argument_naming_the_field(tmp_path):
    bad = tmp_path / "house.yaml"
    bad.write_text(CRITERION.replace("severity: high", "severity: extreme"), encoding="utf-8")

    async def main():
        with anyio.fail_after(WAIT):
            async with Client(build_server(":memory:", allowed_dirs=[str(EXAMPLE.parent), str(tmp_path)])) as client:
                result = await client.call_tool("open_review", {"documents": [{"path": str(EXAMPLE)}],
                                                                "playbook_path": str(bad)})
                return result

    result = anyio.run(main)
    assert result.is_error
    error = json.loads(result.content[0].text)
    assert error["code"] == "INVALID_ARGUMENT"
    assert "criteria[0].severity" in error["message"] and "'extreme'" in error["message"]


def test_extends_pack_merges_the_checklist(tmp_path):
    pack = [item.model_dump() for item in load_pack("generic").checklist]
    playbook = ("extends_pack: true\nchecklist:\n"
                "  - {clause_id: liability, clause_name: Liability (ours), priority: high, query: liability cap}\n"
                "  - {clause_id: service_levels, clause_name: Service levels, query: service credits}\n")
    (tmp_path / "house.yaml").write_text(playbook, encoding="utf-8")
    replacing = tmp_path / "own.yaml"
    replacing.write_text(playbook.replace("extends_pack: true", "extends_pack: false"), encoding="utf-8")

    async def checklist(path: Path) -> list[dict]:
        with anyio.fail_after(WAIT):
            async with Client(build_server(":memory:", allowed_dirs=[str(EXAMPLE.parent), str(tmp_path)])) as client:
                opened = await client.call_tool("open_review", {"documents": [{"path": str(EXAMPLE)}],
                                                                "playbook_path": str(path)})
                assert not opened.is_error, opened.content[0].text
                listed = await client.call_tool("get_checklist", {})
                return json.loads(listed.content[0].text)["items"]

    merged = anyio.run(checklist, tmp_path / "house.yaml")
    assert [i["clause_id"] for i in merged] == [i["clause_id"] for i in pack] + ["service_levels"]
    assert next(i for i in merged if i["clause_id"] == "liability")["clause_name"] == "Liability (ours)"
    own = anyio.run(checklist, replacing)
    assert [i["clause_id"] for i in own] == ["liability", "service_levels"]


def test_merge_checklist_keeps_the_pack_order():
    pack = [{"clause_id": "a", "n": 1}, {"clause_id": "b", "n": 1}]
    mine = [{"clause_id": "c", "n": 2}, {"clause_id": "a", "n": 2}]
    assert merge_checklist(pack, mine) == [{"clause_id": "a", "n": 2}, {"clause_id": "b", "n": 1}, {"clause_id": "c", "n": 2}]


def test_the_example_playbook_is_valid_and_reviews_the_example(tmp_path, review):
    data = check_playbook(PLAYBOOK.read_text(encoding="utf-8"), "playbook.yaml")
    assert data["extends_pack"] is True and data["checklist"] and data["criteria"]
    done = review(str(EXAMPLE), "--party", "Customer", "--playbook", str(PLAYBOOK), "--json", "r.json", "--out", "r.md")
    assert done.exit_code == 0, done.output
    items = [c["checklist_item"]["clause_id"] for c in json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["clauses"]]
    assert "service_levels" in items and "liability" in items  # the playbook's item beside the pack's
