"""spa_extract_reps_warranties: the warranties of an SPA or investment agreement, each with its subject and
qualifiers, the qualifiers that apply to all of them, and whether they are repeated at completion.

What a warranty is worth depends less on its own words than on the clauses around it: a blanket awareness
qualifier, a narrow definition of awareness, a general disclosure of the data room or a supplementary
disclosure that cures breaches can each empty the whole schedule. Those are judged here from our side.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from ..documents.model import Clause, DocumentStructure
from ..framework.base import ClauseInput, require_structure
from ..framework.schema import Finding, SkillRegistration
from .common import (agreement_input, Sentence, Side, all_sentences, is_share_deal, is_share_sale, display_name, ordered, require_text, resolve_focus, resolve_side, rx,
                     sentence_quote, split_by_focus, subject_role)

WARRANTY_WORD = rx(r"warrant", r"陈述(?:与|和)?保证", r"保证")
GIVES = rx(r"\b(?:represents?\s+and\s+)?warrants?\s+to\b", r"\bwarrants?\s+that\b", r"作出(?:如下|以下)?陈述(?:与|和)?保证", r"(?:陈述|保证)如下")
KNOWLEDGE = rx(r"so\s+far\s+as\s+(?:the\s+)?[\w' ]{1,30}?\s+(?:is|are)\s+aware", r"to\s+the\s+(?:best\s+of\s+(?:the\s+)?[\w' ]{1,30}?\s+)?knowledge",
               r"\bactually\s+aware\b", r"据\w{0,6}所知", r"尽\w{0,6}所知", r"以\w{0,6}所知为限", r"所知范围内")
MATERIALITY = rx(r"\bin\s+all\s+material\s+respects\b", r"\bmaterial(?:ly)?\b", r"重大|实质性")
DISCLOSURE = rx(r"save\s+(?:as|for)\b[^,.;]{0,80}", r"except\s+(?:as|for)\b[^,.;]{0,80}", r"other\s+than\s+the\s+[^,.;]{0,60}Disclos\w+[^,.;]{0,20}",
                r"qualified\s+by\s+the\s+matters\s+Disclosed", r"除[^，。；]{0,30}(?:披露|以外|之外)")
BLANKET = rx(r"(?:each|all|every|any)\s+(?:of\s+)?(?:the\s+)?Warrant", r"the\s+Warranties\s+(?:are|is|shall\s+be)\s+(?:given|qualified|subject)",
             r"(?:全部|所有|各项)(?:陈述(?:与|和)?)?保证")
REPEATED = rx(r"repeated\b", r"deemed\s+to\s+be\s+(?:given|made)\s+(?:again\s+)?(?:at|on|immediately\s+before)\s+(?:Completion|Closing)",
              r"(?:交割日|交割时)[^。；]{0,20}(?:重复作出|仍然真实|均真实)", r"重复作出")
SUPPLEMENT = rx(r"supplement\w*\s+(?:the\s+)?Disclosure", r"update\s+the\s+Disclosure", r"补充披露")
SUPPLEMENT_HARMLESS = rx(r"shall\s+not\s+(?:limit|qualify|prejudice)", r"不影响|不得限制")
DATA_ROOM = rx(r"deemed\s+(?:to\s+be\s+)?(?:fairly\s+)?disclosed[^.]{0,120}Data\s+Room|Data\s+Room[^.]{0,120}deemed\s+(?:to\s+be\s+)?disclosed",
               r"general\s+disclosure", r"数据室[^。]{0,40}视为已(?:经)?披露")
AWARE_DEFINITION = rx(r"reference\s+to\s+[\"“]?so\s+far\s+as", r"[\"“](?:Knowledge|Awareness)[\"”]\s+means", r"所知[^。]{0,10}(?:是指|指)")
NO_ENQUIRY = rx(r"without\s+(?:any\s+obligation\s+[^.]{0,40}to\s+make\s+)?(?:any\s+)?enquir", r"actual\s+knowledge", r"无需(?:进行)?(?:任何)?(?:询问|调查)")
DUE_ENQUIRY = rx(r"(?:due|reasonable|careful)\s+(?:and\s+careful\s+)?enquir", r"constructive|imputed", r"合理(?:询问|调查)")
GAP = rx(r"\bConditions?\b", r"between\s+the\s+date\s+of\s+this\s+Agreement\s+and\s+Completion", r"先决条件|交割前")
HEADING = re.compile(r"^\s*(?:\*\*)?(?:Paragraph\s+\d+\s*[-–]\s*)?([^.*\n]{2,80}?)\.?\*\*")

SUBJECTS: list[tuple[str, re.Pattern[str]]] = [
    ("capacity", rx(r"capacity|authority|power\s+to|binding\s+obligations", r"授权|权力|签署")),
    ("title_to_shares", rx(r"sale\s+shares|share\s+capital|\btitle\b|encumbranc", r"股权|股份|权属")),
    ("events_since_accounts", rx(r"since\s+the\s+accounts\s+date|ordinary\s+course", r"基准日以来|过渡期")),
    ("accounts", rx(r"\baccounts\b|financial\s+statements", r"财务报表|会计")),
    ("tax", rx(r"\btax", r"税")),
    ("contracts", rx(r"contract", r"重大合同")),
    ("customers_suppliers", rx(r"customer|supplier", r"客户|供应商")),
    ("compliance", rx(r"compliance|laws|licen[cs]e|permit", r"合规|许可|资质")),
    ("litigation", rx(r"litigation|proceedings|arbitration|dispute", r"诉讼|仲裁|争议")),
    ("employees", rx(r"employ", r"员工|劳动")),
    ("pensions", rx(r"pension|retirement", r"养老|社保|社会保险")),
    ("intellectual_property", rx(r"intellectual\s+property|patent|trade\s*mark|copyright", r"知识产权|专利|商标|著作权")),
    ("property", rx(r"(?<!intellectual )propert|\bland\b|\blease", r"不动产|土地|房产|租赁")),
    ("environment", rx(r"environment", r"环境|环保")),
    ("it_and_data", rx(r"information\s+technology|data\s+protection|personal\s+data|IT\s+systems", r"信息系统|数据|个人信息")),
    ("insolvency", rx(r"insolven|winding\s+up|administrator|receiver", r"破产|清算")),
    ("insurance", rx(r"insurance", r"保险")),
    ("anti_corruption", rx(r"brib|corrupt|sanction", r"贿赂|腐败|制裁")),
]
CORE_SUBJECTS = ("capacity", "title_to_shares", "accounts", "tax")
FUNDAMENTAL = ("capacity", "title_to_shares")


class WarrantiesInput(ClauseInput):
    clause_id: str = Field("*", description=(
        "What to focus on. '*' (or a checklist topic id such as 'warranties') reads the whole agreement; a clause "
        "number such as '8', '8.3' or 'Schedule 4' reports findings in that clause and its sub-clauses in full "
        "(others are listed in findings_elsewhere). The whole agreement is always read."))
    our_party: str = Field("", description="Whose side to judge from: 'Buyer'/'Investor' (receives the warranties) or 'Seller'/'Founder' (gives them). Default: the review's our_party, else the Buyer.")


class Qualifier(BaseModel):
    kind: str = Field(description="knowledge, materiality or disclosure (a 'save as/for' exception).")
    quote: str


class WarrantyItem(BaseModel):
    clause_id: str
    heading: str
    subject: str = Field(description="capacity, title_to_shares, accounts, tax, litigation, employees, intellectual_property, ... or other.")
    also_covers: list[str]
    given_by: str
    qualifiers: list[Qualifier]
    text: str = Field(description="The warranty as written (shortened if long).")


class GeneralQualifier(BaseModel):
    kind: str = Field(description="blanket_knowledge, general_disclosure, data_room_disclosure or supplementary_disclosure.")
    clause_id: str | None
    quote: str


class WarrantiesOutput(BaseModel):
    our_party: str
    our_party_assumed: bool
    warranties: list[WarrantyItem]
    subjects_covered: list[str]
    core_subjects_missing: list[str]
    general_qualifiers: list[GeneralQualifier]
    knowledge_definition: str
    repeated_at_completion: bool
    repetition_evidence: str
    findings: list[Finding]
    findings_elsewhere: list[str]
    summary: str


def _heading_and_body(clause: Clause) -> tuple[str, str]:
    text = clause.text.strip()
    text = re.sub(rf"^{re.escape(clause.label)}\s*", "", text) if clause.label else text
    m = HEADING.match(text)
    if clause.title:
        return clause.title, text
    return (m.group(1).strip(" -–:"), text[m.end():].strip()) if m else ("", text)


def _subjects(heading: str, body: str) -> list[str]:
    """From the warranty's heading when it has one (bodies mention many subjects in passing), else its opening words."""
    found = [name for name, pattern in SUBJECTS if heading and pattern.search(heading)]
    return found or [name for name, pattern in SUBJECTS if pattern.search(body[:200])][:2] or ["other"]


