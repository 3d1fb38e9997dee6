"""Warnings `paralaw review` gives when the options do not fit the contract: a --party the contract does not name
(with the parties it does name), and a --domain whose words the contract does not use.

Both read the documents' text as the server parsed it, after the review: a warning, not an error, since the user
may know better (a party named only in a schedule, a contract in an unusual style).
"""

from __future__ import annotations

from pathlib import Path

import re
from types import SimpleNamespace

from paralaw.skills.generic.parties import KNOWN_ROLES

# a company, a person acting in a capacity, or an authority: what stands before a party's defined name
_PARTY_MARKERS = re.compile(r"\b(?:Ltd|Limited|Inc|LLC|LLP|PLC|plc|GmbH|Pte|S\.A|N\.V|B\.V|AG|corporation|company|"
                            r"incorporated|registered|Authority|Council|Bank|individual|Persons?|an? [A-Z][a-z]+ "
                            r"(?:corporation|company|partnership))\b|有限公司|公司|个人")
_DEFINED = re.compile(r"[(（]([^()（）]{0,80}?(?:[\"“”'‘’]|\*\*)[^()（）]{1,60}(?:[\"“”'‘’]|\*\*)[^()（）]{0,60})[)）]")
_QUOTED = re.compile(r"(?:[\"“'‘]|\*\*)([^\"“”'‘’*]{1,50})(?:[\"”'’]|\*\*)")
_LABEL = re.compile(r"^\s*\**([^\s:：*（(]{1,20})\**\s*(?:[（(][^)）]{0,6}[)）])?\s*[:：]", re.M)
_NOT_PARTIES = {"agreement", "contract", "this agreement", "effective date", "deed", "party", "parties", "一方", "各方", "双方"}


def _preamble(text: str) -> str:
    """The text before the first numbered clause or definitions (where a contract names its parties)."""
    cut = re.search(r"^\s*(?:#+\s*)?(?:1\s*[.)]?\s+\S|ARTICLE\s+I\b|第一条|一、)|\bmeans\b", text[:6000], re.M)
    return text[: cut.start()] if cut and cut.start() > 200 else text[:3000]


def parties_named(text: str, limit: int = 6) -> list[str]:
    """The parties a contract names: the defined names in its preamble after a company or person, the role labels
    of its parties block ('Employer: ...', '发包人：...'), then the party roles it uses most."""
    found: list[str] = []

    def add(name: str) -> None:
        name = " ".join(name.split()).strip(" ,;.")
        if name and name.lower() not in _NOT_PARTIES and name.lower() not in {f.lower() for f in found}:
            found.append(name)

    preamble = _preamble(text)
    last = 0
    for match in _DEFINED.finditer(preamble):
        before = preamble[max(last, match.start() - 300):match.start()]
        last = match.end()
        if _PARTY_MARKERS.search(before):
            for term in _QUOTED.findall(match.group(1)):
                add(term)
    roles = {role.lower(): role for role in KNOWN_ROLES}
    for label in _LABEL.findall(preamble):
        if label.lower() in roles:
            add(roles[label.lower()])
    counts = []
    for role in KNOWN_ROLES:
        pattern = re.escape(role) if re.search(r"[\u4e00-\u9fff]", role) else rf"\b{re.escape(role)}\b"
        n = len(re.findall(pattern, text))
        if n >= 3:
            counts.append((n, role))
    for _, role in sorted(counts, key=lambda item: -item[0]):
        add(role)
    return found[:limit]


def names_party(text: str, party: str) -> bool:
    """Whether the text names the party as a word (any case)."""
    if re.search(r"[\u4e00-\u9fff]", party):
        return party in text
    return re.search(rf"(?<!\w){re.escape(party)}(?!\w)", text, re.I) is not None


SIDE_WORDS = "buyer, seller, customer, supplier, licensee, licensor, investor, recipient, discloser, 买方, 卖方"


def unknown_party(party: str, data: dict, path: str) -> None:
    """--party that is neither a party the contract names nor a side: an error that names the parties, before any
    report is written (a review for the wrong side is worse than none)."""
    import difflib

    from .cli_errors import UsageError

    if not party or not data.get("acting_for", "").startswith("no party"):
        return
    parties = data.get("parties") or []
    close = difflib.get_close_matches(party.lower(), [p.lower() for p in parties], n=1, cutoff=0.6)
    guess = next((p for p in parties if close and p.lower() == close[0]), "")
    named = f"it names {', '.join(parties)}" if parties else "no party could be read from it"
    raise UsageError("UNKNOWN_PARTY", f"--party '{party}' matches no party of {Path(path).name}"
                     + (f": did you mean {guess}?" if guess else "") + f" ({named}; a side also works: {SIDE_WORDS})")


def domain_warning(domain: str, texts: list[str], roles: list[str], filename: str,
                   not_found: int, items: int) -> str | None:
    """When the domain the user chose is not the one the contract's words point to."""
    from paralaw.server.reviews import detect_domain

    detected = detect_domain([SimpleNamespace(text=t) for t in texts], roles)
    if not domain or detected == domain:
        return None
    missed = f"; {not_found} of {items} checklist items were not found in it" if items else ""
    reads = "a generic commercial contract" if detected == "generic" else f"a {detected} contract"
    return f"--domain {domain} does not fit {filename}: it reads as {reads}{missed} (leave --domain out to detect it)"
