"""Reading the limitation regime of an SPA: the price, the caps, de minimis, basket, claims periods, specific
indemnities, the tax covenant, exclusions and sandbagging. Judging them is spa_indemnity_analysis's job.

Figures come from paralaw.skills.text.amounts (never a second parser); each term keeps its verbatim quote.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from ..documents.model import DocumentStructure
from ..text.amounts import find_money, find_percentages, find_periods
from .common import Sentence, rx, sentence_quote

PRICE_TERMS = ("Initial Consideration", "Consideration", "Purchase Price", "Total Consideration", "Price", "Subscription Price",
               "Investment Amount", "股权转让价款", "转让价款", "交易价款", "投资款", "对价")
PRICE_TITLE = rx(r"consideration|purchase\s+price|\bprice\b", r"价款|对价|投资款")
INDEMNITY_SUBJECT = rx(r"Indemnity\s+Claim|specific\s+indemnit|indemnities\s+in\s+Clause", r"特别赔偿|专项赔偿")
CAP = rx(r"(?:aggregate|total|maximum)\s+(?:amount\s+of\s+(?:the\s+)?)?liabilit", r"liabilit[^.;]{0,120}(?:shall|will)\s+not\s+exceed",
         r"赔偿总额|累计赔偿|责任上限|最高赔偿|赔偿责任[^。；]{0,20}不超过")
WHOLE_PRICE = rx(r"(?:shall\s+not\s+exceed|limited\s+to)\s+(?:an\s+amount\s+equal\s+to\s+)?the\s+(?:Initial\s+|Total\s+)?(?:Consideration|Purchase\s+Price|Subscription\s+(?:Amount|Price|Monies)|Investment\s+Amount)\b(?!\s+multiplied)",
                 r"不超过(?:全部)?(?:股权)?(?:转让价款|投资款|增资款)(?!的)")
DE_MINIMIS = rx(r"(?:amount|value)\s+of\s+(?:that|any|the\s+relevant|an?\s+(?:individual|single))\s+(?:[A-Z]\w+\s+)?Claim\b[^.;]{0,160}exceed",
                r"individual\s+claim|single\s+claim|de\s+minimis",
                r"(?:单项|单笔|单一|单次)[^。；]{0,12}(?:索赔|损失|赔偿)")  # '单笔金额超过500万元的对外投资' is a reserved matter
BASKET = rx(r"aggregate\s+amount\s+of\s+(?:all\s+)?(?:such\s+)?(?:[A-Z]\w+\s+)?Claims\b[^.;]{0,160}exceed", r"\bbasket\b|\bdeductible\b",
            r"起赔额|累计(?:索赔)?金额[^。；]{0,20}超过")
DEDUCTIBLE = rx(r"only\s+for\s+the\s+(?:amount|excess)\s+(?:by\s+which|over|of)", r"\bthe\s+excess\b", r"\bdeductible\b", r"仅就超出部分|超出部分")
TIPPING = rx(r"(?:whole|entire|full)\s+amount", r"from\s+the\s+first", r"not\s+(?:merely|only)\s+the\s+excess", r"tipping", r"全部金额|全额")
NOTICE_PERIOD = rx(r"notice[^.;]{0,220}(?:on\s+or\s+before|within|no\s+later\s+than|not\s+later\s+than)", r"unless[^.;]{0,220}notice",
                   r"claims?\s+period|\bsurviv", r"索赔期限|提出索赔|书面通知")
RUNS_FROM_COMPLETION = rx(r"(?:after|following|from|of)\s+(?:the\s+)?(?:Completion|Closing)", r"surviv", r"交割(?:日)?(?:之)?后|自交割")
CLAIM_WORD = rx(r"\bClaims?\b", r"warrant", r"索赔|赔偿")
PROCEEDINGS = rx(r"withdrawn|legal\s+proceedings|issued\s+and\s+served", r"起诉|诉讼")
INDEMNIFY = rx(r"shall\s+indemnify|indemnify\s+and\s+hold", r"(?:承担|负责)[^。；]{0,10}赔偿(?:责任)?[^。；]{0,10}(?:损失|费用)|予以(?:全额)?赔偿")
TAX_NEGATION = rx(r"(?:gives?|provides?)\s+no\s+(?:covenant|indemnity|undertaking)[^.;]{0,60}\bTax", r"no\s+tax\s+(?:covenant|deed|indemnity)",
                  r"deed\s+of\s+tax\s+indemnity\s+shall\s+(?:not|no)", r"不(?:提供|承担|作出)[^。；]{0,10}税务(?:赔偿|补偿|承诺)")
TAX_COVENANT = rx(r"tax\s+(?:covenant|deed)|deed\s+of\s+tax", r"indemnif\w*[^.;]{0,80}\b(?:Tax|Taxation)\b", r"税务(?:赔偿|补偿)")
EXCLUSION_INTRO = rx(r"shall\s+not\s+be\s+liable\s+(?:for|in\s+respect\s+of)\s+any\s+Claim\s+(?:to\s+the\s+extent|if)", r"不承担[^。]{0,20}责任[^。]{0,10}(?:如|若)")
PRO_SANDBAG = rx(r"No\s+other\s+information\s+of\s+which\s+the\s+\w+\s+has\s+knowledge[^.]{0,160}(?:prejudice|reduce)",
                 r"knowledge\s+of\s+the\s+(?:Buyer|Purchaser|Investors?)[^.]{0,100}shall\s+not\s+(?:prejudice|limit|affect)",
                 r"regardless\s+of\s+any\s+(?:investigation|knowledge)", r"买方(?:是否)?(?:已知|知悉)[^。]{0,20}不影响")
ANTI_SANDBAG = rx(r"(?:Buyer|Purchaser|Investors?)\s+(?:shall\s+not\s+be\s+entitled\s+to|may\s+not)\s+(?:make\s+(?:a|any)\s+)?claim[^.]{0,160}(?:aware|knowledge)",
                  r"to\s+the\s+extent\s+that\s+the\s+(?:Buyer|Purchaser|Investors?)\s+(?:was|is|were)\s+(?:actually\s+)?aware",
                  r"买方[^。]{0,20}(?:已知|知悉)[^。]{0,20}不得(?:索赔|主张)")
FRAUD = rx(r"fraud|dishonest|wilful\s+(?:misconduct|concealment)", r"欺诈|故意隐瞒")
INDEMNITY_KINDS = [("tax", rx(r"\bTax", r"税")), ("litigation", rx(r"litigation|proceedings|claim\s+number", r"诉讼|仲裁")),
                   ("environmental", rx(r"environment|contamina|soil|groundwater", r"环境|污染")),
                   ("guarantees_and_security", rx(r"guarantee|Encumbrance", r"担保")), ("employment", rx(r"employ|pension", r"员工|社保"))]
EXCLUSION_KINDS = [("disclosed", rx(r"Disclosed|disclos", r"披露")), ("provided_in_accounts", rx(r"allowance|provision|reserve", r"计提|准备")),
                   ("change_in_law", rx(r"legislation|change\s+in\s+(?:the\s+)?(?:law|rates)", r"法律变更|税率")),
                   ("post_completion_acts", rx(r"after\s+Completion|act\s+or\s+omission\s+of\s+the\s+Buyer", r"交割后")),
                   ("insured", rx(r"insur", r"保险")), ("contingent", rx(r"contingent", r"或有"))]


MONTHS_PER_UNIT = {"months": 1.0, "years": 12.0, "weeks": 12 / 52, "days": 12 / 365}


class Amount(BaseModel):
    value: float
    currency: str
    quote: str
    source: str = Field("", description="Where the figure was found, e.g. the defined term or clause.")


class Term(BaseModel):
    """One limitation term as the agreement states it."""

    applies_to: str = Field(description="'warranty claims' or 'indemnity claims'.")
    clause_id: str | None
    percent_of_consideration: float | None = None
    amount: float | None = None
    currency: str = ""
    months: float | None = Field(None, description="For periods: the length in months.")
    kind: str = Field("", description="For a basket: deductible, tipping or unspecified.")
    quote: str


class Item(BaseModel):
    clause_id: str | None
    category: str
    text: str


# a price per share ('£4.00 per Series A Share', '每股人民币10元') is no price of the deal
_PER_UNIT = re.compile(r"\s*\)?\s*(?:per|for\s+each|each|a)\s+(?:[\w-]+\s+){0,2}?(?:shares?|units?|notes?)\b|\s*(?:/股|每股)", re.I)


def _whole_sums(text: str) -> list:
    """The sums a text states, less those stated per share or per unit."""
    sums = []
    for money in find_money(text):
        at = text.find(money.quote)
        if at < 0 or not _PER_UNIT.match(text, at + len(money.quote)):
            sums.append(money)
    return sums


def consideration(structure: DocumentStructure) -> Amount | None:
    """The price: a defined price term with a figure in its definition, else the first figure in a price clause."""
    for term in PRICE_TERMS:
        definition = structure.definition_of(term)
        money = _whole_sums(definition.definition) if definition else []
        if money:
            return Amount(value=money[0].value, currency=money[0].currency, quote=money[0].quote, source=f'definition of "{definition.term}"')
    for clause in structure.iter_clauses():
        if PRICE_TITLE.search(clause.title):
            money = _whole_sums(structure.full_text(clause))
            if money:
                return Amount(value=money[0].value, currency=money[0].currency, quote=money[0].quote, source=f"clause {clause.clause_id}")
    return None


def _applies(s: Sentence) -> str:
    return "indemnity claims" if INDEMNITY_SUBJECT.search(s.text) else "warranty claims"


def _money_term(s: Sentence, price: Amount | None, applies_to: str) -> Term:
    money = find_money(s.text)
    value = money[0].value if money else None
    share = 100 * value / price.value if value is not None and price and price.value else None
    return Term(applies_to=applies_to, clause_id=s.clause_id, amount=value, currency=money[0].currency if money else "",
                percent_of_consideration=share, quote=sentence_quote(s))


def caps(sentences: list[Sentence], price: Amount | None) -> list[Term]:
    found = []
    for s in sentences:
        if not CAP.search(s.text) or BASKET.search(s.text):
            continue
        percents = [p for p in find_percentages(s.text) if not p.basis or re.search(r"consideration|price|价款|对价", p.basis, re.I)]
        if percents:
            amount = price.value * percents[0].value / 100 if price else None
            found.append(Term(applies_to=_applies(s), clause_id=s.clause_id, percent_of_consideration=percents[0].value, amount=amount,
                              currency=price.currency if price else "", quote=sentence_quote(s)))
        elif WHOLE_PRICE.search(s.text):
            found.append(Term(applies_to=_applies(s), clause_id=s.clause_id, percent_of_consideration=100.0,
                              amount=price.value if price else None, currency=price.currency if price else "", quote=sentence_quote(s)))
        elif find_money(s.text):
            found.append(_money_term(s, price, _applies(s)))
        elif _OTHER_MEASURE.search(s.text):  # 'three times his or her gross annual salary': a cap, in another measure
            found.append(Term(applies_to=_applies(s), clause_id=s.clause_id, quote=sentence_quote(s)))
    return found


# a cap measured by something other than the price or a sum: a multiple of salary or fees, the amount received
_OTHER_MEASURE = re.compile(r"\b(?:one|two|three|four|five|\d+(?:\.\d+)?)\s*(?:\(\d+\)\s*)?times\b|\bmultiple\s+of\b|\b(?:annual|gross)\s+"
                            r"(?:base\s+)?(?:salary|remuneration)\b|\bamount\s+(?:actually\s+)?received\s+by\b|倍|年薪|工资总额|所得(?:款项|价款)", re.I)


def de_minimis(sentences: list[Sentence], price: Amount | None) -> Term | None:
    s = next((s for s in sentences if DE_MINIMIS.search(s.text) and find_money(s.text) and not BASKET.search(s.text)), None)
    return _money_term(s, price, _applies(s)) if s else None


def basket(sentences: list[Sentence], price: Amount | None) -> Term | None:
    s = next((s for s in sentences if BASKET.search(s.text) and (find_money(s.text) or find_percentages(s.text))), None)
    if s is None:
        return None
    term = _money_term(s, price, _applies(s))
    if term.amount is None:
        percents = find_percentages(s.text)
        term.percent_of_consideration = percents[0].value
        term.amount = price.value * percents[0].value / 100 if price else None
    # "the whole amount and not merely the excess" names the excess too: tipping wording is checked first.
    term.kind = "tipping" if TIPPING.search(s.text) else "deductible" if DEDUCTIBLE.search(s.text) else "unspecified"
    return term


def claims_periods(sentences: list[Sentence]) -> list[Term]:
    """Notice periods for claims; a sentence naming Tax gives the tax period, one about proceedings is skipped."""
    found = []
    for s in sentences:
        if not (NOTICE_PERIOD.search(s.text) and CLAIM_WORD.search(s.text)) or PROCEEDINGS.search(s.text):
            continue
        for period in find_periods(s.text):
            if period.unit not in ("months", "years", "weeks", "days") or not RUNS_FROM_COMPLETION.search(s.text[max(0, period.start - 80):period.end + 60]):
                continue
            before = s.text[max(0, period.start - 120):period.start]
            tax = re.search(r"\bTax|税", before) and not INDEMNITY_SUBJECT.search(before)
            applies = "tax claims" if tax else _applies(s)
            found.append(Term(applies_to=applies, clause_id=s.clause_id, months=round(period.value * MONTHS_PER_UNIT[period.unit], 2),
                              quote=sentence_quote(s, re.search(re.escape(period.quote), s.text))))
    return found


def children_items(structure: DocumentStructure, s: Sentence, kinds) -> list[Item]:
    """The lettered items under a sentence's clause, or the sentence itself, each given a category."""
    clause = structure.get_clause(s.clause_id) if s.clause_id else None
    parts = [(c.clause_id, c.text.strip()) for c in clause.children] if clause and clause.children else [(s.clause_id, s.text)]
    return [Item(clause_id=cid, category=next((k for k, p in kinds if p.search(text)), "other"), text=text[:300]) for cid, text in parts]


def specific_indemnities(structure: DocumentStructure, sentences: list[Sentence]) -> list[Item]:
    found: list[Item] = []
    for s in sentences:
        if INDEMNIFY.search(s.text) and not TAX_NEGATION.search(s.text):
            found.extend(i for i in children_items(structure, s, INDEMNITY_KINDS) if i.clause_id not in {f.clause_id for f in found})
    return found


def exclusions(structure: DocumentStructure, sentences: list[Sentence]) -> list[Item]:
    found: list[Item] = []
    for s in sentences:
        if EXCLUSION_INTRO.search(s.text):
            found.extend(children_items(structure, s, EXCLUSION_KINDS))
    return found


def first(sentences: list[Sentence], pattern: re.Pattern[str]) -> Sentence | None:
    return next((s for s in sentences if pattern.search(s.text)), None)
