"""A whole contract read once: its parties, and every sentence's provisions, kept for the review.

Reading is the costly step of a review (every sentence against the whole lexicon), so it is done once per
document text and kept in a small cache keyed by that text: every later call of the review - another position,
another clause, the matrix's flags - reuses it.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from threading import Lock

from ..documents.model import DocumentStructure
from ..documents.traditional import to_simplified
from ..text.masking import masked
from ..generic.parties import alias_groups, contract_parties
from .amended import apply_particular_conditions
from .lexicon import lexicon
from .model import Provision
from .reader import Party, SentenceReader, deeming_limb, states_period
from .sentences import Sentence, sentences_of

_PRONOUNS_WE = {"we", "us", "our", "ours"}
_PRONOUNS_YOU = {"you", "your", "yours"}
_CACHE: OrderedDict[str, Reading] = OrderedDict()
_CACHE_SIZE = 32
_LOCK = Lock()


_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass
class Reading:
    """What one contract says, as provisions, with the sentences they were read from."""

    parties: tuple[Party, ...]
    pronouns: dict[str, str]
    sentences: list[Sentence]
    provisions: list[Provision] = field(default_factory=list)
    role_terms: dict[str, str] = field(default_factory=dict)  # party -> the role word a definition gives it
    value: tuple[float, str] | None = None  # the price or contract sum the contract states, with its currency
    chinese: bool = False  # most of its sentences are Chinese: its redline is written in Chinese
    opening: str = ""  # the first lines, where the title says what kind of contract this is
    cited: dict[str, frozenset[str]] = field(default_factory=dict)  # clause -> the clauses and schedules it cites
    # clause -> its sentences that name no action; what clause-level conditions they state (lexicon clause_level) is
    # read when a position first asks (clause_level_of)
    unread: dict[str, list[str]] = field(default_factory=dict)
    _stated: dict[str, frozenset[str]] = field(default_factory=dict)
    # (clause, the clauses it cites) -> the conditions stated around a provision there, as positions ask for them
    around: dict[tuple[str, frozenset[str]], frozenset[str]] = field(default_factory=dict)
    # clause of sentences without an action -> the clauses whose provisions define a term those sentences use: 'A
    # Break Notice shall be of no effect if ...' conditions the break right that named the Break Notice
    governs: dict[str, frozenset[str]] = field(default_factory=dict)
    _anywhere: frozenset[str] | None = None

    def anywhere(self) -> frozenset[str]:
        """The contract-level conditions (lexicon `contract_level`) stated anywhere in the contract, a definition or a
        recital included ('the buyer-side warranty and indemnity insurance policy bound by the Buyer'): read once."""
        if self._anywhere is None:
            from .lexicon import lexicon

            lex = lexicon()
            text = "\n".join(s.text for s in self.sentences)
            self._anywhere = frozenset(name for name in lex.contract_level if lex.conditions[name].search(text))
        return self._anywhere

    def clause_level_of(self, clause_id: str) -> frozenset[str]:
        """The clause-level conditions the clause's sentences without an action state ('协商不成的' after the missed
        target it refers to)."""
        if clause_id not in self._stated:
            self._stated[clause_id] = frozenset().union(*(_clause_level(text) for text in self.unread.get(clause_id, ())))
        return self._stated[clause_id]


def contract_parties_of(structure: DocumentStructure) -> tuple[tuple[Party, ...], dict[str, str]]:
    """The parties as the parties block names them, each with its other names, and who 'we' and 'you' are."""
    labels = [re.sub(r"^(?:the|a|an)\s+", "", n.strip().strip("*_").strip(), flags=re.I) for n in contract_parties(structure)]
    names = _fold_short_names(labels)
    short = {n: [m for m in labels if m not in names and n.lower().endswith(" " + m.lower())] for n in names}
    if len(names) < 2:  # no parties block to read: the role words the contract uses most
        taken = {n.lower() for n in labels}
        names += [w for w in role_words_used(structure.text)
                  if w.lower() not in taken and not any(n.lower().endswith(" " + w.lower()) for n in names)][:2 - len(names)]
    names, collective = _collectives(structure, names)
    groups = alias_groups(structure)
    for group in groups:  # plain English: ("Brightwater", "we", "us" or "our") and ("you" or "your")
        lowered = {g.lower() for g in group}
        named = [g for g in group if g.lower() not in _PRONOUNS_WE | _PRONOUNS_YOU]
        if named and not lowered & {n.lower() for n in names} and lowered & (_PRONOUNS_WE | _PRONOUNS_YOU):
            names.append(named[0])
        elif not named and lowered & _PRONOUNS_YOU and "you" not in names:
            names.append("you")
    parties, pronouns = [], {}
    for name in dict.fromkeys(n for n in names if n):
        if any(name in g and p.name in g for g in groups for p in parties):
            continue  # '转让方：…（以下简称"甲方"）': one party under two names, already taken under the first
        aliases = [a for g in groups if name in g or name.lower() in {x.lower() for x in g} for a in g]
        others = tuple(dict.fromkeys([a for a in aliases if a != name] + short.get(name, []) + collective.get(name, [])))
        lowered = {a.lower() for a in others}
        if lowered & _PRONOUNS_WE:
            pronouns["we"] = name
        if lowered & _PRONOUNS_YOU:
            pronouns["you"] = name
        if name in ("you", "we"):
            pronouns[name] = name
        parties.append(Party(name=name, aliases=others))
    persons = [p.name for p in parties if any(lexicon().person_role.match(n) for n in (p.name, *p.aliases))]
    if len(persons) == 1:  # 'he shall not': the Employee, where only one party is a person
        pronouns["person"] = persons[0]
    bare_we = any(g and {x.lower() for x in g} <= _PRONOUNS_WE for g in groups)
    if bare_we and "we" not in pronouns and "you" in pronouns and len(parties) == 2:
        # '("we", "us", "our")' with no name in it: of two parties, the one that is not "you"
        pronouns["we"] = next(p.name for p in parties if p.name != pronouns["you"])
    return tuple(parties), pronouns


def _collectives(structure: DocumentStructure, names: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """Several parties named as one ('the First Seller, the Second Seller and the Third Seller are collectively
    referred to as the "Sellers" and individually as a "Seller"'): one party, the collective name, whose other
    names are its members and the singular. The parties as a whole ('the "Parties"', 双方) are no such party."""
    lex = lexicon()
    head = to_simplified(structure.text[:8000])
    merged: dict[str, list[str]] = {}
    for match in lex.collective.finditer(head):
        group = next(g for g in match.groups() if g).strip().strip("*_.,;:").strip()
        if not group or lex.both.fullmatch(group) or group.lower() in ("parties", "party"):
            continue
        # the members are named in the same parenthesis or sentence, just before
        start = max(head.rfind(mark, 0, match.start()) for mark in ("(", "（", "\n", ". ", ";", "；", "。", "，"))
        before = head[max(0, start, match.start() - 400):match.start()]
        single = (lex.collective_single.search(head[match.end():match.end() + 80])
                  or lex.collective_single.search(head[max(0, match.start() - 80):match.start()]))
        members = [n for n in names if n != group and re.search(rf"\b{re.escape(n)}\b" if n.isascii() else re.escape(n), before)]
        if single and single.group(1).strip() in names and single.group(1).strip() not in members:
            members.append(single.group(1).strip())
        singular = single.group(1).strip() if single else None
        named = [m for m in members if m != singular]  # the parties named one by one, not the group's singular
        if not members:
            continue
        if len(named) >= 2 and all(_acts_alone(structure.text, m) >= _OWN_PARTY for m in named):
            # members that each have rights and duties of their own (a majority and a minority shareholder) stay
            # parties; the group's name is all of them, as 'the Parties' is, not a party besides them
            names = [n for n in names if n != group]
            continue
        names = [group if n == members[0] else n for n in names if n not in members[1:]]
        merged[group] = members + ([single.group(1).strip()] if single else [])
    return names, merged


_OWN_PARTY = 2  # a member that this often shall or may do something itself is a party of its own, not one of a group
_ACTS = r"(?:\s+(?:shall|may|will|must|agrees?|undertakes?|is\s+entitled)\b|(?:应|应当|有权|可以|须|不得))"


def _acts_alone(text: str, name: str) -> int:
    """How often the contract makes `name` itself the subject of a duty or a right ('the Technology Partner shall')."""
    return len(re.findall((rf"\b{re.escape(name)}\**[\"”]?" if name.isascii() else re.escape(name)) + _ACTS, text))


def _fold_short_names(names: list[str]) -> list[str]:
    """A label that is the tail of another ('Provider' of 'Service Provider') is the same party's short name."""
    kept = []
    for name in dict.fromkeys(names):
        if any(other != name and other.lower().endswith(" " + name.lower()) for other in names):
            continue
        kept.append(name)
    return kept


def role_words_used(text: str) -> list[str]:
    """Role words (roles.yaml) the text uses as names - capitalised in English - most used first."""
    from .roles import all_role_words
    head = to_simplified(text[:60000])
    counts = {}
    for word in all_role_words():
        if re.search(r"[\u4e00-\u9fff]", word):
            n = head.count(word)
        else:
            n = len(re.findall(rf"\b{re.escape(word.title())}\b", head))
        if n >= 3:
            counts[word.title() if word.isascii() else word] = n
    return sorted(counts, key=counts.get, reverse=True)


def _key(structure: DocumentStructure) -> str:
    return hashlib.blake2b(structure.text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest() + structure.filename


def read_document(structure: DocumentStructure) -> Reading:
    """The document's reading, computed on the first call and reused after."""
    key = _key(structure)
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    reading = _read(structure)
    with _LOCK:
        _CACHE[key] = reading
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return reading


def _read(structure: DocumentStructure) -> Reading:
    parties, pronouns = contract_parties_of(structure)
    sentences = sentences_of(structure)
    role_terms = _role_terms(sentences, parties)
    # a role a definition gives a party names it too: '接收方：指遠峰公司', then '接收方應給付...'
    parties = tuple(Party(p.name, p.aliases + ((role_terms[p.name],) if p.name in role_terms else ())) for p in parties)
    reader = SentenceReader(parties, pronouns)
    cited: dict[str, set[str]] = {}
    for reference in structure.cross_references or []:
        if reference.source_clause_id and reference.kind in ("clause", "schedule"):
            cited.setdefault(reference.source_clause_id, set()).add(reference.target_id)
    reading = Reading(parties=parties, pronouns=pronouns, sentences=sentences, role_terms=role_terms,
                      opening=to_simplified(structure.text[:600]), cited={k: frozenset(v) for k, v in cited.items()})
    previous = accepting = None
    earlier: list[tuple[Sentence, bool | None]] = []  # the clause's sentences so far, each with whether it states a period
    for sentence in reading.sentences:
        if lexicon().defines_acceptance.search(sentence.text):
            accepting = sentence.clause
        elif accepting is not None and sentence.clause is not accepting:
            accepting = None
        if accepting is not None:
            limb = deeming_limb(sentence.text, clause_id=sentence.clause.clause_id,
                                start=max(sentence.clause.text.find(sentence.text), 0))
            if limb is not None:
                reading.provisions.append(limb)
        if sentence.is_definition:
            # '"Renewal Term" has the meaning given in clause 2.2' says what a word means, not who does what; a
            # definition that goes on to state a term ('..., which shall remain fixed for every Renewal Term') is read
            # from there on
            tail = lexicon().definition_operative.search(sentence.text)
            if tail:
                text = sentence.text[tail.start():].lstrip(",;，； ")
                at = sentence.clause.text.find(text)
                # what the term means is carried into what it states ('“工艺改进成果”指...改进，其全部知识产权归受托方所有')
                reading.provisions += reader.read(text, clause_id=sentence.clause.clause_id, start=max(at, 0),
                                                  defined=sentence.text[:tail.start()])
            continue
        extra = sentence.referred or sentence.expanded  # the clause a figure is cited from, before a definition
        same_clause = previous is not None and previous.clause is sentence.clause
        if same_clause and (lexicon().refers_back.match(sentence.text.lstrip())
                            or not extra and lexicon().refers_back.search(sentence.text)):
            # '逾期未完成验收的，视为验收合格': the period is the previous sentence's, even where a defined term of this
            # one holds a figure of its own ('逾期未提出的，视为该发布周期的广告已...验收合格': not the 发布周期's);
            # 'within the period stated above' two sentences on: the nearest one of the clause that states a period
            timed = next((s for s, read_period in reversed(earlier)
                          if read_period or (read_period is None and states_period(s.text))), None)
            extra = timed.text if timed is not None else previous.text
        if not same_clause:
            earlier = []
        previous = sentence
        at = sentence.clause.text.find(sentence.text)
        read = reader.read(sentence.text, clause_id=sentence.clause.clause_id, start=max(at, 0),
                           lead_in=sentence.lead_in, extra=extra,
                           titled=sentence.lead_is_title, defined=sentence.expanded,
                           definitions=sentence.definitions, titles=sentence.titles)
        reading.provisions += read
        if not read:
            reading.unread.setdefault(sentence.clause.clause_id, []).append(sentence.matchable)
        # whether it states a period: known from what was read, or left to be seen if a later sentence refers back
        earlier.append((sentence, any(q.kind == "period" for p in read for q in p.quantities) or (None if not read else False)))
    _terms_governed(reading)
    _limits_disapplied(reading, structure)
    _lead_ins_read_in_items(reading)
    _rights_disapplied(reading, structure)
    apply_particular_conditions(reading, structure, reader)
    reading.value = _contract_value(sentences)
    reading.chinese = sum(1 for s in sentences if _CJK.search(s.text)) * 2 > len(sentences)
    return reading


# a term a sentence defines as it goes: '(a "Break Notice")', '(the "Option")', '（以下简称“解约通知”）'
_INLINE_TERM = re.compile(r"[(（]\s*(?:(?:a|an|the|each|such)\s+|以下简称|以下称|下称|简称)?[\"“「]\**([^\"”」\n*]{2,40}?)\**[\"”」]\s*[)）]")


def _terms_governed(reading: Reading) -> None:
    """Which provisions a sentence without an action speaks of through a term they define: 'The Tenant may
    terminate this lease by serving notice (a "Break Notice")' and, two sub-clauses on, 'A Break Notice shall be of
    no effect if there is any subsisting breach of the Tenant's covenants'."""
    defined: dict[str, set[str]] = {}
    for provision in reading.provisions:
        for match in _INLINE_TERM.finditer(provision.sentence):
            defined.setdefault(match.group(1).strip(), set()).add(provision.clause_id)
    if not defined:
        return
    for clause_id, texts in reading.unread.items():
        words = " ".join(texts)
        clauses = {c for term, where in defined.items() if term in words for c in where if c != clause_id}
        if clauses:
            reading.governs[clause_id] = frozenset(clauses)


def _clause_level(text: str) -> frozenset[str]:
    """The clause-level conditions (lexicon clause_level) a sentence that names no action states."""
    lex = lexicon()
    return frozenset(name for name in lex.clause_level if lex.conditions[name].search(text))


def _lead_ins_read_in_items(reading: Reading) -> None:
    """'The Provider may suspend access to the Service only: (a) if ... after written notice; or (b) ...': the lead-in
    states the right, its items the conditions. Where an item is read with the same right, the lead-in on its own (a
    right with no conditions at all) is not a provision of its own."""
    def item_of(item: Provision, lead: Provision) -> bool:
        return (item.action == lead.action and item.sentence != lead.sentence
                and (item.clause_id == lead.clause_id or item.clause_id.startswith(lead.clause_id + "(")))

    leads = [p for p in reading.provisions if p.sentence.rstrip(" *_").endswith((":", "："))]
    if not leads:
        return
    carried = set(lexicon().carried)
    dropped = {id(lead) for lead in leads if any(item_of(p, lead) for p in reading.provisions)}
    kept = []
    for provision in reading.provisions:
        if id(provision) in dropped:
            continue
        # what a defined term in the lead-in carries governs each item ('除披露函所披露的事项外，转让方保证如下：',
        # where the 披露函 counts all the buyer knew as disclosed)
        lead = next((lead for lead in leads if id(lead) in dropped and item_of(provision, lead)
                     and lead.conditions & carried - provision.conditions), None)
        if lead is not None:
            provision = provision.model_copy(update={"conditions": provision.conditions | (lead.conditions & carried),
                                                     "defined_in": provision.defined_in or lead.defined_in})
        kept.append(provision)
    reading.provisions = kept


_RANGE = re.compile(r"[\d)]\s*(?:to|through|-|–)\s*\d")  # 'clauses 7.1 to 7.3', '7.1-7.3'; not 'Sub-Clauses 8.1 and 8.3'


def _cited_clauses(structure: DocumentStructure, sources: tuple[str | None, ...], words: str) -> set[str]:
    """The clauses that `words` (a sentence of one of the `sources` clauses) cite, a range with every clause inside it
    ('clauses 7.1 to 7.3' is 7.1, 7.2 and 7.3)."""
    cited = [r for r in structure.cross_references or []
             if r.kind == "clause" and r.source_clause_id and r.source_clause_id in sources and r.text in words]
    targets: set[str] = set()
    for text in dict.fromkeys(r.text for r in cited):
        ids = [r.target_id for r in cited if r.text == text]
        targets |= set(ids)
        if len(ids) == 2 and _RANGE.search(text):
            order = [c.clause_id for c in structure.iter_clauses()]
            if all(i in order for i in ids):
                first, last = sorted(order.index(i) for i in ids)
                targets |= set(order[first:last + 1])
    return targets


def _rights_disapplied(reading: Reading, structure: DocumentStructure) -> None:
    """'The provisions of clauses 7.1 to 7.3 shall not apply to any allotment of Shares to the Founder', '下列情形不适用
    第8.1条规定的优先认购权：...（四）公司董事会批准引入的任何战略投资者认购的新增注册资本': the rights the cited clauses
    grant (of the kinds the lexicon lists) are read as denied at this sentence, with its own conditions, since its
    words say in which cases and are the words to change. Each such provision carries 'excepted': the right stands
    elsewhere and fails only in the cases listed."""
    lex = lexicon()
    wanted = [p for p in reading.provisions if p.action in lex.disapplicable and p.modality != "shall_not"]
    if not wanted:
        return
    seen = {(p.clause_id, p.sentence, p.actor, p.action, p.modality) for p in reading.provisions}
    for sentence in reading.sentences:
        words = f"{sentence.lead_in} {sentence.text}" if sentence.lead_in else sentence.text
        if sentence.is_definition or not lex.disapplies.search(to_simplified(words)):
            continue
        clause = sentence.clause
        targets = _cited_clauses(structure, (clause.clause_id, clause.parent_id), words)
        rights = [p for p in wanted if p.clause_id != clause.clause_id
                  and any(p.clause_id == t or p.clause_id.startswith((t + "(", t + ".")) for t in targets)]
        if not rights:
            continue
        plain = masked(to_simplified(words))
        conditions = frozenset(name for name, regex in lex.conditions.items() if regex.search(plain)) | {"excepted"}
        at = clause.text.find(sentence.text)
        for right in rights:
            key = (clause.clause_id, sentence.text, right.actor, right.action, "shall_not")
            if key in seen:
                continue
            seen.add(key)
            reading.provisions.append(Provision(clause_id=clause.clause_id, sentence=sentence.text, start=max(at, 0),
                                                actor=right.actor, modality="shall_not", action=right.action,
                                                conditions=conditions, trigger=(0, 0)))


def _limits_disapplied(reading: Reading, structure: DocumentStructure) -> None:
    """'The limitations in Clauses 12.1 to 12.3 shall not apply to ...' leaves unlimited the liability those clauses
    limit: the sentence names no party, so its actor is the one party whose liability the cited clauses cap."""
    for i, provision in enumerate(reading.provisions):
        if provision.action != "unlimited_liability" or provision.actor is not None:
            continue
        cited = _cited_clauses(structure, (provision.clause_id,), provision.sentence)
        holders = {p.actor for p in reading.provisions if p.clause_id in cited and p.actor not in (None, "third")
                   and p.action in ("limit_liability", "exclude_liability")}
        if len(holders) == 1:
            reading.provisions[i] = provision.model_copy(update={"actor": holders.pop()})


def _contract_value(sentences: list[Sentence]) -> tuple[float, str] | None:
    """What the whole contract is worth, where it says ('the Purchase Price is £18,000,000', '合同总价为人民币
    500万元'): the largest sum stated next to the words for a price, so a cap of '£900,000' can be read as 5% of it."""
    from ..text.amounts import find_money
    from .lexicon import lexicon

    best: tuple[float, str] | None = None
    for sentence in sentences:
        text = to_simplified(sentence.text)
        for match in lexicon().contract_value.finditer(text):
            for money in find_money(text[match.end():match.end() + 120]):
                if best is None or money.value > best[0]:
                    best = (money.value, money.currency or "")
    return best


def _role_terms(sentences: list[Sentence], parties: tuple[Party, ...]) -> dict[str, str]:
    """Definitions that give a party a role ('"Receiving Party" means Acme', '接收方：指远峰公司'): party -> role word."""
    from .lexicon import lexicon

    out: dict[str, str] = {}
    for sentence in sentences:
        plain = to_simplified(sentence.text)
        match = lexicon().role_definition.search(plain)
        if not match:
            continue
        # the party is what the term means ('means Acme', '指远峰公司'), not a party the definition speaks of
        # ('"Delay Damages" means the damages payable by the Contractor')
        body = re.sub(r"^[\s\"“”:：]*(?:the\s+|a\s+|an\s+)?", "", plain[match.end():match.end() + 80], flags=re.I)
        # ... and the party's name ends the phrase: '"工作成果"：指乙方为履行本合同...' is the party's work, not the party
        named = [p.name for p in parties if body.startswith(to_simplified(p.name)) and p.name != match.group(1)
                 and re.match(r"\s*(?:[,.;:，。；：、（(]|$)", body[len(to_simplified(p.name)):])]
        if len(named) == 1:
            out.setdefault(named[0], match.group(1).strip())
    return out
