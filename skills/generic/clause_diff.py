"""How a clause differs from its baseline, in the terms a lawyer reads a mark-up.

Sentences are aligned (identical, changed, added, deleted); then the changes that move risk are picked
out: numbers (amounts, percentages, periods, from the shared parser in paralaw.skills.text.amounts),
"shall" <-> "may", a party role replaced ("either party" -> "the Supplier"), and qualifiers or exceptions
added or removed ("reasonable", "sole discretion", "to the best of its knowledge", "material", "except").
All document quotes are verbatim slices of the document text.
"""

from __future__ import annotations

import re
from collections import Counter
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, Field
from rapidfuzz import fuzz

from ..text.amounts import find_money, find_percentages, find_periods
from .parties import MUTUAL, first_role, role_mentions, same_side

ChangeKind = Literal["number_changed", "number_added", "number_removed", "modal_changed", "party_changed",
                     "qualifier_added", "qualifier_removed", "sentence_deleted"]

# Qualifiers and exceptions whose presence changes a clause's reach. Name -> case-insensitive regex.
QUALIFIERS: dict[str, str] = {
    "reasonableness": r"\b(?:un)?reasonabl[ey]\b|合理",
    "sole discretion": r"\b(?:sole|absolute|unfettered) discretion\b|全权|自行决定|酌情",
    "knowledge qualifier": r"\bto the best of [\w' ]{0,30}knowledge\b|\bso far as [\w' ]{0,40}\baware\b|据其所知|尽其所知",
    "materiality": r"\bmaterial(?:ly)?\b|重大",
    "exception": r"\bexcept\b|\bsave (?:that|for|as|to the extent|where)\b|除外|除非",
    "subject to": r"\bsubject to\b",
    "proviso": r"\bprovided (?:that|always)\b|但是",
    "at any time": r"\bat any time\b|随时",
    "automatic": r"\bautomatic(?:ally)?\b|自动",
    "unlimited": r"\b(?:shall|will) not be (?:limited|capped)\b|\bunlimited\b|\bno (?:maximum|cap|limit)\b|不设上限|无上限|不受限制",
    "endeavours": r"\b(?:best|reasonable|all reasonable|commercially reasonable) (?:endeavou?rs|efforts)\b|尽最大努力",
    "exclusivity": r"\bnon-exclusive\b|\bexclusive(?:ly)?\b(?!\s+of\b)|排他|独家",
    "permanence": r"\bperpetual\b|\birrevocabl[ey]\b|永久|不可撤销",
    "restriction to purpose": r"\bsolely\b|\bonly for\b|仅限|仅用于",
}
_OBLIGE = re.compile(r"\b(?:shall|must)\b(?!\s+(?:be entitled|have the right|be free|be permitted))|应当|必须|应(?!付)")
_PERMIT = re.compile(r"\bmay\b|可以|有权")
# "five per cent. (5%) of the Shares" and "No. 3" go on: an abbreviation's full stop ends no sentence
# an item run on after a ';' ('...; or (b) at any time') is a piece of its own, read with the list's lead-in
_SENTENCE_END = re.compile(r"(?<=[.;:])(?<!\bcent\.)(?<!\bNo\.)(?<!\bno\.)\s+(?=[\"“(A-Z0-9])|(?<=;)\s+(?=(?:or|and)\s+\((?:[a-z]{1,3}|\d{1,2})\)\s)|(?<=[。；！？])|\n\s*\n|\n\s*(?=\d+(?:\.\d+)+\.?\s)")
# a clause or paragraph number opening a piece ("9.3 ", "4. ", "(a) "): not part of the sentence
_LEADING_NUMBER = re.compile(r"(?:\*\*(?:\d+(?:\.\d+)*\.?)\*\*|\d+(?:\.\d+)+\.?|\d+\.|\d+(?=\s+[A-Z\"“(])|\((?:[a-z]{1,3}|\d{1,2})\)|[a-z]\))\s+|第[一二三四五六七八九十百\d]+条\s*")
SUBJECT_WITHIN = 45  # a role this close to the start of a sentence is taken as its subject
_TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?|[\u4e00-\u9fff]|[^\sA-Za-z0-9\u4e00-\u9fff]")


class Sentence(BaseModel):
    text: str
    start: int = Field(description="Offset in the text the sentence was cut from.")
    end: int


class SentencePair(BaseModel):
    baseline: str
    document: str
    similarity: float


