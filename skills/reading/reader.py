"""Read sentences into provisions: who may (or shall, or shall not) do what, on which conditions, with which
figures.

The reading is grammar-light and deliberate about it. In a contract sentence the right or duty sits on a modal
("may", "shall not", "有权", "不得"); the action is the verb it governs ("terminate", "解除"); the actor is the
party named before the modal ("the Supplier may"), or after "by" in a passive ("may be terminated by the
Customer"), or the possessive of a liability ("the Supplier's aggregate liability shall not exceed"). A list item
is read after its lead-in ("The Supplier may terminate if: (a) the Customer fails to pay"), so the item's ground
joins the lead-in's right. Every pattern comes from data/lexicon.yaml; this module only places them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..documents.traditional import to_simplified
from ..text.amounts import find_money, find_percentages, find_periods
from ..text.masking import masked
from .lexicon import MODALITY_ORDER, cases_carrying, lexicon
from .lexicon import CJK_CHAR as _CJK
from .model import Provision, Quantity

_LATIN_WORD = re.compile(r"[A-Za-z]{2}")
_GAP = 120  # characters a modal may stand before the verb it governs ("shall not, without consent, assign")
_GAP_COORDINATED = 320  # ... when the verb is one of a run of infinitives ("may appoint ..., and to sell ...")
_COORDINATED = re.compile(r"\b(?:and|or)\s+to\s+(?:[a-z-]+,?\s+){0,4}(?:and\s+|or\s+)?$")
# 'shall not, for a period of 36 months after ..., anywhere in the world, whether ... on behalf of any other person,
# sell': everything between the modal and the verb is set off by commas, however long
# what commas set off between a modal and its verb ('will not, anywhere in Canada, directly or indirectly, be engaged in')
_PARENTHETICAL = re.compile(r"\s*,[^.;:]*,\s*(?:be\s+|become\s+)?")
_ACTOR_REACH = 160  # characters an actor may stand before its modal
_OTHER_MEASURES = ("after_end", "threshold")  # periods that measure no term, deadline or notice of the provision itself
_NOMINAL_REACH = 60  # characters between a nominal action and its modal ('Payment of each invoice by the Customer is')


@dataclass(frozen=True)
class Party:
    """A party as the contract names it: its label and every other name it goes by."""

    name: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    value: str


def _party_pattern(parties: tuple[Party, ...]) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    owner: dict[str, str] = {}
    for party in parties:
        for name in (party.name, *party.aliases):
            if name and name.lower() not in ("we", "us", "our", "ours", "you", "your", "yours"):
                owner.setdefault(to_simplified(name).lower(), party.name)
    if not owner:
        return None, owner
    alternatives = []
    for name in sorted(owner, key=len, reverse=True):
        if re.search(r"[\u4e00-\u9fff]", name):
            alternatives.append(re.escape(name))
        else:
            alternatives.append(rf"\b{re.escape(name)}(?:'s|s'|’s)?\b")
    return re.compile("|".join(alternatives), re.I), owner


class SentenceReader:
    """Reads sentences of one contract, whose parties are known."""

    def __init__(self, parties: tuple[Party, ...] = (), pronouns: dict[str, str] | None = None) -> None:
        self.parties = parties
        self._names, self._owner = _party_pattern(parties)
        # names the contract itself writes in lower case ('you', 'the company' in a plain-English contract)
        self._lower_names = {n for p in parties for n in (p.name, *p.aliases) if n and n[0].islower()}
        self._pronouns = pronouns or {}
        self._lex = lexicon()

    # ------------------------------------------------------------------ places
    def _mentions(self, text: str) -> list[_Span]:
        lex, found = self._lex, []
        if self._names is not None:
            for m in self._names.finditer(text):
                if m.group()[0].islower() and m.group()[0].isascii() and m.group().lower() not in self._lower_names:
                    continue  # 'any other agent' is no party; 'the Agent' and 'THE AGENT' are
                if lex.attributive.match(text, m.end()):
                    continue  # 'the Customer Data', 'Supplier Materials': a party's name as part of a defined term
                key = re.sub(r"(?:'s|s'|’s)$", "", m.group().lower())
                found.append(_Span(m.start(), m.end(), self._owner.get(key) or self._owner.get(m.group().lower(), "")))
        for regex, value in ((lex.both, "both"), (lex.third, "third")):
            found += [_Span(m.start(), m.end(), value) for m in regex.finditer(text)]
        for regex, key in ((lex.pronoun_we, "we"), (lex.pronoun_you, "you"), (lex.pronoun_person, "person")):
            if self._pronouns.get(key):
                found += [_Span(m.start(), m.end(), self._pronouns[key]) for m in regex.finditer(text)]
        found = [s for s in found if s.value]
        found.sort(key=lambda s: (s.start, -(s.end - s.start)))
        kept: list[_Span] = []
        for span in found:
            if not kept or span.start >= kept[-1].end:
                kept.append(span)
        return kept

    def _names_payer(self, words: str) -> bool:
        """Whether words about a payment name a party of this contract as the one that pays."""
        lex = self._lex
        return any(m.value not in ("both", "third") and (
            lex.payer_before.search(words, max(0, m.start - 10), m.start)  # 'payment from the Owner'
            or (lex.payer_after.match(words, m.end)  # '发包人在支付...后', but not '向卖方付款': the one paid
                and not lex.object_before.search(words, max(0, m.start - 10), m.start)))
                   for m in self._mentions(words))

    def _modals(self, text: str) -> list[_Span]:
        taken: list[_Span] = []
        for name in MODALITY_ORDER:
            for m in self._lex.modalities[name].finditer(text):
                if m.end() > m.start() and not any(m.start() < t.end and t.start < m.end() for t in taken):
                    taken.append(_Span(m.start(), m.end(), name))
        return sorted(taken, key=lambda s: s.start)

    def _triggers(self, text: str) -> list[_Span]:
        # a sentence in one script is tried against the alternatives written in it (the same matches, for less)
        chinese, latin = _CJK.search(text) is not None, _LATIN_WORD.search(text) is not None
        actions = (self._lex.actions if chinese and latin else self._lex.actions_cjk if chinese else self._lex.actions_latin)
        out = []
        for action, regex in actions.items():
            out += [_Span(m.start(), m.end(), action) for m in regex.finditer(text) if m.end() > m.start()]
        return sorted(out, key=lambda s: s.start)

    # ------------------------------------------------------------------ reading
    def read(self, text: str, *, clause_id: str = "", start: int = 0, lead_in: str = "", extra: str = "",
             titled: bool = False, defined: str = "", definitions: tuple[tuple[str, str, str], ...] = (),
             titles: str = "") -> list[Provision]:
        """The provisions of one sentence. `lead_in` is the sentence that introduces the list the sentence is an
        item of; `extra` is the same sentence with its defined figures or cited clause written out, read for
        figures when the sentence itself states none. `definitions` are the clause, sentence and body of each
        definition `defined` wrote out: a provision whose figures or carried conditions come from one points there.
        `titles` are the headings above the sentence: one that says what its sentences state ('Events of Default')
        gives each sentence that action, at the sentence's start."""
        plain = masked(to_simplified(text))
        body = f"{masked(to_simplified(lead_in))} {plain}" if lead_in else plain
        offset = len(body) - len(plain)  # where the sentence itself starts in `body`
        triggers = self._triggers(body)
        titled_as = [_Span(offset, offset, name) for name, regex in self._lex.titled_action.items()
                     if titles and regex.search(titles) and not any(t.value == name for t in triggers)]
        if not triggers and not titled_as:  # most of the cost is the conditions and figures of a sentence that states no action
            return []
        mentions, modals = self._mentions(body), self._modals(body)
        # a modal inside a party's name is no modal: the 可 of 许可方
        modals = [m for m in modals if not any(x.start <= m.start and m.end <= x.end for x in mentions)]
        # a party's own name is no action: '许可方' licenses nothing, 'the Disclosing Party' discloses nothing by name
        triggers = [t for t in triggers if not any(m.start <= t.start and t.end <= m.end for m in mentions)] + titled_as
        if not triggers:
            return []
        # '... use information about its customers to compete with it': the later action is the purpose of the earlier
        triggers = [t for t in triggers if not (
            t.value in self._lex.purpose_of and self._lex.purpose_marker.search(body, max(0, t.start - 8), t.start)
            and any(o.value in self._lex.purpose_of[t.value] and o.end <= t.start for o in triggers))]
        # the lead-in is one limb with its item, however it is punctuated ('shall not, whether directly or indirectly,
        # and whether alone or jointly with any other person: (a) carry on any Restricted Business')
        limbs = [m.start() for m in self._lex.limb.finditer(body) if m.start() >= offset]
        # a data item's heading says what its figure is about ('Maximum Delay Damages'): its conditions count
        searched = body if titled else plain
        # a sentence in one script is tried against the alternatives written in it
        chinese, latin = _CJK.search(searched) is not None, _LATIN_WORD.search(searched) is not None
        conditions = frozenset(name for name, regex in self._lex.conditions.items()
                               if (regex.search(searched) if chinese and latin else
                                   (rx := (self._lex.conditions_cjk if chinese else self._lex.conditions_latin).get(name))
                                   is not None and rx.search(searched)))
        if "free" in conditions:
            conditions -= {"consent"}
        for name in self._lex.about_someone_else:
            if name in conditions and all(self._names_payer(m.group()) for m in self._lex.conditions[name].finditer(searched)):
                conditions -= {name}  # each time it is said, it names a party of this contract as the one paying
        denied = {name for name, regex in self._lex.denied.items() if regex.search(plain)}
        conditions -= denied
        carried = frozenset()
        if defined:  # 'pay ... by the Due Date' where the Due Date is five days after the payer is itself paid
            words = masked(to_simplified(defined))  # '"Deliverables" means ..., excluding the Supplier Tools' carries no tools
            # ... nor what the sentence itself leaves out ('assigns ... that Deliverable, excluding any Pre-Existing
            # Materials', where the Deliverable's definition names them)
            carried = frozenset(name for name in self._lex.carried if self._lex.conditions[name].search(words)
                                and not (name in self._lex.not_carried and (self._lex.not_carried[name].search(words)
                                                                           or self._lex.not_carried[name].search(plain))))
            carried -= conditions | denied
            if "background" in denied:  # '..., excluding any Pre-Existing Materials': and the improvements to them
                carried -= {"improvements"}
            if "commissioned" in carried:  # '"Supplier IP" means its pre-existing materials and everything it develops for
                carried -= {"background"}  # the Client': a term that sweeps in the deliverables is not background alone,
                conditions -= {"background"}  # whatever its name says ('Consultant Materials')
            conditions |= carried
        # '六個月' is read as 六个月 (the same offsets), and keeps the words as written
        own = tuple(q.model_copy(update={"text": text[q.start:q.end]}) for q in _quantities(to_simplified(text), self._lex))
        # figures that measure something else ('60 days after the expiry of the limitation period', 'a stoppage of more
        # than 72 hours') leave the definition's figure to decide ('survive until the General Survival Date; provided ...')
        telling = [q for q in own if q.of not in _OTHER_MEASURES]
        quantities = (own if telling else (own + tuple(_quantities(extra, self._lex)) if extra else own)
                      or (_quantities(lead_in, self._lex) if lead_in else ()))  # '... for six months after Completion: (a) compete
        from_definition = _deciding_definition(definitions, carried, bool(not telling and quantities and extra == defined), self._lex)
        seen: dict[tuple[str | None, str, str], Provision] = {}
        for trigger in triggers:
            modality = self._lex.fixed_modality.get(trigger.value)
            # '物业管理费标准由出租人根据运营成本每年核定一次': a term one side sets is a power it holds
            decided = trigger.value in self._lex.decided_by and bool(self._lex.decided_by[trigger.value].search(body))
            modality = "may" if decided else modality
            modal = self._modal_for(trigger, modals, limbs, body)
            if modal is None and trigger.start >= offset > 0:
                # an item of a list: the lead-in's last modal governs it, however long the lead-in ('shall not,
                # whether directly or indirectly, ...: (a) carry on any Restricted Business')
                modal = next((m for m in reversed(modals) if m.end <= offset), None)
            if modal is None and _CJK.match(body, trigger.start):
                # '乙方得为改善服务之目的，自行利用甲方资料': a Chinese limb that names no party and no modal of its own
                # goes on with the modal of the limb before it
                limb_start = max([limb for limb in limbs if limb < trigger.start], default=-1)
                before = max([limb for limb in limbs if limb < limb_start], default=-1)
                if limb_start >= 0 and not any(limb_start <= m.start < trigger.start for m in mentions):
                    modal = next((m for m in reversed(modals) if before < m.start and m.end <= limb_start), None)
            if modality is None and self._lex.waived_after.match(body, trigger.end):
                modality = "shall_not"  # "the pre-emption rights are disapplied", "the right of first refusal is waived"
            if (trigger.value in self._lex.waivable and self._lex.waived_before.search(body, max(0, trigger.start - 60), trigger.start)
                    and not self._lex.waiver_condition.match(body, trigger.end)):
                modality = "shall_not"  # '乙方放弃其享有的优先认缴权', 'the Investor waives its pre-emption rights'
            if modality is None:
                if modal is None:
                    modality = self._lex.default_modality.get(trigger.value)
                    if modality is None:
                        continue
                else:
                    modality = modal.value
                    if modality == "deemed" and self._lex.negated_deemed.search(body[max(0, modal.start - 40):modal.start]):
                        modality = "shall_not"  # 'no Milestone shall be deemed accepted', '不视为逾期付款'
            if modal is not None and modal.end <= trigger.start and self._lex.proposal.search(body, modal.end, trigger.start):
                continue  # 'may propose that this Agreement be terminated': no right to terminate
            held = self._holders(trigger, mentions, body)
            actor = held[0].value if held else self._actor_for(trigger, modal, mentions, body, limbs)
            required = self._required_of(trigger, modal, mentions, body) if modality == "may" and not decided else None
            action = trigger.value
            if required is not None and action in self._lex.required_becomes:
                # '甲方有权要求乙方...一并转让给该受让方': selling alongside, required of the other, is the requirer's drag
                action, required = self._lex.required_becomes[action], None
            if required is not None:  # 'may require the Supplier to re-perform': the Supplier's duty
                actor, modality = required, "shall"
            elif modality == "may" and modal is not None:
                granted = [m for m in mentions if modal.start <= m.start < modal.end and m.value not in ("both", "third")
                           and self._lex.granted_to.search(body, max(modal.start, m.start - 14), m.start)]
                actor = granted[0].value if granted else actor  # 'grants the Provider a right to': the Provider's
            own_conditions = conditions | (_lead_conditions(body[:offset], self._lex) if lead_in else frozenset())
            if modality == "shall_not" and "free" in own_conditions:  # "may not assign without consent"
                own_conditions = (own_conditions - {"free"}) | {"consent"}
            if (modality == "may" and action in self._lex.at_will_actions and own_conditions <= self._lex.at_will_only
                    and not self._lex.at_will_conditional.search(plain)
                    and not (lead_in and self._lex.at_will_conditional.search(to_simplified(lead_in)))):  # 'if: ... (c)'
                own_conditions |= {"convenience"}  # a right to end on notice that names no event: a right at will
            span = (max(0, trigger.start - offset), max(0, trigger.end - offset))
            figures = quantities
            if trigger.value in self._lex.own_figures and trigger.start >= offset and any(
                    t.value == trigger.value and (t.end <= trigger.start or t.start >= trigger.end)
                    for t in triggers):
                # two of one action in a sentence ('乙方...以合同价款为限，甲方...以合同价款的百分之二十为限'): each
                # has the figures its own words state, where they state any
                figures = _figures_within(text, span, self._lex) or quantities
            elif text.count("|") >= 4 and trigger.start >= offset:
                # a table read as one sentence: each row states its own figures, the ones after the words of the action
                # first ('| Inventory accuracy | 99.8% ..., with a shrinkage tolerance of 0.1% |' is no 99.8% tolerance)
                row = (text.rfind("\n", 0, span[0]) + 1, (text.find("\n", span[1]) + 1 or len(text) + 1) - 1)
                figures = (tuple(q for q in own if span[0] <= q.start < row[1])  # its own words first, then its row's
                           or tuple(q for q in own if row[0] <= q.start < row[1]) or quantities)
            # the actor, then each further holder named after the verb ('two designated by the Investor and two by
            # the Founders')
            others = sorted({m.value for m in held} - {actor})
            own_figures = {}
            if not held and modal is not None and self._lex.passive.search(body[modal.start:trigger.end + 60]):
                # 'may be terminated by the Company giving three months' notice, or by the Executive giving twelve
                # months' notice': each agent holds the right, on the figures of its own limb
                agents = [m for m in mentions if trigger.start <= m.start <= trigger.end + 240 and m.value not in ("both", "third")
                          and self._lex.by_agent.search(body[max(0, m.start - 12):m.start])]
                if len({m.value for m in agents}) > 1:
                    for agent in agents:
                        own_figures.setdefault(agent.value, _figures_within(text, (max(0, agent.start - offset),
                                                                                   max(0, agent.end - offset)), self._lex))
                    others = sorted(set(own_figures) - {actor})
            for holder in [actor, *others]:
                key = (holder, action, modality)
                if key not in seen:
                    seen[key] = Provision(clause_id=clause_id, sentence=text, start=start, actor=holder, modality=modality,
                                          action=action, conditions=own_conditions, quantities=own_figures.get(holder) or figures,
                                          trigger=span,
                                          place=_place(text, self._lex) if trigger.value in _PLACED else None,
                                          defined_in=from_definition)
        at_will = [p for p in seen.values() if p.action in self._lex.at_will_actions and "convenience" in p.conditions]
        if at_will:  # '... by giving six months' notice, and upon any such termination the Client shall pay ... a fee':
            # what the sentence has paid on that termination is paid on a termination at will
            for key, p in seen.items():
                if p.action == "pay" and "convenience" not in p.conditions:
                    seen[key] = p.model_copy(update={"conditions": p.conditions | {"convenience"}})
        return list(seen.values())

    def _modal_for(self, trigger: _Span, modals: list[_Span], limbs: list[int], body: str) -> _Span | None:
        """The modal that governs a verb: the last one that starts before it, close enough, in the same limb; else
        one that stands inside the words of the action ("the Prices shall reduce")."""
        best = None
        inner = next((m for m in modals if trigger.start < m.start and m.end <= trigger.end), None)
        # 'reserves the right to appoint other resellers in the Territory, and to market and sell the Products directly':
        # a verb in a run of infinitives shares the modal of the first, however long the run
        gap = _GAP_COORDINATED if _COORDINATED.search(body, max(0, trigger.start - 60), trigger.start) else _GAP
        for modal in modals:
            if modal.start > trigger.start:
                break
            if trigger.start - modal.end > gap and not (trigger.start - modal.end <= _GAP_COORDINATED
                                                         and _PARENTHETICAL.fullmatch(body, modal.end, trigger.start)):
                continue
            if any(modal.end <= limb < trigger.start for limb in limbs):
                continue
            best = modal
        # a nominal action is the subject its modal follows: 'Payment of the Price shall not be conditional on ...',
        # 'Payment of each invoice by the Customer is conditional upon ...'
        subject_of = (next((m for m in modals if 0 <= m.start - trigger.end <= _NOMINAL_REACH
                            and not any(trigger.end <= limb < m.start for limb in limbs)), None)
                      if self._lex.nominal.match(body, trigger.start) else None)
        return best or inner or subject_of

    def _required_of(self, trigger: _Span, modal: _Span | None, mentions: list[_Span], body: str) -> str | None:
        """The party a right makes act ('有权要求乙方转让', 'may require the Supplier to'), named between the modal and
        the verb."""
        if modal is None or modal.end > trigger.start:
            return None
        named = [m for m in mentions if modal.end <= m.start < trigger.start and m.value not in ("both", "third")
                 and self._lex.required_of.search(body[max(modal.end, m.start - 14):m.start])]
        return named[0].value if named else None

    def _holders(self, trigger: _Span, mentions: list[_Span], body: str) -> list[_Span]:
        """For an action whose holder is named after the verb, every party so named ('two designated by the
        Investor and two by the Founders')."""
        after = self._lex.actor_after.get(trigger.value)
        if after is None:
            return []
        named = [m for m in mentions if trigger.start <= m.start <= trigger.end + 60 and after.search(body[max(0, m.start - 60):m.start])]
        if not named and after.search(body[max(0, trigger.end - 60):trigger.end]) and self._lex.someone_else.match(body, trigger.end):
            return [_Span(trigger.end, trigger.end, "third")]  # '所有权归全体业主所有': held by someone who is no party
        return named

    def _actor_for(self, trigger: _Span, modal: _Span | None, mentions: list[_Span], body: str,
                   limbs: list[int]) -> str | None:
        """The party whose right or duty it is, when no holder is named after the verb (see `_holders`)."""
        anchor = modal.start if modal is not None and modal.start < trigger.start else trigger.start
        if modal is not None and modal.start > trigger.end:  # a nominal action: 'Payment of each invoice by the Customer is'
            agents = [m for m in mentions if trigger.end <= m.start < modal.start
                      and self._lex.by_agent.search(body[max(0, m.start - 12):m.start])]
            if agents:
                return agents[0].value
        # '采购价格由甲方单方确定', '费用均由经销商承担': the party the verb's own 由 names does it, whoever the subject is
        by_marker = [m for m in mentions if trigger.start <= m.start < trigger.end and m.value not in ("both", "third")
                     and self._lex.agent_marker.search(body[max(0, m.start - 4):m.start])]
        if by_marker:
            return by_marker[0].value
        inside = [m for m in mentions if anchor <= m.start < trigger.end and (modal is None or m.start <= modal.start + 2)
                  and not self._lex.object_before.search(body[max(0, m.start - 10):m.start])]  # '还应向甲方支付': 甲方 is paid
        if trigger.value in self._lex.fixed_modality:  # "the Supplier's liability", "liability of the Supplier"
            # 'such liability' before the verb, or after it in the same limb ('no limitation shall apply to any such
            # liability'): the liability the sentence's subject took on
            limb_end = min([limb for limb in limbs if limb > trigger.end], default=len(body))
            if (self._lex.foregoing.search(body, max(0, trigger.start - 16), trigger.start)
                    or self._lex.such_liability.search(body, trigger.end, limb_end)):
                subjects = [m for m in mentions if m.start < trigger.start and m.value not in ("both", "third")
                            and not self._lex.object_before.search(body[max(0, m.start - 10):m.start])]
                if subjects:  # 'such liability': the sentence's subject's
                    return subjects[0].value
            inside = [m for m in mentions if trigger.start - 40 <= m.start < trigger.end]
            # 'liability of the Supplier'; else the party just before ('乙方...以合同价款为限，甲方...以百分之二十为限':
            # each cap is the liability of the party named before it)
            of = [m for m in inside if m.start >= trigger.start and self._lex.holder_of.search(body, max(trigger.start, m.start - 30), m.start)]
            before = [m for m in inside if m.start < trigger.start
                      and not self._lex.object_before.search(body[max(0, m.start - 10):m.start])]  # '转让方对受让方的': 受让方 is owed
            if of or before or inside:
                return (of[0] if of else before[-1] if before else inside[0]).value
        if modal is not None and self._lex.passive.search(body[modal.start:trigger.end + 60]):
            agents = [m for m in mentions if trigger.start <= m.start <= trigger.end + 80 and self._lex.by_agent.search(body[max(0, m.start - 12):m.start])]
            # "may be terminated by the Customer"; but whose liability is limited is named before a passive
            # agent of what the cap measures ("liability of the Supplier shall be limited to the charges paid by the Customer")
            if agents:
                return agents[0].value
        within = [m for m in mentions if modal is not None and modal.start <= m.start < modal.end and m.value != "both"]
        # "neither Lumen nor its Affiliates shall"; "nothing prevents the Licensee from contesting"; but "the Supplier
        # reserves the right, itself or through any third party, to sell": the subject stands right before the modal
        subject_before = modal is not None and any(0 <= modal.start - m.end <= 6 and m.value not in ("both", "third")
                                                   for m in mentions)
        if within and modal is not None and modal.value in ("shall_not", "may") and not subject_before:
            return within[0].value
        if inside and modal is not None:  # "Neither party shall": the actor is where the modal starts
            return inside[0].value
        floor = max([limb for limb in limbs if limb < anchor], default=-1)
        near = [m for m in mentions if floor < m.start < anchor and anchor - m.end <= _ACTOR_REACH]
        wide = [m for m in mentions if m.start < anchor and anchor - m.end <= _ACTOR_REACH]
        # the subject in the modal's own limb; where that limb names a party only as an object ('乙方违约的，除应赔偿
        # 甲方损失外，还应支付违约金'), the subject of the sentence before it
        subject = _topic(mentions, body, anchor, self._lex) or _subject(near, body, self._lex)
        if subject is None:  # '利息由出借人从借款本金中扣除', '费用均由经销商承担': the agent named by 由 is the actor
            ceiling = min([limb for limb in limbs if limb > trigger.end], default=len(body))
            agents = [m for m in near if self._lex.agent_marker.search(body[max(0, m.start - 4):m.start])]
            # '保固期間內之一切瑕疵，均由分包商負責修繕': the agent its own limb names, before a subject of the limb before
            agents = agents or [m for m in mentions if anchor <= m.start < ceiling
                                and self._lex.agent_marker.search(body[max(0, m.start - 4):m.start])]
            subject = agents[-1] if agents else _subject(wide, body, self._lex)
        return subject.value if subject is not None else None  # every party named is an object: the actor is unnamed