def _containers(structure: DocumentStructure) -> list[Clause]:
    """Clauses or schedules headed 'Warranties' whose children state facts rather than warranty mechanics."""
    found = []
    for clause in structure.iter_clauses():
        if not (clause.children and WARRANTY_WORD.search(f"{clause.title} {clause.text[:120]}")):
            continue
        mechanics = sum(1 for child in clause.children if WARRANTY_WORD.search(child.text))
        if mechanics * 2 < len(clause.children):
            found.append(clause)
    return found


def _giver(structure: DocumentStructure, sentences: list[Sentence], default: str) -> str:
    for s in sentences:
        if GIVES.search(s.text) and re.search(r"Warranties|Schedule|each\s+Warranty|如下|以下", s.text):
            return display_name(structure, subject_role(s.text))
    return default


def _qualifiers(body: str) -> list[Qualifier]:
    found = []
    for kind, pattern in (("knowledge", KNOWLEDGE), ("materiality", MATERIALITY), ("disclosure", DISCLOSURE)):
        m = pattern.search(body)
        if m:
            found.append(Qualifier(kind=kind, quote=m.group(0).strip()))
    return found


def extract_reps_warranties(data: WarrantiesInput) -> WarrantiesOutput:
    structure = require_structure(data.document_structure)
    require_text(structure)
    focus = resolve_focus(structure, data.clause_id)
    side: Side = resolve_side(data.our_party or data.state_snapshot.get("our_party", ""), structure, default="buyer")
    sents = all_sentences(structure)
    giver_default = display_name(structure, "seller" if side.role in ("buyer", "seller") else "founder")
    giver = _giver(structure, sents, giver_default)
    items: list[WarrantyItem] = []
    for container in _containers(structure):
        for clause in container.children:
            heading, body = _heading_and_body(clause)
            subjects = _subjects(heading, body)
            items.append(WarrantyItem(clause_id=clause.clause_id, heading=heading, subject=subjects[0], also_covers=subjects[1:],
                                      given_by=giver, qualifiers=_qualifiers(body), text=clause.text.strip()[:300]))
    mechanics = [s for s in sents if WARRANTY_WORD.search(s.text) and not any(s.clause_id == i.clause_id for i in items)]
    general = _general_qualifiers(mechanics)
    repetition = next((s for s in mechanics if REPEATED.search(s.text)), None)
    definition = next((s for s in sents if AWARE_DEFINITION.search(s.text)), None)
    covered = sorted({i.subject for i in items} | {c for i in items for c in i.also_covers})
    share_deal = is_share_deal(structure)  # missing subjects and repetition only matter when shares change hands
    missing = [c for c in CORE_SUBJECTS if c not in covered] if items and share_deal and is_share_sale(structure) else []
    findings = _findings(structure, side, items, general, repetition, definition, missing,
                         share_deal and any(GAP.search(s.text) for s in sents))
    kept, elsewhere = split_by_focus(ordered(findings), focus)
    summary = (f"{len(items)} warranties given by the {giver} ({', '.join(covered) or 'none found'}); general qualifiers: "
               f"{', '.join(g.kind for g in general) or 'none'}; repeated at completion: {'yes' if repetition else 'no'}; "
               f"{len(kept)} findings for the {side.name}{' (assumed)' if side.assumed else ''}.")
    return WarrantiesOutput(
        our_party=side.name, our_party_assumed=side.assumed, warranties=items, subjects_covered=covered,
        core_subjects_missing=missing, general_qualifiers=general,
        knowledge_definition=sentence_quote(definition) if definition else "",
        repeated_at_completion=repetition is not None, repetition_evidence=sentence_quote(repetition) if repetition else "",
        findings=kept, findings_elsewhere=elsewhere, summary=summary,
    )


