"""Cross-references: 'Clause 14.2', 'Sub-Clause 14.7 [Payment]', 'Sections 5.1 and 5.2(b)', 'Article IV',
'Schedule 3', '第十二条', '第12.3款'. References to other instruments ('Section 16 of the Exchange Act') are
kept but marked external, since they cannot resolve inside this document.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .model import Clause, CrossReference
from .numbering import CN_NUMERAL, PARA, SCHEDULE_WORDS, cn_to_int, normalise_clause_id, parent_candidates

if TYPE_CHECKING:
    from .model import DocumentStructure

# a clause number, not a statute's ("Section 2257", "15 U.S.C. Sections 78dd-1"); "Clause 2.11shall" (a
# missing space) still reads as 2.11
_REF_DOTTED = r"\d{1,3}(?:\.\d{1,3})*(?!\d|[a-z]{1,3}-\d)(?:[A-Z](?![A-Za-z]))?"
_NUM = rf"(?:{_REF_DOTTED}|[IVXLC]+\b)(?:\s?{PARA})*"
_REF = re.compile(
    rf"\b(Sub-Clauses?|Sub-clauses?|sub-clauses?|Clauses?|clauses?|Sections?|Articles?|Paragraphs?|CLAUSES?|SECTIONS?|ARTICLES?)\s+"
    rf"({_NUM}(?:\s*(?:,|and|or|to|through|-|–)\s*(?:{_NUM}))*)"
)
_ONE = re.compile(_NUM)
_TITLE = re.compile(r"\s*[\[〔【]([^\]〕】\n]{1,80})[\]〕】]")
_EXTERNAL = re.compile(
    r"\s*(?:of|under|in|to)\s+(?:the\s+)?((?!this\b|these\b|such\b)(?:[A-Z][\w.&'’-]*\s+){0,8}"
    r"(?:Act|Code|Regulations?|Rules?|Law|Ordinance|Directive|Convention|Treaty|Statute|Agreement|Plan|Schedule|"
    r"Charter|Bylaws|By-laws|Articles|Certificate|Contract|Guidelines|Policy|U\.S\.C\.|CFR|C\.F\.R\.)\b(?:\s+of\s+\d{4})?"
    # another contract named in lower case: 'clause 19.2 of the framework supply agreement between ...'
    r"|(?!this\b|these\b|such\b|the\b|each\b|any\b)(?:[a-z][\w-]*\s+){1,4}(?:agreement|contract|deed|lease|licen[cs]e|plan)\b)"
)
_ACRONYM_INSTRUMENT = re.compile(r"\s*(?:of|under)\s+(?:the\s+)?((?:U\.S\.|US|UK)?\s?[A-Z]{2,8}\b|Title\s+\d+\b[^,;.]{0,40})")
_STATUTE_BEFORE = re.compile(r"(?:U\.\s?S\.\s?C\.|USC|C\.F\.R\.|CFR|Code|Act|Regulations?|Treas\.\s?Reg\.|§)\s*$")
# the rest of a statute's section number that the clause pattern stops short of: "Section 18-1101(c) of the Act"
_STATUTE_TAIL = re.compile(r"[-–]\d+[\w.]*(?:\([\w]+\))*")
# "a Schedule K-1", "each Form W-9": a kind of document, not this contract's schedule
_A_KIND_OF = re.compile(r"\b(?:a|an|each|any|every)\s+$", re.I)
_THEREOF = re.compile(r"\s*,?\s*(?:thereof|thereunder|of\s+(?:that|such|the\s+other)\s+(?:agreement|instrument|contract))\b", re.IGNORECASE)
# "Exhibit A", "Schedule 3", "Annex A1", "Schedule 6.2", "Appendix IV", "Exhibit A-1"; not "EXHIBIT HAS BEEN ..."
_SCHEDULE_REF = re.compile(rf"\b({SCHEDULE_WORDS})[ \t]*-?[ \t]*([A-Z]{{1,2}}\d{{0,2}}|\d{{1,3}}(?:\.\d{{1,3}})?|[IVX]{{1,5}})(-\d{{1,2}})?\b(?![a-z])")
# '按附件三执行', '详见附表2': an annex of this contract (its id as its own heading writes the number)
_ZH_SCHEDULE_REF = re.compile(r"(附件|附表|附录)\s*([一二三四五六七八九十]{1,3}|\d{1,3})(?![\d一二三四五六七八九十])")
_ZH_REF = re.compile(rf"第\s*([{CN_NUMERAL}\d]+(?:\.\d+)*)\s*([条款项])(?:\s*[（(]([{CN_NUMERAL}\d]+)[)）])?(?:\s*[〔【\[]([^〕】\]\n]{{1,40}})[〕】\]])?")


def _is_heading_marker(structure: "DocumentStructure", start: int) -> bool:
    clause = structure.clause_at(start)
    return clause is not None and clause.start == start


def _starts_line(text: str, offset: int) -> bool:
    line_start = text.rfind("\n", max(0, offset - 200), offset) + 1
    return not text[line_start:offset].strip(" \t#*_>|")


def _expand_list(raw: str) -> list[str]:
    """'5.1 and 5.2(b)' -> ['5.1', '5.2(b)']; ranges keep both ends only."""
    return [m.group(0) for m in _ONE.finditer(raw)]


def _instrument(text: str, start: int, tail: str) -> str | None:
    """The other instrument a reference points into, if any: "of the Exchange Act", "of the FDCA",
    "11 U.S.C. Section 365(n)", "Section 9.2 thereof"; None for this document ("of this Agreement")."""
    rest = _STATUTE_TAIL.match(tail)
    if rest:
        tail = tail[rest.end():]
    external = _EXTERNAL.match(tail)
    if external:
        instrument = external.group(1).strip()
        return None if instrument.lower() in {"agreement", "contract", "schedule", "articles"} else instrument
    acronym = _ACRONYM_INSTRUMENT.match(tail)
    if acronym and acronym.group(1).strip().upper() not in {"I", "II", "III", "IV", "V"}:
        return acronym.group(1).strip()
    if _STATUTE_BEFORE.search(text[max(0, start - 20):start]):
        return text[max(0, start - 20):start].split()[-1]
    if _THEREOF.match(tail):
        return "(an instrument named earlier)"
    return None


def _statute_number(structure: "DocumentStructure", target: str) -> bool:
    """"Section 101" or "Section 409A" in a contract whose own top-level numbers stop far below: a statute's section."""
    number = re.match(r"\d+", target)  # "Section 409A", "Section 280G" of the tax code
    if number is None or int(number.group(0)) < 100:
        return False
    return not structure.has_clause(target.split("(")[0])


