"""The judgements the FIDIC skills share, each a function from the merged contract to findings.

fidic_merge_gc_pc reports what applying the PC broke or moved (deleted Sub-Clauses still relied on,
references into nothing, new undefined terms, removed caps, changed periods); fidic_check_pc_consistency
runs those plus the PC-against-GC checks (targets, titles, contradictions, risk, retention, blank
Contract Data). Every finding quotes the PC or GC verbatim; `verbatim` picks the first candidate quote that
really occurs in one of the documents.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Iterable

from rapidfuzz import fuzz

from ..documents.model import DocumentStructure
from ..framework.schema import Finding
from ..text.amounts import find_percentages
from .amendments import Amendment
from .merge import MergeResult
from .standards import normalise_party
from .time_limits import TimeLimit, align_original, attach_standards, extract_time_limits, judge

_RELIEF = re.compile(r"Unforeseeable|Physical Conditions|Changes? in (?:Legislation|Laws?)|Force Majeure|Exceptional Event|"
                     r"Extension of Time|Employer'?s Risks|法律变化|不可抗力|不利物质条件", re.I)
_CAP_GONE = re.compile(r"no (?:maximum|limit|cap)\b[^.;]{0,60}\b(?:shall )?appl|shall not be (?:subject to|limited by) (?:any )?(?:maximum|limit|cap)|"
                       r"without (?:any )?(?:limit|cap|maximum)|\bunlimited\b|不设上限|不受.{0,10}上限|无上限", re.I)
_CAP_STATED = re.compile(r"shall not exceed|maximum (?:amount|total|aggregate)|in no event (?:shall|will)|limited to|不超过|不得超过|上限|最高", re.I)
_NOT_APPLICABLE = re.compile(r"^\s*(?:not applicable|n/?a|none|nil|unlimited|no (?:limit|maximum|cap)|不适用|无|不设上限)\b", re.I)
_GROUND = re.compile(r"(?:ground|physical|sub-?surface|site|geotechnical) conditions|Site Data|地质|不利物质条件", re.I)
_EXCEPTIONAL = re.compile(r"Force Majeure|Exceptional Events?|不可抗力", re.I)
_DISCLAIM = re.compile(r"shall not be entitled|not be entitled|at (?:its|the Contractor's) (?:own )?(?:risk|cost)|deemed to have (?:obtained|inspected|satisfied|foreseen|allowed)|"
                       r"no (?:extension of time|additional payment)|sole(?:ly)? responsib|shall not (?:apply|include)|不予(?:顺延|补偿)|由承包人承担", re.I)
_DESIGN = re.compile(r"Contractor[^.;]{0,60}(?:responsible|liable|responsibility)[^.;]{0,60}design|"
                     r"errors?[^.;]{0,40}(?:Employer's Requirements|Specification|Drawings)[^.;]{0,80}(?:Contractor|at its own)|承包人[^。；]{0,30}设计[^。；]{0,20}责任", re.I)
_TERM = re.compile(r"\bthe\s+((?:[A-Z][a-z]+(?:-[A-Z][a-z]+)?\s){1,3}(?:Date|Certificate|Period|Amount|Price|Security|Guarantee|Notice|Statement|Money|Sum|Programme|Report|Account|Value))\b")
_REF = re.compile(r"(?:Sub-Clause|Clause)\s+(\d{1,3}(?:\.\d{1,3}){0,3}[A-Z]?)(?:\s*\(([a-z]{1,3}|[ivx]{1,5})\))?(?:\s*\[([^\]\n]{1,80})\])?")
_ZH_REF = re.compile(r"第(\d{1,3}(?:\.\d{1,3}){0,3}[A-Z]?)条(?:[（(](\d{1,2})[)）])?(?:〔([^〕\n]{1,40})〕)?")
_PAYLOAD_KINDS = {"substitute", "substitute_part", "add_at_end", "insert_new"}


def verbatim(candidates: Iterable[str], *texts: str | None) -> str:
    for candidate in candidates:
        candidate = (candidate or "").strip()
        if candidate and any(t and candidate in t for t in texts):
            return candidate
    return ""


def sentence_around(text: str, start: int, end: int) -> str:
    left = max(text.rfind(". ", 0, start) + 2, text.rfind("\n", 0, start) + 1, text.rfind("。", 0, start) + 1, 0)
    stops = [i for i in (text.find(". ", end), text.find("\n", end), text.find("。", end)) if i >= 0]
    right = min(stops) + 1 if stops else len(text)
    return text[left:right].strip().lstrip("\"“").strip()


def _side_severity(our_party: str, against_contractor: str, otherwise: str = "low") -> str:
    ours = normalise_party(our_party)
    if ours == "Contractor":
        return against_contractor
    return "medium" if not ours else otherwise


def gc_title(merged: MergeResult, gc: DocumentStructure | None, clause_id: str) -> str:
    """A Sub-Clause's title, or for a definition (1.1.x) the term it defines."""
    unit = merged.clause(clause_id)
    if re.fullmatch(r"1\.1\.\d+(?:\.\d+)?", clause_id) and unit is not None:
        term = re.search(r"[\"“]([^\"”]{1,60})[\"”]", unit.original_text or unit.text)
        return term.group(1) if term else unit.title
    if unit is not None:
        return unit.title
    found = gc.get_clause(clause_id) if gc is not None else None
    return found.title if found else ""


