"""compare_with_baseline: a clause against the clause it departs from, read the way a lawyer reads a mark-up.

The baseline is the review's `baseline` document, else the domain pack's baseline, else a `baseline_text`
argument (which wins when given). The baseline clause is found by number, then by title and content, so a
contract numbered differently from its template still lines up. Besides similarity and the sentences added
and deleted, the result lists the changes that move risk (numbers, shall/may, party roles, qualifiers, and
baseline sentences lost that gave us a right or bound the other side) and judges them from our party's side
where the direction is clear. The baseline's parties are read as the review's ('Client' as 'Customer', from
the pairings or from its own parties block), so a template written for other names is not a change of party.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

from ..documents.kinds import contract_kind
from ..documents.model import DocumentStructure
from ..errors import ClauseNotFound, SkillFailure
from ..framework.base import ClauseInput, require_structure
from ..framework.schema import Finding, SkillRegistration
from ..framework.state import document_with_role, state_snapshot
from .baseline_match import clause_body, match_baseline
from .clause_diff import (LegalChange, SentencePair, align, deleted_sentences, normalise, qualifier_changes, role_normaliser, sentence_number_changes,
                          similarity, split_sentences, word_changes)
from .parties import MUTUAL, baseline_aliases, counterparty_of, party_role, same_side

ModificationType = Literal["unmodified", "modified", "added", "deleted"]
_DELETED = re.compile(r"^\W*(?:\[?\s*(?:deleted|intentionally (?:left blank|omitted)|reserved|not used|omitted)\s*\]?|删除|（?略）?|此条删除|本条删除)\W*$", re.I)
_BENEFIT = re.compile(r"\bmay\b|\bentitled\b|\bright\b|\bvests?\b|\bown(?:s|ership)?\b|\bremain with\b|\bshall not exceed\b|"
                      r"\bnot (?:be )?liable\b|\blimited to\b|有权|归.{0,8}所有|不超过|不承担", re.I)
_PERMISSION = re.compile(r"\bmay\b|\bentitled\b|有权|可以", re.I)
_OBLIGATION = re.compile(r"\b(?:shall|must)\b(?! not)|应当|必须", re.I)
_LIMIT = re.compile(r"\bshall not exceed\b|\bnot (?:be )?liable\b|\blimited to\b|\b(?:limits?|excludes?) (?:its|their|the) liability\b|不超过|不承担", re.I)
_GRANTEE = re.compile(r"\bgrants? (?:to )?(?:the )?([A-Z][\w ]{1,30}?)\b(?= a\b| an\b| the\b|,)")
_BURDEN = re.compile(r"\bshall (?:pay|indemnify|compensate|be liable)\b|\bliable\b|\bindemnif|赔偿|应支付|承担", re.I)
SOFTENERS = ("knowledge qualifier", "materiality", "reasonableness", "endeavours", "exception", "proviso", "subject to")


class CompareInput(ClauseInput):
    baseline_text: str | None = Field(None, description="Baseline wording to compare against instead of the review's baseline document or the domain pack's baseline.")
    baseline_clause_id: str | None = Field(None, description="Baseline clause to compare against when its number differs from the contract's; found by number, title and content if not given.")
    baseline_document: SkipJsonSchema[Any] = Field(None, description="Filled in by the system.")
    baseline_source: SkipJsonSchema[str] = Field("", description="Filled in by the system.")


class CompareOutput(BaseModel):
    clause_id: str
    baseline_source: str = Field(description="Where the baseline came from: 'argument', 'review baseline: <file>' or 'domain pack: <domain>'.")
    baseline_clause_id: str | None
    matched_by: Literal["id", "title", "content", "argument", "none"]
    modification_type: ModificationType
    similarity: float = Field(description="0..1, 1 for identical wording.")
    additions: list[str] = Field(description="Document sentences with no counterpart in the baseline (verbatim).")
    deletions: list[str] = Field(description="Baseline sentences with no counterpart in the document.")
    changed_sentences: list[SentencePair]
    legal_changes: list[LegalChange]
    findings: list[Finding]
    baseline_text: str = Field(description="The baseline clause's text (cut at 4000 characters).")
    summary: str


# --- judging the changes from our side ---------------------------------------------------------------------


def _party_side(change: LegalChange, our_party: str, counterparty: str, sentence: str) -> tuple[str, str]:
    """A role replaced: who gained what. A right or protection moving to the other side only is adverse."""
    before, after = set(change.roles_before), set(change.roles_after)
    ours, theirs = same_side(our_party) | {MUTUAL}, same_side(counterparty) | {MUTUAL}
    benefit, burden = bool(_BENEFIT.search(sentence)), bool(_BURDEN.search(sentence))
    if before & ours and after & theirs and not after & ours:  # ours (or both sides') -> theirs only
        return ("adverse", "high") if benefit else ("favourable", "low") if burden else ("unclear", "medium")
    if before & theirs and after & ours and not after & theirs:  # theirs (or both sides') -> ours only
        return ("adverse", "high") if burden and not benefit else ("favourable", "low") if benefit else ("unclear", "medium")
    return "unclear", "medium"


def _qualifier_side(change: LegalChange, our_party: str, counterparty: str, sentence: str) -> tuple[str, str]:
    """A qualifier added or removed: it helps the party it lets off, or the party whose right it widens."""
    added = change.kind == "qualifier_added"
    name, subject = change.detail, change.subject
    if name.startswith("unlimited"):  # whose liability is uncapped: the party the sentence names, else the clause's
        liable = our_party if re.search(re.escape(our_party), sentence) else counterparty if re.search(re.escape(counterparty), sentence) else subject
        if liable == our_party:
            return ("adverse", "high") if added else ("favourable", "low")
        return ("favourable", "low") if liable == counterparty and added else ("unclear", "medium")
    if name.startswith("permanence"):  # a perpetual or irrevocable grant helps the party it is granted to
        grantee = _GRANTEE.search(sentence)
        subject = grantee.group(1) if grantee else ""
        if subject not in (our_party, counterparty):
            return "unclear", "low"
        return ("favourable", "low") if added == (subject == our_party) else ("adverse", "medium")
    if subject not in (our_party, counterparty) or "unreasonabl" in name:  # 'consent not unreasonably withheld' helps the asker
        return "unclear", "low"
    if name.startswith(("subject to", "exception", "proviso")) and _LIMIT.search(sentence):
        # a carve-out from a cap or an exclusion of liability cuts back that party's protection
        return ("favourable", "low") if added != (subject == our_party) else ("adverse", "low")
    if name.startswith(("sole discretion", "at any time")):
        widens_right = name.startswith("sole discretion") or bool(_PERMISSION.search(sentence))
        helps_subject = widens_right == added
    elif name.startswith(SOFTENERS):
        helps_subject = added  # a qualifier softens the promise of the party it is about
    else:
        return "unclear", "low"
    weight = "medium" if name.startswith(("knowledge qualifier", "sole discretion", "at any time")) else "low"
    return ("favourable", "low") if helps_subject == (subject == our_party) else ("adverse", weight)


def _deletion_side(change: LegalChange, our_party: str, counterparty: str) -> tuple[str, str]:
    """A baseline sentence gone: a right or protection of ours, or a duty of theirs, lost is adverse."""
    sentence, subject = change.before, change.subject
    gives = bool(_PERMISSION.search(sentence) or _BENEFIT.search(sentence))
    binds = bool(_OBLIGATION.search(sentence)) and not gives
    if subject == our_party and gives or subject == counterparty and binds:
        return "adverse", "medium"
    if subject == counterparty and gives or subject == our_party and binds:
        return "favourable", "low"
    return "unclear", "low"


def _lost(deletions: list[LegalChange], changes: list[LegalChange], our_party: str, counterparty: str) -> list[LegalChange]:
    """The deleted baseline sentences worth a finding: those whose loss is clearly adverse to us. Their
    numbers removed are then said once, by the deletion."""
    kept = [c for c in deletions if our_party and _deletion_side(c, our_party, counterparty)[0] == "adverse"]
    gone = {c.before for c in kept}
    changes[:] = [c for c in changes if not (c.kind == "number_removed" and c.context in gone)]
    return kept


def judge(change: LegalChange, our_party: str, counterparty: str) -> tuple[str, str]:
    """(side, severity) of a change for our party: side 'adverse', 'favourable' or 'unclear' (direction not clear,
    or our party unknown). Only changes adverse to us, or of unclear direction, weigh more than 'low'."""
    sentence = change.evidence or change.before
    if not (our_party and counterparty):
        return "unclear", "low" if change.kind in ("qualifier_added", "qualifier_removed", "number_added", "number_removed") else "medium"
    if change.kind == "party_changed":
        return _party_side(change, our_party, counterparty, sentence)
    if change.kind == "sentence_deleted":
        return _deletion_side(change, our_party, counterparty)
    if change.kind == "modal_changed":
        if change.subject not in (our_party, counterparty):
            return "unclear", "medium"
        relaxed = change.detail.startswith("obligation became permission")
        return ("adverse", "medium") if relaxed == (change.subject == counterparty) else ("favourable", "low")
    if change.kind in ("qualifier_added", "qualifier_removed"):
        return _qualifier_side(change, our_party, counterparty, sentence)
    return ("unclear", "medium") if change.kind == "number_changed" else ("unclear", "low")


def _excerpt(sentence: str, quote: str, words: int = 28) -> str:
    """The baseline sentence, or about `words` words of it around the quote."""
    tokens = sentence.split()
    if len(tokens) <= words:
        return sentence
    at = len(sentence[:max(sentence.find(quote), 0)].split()) if quote else 0
    start = max(0, min(at - words // 2, len(tokens) - words))
    return ("... " if start else "") + " ".join(tokens[start:start + words]) + (" ..." if start + words < len(tokens) else "")


def findings_for(changes: list[LegalChange], clause_id: str, our_party: str, counterparty: str) -> list[Finding]:
    findings = []
    for change in changes:
        side, severity = judge(change, our_party, counterparty)
        view = {"adverse": f" - adverse to the {our_party}", "favourable": f" - favours the {our_party}"}.get(side, "")
        if change.kind == "sentence_deleted":
            lost = "a right or protection of the" if _PERMISSION.search(change.before) or _BENEFIT.search(change.before) else "an obligation of the"
            findings.append(Finding(severity=severity, kind="baseline_sentence_deleted", clause_id=clause_id, evidence="",
                                    verdict="GREEN" if side == "favourable" else None,
                                    message=f"Compared with the baseline: {lost} {change.subject} is gone; the baseline read: "
                                            f"'{_excerpt(change.before, '', 40)}'{view}."))
            continue
        if change.context and not change.evidence:  # nothing in the contract to point at: say what was lost
            view += f" (the baseline read: '{_excerpt(change.context, change.before)}')"
        findings.append(Finding(severity=severity, kind=f"baseline_{change.kind}", clause_id=clause_id,
                                message=f"Compared with the baseline: {change.detail}{view}".rstrip(".") + ("." if not change.detail.endswith("...") or view else "..."),
                                evidence=change.evidence, verdict="GREEN" if side == "favourable" else None))
    return findings


# --- the skill ---------------------------------------------------------------------------------------------


def _baseline_for(data: CompareInput, structure: DocumentStructure) -> tuple[DocumentStructure | None, str]:
    doc = data.baseline_document if isinstance(data.baseline_document, DocumentStructure) else None
    if doc is not None and doc.language != structure.language:
        return None, f"{data.baseline_source or 'baseline'} is in another language"
    return doc, data.baseline_source or ("review baseline" if doc else "")


def _summary(clause_id: str, base_id: str | None, source: str, kind: ModificationType, score: float,
             added: int, deleted: int, changed: int, changes: list[LegalChange]) -> str:
    against = f"the baseline{f' clause {base_id}' if base_id else ''} ({source})"
    if kind == "unmodified":
        return f"Clause {clause_id} matches {against}."
    if kind == "added":
        return f"Clause {clause_id} has no counterpart in the baseline ({source}): it is new wording to review in full."
    if kind == "deleted":
        return f"Clause {clause_id}: {against} is deleted or left empty in the contract."
    listed = (": " + "; ".join(c.detail for c in changes[:6])) if changes else ""
    return (f"Clause {clause_id} departs from {against}: similarity {score:.2f}, {added} sentences added, {deleted} deleted, "
            f"{changed} changed; {len(changes)} changes that matter{listed}.")


def _result(data: CompareInput, clause_id: str, source: str, base_id: str | None, how: str, kind: ModificationType,
            base_body: str, doc_body: str, structure: DocumentStructure) -> CompareOutput:
    our = party_role(data.state_snapshot.get("our_party", "") or "", structure)
    base_sents, doc_sents = split_sentences(base_body), split_sentences(doc_body)
    counterparty = counterparty_of(our, structure.text[:20000])
    parties = tuple(p for p in (our, counterparty) if p)
    base_doc = data.baseline_document if isinstance(data.baseline_document, DocumentStructure) and data.baseline_text is None else None
    aliases = baseline_aliases(base_doc, our, counterparty) if base_doc is not None and our else {}
    unchanged, changed, added, deleted = align(base_sents, doc_sents, canon=role_normaliser(parties, aliases))
    pairs = [SentencePair(baseline=base_sents[b].text, document=doc_sents[d].text, similarity=s) for b, d, s in changed]

    changes: list[LegalChange] = []
    if kind == "modified":
        changes += sentence_number_changes(base_sents, doc_sents, changed, added, deleted)
        for pair in pairs:
            changes += word_changes(pair.baseline, pair.document, parties, aliases)
        paired = {base_sents[b].text: doc_sents[d].text for b, d in unchanged} | {p.baseline: p.document for p in pairs}
        changes += qualifier_changes(base_body, doc_body, base_sents, doc_sents, parties, paired, aliases)
        changes += _lost(deleted_sentences(base_sents, deleted, parties, aliases), changes, our, counterparty)
    findings = findings_for(changes, clause_id, our, counterparty)
    if kind == "deleted" and base_body:
        findings.append(Finding(severity="medium", kind="baseline_clause_deleted", clause_id=clause_id,
                                message=f"The baseline clause{f' {base_id}' if base_id else ''} is missing or emptied in the contract; check that its protection is not lost."))
    score = 1.0 if kind == "unmodified" else 0.0 if kind in ("added", "deleted") else similarity(base_body, doc_body)
    summary = _summary(clause_id, base_id, source, kind, score, len(added), len(deleted), len(pairs), changes)
    return CompareOutput(
        clause_id=clause_id, baseline_source=source, baseline_clause_id=base_id, matched_by=how, modification_type=kind,
        similarity=score, additions=[doc_sents[i].text for i in sorted(added)] if kind == "modified" else ([s.text for s in doc_sents] if kind == "added" else []),
        deletions=[base_sents[i].text for i in sorted(deleted)] if kind == "modified" else ([s.text for s in base_sents] if kind == "deleted" else []),
        changed_sentences=pairs, legal_changes=changes, findings=findings, baseline_text=base_body[:4000], summary=summary,
    )


def compare_with_baseline(data: CompareInput) -> CompareOutput:
    structure = require_structure(data.document_structure)
    baseline, source = _baseline_for(data, structure)
    if data.baseline_text is not None and not data.baseline_text.strip():
        raise SkillFailure("baseline_text is empty: give the baseline wording, or leave it out to use the review's baseline", code="INVALID_ARGUMENT")
    clause = structure.get_clause(data.clause_id)
    if clause is None:
        base_clause = baseline.get_clause(data.clause_id) if baseline and data.baseline_text is None else None
        if base_clause is None:
            raise ClauseNotFound(data.clause_id, [c.clause_id for c in structure.iter_clauses()])
        return _result(data, data.clause_id, source, base_clause.clause_id, "id", "deleted", clause_body(baseline, base_clause)[0], "", structure)
    body = clause_body(structure, clause)[0]
    emptied = not body.strip() or bool(_DELETED.match(body))
    if data.baseline_text is not None:
        base_body, base_id, how, source = data.baseline_text.strip(), None, "argument", "argument"
    else:
        if baseline is None:
            raise SkillFailure(f"no baseline to compare with: {source or 'the review has no baseline document and the domain pack has none'}; "
                               "pass baseline_text", code="NO_BASELINE")
        if data.baseline_clause_id:
            base_clause = baseline.get_clause(data.baseline_clause_id)
            if base_clause is None:
                raise ClauseNotFound(data.baseline_clause_id, [c.clause_id for c in baseline.iter_clauses()])
            how = "id"
        elif emptied:
            base_clause, how = baseline.get_clause(clause.clause_id), "id"
        else:
            base_clause, how, _ = match_baseline(structure, clause, body, baseline)
        if base_clause is None:
            return _result(data, clause.clause_id, source, None, "none", "deleted" if emptied else "added", "", body, structure)
        base_body, base_id = clause_body(baseline, base_clause)[0], base_clause.clause_id
    if emptied:
        return _result(data, clause.clause_id, source, base_id, how, "deleted", base_body, body, structure)
    kind: ModificationType = "unmodified" if normalise(base_body) == normalise(body) else "modified"
    return _result(data, clause.clause_id, source, base_id, how, kind, base_body, body, structure)


def baseline_for_state(state: dict) -> tuple[DocumentStructure | None, str]:
    """The review's baseline document, else the domain pack's baseline (with where it came from)."""
    doc = document_with_role(state, "baseline")
    if doc is not None:
        return doc, f"review baseline: {doc.filename or doc.document_id}"
    from ..packs import baseline_structure, resolve_domain

    domain = resolve_domain(state.get("domain_id"))
    pack = baseline_structure(domain)
    if pack is None:
        return None, f"the review has no baseline document and the {domain} pack has no baseline"
    primary = document_with_role(state, "primary")
    ours, theirs = (contract_kind(primary.text) if primary is not None else ""), contract_kind(pack.text)
    if ours and theirs and ours != theirs and primary.language == pack.language:  # another language says so itself
        return None, (f"the {domain} pack's baseline is a {theirs.replace('_', ' ')} agreement and this contract a "
                      f"{ours.replace('_', ' ')} agreement: no line-by-line comparison (give a baseline of the same kind)")
    return pack, f"domain pack: {domain}"


def prepare_input(clause_id: str, primary_structure, state: dict) -> CompareInput:
    baseline, source = baseline_for_state(state)
    return CompareInput(
        clause_id=clause_id,
        document_structure=primary_structure or document_with_role(state, "primary"),
        state_snapshot=state_snapshot(state),
        baseline_document=baseline,
        baseline_source=source,
    )


registration = SkillRegistration(
    skill_id="compare_with_baseline",
    name="Compare with baseline",
    description=(
        "Compare a clause with the baseline (the review's template or the domain pack's neutral baseline, "
        "or baseline_text you give): modification type (unmodified, modified, added, deleted), similarity, "
        "sentences added and deleted, and the changes that matter - numbers (days, amounts, percentages), "
        "shall/may, party roles swapped, qualifiers and exceptions added or removed - judged from our party's side."
    ),
    input_schema=CompareInput,
    output_schema=CompareOutput,
    local_handler=compare_with_baseline,
    prepare_input_fn=prepare_input,
    category="analysis",
)