_LIMB_END = re.compile(r"[;，；。]|,\s")


def _figures_within(text: str, span: tuple[int, int], lex) -> tuple[Quantity, ...]:
    """The figures from the start of one span of a sentence to the end of its limb, with offsets into the whole
    sentence ('... is limited to EUR 36.000.000,00' keeps its whole figure)."""
    start, end = span
    boundary = _LIMB_END.search(text, end)
    end = boundary.start() if boundary else len(text)
    found = _quantities(to_simplified(text)[start:end], lex)
    return tuple(q.model_copy(update={"start": q.start + start, "end": q.end + start, "text": text[q.start + start:q.end + start]})
                 for q in found)


_CONDITION_END = re.compile(r"[的者](?:[（(][^（）()]{0,60}[）)])?[，,]")  # '...的（因甲方原因导致的除外），应...': an aside may follow
_SENTENCE_BREAK = re.compile(r"[。；;]")


def _topic(mentions: list[_Span], body: str, anchor: int, lex) -> _Span | None:
    """'乙方於服務未滿三年前自請離職，或因可歸責於乙方之事由經甲方依法終止契約者，應給付甲方違約金': after a condition
    ending in 者 or 的, a limb that names no subject of its own is done by the condition's subject, the first party the
    condition names (not the nearest: 甲方 there ends the contract, 乙方 pays). None where no condition stands before."""
    ends = [m for m in _CONDITION_END.finditer(body, 0, anchor)]
    if not ends or _SENTENCE_BREAK.search(body, ends[-1].end(), anchor) or any(
            ends[-1].end() <= m.start < anchor and not lex.object_before.search(body[max(0, m.start - 10):m.start])
            for m in mentions):
        return None  # no condition just before, or the limb names its own subject ('...的，乙方有权')
    start = max((m.end() for m in _SENTENCE_BREAK.finditer(body, 0, ends[-1].start())), default=0)
    named = [m for m in mentions if start <= m.start < ends[-1].start() and m.value not in ("both", "third")
             and not lex.object_before.search(body[max(0, m.start - 10):m.start])]
    return named[0] if named else None