def _titles_match(a: str, b: str) -> bool:
    norm = lambda s: re.sub(r"[^a-z0-9\u4e00-\u9fff]+", " ", s.lower()).strip()  # noqa: E731
    return bool(a and b) and (norm(a) == norm(b) or fuzz.ratio(norm(a), norm(b)) >= 90)


def _exists(merged: MergeResult, clause_id: str) -> str:
    """'yes', 'deleted' or 'no' for a Sub-Clause id (a lettered paragraph counts as its Sub-Clause)."""
    unit = merged.clause(clause_id)
    if unit is None and not merged.has_gc:
        return "unknown"
    if unit is None:
        return "no"
    return "deleted" if unit.status == "deleted" else "yes"


def deleted_still_referenced(merged: MergeResult, gc: DocumentStructure | None, our_party: str) -> list[Finding]:
    findings = []
    for change in merged.changes:
        if change.kind != "delete" or not change.applied:
            continue
        target = change.clause_id
        sources = []
        if gc is not None:
            sources = sorted({r.source_clause_id for r in gc.cross_references
                              if r.source_clause_id and (r.target_id == target or r.target_id.startswith(target + "("))
                              and not r.source_clause_id.startswith(target)})
        pattern = re.compile(rf"(?:Sub-Clause|Clause)\s+{re.escape(target)}(?![\d.]\d)|第{re.escape(target)}条")
        for unit in merged.clauses.values():
            if unit.status != "deleted" and unit.clause_id != target and pattern.search(unit.text):
                if not any(s == unit.clause_id or s.startswith(unit.clause_id + "(") for s in sources):
                    sources.append(unit.clause_id)
        if not sources:
            continue
        title = gc_title(merged, gc, target)
        relief = bool(_RELIEF.search(title))
        findings.append(Finding(
            severity="high" if relief else "medium", kind="deleted_clause_still_referenced", clause_id=target,
            message=(f"Sub-Clause {target} [{title}] is deleted but {', '.join(sources)} still refer to it"
                     + ("; the relief it gave the Contractor is gone" if relief else "")),
            evidence=change.instruction,
        ))
    return findings


def _pc_references(merged: MergeResult, pc: DocumentStructure) -> list[tuple[Amendment | None, re.Match]]:
    """Sub-Clause references written in the PC's instructions and new text, with the amendment holding them."""
    out = []
    for a in merged.amendments:
        for lo, hi in ((a.start, a.end), (a.text_start, a.text_end)):
            if lo < 0:
                continue
            for pattern in (_REF, _ZH_REF):
                for m in pattern.finditer(pc.text, lo, hi):
                    if not (a.kind == "insert_new" and m.group(1) == a.target):
                        out.append((a, m))
    for u in merged.unparsed:
        for pattern in (_REF, _ZH_REF):
            out += [(None, m) for m in pattern.finditer(pc.text, u.start, u.end)]
    return out