class LegalChange(BaseModel):
    kind: ChangeKind
    detail: str = Field(description="The change in words, e.g. 'period 90 days -> 180 days'.")
    before: str = Field("", description="Baseline wording.")
    after: str = Field("", description="Document wording (verbatim).")
    evidence: str = Field("", description="The document sentence that carries the change (verbatim); '' if the change is a removal with no counterpart.")
    subject: str = Field("", description="The party the sentence is about ('mutual' for either/each party), when it can be told.")
    context: str = Field("", description="For wording removed: the baseline sentence it stood in.")
    roles_before: list[str] = Field(default_factory=list)
    roles_after: list[str] = Field(default_factory=list)


_SPACES = re.compile(r"\s+")


def normalise(text: str) -> str:
    text = text.replace("’", "'").replace("“", '"').replace("”", '"')
    return _SPACES.sub(" ", text).strip().lower()


def similarity(a: str, b: str) -> float:
    return round(fuzz.ratio(normalise(a), normalise(b)) / 100, 3)


def split_sentences(text: str) -> list[Sentence]:
    """Sentences (and ';'-separated limbs) with offsets into `text`; blank pieces dropped. A clause number
    opening a piece ("9.3 Subject to...") is left out, so that sentences of clauses numbered differently
    compare on their words, and a new line starting with a clause number always starts a sentence."""
    out: list[Sentence] = []
    position = 0
    for match in list(_SENTENCE_END.finditer(text)) + [None]:
        end = match.start() if match else len(text)
        piece = text[position:end]
        stripped = piece.strip()
        number = _LEADING_NUMBER.match(stripped)
        if number and stripped[number.end():].strip():
            stripped = stripped[number.end():]
        if stripped:
            start = position + piece.index(stripped)
            out.append(Sentence(text=stripped, start=start, end=start + len(stripped)))
        position = match.end() if match else len(text)
    return out


def role_normaliser(parties: tuple[str, ...], aliases: dict[str, str] | None = None):
    """Text with every role written as the review's party it stands for ('the Client' -> 'the Customer'), so
    that a baseline naming its parties differently compares on what the sentences say."""
    table = {alias.lower(): party for party in parties for alias in same_side(party) if alias}
    table.update({alias.lower(): party for alias, party in (aliases or {}).items()})
    if not table:
        return lambda text: text
    names = sorted(table, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(n) if _CJK.search(n) else rf"\b{re.escape(n)}\b" for n in names), re.I)
    return lambda text: pattern.sub(lambda m: table[m.group().lower()], text)


def pair_score(a: str, b: str) -> float:
    """How well two sentences pair: character similarity blended with shared words, so that a sentence
    trimmed of half its conditions still pairs with its source rather than with a stranger of similar length."""
    return _pair_scores(normalise(a), normalise(b))[0]


def _pair_scores(a: str, b: str) -> tuple[float, float]:
    """(pair_score, similarity) of two texts already normalised: the character ratio serves both."""
    ratio = fuzz.ratio(a, b)
    return round((ratio + fuzz.token_set_ratio(a, b)) / 200, 3), round(ratio / 100, 3)


def align(baseline: list[Sentence], document: list[Sentence], threshold: float = 0.5, canon=None):
    """(unchanged, changed pairs, added document sentences, deleted baseline sentences).

    Identical sentences pair first; the rest pair greedily by pair_score above `threshold` (and a
    character similarity of at least 0.4). `canon` rewrites both sides before scoring (role_normaliser);
    the reported similarity is of the text as written."""
    canon = canon or (lambda text: text)
    base_text = [normalise(canon(s.text)) for s in baseline]
    doc_text = [normalise(canon(s.text)) for s in document]
    base_left = list(range(len(baseline)))
    doc_left = list(range(len(document)))
    unchanged: list[tuple[int, int]] = []
    for d in list(doc_left):
        for b in base_left:
            if base_text[b] == doc_text[d]:
                unchanged.append((b, d))
                base_left.remove(b)
                doc_left.remove(d)
                break
    scores = {(b, d): _pair_scores(base_text[b], doc_text[d]) for b in base_left for d in doc_left}
    scored = sorted(((pair, b, d) for (b, d), (pair, _) in scores.items()), reverse=True)
    changed: list[tuple[int, int, float]] = []
    for score, b, d in scored:
        if score < threshold or b not in base_left or d not in doc_left or scores[b, d][1] < 0.4:
            continue
        changed.append((b, d, similarity(baseline[b].text, document[d].text)))
        base_left.remove(b)
        doc_left.remove(d)
    changed.sort(key=lambda item: item[1])
    return unchanged, changed, doc_left, base_left


