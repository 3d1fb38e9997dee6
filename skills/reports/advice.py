"""Is a proposed wording contract text, or advice to the person drafting?

A tracked change puts words into the contract: "Ask for a cap of [20] months' Charges" or "... twelve (12)
months ..." accepted as they stand would be nonsense in a signed agreement. Such a wording belongs in the
comment. This is a small test on the text alone, until positions give exact replacement text.
"""

from __future__ import annotations

import re

_VERBS = (r"ask(?:\s+for)?|add(?:\s+to)?|consider|seek|request|negotiate|ensure|insert|include|delete|remove|"
          r"replace|amend|clarify|propose|require|obtain|push(?:\s+for)?|resist|reject|strike|narrow|expand|"
          r"specify|define|check|confirm|review|recommend|suggest|try|push back|make sure|agree|limit|cap|"
          r"increase|reduce|shorten|extend|introduce|spell out|tighten|qualify|align")
_INSTRUCTION = re.compile(rf"^\s*(?:[-*•]\s*)?(?:please\s+|we\s+(?:would\s+)?|you\s+(?:should|may|could)\s+)?(?:{_VERBS})\b",
                          re.IGNORECASE)
_ADVICE_PHRASE = re.compile(r"\b(?:we (?:recommend|suggest|propose)|you should|should be (?:amended|deleted|added|"
                            r"capped|limited|clarified|negotiated)|for example|e\.g\.|to be agreed|if possible)\b",
                            re.IGNORECASE)
# square brackets in a draft mark what is still to be agreed: "[20]", "[two]", "[neutral place]", "[●]"
_PLACEHOLDER = re.compile(r"\[[^\[\]\n]{0,40}\]|_{3,}|<[a-z ]+>", re.IGNORECASE)
_ALTERNATIVES = re.compile(r"(?:;|,)?\s+or:\s", re.IGNORECASE)  # "... the courts of X; or: any dispute ..."
_FRAGMENT = re.compile(r"\.\.\.|…")
# what a numbered clause struck whole reads as, so the clauses after it keep their numbers: contract text, not a
# blank to fill in (word_insert.NOT_USED writes them)
RESERVED = frozenset({"[Not used.]", "[Intentionally omitted.]", "[Reserved.]", "[此条删除]", "[本条删除]"})


def advice_reason(text: str) -> str | None:
    """Why `text` is advice rather than words to put in the contract, or None when it reads as contract text."""
    text = text.strip()
    if not text or text in RESERVED:
        return None
    if found := _INSTRUCTION.match(text):
        return f"an instruction (\u201c{found.group(0).strip()}\u201d)"
    if found := _PLACEHOLDER.search(text):
        return f"a placeholder (\u201c{found.group(0).strip()}\u201d)"
    if _FRAGMENT.search(text):
        return "a fragment (\u201c...\u201d)"
    if _ALTERNATIVES.search(text):
        return "alternatives (\u201cor:\u201d)"
    if found := _ADVICE_PHRASE.search(text):
        return f"advice (\u201c{found.group(0)}\u201d)"
    return None


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]{2,}")


def other_language(text: str, language: str) -> bool:
    """Whether `text` is written in another language than a contract in `language` ("zh" or "en"): an English
    sentence for a Chinese contract, a Chinese one for an English contract. A figure, a name or "30日" is not."""
    cjk = len(_CJK.findall(text))
    if language == "zh":
        return cjk == 0 and len(_LATIN.findall(text)) >= 3
    return cjk > 0 and cjk >= sum(len(word) for word in _LATIN.findall(text))
