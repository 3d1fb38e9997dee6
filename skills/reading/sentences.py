"""Contract text as sentences, each with what it needs to be read on its own.

A sentence is a clause's own text cut at full stops and semicolons (children excluded), with its clause, the
headings above it, the lead-in of the list it sits in ('The Supplier may terminate this Agreement if:'), the
definitions of the figures it names ('the Cap (five per cent of the Consideration)') and the clause it cites
for a figure ('the period set out in clause 7.6'). The reading layer and the review positions read these.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..documents.definitions import QUALIFIER
from ..documents.model import Clause, DocumentStructure
from ..documents.traditional import to_simplified
from ..generic.clause_diff import split_sentences
from ..text.masking import masked
from .lexicon import cases_carrying, lexicon

_DEFINITION = re.compile(r"^\s*[\"“][^\"”]{1,60}[\"”]\s*(?:means|shall mean|has the meaning|includes)\b|"
                         r"^\s*(?:[（(][一二三四五六七八九十\d]{1,3}[)）]\s*)?[\"“「『][^\"”」』]{1,30}[\"”」』]\s*[:：]?\s*(?:指|是指|系指)")
_DEFINITION_HEADING = re.compile(r"definition|interpretation|定义|释义", re.I)
_MIN_SENTENCE, _MIN_SENTENCE_CJK = 20, 8  # shorter pieces are headings or list stubs; Chinese says more per character
_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass
class Sentence:
    clause: Clause
    text: str
    titles: str  # the clause's heading and its parents' headings, lower-cased
    in_definitions: bool
    matchable: str = ""  # the text with clause-number dots masked, for the position patterns
    expanded: str = ""  # the text with each defined term that holds a figure followed by its definition, or ''
    definitions: tuple[tuple[str, str, str], ...] = ()  # of each definition written out: its clause, sentence and body
    lead_in: str = ""  # for a list item, the parent's sentence that introduces the list ('... may terminate if:')
    referred: str = ""  # the sentence with the clause it cites for its figure in place of the citation, or ''
    lead_is_title: bool = False  # the lead-in is the clause's heading: a data item ('Maximum Delay Damages. 1% of ...')

    @property
    def is_definition(self) -> bool:
        """A definition in the definitions clause ('"Term" means ...'): it says what a word means, not who does what."""
        return self.in_definitions and bool(_DEFINITION.search(self.text))

    @property
    def reading(self) -> str:
        """The sentence as it reads grammatically: a list item after its lead-in."""
        return f"{self.lead_in} {self.text}" if self.lead_in else self.text



_MODAL = re.compile(r"\b(?:shall|will|may|must|can|is|are|means)\b|应|可|须|得|为|指", re.I)
# where a definition's body starts: after '"Cap" means', '**Cap** means', '**Restricted Period:**', '“上限”指'
_MEANS = re.compile(rf"[\"”]\**\s*(?:,\s*{QUALIFIER}\s*)?(?:means|shall mean|is|指|是指|系指)\b\s*|[\"”」』]\**\s*[:：]?\s*(?:指|是指|系指)|"
                    rf"\*\*\s*(?:,\s*{QUALIFIER}\s*)?(?:means|shall mean)\b\s*|^\s*\*\*[^*\n]{{1,80}}?[:：]\s*\*\*\s*|"
                    # '**"Reserved Accounts"**: (a) the customers listed in ...'
                    rf"^\s*\**[\"“][^\"”\n]{{1,80}}[\"”]\**\s*[:：]\s*")
_FIGURE = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|fifty|hundred|half|quarter)\b|"
                     r"per ?cent|[一二三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟]", re.I)


_Figures = tuple[re.Pattern[str], dict[str, str], dict[str, tuple[str, str, str]]]


_GOES_ON = re.compile(r"\s*(?:and|but|provided)\b[\s,]")  # the definition's paragraph goes on past its semicolon


def _defined_figures(structure: DocumentStructure) -> _Figures | None:
    """Defined terms whose definition states a figure ('"Cap" means five per cent (5%) of the Consideration',
    '"Claims Period" means the period of nine (9) months ...'), so that 'shall not exceed the Cap' can be read.
    Only 'means' definitions in the text's own definitions count, not the parties block."""
    bodies: dict[str, str] = {}
    where: dict[str, tuple[str, str, str]] = {}  # each term's clause, defining sentence and body
    clauses = {c.clause_id: c.text for c in structure.iter_clauses()}
    for definition in structure.definitions or []:
        if not definition.clause_id or len(definition.term) < 2:
            continue
        # a definition that goes on after a semicolon in its own paragraph ('... are performed; and, in addition,
        # the Consultant further warrants that the Works ... will be fit for their intended purposes'): all of it
        own = clauses.get(definition.clause_id, "")
        at = own.find(definition.definition)
        if at >= 0 and _GOES_ON.match(own, at + len(definition.definition)):
            definition = definition.model_copy(update={"definition": own[at:].strip()})
        parts = _MEANS.split(definition.definition, maxsplit=1)
        if len(parts) < 2:
            continue
        body = parts[1].strip().rstrip(";；.。,，").strip()
        sentence = definition.definition
        if definition.definition.rstrip(" *").endswith((":", "：")):
            # '"Excluded Securities" means: (a) ...; (e) ...', '"Cause" means the occurrence of any of the following:'
            listed = _listed_after(structure.text, definition.definition)
            body = f"{body.rstrip(':： ')} {listed}".strip() if body.strip(":： ") else listed
            sentence = f"{definition.definition} {listed}"  # the words to change are in the items
            # a term that lists its cases carries what those cases say, not their figures: the 30 days to cure a breach
            # in one case of "Cause" is no notice for a termination for Cause
            carrying = cases_carrying(listed, lexicon().carried, lambda words: masked(to_simplified(words)))
            body = " ".join(carrying) if carrying else body
        if body and (len(body) <= 300 and _FIGURE.search(body) or len(body) <= 2500 and _carries_condition(body)):
            bodies.setdefault(definition.term, body)
            where.setdefault(definition.term, (definition.clause_id, sentence, body))
    if not bodies:
        return None
    # a clause written in capitals ('EXCEPT IN RESPECT OF EXCLUDED CLAIMS, IN NO EVENT SHALL ...') uses the terms in
    # capitals: a limitation clause is often set that way
    for term in [t for t in bodies if not _CJK.search(t) and len(t) > 3 and t.upper() != t]:
        bodies.setdefault(term.upper(), bodies[term])
        where.setdefault(term.upper(), where[term])
    terms = sorted(bodies, key=len, reverse=True)
    # an English term is a whole word; a Chinese one has no word boundary ('在索赔期间届满前')
    # 'any House Account' uses the term 'House Accounts': a plural term is read in the singular too
    # ('Service' in 'Service Data' is not the term 'Services')
    latin = "|".join(f"{re.escape(t)}|{re.escape(t[:-1])}(?!\\s+[A-Z])" if t.endswith("s") and len(t) > 3 else re.escape(t)
                     for t in terms if not _CJK.search(t))
    chinese = "|".join(re.escape(t) for t in terms if _CJK.search(t))
    alternatives = ([r"(?<![\w\"“])(?:" + latin + r")(?![\w\"”])"] if latin else []) + ([chinese] if chinese else [])
    return re.compile("(" + "|".join(alternatives) + ")"), bodies, where