def _subject(before: list[_Span], body: str, lex) -> _Span | None:
    """Of the parties named before a modal, the subject: the nearest one that is not the object of a preposition
    or a verb ('the Supplier shall, on notice to the Customer, terminate' -> the Supplier); None if all are."""
    for i, mention in reversed(list(enumerate(before))):
        if (mention.value == "third" and i > 0 and before[i - 1].value not in ("both", "third")
                and _WITH_ITS.fullmatch(body, before[i - 1].end, mention.start)):
            continue  # 'Licensor and its Third-Party Providers own': the party named first
        if _IN_ASIDE.search(body, max(0, mention.start - 12), mention.start) and _ASIDE_NOUN.match(
                body, mention.end + (0 if body[mention.start:mention.end].endswith(("'s", "’s")) else 2)):
            continue  # 'The Supplier shall, at the Buyer's option, repair ... or refund': an aside, not the subject
        if not lex.object_before.search(body[max(0, mention.start - 10):mention.start]):
            return mention
        # 'to Tessellate's liability': whose liability, not to whom; but 'rely on the Supplier's report and shall
        # not' names the Supplier as an object
        if body[mention.start:mention.end].endswith(("'s", "’s")):
            possessed = mention.end
        elif body[mention.end:mention.end + 2] in ("'s", "’s"):
            possessed = mention.end + 2
        else:
            continue
        if _WHOSE_DUTY.match(body, possessed):
            return mention
    return None


