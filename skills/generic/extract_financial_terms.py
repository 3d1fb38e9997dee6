"""extract_financial_terms: every amount, percentage and period in a clause (or the whole contract), normalised
and typed, so a reviewer (or assess_deviation) can compare numbers instead of re-reading prose.

Typing is by the nearest telling word in the same sentence or table row ("shall not exceed" -> cap,
"retention" -> retention, "违约金" -> damages), ignoring the words of the value's own basis ("of the Contract
Price" does not make a percentage a price). Findings stay factual: damages or liability stated to be uncapped,
an amount whose words and figures disagree, a malformed figure ("$1,600,00.00"), a Chinese quality retention
above the 3% statutory ceiling. In English contracts the clause-type model (paralaw.skills.clauses) re-types
amounts whose sentence it confidently reads as insurance, a minimum commitment, revenue sharing, liquidated
damages or a liability cap, where the nearest word misleads.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from ..documents.model import DocumentStructure
from ..errors import ClauseNotFound
from ..framework.base import ClauseInput, require_structure
from ..framework.schema import Finding, SkillRegistration
from ..framework.state import document_with_role, state_snapshot
from ..reading.contract_type import contract_type
from ..text.amounts import Money, Percent, find_money, find_percentages, find_periods

TermType = Literal[
    "cap", "damages", "interest", "retention", "advance_payment", "security", "insurance", "minimum_commitment", "threshold",
    "revenue_share", "fee", "price", "payment_term", "time_limit", "other",
]

# (type, pattern): the nearest match to a value decides its type; ties go to the earlier rule. Words that only
# say money moves ("payable", "price") lose to a specific word a little further away ("charge of £145,000 payable").
_RULES: list[tuple] = [  # (type, pattern[, distance penalty in characters])
    ("damages", r"liquidated\s+damages|delay\s+damages|damages\s+for\s+delay|penalt(?:y|ies)|service\s+credits?|违约金|误期赔偿|赔偿金"),
    ("interest", r"interest\s+(?:rate|at|on|of|shall|will|accru\w*|charges?|calculated|payable)|rate\s+of\s+interest|late\s+payment|late\s+charges?|financing\s+charges?|per\s+annum|利息|利率|LPR|贷款市场报价利率|逾期付款|逾期支付"),
    ("retention", r"retention|retained|质量保证金|保留金|质保金"),
    ("advance_payment", r"advance\s+payment|prepayment|down\s+payment|预付款"),
    ("security", r"performance\s+security|security|performance\s+bond|bond|bank\s+guarantee|guarantee|letter\s+of\s+credit|履约担保|支付担保|保函|担保"),
    ("insurance", r"insurance|insured|保险"),
    ("cap", r"shall\s+not\s+exceed|not\s+exceed|exceed\b|cap(?:ped)?\b|aggregate\s+liability|total\s+liability|liability|maximum|limited\s+to|上限|不超过|最高"),
    ("minimum_commitment", r"guaranteed\s+minimum|minimum\s+(?:annual|purchase|order|royalt|commitment|quantit|fee|volume)\w*|shortfall|最低"),
    ("minimum_commitment", r"at\s+least|not\s+less\s+than|no\s+less\s+than", 40),
    ("threshold", r"de\s+minimis|threshold|basket|deductible|in\s+excess\s+of|exceeds|minimum|起付|超过"),
    ("revenue_share", r"royalt(?:y|ies)|revenue\s+share|(?:gross|net)\s+(?:profits?|revenues?|sales)|profits?|commission|分成|提成"),
    ("fee", r"\bfees?\b|charges?|\brates\b|费用|费"),
    ("price", r"price|consideration|contract\s+amount|purchase\s+price|合同价|价款|合同金额|暂列金额|暂估价", 15),    ("payment_term", r"\bpa(?:y|id|yment|yable)\w*|invoice|支付|付款", 60),
]
_RULE_RES = [(rule[0], re.compile(rule[1], re.IGNORECASE), rule[2] if len(rule) > 2 else 0) for rule in _RULES]
_PAYMENT = re.compile(r"\bpa(?:y|id|yment|yable)\w*|invoice|remit|支付|付款|结算|拨付", re.IGNORECASE)
_RATE_BASIS = [
    ("per_day", re.compile(r"per\s+(?:calendar\s+)?day|for\s+each\s+day|each\s+day\s+of\s+delay|per\s+diem|daily|每(?:延误|逾期|迟延)?(?:一)?(?:天|日)|每日", re.IGNORECASE)),
    ("per_week", re.compile(r"per\s+week|each\s+week|weekly|每周", re.IGNORECASE)),
    ("per_month", re.compile(r"per\s+month|each\s+month|monthly|每月|月利率", re.IGNORECASE)),
    ("per_annum", re.compile(r"per\s+annum|per\s+year|a\s+year|annual(?:ly)?|年利率|每年|年化", re.IGNORECASE)),
]
_UNCAPPED = re.compile(  # not insurance cover "unlimited in number of occurrences": that is no cap on anyone's liability
    r"uncapped|(?<!occurrences )unlimited(?!\s+in\s+(?:the\s+)?number)|without\s+(?:any\s+)?(?:financial\s+)?(?:limit|cap|maximum)\b|no\s+(?:maximum|limit|cap|ceiling)\b"
    r"|not\s+(?:be\s+)?subject\s+to\s+(?:any\s+)?(?:limit|cap|maximum)|不设上限|无上限|不设最高限额|不封顶|不受(?:任何)?(?:上限|限额)",
    re.IGNORECASE,
)
_CAP_NOT_APPLICABLE = re.compile(r"(?:maximum|cap|limit)\b.{0,60}\|\s*(?:not\s+applicable|none|nil|n/a|unlimited)\b", re.IGNORECASE)
_DAMAGES = re.compile(r"damages|违约金|赔偿", re.IGNORECASE)
_DELAY = re.compile(r"delay|late\s+completion|逾期|误期|延误|工期", re.IGNORECASE)
_LIABILITY = re.compile(r"liability|责任", re.IGNORECASE)
_BOUNDARY = re.compile(r"(?<![A-Z0-9])[.;!?](?=\s)|[。；！？]|\n")


class FinancialTermsInput(ClauseInput):
    whole_document: bool = Field(False, description="Scan the whole contract instead of one clause (clause_id '*' does the same).")
    term_types: list[TermType] | None = Field(None, description="Only return terms of these types, e.g. ['cap', 'damages']; all types when omitted.")
    max_terms: int = Field(300, ge=1, le=5000, description="Most terms to return; the counts still cover every term found.")


class FinancialTerm(BaseModel):
    kind: Literal["amount", "percentage", "period"]
    term_type: TermType
    value: float = Field(description="Amount as a decimal number, percent (5 = 5%), or period length in its unit.")
    currency: str = Field("", description="ISO 4217 code for amounts; '' when not stated.")
    unit: str = Field(description="Currency code, 'percent', or the period unit (days, business_days, months...).")
    days: float | None = Field(None, description="Period in calendar days (months = 30, years = 365); None for business days.")
    basis: str = Field("", description="What a percentage is of, e.g. 'of the Consideration'.")
    rate_basis: str = Field("", description="per_day, per_week, per_month or per_annum when the value is a rate.")
    normalised: str = Field(description="Readable normalised value, e.g. 'GBP 150,000.00', '5%', '30 days'.")
    quote: str = Field(description="The value exactly as the contract writes it.")
    context: str = Field(description="The sentence or table row the value sits in (verbatim, cut at 400 characters).")
    clause_id: str | None
    start: int
    end: int


class FinancialTermsOutput(BaseModel):
    clause_id: str
    scope: Literal["clause", "document"]
    terms: list[FinancialTerm]
    total_terms: int
    truncated: bool
    counts_by_type: dict[str, int]
    findings: list[Finding]
    summary: str


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    left = max(0, start - 600)
    for m in _BOUNDARY.finditer(text, left, start):
        left = m.end()
    right_match = _BOUNDARY.search(text, end, min(len(text), end + 600))
    right = right_match.end() if right_match else min(len(text), end + 600)
    return left, right


def _classify(text: str, item_start: int, item_end: int, sentence: tuple[int, int], kind: str) -> str:
    lo, hi = sentence
    if kind == "period":
        return "payment_term" if _PAYMENT.search(text, lo, hi) else "time_limit"
    best: tuple[int, int, str] | None = None
    for priority, (term_type, pattern, penalty) in enumerate(_RULE_RES):
        for m in pattern.finditer(text, lo, hi):
            if m.end() > item_start and m.start() < item_end:
                continue  # inside the value or its basis
            distance = item_start - m.end() if m.end() <= item_start else m.start() - item_end
            key = (distance + penalty, priority, term_type)
            if best is None or key < best:
                best = key
    return best[2] if best else "other"


def _rate_basis(context: str) -> str:
    for name, pattern in _RATE_BASIS:
        if pattern.search(context):
            return name
    return ""


def _normalised(item) -> tuple[str, str]:
    if isinstance(item, Money):
        return item.currency or "?", f"{item.currency or '(currency not stated)'} {item.value:,.2f}"
    if isinstance(item, Percent):
        return "percent", f"{item.value:g}%"
    return item.unit, f"{item.value:g} {item.unit.replace('_', ' ')}"


def _table_clause(text: str, start: int) -> str | None:
    """A Contract Data row ('| Percentage of retention | 14.3 | 10% |') belongs to the Sub-Clause it names."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start: line_end if line_end >= 0 else len(text)]
    if not line.lstrip().startswith("|"):
        return None
    for cell in line.strip().strip("|").split("|"):
        if re.fullmatch(r"\s*\d+(?:\.\d+)*\s*", cell):
            return cell.strip()
    return None


