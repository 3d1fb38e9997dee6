"""Review positions: what a lawyer's playbook says about one provision, as data one engine evaluates.

A position names a provision, says how to find it in any contract (headings and the words that state it, not
one contract's drafting), what to read out of the sentence that states it, and the playbook's three lines:

    - id: spa_cap_level
      title: Seller's liability cap of at least 10% of the price
      topic: liability_cap
      applies: {domains: [sha_spa], our_party: [Buyer, Purchaser, 受让方]}
      find:
        headings: [limitation, liability, 责任]            # words of the clause's heading (or its parents')
        cues: ['aggregate liability', 'shall not exceed']   # regexes: a sentence that states the provision
        ignore: ['specific indemnit']                       # sentences that look alike but are not it
        excluded: []                                        # regexes: the provision expressly switched off
      extract:
        cap: {kind: percent_of_price}
      escalate: {when: "cap < 10", text: "cap below 10% of the price"}
      standard: {when: "cap >= 30", text: "cap of 30-100% of the price"}
      acceptable: {when: "cap >= 10", text: "cap of 10-30% of the price"}
      if_missing: {verdict: RED, severity: high}
      severity: high
      rationale: ...
      redline: {proposed: "...", fallback: "..."}

Conditions (`when`) are small expressions over the extracted names (see conditions.py); a name that was not
found is None, and any comparison with None is false. The engine gives RED when `escalate` holds, GREEN when
`standard` holds, YELLOW when `acceptable` holds, else YELLOW (needs a look), and MISSING when the provision
is nowhere (with `if_missing`'s verdict and severity; no finding when if_missing is null).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator, model_validator

from .conditions import check_expression
from ..reading.model import ACTIONS, CONDITIONS

Severity = Literal["high", "medium", "low"]
Verdict = Literal["GREEN", "YELLOW", "RED", "MISSING"]
ExtractKind = Literal["percent", "percent_of_price", "annual_rate", "money", "period_days", "holder", "flag", "missing_items", "number",
                      "home"]


def _regex(pattern: str) -> str:
    try:
        re.compile(pattern.replace("{us}", "x").replace("{them}", "y"))
    except re.error as exc:
        raise ValueError(f"not a valid regular expression ({exc}): {pattern!r}") from exc
    return pattern


class Find(BaseModel):
    """How the provision is located. A sentence must match one of `cues` (or `excluded`); a clause whose
    heading (or a parent's) holds one of `headings` ranks first, so the operative sub-clause wins over a
    passing mention elsewhere."""

    model_config = ConfigDict(extra="forbid")

    headings: list[str] = Field(default_factory=list, description="Words of the heading of the clause that holds the provision.")
    cues: list[str] = Field(default_factory=list, description="Regexes: a sentence that states the provision.")
    ignore: list[str] = Field(default_factory=list, description="Regexes: sentences that match a cue but are another provision.")
    excluded: list[str] = Field(default_factory=list, description="Regexes: a sentence that expressly excludes or switches off the provision.")
    subject: list[str] = Field(default_factory=list, description="Regexes an `excluded` sentence must also match (default: none needed).")
    categories: list[str] = Field(default_factory=list, description="Clause-type model categories (CUAD names) that hold the provision.")
    require_heading: bool = Field(False, description="Count a cue only inside a clause whose heading matches.")
    named_by: list[str] = Field(default_factory=list, description="Regexes: headings that name this provision alone ('drag'); every "
                                                                 "sentence under such a heading is a candidate, cue or not.")

    @field_validator("cues", "ignore", "excluded", "subject", "named_by")
    @classmethod
    def _regexes(cls, values: list[str]) -> list[str]:
        return [_regex(v) for v in values]


class Extract(BaseModel):
    """One value read out of the operative sentence (or its clause)."""

    model_config = ConfigDict(extra="forbid")

    kind: ExtractKind
    near: str = Field("", description="Regex: take the figure closest to (after, else before) this match.")
    pattern: str = Field("", description="For flags: the regex whose presence sets the flag.")
    scope: Literal["sentence", "clause", "document"] = "sentence"
    items: dict[str, str] = Field(default_factory=dict, description="For missing_items: label -> regex.")

    @field_validator("near", "pattern")
    @classmethod
    def _regex_field(cls, value: str) -> str:
        return _regex(value) if value else value

    @model_validator(mode="after")
    def _complete(self) -> "Extract":
        if self.kind == "flag" and not self.pattern:
            raise ValueError("a flag needs a pattern")
        if self.kind == "missing_items" and not self.items:
            raise ValueError("missing_items needs items")
        return self


class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid")

    when: str = Field(description="Condition over the extracted names, e.g. 'cap < 10 or excluded'.")
    text: str = Field("", description="The position in a lawyer's words.")
    severity: Severity | None = Field(None, description="The severity of what this rule finds, where it is not the "
                                                        "position's own (RED) or one below it (YELLOW): a long payment "
                                                        "period that is still worth raising.")

    @field_validator("when")
    @classmethod
    def _valid(cls, value: str) -> str:
        check_expression(value)
        return value


class IfMissing(BaseModel):
    model_config = ConfigDict(extra="forbid")

    verdict: Literal["RED", "YELLOW"] = "RED"
    severity: Severity = "high"
    where: str = Field("", description="Where the provision would belong, in words (e.g. 'Limitations on claims').")
    chinese_severity: Severity | None = Field(
        None, description="The severity on a Chinese contract, where it differs: a PRC contract that names no governing "
                          "law is governed by PRC law all the same.")

    def severity_for(self, chinese: bool) -> Severity:
        return self.chinese_severity if chinese and self.chinese_severity else self.severity


def _contract_text(text: str) -> str:
    """Words a redline puts into the contract must be contract text, not advice to the drafter."""
    from ..reports.advice import advice_reason

    probe = re.sub(r"\{[A-Za-z_][A-Za-z0-9_]*\}", "X", text)
    reason = advice_reason(probe)
    if reason:
        raise ValueError(f"a redline's text goes into the contract, but {text!r} is {reason}; put advice in 'proposed'")
    return text


class Replace(BaseModel):
    """Replace the figure the reading found in the provision: its notice period, its months of fees ..."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    quantity: Literal["fees_months", "period", "notice", "cure", "renewal", "percent", "money", "share_of_total"]
    with_: str = Field(alias="with", description="The new figure's words; {<parameter>} is written like the figure replaced.")

    @field_validator("with_")
    @classmethod
    def _text(cls, value: str) -> str:
        return _contract_text(value)


class SentenceChange(BaseModel):
    """How one provision's sentence changes: a figure replaced, the party it binds, the whole sentence, or struck."""

    model_config = ConfigDict(extra="forbid")

    replace: list[Replace] = Field(default_factory=list, description="The first of these whose figure the provision states.")
    replace_sentence: str = Field("", description="The sentence's new wording ({us}, {them}, {fees} filled in).")
    strike: bool = Field(False, description="Strike the sentence (a provision the fix removes or supersedes).")
    actor: str = Field("", description="The party the provision binds becomes this ('each party').")

    @field_validator("replace", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, dict) else value

    @field_validator("replace_sentence", "actor")
    @classmethod
    def _text(cls, value: str) -> str:
        return _contract_text(value) if value else value


class AlsoChange(SentenceChange):
    """Another provision the same fix changes (the cap made mutual when our unlimited liability is struck)."""

    provision: "ProvisionMatch"
    zh: "ChineseWording | None" = Field(None, description="Its words for a contract written in Chinese (actor, replace, replace_sentence).")


class InsertClause(BaseModel):
    """A missing provision as a whole clause, numbered like its neighbours."""

    model_config = ConfigDict(extra="forbid")

    text: str
    after: list[str] = Field(default_factory=list, description="Actions whose clause it joins as the next sub-clause.")
    heading: str = Field("", description="Its heading when it becomes a new top-level clause.")

    @field_validator("text", "heading")
    @classmethod
    def _text(cls, value: str) -> str:
        return _contract_text(value) if value else value


class ChineseWording(BaseModel):
    """A redline's words for a contract written in Chinese, which gets Chinese text or none: the figure's words
    per quantity ('{min_days}日'), the sentence, the inserted article and its heading, and the wording to ask for."""

    model_config = ConfigDict(extra="forbid")

    proposed: str = ""
    fallback: str = ""
    replace_sentence: str = ""
    replace: dict[str, str] = Field(default_factory=dict, description="quantity -> the new figure's words, e.g. {period: '{min_days}日'}")
    actor: str = ""
    insert_text: str = ""
    insert_heading: str = ""

    @field_validator("replace_sentence", "actor", "insert_text", "insert_heading")
    @classmethod
    def _text(cls, value: str) -> str:
        return _contract_text(value) if value else value


class Redline(SentenceChange):
    proposed: str = ""
    fallback: str = ""
    also: list[AlsoChange] = Field(default_factory=list)
    insert_clause: InsertClause | None = None
    zh: ChineseWording | None = Field(None, description="The wording for a contract written in Chinese.")

    @property
    def edits_anything(self) -> bool:
        return bool(self.replace or self.replace_sentence or self.strike or self.actor or self.also or self.insert_clause)


Priority = Literal["must_have", "should_have", "nice_to_have"]
Side = Literal["payer", "provider", "recipient", "discloser"]
ContractType = Literal["services", "supply", "distribution", "licence", "lease", "nda", "spa", "sha", "construction", "finance", "guarantee", "employment", "other"]
ActorRef = Literal["us", "them", "both", "third", "any", "us_or_both", "them_or_both", "us_or_unstated", "them_or_unstated",
                   "not_us", "not_them"]


class ProvisionMatch(BaseModel):
    """Which provisions of the reading a position judges: who may (or shall, or shall not) do what. No words:
    the reading layer (skills/reading) knows how contracts say it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    actor: ActorRef = "any"
    action: str | list[str] = Field(description="The action, or the actions that say the same thing in different ways "
                                                "(a claims period stated as the warranties' survival or as a bar on late claims).")
    modality: list[Literal["may", "shall", "shall_not", "not_liable", "deemed"]] = Field(default_factory=list, description="Empty: any.")
    with_: list[str] = Field(default_factory=list, alias="with", description="Conditions the provision must state (e.g. convenience).")
    without: list[str] = Field(default_factory=list, description="Conditions it must not state (e.g. cause).")

    @property
    def actions(self) -> tuple[str, ...]:
        return (self.action,) if isinstance(self.action, str) else tuple(self.action)

    @model_validator(mode="after")
    def _known(self) -> "ProvisionMatch":
        for action in self.actions:
            if action not in ACTIONS:
                raise ValueError(f"unknown action {action!r}; known: {', '.join(sorted(ACTIONS))}")
        unknown = (set(self.with_) | set(self.without)) - set(CONDITIONS)
        if unknown:
            raise ValueError(f"unknown condition {', '.join(sorted(unknown))}; known: {', '.join(sorted(CONDITIONS))}")
        return self


AlsoChange.model_rebuild()


# The names a provision position's conditions may use, besides its parameters (judge.values_of gives them).
PROVISION_NAMES = {"present", "excluded", "denied", "actor_us", "actor_them", "actor_both", "mutual", "ours_too", "theirs_too", "ours_in_clause",
                   "our_notice_days",
                   "them_barred", "exclusive_granted", "exclusive_licence", "notice_days", "cure_days", "renewal_days", "period_days", "longest_days", "fees_months", "share_of_total", "percent",
                   "rate_per_year", "money", "multiple", "count", "place", "chinese", "defined"} | set(CONDITIONS) | {f"any_{c}" for c in CONDITIONS} \
    | {f"here_{c}" for c in CONDITIONS} | {f"anywhere_{c}" for c in CONDITIONS}


class Applies(BaseModel):
    model_config = ConfigDict(extra="forbid")

    types: list[ContractType] = Field(default_factory=list, description="Contract types (read from the text); empty: every type.")
    side: list[Side] = Field(default_factory=list, description="Sides we must act for (payer, provider, recipient, discloser); empty: any.")
    not_side: list[Side] = Field(default_factory=list, description="Sides for which the position does not hold (a discloser wants "
                                                                  "fewer exceptions to confidentiality, not more).")

    domains: list[str] = Field(default_factory=list, description="Empty: every domain.")
    our_party: list[str] = Field(default_factory=list, description="Roles we must act for (e.g. Buyer); empty: any.")
    not_our_party: list[str] = Field(default_factory=list, description="Roles for which the position does not hold (a minority "
                                                                     "shareholder's protection, when we act for the company or its founders).")
    language: Literal["any", "en", "zh"] = "any"
    contract: list[str] = Field(default_factory=list, description="Regexes: the contract's opening must match one (e.g. 'share purchase|stock purchase').")
    kinds: list[Literal["share_purchase", "shareholders", "nda", "construction", "services"]] = Field(
        default_factory=list, description="Kinds of contract (from its title and opening, skills/documents/kinds.py); a contract of "
                                          "no recognisable kind is reviewed against every position.")

    @field_validator("contract")
    @classmethod
    def _regexes(cls, values: list[str]) -> list[str]:
        return [_regex(v) for v in values]


class Position(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[A-Za-z0-9_.-]+$")
    title: str
    topic: str = Field(description="What the provision is about; findings of other skills on the same topic merge with this one.")
    applies: Applies = Field(default_factory=Applies)
    find: Find | None = None
    provision: ProvisionMatch | None = Field(None, description="The provision judged, read by the reading layer (no patterns).")
    parameters: dict[str, float | int | str] = Field(default_factory=dict, description="Figures a lawyer sets; the conditions name them.")
    extract: dict[str, Extract] = Field(default_factory=dict)
    escalate: Rule | None = None
    standard: Rule | None = None
    acceptable: Rule | None = None
    if_missing: IfMissing | None = None
    severity: Severity = "high"
    each_article: bool = Field(False, description="The issue recurs per article and each is marked up (a deemed approval "
                                                  "of interim claims and another of the final account): a RED in each.")
    rationale: str = ""
    redline: Redline = Field(default_factory=Redline)
    priority: Priority = "should_have"
    also_reported_as: list[str] = Field(default_factory=list, description="Finding kinds of other skills that speak of this topic.")
    source: Literal["pack", "playbook"] = Field("pack", description="Set when positions are resolved: the domain pack's own, or "
                                                                     "written or changed by the user's playbook.")

    @model_validator(mode="after")
    def _usable(self) -> "Position":
        if self.provision is not None:
            if self.find is not None or self.extract:
                raise ValueError("a position judges either a provision (provision:) or patterns (find:, extract:), not both")
            names = PROVISION_NAMES | set(self.parameters)
        else:
            if self.find is None or not (self.find.cues or self.find.excluded):
                raise ValueError("find needs cues or excluded patterns, or the position finds nothing")
            names = set(self.extract) | {"excluded", "present"} | {f"{n}_count" for n, e in self.extract.items() if e.kind == "missing_items"}
        if self.redline.edits_anything and self.provision is None:
            raise ValueError("a redline's replace, replace_sentence, strike, actor, also and insert_clause work on a provision (provision:)")
        for rule in (self.escalate, self.standard, self.acceptable):
            if rule is not None:
                unknown = check_expression(rule.when) - names
                if unknown:
                    raise ValueError(f"condition {rule.when!r} uses {', '.join(sorted(unknown))}, which extract does not define")
        return self


# The keys only a whole position has: an entry with none of them changes the pack's position of its id.
WHOLE_KEYS = frozenset({"title", "topic", "applies", "find", "provision", "extract", "escalate", "standard", "acceptable",
                        "if_missing", "rationale", "redline", "also_reported_as"})


class PositionUpdate(BaseModel):
    """A playbook entry that changes a pack position instead of replacing it: its figures, its priority or its
    severity; everything else (the provision, the rules and their words) stays the pack's.

        - id: lol_cap_level
          priority: must_have
          parameters: {red_cap_months: 6}
    """

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[A-Za-z0-9_.-]+$")
    parameters: dict[str, float | int | str] = Field(default_factory=dict, description="New values for some of the pack position's parameters.")
    priority: Priority | None = None
    severity: Severity | None = None

    def applied_to(self, position: Position) -> Position:
        """The pack's position with this entry's changes; ValueError for a parameter it does not have or a value
        of another kind than the pack's (a number for a number, words for words)."""
        unknown = sorted(set(self.parameters) - set(position.parameters))
        if unknown:
            known = ", ".join(sorted(position.parameters)) or "none"
            raise ValueError(f"position '{self.id}' has no parameter {', '.join(repr(u) for u in unknown)} (its parameters: {known})")
        for name, value in self.parameters.items():
            if isinstance(position.parameters[name], str) != isinstance(value, str):
                wanted = "words" if isinstance(position.parameters[name], str) else "a number"
                raise ValueError(f"position '{self.id}': parameter '{name}' takes {wanted} (got {value!r})")
        changes: dict[str, Any] = {"parameters": {**position.parameters, **self.parameters}, "source": "playbook"}
        if self.priority:
            changes["priority"] = self.priority
        if self.severity:
            changes["severity"] = self.severity
        return position.model_copy(update=changes)


def _entry_kind(value: Any) -> str:
    if isinstance(value, PositionUpdate):
        return "update"
    if isinstance(value, dict) and not (set(value) & WHOLE_KEYS):
        return "update"
    return "position"


PositionEntry = Annotated[Union[Annotated[Position, Tag("position")], Annotated[PositionUpdate, Tag("update")]],
                          Discriminator(_entry_kind)]


class PositionSet(BaseModel):
    """A pack's positions, or a playbook's: whole positions, and (in a playbook) changes to the pack's."""

    model_config = ConfigDict(extra="forbid")

    name: str = ""
    version: str = ""
    positions: list[PositionEntry] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique(self) -> "PositionSet":
        seen: set[str] = set()
        for position in self.positions:
            if position.id in seen:
                raise ValueError(f"position id '{position.id}' is used twice")
            seen.add(position.id)
        return self

    @property
    def updates(self) -> list[PositionUpdate]:
        return [p for p in self.positions if isinstance(p, PositionUpdate)]

    def merged_over(self, base: "PositionSet") -> "PositionSet":
        """A playbook's positions over a pack's: a whole position with the same id replaces the pack's, a new id is
        added, and an entry of only id, parameters, priority or severity changes the pack's position in place.
        Every position the playbook wrote or changed has source 'playbook'. ValueError for a change to a position
        the pack does not have."""
        updates = {p.id: p for p in self.updates}
        whole = [p.model_copy(update={"source": "playbook"}) for p in self.positions if isinstance(p, Position)]
        ids = {p.id for p in base.positions}
        for missing in (i for i in updates if i not in ids):
            import difflib

            close = difflib.get_close_matches(missing, sorted(ids), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ValueError(f"position '{missing}' changes a pack position, but the pack has no position '{missing}'{hint}; "
                             "a new position needs its own title, topic, provision and rules")
        mine = {p.id for p in whole}
        kept = [updates[p.id].applied_to(p) if p.id in updates else p for p in base.positions if p.id not in mine]
        return PositionSet(name=self.name or base.name, version=self.version, positions=kept + whole)


def positions_from_data(data: Any, source: str = "positions") -> PositionSet:
    """Positions from already-parsed YAML/JSON: a list, or a mapping with a `positions` list."""
    if isinstance(data, PositionSet):
        return data
    if isinstance(data, list):
        data = {"positions": data}
    if not isinstance(data, dict):
        raise ValueError(f"{source}: expected a mapping with a 'positions' list")
    return PositionSet.model_validate({k: v for k, v in data.items() if k in ("name", "version", "positions")})
