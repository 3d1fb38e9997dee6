"""What the engine reads out of an operative sentence: figures, who holds a right, flags, missing items.

Figures come from the shared parser (paralaw.skills.text.amounts: digits, words, Chinese numerals); this
module adds what a position needs on top: a percentage of the price when the clause states money, a period
written as an anniversary, and the party that holds the right a sentence grants.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..documents.model import DocumentStructure
from ..documents.traditional import to_simplified
from ..generic.parties import alias_groups, contract_parties, counterparty_of, party_role
from ..text.amounts import find_money, find_percentages, find_periods
from ..text.masking import masked
from .schema import Extract

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
_ANNIVERSARY = re.compile(r"\b(first|second|third|fourth|fifth|sixth|seventh|\d+(?:st|nd|rd|th))\s+anniversary", re.I)
_PRICE_WORDS = re.compile(r"purchase price|consideration|contract price|total price|price payable|转让价款|交易价款|对价|合同价款|签约合同价|总价", re.I)
_MUTUAL = re.compile(r"\b(?:either|each|both|neither|any) part(?:y|ies)\b|\bthe parties\b|双方|任何一方|任一方|各方|各股东", re.I)
_GENERIC_NAMES = {"company", "agreement", "the company", "target", "公司", "目标公司", "本协议"}


@dataclass
class Sides:
    """The names by which a contract calls our side and the other side."""

    us: list[str] = field(default_factory=list)
    them: list[str] = field(default_factory=list)

    def pattern(self, side: str) -> re.Pattern[str] | None:
        names = self.us if side == "us" else self.them
        return _names_re(tuple(names)) if names else None


_THE = re.compile(r"^the\s+(?=\S)", re.I)

# Plain-English contracts name the parties by pronouns: ("Lumen", "we", "us" or "our"), ("Customer", "you").
_PRONOUNS = {"we", "us", "our", "ours", "you", "your", "yours"}


@lru_cache(maxsize=256)
def _names_re(names: tuple[str, ...]) -> re.Pattern[str]:
    parts = []
    for name in sorted(names, key=len, reverse=True):
        if re.search(r"[\u4e00-\u9fff]", name):
            parts.append(re.escape(name))
        elif name.lower() in _PRONOUNS:  # case-sensitive, so that 'us' is never 'US' (the country, the dollar)
            word = name.lower()
            parts.append(rf"(?-i:\b[{word[0].upper()}{word[0]}]{re.escape(word[1:])}\b)")
        else:
            parts.append(rf"\b{re.escape(name)}(?:s|'s|s')?\b")
    return re.compile("|".join(parts))


def sides_of(structure: DocumentStructure, our_party: str) -> Sides:
    """Our names (the role we play, as the contract writes it) and the other side's (its counterpart role,
    or every other party the parties block names but the company itself)."""
    ours = party_role(our_party, structure) if our_party else ""
    if not ours:
        return Sides()
    us = {ours, our_party.strip()}
    them: set[str] = set()
    head = structure.text[:20000]
    other = counterparty_of(ours, head)
    if other:
        them.add(other)
    for name in contract_parties(structure):
        name = _THE.sub("", name)  # ("the Customer"): Hong Kong and South African blocks quote the article too
        if name.lower() not in _GENERIC_NAMES and name not in us and not _names_re(tuple(us)).fullmatch(name):
            them.add(name)
    for group in alias_groups(structure):  # ("Customer", "you" or "your"): every name of a party's group
        lowered = {n.lower() for n in group}
        if lowered & {n.lower() for n in us}:
            us |= set(group)
        elif lowered & _PRONOUNS or lowered & {n.lower() for n in them}:
            them |= set(group)
    them = {n for n in them if n.lower() not in {u.lower() for u in us}}
    return Sides(us=sorted(n for n in us if n), them=sorted(n for n in them if n and n not in us))


@lru_cache(maxsize=64)
def _price_of(text: str) -> float | None:
    """The contract's price: the largest sum stated in a sentence that names the price or consideration."""
    best = None
    for match in _PRICE_WORDS.finditer(text):
        window = text[max(0, match.start() - 200):match.end() + 300]
        for money in find_money(window):
            if money.value >= 1000 and (best is None or money.value > best):
                best = money.value
    return best


def _closest(items: list, text: str, near: str):
    """The item nearest after the `near` match (else nearest before it); the first item when near is empty."""
    if not items:
        return None
    if not near:
        return items[0]
    match = re.search(near, text, re.I)
    if not match:
        return None
    after = [i for i in items if i.start >= match.start()]
    if after:
        return min(after, key=lambda i: i.start - match.end())
    return max(items, key=lambda i: i.start)