_WITH_ITS = re.compile(r"\s+(?:and|or|together\s+with)\s+(?:its|their)\s+", re.I)
_IN_ASIDE = re.compile(r"\b(?:at|in|on|upon)\s+(?:the\s+)?$", re.I)
_ASIDE_NOUN = re.compile(r"\s*(?:(?:sole|own|absolute|reasonable)\s+)?(?:option|election|request|cost|expense|discretion|direction|choice|instruction)s?\b", re.I)
_WHOSE_DUTY = re.compile(r"\s*(?:(?:aggregate|total|entire|maximum|cumulative|overall|own|sole)\s+)*(?:liabilit|obligation|right|dut|responsibilit)", re.I)


_PLACED = ("governing_law", "resolve_disputes")


def _deciding_definition(definitions: tuple[tuple[str, str, str], ...], carried: frozenset[str], figures: bool,
                         lex) -> tuple[str, str] | None:
    """Of the definitions a sentence uses, the one whose words decide: the one that carries a condition into it, or
    the one whose figure was read; its clause and sentence."""
    for clause_id, sentence, body in definitions:
        plain = masked(to_simplified(body))
        if any(lex.conditions[name].search(plain) for name in carried) or (figures and not carried and _quantities(body, lex)):
            return clause_id, _deciding_item(sentence, carried, lex)
    return None