def reference_findings(merged: MergeResult, pc: DocumentStructure | None, gc: DocumentStructure | None) -> tuple[list[Finding], list[dict]]:
    """References in the PC to Sub-Clauses that do not exist, were deleted, or carry another title."""
    findings, checked = [], []
    if pc is None or not merged.has_gc:
        return findings, checked
    seen = set()
    for a, m in _pc_references(merged, pc):
        target, title = m.group(1), (m.group(3) or "").strip()
        if (target, title, m.start()) in seen or (a is not None and target == a.target and m.start() < a.end):
            continue
        seen.add((target, title, m.start()))
        holder = a.target if a is not None else (next((u.target for u in merged.unparsed if u.start <= m.start() < u.end), "") or None)
        status = _exists(merged, target)
        actual = gc_title(merged, gc, target) if status == "yes" else ""
        ok = status == "yes" and (not title or _titles_match(title, actual))
        checked.append({"reference": m.group(0), "in_clause": holder or "", "status": status, "title_in_gc": actual, "ok": ok})
        evidence = sentence_around(pc.text, m.start(), m.end())
        if status == "no":
            findings.append(Finding(severity="medium", kind="broken_cross_reference", clause_id=holder,
                                    message=f"{m.group(0)} does not exist in the General Conditions or the PC", evidence=evidence))
        elif status == "deleted":
            findings.append(Finding(severity="medium", kind="reference_to_deleted_clause", clause_id=holder,
                                    message=f"{m.group(0)} is deleted by the PC itself", evidence=evidence))
        elif not ok:
            findings.append(Finding(severity="low", kind="title_mismatch", clause_id=holder,
                                    message=f"{m.group(0)}: in the GC Sub-Clause {target} is [{actual}]", evidence=m.group(0)))
    return findings, checked


def target_findings(merged: MergeResult, gc: DocumentStructure | None) -> tuple[list[Finding], list[dict]]:
    """Amendments aimed at Sub-Clauses the GC lacks, or naming a title the GC gives another Sub-Clause."""
    findings, checked = [], []
    if not merged.has_gc:
        return findings, checked
    for change, a in zip(merged.changes, merged.amendments):
        if a.kind == "insert_new":
            continue
        if merged.clause(a.target) is None:
            findings.append(Finding(severity="medium", kind="amendment_target_missing", clause_id=a.target,
                                    message=f"the PC amends Sub-Clause {a.target}, which is not in the General Conditions", evidence=a.instruction))
            continue
        if a.target_title:
            actual = gc_title(merged, gc, a.target)
            ok = _titles_match(a.target_title, actual)
            checked.append({"reference": f"Sub-Clause {a.target} [{a.target_title}]", "in_clause": a.target, "status": "yes", "title_in_gc": actual, "ok": ok})
            if not ok:
                message = f"the PC heads Sub-Clause {a.target} [{a.target_title}] but in the GC {a.target} is [{actual}]"
                elsewhere = next((u.clause_id for u in merged.clauses.values() if _titles_match(a.target_title, gc_title(merged, gc, u.clause_id))), "")
                findings.append(Finding(severity="medium", kind="title_mismatch", clause_id=a.target,
                                        message=message + (f"; [{a.target_title}] is Sub-Clause {elsewhere}" if elsewhere else ""),
                                        evidence=a.target_title))
    return findings, checked


def undefined_terms(merged: MergeResult, pc: DocumentStructure | None, gc: DocumentStructure | None) -> list[Finding]:
    if pc is None or gc is None:
        return []
    defined = {d.term.lower() for d in gc.definitions} | {t.lower() for t in merged.new_terms}
    findings, seen = [], set()
    for a in merged.amendments:
        if a.kind not in _PAYLOAD_KINDS or a.text_start < 0:
            continue
        for m in _TERM.finditer(pc.text, a.text_start, a.text_end):
            term = m.group(1)
            if term.lower() in defined or term in gc.text or term in seen:
                continue
            seen.add(term)
            findings.append(Finding(severity="medium", kind="undefined_term", clause_id=a.target,
                                    message=f"'{term}' is used in the PC's text for Sub-Clause {a.target} but defined nowhere in the GC or PC",
                                    evidence=sentence_around(pc.text, m.start(), m.end())))
    return findings


