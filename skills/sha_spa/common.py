"""What the four SHA/SPA skills share: reading the agreement as passages and sentences, resolving the
clause_id a caller gives into a focus, and working out whose side we are on.

The skills read the whole agreement because their subject (the conditions, the warranties, the limitation
regime, the governance rights) is spread over several clauses and schedules, and because "missing" is a
finding only the whole document can support. A clause_id narrows which findings are reported in full.

Passages are each clause's *own* text (children excluded) at its own offset, never the clause spans: own
text is always verbatim at `clause.start`, so every quote taken from a passage is a substring of the
document even when a parser has to guess at the tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator, Literal

from ..documents.model import DocumentStructure
from ..errors import ClauseNotFound, SkillFailure
from ..framework.schema import Finding
from ..framework.state import document_with_role, state_snapshot

Role = Literal["buyer", "seller", "investor", "founder", "company", ""]

# Nouns by which agreements name each role (English and Chinese). The first entry is the display name.
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "buyer": ("Buyer", "Buyers", "Purchaser", "Purchasers", "Acquirer", "买方", "收购方", "受让方"),
    "seller": ("Seller", "Sellers", "Vendor", "Vendors", "Warrantor", "Warrantors", "卖方", "出售方", "转让方", "出让方"),
    "investor": ("Investor", "Investors", "Subscriber", "Subscribers", "Investor Director", "Investor Directors", "投资方", "投资人", "投资者"),
    "founder": ("Founder", "Founders", "Promoter", "Promoters", "创始人", "创始股东"),
    "company": ("Company", "公司", "目标公司"),
}
COUNTERPART: dict[str, str] = {"buyer": "seller", "seller": "buyer", "investor": "founder", "founder": "investor"}
# Who receives warranties and who protection: buyers and investors; sellers and founders give them.
PROTECTED_ROLES = ("buyer", "investor")

_ROLE_RE = {
    role: re.compile("|".join(rf"\b{re.escape(w)}\b" if w.isascii() else re.escape(w) for w in words))
    for role, words in ROLE_WORDS.items()
}


@dataclass(frozen=True)
class Passage:
    """A stretch of the document's text: where it starts, and the clause it belongs to (None when unnumbered)."""

    clause_id: str | None
    start: int
    text: str

    @property
    def end(self) -> int:
        return self.start + len(self.text)


class Sentence(Passage):
    """One sentence of a passage."""


def passages(structure: DocumentStructure) -> list[Passage]:
    """Every clause's own text; a document without clauses becomes its paragraphs."""
    found = [Passage(c.clause_id, c.start, c.text) for c in structure.iter_clauses() if c.text.strip()]
    if found:
        return sorted(found, key=lambda p: p.start)
    return [Passage(None, m.start(), m.group(0)) for m in re.finditer(r"\S[^\n]*(?:\n(?!\s*\n)[^\n]*)*", structure.text)]


_SENTENCE_END = re.compile(r"(?<=[.;])\s+(?=[\"(A-Z0-9])|(?<=[。；])|\n\s*\n")


def sentences(passage: Passage) -> Iterator[Sentence]:
    """Split a passage into sentences (and semicolon-separated items), keeping absolute offsets."""
    pos = 0
    for match in _SENTENCE_END.finditer(passage.text):
        piece = passage.text[pos:match.start()]
        if re.search(r"\w", piece):
            yield _trimmed(passage, pos, piece)
        pos = match.end()
    if re.search(r"\w", passage.text[pos:]):
        yield _trimmed(passage, pos, passage.text[pos:])


def _trimmed(passage: Passage, pos: int, piece: str) -> Sentence:
    lead = len(piece) - len(piece.lstrip())
    return Sentence(passage.clause_id, passage.start + pos + lead, piece.strip())


def all_sentences(structure: DocumentStructure) -> list[Sentence]:
    return [s for p in passages(structure) for s in sentences(p)]


def rx(*alternatives: str) -> re.Pattern[str]:
    """One case-insensitive pattern from alternatives (regex fragments)."""
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.IGNORECASE)


