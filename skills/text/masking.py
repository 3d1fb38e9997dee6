"""Full stops that end no sentence, hidden so that sentence-bound patterns read across them."""

from __future__ import annotations

import re
from functools import lru_cache

_NUMBER_DOT = re.compile(r"(?<=\d)\.(?=\d)|(?<=\bInc)\.|(?<=\bLtd)\.|(?<=\bCo)\.|(?<=\bNo)\.|(?<=\bNos)\.|(?<=\bCorp)\.|(?<=\bPty)\.|(?<=\be\.g)\.|(?<=\bi\.e)\.", re.I)


@lru_cache(maxsize=64)
def masked(text: str) -> str:
    """The text with the full stops that end no sentence ('Section 8.2(a)', 'Ltd.') turned into middle dots,
    so patterns written with [^.;] ("within one sentence") read across clause numbers. Same length."""
    return _NUMBER_DOT.sub("\u00b7", text)