def _with_basis(text: str, start: int, end: int, basis: str) -> tuple[int, int]:
    """The value's span widened to its basis ('5% of the Consideration', '签约合同价的万分之三')."""
    if basis:
        after = text.find(basis, end, end + len(basis) + 8)
        if after >= 0:
            return start, after + len(basis)
        before = text.rfind(basis, max(0, start - len(basis) - 4), start)
        if before >= 0:
            return before, end
    return start, end


# The clause-type model reads a whole sentence, where the rules above see only the nearest word: "product
# liability insurance with limits of not less than $2,000,000" is insurance although "liability" and "not
# less than" sit closer to the figure. It re-types an amount or percentage when it is confident the sentence
# is one of these CUAD categories and the rules chose a generic or ambiguous type; explicit words (interest,
# retention, security, advance payment, liquidated damages, royalty, insurance) keep their rule.
_MODEL_TYPES = {"Insurance": "insurance", "Minimum Commitment": "minimum_commitment", "Revenue/Profit Sharing": "revenue_share",
                "Liquidated Damages": "damages", "Cap On Liability": "cap"}
_MODEL_MAY_RETYPE = {"fee", "price", "payment_term", "threshold", "minimum_commitment", "cap", "other"}
MODEL_CONFIDENCE = 0.7


def _model_types(contexts: list[str]) -> list[str | None]:
    """Per sentence, the term type the clause model is confident of, else None (one batched call)."""
    from ..clauses.model import categories, probabilities

    unique = list(dict.fromkeys(contexts))
    names = categories()
    columns = [names.index(c) for c in _MODEL_TYPES]
    types = list(_MODEL_TYPES.values())
    probs = probabilities(unique)[:, columns]
    best = {}
    for text, row in zip(unique, probs):
        i = int(row.argmax())
        best[text] = types[i] if row[i] >= MODEL_CONFIDENCE else None
    return [best[c] for c in contexts]


