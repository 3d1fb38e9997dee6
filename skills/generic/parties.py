"""Party roles: who the other side is, and which roles a piece of text names.

Judging a change "from our side" needs the counterparty's name ("Supplier" when we are the "Customer")
and a way to see that "either party" became "the Supplier". Contracts name parties by role, so a small
table of role pairs covers most of them; otherwise the most frequent other role in the text is taken.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

ROLE_PAIRS: list[tuple[str, str]] = [
    ("Customer", "Supplier"), ("Customer", "Service Provider"), ("Customer", "Provider"), ("Customer", "Vendor"),
    ("Client", "Service Provider"), ("Client", "Consultant"), ("Client", "Supplier"), ("Client", "Provider"),
    ("Buyer", "Seller"), ("Purchaser", "Seller"), ("Purchaser", "Vendor"), ("Buyer", "Vendor"),
    ("Employer", "Contractor"), ("Owner", "Contractor"), ("Licensee", "Licensor"), ("Lessee", "Lessor"),
    ("Tenant", "Landlord"), ("Distributor", "Manufacturer"), ("Investor", "Company"),
    ("Disclosing Party", "Receiving Party"), ("Borrower", "Lender"),
    ("Transferee", "Transferor"), ("Acquirer", "Seller"), ("Acquiror", "Seller"), ("Subscriber", "Company"),
    ("Investor", "Founder"),
    ("发包人", "承包人"), ("甲方", "乙方"), ("买方", "卖方"), ("委托方", "受托方"), ("出租方", "承租方"),
    ("转让方", "受让方"), ("委托人", "受托人"), ("出让方", "受让方"), ("投资方", "创始股东"), ("投资人", "创始人"),
]
KNOWN_ROLES = sorted({role for pair in ROLE_PAIRS for role in pair}, key=len, reverse=True)
MUTUAL = "mutual"
_MUTUAL_RE = re.compile(r"\b(?:either|each|both|neither|any) part(?:y|ies)\b|\bthe parties\b|双方|任何一方|任一方|各方", re.I)


@lru_cache(maxsize=256)
def _role_re(role: str) -> re.Pattern[str]:
    if re.search(r"[\u4e00-\u9fff]", role):
        return re.compile(re.escape(role))
    return re.compile(rf"\b{re.escape(role)}\b")


@lru_cache(maxsize=256)
def counterparty_of(our_party: str, text: str = "") -> str:
    """The other side's role name: from the role pairs (preferring one the text uses), else the text's
    most frequent other role; '' when it cannot be told."""
    if not our_party:
        return ""
    ours = our_party.strip().lower()
    candidates = [b if a.lower() == ours else a for a, b in ROLE_PAIRS if ours in (a.lower(), b.lower())]
    for candidate in candidates:
        if text and _role_re(candidate).search(text):
            return candidate
    if text:
        counts = Counter({role: len(_role_re(role).findall(text)) for role in KNOWN_ROLES if role.lower() != ours})
        role, count = counts.most_common(1)[0] if counts else ("", 0)
        if count:
            return role
    return candidates[0] if candidates else ""


def roles_in(text: str, extra: tuple[str, ...] = ()) -> set[str]:
    """Roles a span of text names; 'mutual' for 'either party', 'each party', '双方' and the like."""
    found = {MUTUAL} if _MUTUAL_RE.search(text) else set()
    seen_spans: list[tuple[int, int]] = []
    for role in sorted(set(KNOWN_ROLES) | {r for r in extra if r}, key=len, reverse=True):
        for match in _role_re(role).finditer(text):
            if any(s <= match.start() < e for s, e in seen_spans):
                continue
            seen_spans.append(match.span())
            found.add(role)
    return found


def role_mentions(text: str, extra: tuple[str, ...] = ()) -> list[tuple[int, int, str]]:
    """(start, end, role) of every role named in the text, 'mutual' for 'either party' and the like; the
    longest name wins where names overlap ('Service Provider' over 'Provider')."""
    found = [(m.start(), m.end(), MUTUAL) for m in _MUTUAL_RE.finditer(text)]
    for role in sorted(set(KNOWN_ROLES) | {r for r in extra if r}, key=len, reverse=True):
        for match in _role_re(role).finditer(text):
            if not any(s < match.end() and match.start() < e for s, e, _ in found):
                found.append((match.start(), match.end(), role))
    return sorted(found)


def first_role(text: str, extra: tuple[str, ...] = (), within: int | None = None) -> str:
    """The role that opens a sentence's subject: the first role (or 'mutual') named in it, if it starts
    within the first `within` characters (when given)."""
    best: tuple[int, str] | None = None
    mutual = _MUTUAL_RE.search(text)
    if mutual:
        best = (mutual.start(), MUTUAL)
    for role in set(KNOWN_ROLES) | {r for r in extra if r}:
        first = text.find(role)  # a match starts at an occurrence of the name: skip the regex when none is early enough
        if first < 0 or (best is not None and first >= best[0]):
            continue
        match = _role_re(role).search(text, first)
        if match and (best is None or match.start() < best[0]):
            best = (match.start(), role)
    if best is None or (within is not None and best[0] > within):
        return ""
    return best[1]


def canonical_party(name: str, text: str) -> str:
    """The party name as the contract spells it ('customer' -> 'Customer'), else as given."""
    name = (name or "").strip()
    if not name:
        return ""
    for match in re.finditer(re.escape(name), text, re.I):
        if match.group()[:1].isupper() or not match.group()[:1].isalpha():
            return match.group()
    return name


def same_side(role: str) -> set[str]:
    """Roles that stand where `role` stands in some pairing ('Customer' -> Client, Buyer, Purchaser...), so a
    baseline written for 'Client' and 'Provider' lines up with a contract between 'Customer' and 'Supplier'."""
    if not role:
        return set()
    out = {role}
    for a, b in ROLE_PAIRS:
        if (role, b) in ROLE_PAIRS:
            out.add(a)
        if (a, role) in ROLE_PAIRS:
            out.add(b)
    return out


def party_role(name: str, structure) -> str:
    """The role a review's party plays in the contract: 'Customer' for 'Customer', and also for
    'Halvorsen Retail Group Limited' when the parties block defines it as (the "Customer"); '' when the
    contract does not name that party at all (it cannot then be judged from that side)."""
    name = (name or "").strip()
    if not name or not re.search(re.escape(name), structure.text, re.I):
        return ""
    text = structure.text[:20000]
    spelled = canonical_party(name, text)
    if any(spelled.lower() == role.lower() for role in KNOWN_ROLES) or structure.definition_of(spelled):
        return spelled
    for match in re.finditer(re.escape(name), text, re.I):
        paragraph = text[match.end():match.end() + 400].split("\n\n", 1)[0]
        # '(the "Customer")', and the first name of a group: '("you" and "your")', '("Lumen", "we" or "us")'
        label = re.search(r"\((?:the\s+|hereinafter\s+)?[\"“]\**([^\"”*]{2,40})\**[\"”](?:\)|\s*(?:,|\band\b|\bor\b))", paragraph)
        if label:
            return label.group(1)
    lowered = name.lower()
    for definition in structure.definitions:
        if lowered in definition.definition.lower() and len(definition.term) < 40:
            return definition.term
    return spelled


# '**委托方（甲方）：** 杭州澄禾家居用品有限公司': a role word with its other name, opening a line (groups: both names)
_ROLE_LINE = r"\s*\**([\u4e00-\u9fff]{2,6}?)\s*[（(]([\u4e00-\u9fff]{2,6})[）)]\**\s*[：:]"
# '(the **"Contractor"**)': emphasis around the quotes as well as inside them
_LABEL = re.compile(r"\((?:the\s+|hereinafter\s+(?:the\s+)?|together\s+the\s+)?\**[\"“]([^\"”]{2,40})[\"”]\**\)"
                    r"|[（(](?:以下)?(?:简称|称)[:：]?\s*[\"“「]([^\"”」]{1,20})[\"”」][）)]"
                    # '(hereinafter referred to as "Meridian", which expression ...)', '(referred to as the "Buyer")'
                    r"|\b(?:hereinafter|hereafter)?\s*(?:referred\s+to|called|known)\s+as\s+(?:the\s+)?\**[\"“]([^\"”]{2,40})[\"”]"
                    # '(hereinafter the "Majority Partner", which expression shall ... include its successors)'
                    r"|\(\s*(?:hereinafter|hereafter)\s+(?:the\s+)?[\"“]([^\"”]{2,40})[\"”]\s*,"
                    # '("Brightwater", "we", "us" or "our")': the first name of a group
                    r"|\([\"“]([^\"”]{2,40})[\"”]\s*,\s*[\"“]"
                    # '（統一編號：…，下稱「晨曦公司」）': the label late in a long parenthesis
                    r"|(?:以下|下)(?:简称|称)[:：]?\s*[\"“「]([^\"”」]{1,20})[\"”」]"
                    # '（「**客户**」）': Hong Kong's label, the name alone in corner brackets; '（“投资方”）' in quotes
                    r"|[（(]\s*「([^」\n]{1,24})」\s*[）)]|（\s*“([^”\n]{1,20})”\s*）"
                    # '（创始股东一与创始股东二合称“创始股东”）': several parties named as one
                    r"|(?:合称|统称)(?:为)?[:：]?\s*[\"“「]([^\"”」\n]{1,20})[\"”」]"
                    r"|(?m:^)" + _ROLE_LINE
                    # '丙方：王某': a party of a Chinese block known only by its place in the order
                    + r"|(?m:^)\s*\**([甲乙丙丁戊己]方)(?:\**\s*[:：]|\s*[:：]\s*\**)"  # '**甲方**：' or '**甲方：**'
                    # '**委托方**：深圳市澜途户外用品有限公司': a role word opening a line that names a company
                    # ... or '公司：杭州数衡科技有限公司', '目标公司：...' (the company a convertible loan or an investment is made in)
                    # ... '**普通合伙人／执行事务合伙人**：...', or '**有限合伙人**：本协议附件一所列之各有限合伙人' (parties listed in an annex)
                    + r"|(?m:^)\s*\**([\u4e00-\u9fff]{1,5}[方人商户]|[\u4e00-\u9fff]{0,4}公司)(?:[／/][\u4e00-\u9fff]{1,8})?\**\s*[:：]\s*\**(?:[^\n：:]{2,40}?(?:有限公司|有限责任公司|股份公司|合伙企业|研究院|大学)|(?:本协议)?附(?:件|表)[一二三四五六七八九十\d]+所列)"
                    # '(**Pellham**)': a bold short name in brackets, without quotes
                    r"|\((?:the\s+)?\*\*([^*\n()\"“”]{2,40})\*\*\)"  # or '(the **Executive**)'
                    # '(each, a "Seller" and together, the "Sellers")', '(together "the Founders" and each "a Founder")'
                    r"|\b(?:each|together|collectively|jointly),?\s+(?:(?:a|an|the)\s+)?[\"“]\**(?:(?:a|an|the)\s+)?([^\"”*\n]{2,40}?)\**[\"”]")
# labels a parties block defines that name no party: '(the "Effective Date")', '(this "Agreement")'
_NOT_A_PARTY = re.compile(r"^(agreement|contract|party|parties)$|\b(agreement|contract|date|term|territory|products?|services|premises|property|shares|business|software|deliverables?)$|^\*+$|^(we|us|our|you|your)$|本(协议|合同)|协议|合同$"
                         r"|^本(?!公司)|^《|(?:物业|房屋|项目|工程|产品|设备|货物|标的)$"  # '（以下简称“本物业”）' names the property
                         # '依勞動基準法（以下簡稱「勞基法」）', '(the "Act")': a statute the opening names
                         r"|(?:法|条例|规定|办法|细则|法规)$|^(?:the\s+)?(?:act|regulations|code|rules)$|\b(?:act|regulations)\s+\d{4}$", re.I)
# the recitals after the parties block name others ('(C) ... is carried out by Hollins Distribution Limited (the
# "Outgoing Provider")'): once two parties are named, a recitals heading ends the block
_RECITALS = re.compile(r"^\s*(?:#+\s*)?\**\s*(?:background|recitals?|whereas|preamble|introduction)\b|^\s*(?:#+\s*)?\**\s*(?:鉴于|缘)", re.I)  # '緣甲方承攬...（以下簡稱「業主」）': Taiwan's whereas
_PARTY_PARAGRAPH = re.compile(r"^\s*\(?\d{1,2}[.)]|\b(?:Ltd|Limited|Inc|LLC|LLP|LP|plc|GmbH|AG|corporation|company|registered|incorporated|whose)\b"
                              r"|有限公司|有限合伙|股份公司|简称|^\s*\**[\u4e00-\u9fff（）()]{2,12}\**[:：]"
                              r"|\b(?:together|collectively),?\s+(?:the\s+)?[\"“]"
                              r"|^\((?:the\s+)?\*\*[^*\n()]{2,40}\*\*\)\s*$", re.I | re.M)  # a person's block: name, address, '(the **Executive**)'


def label_ok(label: str) -> bool:
    """Whether a defined label names a party (not '(the "Effective Date")', not emphasis left over)."""
    return bool(label) and not _NOT_A_PARTY.search(label)


def contract_parties(structure) -> list[str]:
    """The names a contract gives its parties, in order: the labels of its parties block ('... (the
    "Supplier")'), else the two known roles it names most. A baseline's parties are read the same way. A parties
    block numbered '1.' and '2.' may have been read as clauses, so the opening is read up to 3,000 characters in
    any case."""
    from ..documents.traditional import to_simplified

    first = min((c.start for c in structure.iter_clauses()), default=len(structure.text))
    head = to_simplified(structure.text[:min(max(first, 3000), 6000)])
    labels, addressed, speaking, before_clauses, at = [], False, False, 0, 0
    for paragraph in re.split(r"(\n\s*\n)", head):
        if len(labels) >= 2 and _RECITALS.search(paragraph):
            break
        if _PARTY_PARAGRAPH.search(paragraph):
            for m in _LABEL.finditer(paragraph):
                label = next(g for g in m.groups() if g).strip().strip("*_").strip()
                if label_ok(label):
                    labels.append(label)
                    before_clauses += at + m.start() < first
            # '(2) HALBERD LOGISTICS PLC ("you" and "your")': a party addressed, not named; '("we", "us" and "our")' the
            # party speaking
            addressed |= bool(re.search(r"\([\"“]\**you\**[\"”]", paragraph, re.I))
            speaking |= bool(re.search(r"\([\"“]\**we\**[\"”]", paragraph, re.I))
        at += len(paragraph)
    if before_clauses >= 2:  # a parties block before the clauses: labels in the clauses name things ('以下简称"产品"')
        labels = labels[:before_clauses]
    if len(labels) == 1 and addressed:
        labels.append("you")  # plain English: one party named, the other addressed
    if not labels and addressed and speaking:
        labels = ["we", "you"]  # plain English with no names at all: the party speaking and the party addressed
    if len(labels) >= 2:
        return list(dict.fromkeys(labels))
    text = structure.text[:20000]
    counts = Counter({role: len(_role_re(role).findall(text)) for role in KNOWN_ROLES})
    return [role for role, count in counts.most_common(2) if count]


def baseline_aliases(baseline, our_party: str, counterparty: str) -> dict[str, str]:
    """The baseline's party names read as the review's parties: {'Client': 'Customer', 'Provider': 'Supplier'}.
    A name on the same side of a known pairing maps directly; of two parties, the one left over maps to the
    review party left over, so a baseline between a 'Company' and a 'Consultant' still lines up."""
    ours = [p for p in (our_party, counterparty) if p]
    theirs = [p for p in contract_parties(baseline) if p not in ours]
    mapping: dict[str, str] = {}
    for name in theirs:
        match = next((p for p in ours if name in same_side(p) or p in same_side(name)), "")
        if match and match not in mapping.values():
            mapping[name] = match
    left_names = [n for n in theirs if n not in mapping]
    left_parties = [p for p in ours if p not in mapping.values()]
    if len(left_names) == 1 and len(left_parties) == 1 and len(theirs) == 2:
        mapping[left_names[0]] = left_parties[0]
    return mapping


_GROUP = re.compile(r"\(([^()\n]{0,200})\)")
_ROLE_WITH_OTHER_NAME = re.compile("^" + _ROLE_LINE, re.M)
_QUOTED = re.compile(r"[\"“]\**([^\"”*\n]{1,40}?)\**[\"”]")
# '甲方以下称"投资方"，乙方以下简称"公司"': a party's other name given after the parties block
_ZH_CALLED = re.compile(r"([甲乙丙丁戊己]方)\s*(?:以下|下文)(?:简)?称(?:为)?[\"“「]([^\"”」，。；]{1,10})[\"”」]")
# '转让方：宁川控股有限公司（以下简称"甲方"）', '委託人：信達物流股份有限公司（以下簡稱甲方）': the role word that opens
# the line is the labelled party's other name
_ROLE_THEN_LABEL = re.compile(r"^\s*\**([\u4e00-\u9fff]{2,6}?)\**\s*[:：]\s*\**[^\n（(]{2,60}[（(](?:以下)?(?:简称|称)(?:为)?[:：]?\s*[\"“「]?([甲乙丙丁戊己]方)[\"”」]?[）)]", re.M)


def alias_groups(structure) -> list[list[str]]:
    """The parentheses of the parties block that give one party several names ('("Lumen", "we", "us" or
    "our")'), read before the first numbered clause (an order form's "Part A" heading may come before the parties)."""
    clauses = list(structure.iter_clauses())
    numbered = [c.start for c in clauses if c.clause_id[:1].isdigit() or c.clause_id[:1] in "第一二三四五六七八九十"]
    first = min(numbered or [c.start for c in clauses], default=len(structure.text))
    head = structure.text[:min(first, 6000)]
    from ..documents.traditional import to_simplified

    groups = [[m.group(1), m.group(2)] for m in _ROLE_WITH_OTHER_NAME.finditer(to_simplified(head))]
    groups += [[m.group(1), m.group(2)] for m in _ZH_CALLED.finditer(to_simplified(head))]
    groups += [[m.group(2), m.group(1)] for m in _ROLE_THEN_LABEL.finditer(to_simplified(head))]
    for match in _GROUP.finditer(head):
        names = [n.strip() for n in _QUOTED.findall(match.group(1))]
        if len(names) >= 2:
            groups.append(names)
    return groups
