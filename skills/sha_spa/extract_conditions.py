"""spa_extract_conditions: the conditions to completion, who satisfies and who may waive each, the
long-stop date and the right to terminate when conditions stay unmet.

A conditional SPA binds both parties from signing; without a long-stop date and a termination right a
party can be held to the deal indefinitely while (say) a regulator or a counterparty decides. That is why
the long-stop is the first thing judged here, followed by who controls each condition.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from ..documents.model import Clause, DocumentStructure
from ..framework.base import ClauseInput, require_structure
from ..framework.schema import Finding, SkillRegistration
from .common import (agreement_input, Focus, Sentence, Side, all_sentences, is_share_deal, display_name, ordered, require_text, resolve_focus, resolve_side,
                     rx, sentence_quote, split_by_focus, subject_role)

CP_INTRO = rx(r"\bconditional\s+(?:up)?on\b", r"conditions?\s+precedent", r"subject\s+to\s+the\s+(?:satisfaction|fulfil+ment)",
              r"先决条件", r"交割条件", r"前提条件", r"以下列条件")
COMPLETION = rx(r"\bcompletion\b", r"\bclosing\b", r"交割", r"完成")
CATEGORIES: list[tuple[str, re.Pattern[str]]] = [
    ("regulatory", rx(r"\bNSI\b|national security|secretary of state|competition|antitrust|merger control|CMA\b|regulat|governmental|authority|clearance",
                      r"审批|批准|备案|反垄断|经营者集中|主管部门")),
    ("third_party_consent", rx(r"consent|waiver from|change of control", r"同意函|第三方同意|控制权变更")),
    ("no_material_adverse_change", rx(r"material adverse|\bMAC\b|\bMAE\b", r"重大不利")),
    ("shareholder_approval", rx(r"shareholders?'? (?:approval|resolution)|general meeting", r"股东(?:大)?会.{0,20}决议")),
    ("financing", rx(r"financ|funding|loan facility", r"融资")),
    ("due_diligence", rx(r"due diligence", r"尽职调查")),
    ("warranties_true", rx(r"warrant\w* (?:being|are|remain) true", r"陈述与保证.*真实")),
]
OBLIGATION = rx(r"shall\s+(?:use\s+(?:all\s+)?(?:reasonable|best)\s+endeavou?rs|procure|submit|make|file|apply|notify)", r"负责|应当?(?:办理|取得|申请|促使)")
WAIVER = rx(r"may\s+(?:in\s+\w+\s+\w+\s+)?waive|entitled\s+to\s+waive|(?:may\s+be\s+|be\s+)?waived\s+(?:only\s+)?by|may\s+not\s+be\s+waived|cannot\s+be\s+waived|shall\s+not\s+be\s+waived",
            r"(?:可|有权|可以)(?:书面)?(?:豁免|放弃)|不得(?:被)?(?:豁免|放弃)|不可(?:豁免|放弃)")
NO_WAIVER = rx(r"may\s+not\s+be\s+waived|cannot\s+be\s+waived|shall\s+not\s+be\s+(?:capable\s+of\s+being\s+)?waived", r"不得(?:被)?(?:豁免|放弃)|不可(?:豁免|放弃)")
JOINT = rx(r"\bparties\b.{0,40}\b(?:jointly|agree)", r"by\s+agreement\s+between", r"双方(?:协商)?一致")
VAGUE = rx(r"(?:reasonably\s+)?satisfactory\s+to\s+(?:the\s+)?\w+", r"to\s+the\s+(?:reasonable\s+)?satisfaction\s+of\s+(?:the\s+)?\w+",
           r"acceptable\s+to\s+(?:the\s+)?\w+", r"(?:sole|absolute)\s+discretion", r"令\w{1,4}满意|\w{1,4}认可", r"(?:买方|卖方|投资方|投资人)[^，。；]{0,20}满意")
LONG_STOP = rx(r"long[- ]?stop", r"drop[- ]dead date", r"outside date", r"end date", r"cut-?off date", r"最后期限|最终期限|截止日|最迟交割日|终止日")
UNMET_BY = rx(r"(?:not|n't)\s+(?:been\s+)?(?:satisfied|fulfilled)(?:\s+or\s+waived)?[^.;]{0,80}\b(?:by|on\s+or\s+before|within|before)\b",
              r"未(?:能)?(?:在|于).{0,30}(?:满足|成就)")
NO_LONG_STOP = rx(r"remain\s+capable\s+of\s+satisfaction\s+until", r"neither\s+party\s+shall\s+be\s+entitled\s+to\s+terminate[^.]*time",
                  r"no\s+long[- ]?stop", r"不设(?:置)?(?:最后)?期限", r"不得因.{0,20}(?:时间|期限).{0,10}解除")
ACTOR = rx(r"\b(?:Buyer|Purchaser|Seller|Vendor|Investors?|Founders?|Warrantors?)\s+(?:having\s+)?(?:obtain|procur|deliver|receiv|pass|fil|complet)\w*",
           r"(?:买方|卖方|投资方|创始人)(?:已)?(?:取得|获得|完成|办理|提交)")
TERMINATE = rx(r"terminat|rescind", r"解除|终止")
REFERENCE = re.compile(r"(?:Clauses?|第)\s*(\d+(?:\.\d+)*(?:\([a-z0-9]{1,4}\))?)(?:条第[（(](\w{1,3})[）)]项)?")
NAMES = re.compile(r"\b(?:[A-Z]{2,}[A-Za-z]*(?:\s+Act)?|[A-Z][a-z]+(?:\s+(?:Systems|plc|Limited|Ltd|Act))+)\b")
COMMON_NAMES = {"NB", "OR", "AND", "THE"}
ZH_STOP = ("目标公司", "股权转让", "先决条件", "交割", "本协议", "买方", "卖方", "条件", "投资")


class ConditionsInput(ClauseInput):
    clause_id: str = Field("*", description=(
        "What to focus on. '*' (or a checklist topic id such as 'conditions') reads the whole agreement; a clause "
        "number such as '5' or '5.4' reports findings in that clause and its sub-clauses in full (findings elsewhere "
        "are listed in findings_elsewhere). The whole agreement is always read."))
    our_party: str = Field("", description="Whose side to judge from: 'Buyer' or 'Seller' (or a party name). Default: the review's our_party, else the Buyer.")


class ConditionItem(BaseModel):
    clause_id: str
    text: str = Field(description="The condition as written (verbatim, shortened if long).")
    category: str = Field(description="regulatory, third_party_consent, no_material_adverse_change, shareholder_approval, financing, due_diligence, warranties_true or other.")
    responsible_party: str = Field(description="Who must procure it, as the agreement says, or 'not stated'.")
    waivable_by: str = Field(description="Who may waive it: a party, 'the parties jointly', 'not waivable' or 'not stated'.")
    discretion: str = Field("", description="A 'satisfactory to ...' or discretion standard in the condition, if any.")


class ConditionsOutput(BaseModel):
    our_party: str
    our_party_assumed: bool
    conditions: list[ConditionItem]
    long_stop_date: str = Field(description="The long-stop provision as written, or '' if there is none.")
    long_stop_clause_id: str | None
    termination_right: str = Field(description="Who may terminate if the conditions stay unmet: a party, 'none' or 'not stated'.")
    termination_evidence: str
    findings: list[Finding]
    findings_elsewhere: list[str]
    summary: str


# A list of the agreement's annexes or a boilerplate section names the conditions without stating them
_NOT_CONDITIONS = re.compile(r"附件如下|以下附件|annex(?:es)?\s+(?:are|is)\s+(?:as\s+follows|attached)|schedules?\s+(?:are|is)\s+attached|"
                             r"the\s+following\s+(?:schedules|annexes|exhibits)", re.I)
_BOILERPLATE_HEADING = re.compile(r"其他|其它|一般规定|杂项|miscellaneous|general\s+provisions|boilerplate", re.I)


def _condition_clauses(structure: DocumentStructure) -> list[Clause]:
    def boilerplate(clause: Clause) -> bool:
        parent = structure.parent_of(clause)
        return bool(_NOT_CONDITIONS.search(clause.text) or _BOILERPLATE_HEADING.search(clause.title or "")
                    or (parent is not None and _BOILERPLATE_HEADING.search(parent.title or "")))

    anchors = [c for c in structure.iter_clauses() if CP_INTRO.search(c.text) and COMPLETION.search(c.text) and not boilerplate(c)]
    items: list[Clause] = []
    for anchor in anchors:
        items.extend(anchor.children or [anchor])
    return items


def _referenced(structure: DocumentStructure, text: str) -> set[str]:
    found = set()
    for m in REFERENCE.finditer(text):
        clause = structure.get_clause(f"{m.group(1)}({m.group(2)})" if m.group(2) else m.group(1))
        if clause is not None:
            found.add(clause.clause_id)
    return found


def _names(text: str) -> set[str]:
    """Distinctive names a condition and an obligation may share: 'NSI Act', 'Aerodyne Systems plc', or any
    four Chinese characters that are not stock deal vocabulary ('经营者集中申报')."""
    names = {n for n in NAMES.findall(text) if n.upper() not in COMMON_NAMES}
    for run in re.findall(r"[\u4e00-\u9fff]{4,}", text):
        windows = (run[i:i + 4] for i in range(len(run) - 3))
        names.update(w for w in windows if not any(stop in w for stop in ZH_STOP))
    return names


def _party(structure: DocumentStructure, role: str) -> str:
    return display_name(structure, role) if role else "not stated"


def _covers(structure: DocumentStructure, sentence: Sentence, clause: Clause) -> bool:
    """A sentence speaks of this condition if it cites it (or its parent list generally) by number."""
    refs = _referenced(structure, sentence.text)
    return clause.clause_id in refs or (clause.parent_id in refs and not any(r.startswith(f"{clause.parent_id}(") for r in refs))


def _responsible(structure: DocumentStructure, clause: Clause, obligations: list[Sentence]) -> str:
    for s in obligations:
        if clause.clause_id in _referenced(structure, s.text):
            return _party(structure, subject_role(s.text))
    names = _names(clause.text)
    for s in obligations:
        if names & _names(s.text):
            return _party(structure, subject_role(s.text))
    actor = ACTOR.search(clause.text)  # "the Buyer obtaining clearance", "卖方已取得..."
    return _party(structure, subject_role(actor.group(0))) if actor else "not stated"


def _waivable_by(structure: DocumentStructure, clause: Clause, waivers: list[Sentence]) -> str:
    """A sentence citing this condition wins over one about 'the Conditions' generally."""
    specific = [s for s in waivers if _covers(structure, s, clause)]
    general = [s for s in waivers if not _referenced(structure, s.text) and re.search(r"\bConditions\b|条件", s.text)]
    for s in specific or general:
        if NO_WAIVER.search(s.text):
            return "not waivable"
        if JOINT.search(s.text):
            return "the parties jointly"
        if subject_role(s.text):
            return _party(structure, subject_role(s.text))
    return "not stated"


def _category(text: str) -> str:
    return next((name for name, pattern in CATEGORIES if pattern.search(text)), "other")


def extract_conditions(data: ConditionsInput) -> ConditionsOutput:
    structure = require_structure(data.document_structure)
    require_text(structure)
    focus: Focus = resolve_focus(structure, data.clause_id)
    side: Side = resolve_side(data.our_party or data.state_snapshot.get("our_party", ""), structure, default="buyer")
    sents = all_sentences(structure)
    obligations = [s for s in sents if OBLIGATION.search(s.text)]
    waivers = [s for s in sents if WAIVER.search(s.text) and re.search(r"Condition|条件", s.text)]
    findings: list[Finding] = []
    items: list[ConditionItem] = []
    for clause in _condition_clauses(structure):
        vague = VAGUE.search(clause.text)
        item = ConditionItem(clause_id=clause.clause_id, text=clause.text.strip()[:400], category=_category(clause.text),
                             responsible_party=_responsible(structure, clause, obligations),
                             waivable_by=_waivable_by(structure, clause, waivers), discretion=vague.group(0) if vague else "")
        items.append(item)
        findings.extend(_condition_findings(structure, clause, item, side, vague))
    long_stop = next((s for s in sents if _sets_long_stop(s) and not NO_LONG_STOP.search(s.text)), None)
    denial = next((s for s in sents if NO_LONG_STOP.search(s.text)), None)
    terminations = [s for s in sents if TERMINATE.search(s.text) and re.search(r"Condition|long[- ]?stop|satisf|条件|期限", s.text, re.I)]
    termination, termination_quote = _termination(structure, denial, terminations)
    if items:
        findings.extend(_long_stop_findings(structure, side, items, long_stop, denial, termination))
    kept, elsewhere = split_by_focus(ordered(findings), focus)
    summary = (f"{len(items)} conditions ({', '.join(sorted({i.category for i in items})) or 'none found'}); "
               f"long-stop date: {'yes' if long_stop and not denial else 'none'}; termination if unmet: {termination}; "
               f"{len(kept)} findings for the {side.name}{' (assumed)' if side.assumed else ''}.")
    return ConditionsOutput(
        our_party=side.name, our_party_assumed=side.assumed, conditions=items,
        long_stop_date=sentence_quote(long_stop) if long_stop and not denial else "",
        long_stop_clause_id=long_stop.clause_id if long_stop and not denial else None,
        termination_right=termination, termination_evidence=termination_quote,
        findings=kept, findings_elsewhere=elsewhere, summary=summary,
    )


def _sets_long_stop(s: Sentence) -> bool:
    """'Long Stop Date' says it outright; 'end date' or 'cut-off date' only when the sentence is about conditions or completion."""
    if re.search(r"long[- ]?stop|drop[- ]dead|最后期限|最迟交割日", s.text, re.I) or UNMET_BY.search(s.text):
        return True
    return bool(LONG_STOP.search(s.text) and re.search(r"Condition|Completion|Closing|条件|交割", s.text))


def _termination(structure: DocumentStructure, denial: Sentence | None, terminations: list[Sentence]) -> tuple[str, str]:
    if denial is not None and TERMINATE.search(denial.text):
        return "none", sentence_quote(denial)
    for s in terminations:
        if re.search(r"may\s+(?:by\s+notice\s+\w+\s+\w+\s+)?terminate|entitled\s+to\s+terminate|有权解除", s.text, re.I) and not re.search(r"neither|not\s+be\s+entitled", s.text, re.I):
            who = "either party" if re.search(r"either\s+party|任何一方", s.text, re.I) else _party(structure, subject_role(s.text))
            return who, sentence_quote(s)
    return "not stated", ""


def _condition_findings(structure: DocumentStructure, clause: Clause, item: ConditionItem, side: Side, vague: re.Match | None) -> list[Finding]:
    found: list[Finding] = []
    other_name = display_name(structure, side.other) if side.other else ""
    if item.waivable_by == other_name and other_name:
        # A condition that exists for the waiving side's own benefit (MAC, terms satisfactory to it) is theirs to waive.
        for_their_benefit = item.category == "no_material_adverse_change" or (vague is not None and subject_role(vague.group(0)) == side.other)
        found.append(Finding(severity="low" if for_their_benefit else "medium", kind="waivable_only_by_other_side", clause_id=clause.clause_id,
                             message=(f"Only the {other_name} may waive this {item.category.replace('_', ' ')} condition: it alone decides "
                                      f"whether to complete without it, which gives it an option the {side.name} lacks."),
                             evidence=sentence_quote(Sentence(clause.clause_id, clause.start, clause.text.strip()))))
    if vague is not None:
        holder = subject_role(vague.group(0))
        reasonable = "reasonabl" in vague.group(0).lower()
        theirs = holder == side.other or (holder == "" and side.protected is False)
        severity = ("medium" if reasonable else "high") if theirs else "low"
        whose = display_name(structure, holder) if holder else "one party"
        found.append(Finding(severity=severity, kind="vague_condition", clause_id=clause.clause_id,
                             message=(f"Condition turns on a subjective standard ('{vague.group(0)}') held by the {whose}"
                                      + (": a walk-away right in practice; tie it to objective criteria." if theirs
                                         else "; objective criteria would avoid argument over whether it is met.")),
                             evidence=vague.group(0)))
    if item.category == "no_material_adverse_change" and not side.protected:
        found.append(Finding(severity="medium", kind="mac_condition", clause_id=clause.clause_id,
                             message=f"A no-material-adverse-change condition lets the {other_name} walk away between signing and completion; narrow the definition or drop it.",
                             evidence=clause.text.strip()[:320]))
    return found


def _long_stop_findings(structure: DocumentStructure, side: Side, items: list[ConditionItem], long_stop: Sentence | None,
                        denial: Sentence | None, termination: str) -> list[Finding]:
    outstanding = ", ".join(f"{i.clause_id} ({i.category.replace('_', ' ')})" for i in items)
    if long_stop is None and denial is None and all(i.category == "other" for i in items):
        return []  # no recognised condition to wait for ('the remaining shares shall vest ... thereafter'): nothing to stop
    if denial is not None or long_stop is None:
        anchor = denial or next((s for s in all_sentences(structure) if CP_INTRO.search(s.text) and COMPLETION.search(s.text)),
                                Sentence(items[0].clause_id, 0, items[0].text))
        return [Finding(severity="high" if is_share_deal(structure) else "medium", kind="missing_long_stop_date", clause_id=anchor.clause_id,
                        message=(f"No long-stop date: the conditions ({outstanding}) may remain outstanding indefinitely and the "
                                 f"{side.name} has no right to walk away for delay; add a long-stop date with a termination right."),
                        evidence=sentence_quote(anchor))]
    if termination in ("none", "not stated"):
        return [Finding(severity="medium", kind="long_stop_without_termination_right", clause_id=long_stop.clause_id,
                        message="A long-stop date is set but no party is given a right to terminate when it passes.",
                        evidence=sentence_quote(long_stop))]
    return []


def prepare_input(clause_id: str, primary_structure, state: dict) -> ConditionsInput:
    return agreement_input(ConditionsInput, clause_id, primary_structure, state)


registration = SkillRegistration(
    skill_id="spa_extract_conditions",
    name="SPA conditions precedent",
    description=(
        "List the conditions to completion of a share purchase: what each requires, who must satisfy it, who may "
        "waive it, the long-stop date and who may terminate if conditions stay unmet. Findings from our side: no "
        "long-stop date, conditions only the other side may waive, subjective conditions ('satisfactory to the Buyer')."
    ),
    input_schema=ConditionsInput,
    output_schema=ConditionsOutput,
    local_handler=extract_conditions,
    prepare_input_fn=prepare_input,
    domain="sha_spa",
    category="analysis",
)