def _retype(structure: DocumentStructure, terms: list[FinancialTerm]) -> None:
    if structure.language != "en":
        return
    money = [t for t in terms if t.kind != "period" and t.term_type in _MODEL_MAY_RETYPE]
    if not money:
        return
    for term, learned in zip(money, _model_types([t.context for t in money])):
        if learned is not None and not (term.term_type == "threshold" and learned == "cap"):
            term.term_type = learned  # (a de minimis or basket sits in a liability-limits clause: still a threshold)


def _scan(structure: DocumentStructure, lo: int, hi: int, fixed_clause: str | None) -> list[FinancialTerm]:
    text = structure.text
    scope = text[lo:hi]
    items: list = [(i, "amount") for i in find_money(scope)] + [(i, "percentage") for i in find_percentages(scope)]
    items += [(i, "period") for i in find_periods(scope)]
    terms: list[FinancialTerm] = []
    for item, kind in sorted(items, key=lambda pair: pair[0].start):
        start, end = lo + item.start, lo + item.end
        basis = getattr(item, "basis", "")
        sentence = _sentence(text, start, end)
        term_type = _classify(text, *_with_basis(text, start, end, basis), sentence, kind)
        context = text[sentence[0]:sentence[1]].strip()
        unit, normalised = _normalised(item)
        clause_id = fixed_clause or _table_clause(text, start)
        if clause_id is None:
            clause = structure.clause_at(start)
            clause_id = clause.clause_id if clause else None
        terms.append(FinancialTerm(
            kind=kind, term_type=term_type, value=item.value, currency=getattr(item, "currency", ""), unit=unit,
            days=getattr(item, "days", None), basis=basis, rate_basis=_rate_basis(context) if kind != "period" else "",
            normalised=normalised, quote=item.quote, context=context[:400], clause_id=clause_id, start=start, end=end,
        ))
    _retype(structure, terms)
    return terms