def quote(text: str, start: int, end: int, limit: int = 320) -> tuple[str, int]:
    """A verbatim window of at most `limit` characters around text[start:end], and its offset."""
    if end - start >= limit:
        return text[start:start + limit].strip(), start
    spare = limit - (end - start)
    lo = max(0, start - spare // 2)
    hi = min(len(text), end + spare - (start - lo))
    if lo > 0 and " " in text[lo:start]:  # start and stop on word boundaries
        lo = text.index(" ", lo, start) + 1
    if hi < len(text) and " " in text[end:hi]:
        hi = text.rindex(" ", end, hi)
    window = text[lo:hi]
    lead = len(window) - len(window.lstrip())
    return window.strip(), lo + lead


def sentence_quote(sentence: Sentence, match: re.Match[str] | None = None, limit: int = 320) -> str:
    """The sentence itself, or a verbatim window of it around `match` when the sentence is long."""
    if len(sentence.text) <= limit or match is None:
        return sentence.text[:limit].strip()
    return quote(sentence.text, match.start(), match.end(), limit)[0]


# --- whose side ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Side:
    role: str  # buyer | seller | investor | founder
    name: str  # as the agreement names it: "Buyer", "Investors", "买方"
    assumed: bool = False

    @property
    def protected(self) -> bool:
        """True for the side that receives warranties and minority protection (buyer, investor)."""
        return self.role in PROTECTED_ROLES

    @property
    def other(self) -> str:
        return COUNTERPART.get(self.role, "")


def role_of(word: str) -> str:
    """'Buyer' -> 'buyer', '投资人' -> 'investor'; '' when the word names no known role."""
    for role, pattern in _ROLE_RE.items():
        if pattern.search(word or ""):
            return role
    return ""


def resolve_side(our_party: str, structure: DocumentStructure, default: str) -> Side:
    """Our role from the review's our_party: a role word, or a party name the agreement labels with one.

    Falls back to `default` (the side a reviewer of this kind of document usually acts for) and says so.
    """
    role = role_of(our_party) if our_party else ""
    if role in ("", "company") and our_party.strip():
        at = structure.text.lower().find(our_party.strip().lower())
        if at >= 0:
            label = re.search(r"\((?:the|together the|collectively the)?\s*[*\"“]*([A-Z][A-Za-z ]+?)[*\"”]*\)", structure.text[at:at + 600])
            if label:
                role = role_of(label.group(1))
    if role == "company" or (role == "" and our_party.strip()):
        # the company that issues shares, or a party known by its own name: the side the reading gives it (a company
        # that issues shares and gives the warranties stands with the founders)
        role = _role_from_reading(our_party, structure) or role
    if role in ("", "company"):
        role, assumed = default, True
    else:
        assumed = False
    return Side(role=role, name=display_name(structure, role), assumed=assumed)


def _role_from_reading(our_party: str, structure: DocumentStructure) -> str:
    from ..reading.document import read_document
    from ..reading.roles import resolve_party
    side = resolve_party(read_document(structure), our_party).side
    if side == "provider":
        return "founder" if SHARE_ISSUE.search(structure.text[:3000]) else "seller"
    return {"payer": "investor" if SHARE_ISSUE.search(structure.text[:3000]) else "buyer"}.get(side or "", "")


SHARE_ISSUE = re.compile(r"subscri|investment\s+agreement|shareholders|增资|认购|投资协议|股东协议", re.I)


def display_name(structure: DocumentStructure, role: str) -> str:
    """The word this agreement uses for the role (the most frequent of the role's nouns)."""
    words = ROLE_WORDS.get(role, ())
    counts = {w: len(re.findall(rf"\b{re.escape(w)}\b" if w.isascii() else re.escape(w), structure.text)) for w in words}
    best = max(counts, key=counts.get, default="") if counts else ""
    return best if best and counts[best] else (words[0] if words else role)


def subject_role(text: str) -> str:
    """The role of the first party named in a sentence (its grammatical subject, usually)."""
    best, best_at = "", len(text) + 1
    for role, pattern in _ROLE_RE.items():
        m = pattern.search(text)
        if m and m.start() < best_at:
            best, best_at = role, m.start()
    return best


# --- focus ---------------------------------------------------------------------------------------------

WHOLE_AGREEMENT_WORDS = {"", "*", "all", "whole", "agreement", "全部", "全文"}
CLAUSE_LIKE = re.compile(r"^\s*(?:(?i:sub-clause|clause|section|article|paragraph|schedule)\s*|第)?(?:\d|[IVXLC]+(?![A-Za-z])|[一二三四五六七八九十])")


@dataclass
class Focus:
    """Which clauses the caller asked about. `clause_ids` empty means the whole agreement."""

    requested: str
    clause_ids: set[str] = field(default_factory=set)

    @property
    def whole(self) -> bool:
        return not self.clause_ids

    def covers(self, clause_id: str | None) -> bool:
        if self.whole or clause_id is None:
            return True
        return any(clause_id == c or clause_id.startswith(c + "(") or clause_id.startswith(c + ".") or clause_id.startswith(c + "/")
                   for c in self.clause_ids)


def resolve_focus(structure: DocumentStructure, clause_id: str) -> Focus:
    """'*', '', a checklist topic id ('limitations', 'board') or any other word: the whole agreement.
    A clause number ('9.2', 'Clause 9', 'Schedule 4'): that clause and its sub-clauses; an unknown number is
    an error that lists the clause ids the document has.
    """
    requested = (clause_id or "").strip()
    if requested.lower() in WHOLE_AGREEMENT_WORDS or not CLAUSE_LIKE.match(requested):
        return Focus(requested)
    clause = structure.get_clause(requested)
    if clause is None:
        raise ClauseNotFound(requested, [c.clause_id for c in structure.iter_clauses()])
    return Focus(requested, {clause.clause_id})


def split_by_focus(findings: list[Finding], focus: Focus) -> tuple[list[Finding], list[str]]:
    """Findings in focus (and those about the agreement as a whole), plus one line per finding elsewhere."""
    kept = [f for f in findings if focus.covers(f.clause_id)]
    elsewhere = [f"{f.clause_id}: {f.kind} ({f.severity})" for f in findings if not focus.covers(f.clause_id)]
    return kept, elsewhere


def require_text(structure: DocumentStructure) -> None:
    if not structure.text.strip():
        raise SkillFailure("the document is empty: there is nothing to analyse", code="EMPTY_DOCUMENT")


SHARE_DEAL = rx(r"\bSale\s+Shares\b", r"sale\s+and\s+purchase\s+of\s+(?:the\s+)?(?:entire\s+)?(?:issued\s+)?shares?\b", r"share\s+purchase\s+agreement",
                r"subscri\w+\s+(?:for\s+)?[^.]{0,40}\bshares\b", r"shareholders['’]?\s+agreement", r"股权转让|股份转让|增资|投资协议|股东协议")


def is_share_deal(structure: DocumentStructure) -> bool:
    """Whether the agreement sells, issues or governs shares: market norms for SPAs only make sense then."""
    return bool(SHARE_DEAL.search(structure.text))


def is_share_sale(structure: DocumentStructure) -> bool:
    """Whether shares (or a business) are bought for a price: a share or asset purchase, or an investment in which
    a price is paid for new shares, read as the review reads the contract's type and value. What a buyer expects of
    such a deal (core warranties, a tax covenant, fraud outside the limits) is missing only there, not from a
    shareholders' agreement among holders that pay nothing under it."""
    from ..reading.contract_type import contract_type, is_investment
    from ..reading.document import read_document
    kind = contract_type(structure.text)
    return kind == "spa" or kind == "sha" and (is_investment(structure.text) or read_document(structure).value is not None)


SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}


def ordered(findings: list[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: SEVERITY_ORDER[f.severity])


def agreement_input(model, clause_id: str, primary_structure, state: dict):
    """The prepare_input these skills share: the whole agreement, our side, and any playbook of the review."""
    snapshot = state_snapshot(state)
    if state.get("playbook"):
        snapshot["playbook"] = state["playbook"]
    return model(
        clause_id=clause_id or "*",
        document_structure=primary_structure or document_with_role(state, "primary"),
        state_snapshot=snapshot,
        our_party=state.get("our_party", "") or "",
    )