# --- numbers -----------------------------------------------------------------------------------------------


def _numbers(text: str) -> list[tuple[str, tuple, str, int]]:
    """(measure, key, quote, start) for every amount, percentage and period in the text."""
    items = [("money", (m.value, m.currency), m.quote, m.start) for m in find_money(text)]
    items += [("percent", (p.value, _rate_period(text, p.end)), p.quote, p.start) for p in find_percentages(text)]
    items += [("period", (p.value, p.unit), p.quote, p.start) for p in find_periods(text)]
    return sorted(items, key=lambda item: item[3])


_RATE_PERIOD = re.compile(r"\s*(?:\([^)]{0,20}\)\s*)?(?:per cent\s*)?(per|a|each|every)\s+(calendar\s+)?(day|week|month|year|annum)\b|"
                          r"\s*(?:\([^)]{0,20}\)\s*)?(daily|weekly|monthly|annually|yearly)\b", re.I)
_PER_YEAR = {"day": 365, "week": 52, "month": 12, "year": 1, "annum": 1}


def _rate_period(text: str, end: int) -> str:
    """'month' for '4% per month', 'year' for '3% a year' or 'per annum'; '' when the figure is no rate."""
    match = _RATE_PERIOD.match(text, end)
    if not match:
        return ""
    word = (match.group(3) or match.group(4) or "").lower()
    word = {"daily": "day", "weekly": "week", "monthly": "month", "annually": "year", "yearly": "year", "annum": "year"}.get(word, word)
    return word


def _show(measure: str, key: tuple) -> str:
    if measure == "money":
        return f"{key[1]} {key[0]:,.2f}".strip()
    if measure == "percent":
        per = key[1] if len(key) > 1 else ""
        if per and per != "year":
            return f"{key[0]:g}% a {per} ({key[0] * _PER_YEAR[per]:g}% a year)"
        return f"{key[0]:g}% a year" if per else f"{key[0]:g}%"
    unit = key[1].replace('_', ' ')
    return f"{key[0]:g} {unit[:-1] if key[0] == 1 and unit.endswith('s') else unit}"


def number_changes(baseline_text: str, document_text: str, sentence_of, base_sentence_of=None) -> list[LegalChange]:
    """Numbers present on one side only; pairs of the same measure become 'changed'. A number removed carries
    the baseline sentence it stood in (`base_sentence_of(offset)`), once per sentence."""
    base_sentence_of = base_sentence_of or (lambda offset: "")
    before, after = _numbers(baseline_text), _numbers(document_text)
    common = Counter((m, k) for m, k, _, _ in before) & Counter((m, k) for m, k, _, _ in after)
    taken_b, taken_a = Counter(common), Counter(common)
    removed = []
    for item in before:
        if taken_b[(item[0], item[1])]:
            taken_b[(item[0], item[1])] -= 1
        else:
            removed.append(item)
    added = []
    for item in after:
        if taken_a[(item[0], item[1])]:
            taken_a[(item[0], item[1])] -= 1
        else:
            added.append(item)
    changes: list[LegalChange] = []
    for strict in (True, False):
        for old in list(removed):
            fits = [a for a in added if a[0] == old[0] and (not strict or old[0] != "period" or a[1][1] == old[1][1])]
            if not fits:
                continue
            new = fits[0]
            added.remove(new)
            removed.remove(old)
            changes.append(LegalChange(kind="number_changed", detail=f"{old[0]} {_show(old[0], old[1])} -> {_show(new[0], new[1])}",
                                       before=old[2], after=new[2], evidence=sentence_of(new[3])))
    seen: set[tuple] = set()
    for old in removed:
        context = base_sentence_of(old[3])
        if (old[0], old[1], context) in seen:
            continue  # 'twelve (12) months' twice in one sentence is one change
        seen.add((old[0], old[1], context))
        changes.append(LegalChange(kind="number_removed", detail=f"{old[0]} {_show(old[0], old[1])} removed", before=old[2], context=context))
    for new in added:
        changes.append(LegalChange(kind="number_added", detail=f"{new[0]} {_show(new[0], new[1])} added",
                                   after=new[2], evidence=sentence_of(new[3])))
    return changes