def _deciding_item(sentence: str, carried: frozenset[str], lex) -> str:
    """Of a definition that lists its cases, the case whose words carry the condition: the words to change, quoted
    alone."""
    if not carried:
        return sentence
    deciding = cases_carrying(sentence, carried, lambda words: masked(to_simplified(words)))
    # the lead-in itself decides ('"MAE" means an effect that the Lender considers material on any of: (a) ...'): it
    # reads only with its cases
    return deciding[0] if deciding and not sentence.startswith(deciding[0]) else sentence


def _place(text: str, lex) -> str | None:
    """The jurisdiction or seat a governing-law or forum sentence names."""
    plain = to_simplified(text)
    for regex in lex.place:
        match = regex.search(plain)
        if match:
            return match.group(1).strip().rstrip(".,;:'’")
    return None


def _lead_conditions(lead: str, lex) -> frozenset[str]:
    # 'shall not, without the prior written consent of the Investor: (a) issue shares': the lead-in's consent governs
    # each item; 'shall not be liable for any Claim unless notice is given: (a) ... within nine months' sets a time
    # limit for claims in each; '...一次性支付至下列账户，该等付款不以任何先决条件的满足为前提：' pays whatever happens
    return frozenset(name for name, regex in lex.conditions.items()
                     if name in ("notice", "cure", "consent", "survival", "unconditional") and regex.search(lead))


