"""Every position's wording is a whole provision a lawyer could send: the target text or the replacement sentence,
never a fragment with '...' for the drafter to fill in."""

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
