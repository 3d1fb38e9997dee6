"""Judge a provision position: the provisions the reading found that match it, the values read off each, the
position's conditions evaluated over them, one verdict.

A position says who may do what ("them may change_price"); this module maps the reading's party names onto us
and them, gives each matching provision its values (notice_days, fees_months, rate_per_year, convenience ...),
and keeps the worst verdict, so a low cap is not hidden by a generous one elsewhere. The names a condition can
use are listed in schema.PROVISION_NAMES; a position's parameters join them.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..reading.document import Reading
from ..reading.lexicon import lexicon
from ..reading.model import CONDITIONS, Provision
from .conditions import check_expression, evaluate, strength
from .schema import Position, Verdict

_RANK = {"RED": 3, "MISSING": 3, "YELLOW": 2, "GREEN": 1}
_NO_RULE = "outside the standard position; needs a look"


def who(actor: str | None, us: str | None) -> str:
    if actor in ("both", "third") or actor is None:
        return actor or "none"
    return "us" if us is not None and actor == us else "them"


def _actor_fits(wanted: str, actual: str) -> bool:
    return (wanted == "any" or wanted == actual or (wanted == "us_or_both" and actual in ("us", "both"))
            or (wanted == "them_or_both" and actual in ("them", "both"))
            or (wanted == "us_or_unstated" and actual in ("us", "none"))
            or (wanted == "them_or_unstated" and actual in ("them", "none"))
            or (wanted == "not_us" and actual != "us") or (wanted == "not_them" and actual != "them"))


def matches(position: Position, provision: Provision, us: str | None) -> bool:
    spec = position.provision
    assert spec is not None
    if provision.action not in spec.actions or (spec.modality and provision.modality not in spec.modality):
        return False
    if not _actor_fits(spec.actor, who(provision.actor, us)):
        return False
    return set(spec.with_) <= provision.conditions and not (set(spec.without) & provision.conditions)


def _same_right(spec, provision: Provision) -> bool:
    """The same right or duty, whoever holds it: to ask whether it runs both ways."""
    return (provision.action in spec.actions and (not spec.modality or provision.modality in spec.modality)
            and set(spec.with_) <= provision.conditions and not (set(spec.without) & provision.conditions))


def mirror(position: Position, reading: Reading) -> Provision | None:
    """Where a position's provision is missing, the same right or duty held by the wrong party (an IP indemnity
    only we give): the finding belongs there, since that is the clause a lawyer would mark up."""
    spec = position.provision
    return next((p for p in reading.provisions if spec is not None and _same_right(spec, p)), None)


def values_of(provision: Provision, reading: Reading, position: Position, us: str | None) -> dict[str, Any]:
    """What a condition can ask of one provision, and whether the same right is ours too."""
    actor = who(provision.actor, us)
    periods = [q for q in provision.quantities if q.kind == "period"]
    first = {kind: next((q.value for q in provision.quantities if q.kind == kind), None)
             for kind in ("fees_months", "money", "share_of_total")}
    if first["share_of_total"] is None and first["money"] is not None and reading.value:
        # a sum in the currency of the contract's stated value is that share of it ('£900,000' of £18m: 0.05)
        money = next(q for q in provision.quantities if q.kind == "money")
        value, currency = reading.value
        if value > 0 and (money.unit or currency) == (currency or money.unit):
            first["share_of_total"] = round(money.value / value, 4)
    notice = next((q.value for q in periods if q.of == "notice"), None)
    if notice is None and "notice" in provision.conditions and len(periods) == 1:
        notice = periods[0].value
    # time to put a failure right, or a failure that counts only once it has lasted ('逾期超过三十日的'): a grace period
    cure = next((q.value for q in periods if q.of == "cure"), next((q.value for q in periods if q.of == "threshold"), None))
    renewal = next((q.value for q in periods if q.of == "renewal"), None)
    # a window ('once in any 24 months') is the period only of a provision that limits how often
    other = [q.value for q in periods if not q.of or (q.of == "window" and "frequency" in provision.conditions)]
    percents = [q for q in provision.quantities if q.kind == "percent"]
    spec = position.provision
    same = [who(p.actor, us) for p in reading.provisions if _same_right(spec, p)] if spec else []
    top = _article(provision.clause_id)
    here = [who(p.actor, us) for p in reading.provisions
            if _same_right(spec, p) and _article(p.clause_id) == top] if spec else []
    ours_too, theirs_too = any(a in ("us", "both") for a in same), any(a in ("them", "both") for a in same)
    # the notice we must give for the same right, where ours is stated apart: 'Quillon may terminate on 30 days'
    # notice' beside 'Brightwater may terminate on 90 days' notice'
    our_notices = [q.value for p in reading.provisions if spec and _same_right(spec, p) and who(p.actor, us) == "us"
                   for q in p.quantities if q.kind == "period" and (q.of == "notice" or "notice" in p.conditions)]
    # the other side (or each party) also promises not to do it: an exclusivity the right undercuts
    them_barred = bool(spec) and any(p.action in spec.actions and p.modality == "shall_not" and who(p.actor, us) in ("them", "both")
                                     for p in reading.provisions)
    # somewhere the contract grants an exclusive appointment or right of this kind ("appoints ... as its exclusive
    # reseller", 独家经销)
    exclusive_granted = bool(spec) and any(p.action in spec.actions and "exclusive" in p.conditions and p.modality != "shall_not"
                                           and p is not provision for p in reading.provisions)
    # ... or the other side grants us an exclusive licence (a minimum royalty is its price)
    exclusive_licence = any(p.action == "license" and "exclusive" in p.conditions and p.modality in ("may", "shall")
                            and who(p.actor, us) == "them" for p in reading.provisions)
    values: dict[str, Any] = {
        "present": True, "excluded": False, "denied": provision.modality in ("shall_not", "not_liable"),
        "actor_us": actor == "us", "actor_them": actor == "them", "actor_both": actor == "both",
        "mutual": actor == "both" or (actor == "them" and ours_too), "ours_too": ours_too, "theirs_too": theirs_too,
        "ours_in_clause": any(a in ("us", "both") for a in here), "them_barred": them_barred,
        "exclusive_granted": exclusive_granted, "exclusive_licence": exclusive_licence,
        "notice_days": notice, "our_notice_days": min(our_notices) if our_notices else None, "cure_days": cure,
        "renewal_days": renewal, "period_days": max(other) if other else None,
        # the longest period the provision states, whatever it measures ('24 months ..., or for any Tax Claim ... seven
        # years': both notice periods, the tax one the longer)
        "longest_days": max((q.value for q in periods if q.of in ("", "notice")), default=None),
        "fees_months": first["fees_months"], "money": first["money"], "share_of_total": first["share_of_total"],
        "percent": next((q.value for q in percents if q.unit == "%"), None),
        "rate_per_year": next((q.value for q in percents if q.unit == "%/year"), None),
        "count": sum(1 for p in reading.provisions if matches(position, p, us)),
        # a figure or condition that decides came from a definition ('"Cause" means ... as the Board in its sole
        # discretion determines')
        "defined": provision.defined_in is not None,
    }
    values.update({name: name in provision.conditions for name in CONDITIONS})
    # what some provision of the same action says, whoever's: a cap on delay damages often stands in its own
    # sentence after the rate ("The total delay damages shall not exceed 10% of the Contract Price")
    elsewhere = set().union(*(p.conditions for p in reading.provisions if spec and p.action in spec.actions))
    values.update({f"any_{name}": name in elsewhere for name in CONDITIONS})
    # what the clause says around it: 'X may vary the Specifications. ... no such variation shall entitle Y to any
    # adjustment to the Price' states the condition in the next sentence
    # ... or in another item of its list ('(e) No Event of Default occurs under this Clause 22.5 if the amount is
    # less than £5,000,000' sets the threshold of items (a) to (d))
    clause = _without_item(provision.clause_id)
    # ... or in the clause or schedule it cites ('may use Sub-processors in accordance with Schedule 3', where
    # Schedule 3 gives notice of each new one and a right to object)
    cited = reading.cited.get(provision.clause_id, frozenset()) | reading.cited.get(clause, frozenset())
    around = reading.around.get((clause, cited))
    if around is None:  # the same for every provision of the clause, whichever position asks: read once
        inside = scope_of(reading, provision)
        around = set().union(*(p.conditions for p in reading.provisions if inside(p.clause_id)))
        # ... or in a sentence of the clause that names no action ('协商不成的' after the missed target it refers to), or
        # one that names a term the provision defines ('A Break Notice shall be of no effect if ...')
        around |= set().union(*(reading.clause_level_of(clause_id) for clause_id in reading.unread
                                if inside(clause_id)))
        reading.around[(clause, cited)] = around = frozenset(around)
    values.update({f"here_{name}": name in around for name in CONDITIONS})
    # ... or anywhere in the contract, for what colours the whole bargain ('the W&I Policy' the buyer's recourse is)
    anywhere = reading.anywhere()
    values.update({f"anywhere_{name}": name in anywhere for name in lexicon().contract_level})
    values["chinese"] = any("\u4e00" <= ch <= "\u9fff" for ch in provision.sentence)
    values["place"] = provision.place.lower() if provision.place else None
    values.update({k: v.lower() if isinstance(v, str) else v for k, v in position.parameters.items()})
    return values


def verdict_of(position: Position, values: dict[str, Any]) -> tuple[Verdict, str]:
    for verdict, rule in (("RED", position.escalate), ("GREEN", position.standard), ("YELLOW", position.acceptable)):
        if rule is not None and evaluate(rule.when, values):
            return verdict, rule.text
    return "YELLOW", _NO_RULE


def judge(position: Position, reading: Reading, us: str | None) -> tuple[Verdict, str, Provision, dict[str, Any]] | None:
    """The worst verdict over the matching provisions (earliest first among equals), or None when none matches."""
    best = None
    for index, provision in enumerate(p for p in reading.provisions if matches(position, p, us)):
        values = values_of(provision, reading, position, us)
        verdict, said = verdict_of(position, values)
        # the worst verdict; then one a rule gave over the YELLOW no rule gave; then the RED furthest from the
        # position; then the provision that itself states what the rule turns on ("the cap ... does not apply"
        # rather than the rate it leaves uncapped); then the RED that says most about how ('may engage new
        # Sub-processors at any time ... without any requirement to notify' over the general authorisation that
        # points to it); then the earliest
        key = (_RANK[verdict], said != _NO_RULE, _strength(position, verdict, values),
               len(_named(position, verdict) & provision.conditions), len(provision.conditions) if verdict == "RED" else 0,
               -index)
        if best is None or key > best[0]:
            best = (key, verdict, said, provision, values)
    if best is None:
        return None
    return best[1], best[2], best[3], best[4]


def further_red(position: Position, reading: Reading, us: str | None, first: Provision,
                limit: int = 2) -> list[tuple[str, Provision, dict[str, Any]]]:
    """The same issue again in other articles, for a position that says so (each_article): a deemed approval of
    interim claims in one article and of the final account in another are two things a lawyer marks up, not one.
    Only RED verdicts, one per top-level clause, none in the article of the first."""
    seen, found = {_article(first.clause_id)}, []
    for provision in reading.provisions:
        if len(found) >= limit or _article(provision.clause_id) in seen or not matches(position, provision, us):
            continue
        values = values_of(provision, reading, position, us)
        verdict, said = verdict_of(position, values)
        if verdict == "RED":
            seen.add(_article(provision.clause_id))
            found.append((said, provision, values))
    return found


def scope_of(reading: Reading, provision: Provision) -> Callable[[str], bool]:
    """Whether a clause's sentences speak of the provision: the same clause (an item of its list included), a clause
    or schedule it cites, or a sentence that names a term the provision's own sentence defines. The provision's own
    clause and citations are worked out once, for every clause asked about."""
    clause = _without_item(provision.clause_id)
    cited = reading.cited.get(provision.clause_id, frozenset()) | reading.cited.get(clause, frozenset())

    def inside(clause_id: str) -> bool:
        return (_without_item(clause_id) == clause or any(_within(clause_id, target) for target in cited)
                or any(_without_item(c) == clause for c in reading.governs.get(clause_id, ())))
    return inside


def stated_around(reading: Reading, provision: Provision, name: str) -> tuple[str, str] | None:
    """Where a condition read around a provision, not in its own sentence, is stated: the clause and sentence that
    decide ('A Break Notice shall be of no effect if there is any subsisting breach ...' beside the break right)."""
    if name in provision.conditions:
        return None
    regex, inside = lexicon().conditions[name], scope_of(reading, provision)
    for sentence in reading.sentences:
        if sentence.text != provision.sentence and inside(sentence.clause.clause_id) and regex.search(sentence.matchable):
            return sentence.clause.clause_id, sentence.text
    return None


def _within(clause_id: str, target: str) -> bool:
    """Whether a clause is the target of a reference or inside it ('Schedule 3/3' in 'Schedule 3', '7.6(a)' in '7.6')."""
    return clause_id == target or clause_id.startswith((target + "/", target + "(", target + "."))


def _without_item(clause_id: str) -> str:
    """The clause a list item belongs to: '22.5(a)' -> '22.5'."""
    return re.sub(r"(?:\([a-z0-9]{1,4}\))+$", "", clause_id)


def _article(clause_id: str) -> str:
    return clause_id.split(".")[0].split("(")[0]


def _strength(position: Position, verdict: str, values: dict[str, Any]) -> tuple[int, float]:
    """Of two RED provisions, the one that is further from the position (two days' notice rather than twelve)."""
    rule = {"RED": position.escalate, "GREEN": position.standard, "YELLOW": position.acceptable}.get(verdict)
    return strength(rule.when, values) if rule is not None and verdict == "RED" else (0, 0.0)


def _named(position: Position, verdict: str) -> set[str]:
    rule = {"RED": position.escalate, "GREEN": position.standard, "YELLOW": position.acceptable}.get(verdict)
    # 'any_costs_regardless' is stated by the provision that says 'costs_regardless'
    return {name.removeprefix("any_") for name in check_expression(rule.when)} if rule is not None else set()


def describe(values: dict[str, Any]) -> str:
    """The figures a finding stands on, as a lawyer writes them ("14 days' notice", "one month's fees")."""
    shown = []
    if values.get("notice_days") is not None:
        said = days_in_words(values["notice_days"])
        shown.append(f"{said}' notice" if said.endswith("s") else f"{said}'s notice")  # "14 days' notice", "one month's notice"
    if values.get("cure_days") is not None:
        shown.append(f"{days_in_words(values['cure_days'])} to cure")
    if values.get("renewal_days") is not None:
        shown.append(f"renewal terms of {days_in_words(values['renewal_days'])}")
    if values.get("period_days") is not None:
        shown.append(f"a period of {days_in_words(values['period_days'])}")
    if values.get("fees_months") is not None:
        months = values["fees_months"]
        shown.append("one month's fees" if months == 1 else f"{months:g} months' fees")
    if values.get("rate_per_year") is not None:
        shown.append(f"{values['rate_per_year']:g}% a year")
    if values.get("percent") is not None:
        shown.append(f"{values['percent']:g}%")
    return ", ".join(shown)


def days_in_words(days: float) -> str:
    """A period as a lawyer writes it: 'one month', '3 years', '14 days', '4 hours'."""
    if days == 0:
        return "no days (due at once)"
    if days >= 360 and (days % 360 == 0 or days % 365 == 0):
        years = int(days // 360) if days % 360 == 0 else int(days // 365)
        return "one year" if years == 1 else f"{years} years"
    if days >= 30 and days % 30 == 0:
        months = int(days // 30)
        return "one month" if months == 1 else f"{months} months"
    if days < 1:  # a response time in hours ('4小时内', 'within 4 hours'): 0.1667 days is no way to write it
        hours = round(days * 24)
        return "one hour" if hours == 1 else f"{hours} hours"
    return "one day" if days == 1 else f"{days:g} days"