# US trade terms: "Net 30" is payment due 30 days after the invoice.
_NET_TERMS = re.compile(r"\bnet[ -]?(\d{1,3})\b(?!\s*(?:%|per ?cent|percent|[.,]\d))", re.I)


def _period_days(text: str, near: str) -> float | None:
    periods = find_periods(text)
    found = _closest(periods, text, near)
    if found is not None:
        return found.days
    net = _NET_TERMS.search(text)
    if net:
        return float(net.group(1))
    anniversary = _ANNIVERSARY.search(text)
    if anniversary:
        word = anniversary.group(1).lower()
        years = _ORDINALS.get(word) or int(re.match(r"\d+", word).group())
        return 365.0 * years
    return None


def _percent_of_price(text: str, near: str, document: str) -> float | None:
    percent = _closest(find_percentages(text), text, near)
    if percent is not None:
        return percent.value
    money = _closest(find_money(text), text, near)
    price = _price_of(document) if money is not None else None
    if money is not None and price:
        return round(100.0 * money.value / price, 3)
    return None


_RATE_UNIT = [(re.compile(r"^[^.;,，。；]{0,30}?(per|a|each|every)\s+(calendar\s+)?day|^[^.;]{0,30}?daily|^[^，。；]{0,10}?每日|^日", re.I), 365.0),
              (re.compile(r"^[^.;,，。；]{0,30}?(per|a|each|every)\s+(calendar\s+)?week|^[^.;]{0,30}?weekly", re.I), 52.0),
              (re.compile(r"^[^.;,，。；]{0,30}?(per|a|each|every)\s+(calendar\s+)?month|^[^.;]{0,30}?monthly|^[^，。；]{0,10}?每月|^月", re.I), 12.0)]
_RATE_BEFORE = [(re.compile(r"(每日|日息|按日)[^，。；]{0,10}$"), 365.0), (re.compile(r"(每月|月息|按月)[^，。；]{0,10}$"), 12.0)]


def _annual_rate(text: str, near: str) -> float | None:
    """A rate as a yearly percentage: '4% per month' is 48, '0.05% a day' 18.25, '每日万分之五' 18.25."""
    found = _closest(find_percentages(text), text, near)
    if found is None:
        zh = re.search(r"(每日|每天|按日)[^，。；]{0,6}万分之([一二三四五六七八九十\d.]+)", text)
        if not zh:
            return None
        digits = "一二三四五六七八九"
        value = zh.group(2)
        number = float(value) if re.fullmatch(r"[\d.]+", value) else float(digits.index(value[0]) + 1) if value[0] in digits else None
        return None if number is None else round(number / 100 * 365, 3)
    after, before = text[found.end:found.end + 40], text[max(0, found.start - 12):found.start]
    units = [(m.end(), factor) for pattern, factor in _RATE_UNIT for m in [pattern.search(after)] if m]
    if units:  # the unit written nearest the rate: '2.5% per month, calculated daily' is monthly
        return round(found.value * min(units)[1], 3)
    for pattern, factor in _RATE_BEFORE:
        if pattern.search(before):
            return round(found.value * factor, 3)
    return found.value


def holder(text: str, sides: Sides, near: str = "") -> str:
    """Who a sentence gives the right to: 'us', 'them', 'both', or 'none' when no party is named before the
    right (`near`, e.g. 'may waive'); the party named last before it holds it ('the Seller may waive')."""
    limit = len(text)
    if near:
        match = re.search(near, text, re.I)
        if match:
            limit = match.start()
    head = text[:limit]
    mentions = []
    for side in ("us", "them"):
        pattern = sides.pattern(side)
        if pattern:
            mentions += [(m.start(), side) for m in pattern.finditer(head)]
    mutual = [m.start() for m in _MUTUAL.finditer(head)]
    mentions += [(start, "both") for start in mutual]
    if not mentions:
        return "none"
    if near:
        return max(mentions)[1]
    kinds = {side for _, side in mentions}
    return "both" if "both" in kinds or kinds == {"us", "them"} else kinds.pop()


# Words of a parties block that say what a party is, not where it is.
_NOT_PLACES = {"the", "a", "an", "its", "this", "of", "and", "limited", "ltd", "pte", "company", "co", "inc", "llc", "llp",
               "plc", "corporation", "corp", "gmbh", "ag", "dac", "pty", "private", "public", "holdings", "group",
               "registered", "office", "street", "road", "avenue", "level", "unit", "floor", "building", "centre",
               "center", "international", "republic", "federal", "state", "people", "peoples", "registration", "number",
               "uen", "acn", "abn", "whose", "with", "having", "at", "in", "is", "situate", "incorporated", "hereinafter",
               "referred", "to", "as", "between", "and", "laws", "law", "under", "existing", "organized", "services",
               "systems", "trading", "data", "digital", "court", "courts", "arbitration", "agreement", "party", "parties",
               "united", "states", "district", "county", "city", "commonwealth", "province", "eastern", "western",
               "northern", "southern", "central", "suite", "principal", "place", "business", "address", "offices",
               "effective", "date", "exhibit", "whereas", "witnesseth", "new"}
