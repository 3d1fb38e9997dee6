"""Which clause categories a search query asks about: the bridge from words to the clause-type model.

A query names a category when it contains the category's name or one of a few common synonyms as a run
of whole words ("cap on liability", "limitation of liability", "right of first refusal"); whole words,
because stemming is what made "Cap On Liability" match "capable" and "Exclusivity" match "exclusions".
When several names occur ("License Grant. Does the contract contain a license granted ... licensee"),
the one that comes first and is longest wins, so a category's own description cannot pull in its
neighbours. A query that names no category is classified by the model itself, which links free
wording ("the supplier may not raise its prices") to a category when it is confident.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["ALIASES", "query_categories"]

MAX_QUERY = 2000  # characters read: a category is named early, and a pasted clause is long enough by then
MODEL_THRESHOLD = 0.6
MIN_MODEL_WORDS = 4  # on one or two words the character n-grams guess ("exclusions" reads as "exclusive")  # a free-text query must be this clearly about a category to use the model's view

# Common ways to say what a CUAD category is about; the category's own name is always included.
ALIASES: dict[str, tuple[str, ...]] = {
    "Document Name": ("name of the agreement", "agreement name", "title of the agreement", "name of the contract"),
    "Parties": ("the parties", "contracting parties", "party names"),
    "Agreement Date": ("date of the agreement", "date of this agreement", "execution date", "dated as of"),
    "Effective Date": ("commencement date", "start date", "effective time"),
    "Expiration Date": ("expiry date", "initial term", "term of the agreement", "term of agreement", "duration"),
    "Renewal Term": ("renewal", "automatic renewal", "auto renewal", "extension of the term", "evergreen"),
    "Notice Period To Terminate Renewal": ("notice of non renewal", "non renewal notice", "notice period to terminate",
                                           "nonrenewal"),
    "Governing Law": ("applicable law", "choice of law", "governed by", "jurisdiction"),
    "Most Favored Nation": ("most favoured nation", "most favored customer", "most favourable", "most favorable",
                            "mfn"),
    "Competitive Restriction Exception": ("carve out", "carveout", "exception to non compete"),
    "Non-Compete": ("non competition", "noncompete", "covenant not to compete", "restrictive covenant"),
    "Exclusivity": ("exclusive", "exclusive dealing", "exclusive supplier", "exclusive distributor"),
    "No-Solicit Of Customers": ("non solicitation of customers", "non solicit of customers", "solicit customers"),
    "No-Solicit Of Employees": ("non solicitation of employees", "non solicit of employees", "no hire", "no poach",
                                "solicit employees", "hire employees"),
    "Non-Disparagement": ("disparage", "disparagement", "disparaging"),
    "Termination For Convenience": ("terminate for convenience", "termination without cause", "terminate without cause",
                                    "convenience"),
    "Rofr/Rofo/Rofn": ("right of first refusal", "right of first offer", "right of first negotiation", "rofr", "rofo",
                       "rofn", "first refusal", "first offer"),
    "Change Of Control": ("change in control", "merger", "acquisition of control"),
    "Anti-Assignment": ("assignment", "assign", "transfer of the agreement", "assignability"),
    "Revenue/Profit Sharing": ("revenue sharing", "profit sharing", "revenue share", "profit share", "royalty",
                               "royalties"),
    "Price Restrictions": ("price increase", "price increases", "price cap", "price changes", "pricing restriction"),
    "Minimum Commitment": ("minimum purchase", "minimum order", "minimum quantity", "take or pay", "minimum volume"),
    "Volume Restriction": ("volume cap", "maximum quantity", "usage limit", "volume limit"),
    "Ip Ownership Assignment": ("intellectual property ownership", "ownership of intellectual property",
                                "assignment of intellectual property", "ip ownership", "work product", "inventions"),
    "Joint Ip Ownership": ("joint ownership", "jointly owned", "joint intellectual property", "co owned"),
    "License Grant": ("license", "licence", "grant of license", "license grant", "grant of licence"),
    "Non-Transferable License": ("non transferable", "nontransferable", "non sublicensable", "not transferable"),
    "Affiliate License-Licensor": ("licensor affiliates", "affiliates of the licensor"),
    "Affiliate License-Licensee": ("licensee affiliates", "affiliates of the licensee", "sublicense to affiliates"),
    "Unlimited/All-You-Can-Eat-License": ("unlimited license", "enterprise license", "all you can eat",
                                          "unlimited usage"),
    "Irrevocable Or Perpetual License": ("perpetual license", "irrevocable license", "perpetual", "irrevocable"),
    "Source Code Escrow": ("escrow", "source code", "escrow agent"),
    "Post-Termination Services": ("post termination", "transition services", "effect of termination",
                                  "after termination", "wind down", "transition assistance"),
    "Audit Rights": ("audit", "inspection of records", "books and records", "right to inspect"),
    "Uncapped Liability": ("unlimited liability", "uncapped", "exclusions from the limitation"),
    "Cap On Liability": ("limitation of liability", "limitation on liability", "limit of liability", "liability cap",
                         "cap on damages", "maximum liability", "aggregate liability"),
    "Liquidated Damages": ("termination fee", "break fee", "penalty"),
    "Warranty Duration": ("warranty period", "warranty term", "duration of warranty"),
    "Insurance": ("insure", "insured", "insurance coverage", "policy of insurance"),
    "Covenant Not To Sue": ("not to sue", "no challenge", "not contest", "shall not challenge"),
    "Third Party Beneficiary": ("third party beneficiaries", "third party rights", "no third party beneficiary"),
}

_WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> tuple[str, ...]:
    """Lower-case words, a plural 's' dropped (not a stemmer: 'capable' stays 'capable')."""
    out = []
    for word in _WORD.findall(text.lower().replace("’", "'").replace("'s", "")):
        if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
            word = word[:-1]
        out.append(word)
    return tuple(out)


@lru_cache(maxsize=1)
def _phrases() -> tuple[tuple[tuple[str, ...], str], ...]:
    """(words of a name or synonym, category), longest first."""
    from .model import categories

    known = {c.lower(): c for c in categories()}
    pairs = []
    for category in categories():
        pairs.append((_words(category), category))
        for alias in ALIASES.get(category, ()):
            pairs.append((_words(alias), category))
    for category in ALIASES:
        if category.lower() not in known:
            raise RuntimeError(f"topics.ALIASES names '{category}', which the clause model does not know")
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


def _find(words: tuple[str, ...], phrase: tuple[str, ...]) -> int:
    n = len(phrase)
    return next((i for i in range(len(words) - n + 1) if words[i:i + n] == phrase), -1)


@lru_cache(maxsize=2048)
def query_categories(query: str) -> dict[str, float]:
    """{category: weight in (0, 1]} the query asks about; {} when it is about none the model knows.

    A named category weighs 1.0 (the first-placed, longest name; a second category named in the query's
    first phrase, before any full stop, weighs 0.5). Otherwise the model's probability for the query
    text, when at least MODEL_THRESHOLD and the query has MIN_MODEL_WORDS words or more.
    """
    query = query[:MAX_QUERY]
    words = _words(query)
    head = _words(re.split(r"[.?!:;]\s", query, maxsplit=1)[0])
    found: dict[str, tuple[int, int]] = {}
    for phrase, category in _phrases():
        at = _find(words, phrase)
        if at >= 0 and category not in found:
            found[category] = (at, -len(phrase))
    if found:
        ranked = sorted(found, key=lambda c: found[c])
        out = {ranked[0]: 1.0}
        for category in ranked[1:]:
            if found[category][0] < len(head) and category not in out:
                out[category] = 0.5
        return out
    if len(words) < MIN_MODEL_WORDS:
        return {}
    from .model import classify_text

    scores = classify_text([query])[0]
    return {c: p for c, p in scores.items() if p >= MODEL_THRESHOLD}
