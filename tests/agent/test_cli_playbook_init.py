"""`paralaw playbook init | check | explain` (issue 25): a playbook written from a lawyer's answers holds only ids,
figures and priorities, changes the bundled example's verdicts exactly where its answers differ from the pack,
and is said back in sentences; a broken playbook is named line by line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from paralaw.agent.cli import app
from paralaw.skills import load_document
from paralaw.skills.documents.parser import parse_text
from paralaw.skills.positions import resolve_positions
from paralaw.skills.positions.engine import evaluate_with_side

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "services_agreement.md"
ANSWERS = {"lol_cap_level": {"red_cap_months": 6, "must_have": True},  # nothing under six months' fees
           "payment_period": {"min_days": 45},
           "governing_law": {"required_law": "New York"}}


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(app, ["playbook", *args], input=input)


@pytest.fixture
def playbook(tmp_path) -> Path:
    answers = tmp_path / "answers.yaml"
    answers.write_text(yaml.safe_dump(ANSWERS), encoding="utf-8")
    done = run("init", "--type", "services", "--side", "buyer", "--out", str(tmp_path / "house.yaml"), "--answers", str(answers))
    assert done.exit_code == 0, done.output
    assert "acting for the payer" in done.output
    return tmp_path / "house.yaml"


def _verdicts(structure, playbook: dict | None) -> dict[str, tuple[str, str, str]]:
    positions, _ = resolve_positions("generic", playbook)
    results, side, _ = evaluate_with_side(positions, structure, domain="generic", our_party="Customer")
    assert side.party == "Customer"
    sources = {p.id: p.source for p in positions.positions}
    return {r.position_id: (r.verdict, r.message, sources[r.position_id]) for r in results}


def test_the_playbook_holds_only_ids_figures_and_priorities(playbook):
    text = playbook.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert data["extends_pack"] is True
    assert all(set(entry) <= {"id", "parameters", "priority"} for entry in data["positions"])
    mine = {entry["id"]: entry for entry in data["positions"]}
    assert mine["lol_cap_level"] == {"id": "lol_cap_level", "priority": "must_have",
                                     "parameters": {"min_cap_months": 12, "floor_cap_months": 6, "red_cap_months": 6,
                                                    "min_cap_percent": 100, "red_cap_percent": 50, "red_cap_share": 0.25}}
    assert mine["payment_period"]["parameters"] == {"min_days": 45, "red_days": 14}
    assert mine["governing_law"]["parameters"] == {"required_law": "New York"}
    assert "# Least liability cap you accept as a fallback, in months of fees (the pack's: 6)" in text
    assert "find:" not in text and "cues" not in text and "extract" not in text
    assert run("check", str(playbook)).exit_code == 0


def test_the_answers_change_the_example_verdicts_exactly_where_they_differ(playbook):
    data = yaml.safe_load(playbook.read_text(encoding="utf-8"))
    structure = load_document(str(EXAMPLE))
    pack, mine = _verdicts(structure, None), _verdicts(structure, data)
    assert set(pack) == set(mine)
    changed = {pid for pid in pack if pack[pid][0] != mine[pid][0]}
    assert changed == {"governing_law"}  # English law, where the playbook requires New York's
    assert pack["governing_law"][0] == "GREEN" and mine["governing_law"][0] == "RED"
    assert "another law than that of New York" in mine["governing_law"][1]
    # the cap (one month's fees) and the payment period (7 days) are RED either way, now in the playbook's figures
    assert mine["lol_cap_level"][0] == "RED" and "6 months' charges or less" in mine["lol_cap_level"][1]
    assert mine["payment_period"][1].startswith("At least 45 days to pay an invoice")
    written = {e["id"] for e in data["positions"]}
    assert {pid for pid, v in mine.items() if v[2] == "playbook"} == written & set(mine)
    assert all(v[2] == "pack" for v in pack.values())
    assert all(mine[pid][:2] == pack[pid][:2] for pid in pack if pid not in written)

    # the same contract with a four-month cap and 30 days to pay: each answer moves its own verdict
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace("within seven (7) days", "within thirty (30) days").replace("the one (1) month", "the four (4) months")
    variant = parse_text(text, filename="services_agreement.md")
    pack, mine = _verdicts(variant, None), _verdicts(variant, data)
    assert {pid: (pack[pid][0], mine[pid][0]) for pid in pack if pack[pid][0] != mine[pid][0]} == {
        "lol_cap_level": ("YELLOW", "RED"), "payment_period": ("GREEN", "YELLOW"), "governing_law": ("GREEN", "RED")}


def test_explain_says_the_answers_back(playbook):
    done = run("explain", str(playbook))
    assert done.exit_code == 0, done.output
    lines = {line.split(" ", 1)[0]: line for line in done.output.splitlines()}
    assert lines["lol_cap_level"].startswith("lol_cap_level (must-have, high severity):")
    assert "RED when a cap of 6 months' charges or less" in lines["lol_cap_level"]
    assert "At least 45 days to pay an invoice." in lines["payment_period"] and "GREEN when 45 days or more" in lines["payment_period"]
    assert "Governed by the law of New York." in lines["governing_law"]
    assert "RED when the contract is governed by another law than that of New York." in lines["governing_law"]
    assert "RED when the other side may raise prices at will, without a cap, or on less than 30 days' notice." in lines["price_changes"]


def test_the_interview_in_the_terminal_asks_each_figure_with_the_packs_default(tmp_path):
    from paralaw.skills.packs.interview import interview_topics

    topics = interview_topics("services", "payer")
    figures = [q for t in topics if t.questions for q in t.questions]
    replies = []
    for question in figures:
        replies.append({"red_cap_months": "x\n6", "min_days": "-1\n45", "required_law": "New York"}.get(question.parameter, ""))
    numbers = [str(i) for i, t in enumerate(topics, start=1) if t.id in ("lol_cap_level", "governing_law")]
    done = run("init", "--type", "services", "--side", "customer", "--out", str(tmp_path / "p.yaml"),
               input="\n".join(replies + [",".join(numbers)]) + "\n")
    assert done.exit_code == 0, done.output
    assert "Escalate when the other side's cap is at or below how many months of fees? [3]:" in done.output
    assert "give a number of zero or more" in done.output
    data = yaml.safe_load((tmp_path / "p.yaml").read_text(encoding="utf-8"))
    mine = {e["id"]: e for e in data["positions"]}
    assert mine["lol_cap_level"]["parameters"]["red_cap_months"] == 6 and mine["lol_cap_level"]["priority"] == "must_have"
    assert mine["payment_period"]["parameters"]["min_days"] == 45 and mine["payment_period"]["priority"] == "should_have"
    assert mine["governing_law"] == {"id": "governing_law", "priority": "must_have", "parameters": {"required_law": "New York"}}


@pytest.mark.parametrize("args, words", [
    (["--type", "lease-ish", "--side", "buyer"], "--type must be one of"),
    (["--type", "services", "--side", "bystander"], "--side 'bystander' names no side"),
])
def test_init_refuses_a_bad_option(tmp_path, args, words):
    done = run("init", *args, "--out", str(tmp_path / "p.yaml"), "--answers", str(tmp_path / "none.yaml"))
    assert done.exit_code == 2 and words in done.stderr and not (tmp_path / "p.yaml").exists()


@pytest.mark.parametrize("answers, words", [
    ({"lol_cap_levle": {"red_cap_months": 6}}, "answers name 'lol_cap_levle', which is not asked for this contract type and side (did you mean 'lol_cap_level'?)"),
    ({"payment_period": {"min_dayz": 45}}, "payment_period: no parameter 'min_dayz'"),
    ({"payment_period": {"min_days": "soon"}}, "payment_period.min_days: give a number (got 'soon')"),
    ({"payment_period": {"must_have": "yes please"}}, "payment_period.must_have: give true or false"),
    ({"spa_cap_level": {"must_have": True}}, "'spa_cap_level', which is not asked"),  # an SPA position, on a services contract
])
def test_init_refuses_answers_it_cannot_take(tmp_path, answers, words):
    (tmp_path / "a.yaml").write_text(yaml.safe_dump(answers), encoding="utf-8")
    done = run("init", "--type", "services", "--side", "supplier" if "spa" in str(answers) else "customer",
               "--out", str(tmp_path / "p.yaml"), "--answers", str(tmp_path / "a.yaml"))
    assert done.exit_code == 2, done.output
    assert words in done.stderr and done.stderr.count("\n") == 1 and not (tmp_path / "p.yaml").exists()


def test_the_side_may_be_a_chinese_role_word_and_an_spa_has_its_own_positions(tmp_path):
    (tmp_path / "a.json").write_text('{"spa_cap_level": {"must_have": true}}', encoding="utf-8")
    done = run("init", "--type", "spa", "--side", "买方", "--out", str(tmp_path / "spa.yaml"), "--answers", str(tmp_path / "a.json"))
    assert done.exit_code == 0, done.output + done.stderr
    data = yaml.safe_load((tmp_path / "spa.yaml").read_text(encoding="utf-8"))
    # the cap's figures are the pack's until the lawyer changes them; written out so they can
    mine = {entry["id"]: entry for entry in data["positions"]}
    assert mine["spa_cap_level"] == {"id": "spa_cap_level", "priority": "must_have",
                                     "parameters": {"red_cap_share": 0.1, "min_cap_share": 0.2, "red_cap_percent": 10, "min_cap_percent": 20}}
    assert mine["spa_non_compete"]["parameters"] == {"min_days": 720, "red_days": 360}  # the buyer's side: the seller's restraint
    assert "#   spa_basket: " in (tmp_path / "spa.yaml").read_text(encoding="utf-8")  # left to the pack, named


def test_init_does_not_overwrite_without_force(playbook):
    done = run("init", "--type", "services", "--side", "buyer", "--out", str(playbook), "--answers", str(playbook))
    assert done.exit_code == 2 and "exists; pass --force" in done.stderr


BROKEN = """name: house
extends_pak: true
criteria:
  - id: c1
    title: T
    clause_patterns: ['liability']
    forbidden_terms: ['x']
    severity: extreme