def sentence_number_changes(base: list[Sentence], doc: list[Sentence], changed: list[tuple[int, int, float]],
                            added: list[int], deleted: list[int]) -> list[LegalChange]:
    """number_changes sentence by sentence: each changed pair on its own, then the deleted baseline sentences
    against the added document sentences. A figure is thus compared with the figure in its counterpart, not
    with the same figure elsewhere in a long clause ('90 days -> 30 days' in one sentence stays a change even
    when another sentence keeps a '30 days' of its own)."""
    changes: list[LegalChange] = []
    for b, d, _ in changed:
        changes += number_changes(base[b].text, doc[d].text, lambda offset, t=doc[d].text: t, lambda offset, t=base[b].text: t)

    def joined(sentences: list[Sentence], indexes: list[int]):
        spans, parts, position = [], [], 0
        for i in sorted(indexes):
            spans.append((position, position + len(sentences[i].text), sentences[i].text))
            parts.append(sentences[i].text)
            position += len(sentences[i].text) + 2
        return "\n\n".join(parts), lambda offset: next((t for s, e, t in spans if s <= offset < e), "")

    base_rest, base_of = joined(base, deleted)
    doc_rest, doc_of = joined(doc, added)
    return changes + number_changes(base_rest, doc_rest, doc_of, base_of)


def deleted_sentences(base: list[Sentence], deleted: list[int], parties: tuple[str, ...] = (),
                      aliases: dict[str, str] | None = None) -> list[LegalChange]:
    """Baseline sentences with no counterpart in the document, each with the party that opens it (as the
    review's party: 'The Client may withhold...' is about the Customer) so its loss can be judged."""
    side, named = _sides(parties, aliases), parties + tuple(aliases or {})
    changes = []
    for i in sorted(deleted):
        text = base[i].text
        subject = next(iter(side({first_role(text, named, within=SUBJECT_WITHIN)})), "")
        changes.append(LegalChange(kind="sentence_deleted", detail="baseline sentence with no counterpart in the contract",
                                   before=text, context=text, subject=subject))
    return changes