def extract_cross_references(structure: "DocumentStructure") -> list[CrossReference]:
    text = structure.text
    refs: list[CrossReference] = []

    def source_of(offset: int) -> str | None:
        clause = structure.clause_at(offset)
        return clause.clause_id if clause else None

    for match in _REF.finditer(text):
        if _is_heading_marker(structure, match.start()):
            continue
        keyword = match.group(1)
        after = text[match.end(): match.end() + 160]
        title_match = _TITLE.match(after)
        title = title_match.group(1).strip() if title_match else None
        tail = after[title_match.end():] if title_match else after
        instrument = _instrument(text, match.start(), tail)
        for raw in _expand_list(match.group(2)):
            target = normalise_clause_id(raw.replace(" ", ""))
            if target is None:
                continue
            if keyword.lower().startswith("article") and not target[0].isdigit():
                continue
            if not instrument and _statute_number(structure, target):
                instrument = "(a statute)"
            refs.append(
                CrossReference(
                    source_clause_id=source_of(match.start()),
                    text=text[match.start(): match.end() + (title_match.end() if title_match else 0)],
                    target_id=target,
                    target_title=title,
                    kind="external" if instrument else "clause",
                    external_instrument=instrument,
                    start=match.start(),
                    end=match.end(),
                )
            )
    first_clause = structure.clauses[0].start if structure.clauses else len(text)
    for match in _SCHEDULE_REF.finditer(text):
        if _is_heading_marker(structure, match.start()):
            continue
        if match.start() < first_clause and _starts_line(text, match.start()):
            continue  # "Exhibit 10.32" atop an SEC filing, or a list of schedules: a label, not a reference
        if _A_KIND_OF.search(text, max(0, match.start() - 8), match.start()):
            continue  # "a Schedule K-1 for each fiscal year": a kind of tax form, not one of ours
        refs.append(
            CrossReference(
                source_clause_id=source_of(match.start()),
                text=match.group(0),
                target_id=f"{match.group(1).title()} {match.group(2)}{match.group(3) or ''}",
                kind="schedule",
                start=match.start(),
                end=match.end(),
            )
        )
    # each annex by its word and number, however either side writes the number ('附件3' cites '附件三')
    annexes = {(m.group(1), cn_to_int(m.group(2))): c.clause_id for c in structure.iter_clauses()
               if (m := _ZH_SCHEDULE_REF.fullmatch(c.clause_id))}
    for match in _ZH_SCHEDULE_REF.finditer(text):
        if _is_heading_marker(structure, match.start()) or _starts_line(text, match.start()):
            continue  # the annex's own heading, or a line of the list of annexes
        target = annexes.get((match.group(1), cn_to_int(match.group(2))))
        if target is None:
            continue
        refs.append(CrossReference(source_clause_id=source_of(match.start()), text=match.group(0), target_id=target,
                                   kind="schedule", start=match.start(), end=match.end()))
    for match in _ZH_REF.finditer(text):
        if _is_heading_marker(structure, match.start()):
            continue
        target = normalise_clause_id(match.group(1))
        if target is None:
            continue
        source = source_of(match.start())
        if match.group(2) in "款项" and text[max(0, match.start() - 2):match.start()] in ("本条", "本條") and source:
            # '本条第1款': the paragraph of the article the sentence stands in, not clause 1
            article = re.split(r"[.(（/]", source, maxsplit=1)[0]
            target = next((t for t in (f"{article}({target})", f"{article}.{target}") if structure.get_clause(t)), target)
        if match.group(3):
            target += f"({match.group(3)})"
        refs.append(
            CrossReference(
                source_clause_id=source_of(match.start()),
                text=match.group(0),
                target_id=target,
                target_title=match.group(4),
                kind="clause",
                start=match.start(),
                end=match.end(),
            )
        )
    refs.sort(key=lambda r: r.start)
    return refs


def resolve_reference(structure: "DocumentStructure", ref: CrossReference) -> Clause | None:
    """The clause a reference points at, falling back from '5.2(b)' to '5.2' when sub-paragraphs run inline."""
    if ref.kind == "external":
        return None
    if ref.kind == "schedule":
        return next((c for c in structure.iter_clauses() if c.clause_id.lower() == ref.target_id.lower()), None)
    scopes = [""]
    if ref.source_clause_id and "/" in ref.source_clause_id:
        # inside "Exhibit B" a reference to "paragraph 3" means Exhibit B's own paragraph 3 first
        scopes.insert(0, ref.source_clause_id.split("/", 1)[0] + "/")
    for scope in scopes:
        clause = structure.get_clause(scope + ref.target_id)
        if clause:
            return clause
        if "(" in ref.target_id:
            enclosing = next(c for c in parent_candidates(ref.target_id) if "(" not in c)
            clause = structure.get_clause(scope + enclosing)
            if clause:
                return clause
    return None