_PLACE_WORD = re.compile(r"\b[A-Z][A-Za-z\u00c0-\u017f]+(?:[ -][A-Z][A-Za-z\u00c0-\u017f]+)*")
_ZH_PLACE = re.compile(r"([\u4e00-\u9fff]{2,3}?)(?:特别行政区|市|省|自治区|县)")


_LABEL_ONLY = re.compile(r"\s*[-–—(]*\s*(?:hereinafter|herein|referred to)\b[^\n]{0,80}$", re.I)
_DESCRIBED_AFTER = re.compile(r"[)）]?\s*[,，]\s*(?:an?|having|whose|with|of|incorporated|organi[sz]ed|existing)\b", re.I)


def _label_re(names: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(rf"[\"“「『]\**(?:the )?{re.escape(to_simplified(n))}\**[\"”」』]" for n in names), re.I)


def _entry_places(structure: DocumentStructure, names: list[str], others: list[str]) -> set[str]:
    """Place names in the entry of the parties block that introduces any of these names: the words of its address
    and place of incorporation, lower-cased, and Chinese city or province names. Where one paragraph introduces
    both parties ('X, a California corporation ("Customer"), and Y, a Delaware LLC ("Provider")'), an entry runs
    from the label before it to its own label."""
    if not names:
        return set()
    first = min((c.start for c in structure.iter_clauses()), default=len(structure.text))
    head = to_simplified(structure.text[:min(first, 6000)])
    quoted, labels = _label_re(names), _label_re(names + others) if others else _label_re(names)
    places: set[str] = set()
    paragraphs = re.split(r"\n\s*\n|\n(?=[（(]?\d|[^\n]{0,12}[：:])", head)
    for index, paragraph in enumerate(paragraphs):
        own = quoted.search(paragraph)
        if not own:
            continue
        if index and _LABEL_ONLY.match(paragraph):  # '- hereinafter referred to as "Principal" -' below the address
            paragraph = paragraphs[index - 1] + "\n" + paragraph
        else:
            before = [m.end() for m in labels.finditer(paragraph) if m.end() <= own.start()]
            later = [m.start() for m in labels.finditer(paragraph) if m.start() > own.end() and not quoted.fullmatch(m.group(0))]
            if before or later:  # several parties in one paragraph: only this one's stretch of it
                if _DESCRIBED_AFTER.match(paragraph, own.end()):  # '(hereinafter "JHU"), a corporation of Maryland'
                    paragraph = paragraph[own.start():min(later, default=len(paragraph))]
                else:  # 'Y, a Delaware limited liability company ("Provider")'
                    paragraph = paragraph[max(before, default=0):own.end()]
        for match in _PLACE_WORD.finditer(paragraph):
            words = [w for w in re.split(r"[ -]", match.group(0)) if w.lower() not in _NOT_PLACES]
            places |= {w.lower() for w in words if len(w) > 2}
        places |= set(_ZH_PLACE.findall(paragraph))
    return places


def home(text: str, structure: DocumentStructure, sides: Sides, near: str = "") -> str:
    """Whose home ground a forum sentence names ('the seat of the arbitration shall be Singapore', '提交上海仲裁委员会'):
    'them' when the place after `near` is in the other side's entry of the parties block and not in ours, 'us' the
    reverse, 'both' when it is in both, else 'none' (a neutral place, or none named)."""
    window = text
    if near:
        match = re.search(near, text, re.I)
        if not match:
            return "none"
        before = 20 if re.search(r"[\u4e00-\u9fff]", match.group(0)) else 0  # 提交深圳国际仲裁院: the place comes first
        window = text[max(0, match.start() - before):match.end() + 100]
    names = {w.lower() for n in sides.us + sides.them for w in re.split(r"[ -]", n)}  # 'the Supplier' is no place
    theirs = _entry_places(structure, sides.them, sides.us) - names
    ours = _entry_places(structure, sides.us, sides.them) - names
    named = {w.lower() for m in _PLACE_WORD.finditer(window) for w in re.split(r"[ -]", m.group(0))}
    named |= {p for p in theirs | ours if re.search(r"[\u4e00-\u9fff]", p) and p in window}
    in_theirs, in_ours = bool(named & (theirs - _NOT_PLACES)), bool(named & (ours - _NOT_PLACES))
    return "both" if in_theirs and in_ours else "them" if in_theirs else "us" if in_ours else "none"