def _general_qualifiers(mechanics: list[Sentence]) -> list[GeneralQualifier]:
    found = []
    for s in mechanics:
        if BLANKET.search(s.text) and KNOWLEDGE.search(s.text):
            found.append(GeneralQualifier(kind="blanket_knowledge", clause_id=s.clause_id, quote=sentence_quote(s, KNOWLEDGE.search(s.text))))
        if re.search(r"qualified\s+by|subject\s+to\s+the\s+(?:matters\s+)?Disclos|(?:save|except)\s+as\s+(?:fairly\s+)?disclosed\s+in\s+the\s+(?:[\w-]+\s+){0,2}?Disclosure|except\s+as\s+(?:set\s+forth|disclosed|provided)\s+in\s+the\s+"
                     r"(?:[\w-]+\s+){0,2}?Disclosure|以.{0,10}披露.{0,10}为限|除[^。；]{0,30}披露[^。；]{0,12}(?:外|以外)", s.text, re.I):
            found.append(GeneralQualifier(kind="general_disclosure", clause_id=s.clause_id, quote=sentence_quote(s)))
        if DATA_ROOM.search(s.text):
            found.append(GeneralQualifier(kind="data_room_disclosure", clause_id=s.clause_id, quote=sentence_quote(s, DATA_ROOM.search(s.text))))
        if SUPPLEMENT.search(s.text):
            found.append(GeneralQualifier(kind="supplementary_disclosure", clause_id=s.clause_id, quote=sentence_quote(s, SUPPLEMENT.search(s.text))))
    return found


