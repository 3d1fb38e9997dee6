"""sha_governance_check: the control and exit rights of a shareholders' agreement, what is missing and what
works against our side (investor or founder).

A minority investor's protection is a set of rights that only work together: a board seat is worth little if
the board is quorate without that director, and a veto is only as wide as its list of reserved matters. So
each topic is recorded as present (with the clauses and who holds the right) or missing, and then judged.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from ..documents.numbering import cn_to_int
from ..framework.base import ClauseInput, require_structure
from ..framework.schema import Finding, SkillRegistration
from ..text.amounts import find_percentages
from .common import (agreement_input, PROTECTED_ROLES, Sentence, Side, all_sentences, display_name, ordered, require_text, resolve_focus,
                     resolve_side, role_of, rx, sentence_quote, split_by_focus, subject_role)
from .market import market_ranges

PARTY = r"(?:Investor\s+Directors?|Investors?|Founders?|Shareholders?|Buyer|Seller|Board|Majority\s+\w+|[\u4e00-\u9fff]{2,4}方|创始人|投资人)"
TOPICS: dict[str, re.Pattern[str]] = {
    "board_composition": rx(r"board\s+shall\s+(?:at\s+all\s+times\s+)?consist", r"entitled\s+to\s+appoint\s+\S+(?:\s+\(\d+\))?\s+(?:\w+\s+)?Directors?",
                            r"right\s+to\s+(?:appoint|nominate)\s+\S+(?:\s+\(\d+\))?\s+(?:\w+\s+)?Directors?", r"董事会由", r"(?:委派|提名)\S{1,3}名董事"),
    "board_quorum": rx(r"quorum[^.;]{0,80}(?:Board|Directors)", r"董事会[^。；]{0,30}(?:法定人数|方可举行)"),
    "general_meeting_quorum": rx(r"quorum[^.;]{0,40}general\s+meeting", r"general\s+meeting[^.;]{0,40}quorum", r"股东(?:大)?会[^。；]{0,30}(?:法定人数|方可举行)"),
    "consent_rights": rx(rf"(?:consent|approval)\s+of\s+(?:the\s+|an?\s+)?{PARTY}", r"Directors\s+approving\s+such\s+resolution\s+shall\s+be\s+an?\s+Investor\s+Director",
                         r"(?:须经|未经)[^。；]{0,10}(?:同意|批准)"),
    "reserved_matters": rx(r"reserved\s+matters?", r"matters\s+requiring\s+(?:the\s+)?(?:prior\s+)?(?:consent|approval)",
                           r"without\s+the\s+prior\s+(?:written\s+)?(?:consent|approval)\s+of[^.;]{0,60}(?:any\s+of\s+)?the\s+following",
                           r"\bveto\b", r"一票否决|保留事项|重大事项[^。；]{0,10}(?:须|应)"),
    "deadlock": rx(r"deadlock", r"casting\s+vote", r"russian\s+roulette|texas\s+shoot|shotgun", r"僵局|决定票"),
    "drag_along": rx(r"drag[- ]?along|dragged", r"require\s+(?:all\s+)?(?:the\s+)?other\s+Shareholders\s+to\s+(?:sell|transfer)", r"领售|拖售|强制出售|强制随售"),
    "tag_along": rx(r"tag[- ]?along", r"co-?sale", r"require\s+the\s+Transferor\s+to\s+procure[^.;]{0,80}purchase", r"(?<!强制)随售|共同出售"),
    "pre_emption_on_issues": rx(r"pre-?empt\w*[^.;]{0,120}(?:issue|allot|new\s+(?:shares|securities))",
                                r"(?:issue|allot)\w*[^.;]{0,120}(?:first\s+be\s+)?offered\s+to\s+(?:the\s+)?(?:existing\s+)?(?:Shareholders|Investors)",
                                r"new\s+(?:Shares|securities)[^.;]{0,80}pro\s+rata", r"优先认购|优先增资"),
    "pre_emption_on_transfers": rx(r"right\s+of\s+first\s+(?:refusal|offer)", r"first\s+(?:be\s+)?(?:notified|offered)[^.;]{0,80}(?:opportunity\s+)?to\s+purchase",
                                   r"pre-?empt\w*[^.;]{0,80}transfer", r"优先购买权|优先受让"),
    "transfer_restrictions": rx(r"shall\s+not\s+(?:sell|transfer|charge|encumber|dispose)", r"No\s+Shareholder\s+shall\s+transfer", r"lock-?up",
                                r"不得(?:转让|出售|质押)", r"转让限制"),
    "information_rights": rx(r"information\s+rights", r"management\s+accounts", r"audited\s+accounts", r"annual\s+budget", r"access\s+to\s+the\s+books",
                             r"知情权|财务报表|查阅"),
}
# Provisions that mark a document as regulating shareholders' relations (an SPA has at most one of them).
SHAREHOLDER_TOPICS = ("board_composition", "board_quorum", "general_meeting_quorum", "reserved_matters", "drag_along", "tag_along",
                      "transfer_restrictions")
LABELS = {t: t.replace("_", " ").replace("pre emption", "pre-emption").replace("drag along", "drag-along").replace("tag along", "tag-along (co-sale)")
          for t in TOPICS}


def possessive(name: str) -> str:
    if not name.isascii():
        return f"{name}的"
    return f"{name}'" if name.endswith("s") else f"{name}'s"
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|[一二三四五六七八九十两])"
SEATS = rx(rf"({PARTY})\s+shall\s+be\s+entitled\s+to\s+appoint\s+{NUM}", rf"({PARTY})\s+(?:shall\s+have\s+the\s+right|may)\s+(?:to\s+)?(?:appoint|nominate)\s+{NUM}",
           rf"({PARTY})(?:有权)?(?:委派|提名){NUM}名董事")
BOARD_SIZE = rx(rf"consist\s+of\s+(?:a\s+(?:minimum|maximum)\s+of\s+)?{NUM}(?:\s+\(\d+\))?\s+Directors", rf"董事会由{NUM}名董事组成")
QUORUM_SIZE = rx(rf"quorum[^.;]{{0,60}}?(?:shall\s+be|is)\s+{NUM}", rf"{NUM}名(?:以上)?董事出席")
PRESENCE_REQUIRED = rx(rf"(?:at\s+least\s+one|of\s+whom|of\s+which|including)[^.;]{{0,80}}?({PARTY})", rf"(?:须|应)(?:包括|有)[^。；]{{0,10}}({PARTY})")
ADJOURNED = rx(r"adjourned\s+meeting[^.;]{0,120}(?:form|constitute)\s+a\s+quorum", r"延期(?:召开)?的?会议[^。；]{0,30}(?:即可|视为)")
ADJOURNED_SIZE = rx(rf"(?:any\s+)?{NUM}(?:\s+\(\d+\))?\s+Directors?\s+present", rf"{NUM}名(?:以上)?董事出席")
HOLDER = rx(rf"({PARTY})\s+(?:may|shall\s+be\s+entitled|shall\s+have\s+the\s+right|is\s+entitled|shall\s+first\s+be)",
            rf"(?:consent|approval|satisfaction)\s+of\s+(?:the\s+|an?\s+)?({PARTY})", rf"({PARTY})(?:有权|享有)", rf"(?:未经|须经)({PARTY})")
CASTING_VOTE = rx(r"(?<!not\s)(?<!no\s)have\s+a\s+casting\s+vote|shall\s+be\s+entitled\s+to\s+a\s+casting\s+vote", r"(?<!不)享有决定票")
CHAIR_APPOINTER = rx(rf"chair\w*[^.;]{{0,60}}?appointed\s+by\s+(?:the\s+)?({PARTY})", rf"董事长由({PARTY})(?:委派|提名)")
MIN_PRICE = rx(r"not\s+less\s+than|same\s+price|same\s+terms|no\s+less\s+favourable|fair\s+market\s+value|minimum\s+(?:price|return)", r"不低于|同等条件")


class GovernanceInput(ClauseInput):
    clause_id: str = Field("*", description=(
        "What to focus on. '*' (or a checklist topic id such as 'board' or 'transfers') checks the whole agreement; a "
        "clause number such as '2' or '2.5' reports findings in that clause and its sub-clauses in full (others are "
        "listed in findings_elsewhere). Missing rights are always reported. The whole agreement is always read."))
    our_party: str = Field("", description="Whose side to judge from: 'Investor' or 'Founder' (or 'Buyer'/'Seller', or a party name). Default: the review's our_party, else the Investor.")


class GovernanceItem(BaseModel):
    topic: str = Field(description="board_composition, board_quorum, general_meeting_quorum, consent_rights, reserved_matters, deadlock, drag_along, tag_along, pre_emption_on_issues, pre_emption_on_transfers, transfer_restrictions or information_rights.")
    present: bool
    clause_ids: list[str]
    holders: list[str] = Field(description="Who holds or benefits from the right, as the agreement names them.")
    evidence: str
    details: str = ""


class GovernanceOutput(BaseModel):
    our_party: str
    our_party_assumed: bool
    is_shareholders_agreement: bool = Field(description="False when fewer than two shareholder-governance provisions exist (e.g. an SPA): nothing is then reported as missing.")
    board_size: int | None
    board_seats: dict[str, int] = Field(description="Directors each party may appoint.")
    board_quorum: int | None
    items: list[GovernanceItem]
    present: list[str]
    missing: list[str]
    findings: list[Finding]
    findings_elsewhere: list[str]
    summary: str


def _number(token: str) -> int | None:
    token = token.lower()
    return int(token) if token.isdigit() else NUMBER_WORDS.get(token) or cn_to_int(token)


def _holders(structure, sentences: list[Sentence]) -> list[str]:
    """Who holds the right: the party that 'may'/'shall be entitled' or whose consent is needed; failing that,
    the subject of the sentences (the company is never a holder)."""
    names: list[str] = []
    for s in sentences:
        for m in HOLDER.finditer(s.text):
            word = next((g for g in m.groups() if g), "")
            role = role_of(word)
            name = display_name(structure, role) if role else word.strip()
            if name and role != "company" and name not in names:
                names.append(name)
    if not names:
        roles = [subject_role(s.text) for s in sentences]
        names = list(dict.fromkeys(display_name(structure, r) for r in roles if r and r != "company"))
    return names


def _item(structure, topic: str, matches: list[Sentence]) -> GovernanceItem:
    if topic == "reserved_matters":  # a list of matters, not one consent: a clause with items, or the words themselves
        matches = [s for s in matches if re.search(r"reserved\s+matter|保留事项|一票否决|\bveto\b", s.text, re.I)
                   or (structure.get_clause(s.clause_id) is not None and len(structure.get_clause(s.clause_id).children) >= 3)]
    clause_ids = list(dict.fromkeys(s.clause_id for s in matches if s.clause_id))
    best = next((s for s in matches if HOLDER.search(s.text) and len(s.text) > 20), matches[0] if matches else None)
    return GovernanceItem(topic=topic, present=bool(matches), clause_ids=clause_ids, holders=_holders(structure, matches),
                          evidence=sentence_quote(best, TOPICS[topic].search(best.text)) if best else "")


def governance_check(data: GovernanceInput) -> GovernanceOutput:
    structure = require_structure(data.document_structure)
    require_text(structure)
    focus = resolve_focus(structure, data.clause_id)
    side = resolve_side(data.our_party or data.state_snapshot.get("our_party", ""), structure, default="investor")
    sents = all_sentences(structure)
    found = {topic: [s for s in sents if pattern.search(s.text)] for topic, pattern in TOPICS.items()}
    quorum_clauses = {s.clause_id for s in found["board_quorum"]}
    found["board_quorum_clause"] = [s for s in sents if s.clause_id in quorum_clauses]  # adjourned-meeting rules sit beside the quorum
    items = {topic: _item(structure, topic, found[topic]) for topic in TOPICS}
    seats: dict[str, int] = {}
    for s in found["board_composition"]:
        for m in SEATS.finditer(s.text):
            party, count = [g for g in m.groups() if g][:2]
            if _number(count):
                seats[display_name(structure, role_of(party)) if role_of(party) else party] = _number(count)
    size = next((_number(m.group(m.lastindex)) for s in found["board_composition"] if (m := BOARD_SIZE.search(s.text))), None)
    quorum = next((_number(m.group(m.lastindex)) for s in found["board_quorum"] if (m := QUORUM_SIZE.search(s.text))), None)
    if seats:
        items["board_composition"].details = ", ".join(f"{p}: {n}" for p, n in seats.items()) + (f" of {size}" if size else "")
    _describe_terms(items, found, quorum)
    governs = sum(items[t].present for t in SHAREHOLDER_TOPICS) >= 2
    findings = _findings(structure, side, items, found, seats, quorum, data.state_snapshot) if governs else []
    kept, elsewhere = split_by_focus(ordered(findings), focus)
    present = [t for t, i in items.items() if i.present]
    missing = [t for t, i in items.items() if not i.present]
    summary = (f"Present: {', '.join(LABELS[t] for t in present) or 'none'}. Missing: {', '.join(LABELS[t] for t in missing) or 'none'}. "
               + (f"{len(kept)} findings for the {side.name}{' (assumed)' if side.assumed else ''}." if governs else
                  "Too few shareholder governance provisions to judge: this does not read as a shareholders' agreement, so nothing is reported as missing."))
    return GovernanceOutput(our_party=side.name, our_party_assumed=side.assumed, is_shareholders_agreement=governs,
                            board_size=size, board_seats=seats, board_quorum=quorum,
                            items=list(items.values()), present=present, missing=missing, findings=kept, findings_elsewhere=elsewhere,
                            summary=summary)


def _describe_terms(items: dict[str, GovernanceItem], found: dict[str, list[Sentence]], quorum: int | None) -> None:
    """The terms a reviewer asks about first: the quorum and who must attend, the drag threshold and price floor."""
    if items["board_quorum"].present:
        required = next((m for s in found["board_quorum"] if (m := PRESENCE_REQUIRED.search(s.text))), None)
        adjourned = any(ADJOURNED.search(s.text) for s in found["board_quorum_clause"])
        items["board_quorum"].details = "; ".join(filter(None, [
            f"quorum {quorum}" if quorum else "",
            f"must include: {required.group(required.lastindex)}" if required else "no particular director required",
            "a lower quorum applies at an adjourned meeting" if adjourned else ""]))
    if items["drag_along"].present:
        text = " ".join(s.text for s in found["drag_along"])
        percents = [p.value for p in find_percentages(text)]
        items["drag_along"].details = (f"threshold {min(percents):g}%" if percents else "threshold not stated") + \
            ("; minimum price or equal terms" if MIN_PRICE.search(text) else "; no minimum price")


def _ours(side: Side, names: list[str]) -> bool:
    roles = {role_of(n) for n in names}
    group = set(PROTECTED_ROLES) if side.protected else {"seller", "founder"}
    return bool(roles & group)


MISSING = {  # topic -> (severity for a protected side (investor/buyer), for a founder/seller side, why it matters)
    "reserved_matters": ("high", "low", "no list of reserved matters: the majority decides budgets, new issues, debt, M&A and changes to the business alone"),
    "deadlock": ("medium", "medium", "no deadlock resolution: a split board or shareholder vote leaves the company without a way forward"),
    # a drag-along is the majority's tool: an investor without one loses nothing it needs
    "drag_along": ("low", "medium", "no drag-along: a sale of the whole company can be blocked by any single holder"),
    "pre_emption_on_issues": ("high", "medium", "no pre-emption on new issues: shareholders can be diluted by new shares issued to others"),
    "tag_along": ("high", "low", "no tag-along: the majority can sell out and leave the minority behind"),
    "information_rights": ("high", "low", "no information rights: the investor cannot monitor the company"),
    "board_composition": ("high", "medium", "no board appointment rights"),
    "transfer_restrictions": ("medium", "low", "no restriction on transfers: the other shareholders may leave or bring in strangers"),
}


def _missing(topic: str, side: Side) -> Finding:
    high_side, low_side, why = MISSING[topic]
    return Finding(severity=high_side if side.protected else low_side, kind=f"missing_{topic}", clause_id=None,
                   message=f"No {LABELS[topic]} provision was found: {why}.")


def _findings(structure, side: Side, items: dict[str, GovernanceItem], found: dict[str, list[Sentence]], seats: dict[str, int],
              quorum: int | None, snapshot: dict) -> list[Finding]:
    findings = [_missing(t, side) for t in MISSING if not items[t].present]
    ours_seats = sum(n for p, n in seats.items() if _ours(side, [p]))
    theirs_seats = sum(n for p, n in seats.items() if not _ours(side, [p]))
    if items["board_composition"].present and seats and not ours_seats:
        findings.append(Finding(severity="high" if side.protected else "medium", kind="no_board_seat", clause_id=items["board_composition"].clause_ids[0],
                                evidence=items["board_composition"].evidence, message=f"The {side.name} has no right to appoint a director."))
    findings.extend(_quorum_findings(side, found["board_quorum"], found["board_quorum_clause"], quorum, ours_seats, theirs_seats))
    if items["consent_rights"].present and not _ours(side, items["consent_rights"].holders) and items["consent_rights"].holders:
        findings.append(Finding(severity="medium", kind="other_side_consent_rights", clause_id=items["consent_rights"].clause_ids[0],
                                evidence=items["consent_rights"].evidence,
                                message=f"Decisions need the consent of the {', '.join(items['consent_rights'].holders)} (clauses {', '.join(items['consent_rights'].clause_ids)}): a veto held by the other side."))
    for topic in ("pre_emption_on_transfers", "tag_along"):
        item = items[topic]
        if item.present and item.holders and not _ours(side, item.holders) and side.protected:
            findings.append(Finding(severity="medium", kind=f"{topic}_for_other_side_only", clause_id=item.clause_ids[0], evidence=item.evidence,
                                    message=f"The {LABELS[topic]} right benefits only the {', '.join(item.holders)}; the {side.name} has no equivalent right."))
    restriction = items["transfer_restrictions"]
    if restriction.present and not side.protected and any(re.search(r"Other\s+Shareholders|Founders?|创始人", s.text) and re.search(r"consent|同意", s.text)
                                                          for s in found["transfer_restrictions"]):
        findings.append(Finding(severity="medium", kind="transfer_locked_by_other_side", clause_id=restriction.clause_ids[0], evidence=restriction.evidence,
                                message=f"The {possessive(side.name)} shares cannot be transferred without the other side's consent."))
    for s in found["deadlock"]:
        chair = CHAIR_APPOINTER.search(s.text) or next((CHAIR_APPOINTER.search(o.text) for o in found["board_composition"] if CHAIR_APPOINTER.search(o.text)), None)
        if CASTING_VOTE.search(s.text) and chair and not _ours(side, [chair.group(chair.lastindex)]):
            findings.append(Finding(severity="medium", kind="casting_vote_for_other_side", clause_id=s.clause_id, evidence=sentence_quote(s, CASTING_VOTE.search(s.text)),
                                    message=f"The chair, appointed by the {chair.group(chair.lastindex)}, has a casting vote: a tied board is decided by the other side."))
            break
    if items["drag_along"].present:
        findings.extend(_drag_findings(side, found["drag_along"], market_ranges(snapshot)["drag_threshold_pct"]))
    return findings


def _quorum_findings(side: Side, quorum_sentences: list[Sentence], clause_sentences: list[Sentence], quorum: int | None,
                     ours_seats: int, theirs_seats: int) -> list[Finding]:
    """Can the board decide without our director: at an ordinary meeting, or once a meeting is adjourned?"""
    if not (quorum_sentences and ours_seats):
        return []
    required = next((m for s in quorum_sentences if (m := PRESENCE_REQUIRED.search(s.text))), None)
    needs_us = bool(required) and _ours(side, [required.group(required.lastindex)])
    adjourned = next((s for s in clause_sentences if ADJOURNED.search(s.text)), None)
    first = quorum_sentences[0]
    if not needs_us and quorum and theirs_seats >= quorum:
        return [Finding(severity="medium", kind="quorum_without_our_director", clause_id=first.clause_id, evidence=sentence_quote(first, QUORUM_SIZE.search(first.text)),
                        message=(f"The board is quorate with {quorum} directors and the other side appoints {theirs_seats}: it can meet and decide without "
                                 f"the {possessive(side.name)} director{' (and an adjourned meeting has its own quorum)' if adjourned else ''}. "
                                 "Require one of our directors in the quorum."))]
    adjourned_size = ADJOURNED_SIZE.search(adjourned.text) if adjourned is not None else None
    still_needs_us = adjourned is not None and (m := PRESENCE_REQUIRED.search(adjourned.text)) and _ours(side, [m.group(m.lastindex)])
    if adjourned_size and _number(adjourned_size.group(adjourned_size.lastindex)) <= theirs_seats and not still_needs_us:
        return [Finding(severity="medium", kind="quorum_without_our_director", clause_id=adjourned.clause_id, evidence=sentence_quote(adjourned, ADJOURNED.search(adjourned.text)),
                        message=f"An adjourned board meeting is quorate without the {possessive(side.name)} director, so staying away does not protect it.")]
    return []


def _drag_findings(side: Side, sentences: list[Sentence], threshold) -> list[Finding]:
    text = " ".join(s.text for s in sentences)
    percents = [p.value for p in find_percentages(text)]
    found = []
    if side.protected and percents and min(percents) < threshold.low:
        found.append(Finding(severity="high" if min(percents) <= 50 else "medium", kind="drag_threshold_low", clause_id=sentences[0].clause_id,
                             evidence=sentence_quote(sentences[0]), message=f"Holders of {min(percents):g}% can drag the rest; {threshold.describe()}."))
    if side.protected and not MIN_PRICE.search(text):
        found.append(Finding(severity="medium", kind="drag_without_minimum_price", clause_id=sentences[0].clause_id, evidence=sentence_quote(sentences[0]),
                             message="The drag-along sets no minimum price or equal terms, so the minority can be forced to sell at any price."))
    return found


def prepare_input(clause_id: str, primary_structure, state: dict) -> GovernanceInput:
    return agreement_input(GovernanceInput, clause_id, primary_structure, state)


registration = SkillRegistration(
    skill_id="sha_governance_check",
    name="SHA governance and exit rights",
    description=(
        "Check a shareholders' agreement's governance and exit rights: board composition and appointment rights, board "
        "and general-meeting quorum (and whether it can be met without our director), consent rights and reserved "
        "matters, deadlock resolution, drag-along (threshold, minimum price), tag-along/co-sale, pre-emption on new "
        "issues and on transfers, transfer restrictions and information rights. Findings for what is missing or works "
        "against our side (investor or founder)."
    ),
    input_schema=GovernanceInput,
    output_schema=GovernanceOutput,
    local_handler=governance_check,
    prepare_input_fn=prepare_input,
    domain="sha_spa",
    category="analysis",
)