positions:
  - id: lol_cap_levle
    parameters: {red_cap_months: 6}
  - id: payment_period
    parameters:
      min_dayz: 45
  - id: governing_law
    priority: essential
"""


def test_check_names_every_problem_by_line_key_and_value(tmp_path):
    (tmp_path / "house.yaml").write_text(BROKEN, encoding="utf-8")
    done = run("check", str(tmp_path / "house.yaml"))
    assert done.exit_code == 2
    assert done.stderr.splitlines() == [
        "error [INVALID_ARGUMENT]: house.yaml: line 2 extends_pak: Extra inputs are not permitted (did you mean 'extends_pack'?)",
        "error [INVALID_ARGUMENT]: house.yaml: line 8 criteria[0].severity: Input should be 'high', 'medium' or 'low' (got 'extreme')",
        "error [INVALID_ARGUMENT]: house.yaml: line 10 positions[0].id: position 'lol_cap_levle' changes a pack position, but the pack "
        "has no position 'lol_cap_levle' (did you mean 'lol_cap_level'?); a new position needs its own title, topic, provision and rules",
        "error [INVALID_ARGUMENT]: house.yaml: line 14 positions[1].parameters.min_dayz: position 'payment_period' has no parameter "
        "'min_dayz' (its parameters: min_days, red_days)",
        "error [INVALID_ARGUMENT]: house.yaml: line 16 positions[2].priority: Input should be 'must_have', 'should_have' or "
        "'nice_to_have' (got 'essential')",
    ]
    assert run("explain", str(tmp_path / "house.yaml")).exit_code == 2


def test_check_and_explain_take_the_example_playbook():
    done = run("check", str(ROOT / "examples" / "playbook.yaml"))
    assert done.exit_code == 0 and "valid (2 positions, 2 criteria, 1 checklist items)" in done.output
    explained = run("explain", str(ROOT / "examples" / "playbook.yaml"))
    assert explained.exit_code == 0
    assert "payment_period (should-have, high severity): At least 60 days to pay an invoice. GREEN when 60 days" in explained.output
    assert "criterion service_credits_not_sole_remedy" in explained.output


def test_a_missing_file_is_bad_input(tmp_path):
    done = run("check", str(tmp_path / "nowhere.yaml"))
    assert done.exit_code == 2 and "error [FILE_NOT_FOUND]: playbook" in done.stderr


def test_the_report_and_the_word_comments_say_whose_position_each_finding_is(playbook, review):
    import json

    import docx

    done = review(str(EXAMPLE), "--party", "Customer", "--playbook", str(playbook), "--out", "r.md", "--json", "r.json",
                  "--docx", "r.docx")
    assert done.exit_code == 0, done.output
    here = Path.cwd()
    risks = [r for c in json.loads((here / "r.json").read_text(encoding="utf-8"))["clauses"] for r in c["risks"]]
    sources = {r["risk_type"]: r["position_source"] for r in risks if r.get("position_source")}
    assert sources["position_governing_law"] == "playbook" and sources["position_payment_period"] == "playbook"
    assert sources["position_assignment"] == "pack" and sources["position_ip_ownership"] == "pack"
    report = (here / "r.md").read_text(encoding="utf-8")
    assert "RED (your playbook) [position_governing_law] (clause 10.3) Governed by the law of New York" in report
    assert "RED (domain pack) [position_assignment]" in report
    comments = [c.text for c in docx.Document(str(here / "r.docx")).comments]
    law = next(c for c in comments if "position_governing_law" in c)
    assignment = next(c for c in comments if "position_assignment" in c)
    assert "Position: your playbook" in law and "Position: the domain pack" in assignment