def caps_removed(merged: MergeResult, pc: DocumentStructure | None, our_party: str) -> list[Finding]:
    if pc is None:
        return []
    findings, done = [], set()
    for a in merged.amendments:
        if a.kind not in _PAYLOAD_KINDS or a.text_start < 0:
            continue
        m = _CAP_GONE.search(pc.text, a.text_start, a.text_end)
        if not m:
            continue
        context = (a.target_title or "") + " " + pc.text[a.text_start:a.text_end]
        delay = bool(re.search(r"Delay Damages|delay damages|逾期竣工违约金|误期", context))
        done.add(a.target)
        findings.append(Finding(severity=_side_severity(our_party, "high"), kind="delay_damages_uncapped" if delay else "cap_removed",
                                clause_id=a.target,
                                message=("the PC removes the maximum amount of Delay Damages" if delay else f"the PC removes a cap in Sub-Clause {a.target}")
                                + "; the Contractor's exposure is unlimited",
                                evidence=sentence_around(pc.text, m.start(), m.end())))
    for change, a in zip(merged.changes, merged.amendments):  # "The final paragraph of Sub-Clause 8.7 is deleted."
        if a.kind not in ("delete", "delete_part") or not change.applied or a.target in done or not _CAP_STATED.search(change.before):
            continue
        delay = bool(re.search(r"Delay Damages|delay damages|逾期竣工违约金|误期", f"{a.target_title} {change.before}"))
        done.add(a.target)
        findings.append(Finding(severity=_side_severity(our_party, "high"), kind="delay_damages_uncapped" if delay else "cap_removed",
                                clause_id=a.target,
                                message=(f"the PC deletes the maximum amount of Delay Damages in Sub-Clause {a.target}" if delay
                                         else f"the PC deletes the cap in Sub-Clause {a.target}") + "; the Contractor's exposure is unlimited",
                                evidence=a.instruction))
    for row in merged.contract_data:
        if row.sub_clause in done or row.blank or not re.search(r"maximum|limit|cap|上限|最高", row.item, re.I):
            continue
        if _NOT_APPLICABLE.match(row.value):
            findings.append(Finding(severity=_side_severity(our_party, "high"), kind="cap_removed", clause_id=row.sub_clause,
                                    message=f"Contract Data '{row.item}' is '{row.value}': no cap applies", evidence=row.value))
    return findings


def retention_raised(merged: MergeResult, our_party: str) -> list[Finding]:
    findings = []
    for row in merged.contract_data:
        if row.blank or not re.search(r"retention|保留金|质量保证金", row.item, re.I):
            continue
        values = [p.value for p in find_percentages(row.value)]
        if not values:
            continue
        unit = merged.clause(row.sub_clause)
        defaults = [p.value for p in find_percentages(unit.original_text)] if unit is not None and unit.original_text else []
        baseline = min(defaults) if defaults else 5.0
        if values[0] > baseline:
            findings.append(Finding(severity=_side_severity(our_party, "medium"), kind="retention_increased", clause_id=row.sub_clause,
                                    message=f"Contract Data '{row.item}' is {values[0]:g}% against {baseline:g}% in the General Conditions",
                                    evidence=row.value))
    return findings


def risk_shifts(merged: MergeResult, pc: DocumentStructure | None, gc: DocumentStructure | None, our_party: str) -> list[Finding]:
    findings = []
    severity = _side_severity(our_party, "high")
    for a, change in zip(merged.amendments, merged.changes):
        if a.kind == "delete" and change.applied:
            title = gc_title(merged, gc, a.target)
            if _RELIEF.search(title):
                findings.append(Finding(severity=severity, kind="risk_shifted", clause_id=a.target,
                                        message=f"deleting Sub-Clause {a.target} [{title}] moves that risk to the Contractor", evidence=a.instruction))
            continue
        if a.kind not in _PAYLOAD_KINDS or a.text_start < 0 or pc is None:
            continue
        text = pc.text[a.text_start:a.text_end]
        for topic, pattern in (("ground conditions", _GROUND), ("exceptional events", _EXCEPTIONAL)):
            for sentence in re.split(r"(?<=[.;。；])\s+", text):
                if pattern.search(sentence) and _DISCLAIM.search(sentence) and sentence.strip() in pc.text:
                    findings.append(Finding(severity=severity, kind="risk_shifted", clause_id=a.target,
                                            message=f"the PC moves the risk of {topic} to the Contractor", evidence=sentence.strip()))
                    break
        design = _DESIGN.search(text)
        if design:
            findings.append(Finding(severity=severity, kind="risk_shifted", clause_id=a.target,
                                    message="the PC makes the Contractor responsible for design the GC leaves with the Employer",
                                    evidence=sentence_around(pc.text, a.text_start + design.start(), a.text_start + design.end())))
    return findings