# the next definition, lettered or not ('(d) "Change in Control" has the meaning ...')
_NEXT_DEFINITION = re.compile(r"\n\s*(?:\(?[a-z]{1,4}\)\s*|\d+(?:\.\d+)*\.?\s+)?[\"“]\**[^\"”\n]{1,60}[\"”]")


def _listed_after(text: str, opening: str) -> str:
    """The items a definition lists after its colon, up to the next definition: the parser keeps them as clauses of
    their own, but they are what the term means."""
    at = text.find(opening)
    if at < 0:
        return ""
    rest = text[at + len(opening): at + len(opening) + 2500]
    following = _NEXT_DEFINITION.search(rest)
    return " ".join((rest[:following.start()] if following else rest[:1200]).split())


def _carries_condition(body: str) -> bool:
    """Whether a definition, however long, holds a condition its term carries into every sentence that uses it
    ('"Guaranteed Money" means all money ... under the Contract or any other agreement')."""
    lex = lexicon()
    plain = masked(to_simplified(body))
    return any(lex.conditions[name].search(plain) for name in lex.carried)


def _expand(text: str, figures: _Figures | None) -> tuple[str, tuple[tuple[str, str, str], ...]]:
    """The sentence with each defined figure's definition after its term ('the Cap (an amount equal to five per
    cent (5%) of the Consideration)'), and the clause, sentence and body of each definition written out; ('', ())
    when the sentence names none."""
    if figures is None:
        return "", ()
    pattern, bodies, where = figures

    def term(word: str) -> str:  # the defined term a match stands for ('House Account' -> 'House Accounts')
        return word if word in bodies else word + ("S" if word.isupper() else "s")

    found = [m for m in pattern.finditer(text) if term(m.group(1)) in bodies]
    used = tuple(dict.fromkeys(where[term(m.group(1))] for m in found))
    if not used:
        return "", ()
    return pattern.sub(lambda m: f"{m.group(1)} ({bodies[term(m.group(1))]})" if term(m.group(1)) in bodies else m.group(1),
                       text), used


