"""The four FIDIC skills measured on the review cases and on the synthetic Particular Conditions.

Run from the project root: `python -m bench.quality_domain_fidic [--json] [-v]`.

Planted issues: every planted issue of fidic_a and zh_construction whose gold.json names one of
fidic_merge_gc_pc, fidic_calculate_time_bar, fidic_check_pc_consistency or fidic_search_er. The review state
is laid out as gold.json lays out the case (fidic_a: GC and PC both loaded as 'primary', the ER as
'reference'; zh_construction: one contract), for the case's our_party. Each named skill is called through
the dispatcher twice: over the whole contract (clause_id "*") and focused on the planted clause. An issue is
found by a skill when one of its findings is on the planted clause (or a sub-clause of it) or its evidence
overlaps the gold evidence.

Distractors: the correct provisions the corpus README lists (clauses below); a distractor counts as flagged
when any of the four skills reports a high finding on it, over the whole contract or focused on it.

Synthetic PC: ../shared/data/fidic/synthetic_particular_conditions_example.md against the original
FIDIC-style GC in tests/skills/fidic/fixtures; each defect listed at the end of the PC must be reported.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio

from paralaw.skills import create_dispatcher, load_document

from .planted import finds_planted, on_clause

ROOT = Path(__file__).resolve().parents[1]
from .data_root import DATA  # noqa: E402  (../shared/data when present, else tests/data)
CASES = DATA / "review_cases"
SKILLS = ("fidic_merge_gc_pc", "fidic_calculate_time_bar", "fidic_check_pc_consistency", "fidic_search_er")
FIDIC_CASES = ("fidic_a", "zh_construction")
DISTRACTORS = {  # clause -> why it is correct (review_cases/README.md)
    "fidic_a": {
        "1.6": "28-day period", "4.4": "28-day period", "4.5": "28-day period", "8.3": "28-day period",
        "14.6": "28 -> 21 days shortens the Engineer's certification period (favours the Contractor)",
        "19.2": "Force Majeure notice stays 14 days", "19.1": "PC adds pandemics (favourable)",
        "14.2": "10% advance payment is market",
    },
    "zh_construction": {
        "18.2": "engineer's 14 days / employer's 28 days on a claim", "18.3": "发包人索赔 28天",
        "13.2": "竣工付款 14天", "11.2": "预付款 10%", "3.4": "履约担保 10%", "2.4": "支付担保 5%",
        "14.1": "缺陷责任期 24个月", "11.6": "逾期支付 at LPR", "16.4": "不可抗力 84/140 days",
    },
}
SYNTHETIC_PC = DATA / "fidic" / "synthetic_particular_conditions_example.md"
FIXTURE_GC = ROOT / "tests" / "skills" / "fidic" / "fixtures" / "gc_2017_style.md"
SYNTHETIC_DEFECTS = {  # defect listed in the PC -> (skill, finding kind, clause)
    "14.7(b) 56 -> 84 days": ("fidic_check_pc_consistency", "payment_period_extended", "14.7"),
    "20.2.1 28 -> 14 days": ("fidic_check_pc_consistency", "time_bar_shortened", "20.2.1"),
    "21.9 [Expert Determination] dangling": ("fidic_check_pc_consistency", "broken_cross_reference", "21.5"),
    "1.1.31 number/title pair": ("fidic_check_pc_consistency", "title_mismatch", "1.1.31"),
}


RANK = {"low": 0, "medium": 1, "high": 2}


def case_state(case: str) -> tuple[object, dict, dict]:
    """(primary structure, review state, gold) for a case, documents under the roles and kinds gold.json gives."""
    gold = json.loads((CASES / case / "gold.json").read_text(encoding="utf-8"))
    documents, primary = [], None
    for entry in gold["documents"]:
        structure = load_document(CASES / case / entry["file"])
        documents.append({"document_id": structure.document_id, "role": entry["role"], "kind": entry.get("kind", ""),
                          "filename": entry["file"], "structure": structure})
        primary = primary or (structure if entry["role"] == "primary" else None)
    state = {"review_id": case, "domain_id": "fidic", "our_party": gold["our_party"], "language": gold["language"], "documents": documents}
    return primary, state, gold


async def _findings(dispatcher, skill: str, clause_id: str, primary, state: dict) -> list[dict]:
    with anyio.fail_after(120):
        result = await dispatcher.prepare_and_call(skill, clause_id, primary, state)
    return result.data.get("findings", []) if result.success else []


async def measure_case(case: str) -> dict:
    dispatcher = create_dispatcher("fidic")
    primary, state, gold = case_state(case)
    has_er = any(d["kind"] == "er" or d["role"] == "er" for d in state["documents"])
    skills = [s for s in SKILLS if has_er or s != "fidic_search_er"]
    whole = {skill: await _findings(dispatcher, skill, "*", primary, state) for skill in skills}
    issues = []
    for planted in gold["planted"]:
        named = [s for s in planted["skills"] if s in SKILLS]
        if not named:
            continue
        row = {"id": planted["id"], "clause_id": planted["clause_id"], "kind": planted["kind"], "skills": {}}
        for skill in named:
            focused = await _findings(dispatcher, skill, planted["clause_id"], primary, state)
            hits_whole = [f for f in whole.get(skill, []) if finds_planted(f, planted)]
            hits_focused = [f for f in focused if finds_planted(f, planted)]
            row["skills"][skill] = {
                "whole": bool(hits_whole), "focused": bool(hits_focused),
                "high": any(f["severity"] == "high" for f in hits_whole + hits_focused),
                "at_gold_severity": any(RANK[f["severity"]] >= RANK[planted["severity"]] for f in hits_whole + hits_focused),
                "kinds": sorted({f["kind"] for f in hits_whole + hits_focused}),
            }
        issues.append(row)
    flagged = {}
    for clause, why in DISTRACTORS.get(case, {}).items():
        highs = [f for skill in skills for f in whole[skill] if f["severity"] == "high" and on_clause(f, clause)]
        for skill in skills:
            highs += [f for f in await _findings(dispatcher, skill, clause, primary, state) if f["severity"] == "high" and on_clause(f, clause)]
        if highs:
            flagged[clause] = {"why_correct": why, "kinds": sorted({f["kind"] for f in highs})}
    return {"case": case, "our_party": gold["our_party"], "issues": issues, "distractors": len(DISTRACTORS.get(case, {})),
            "distractors_flagged_high": flagged}


async def measure_synthetic() -> dict:
    dispatcher = create_dispatcher("fidic")
    gc, pc = load_document(FIXTURE_GC), load_document(SYNTHETIC_PC)
    state = {"review_id": "synthetic", "domain_id": "fidic", "our_party": "Contractor", "language": "en",
             "documents": [{"document_id": gc.document_id, "role": "gc", "filename": gc.filename, "structure": gc},
                           {"document_id": pc.document_id, "role": "pc", "filename": pc.filename, "structure": pc}]}
    found = {}
    for defect, (skill, kind, clause) in SYNTHETIC_DEFECTS.items():
        findings = await _findings(dispatcher, skill, "*", None, state)
        found[defect] = any(f["kind"] == kind and f["clause_id"] == clause for f in findings)
    return {"defects": found}


def measure() -> dict:
    async def run() -> dict:
        return {"cases": [await measure_case(case) for case in FIDIC_CASES], "synthetic": await measure_synthetic()}

    return anyio.run(run)


def report(figures: dict, verbose: bool = False) -> str:
    lines = ["| case | planted issues naming a FIDIC skill | found by every named FIDIC skill (whole contract) | "
             "found (focused on the clause) | found at the gold severity or above | distractors flagged high |", "|---|---|---|---|---|---|"]
    for case in figures["cases"]:
        issues = case["issues"]
        pairs = [(i, s, r) for i in issues for s, r in i["skills"].items()]
        whole = sum(all(r["whole"] for r in i["skills"].values()) for i in issues)
        focused = sum(all(r["focused"] for r in i["skills"].values()) for i in issues)
        high = sum(any(r["at_gold_severity"] for r in i["skills"].values()) for i in issues)
        ids = ", ".join(i["id"] for i in issues)
        lines.append(f"| {case['case']} ({case['our_party']}) | {len(issues)} ({ids}); {len(pairs)} issue-skill pairs | "
                     f"{whole}/{len(issues)} | {focused}/{len(issues)} | {high}/{len(issues)} | "
                     f"{len(case['distractors_flagged_high'])}/{case['distractors']} |")
    synthetic = figures["synthetic"]["defects"]
    lines.append("")
    lines.append(f"Synthetic PC against the original GC fixture: {sum(synthetic.values())}/{len(synthetic)} listed defects reported "
                 f"({', '.join(k for k, v in synthetic.items() if v)}).")
    if verbose:
        for case in figures["cases"]:
            lines.append("")
            lines.append(f"{case['case']}:")
            for issue in case["issues"]:
                per_skill = "; ".join(f"{s}: {'found' if r['whole'] or r['focused'] else 'MISSED'} {','.join(r['kinds'])}"
                                      for s, r in issue["skills"].items())
                lines.append(f"- {issue['id']} {issue['clause_id']} {issue['kind']}: {per_skill}")
            for clause, info in case["distractors_flagged_high"].items():
                lines.append(f"- distractor {clause} flagged high ({', '.join(info['kinds'])}): {info['why_correct']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    figures = measure()
    print(json.dumps(figures, indent=2, ensure_ascii=False) if "--json" in argv else report(figures, verbose="-v" in argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
