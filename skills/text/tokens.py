"""Words for search: lower-cased English words with stop-words dropped and a light stemmer, Chinese via jieba.

Contracts vary a word's form more than its meaning ("terminate", "termination", "terminated"; "licensor",
"licensee", "license"), so every token is reduced to a rough stem. The stemmer is deliberately small and
greedy: over-merging two rare words costs BM25 little, missing "terminate" for "termination" costs a hit.
Chinese runs are segmented with jieba's search mode, which also emits the shorter words inside a long one
("索赔通知" -> "索赔", "通知", "索赔通知"), so a query matches however the contract compounds its terms.
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache

from bm25s.stopwords import STOPWORDS_EN_PLUS

__all__ = ["tokenize", "stem"]

# Legal drafting words that carry no topic; kept short on purpose ("not", "without" do carry meaning in
# a contract but not for finding the clause about something).
_EN_STOP = frozenset(STOPWORDS_EN_PLUS) | {"shall", "may", "must", "hereof", "herein", "hereto", "hereunder",
                                           "thereof", "therein", "thereto", "thereunder", "whereas", "also",
                                           "would", "could", "upon", "within", "without", "e.g", "i.e", "etc"}
# Function characters and words of Chinese drafting. Not bm25s's Chinese list: it drops 不得 and 不能.
_ZH_STOP = frozenset("的 了 和 与 及 或 在 对 为 其 之 等 由 向 从 将 被 把 以 于 是 者 该 各 此 上述 下列 以及 或者 并 且 但 则 而 即 如 "
                     "时 中 内 后 前 所 有关 应当 应 可 可以 按照 根据 本 条 款 项".split())

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[A-Za-z0-9]+(?:\.[0-9]+)*")

# (suffix, replacement[, shortest stem]), longest first within each family; by default a rule applies only
# if at least 3 letters remain ("auditor" keeps "audit": "itor" needs 4).
_SUFFIXES = (
    ("ifications", ""), ("ification", ""), ("ifying", ""), ("ified", ""), ("ify", ""),
    ("abilities", "abl"), ("ability", "abl"), ("ibility", "ibl"), ("ably", ""), ("ibly", ""),
    ("able", ""), ("ible", ""),
    ("ational", ""), ("ations", ""), ("ation", ""), ("atives", ""), ("ative", ""), ("ating", ""), ("ated", ""),
    ("ators", ""), ("ator", ""), ("ates", ""), ("ate", ""),
    ("itions", "", 4), ("ition", "", 4), ("itors", "", 4), ("itor", "", 4), ("itive", "", 4),
    ("ements", "e"), ("ement", "e"), ("ments", ""), ("ment", ""),
    ("ivities", ""), ("ivity", ""), ("ities", ""), ("ity", ""), ("ively", ""), ("ives", ""), ("ive", ""),
    ("ingly", ""), ("ings", ""), ("ing", ""), ("edly", ""), ("ed", ""),
    ("nesses", ""), ("ness", ""), ("ions", ""), ("ion", ""), ("ances", ""), ("ance", ""), ("ences", ""),
    ("ence", ""), ("ancy", ""), ("ency", ""), ("fully", ""), ("ful", ""), ("ously", ""), ("ous", ""),
    ("ees", ""), ("ee", ""), ("ers", ""), ("er", ""), ("ors", ""), ("or", ""), ("als", ""), ("al", ""), ("ly", ""),
)
_BY_LAST: dict[str, list[tuple]] = {}
for _rule in _SUFFIXES:  # rules grouped by final letter, order kept: a word only tries the rules that can match
    _BY_LAST.setdefault(_rule[0][-1], []).append(_rule)
_UNDOUBLE = re.compile(r"([bdfgkmnprt])\1$")


# Words the suffix rules would merge with a different legal concept: a Contractor is a party, not a contract.
# Likewise "capable" is not a cap, "postal" not "post-termination", and exclusivity is not an exclusion.
_KEEP = {"contractor": "contractor", "contractors": "contractor", "subcontractor": "subcontractor",
         "subcontractors": "subcontractor", "capable": "capable", "capability": "capable", "capabilities": "capable",
         "postal": "postal", "exclusive": "exclusiv", "exclusively": "exclusiv", "exclusivity": "exclusiv",
         "nonexclusive": "nonexclusiv"}


@lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    """A rough English stem: 'termination', 'terminate', 'terminated' -> 'termin'; digits pass unchanged."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word in _KEEP:
        return _KEEP[word]
    if word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for _ in range(2):
        for suffix, replacement, *shortest in _BY_LAST.get(word[-1], ()):
            if word.endswith(suffix) and len(word) - len(suffix) + len(replacement) >= (shortest[0] if shortest else 3):
                word = word[: -len(suffix)] + replacement
                word = _UNDOUBLE.sub(r"\1", word)
                break
        else:
            break
    if word.endswith("e") and len(word) >= 4:
        word = word[:-1]
    return word


_jieba_lock = threading.Lock()
_jieba = None


def _segmenter():
    """jieba, initialised once and quietly (it logs its dictionary build at INFO to stderr otherwise)."""
    global _jieba
    if _jieba is None:
        with _jieba_lock:
            if _jieba is None:
                import jieba

                jieba.setLogLevel(logging.WARNING)
                jieba.initialize()
                _jieba = jieba
    return _jieba


@lru_cache(maxsize=20_000)
def _cjk_words(run: str) -> tuple[str, ...]:
    words = _segmenter().lcut_for_search(run)
    return tuple(w for w in words if w.strip() and w not in _ZH_STOP)


@lru_cache(maxsize=100_000)
def _run_tokens(run: str) -> tuple[str, ...]:
    """Tokens of one run of letters/digits (or of Chinese characters)."""
    if _CJK.match(run):
        return _cjk_words(run)
    word = run.lower()
    if word in _EN_STOP or (len(word) == 1 and not word.isdigit()):
        return ()
    return (stem(word),)


def tokenize(text: str) -> list[str]:
    """Search tokens of `text`: lower-cased, stop-words dropped, stemmed; Chinese segmented by jieba."""
    return [token for run in _RUN.findall(text or "") for token in _run_tokens(run)]