def sentences_of(structure: DocumentStructure) -> list[Sentence]:
    out: list[Sentence] = []
    by_id = {c.clause_id: c for c in structure.iter_clauses()}
    figures = _defined_figures(structure)

    def titles_of(clause: Clause) -> str:
        names, seen, current = [], set(), clause
        while current is not None and current.clause_id not in seen:
            seen.add(current.clause_id)
            names.append(current.title or "")
            current = by_id.get(current.parent_id) if current.parent_id else None
        return " / ".join(names).lower()

    for clause in structure.iter_clauses():
        text = clause.text
        body_from = body_start(text, clause)
        titles = to_simplified(titles_of(clause))
        in_definitions = bool(_DEFINITION_HEADING.search(titles))
        lead_in = _lead_in(by_id.get(clause.parent_id) if clause.parent_id else None)
        pieces = [p for p in split_sentences(text[body_from:])
                  if len(p.text) >= (_MIN_SENTENCE_CJK if _CJK.search(p.text) else _MIN_SENTENCE)]
        # a data item states its subject in its heading and only the figure in its body ('CD.8 Maximum Delay
        # Damages. One per cent (1%) of the Contract Price.'): the heading is read as the figure's lead-in
        item = (not lead_in and clause.title and len(pieces) == 1 and len(pieces[0].text) < 200
                and _FIGURE.search(pieces[0].text) and not _MODAL.search(pieces[0].text))
        inline = ""  # a list run on inside the paragraph: 'may terminate ... if: (a) ...; or (b) ...'
        for sentence in pieces:
            # a definition is not expanded by itself; a sentence that states a term inside the definitions clause is
            # ("「驗收期間」：指...五日；甲方未於驗收期間內提出...者，視為驗收合格")
            expanded, definitions = ("", ()) if in_definitions and _DEFINITION.search(sentence.text) else _expand(sentence.text, figures)
            out.append(Sentence(clause=clause, text=sentence.text, titles=titles, in_definitions=in_definitions,
                                matchable=masked(to_simplified(sentence.text)), expanded=expanded, definitions=definitions,
                                lead_in=clause.title.strip() + "." if item else (inline or lead_in), lead_is_title=bool(item),
                                referred=_referred(sentence.text, clause, by_id)))
            inline = _inline_lead(sentence.text) or ("" if _LIST_END.search(sentence.text) else inline)
    return out


_LIST_END = re.compile(r"[.。]\s*$")


def _inline_lead(text: str) -> str:
    """The words that open a list run on in the same paragraph, when this piece ends with them ('Either party may
    terminate this Agreement by notice if the other party:', '有下列情形之一的，甲方有权解除本合同：（一）...；'): the
    items after it, up to the one that closes the list with a full stop, are read after it."""
    stripped = text.rstrip()
    if stripped.endswith((":", "：")):
        return stripped if len(stripped) <= 400 else ""
    colon = stripped.rfind("：")
    if colon > 0 and not _LIST_END.search(stripped):
        return stripped[:colon + 1] if colon < 400 else ""
    first = _FIRST_ITEM.search(stripped)  # 'if the other party (a) commits a material breach; (b) ...'
    if first and not _LIST_END.search(stripped):
        return stripped[:first.start()].rstrip() if first.start() <= 400 else ""
    return ""


_FIRST_ITEM = re.compile(r"\s\((?:a|i|1)\)\s")


_REFERENCE = re.compile(
    r"(?:(?:set out|specified|stated|set forth|provided|referred to|prescribed|contained|given|shown|identified|indicated)\s+"
    r"|(?<=\bperiod\s)|(?<=\btime\s))in\s+(?:(?:sub-)?clause|section|paragraph|article|item|row)\s+(\d+(?:\.\d+)*(?:\([a-z0-9]{1,4}\))*)"
    r"(?:\s+(?:of|in|to)\s+(?:the\s+)?(schedule|annex|annexure|appendix|exhibit|attachment)\s+(\w+))?", re.I)


