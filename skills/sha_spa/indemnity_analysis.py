"""spa_indemnity_analysis: the seller's liability regime of an SPA judged against market ranges from our side.

Cap, de minimis, basket and claims period interact: a low cap behind a high deductible basket can leave a
buyer with almost nothing, so each finding states the figure, its share of the price and the market range
it was judged against (skills/sha_spa/market.py, overridden by the pack's criteria or a playbook).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..framework.base import ClauseInput, require_structure
from ..framework.schema import Finding, SkillRegistration
from . import limitations as lim
from .common import Side, agreement_input, all_sentences, is_share_deal, is_share_sale, ordered, require_text, resolve_focus, resolve_side, sentence_quote, split_by_focus
from .market import Range, market_ranges


class IndemnityInput(ClauseInput):
    clause_id: str = Field("*", description=(
        "What to focus on. '*' (or a checklist topic id such as 'limitations' or 'indemnities') reads the whole agreement; "
        "a clause number such as '9', '9.2' or '10.4' reports findings in that clause and its sub-clauses in full (others "
        "are listed in findings_elsewhere). The whole agreement is always read."))
    our_party: str = Field("", description="Whose side to judge from: 'Buyer' or 'Seller' (or a party name). Default: the review's our_party, else the Buyer.")
    consideration_amount: float | None = Field(None, gt=0, description="The price to measure caps and thresholds against, if the agreement's own figure is not the one to use (e.g. an earn-out deal).")


class IndemnityOutput(BaseModel):
    our_party: str
    our_party_assumed: bool
    is_share_deal: bool = Field(description="False when the agreement neither sells nor issues shares: terms are listed but not judged.")
    consideration: lim.Amount | None
    caps: list[lim.Term] = Field(description="Caps on the seller's liability: for warranty claims and for indemnity claims.")
    de_minimis: lim.Term | None
    basket: lim.Term | None
    claims_periods: list[lim.Term]
    specific_indemnities: list[lim.Item]
    tax_covenant: str = Field(description="given, excluded or not found.")
    tax_covenant_evidence: str
    exclusions: list[lim.Item]
    sandbagging: str = Field(description="buyer_knowledge_no_bar (pro-sandbagging), anti_sandbagging or silent.")
    sandbagging_evidence: str
    fraud_carve_out: bool
    market_ranges: dict[str, str] = Field(description="The ranges the findings were judged against, with their sources.")
    findings: list[Finding]
    findings_elsewhere: list[str]
    summary: str


def _money(value: float | None, currency: str) -> str:
    if value is None:
        return "an unstated amount"
    return f"{currency + ' ' if currency else ''}{value / 1e6:,.2f}m" if value >= 1e6 else f"{currency + ' ' if currency else ''}{value:,.0f}"


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}%".replace(".00%", "%")


def indemnity_analysis(data: IndemnityInput) -> IndemnityOutput:
    structure = require_structure(data.document_structure)
    require_text(structure)
    focus = resolve_focus(structure, data.clause_id)
    side = resolve_side(data.our_party or data.state_snapshot.get("our_party", ""), structure, default="buyer")
    ranges = market_ranges(data.state_snapshot)
    sents = all_sentences(structure)
    price = lim.consideration(structure)
    if data.consideration_amount:
        price = lim.Amount(value=data.consideration_amount, currency=price.currency if price else "", quote="", source="given by the caller")
    caps = lim.caps(sents, price)
    de_minimis, basket = lim.de_minimis(sents, price), lim.basket(sents, price)
    periods = lim.claims_periods(sents)
    indemnities = lim.specific_indemnities(structure, sents)
    negation, covenant = lim.first(sents, lim.TAX_NEGATION), lim.first(sents, lim.TAX_COVENANT)
    tax = "excluded" if negation else "given" if covenant else "not found"
    pro, anti = lim.first(sents, lim.PRO_SANDBAG), lim.first(sents, lim.ANTI_SANDBAG)
    fraud = any(lim.FRAUD.search(s.text) and "limitation" in s.text.lower() or "限制" in s.text and lim.FRAUD.search(s.text) for s in sents)
    facts = dict(price=price, caps=caps, de_minimis=de_minimis, basket=basket, periods=periods, indemnities=indemnities,
                 tax=tax, negation=negation, pro=pro, anti=anti, fraud=fraud)
    share_deal = is_share_deal(structure)
    findings = ([] if not share_deal else _buyer_findings(side, ranges, sale=is_share_sale(structure), **facts) if side.protected
                else _seller_findings(side, ranges, **facts))
    kept, elsewhere = split_by_focus(ordered(findings), focus)
    warranty_cap = next((c for c in caps if c.applies_to == "warranty claims"), None)
    general = next((p for p in periods if p.applies_to == "warranty claims"), None)
    summary = (f"Price {_money(price.value, price.currency) if price else 'not found'}; cap {_pct(warranty_cap.percent_of_consideration) if warranty_cap else 'none found'}; "
               f"de minimis {_pct(de_minimis.percent_of_consideration) if de_minimis else 'none'}; basket "
               f"{(_pct(basket.percent_of_consideration) + ' ' + basket.kind) if basket else 'none'}; claims period "
               f"{f'{general.months:g} months' if general else 'not found'}; {len(indemnities)} specific indemnities; tax covenant {tax}; "
               + (f"{len(kept)} findings for the {side.name}{' (assumed)' if side.assumed else ''}." if share_deal else
                  "Not judged: the agreement does not sell or issue shares, so share-purchase market ranges do not apply."))
    sandbagging = "buyer_knowledge_no_bar" if pro else "anti_sandbagging" if anti else "silent"
    return IndemnityOutput(
        our_party=side.name, our_party_assumed=side.assumed, is_share_deal=share_deal, consideration=price, caps=caps, de_minimis=de_minimis, basket=basket,
        claims_periods=periods, specific_indemnities=indemnities, tax_covenant=tax,
        tax_covenant_evidence=sentence_quote(negation or covenant) if (negation or covenant) else "",
        exclusions=lim.exclusions(structure, sents), sandbagging=sandbagging,
        sandbagging_evidence=sentence_quote(pro or anti) if (pro or anti) else "", fraud_carve_out=fraud,
        market_ranges={key: r.describe() for key, r in ranges.items()}, findings=kept, findings_elsewhere=elsewhere, summary=summary,
    )


def _graded(value: float, bound: float, worse_when_below: bool) -> str | None:
    """'high' when the value is at least twice as far from the bound as the bound itself allows, else 'medium'."""
    if worse_when_below:
        return None if value >= bound else "high" if value <= bound / 2 else "medium"
    return None if value <= bound else "high" if value >= bound * 2 else "medium"


def _buyer_findings(side: Side, ranges: dict[str, Range], *, price, caps, de_minimis, basket, periods, indemnities, tax,
                    negation, pro, anti, fraud, sale: bool) -> list[Finding]:
    found: list[Finding] = []
    cap = next((c for c in caps if c.applies_to == "warranty claims" and c.percent_of_consideration is not None), None)
    if cap is not None:
        r = ranges["cap_pct"]
        severity = _graded(cap.percent_of_consideration, r.low, worse_when_below=True)
        if severity:
            found.append(Finding(severity=severity, kind="liability_cap_too_low", clause_id=cap.clause_id, evidence=cap.quote,
                                 message=(f"The cap on warranty claims is {_pct(cap.percent_of_consideration)} of the price "
                                          f"({_money(cap.amount, cap.currency)}); {r.describe()}.")))
    if de_minimis is not None and de_minimis.percent_of_consideration is not None:
        r = ranges["de_minimis_pct"]
        severity = _graded(de_minimis.percent_of_consideration, r.high, worse_when_below=False)
        if severity:
            found.append(Finding(severity=severity, kind="de_minimis_excessive", clause_id=de_minimis.clause_id, evidence=de_minimis.quote,
                                 message=(f"Claims below {_money(de_minimis.amount, de_minimis.currency)} ({_pct(de_minimis.percent_of_consideration)} "
                                          f"of the price) are ignored entirely; {r.describe()}.")))
    if basket is not None and basket.percent_of_consideration is not None:
        r = ranges["basket_pct"]
        severity = _graded(basket.percent_of_consideration, r.high, worse_when_below=False)
        if severity and basket.kind == "deductible":
            severity = "high"
        if severity:
            reach = ""
            if basket.kind == "deductible" and cap is not None and cap.amount and basket.amount:
                reach = f" With the cap, the {side.name} needs {_money(basket.amount + cap.amount, basket.currency)} of qualifying losses to recover the maximum."
            found.append(Finding(severity=severity, kind="threshold_excessive", clause_id=basket.clause_id, evidence=basket.quote,
                                 message=(f"A {basket.kind} basket of {_money(basket.amount, basket.currency)} ({_pct(basket.percent_of_consideration)} of the price)"
                                          f"{': the first ' + _money(basket.amount, basket.currency) + ' of losses is never recovered' if basket.kind == 'deductible' else ''}; "
                                          f"{r.describe()}.{reach}")))
    general = next((p for p in periods if p.applies_to == "warranty claims"), None)
    if general is not None:
        r = ranges["claims_period_months"]
        severity = _graded(general.months, r.low, worse_when_below=True)
        if severity:
            found.append(Finding(severity=severity, kind="claims_period_too_short", clause_id=general.clause_id, evidence=general.quote,
                                 message=f"Warranty claims must be notified within {general.months:g} months; {r.describe()}."))
    tax_period = next((p for p in periods if p.applies_to == "tax claims"), None)
    r = ranges["tax_claims_period_years"]
    if tax_period is not None and tax_period.months < r.low * 12:
        found.append(Finding(severity="high" if tax_period.months < r.low * 6 else "medium", kind="tax_claims_period_too_short",
                             clause_id=tax_period.clause_id, evidence=tax_period.quote,
                             message=f"Tax claims must be notified within {tax_period.months:g} months; {r.describe()}."))
    elif tax_period is None and general is not None and general.months < r.low * 12:
        found.append(Finding(severity="medium", kind="tax_claims_period_too_short", clause_id=general.clause_id, evidence=general.quote,
                             message=f"No separate period for tax claims: they fall under the {general.months:g}-month general period; {r.describe()}."))
    if tax == "excluded":
        found.append(Finding(severity="high", kind="missing_tax_indemnity", clause_id=negation.clause_id, evidence=sentence_quote(negation, lim.TAX_NEGATION.search(negation.text)),
                             message=(f"No tax covenant or indemnity: pre-completion tax is recoverable only as a warranty claim, subject to disclosure, "
                                      f"the cap, the thresholds and the claims period; {ranges['tax_claims_period_years'].source}.")))
    elif tax == "not found" and sale and (caps or basket or periods):
        found.append(Finding(severity="medium", kind="missing_tax_indemnity", clause_id=None,
                             message="No tax covenant or tax indemnity was found; market practice is a pound-for-pound covenant for pre-completion tax."))
    for cap_term in (c for c in caps if c.applies_to == "indemnity claims" and c.percent_of_consideration is not None):
        if cap_term.percent_of_consideration < ranges["specific_indemnity_cap_pct"].low:
            found.append(Finding(severity="medium", kind="specific_indemnity_cap_low", clause_id=cap_term.clause_id, evidence=cap_term.quote,
                                 message=f"Specific indemnities are capped at {_pct(cap_term.percent_of_consideration)} of the price; {ranges['specific_indemnity_cap_pct'].describe()}."))
    for period in (p for p in periods if p.applies_to == "indemnity claims"):
        if period.months < ranges["specific_indemnity_period_years"].low * 12:
            found.append(Finding(severity="medium", kind="specific_indemnity_period_short", clause_id=period.clause_id, evidence=period.quote,
                                 message=f"Indemnity claims must be notified within {period.months:g} months; {ranges['specific_indemnity_period_years'].describe()}."))
    if anti is not None:
        found.append(Finding(severity="medium", kind="anti_sandbagging", clause_id=anti.clause_id, evidence=sentence_quote(anti),
                             message=f"The {side.name} loses claims for matters it knew of; market for a buyer is that its knowledge does not bar a claim."))
    if not fraud and sale and (caps or basket or periods):
        found.append(Finding(severity="medium", kind="no_fraud_carve_out", clause_id=None,
                             message="The limitations are not disapplied for fraud or wilful concealment by the seller."))
    return found


def _seller_findings(side: Side, ranges: dict[str, Range], *, price, caps, de_minimis, basket, periods, indemnities, tax,
                     negation, pro, anti, fraud) -> list[Finding]:
    found: list[Finding] = []
    cap = next((c for c in caps if c.applies_to == "warranty claims"), None)
    if cap is None and (basket or periods):
        found.append(Finding(severity="high", kind="liability_uncapped", clause_id=None,
                             message="No cap on the seller's liability for warranty claims was found; ask for a cap within the market range."))
    elif cap is not None and cap.percent_of_consideration is not None and cap.percent_of_consideration > ranges["cap_pct"].high:
        found.append(Finding(severity="high", kind="liability_cap_too_high", clause_id=cap.clause_id, evidence=cap.quote,
                             message=f"The cap is {_pct(cap.percent_of_consideration)} of the price; {ranges['cap_pct'].describe()}."))
    if de_minimis is None and (caps or periods):
        found.append(Finding(severity="low", kind="no_de_minimis", clause_id=None, message="No de minimis: every small claim counts towards the basket."))
    if basket is None and (caps or periods):
        found.append(Finding(severity="medium", kind="no_basket", clause_id=None, message=f"No basket: claims run from the first pound; {ranges['basket_pct'].describe()}."))
    elif basket is not None and basket.kind == "tipping":
        found.append(Finding(severity="low", kind="tipping_basket", clause_id=basket.clause_id, evidence=basket.quote,
                             message="Once the basket is exceeded the whole amount is recoverable; a deductible basket is more favourable to the seller."))
    general = next((p for p in periods if p.applies_to == "warranty claims"), None)
    if general is not None and general.months > ranges["claims_period_months"].high * 1.5:
        found.append(Finding(severity="medium", kind="claims_period_too_long", clause_id=general.clause_id, evidence=general.quote,
                             message=f"Warranty claims may be notified for {general.months:g} months; {ranges['claims_period_months'].describe()}."))
    if pro is not None:
        found.append(Finding(severity="medium", kind="buyer_knowledge_no_bar", clause_id=pro.clause_id, evidence=sentence_quote(pro),
                             message="The buyer may claim for matters it knew of (pro-sandbagging); ask that its actual knowledge bars a claim."))
    for cap_term in (c for c in caps if c.applies_to == "indemnity claims" and c.percent_of_consideration is not None):
        if cap_term.percent_of_consideration > ranges["specific_indemnity_cap_pct"].high:
            found.append(Finding(severity="medium", kind="specific_indemnity_cap_high", clause_id=cap_term.clause_id, evidence=cap_term.quote,
                                 message=f"Specific indemnities are capped above the price; {ranges['specific_indemnity_cap_pct'].describe()}."))
    return found


def prepare_input(clause_id: str, primary_structure, state: dict) -> IndemnityInput:
    return agreement_input(IndemnityInput, clause_id, primary_structure, state)


registration = SkillRegistration(
    skill_id="spa_indemnity_analysis",
    name="SPA liability and indemnities",
    description=(
        "Analyse the seller's liability regime of a share purchase: cap (amount and % of the price), de minimis, basket "
        "(tipping or deductible), claims periods (general, tax, indemnity), specific indemnities, the tax covenant, "
        "exclusions, sandbagging and the fraud carve-out. Findings against market ranges (pack criteria) from our side, "
        "buyer or seller."
    ),
    input_schema=IndemnityInput,
    output_schema=IndemnityOutput,
    local_handler=indemnity_analysis,
    prepare_input_fn=prepare_input,
    domain="sha_spa",
    category="analysis",
)
