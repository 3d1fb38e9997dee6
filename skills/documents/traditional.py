"""Traditional Chinese read as Simplified: one character for one, so offsets and lengths stay the same.

Contracts from Hong Kong, Taiwan and Macau are drafted in Traditional characters (第十條, 轉讓方, 終止, 個月), while
the parser's markers and the review positions' cues are written in Simplified ones (第十条, 转让方, 终止, 个月).
Rather than write every cue twice, the text a pattern is matched against is read through a table of characters, not
words (OpenCC's), so that a contract's '採購' reads as '采购' wherever it stands. Quotes are always taken from the
original text.
"""

from __future__ import annotations

import re
from importlib.resources import files

# OpenCC's character table (TSCharacters, from the opencc-purepy package): each Traditional character with its
# first Simplified form, where both are one character. Its phrase tables are not used: they can change a text's length.
_KEEP = "參著覆"  # 參 is also the capital numeral three (參佰萬元), which the money reader knows (参 it does not);
# 著 and 覆 are Simplified characters too (著作权, 覆盖)
_OVERRIDES = {"帳": "账"}  # 帳戶, 帳目: an account, as contracts mean it


def _table() -> dict[int, str]:
    table: dict[int, str] = {}
    lines = (files("opencc_purepy") / "dicts" / "TSCharacters.txt").read_text(encoding="utf-8").splitlines()
    for line in lines:
        traditional, _, forms = line.partition("\t")
        simplified = forms.split(" ")[0] if forms else ""
        if len(traditional) == 1 and len(simplified) == 1 and traditional != simplified and traditional not in _KEEP:
            table[ord(traditional)] = simplified
    table.update({ord(t): s for t, s in _OVERRIDES.items()})
    return table


_TABLE = _table()
# a test for any CJK character at all is cheap; one for any of four thousand Traditional ones is not
_CJK = re.compile("[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]")


def to_simplified(text: str) -> str:
    """The text with each Traditional character the table knows replaced by its Simplified form (same length)."""
    if not _CJK.search(text):
        return text
    return text.translate(_TABLE)
