"""A playbook entry of only id and figures changes the pack's position of that id (its parameters, priority or
severity) instead of replacing it; a whole entry still replaces; a change to a position the pack lacks is an
error that names it; each resolved position says whether it is the pack's or the playbook's."""

from __future__ import annotations

import re

import pytest

from paralaw.skills.positions import pack_positions, resolve_positions
from paralaw.skills.positions.packs import PositionsError, all_pack_positions, pack_words


def _by_id(positions):
    return {p.id: p for p in positions.positions}


def test_an_entry_of_id_and_parameters_changes_the_pack_position_in_place():
    pack = _by_id(pack_positions("generic"))
    playbook = {"positions": [{"id": "lol_cap_level", "parameters": {"red_cap_months": 6}, "priority": "must_have"},
                              {"id": "payment_period", "severity": "high"}]}
    merged, source = resolve_positions("generic", playbook)
    mine = _by_id(merged)
    assert [p.id for p in merged.positions] == [p.id for p in pack_positions("generic").positions]  # same order, same set
    cap = mine["lol_cap_level"]
    assert cap.parameters == {**pack["lol_cap_level"].parameters, "red_cap_months": 6}
    assert cap.priority == "must_have" and cap.provision == pack["lol_cap_level"].provision
    assert cap.escalate.when == pack["lol_cap_level"].escalate.when
    assert cap.escalate.text.startswith("a cap of 6 months' charges or less")  # the words state the playbook's figure
    assert mine["payment_period"].severity == "high" and mine["payment_period"].escalate.text == pack["payment_period"].escalate.text
    assert {p.id for p in merged.positions if p.source == "playbook"} == {"lol_cap_level", "payment_period"}
    assert all(p.source == "pack" for p in pack_positions("generic").positions)
    assert "over domain pack: generic" in source


def test_a_whole_entry_still_replaces_the_pack_position():
    whole = {"id": "payment_period", "title": "Sixty days to pay", "topic": "payment_period",
             "provision": {"actor": "us_or_unstated", "action": "pay", "modality": ["shall"]},
             "escalate": {"when": "period_days < 60", "text": "less than sixty days"}}
    merged, _ = resolve_positions("generic", {"positions": [whole]})
    mine = _by_id(merged)["payment_period"]
    assert mine.title == "Sixty days to pay" and mine.parameters == {} and mine.standard is None and mine.source == "playbook"


@pytest.mark.parametrize("entry, words", [
    ({"id": "lol_cap_levle", "parameters": {"red_cap_months": 6}}, ["no position 'lol_cap_levle'", "did you mean 'lol_cap_level'?"]),
    ({"id": "lol_cap_level", "parameters": {"red_cap_monhts": 6}}, ["has no parameter 'red_cap_monhts'", "red_cap_months"]),
    ({"id": "governing_law", "parameters": {"required_law": 5}}, ["'required_law' takes words (got 5)"]),
    ({"id": "payment_period", "parameters": {"min_days": "forty"}}, ["'min_days' takes a number (got 'forty')"]),
])
def test_a_change_the_pack_cannot_take_is_an_error_that_names_it(entry, words):
    with pytest.raises(PositionsError) as caught:
        resolve_positions("generic", {"positions": [entry]})
    assert caught.value.code == "INVALID_ARGUMENT"
    for word in words:
        assert word in caught.value.message


def test_a_misspelled_key_of_a_change_is_named_without_the_unions_tag():
    with pytest.raises(PositionsError) as caught:
        resolve_positions("generic", {"positions": [{"id": "payment_period", "parameterz": {"min_days": 45}}]})
    assert "positions.0.parameterz: Extra inputs are not permitted" in caught.value.message


def test_a_change_needs_the_pack():
    with pytest.raises(PositionsError, match="extends_pack: false replaces"):
        resolve_positions("generic", {"extends_pack": False, "positions": [{"id": "payment_period", "parameters": {"min_days": 45}}]})


def test_every_parameter_has_a_question_and_every_word_names_a_parameter():
    positions = all_pack_positions()
    words = pack_words()
    with_parameters = {pid for pid, p in positions.items() if p.parameters}
    assert with_parameters <= set(words), with_parameters - set(words)
    for pid, entry in words.items():
        position = positions[pid]
        assert set(entry["ask"]) == set(position.parameters), pid
        for key, text in (entry.get("words") or {}).items():
            assert key in ("title", "escalate", "standard", "acceptable"), (pid, key)
            assert key == "title" or getattr(position, key) is not None, (pid, key)
            assert set(re.findall(r"\{(\w+)\}", text)) <= set(position.parameters), (pid, key, text)
