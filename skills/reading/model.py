"""What the reading layer produces: each sentence of a contract as provisions - who may do what, under which
conditions and figures.

A provision is the unit every review position is judged on, so its vocabulary is closed and shared by every
pack: a position names an action and an actor, never words. The reading is party-neutral (the actor is the
contract's own name for a party, 'both', 'third' or None); which side is ours is decided later, by the roles.

    actor      a party's defined name as the contract writes it ("Supplier", "甲方"), "both" (each/either/
               neither party, the parties), "third" (a third party, an affiliate of nobody named), None (no actor,
               e.g. "This Agreement shall renew ...")
    modality   may | shall | shall_not | not_liable | deemed
    action     one of ACTIONS
    conditions a subset of CONDITIONS
    quantities figures in the sentence, each with its kind, value, unit and character span
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Modality = Literal["may", "shall", "shall_not", "not_liable", "deemed"]

ACTIONS: dict[str, str] = {
    "terminate": "end the contract (or a part of it, an order, the appointment)",
    "suspend": "suspend performance, the services, access or deliveries",
    "change_price": "set, increase or vary prices, fees, rates or charges",
    "fix_price": "hold prices, fees or rates fixed (no increase or indexation) for a period",
    "renew": "renew or extend the term (automatically or by option)",
    "pay": "pay money: fees, price, royalties, invoices",
    "charge_interest": "charge interest or a late fee on late payment",
    "set_off": "set off or withhold amounts against what it owes",
    "deliver": "deliver goods, services, deliverables or software",
    "accept": "accept, or be deemed to have accepted, goods, work or deliverables",
    "assign": "assign, transfer or novate the contract or rights under it",
    "subcontract": "subcontract or delegate performance",
    "disclose": "disclose or use confidential information (and the duty to keep it confidential)",
    "return_information": "return or destroy confidential information or data",
    "own_ip": "own intellectual property, deliverables or work product",
    "license": "grant or receive a licence of intellectual property or software",
    "compete": "compete, or be restrained from competing; exclusivity",
    "solicit": "solicit or hire the other side's staff or customers",
    "audit": "audit or inspect records, premises or compliance",
    "publish": "publish or present the results of research or a study (papers, abstracts, talks)",
    "indemnify": "indemnify, defend or hold harmless",
    "limit_liability": "cap liability at an amount or a multiple",
    "exclude_liability": "exclude liability for a kind of loss or a cause",
    "preserve_remedies": "keep every other right and remedy ('without prejudice to any other remedy', '不影响...其他权利')",
    "unlimited_liability": "liability that is expressly not limited",
    "warrant": "give a warranty or representation",
    "insure": "take out and keep insurance",
    "liquidated_damages": "pay a fixed sum, penalty or liquidated damages",
    "minimum_purchase": "buy or sell a minimum quantity, target or commitment",
    "change_scope": "vary the services, specification, product or terms unilaterally",
    "redeem": "redeem or buy back shares (put or call)",
    "prefer": "take a liquidation preference: be paid first on a liquidation, sale or winding up",
    "relocate": "move the other party to other premises (a landlord's relocation right)",
    "restore": "remove improvements and restore premises at the end of a lease",
    "repair": "keep premises (or a building's structure) in repair: a tenant's or landlord's repairing covenant",
    "replace_personnel": "substitute or remove key personnel named for the work",
    "drag": "drag along other shareholders",
    "tag": "tag along with a seller",
    "pre_empt": "have a right of first refusal or pre-emption",
    "issue_shares": "issue new shares or securities",
    "transfer_shares": "transfer or sell shares",
    "veto": "consent to, or veto, reserved matters",
    "appoint_director": "appoint or remove directors",
    "claim": "claim more time or money (an extension of time, a variation, additional cost), or give notice of it",
    "retain": "keep back retention money (or a quality deposit) from payments",
    "provide_security": "provide a performance bond, bank guarantee or other security",
    "lien": "hold a lien over the other's goods or property until paid",
    "pass_title": "ownership of goods passing to the buyer (or kept by the seller until paid)",
    "allow_loss": "set a share of the goods or materials that may be lost without liability (a loss or shrinkage allowance)",
    "determine": "make a statement, test result or calculation final and binding",
    "pass_risk": "the risk of loss of or damage to goods passing from seller to buyer",
    "claw_back": "take back pay already paid: a bonus, an incentive, an equity award or its proceeds (追回奖金)",
    "challenge_validity": "challenge the validity or enforceability of the licensed patents or marks",
    "exploit": "develop, market and sell what is licensed (the licensee's diligence)",
    "notify_breach": "notify the other of a personal data breach or security incident",
    "change_territory": "vary, reduce or redraw the territory or exclusive area granted",
    "report_information": "deliver financial information: management accounts, financial statements, budgets, reports",
    "accelerate": "call a loan early: declare it due and payable, cancel the commitment (提前到期, 提前收回)",
    "default_event": "an event of default: a circumstance on which a lender may call its loan",
    "prepay": "repay a loan before it falls due (voluntary prepayment)",
    "guarantee": "guarantee another's payment or performance (a parent company guarantee, a surety, 保证)",
    "governing_law": "choose the law that governs the contract",
    "resolve_disputes": "submit disputes to courts or arbitration at a seat",
}

CONDITIONS: dict[str, str] = {
    "convenience": "for convenience: at any time, without cause, for any reason",
    "cause": "for cause: breach, default, failure to pay or perform",
    "insolvency": "on insolvency, bankruptcy, winding up",
    "change_of_control": "on a change of control",
    "notice": "on prior (written) notice",
    "consent": "with (or subject to) the other's prior consent",
    "cure": "after a cure or remedy period",
    "discretion": "at its (sole) discretion, unilaterally",
    "free": "expressly without the other's consent",
    "indexed": "tied to an index (CPI, RPI) or a published rate",
    "by_law": "when the law, a regulator or a court requires it",
    # what the provision is about, where a position turns on it
    "background": "about what a party had or makes on its own (pre-existing or background IP, its own platform)",
    "commissioned": "about what is made for the other side under the contract: deliverables, work product, custom development",
    "improvements": "about improvements, modifications or derivatives of a product, or feedback on it",
    "regardless_of_fault": "however caused, even by the other side's own negligence or fault",
    "perpetual": "without limit of time: perpetual, indefinite, surviving for ever",
    "taxes": "about taxes or duties rather than the price itself",
    "no_detriment": "allowed only if it does not reduce or harm what the other side receives",
    "principal_only": "at the money paid in, with no interest or return",
    "new_issue": "about new shares the company issues, not shares a holder transfers",
    "at_least": "by the greater of two measures, or never less than a floor (an upward-only index)",
    "downward": "a reduction of the price, not an increase",
    "exclusive": "an exclusive appointment or right: a bar on the grantor dealing with anyone else",
    "at_once": "with immediate effect",
    "no_cure": "expressly without a chance to cure ('whether or not capable of remedy')",
    "orders": "an order or call-off deemed accepted, not the contract's deliverables",
    "when_paid": "only when (or if) the payer is itself paid by someone else: pay-when-paid, back-to-back",
    "broad_carve_out": "left outside the cap: ordinary failures (non-conformity, any breach, any security incident), not only fraud or indemnities",
    "no_interest": "no interest at all on a sum paid late",
    "month_end": "a time that runs from the end of the month, not from the invoice (up to a month longer)",
    "warranty_breach": "about the warranties proving untrue or being breached",
    "disputed": "about sums the payer disputes (in good faith), not undisputed ones",
    "late_payment": "about paying late: interest or a charge on overdue sums",
    "on_payment": "only once the price is paid in full (retention of title)",
    "regardless_of_payment": "whether or not the price has been paid",
    "goodwill": "compensation for goodwill, clientele or the loss of the business on the contract's end",
    "target": "about a minimum purchase or sales target",
    "final_payment": "about the final account or final payment, not interim payments",
    "capped": "subject to a maximum amount",
    "uncapped": "expressly without a maximum, or with the maximum deleted",
    "site_conditions": "about physical, ground or site conditions",
    "ground_excluded": "physical or ground conditions defined out of what counts as unforeseeable",
    "no_threshold": "whatever the amount: no minimum sum applies",
    "this_round": "about the issue or investment the contract itself makes",
    "anonymous_aggregate": "only aggregated statistics that identify no customer or person",
    "deemed_disclosure": "what the buyer saw in the data room or otherwise knew counts as disclosed against the warranties",
    "employer_documents": "about the employer's requirements, design criteria or site data it provided",
    "discoverable": "only errors an experienced contractor would have found",
    "no_adjustment": "without any adjustment of the price or the time",
    "dispute_board": "through a dispute board or adjudication before arbitration",
    "general": "over all goods for all sums owing, not only what relates to them (a general lien)",
    "from_shipment": "running from shipment or dispatch rather than from delivery or acceptance",
    "to_affiliate": "only to an affiliate, a group company or a buyer of the whole business",
    "after_default": "only once an event of default has occurred",
    "shortfall": "measured by what was not bought or achieved against a target",
    "designated_at_will": "a list (of customers, accounts, channels) the other side may add to whenever it chooses",
    "support_lapse": "on the expiry or non-renewal of maintenance and support",
    "target_change": "changing a purchase target, not merely naming it",
    "pay_charges": "about a party's duty to pay the price (a debt), not a liability",
    "no_dispute": "which the party bound may not dispute, object to or challenge",
    "independent": "made by someone neither side controls (an expert, an independent accountant, a court)",
    # set by the reading of a disapplying sentence, not by a pattern (document._rights_disapplied)
    "excepted": "a right said not to apply in the cases listed: it stands elsewhere and fails only there",
    "board_carve_out": "excepting whatever issue of shares the board or the majority approves, not a closed list",
    "on_dispatch": "on loading, dispatch or hand-over to a carrier, before the goods reach the buyer",
    "incoterm": "under a named trade term (FOB, CIF, FCA, EXW ...) that itself places the risk",
    "warranty_term": "about how long a warranty lasts (the warranty or defects period)",
    "released": "about releasing or returning retention or security, not taking it",
    "infringement": "about a claim that something infringes a third party's intellectual property",
    "sole_remedy": "the only remedy the other side has (every other remedy excluded)",
    "service_credits": "about service credits for missed service levels",
    "own_purposes": "for the party's own purposes: its products, models, benchmarks or aggregated data, beyond the contract",
    "unconditional": "whatever happens: payable even if what is paid for fails, or before the conditions are met",
    "bare_majority": "by a bare majority (more than half) rather than a special majority",
    "claim_or_account": "about a claim, a payment application or a final account the other side submits",
    "same_terms": "on the same price and terms for every holder",
    "all_renewals": "for every renewal or extension of the term as well as the first term",
    "reuse_barred": "with a bar on using the work, or anything like it, for any other customer or third party",
    "customer_data": "about the customer's own data or the materials it provided, not intellectual property in work or deliverables",
    "full_ratchet": "an anti-dilution that resets the price to the new, lower issue price (full ratchet)",
    "multiple_preference": "a preference of more than once the money paid in (2x, 3x)",
    "participating": "participating: paid the preference and then a share of the rest as well",
    "compound": "compounded (interest or return on interest)",
    "at_par": "at par or a nominal price, whatever the company is worth",
    "tooling": "about moulds, tooling, jigs or dies",
    "costs_regardless": "the costs fall on the audited party whatever the audit finds",
    "source_code": "about the software's source code (escrow, release, delivery)",
    "backup": "about back-up or archive copies kept in the ordinary course",
    "own_sales": "the party's own sales, made itself or directly, not through another reseller",
    "outside_territory": "outside the territory or area granted",
    "listed": "only to accounts named in a closed list the contract sets out (house or reserved accounts)",
    "whole_term": "for the whole term of the contract",
    "termination_fee": "on paying an early termination fee or compensation for ending early",
    "landlord_works": "about works the landlord did, or improvements already there when the lease began",
    "emergency": "only to meet an emergency: an imminent threat to security or integrity, a risk of harm",
    "survival": "about how long warranties survive, or the time within which a claim on them must be brought",
    "structure": "about a building's structure, roof, foundations or external walls (主体结构)",
    "strict_compliance": "only if every obligation has been performed in every respect, however small a breach",
    "knowledge_no_bar": "claims kept whatever the claimant knew or could have found out (pro-sandbagging)",
    "liquidated": "about liquidated damages or a contractual penalty (违约金)",
    "mandatory_carve_out": "about what law does not let a contract limit: fraud, death, personal injury, wilful misconduct",
    "advance": "an advance payment, deposit or down payment, due on signing or before the goods are shipped rather than on an invoice",
    "secured": "against a bank guarantee, bond or other security (保函, 担保)",
    "unsecured": "expressly without a guarantee or other security for it",
    "processing": "about processing personal data for the other (sub-processors, personal data)",
    "objection": "with a right to object",
    "after_investigation": "a time that runs only once the party has investigated or confirmed the incident",
    "indemnities_in_cap": "a general cap that also covers what caps usually leave out: indemnities, title or tax claims, fundamental warranties, confidentiality",
    "breach_in_cap": "liability for data breaches counted within the general cap",
    "set_dates": "only on set dates (each anniversary, each 1 January, once a year), not at any time",
    "forfeited": "a deposit or bond kept whole as a penalty (没收保证金, forfeited), not applied to what is owed",
    "set_at_will": "a figure the other side may raise to whatever it decides ('or such higher rate as the Lender may determine')",
    "training_or_restraint": "about a training bond, a service period, a restraint or confidentiality (what an employee may be bound to pay for)",
    "on_final_acceptance": "only once the whole work is finally accepted, whatever milestones were passed on the way",
    "at_cost": "at no more than what was paid (cost, the purchase price, or the lower of it and fair value), whatever the thing is worth now",
    "vested": "reaching vested equity or options, not only unvested ones (已归属)",
    "bonus": "about a bonus or incentive pay (年终奖, 奖金)",
    "insured_recourse": "the buyer's recourse for warranty claims is a warranty and indemnity (W&I, R&W) insurance policy",
    "even_fraud": "a limit or exclusion kept even where the loss comes from the other side's fraud",
    "only_gross_fault": "liable only for fraud, wilful default or gross negligence, not for ordinary negligence",
    "resignation": "on the employee leaving of its own will (resigning, giving notice)",
    "main_contract": "about the main contract above a subcontract (its completion, its defects period)",
    "overtime_in_salary": "pay for overtime said to be included in the salary (月薪已包含加班工资)",
    "frequency": "limited in how often (once a year, no more than twice)",
    "on_use": "on use before the test is done: a trial run, or use before acceptance, counts as accepting it",
    "periodic": "monthly or quarterly (not only once a year)",
    "audited": "audited by an independent auditor (经审计)",
    "remaining_term": "measured over the rest of the term (the fees for the unexpired term, 剩余期限)",
    "all_moneys": "covering every sum owed on any account, beyond the contract it supports (all moneys)",
    "defences_waived": "a guarantor's liability not limited to the debtor's: the debtor's defences, set-off and limits not available to it",
    "fit_for_purpose": "a result promised: fit for its purpose or achieving stated performance, beyond reasonable skill and care",
    "disclaimed": "a warranty disclaimed or expressly not given ('makes no warranty', 'disclaims', 不保证)",
    "interest_upfront": "interest taken out of the loan when it is paid out (the borrower repays, and pays interest on, money it never received)",
    "material_adverse": "on a material adverse change or effect (重大不利变化, 财务状况恶化)",
    "opinion": "as the party itself considers or believes, not as it reasonably considers (贷款人认为)",
    "cross_default": "on a default under other debt or other financing (cross-default)",
    "threshold": "only above a stated sum (a de minimis or threshold amount)",
    "prepayment": "about repaying a loan early (prepayment, 提前还款)",
    "specific": "for named claims only (breach of a named clause, data or security incidents), not the general cap",
    "beyond_patent": "payable whether or not a valid patent claim still covers the product, after the patents expire or fall",
    "sublicence_income": "a share of what sublicensees pay the licensee",
    "own_time": "made on the employee's own time, outside the employer's business or without its resources",
    "before_our_time": "about liabilities from before the provider took the work over (an outgoing contractor's staff and acts)",
    "after_warranty": "about what follows once the warranty has ended (spare parts, paid maintenance)",
    "no_termination_fee": "expressly without any termination fee or charge",
    "paid_regardless": "paid whether or not the payer is itself paid by someone else",
    "made_by_grantor": "made by the licensor or supplier itself (for the customer), not by the customer",
    "statutory_works": "about defects whose period the law itself sets (waterproofing, a building's structure)",
    "capital_works": "the cost of improving, replacing or rebuilding a building or its plant, not of running it",
}

QuantityKind = Literal["period", "money", "percent", "fees_months", "share_of_total"]


class Quantity(BaseModel):
    """A figure as read: a period in days, money with its currency, a percentage, a multiple of the fees
    expressed as months of fees ('the fees paid in the twelve months before the claim' -> 12), or a share of the
    whole contract's value ('the total Contract Price' -> 1, 'fifty per cent of the total fees' -> 0.5)."""

    model_config = ConfigDict(frozen=True)

    kind: QuantityKind
    value: float
    unit: str = Field(description="days | currency code | % | %/year | months")
    of: str = Field("", description="for a period, what it measures when the words say: 'notice', 'cure' or 'renewal'; "
                                 "'after_end' for a time that runs once something has ended; 'threshold' for a length that "
                                 "triggers something ('a stoppage of more than 72 hours'); 'window' for the span events "
                                 "are counted in ('once in any period of 24 months')")
    text: str = Field(description="the figure as written")
    start: int = Field(description="offset in the sentence")
    end: int


class Provision(BaseModel):
    """One actor's right, duty or exclusion in one sentence."""

    model_config = ConfigDict(frozen=True)

    clause_id: str
    sentence: str = Field(description="the sentence, verbatim")
    start: int = Field(description="offset of the sentence in the clause text")
    actor: str | None
    modality: Modality
    action: str
    conditions: frozenset[str] = frozenset()
    quantities: tuple[Quantity, ...] = ()
    trigger: tuple[int, int] = Field(description="span of the words that state the action, in the sentence")
    place: str | None = Field(None, description="for governing law and disputes, the jurisdiction or seat named")
    defined_in: tuple[str, str] | None = Field(None, description="where the figure or condition that decides was read from a "
                                               "defined term: the clause and sentence of its definition, the words to change")
