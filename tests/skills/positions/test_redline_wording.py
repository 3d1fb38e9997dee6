"""Every position's wording is a whole provision a lawyer could send: the target text or the replacement sentence,
never a fragment with '...' for the drafter to fill in."""

import re

import pytest
from paralaw.skills.positions.packs import all_pack_positions

POSITIONS = sorted(all_pack_positions().values(), key=lambda p: p.id)


@pytest.mark.parametrize("position", POSITIONS, ids=[p.id for p in POSITIONS])
def test_redline_wording_is_whole(position):
    redline = position.redline
    texts = {"proposed": redline.proposed, "fallback": redline.fallback, "replace_sentence": redline.replace_sentence or ""}
    for name, text in texts.items():
        assert "..." not in text and "…" not in text, f"{position.id}.{name} is a fragment: {text!r}"
        if text:
            assert text.rstrip()[-1:] in ".)。", f"{position.id}.{name} does not end as a sentence: {text!r}"


@pytest.mark.parametrize("position", POSITIONS, ids=[p.id for p in POSITIONS])
def test_a_chinese_contract_has_the_same_wording_in_chinese(position):
    """What a position writes into a contract it also writes into a Chinese one, in Chinese (issue: English
    sentences and untitled articles in a 合同)."""
    redline, zh = position.redline, position.redline.zh
    if not (redline.proposed or redline.replace_sentence or redline.insert_clause):
        return
    assert zh is not None and zh.proposed, f"{position.id} has no Chinese wording"
    assert bool(zh.replace_sentence) == bool(redline.replace_sentence), position.id
    assert bool(zh.insert_text) == bool(redline.insert_clause), position.id
    for text in (zh.proposed, zh.fallback, zh.replace_sentence, zh.insert_text, zh.insert_heading, *zh.replace.values()):
        words = re.sub(r"\{[A-Za-z_]+\}|\[[^\]]*\]", "", text)
        assert not re.search(r"[A-Za-z]{3,}", words), f"{position.id}: English left in {text!r}"
