"""The PC parser: every drafting pattern of the notes, on the real PCs and on single instructions."""

from __future__ import annotations

import pytest
from fidic_helpers import CASES, SYNTHETIC_PC

from paralaw.skills.fidic.amendments import match_instruction, parse_pc


def _kinds(parsed):
    return [(a.kind, a.target) for a in parsed.amendments]


def test_fidic_a_pc_every_amendment_parsed_with_verbatim_offsets():
    text = (CASES / "fidic_a" / "particular_conditions.md").read_text(encoding="utf-8")
    parsed = parse_pc(text)
    assert parsed.unparsed == []
    assert _kinds(parsed) == [
        ("add_definitions", "1.1"), ("add_at_end", "1.3"), ("add_at_end", "1.9"), ("add_at_end", "4.2"),
        ("add_at_end", "4.3"), ("add_at_end", "4.4"), ("add_at_end", "4.5"), ("add_at_end", "8.7"), ("delete", "13.7"),
        ("replace_words", "14.6"), ("substitute", "14.7"), ("add_at_end", "14.8"), ("add_at_end", "19.1"),
        ("replace_words", "20.1"), ("add_at_end", "21.4"), ("insert_new", "21.6"),
    ]
    for a in parsed.amendments:
        assert text[a.start:a.end] == a.instruction
        if a.text_start >= 0:
            assert text[a.text_start:a.text_end] == a.new
    by_target = {a.target: a for a in parsed.amendments}
    assert by_target["1.9"].selector == "(a)"
    assert by_target["19.1"].selector == "list"
    assert (by_target["20.1"].old, by_target["20.1"].new) == ("28 days", "14 days")
    assert by_target["21.6"].new_title == "Expert Determination of Technical Disputes"
    assert by_target["14.7"].new.startswith("14.7 Payment") and by_target["14.7"].new.endswith("Contract Agreement.")


def test_fidic_a_contract_data_rows():
    text = (CASES / "fidic_a" / "particular_conditions.md").read_text(encoding="utf-8")
    rows = parse_pc(text).contract_data
    assert len(rows) == 30
    retention = [r for r in rows if r.sub_clause == "14.3"]
    assert [r.value for r in retention] == [
        "Ten per cent (10%) of the value of the Works certified in each Interim Payment Certificate",
        "Ten per cent (10%) of the Accepted Contract Amount",
    ]
    assert all(text[r.start:r.end] == r.value for r in rows)
    assert not any(r.blank for r in rows)


def test_synthetic_pc_patterns_and_the_unparsed_note():
    parsed = parse_pc(SYNTHETIC_PC.read_text(encoding="utf-8"))
    assert _kinds(parsed) == [
        ("no_change", "1.1.31"), ("substitute_part", "4.2"), ("add_at_end", "8.8"), ("replace_words", "14.7"),
        ("substitute", "14.15"), ("replace_words", "20.2.1"), ("insert_new", "4.25"), ("replace_words", "21.5"),
    ]
    assert parsed.amendments[0].target_title == "Contract Data"
    assert parsed.amendments[1].selector == "first paragraph"
    assert parsed.amendments[3].selector == "(b)" and parsed.amendments[3].old == "56 days"
    assert [u.text for u in parsed.unparsed] == ["See also Sub-Clause 21.9 [Expert Determination]."]


@pytest.mark.parametrize(
    "line, kind, target, selector",
    [
        ("Delete Sub-Clause 14.7 and substitute:", "substitute", "14.7", ""),
        ("Sub-Clause 4.2 is deleted and replaced by the following:", "substitute", "4.2", ""),
        ("Delete the last sentence of Sub-Clause 13.3 and substitute:", "substitute_part", "13.3", "last sentence"),
        ("Delete sub-paragraph (b) of Sub-Clause 14.3.", "delete_part", "14.3", "(b)"),
        ("At the end of Sub-Clause 1.13 add:", "add_at_end", "1.13", ""),
        ("Add the following at the end of Sub-Clause 17.1:", "add_at_end", "17.1", ""),
        ("At the end of paragraph (a) of Sub-Clause 1.9 add:", "add_at_end", "1.9", "(a)"),
        ("At the end of the list of causes in Sub-Clause 8.5 add:", "add_at_end", "8.5", "list"),
        ("Insert the following new Sub-Clause 4.24A [Archaeology]:", "insert_new", "4.24A", ""),
        ("In Sub-Clause 20.1, replace '28 days' with '14 days'.", "replace_words", "20.1", ""),
        ("In sub-paragraph (b) of Sub-Clause 14.7, delete '56' and substitute '70'", "replace_words", "14.7", "(b)"),
        ("Sub-Clause 6.5 is deleted.", "delete", "6.5", ""),
        ("Delete Clause 12 [Measurement and Evaluation]", "delete", "12", ""),
        ("In Sub-Clause 1.1, insert the following new definitions in alphabetical order:", "add_definitions", "1.1", ""),
        ("删除第14.7条，替换为：", "substitute", "14.7", ""),
        ("在第17.1条末尾增加：", "add_at_end", "17.1", ""),
        ("将第18.1条中的“28天”修改为“7天”。", "replace_words", "18.1", ""),
        ("第6.5条删除。", "delete", "6.5", ""),
        ("增加第4.24A条〔文物〕：", "insert_new", "4.24A", ""),
    ],
)
def test_instruction_patterns(line, kind, target, selector):
    amendment, _, _ = match_instruction(line, "")
    assert (amendment.kind, amendment.target, amendment.selector) == (kind, target, selector)


def test_instruction_without_target_and_nonsense_are_reported():
    parsed = parse_pc("### Sub-Clause 8.7 [Delay Damages]\n\nThe Engineer shall be consulted.\n\nReplace '1' with '2'.\n")
    assert [u.reason for u in parsed.unparsed] == ["not recognised as an amendment instruction"]
    assert _kinds(parsed) == [("replace_words", "8.7")]
    orphan = parse_pc("Replace '28 days' with '14 days'.\n")
    assert orphan.amendments == [] and "does not say which Sub-Clause" in orphan.unparsed[0].reason


def test_blank_contract_data_values():
    rows = parse_pc("| Item | Sub-Clause | Data |\n|---|---|---|\n| Time for Completion | 8.2 | |\n| Rate | 14.8 | [insert] |\n| DNP | 11.1 | 365 days |\n").contract_data
    assert [(r.sub_clause, r.blank) for r in rows] == [("8.2", True), ("14.8", True), ("11.1", False)]