def _findings(structure: DocumentStructure, ranges: list[tuple[int, int, str | None]]) -> list[Finding]:
    text = structure.text
    findings: list[Finding] = []
    seen: set[int] = set()
    for lo, hi, clause_id in ranges:
        for m in list(_UNCAPPED.finditer(text, lo, hi)) + list(_CAP_NOT_APPLICABLE.finditer(text, lo, hi)):
            left, right = _sentence(text, m.start(), m.end())
            if left in seen:
                continue
            sentence = text[left:right].strip()
            near = text[max(left, m.start() - 150): min(right, m.end() + 150)]
            if _DAMAGES.search(near):
                kind = "delay_damages_uncapped" if _DELAY.search(sentence) else "damages_uncapped"
            elif _LIABILITY.search(near):
                kind = "liability_uncapped"
            else:
                continue
            seen.add(left)
            where = clause_id or _table_clause(text, m.start()) or getattr(structure.clause_at(m.start()), "clause_id", None)
            findings.append(Finding(severity="high", kind=kind, clause_id=where, evidence=sentence,
                                    message=f"{kind.replace('_', ' ').capitalize()}: the text states no maximum amount."))
        findings += _word_figure_mismatches(text, lo, hi, clause_id, find_money(text[lo:hi]))
        findings += _malformed_figures(structure, lo, hi, clause_id)
    return findings


_CURRENCY_FIGURE = re.compile(r"(?:US\$|\$|€|£|\b(?:USD|EUR|GBP)\s?)(\d[\d,]*(?:\.\d+)?)")
_WELL_FORMED = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d+(?:\.\d+)?")


def _malformed_figures(structure: DocumentStructure, lo: int, hi: int, clause_id: str | None) -> list[Finding]:
    """'$1,600,00.00': digit groups that no grouping convention writes; the amount meant is unclear."""
    out = []
    for m in _CURRENCY_FIGURE.finditer(structure.text, lo, hi):
        figure = m.group(1).rstrip(",")
        if "," in figure and not _WELL_FORMED.fullmatch(figure):
            where = clause_id or getattr(structure.clause_at(m.start()), "clause_id", None)
            out.append(Finding(severity="medium", kind="malformed_figure", clause_id=where, evidence=m.group(0).rstrip(","),
                               message=f"'{m.group(0).rstrip(',')}' is not a well-formed figure (its digit groups are "
                                       "irregular): check which amount is meant before relying on it."))
    return out


_WORDS_THEN_FIGURE = re.compile(r"\s*[(（]\s*$")
_CLOSING = re.compile(r"[^()（）\n]{0,12}?[)）]")  # '($4,950.00 U.S.)


def _word_figure_mismatches(text: str, lo: int, hi: int, clause_id: str | None, found: list[Money]) -> list[Finding]:
    """'ten million dollars ($1,000,000)': words and figures that disagree are a drafting error worth a look."""
    out = []
    for a, b in zip(found, found[1:]):
        gap = text[lo + a.end: lo + b.start]
        closing = _CLOSING.match(text, lo + b.end)
        if _WORDS_THEN_FIGURE.fullmatch(gap) and closing and abs(a.value - b.value) > 0.005:
            evidence = text[lo + a.start: closing.end()]
            out.append(Finding(severity="high", kind="amount_words_figures_mismatch", clause_id=clause_id, evidence=evidence,
                               message=f"The amount in words ({a.value:,.2f}) differs from the figure ({b.value:,.2f})."))
    return out


def _retention_findings(structure: DocumentStructure, terms: list[FinancialTerm]) -> list[Finding]:
    # the 3% ceiling is a rule for construction works: a sale of goods may hold back more
    if structure.language != "zh" or contract_type(structure.text) != "construction":
        return []
    return [
        Finding(severity="high", kind="retention_above_statutory_cap", clause_id=t.clause_id, evidence=t.context,
                message=f"质量保证金 {t.value:g}% exceeds the 3% ceiling of 建设工程质量保证金管理办法 (2017) art. 7.")
        for t in terms
        if t.kind == "percentage" and t.term_type == "retention" and t.value > 3
        and _of_retention(structure.text, t.start, t.end)
    ]