# A figure followed by the same figure in words, the South African and Indian order: '36 (thirty-six) months',
# '2,5% (two comma five percent)'. The words are dropped, the digits read.
_FIGURE_THEN_WORDS = re.compile(r"(\d[\d,. ]*%?)\s*\((?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                               r"\w+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)(?:[- ][a-z]+){0,7}\)", re.I)
# A decimal comma before a percentage: '2,5%' is two and a half per cent (never a thousands separator there).
_DECIMAL_COMMA = re.compile(r"(?<![\d,.])(\d{1,3}),(\d{1,2})(?=\s*(?:%|per ?cent|percent))", re.I)


# Continental thousands: 'EUR 2.500.000,00' (dots, a decimal comma) and 'EUR 2 500 000' (spaces after a currency).
_DOTTED_THOUSANDS = re.compile(r"(?<![\d.,])(\d{1,3}(?:\.\d{3}){2,}|\d{1,3}\.\d{3}(?=,\d{2}\b))(?:,(\d{1,2}))?(?![\d.,]*\d)")
_SPACED_THOUSANDS = re.compile(r"((?:€|\bEUR|\bCHF|\bGBP|\bUSD)\s?)(\d{1,3}(?:[ \u00a0\u202f]\d{3})+)(?![\d])")


def _thousands(digits: str) -> str:
    return f"{int(digits):,}"


@lru_cache(maxsize=1024)
def plain_figures(text: str) -> str:
    """The text with figures written the way the amount reader expects: '36 (thirty-six) months' as '36 months',
    '2,5%' as '2.5%', 'EUR 2.500.000,00' and 'EUR 2 500 000' as 'EUR 2,500,000'."""
    if "(" in text:
        text = _FIGURE_THEN_WORDS.sub(lambda m: m.group(1).rstrip(), text)
    if "." in text:
        text = _DOTTED_THOUSANDS.sub(lambda m: _thousands(m.group(1).replace(".", "")) + (f".{m.group(2)}" if m.group(2) else ""), text)
    if " " in text or "\u00a0" in text:
        text = _SPACED_THOUSANDS.sub(lambda m: m.group(1) + _thousands(re.sub(r"\D", "", m.group(2))), text)
    return _DECIMAL_COMMA.sub(r"\1.\2", text) if "," in text else text


def extract_value(spec: Extract, sentence: str, clause_text: str, structure: DocumentStructure, sides: Sides):
    """One extracted value (None when the text does not state it)."""
    text = plain_figures(to_simplified({"sentence": sentence, "clause": clause_text, "document": structure.text}[spec.scope]))
    if spec.kind == "percent":
        found = _closest(find_percentages(text), text, spec.near)
        return found.value if found else None
    if spec.kind == "percent_of_price":
        return _percent_of_price(text, spec.near, plain_figures(to_simplified(structure.text)))
    if spec.kind == "annual_rate":
        return _annual_rate(text, spec.near)
    if spec.kind == "money":
        found = _closest(find_money(text), text, spec.near)
        return found.value if found else None
    if spec.kind == "period_days":
        return _period_days(text, spec.near)
    if spec.kind == "number":
        numbers = [m for m in re.finditer(r"\d+(?:\.\d+)?", text)]
        if spec.near:
            anchor = re.search(spec.near, text, re.I)
            numbers = [m for m in numbers if anchor and m.start() >= anchor.start()]
        return float(numbers[0].group()) if numbers else None
    if spec.kind == "holder":
        return holder(text, sides, spec.near)
    if spec.kind == "flag":
        return _flag(fill_sides(spec.pattern, sides), text)
    if spec.kind == "home":
        return home(text, structure, sides, spec.near)
    if spec.kind == "missing_items":
        return [label for label, pattern in spec.items.items() if not re.search(pattern, text, re.I)]
    raise ValueError(f"unknown extract kind {spec.kind}")


@lru_cache(maxsize=1024)
def _flag(pattern: str, text: str) -> bool:
    """Whether a filled flag pattern occurs in a text. Cached: a clause- or document-wide flag is asked once per
    candidate sentence, and asking it again of a long text is what made large contracts slow."""
    return re.search(pattern, masked(text), re.I) is not None


def fill_sides(pattern: str, sides: Sides) -> str:
    """A pattern with {us} and {them} standing for our and the other side's names."""
    for key, names in (("{us}", sides.us), ("{them}", sides.them)):
        if key in pattern:
            pattern = pattern.replace(key, f"(?:{_names_re(tuple(names)).pattern})" if names else "(?!x)x")
    return pattern