def _referred(text: str, clause: Clause, by_id: dict[str, Clause]) -> str:
    """The sentence with the clause it cites for its figure in brackets in place of the citation ('within the period
    set out in clause 7.6' -> 'within the period (the period is nine (9) months from Completion)', 'the amount set
    out in paragraph 3 of Schedule 2' -> 'the amount (| 3 | Liability Cap | 10% of the Annual Charges |)'), so the
    figure is read as if stated there; '' when the sentence cites none."""
    match = _REFERENCE.search(text)
    if not match:
        return ""
    cited = _cited(match, clause, by_id)
    if not cited:
        return ""
    cited = re.sub(r"^\s*(?:\d+(?:\.\d+)*|\([a-z0-9]{1,4}\))\s*", "", cited).rstrip(" .。")  # its own number, its full stop
    return f"{text[:match.start()].rstrip()} ({cited}){text[match.end():]}"


def _cited(match: re.Match[str], clause: Clause, by_id: dict[str, Clause]) -> str:
    """The own text of the clause a reference names (a numbered clause, or a paragraph or table row of a schedule)."""
    number, word, name = match.group(1), match.group(2), match.group(3)
    target = None
    if word:
        part = next((c for key, c in by_id.items() if key.lower() == f"{word} {name}".lower()), None)
        if part is not None:
            target = next((c for c in part.children if c.clause_id.lower() in
                           (f"{part.clause_id}({number})".lower(), f"{part.clause_id}.{number}".lower())), None)
            target = target or next((c for c in part.children if re.match(rf"\|?\s*{re.escape(number)}\b(?![.\d])", c.text)), None)
            if target is None:  # a schedule read as one part: its line or table row that opens with the number
                line = re.search(rf"^[ \t]*\|?[ \t]*(?:paragraph[ \t]+)?{re.escape(number)}\b(?![.\d]).*$", part.text, re.I | re.M)
                return line.group(0).strip()[:400] if line else ""
    else:
        target = by_id.get(number)
    if target is None or target is clause or not target.text.strip():
        return ""
    return target.text.strip()[:400]


def _lead_in(parent: Clause | None) -> str:
    """The sentence that introduces a list, when a clause's own text ends with one ('有下列情形之一的，乙方可以
    书面通知甲方解除本合同：', 'The Supplier may terminate this Agreement if:'): its items are read after it, since
    the right, the party and the action are in the lead-in and only the ground is in the item."""
    if parent is None:
        return ""
    own = parent.text.rstrip()
    if not own.endswith((":", "：")):
        return ""
    pieces = split_sentences(own[body_start(own, parent):])
    last = pieces[-1].text.strip() if pieces else ""
    return last if len(last) <= 400 else ""


def body_start(text: str, clause: Clause) -> int:
    """Where a clause's words start after its heading (a quote is never a heading): past the title on the first
    line ('Section 7.4 Waiver. The Sellers may ...'), or past a first line that is only a heading
    ('## 21 Assignment and Subcontracting')."""
    first_line = text.split("\n", 1)[0]
    if first_line.lstrip().startswith("|"):
        return 0  # a table row states its provision: '| Percentage of retention | 10% |' is no heading
    quoted = clause.title.lstrip("*_ ").startswith(("“", '"', "「", "『"))  # '1.6 “验收通过”：指...': a definition, no heading
    if clause.title and len(clause.title) < 120 and not quoted:
        at = first_line.find(clause.title)
        if at >= 0:
            end = at + len(clause.title)
            rest = first_line[end:]
            if not rest.strip():
                return len(first_line)
            if re.match(r"\s*[.:\-\u2013\u2014]", rest):
                return end + (len(rest) - len(rest.lstrip(" .:-\u2013\u2014")))
            return 0  # the 'title' runs on into the sentence ('IN NO EVENT SHALL ... EXCEED'): it is the sentence
    line = first_line.strip().lstrip("#").strip()
    # a list item that runs on to the next ('(f) a Related Obligation Default occurs; or') is no heading
    if line and len(line.split()) <= 12 and len(line) < 80 and not re.search(r"(?:[.;:,。；：，]|[;,]\s*(?:and|or|and/or))$", line):
        return len(first_line)
    return 0