def _of_retention(text: str, start: int, end: int) -> bool:
    """Whether the percentage is the retention itself ('百分之三作为质量保证金', '质量保证金为结算价款的5%'), not the
    share paid out beside it ('支付至百分之九十七，剩余百分之三作为质量保证金')."""
    return bool(re.match(r"\s*(?:[)）])?\s*(?:作为|为|的)?\s*(?:质量)?保证金", text[end:end + 12])
                or re.search(r"(?:质量)?保证金[^，。；,;]{0,16}$", text[max(0, start - 24):start]))


def extract_financial_terms(data: FinancialTermsInput) -> FinancialTermsOutput:
    structure = require_structure(data.document_structure)
    whole = data.whole_document or data.clause_id.strip() in ("*", "", "all", "whole_document")
    if whole:
        ranges: list[tuple[int, int, str | None]] = [(0, len(structure.text), None)]
    else:
        ranges = _clause_ranges(structure, data.clause_id)
    terms = [t for lo, hi, cid in ranges for t in _scan(structure, lo, hi, cid)]
    findings = _findings(structure, ranges) + _retention_findings(structure, terms)
    if data.term_types:
        terms = [t for t in terms if t.term_type in data.term_types]
    counts: dict[str, int] = {}
    for t in terms:
        counts[t.term_type] = counts.get(t.term_type, 0) + 1
    label = "the whole document" if whole else f"clause {data.clause_id}"
    return FinancialTermsOutput(
        clause_id="*" if whole else data.clause_id, scope="document" if whole else "clause",
        terms=terms[: data.max_terms], total_terms=len(terms), truncated=len(terms) > data.max_terms,
        counts_by_type=counts, findings=findings, summary=_summary(label, terms, findings),
    )


def _clause_ranges(structure: DocumentStructure, clause_id: str) -> list[tuple[int, int, str | None]]:
    """The clause itself, plus Contract Data rows elsewhere in the document that name it."""
    clause = structure.get_clause(clause_id)
    ranges: list[tuple[int, int, str | None]] = []
    wanted = clause.clause_id if clause else clause_id.strip()
    for m in re.finditer(r"^\|.*\|\s*$", structure.text, re.MULTILINE):
        if _table_clause(structure.text, m.start() + 1) == wanted and not (clause and clause.start <= m.start() < clause.end):
            ranges.append((m.start(), m.end(), wanted))
    if clause is not None:
        ranges.insert(0, (clause.start, clause.end, None))
    if not ranges:
        raise ClauseNotFound(clause_id, [c.clause_id for c in structure.iter_clauses()])
    return ranges


def _summary(label: str, terms: list[FinancialTerm], findings: list[Finding]) -> str:
    if not terms:
        text = f"No amounts, percentages or periods found in {label}."
    else:
        shown = "; ".join(f"{t.term_type} {t.normalised}" + (f" {t.basis}" if t.basis else "") + (f" {t.rate_basis}" if t.rate_basis else "") for t in terms[:8])
        more = f" (+{len(terms) - 8} more)" if len(terms) > 8 else ""
        text = f"{len(terms)} financial terms in {label}: {shown}{more}."
    if findings:
        text += " Findings: " + "; ".join(f.kind for f in findings) + "."
    return text


def prepare_input(clause_id: str, primary_structure, state: dict) -> FinancialTermsInput:
    return FinancialTermsInput(
        clause_id=clause_id,
        document_structure=primary_structure or document_with_role(state, "primary"),
        state_snapshot=state_snapshot(state),
    )


registration = SkillRegistration(
    skill_id="extract_financial_terms",
    name="Financial terms",
    description=(
        "List the amounts, percentages and time periods in a clause (or the whole contract with clause_id '*'), "
        "each normalised (decimal amount with ISO currency, percent, calendar days) and typed: cap, damages, "
        "interest, retention, advance_payment, security, threshold, fee, price, payment_term... Flags uncapped "
        "damages or liability and amounts whose words and figures disagree. English and Chinese."
    ),
    input_schema=FinancialTermsInput,
    output_schema=FinancialTermsOutput,
    local_handler=extract_financial_terms,
    prepare_input_fn=prepare_input,
    category="analysis",
)