def _finding(severity: str, kind: str, sentence: Sentence | None, message: str, match: re.Match | None = None) -> Finding:
    return Finding(severity=severity, kind=kind, clause_id=sentence.clause_id if sentence else None, message=message,
                   evidence=sentence_quote(sentence, match) if sentence else "")


def _findings(structure: DocumentStructure, side: Side, items: list[WarrantyItem], general: list[GeneralQualifier],
              repetition: Sentence | None, definition: Sentence | None, missing: list[str], gap: bool) -> list[Finding]:
    found: list[Finding] = []
    kinds = {g.kind: g for g in general}
    if side.protected:
        if "blanket_knowledge" in kinds:
            g = kinds["blanket_knowledge"]
            found.append(Finding(severity="high", kind="blanket_knowledge_qualifier", clause_id=g.clause_id, evidence=g.quote,
                                 message=(f"Every warranty is qualified by the warrantor's awareness: the {side.name} bears the risk of any "
                                          "breach the warrantor did not know of, so the warranties allocate almost no risk. Limit awareness "
                                          "qualifiers to specific warranties.")))
        if definition is not None and NO_ENQUIRY.search(definition.text) and not DUE_ENQUIRY.search(definition.text):
            found.append(_finding("medium", "knowledge_without_enquiry", definition,
                                  "Awareness means actual knowledge of named individuals without enquiry; ask for knowledge after due and careful enquiry of management."))
        if "data_room_disclosure" in kinds:
            g = kinds["data_room_disclosure"]
            found.append(Finding(severity="medium", kind="data_room_disclosure", clause_id=g.clause_id, evidence=g.quote,
                                 message="The whole data room is treated as disclosed against the warranties; limit disclosure to matters fairly disclosed in the disclosure letter."))
        supplement = kinds.get("supplementary_disclosure")
        if supplement and not SUPPLEMENT_HARMLESS.search(supplement.quote):
            found.append(Finding(severity="high", kind="supplementary_disclosure_limits_claims", clause_id=supplement.clause_id, evidence=supplement.quote,
                                 message="Disclosure updated before completion qualifies the warranties, so breaches arising between signing and completion go unremedied."))
        if gap and items and repetition is None:
            found.append(Finding(severity="medium", kind="warranties_not_repeated", clause_id=None,
                                 message="The warranties are given at signing only although completion is deferred; ask for repetition at completion."))
        for item in items:
            knowledge = next((q for q in item.qualifiers if q.kind == "knowledge"), None)
            if knowledge and item.subject in FUNDAMENTAL:
                found.append(Finding(severity="medium", kind="fundamental_warranty_knowledge_qualified", clause_id=item.clause_id,
                                     evidence=knowledge.quote, message=f"The {item.subject.replace('_', ' ')} warranty should be absolute, not awareness-qualified."))
        for subject in missing:
            found.append(Finding(severity="medium", kind="missing_core_warranty", clause_id=None,
                                 message=f"No {subject.replace('_', ' ')} warranty was found."))
    elif items:
        if repetition is not None:
            found.append(_finding("medium", "warranties_repeated_at_completion", repetition,
                                  "Warranties repeated at completion expose the warrantor to events it cannot control between signing and completion; "
                                  "limit repetition to fundamental warranties or let supplementary disclosure qualify them.", REPEATED.search(repetition.text)))
        if "general_disclosure" not in kinds:
            # a disclosure letter is the English and American way; Chinese transfers seldom use one
            found.append(Finding(severity="medium" if structure.language == "zh" else "high", kind="no_general_disclosure_qualifier", clause_id=None,
                                 message="The warranties are not stated to be qualified by the disclosure letter; add a general disclosure qualification."))
        if definition is not None and DUE_ENQUIRY.search(definition.text):
            found.append(_finding("medium", "knowledge_includes_enquiry", definition,
                                  "Awareness includes knowledge after enquiry (or constructive knowledge); limit it to actual knowledge of named individuals."))
    return found


def prepare_input(clause_id: str, primary_structure, state: dict) -> WarrantiesInput:
    return agreement_input(WarrantiesInput, clause_id, primary_structure, state)


registration = SkillRegistration(
    skill_id="spa_extract_reps_warranties",
    name="SPA warranties",
    description=(
        "List the warranties of a share purchase or investment agreement, each with its subject (title, capacity, "
        "accounts, tax, litigation, IP, employees...) and qualifiers (awareness, materiality, disclosure), the "
        "qualifiers that apply to all warranties and whether they are repeated at completion. Findings from our side, "
        "e.g. a blanket awareness qualifier or awareness without enquiry for a buyer; repetition at completion for a seller."
    ),
    input_schema=WarrantiesInput,
    output_schema=WarrantiesOutput,
    local_handler=extract_reps_warranties,
    prepare_input_fn=prepare_input,
    domain="sha_spa",
    category="analysis",
)