def deeming_limb(text: str, *, clause_id: str, start: int) -> Provision | None:
    """A limb of a definition of acceptance that counts silence within a period, or use, as acceptance: a deemed
    acceptance with the limb's own conditions and figures; None for a limb that is a real acceptance (a signed
    certificate, tests passed)."""
    lex = lexicon()
    plain = masked(to_simplified(text))
    conditions = frozenset(name for name, regex in lex.conditions.items() if regex.search(plain))
    quantities = tuple(q.model_copy(update={"text": text[q.start:q.end]}) for q in _quantities(to_simplified(text), lex))
    if not (any(q.kind == "period" for q in quantities) or "on_use" in conditions):
        return None
    return Provision(clause_id=clause_id, sentence=text, start=start, actor=None, modality="deemed", action="accept",
                     conditions=conditions, quantities=quantities, trigger=(0, 0))


def states_period(text: str) -> bool:
    """Whether a sentence states a period of its own ('within fifteen (15) Business Days after delivery'), whatever
    else it reads as: the period a later 'within the period stated above' refers back to."""
    return any(q.kind == "period" for q in _quantities(to_simplified(text), lexicon()))


def _quantities(text: str, lex) -> tuple[Quantity, ...]:
    """The figures of a sentence: periods in days, money, percentages, and months of fees where a period measures
    the fees a cap looks back over ('the fees paid in the twelve (12) months before the claim' -> 12)."""
    if not text:
        return ()
    out: list[Quantity] = []
    fees_at = [m.start() for m in lex.fees_basis.finditer(text)]
    for period in find_periods(text):
        days = period.days if period.days is not None else (period.value if period.unit in ("business_days", "working_days") else None)
        if days is None:  # no period a position weighs
            continue
        # 'the fees paid in the 12 months before the claim' is a multiple of the fees; 'a sum due ... within 14 days'
        # is a deadline
        deadline = bool(lex.deadline_before.search(text[max(0, period.start - 24):period.start]))
        near_fees = not deadline and (any(abs(period.start - at) <= 90 for at in fees_at)
                                      or bool(lex.fees_after.search(text[period.end:period.end + 40])))
        window = text[max(0, period.start - 60):period.end + 40]
        before = text[max(0, period.start - 40):period.start]
        if lex.after_end_before.search(before) or lex.after_end_after.match(text, period.end):
            of = "after_end"  # '15 days after the warranty period expires' measures no warranty
        elif lex.window_before.search(before):
            of = "window"  # 'once in any period of 24 months': how often, not how long
        elif lex.threshold_before.search(before):
            of = "threshold"  # '停机超过七十二小时的', 'a delay of more than 30 days': what triggers, not how long
        elif lex.renewal_before.search(before):
            of = "renewal"  # the length of each renewal term, however near a notice word stands
        elif lex.term_before.search(before):
            of = ""  # a term, not notice
        else:
            of = next((name for name, regex in lex.period_of.items() if regex.search(window)), "")
        out.append(Quantity(kind="fees_months" if near_fees else "period",
                            value=round(days / 30, 2) if near_fees else days,
                            unit="months" if near_fees else "days", text=period.quote, start=period.start, end=period.end,
                            of="" if near_fees else of))
    for net in lex.net_days.finditer(text):
        if not any(q.start <= net.start(1) < q.end for q in out):
            out.append(Quantity(kind="period", value=float(net.group(1)), unit="days", text=net.group(), start=net.start(), end=net.end()))
    for regex, kind in ((lex.whole_fees, "share_of_total"), (lex.annual_fees, "fees_months")):
        whole = regex.search(text)
        if whole and not any(q.kind == "fees_months" for q in out):
            # "5% of the Contract Price" and "合同总价的百分之五": the percentage before or just after the whole
            share = next((p.value / 100 for p in find_percentages(text)
                          if 0 <= whole.start() - p.end <= 40 or 0 <= p.start - whole.end() <= 6), 1.0)
            value = share if kind == "share_of_total" else round(12 * share, 2)
            out.append(Quantity(kind=kind, value=value, unit="x" if kind == "share_of_total" else "months", text=whole.group(),
                                start=whole.start(), end=whole.end()))
            break
    if not any(q.kind == "period" for q in out) and (at := lex.immediate.search(text)):
        out.append(Quantity(kind="period", value=0, unit="days", text=at.group(), start=at.start(), end=at.end()))
    out += [Quantity(kind="money", value=m.value, unit=m.currency or "", text=m.quote, start=m.start, end=m.end)
            for m in find_money(text)]
    for p in find_percentages(text):
        # 'per day' may follow what the rate is of: '0.5% of the Contract Price for each day of delay'
        after, before = text[p.end:p.end + 60], text[max(0, p.start - 30):p.start]
        per = next((name for name, regex in lex.rate_per.items() if regex.search(after) or regex.search(before)), "")
        value = p.value * {"month": 12, "week": 52, "day": 365, "year": 1}.get(per, 1)
        # 'half (50%) of the retention moneys' is a share of money already held, not a rate
        unit = "% of held" if lex.of_held.match(after) else ("%/year" if per else "%")
        out.append(Quantity(kind="percent", value=round(value, 4), unit=unit, text=p.quote, start=p.start, end=p.end))
    replaced = lex.superseded_by.search(text)
    if replaced:  # an amendment: the figures after "is replaced by" are the contract's, those before are the old ones
        kinds_after = {q.kind for q in out if q.start >= replaced.end()}
        out = [q for q in out if q.start >= replaced.end() or q.kind not in kinds_after]
    return tuple(sorted(out, key=lambda q: q.start))