def blank_contract_data(merged: MergeResult) -> list[Finding]:
    return [Finding(severity="medium", kind="contract_data_blank", clause_id=row.sub_clause,
                    message=f"Contract Data '{row.item}' (Sub-Clause {row.sub_clause}) is left blank; the GC default or nothing applies",
                    evidence=row.item)
            for row in merged.contract_data if row.blank and row.item]


def contradictions(merged: MergeResult, pc: DocumentStructure | None) -> list[Finding]:
    by_target: dict[str, list[Amendment]] = defaultdict(list)
    for a in merged.amendments:
        by_target[a.target].append(a)
    findings = []
    for target, items in by_target.items():
        kinds = [a.kind for a in items]
        clash = ""
        if "delete" in kinds and len(items) > 1:
            clash = "deletes the Sub-Clause and also amends it"
        elif kinds.count("substitute") > 1:
            clash = "substitutes the Sub-Clause twice with different text"
        elif "no_change" in kinds and len(items) > 1:
            clash = "says 'no amendment' and also amends it"
        else:
            olds = defaultdict(set)
            for a in items:
                if a.kind == "replace_words":
                    olds[(a.selector, a.old)].add(a.new)
            if any(len(v) > 1 for v in olds.values()):
                clash = "replaces the same words with different figures"
        if clash:
            findings.append(Finding(severity="medium", kind="contradictory_amendments", clause_id=target,
                                    message=f"the PC {clash} (Sub-Clause {target})", evidence=items[-1].instruction))
    caps = {f.clause_id for f in caps_removed(merged, pc, "")}
    for row in merged.contract_data:
        if row.sub_clause in caps and re.search(r"maximum|limit|cap", row.item, re.I) and not row.blank and not _NOT_APPLICABLE.match(row.value):
            findings.append(Finding(severity="medium", kind="contradictory_amendments", clause_id=row.sub_clause,
                                    message=f"Contract Data states '{row.item}' = '{row.value}' but Part B removes the cap", evidence=row.value))
    return findings


def period_findings(merged: MergeResult, units: Iterable[str], edition: str | None, language: str, our_party: str,
                    gc: DocumentStructure | None, pc: DocumentStructure | None, changed_only: bool = True) -> list[Finding]:
    """Periods in the merged Sub-Clauses that depart from the standard (or from the GC), judged for our party."""
    findings = []
    for cid in units:
        unit = merged.clause(cid)
        if unit is None or unit.status == "deleted" or (changed_only and unit.status == "unchanged"):
            continue
        for limit, judgement in judged_limits(merged, cid, edition, language, our_party):
            if judgement is None:
                continue
            findings.append(Finding(severity=judgement.severity, kind=judgement.kind, clause_id=cid, message=judgement.message,
                                    evidence=limit_evidence(limit, merged, cid, gc, pc)))
    return findings


def judged_limits(merged: MergeResult, cid: str, edition: str | None, language: str, our_party: str) -> list[tuple[TimeLimit, object]]:
    unit = merged.clause(cid)
    limits = extract_time_limits(cid, unit.text, language)
    if unit.original_text and unit.original_text != unit.text:
        align_original(limits, extract_time_limits(cid, unit.original_text, language))
    attach_standards(limits, cid, edition, language)
    return [(limit, judge(limit, our_party)) for limit in limits]


def limit_evidence(limit: TimeLimit, merged: MergeResult, cid: str, gc: DocumentStructure | None, pc: DocumentStructure | None) -> str:
    instructions = [c.instruction for c in merged.changes if c.clause_id == cid and limit.period.split()[0] in (c.instruction + c.after)]
    texts = [d.text for d in (pc, gc) if d is not None]
    return verbatim([limit.sentence, *instructions, limit.period], *texts)