# --- words: modal verbs and party roles, per changed sentence ----------------------------------------------


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(m.group().lower().replace("’", "'"), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def _span(text: str, tokens: list[tuple[str, int, int]], i: int, j: int) -> str:
    return text[tokens[i][1]:tokens[j - 1][2]] if j > i else ""


def _sides(parties: tuple[str, ...], aliases: dict[str, str] | None = None):
    """Map a role to the party it stands for in this review ('Client' -> 'Customer'), so that a baseline
    naming its parties differently is not read as a change of party."""
    table = {alias: party for party in parties for alias in same_side(party)}
    table.update(aliases or {})  # the baseline's own names for the parties (baseline_aliases)
    return lambda roles: {table.get(role, role) for role in roles}


def _widen(tokens: list[tuple[str, int, int]], i: int, j: int) -> tuple[int, int]:
    """One word either side of a changed span (words only, not numbers or punctuation)."""
    if i > 0 and tokens[i - 1][0].isalpha():
        i -= 1
    if j < len(tokens) and tokens[j][0].isalpha():
        j += 1
    return i, j


_FILLER = {"shall", "may", "will", "must", "not", "be", "is", "are", "can", "cannot", "hereby", "also", "only", "the", "a",
           "an", "s", "it", "its", "in", "to", "with", "of", "by", "and", "or", "on", "at", "any", "time", "from", "then"}
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _words(text: str) -> list[str]:
    return [w for w, _, _ in _tokens(text) if w.isalnum() and w not in _FILLER]


def _same_act(before: str, was: tuple[int, int, str], after: str, now: tuple[int, int, str]) -> bool:
    """Whether two role mentions do the same thing: the word that follows (past 'shall', 'not', 'be'...) or
    the word that leads to them ('vest in the ...') is shared. 'The Provider shall invoice' against 'The
    Customer shall pay' is a different act, not a party swapped; Chinese text is not checked."""
    if _CJK.search(before) or _CJK.search(after):
        return True
    next_was, next_now = _words(before[was[1]:])[:2], _words(after[now[1]:])[:2]
    prev_was, prev_now = _words(before[:was[0]])[-2:], _words(after[:now[0]])[-2:]
    return bool(set(next_was[:1]) & set(next_now) or set(next_now[:1]) & set(next_was)
                or set(prev_was[-1:]) & set(prev_now) or set(prev_now[-1:]) & set(prev_was))


def _same_words(was: str, now: str) -> bool:
    """Whether two replaced spans say the same thing but for modal verbs and fillers: 'shall' -> 'may',
    'shall provide' -> 'may provide'; not 'Client shall provide' -> 'Supplier may change'."""
    words_was, words_now = (set(_words(_PERMIT.sub(" ", _OBLIGE.sub(" ", text)))) for text in (was, now))
    return not (words_was or words_now) or bool(words_was & words_now)


def _phrase(text: str, mention: tuple[int, int, str]) -> str:
    """The role as written, with its article and possessive: 'The Supplier's', 'either party'."""
    start, end = mention[0], mention[1]
    article = re.search(r"(?:\bthe|\bThe)\s+$", text[:start])
    if article and mention[2] != MUTUAL:
        start = article.start()
    possessive = re.match(r"['’]s\b", text[end:])
    return text[start:end + (possessive.end() if possessive else 0)]


def _what(after: str, mention: tuple[int, int, str], phrase: str) -> str:
    """What the party now does: the words after its name, up to the first comma or full stop (9 words)."""
    at = after.index(phrase, max(0, mention[0] - 4))
    rest = after[at + len(phrase):].lstrip()
    rest = re.split(r"[,;.:(]|\s(?:unless|provided|if)\s", rest, maxsplit=1)[0].strip()
    words = rest.split()
    if not words:  # the party ends the sentence ('... vest in and remain with the Supplier'): what leads to it
        lead = re.split(r"[,;:(]", after[:at])[-1].split()
        return "... " * (len(lead) > 7) + " ".join(lead[-7:] + [phrase])
    return " ".join(words[:9]) + (" ..." if len(words) > 9 else "")


def _explain(was_phrase: str, now_phrase: str, now_mention: tuple[int, int, str], after: str,
             roles_was: set[str], roles_now: set[str]) -> str:
    """A party change in plain words: who now has the right, duty or protection the sentence gives."""
    was_party = next(iter(roles_was)) if len(roles_was) == 1 else ""
    named = f" (the {was_party})" if was_party and was_party != MUTUAL and was_party.lower() not in was_phrase.lower() else ""
    shown = f"'{was_phrase}'{named} became '{now_phrase}'"
    what = _what(after, now_mention, now_phrase)
    possessive = now_phrase.endswith(("'s", "’s"))
    if len(roles_now) == 1 and MUTUAL not in roles_now:
        party = next(iter(roles_now))
        if MUTUAL in roles_was:
            return f"{shown}: it now covers only the {party}'s {what}" if possessive else f"{shown}: now only the {party} {what}"
        if len(roles_was) == 1:
            other = next(iter(roles_was))
            quoted = f" ('{what}')" if what.endswith(now_phrase) else f" ('{now_phrase} {what}')" if what else ""
            return f"{shown}: the {party} now stands where the baseline had the {other}{quoted}"
    if roles_now == {MUTUAL} and len(roles_was) == 1:
        return f"{shown}: this now concerns both parties, not only the {next(iter(roles_was))}"
    return f"{shown}: the party changed"


def _mention_in(mentions: list[tuple[int, int, str]], start: int, end: int) -> tuple[int, int, str] | None:
    return next((m for m in mentions if m[0] < end and start < m[1]), None)


def word_changes(before: str, after: str, parties: tuple[str, ...] = (), aliases: dict[str, str] | None = None) -> list[LegalChange]:
    """'shall' <-> 'may' and replaced party roles between a baseline sentence and its document counterpart.

    A role counts as replaced only when the new party does the same thing the old one did (see _same_act),
    and the roles are compared as the parties they stand for, so 'the Client' against 'the Customer' is no
    change."""
    side, canon = _sides(parties, aliases), role_normaliser(parties, aliases)
    old, new = _tokens(before), _tokens(after)
    mentions_was, mentions_now = role_mentions(before, parties + tuple(aliases or {})), role_mentions(after, parties)
    matcher = SequenceMatcher(None, [t[0] for t in old], [t[0] for t in new], autojunk=False)
    changes: list[LegalChange] = []

    def party_change(was: tuple[int, int, str] | None, now: tuple[int, int, str] | None) -> None:
        if was is None or now is None or any(c.kind == "party_changed" for c in changes):
            return
        roles_was, roles_now = side({was[2]}), side({now[2]})
        if roles_was == roles_now or not _same_act(before, was, after, now):
            return
        shown_was, shown_now = _phrase(before, was), _phrase(after, now)
        changes.append(LegalChange(kind="party_changed", detail=_explain(shown_was, shown_now, now, after, roles_was, roles_now),
                                   before=shown_was, after=shown_now, evidence=after, subject=next(iter(roles_now)),
                                   roles_before=sorted(roles_was), roles_after=sorted(roles_now)))

    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace":
            continue
        was, now = _span(before, old, i1, i2), _span(after, new, j1, j2)
        if not _same_words(canon(was), canon(now)):
            pass  # a rewritten phrase ('Client shall provide' -> 'Supplier may change'), not a modal verb changed
        elif _OBLIGE.search(was) and _PERMIT.search(now) and not _PERMIT.search(was):
            changes.append(LegalChange(kind="modal_changed", detail=f"obligation became permission: '{was}' -> '{now}'",
                                       before=was, after=now, evidence=after, subject=first_role(after, parties)))
        elif _PERMIT.search(was) and _OBLIGE.search(now) and not _OBLIGE.search(was):
            changes.append(LegalChange(kind="modal_changed", detail=f"permission became obligation: '{was}' -> '{now}'",
                                       before=was, after=now, evidence=after, subject=first_role(after, parties)))
        # one token either side, so that "Either party" -> "The Disclosing Party" is seen whole
        wi1, wi2 = _widen(old, i1, i2)
        wj1, wj2 = _widen(new, j1, j2)
        party_change(_mention_in(mentions_was, old[wi1][1], old[wi2 - 1][2]), _mention_in(mentions_now, new[wj1][1], new[wj2 - 1][2]))
    # the sentence's subject replaced by a rewording the token diff does not pair up
    opening = [next((m for m in mentions if m[0] <= SUBJECT_WITHIN), None) for mentions in (mentions_was, mentions_now)]
    party_change(*opening)
    return changes


# --- qualifiers: counted over the whole clause -------------------------------------------------------------

_QUALIFIER_RES = {name: re.compile(pattern, re.I) for name, pattern in QUALIFIERS.items()}


@lru_cache(maxsize=512)
def _qualifier_counts(text: str) -> tuple[int, ...]:
    """Occurrences of each qualifier in the text, in QUALIFIERS order. Cached: a baseline clause is counted
    against every contract clause matched to it, and each skill that compares a clause counts it again."""
    return tuple(len(regex.findall(text)) for regex in _QUALIFIER_RES.values())


def qualifier_changes(baseline_text: str, document_text: str, base_sentences: list[Sentence],
                      doc_sentences: list[Sentence], parties: tuple[str, ...] = (),
                      paired: dict[str, str] | None = None, aliases: dict[str, str] | None = None) -> list[LegalChange]:
    """Qualifiers counted over the whole clause. `paired` maps each baseline sentence to its document
    counterpart (from align): a qualifier whose baseline sentence is deleted outright is not reported as
    removed, since the sentence's deletion is the change; without it the closest sentence stands in."""
    changes: list[LegalChange] = []
    side = _sides(parties, aliases)
    base_norm = {normalise(s.text) for s in base_sentences}
    doc_norm = {normalise(s.text) for s in doc_sentences}

    def clause_subject() -> str:  # who a sentence without a party is about
        return first_role(document_text, parties)

    for name, was, now in zip(QUALIFIERS, _qualifier_counts(baseline_text), _qualifier_counts(document_text)):
        regex = _QUALIFIER_RES[name]
        if now > was:
            carriers = [s.text for s in doc_sentences if regex.search(s.text) and normalise(s.text) not in base_norm]
            evidence = carriers[0] if carriers else next((s.text for s in doc_sentences if regex.search(s.text)), "")
            quote = regex.search(evidence).group() if evidence and regex.search(evidence) else ""
            changes.append(LegalChange(kind="qualifier_added", detail=f"{name} added ('{quote}')", after=quote,
                                       evidence=evidence, subject=first_role(evidence, parties) or clause_subject()))
        elif now < was:
            carriers = [s.text for s in base_sentences if regex.search(s.text) and normalise(s.text) not in doc_norm]
            if paired is not None:
                kept = [c for c in carriers if c in paired]
                if carriers and not kept:
                    continue  # every sentence that had it is deleted
                carriers = kept
            source = carriers[0] if carriers else ""
            quote = regex.search(source).group() if source else ""
            if paired is not None:
                evidence = paired.get(source, "")
            else:
                counterpart = max(doc_sentences, key=lambda s: similarity(s.text, source), default=None) if source else None
                evidence = counterpart.text if counterpart and similarity(counterpart.text, source) >= 0.5 else ""
            subject = first_role(evidence, parties) if evidence else next(iter(side({first_role(source, parties + tuple(aliases or {}))})), "")
            changes.append(LegalChange(kind="qualifier_removed", detail=f"{name} removed ('{quote}')", before=source,
                                       evidence=evidence, context=source, subject=subject or clause_subject()))
    return changes
