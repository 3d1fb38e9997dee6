"""The four SHA/SPA skills measured on the review cases and the Singapore shareholders' agreement template.

Run from the project root: `python -m bench.quality_domain_sha_spa [--json] [-v]`.

Planted issues: every planted issue of every case in ../shared/data/review_cases whose gold.json names one
of spa_extract_conditions, spa_extract_reps_warranties, spa_indemnity_analysis or sha_governance_check. Each
named skill is called through the dispatcher as a reviewer would, for the case's our_party, twice: over the
whole agreement (clause_id "*") and focused on the planted clause. An issue is found by a skill when one of its
findings is on the planted clause (or one of its sub-clauses) or its evidence overlaps the gold evidence.
"High" counts those found with severity high (every planted issue of spa_a is high).

Distractors: the correct provisions the corpus README lists for spa_a (clauses below); a distractor counts
as flagged when any of the four skills reports a high finding on it for the Buyer.

Template: the Singapore founders/investors agreement lacks drag-along, deadlock resolution, pre-emption on
new issues and reserved matters (all four must be reported) and has board composition (2.1), quorum (2.5,
2.9), investor-director consent (2.7), transfer restrictions (5.1) and co-sale (7) (all must be recognised).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio

from paralaw.skills import create_dispatcher, load_document, make_state

from .planted import finds_planted, on_clause

ROOT = Path(__file__).resolve().parents[1]
from .data_root import DATA  # noqa: E402  (../shared/data when present, else tests/data)
CASES = DATA / "review_cases"
SKILLS = ("spa_extract_conditions", "spa_extract_reps_warranties", "spa_indemnity_analysis", "sha_governance_check")
SPA_A_DISTRACTORS = {  # clause -> why it is correct (review_cases/README.md)
    "10.1": "specific indemnities (Harrow litigation, Tamworth contamination)",
    "10.2": "specific indemnities: 100% cap, 3/5-year period",
    "5.1(c)": "MAC condition favours the Buyer",
    "4.1": "Buyer-prepared completion accounts",
    "8.2": "warranties repeated at Completion; supplementary disclosure does not limit claims",
    "Schedule 4/13": "targeted awareness qualifier in warranty 13",
    "11.1": "3-year restrictive covenants",
}
TEMPLATE = DATA / "sha_spa" / "cofounders_sg_shareholders_agreement_template.md"
TEMPLATE_MISSING = ("reserved_matters", "deadlock", "drag_along", "pre_emption_on_issues")
TEMPLATE_PRESENT = {"board_composition": "2.1", "board_quorum": "2.5", "general_meeting_quorum": "2.9", "consent_rights": "2.7",
                    "transfer_restrictions": "5.1", "tag_along": "7"}


async def _call(dispatcher, skill: str, clause_id: str, structure, our_party: str) -> dict:
    state = make_state(structure, domain_id="sha_spa", our_party=our_party)
    with anyio.fail_after(60):
        result = await dispatcher.prepare_and_call(skill, clause_id, structure, state)
    if not result.success:
        raise RuntimeError(f"{skill} on {structure.filename}: {result.error}")
    return result.data


async def planted_issues(dispatcher) -> list[dict]:
    rows = []
    for gold_path in sorted(CASES.glob("*/gold.json")):
        gold = json.loads(gold_path.read_text(encoding="utf-8"))
        for planted in gold["planted"]:
            for skill in (s for s in planted["skills"] if s in SKILLS):
                structure = load_document(gold_path.parent / planted["document"])
                whole = await _call(dispatcher, skill, "*", structure, gold["our_party"])
                focused = await _call(dispatcher, skill, planted["clause_id"], structure, gold["our_party"])
                hits = [f for f in whole["findings"] if finds_planted(f, planted)]
                rows.append({"case": gold["case_id"], "id": planted["id"], "clause_id": planted["clause_id"], "skill": skill,
                             "kind": planted["kind"], "found": bool(hits), "high": any(f["severity"] == "high" for f in hits),
                             "found_focused": any(finds_planted(f, planted) for f in focused["findings"]),
                             "reported": [f"{f['kind']} ({f['severity']})" for f in hits]})
    return rows


async def distractors(dispatcher) -> list[dict]:
    structure = load_document(CASES / "spa_a" / "share_purchase_agreement.md")
    high = []
    for skill in SKILLS:
        data = await _call(dispatcher, skill, "*", structure, "Buyer")
        high += [f for f in data["findings"] if f["severity"] == "high"]
    return [{"clause_id": cid, "why": why, "flagged_high": [f["kind"] for f in high if on_clause(f, cid)]}
            for cid, why in SPA_A_DISTRACTORS.items()]


async def template(dispatcher) -> dict:
    structure = load_document(TEMPLATE)
    out = {}
    for side in ("Investors", "Founders"):
        data = await _call(dispatcher, "sha_governance_check", "*", structure, side)
        kinds = {f["kind"] for f in data["findings"]}
        items = {i["topic"]: i for i in data["items"]}
        out[side] = {
            "missing_reported": [t for t in TEMPLATE_MISSING if f"missing_{t}" in kinds],
            "present_recognised": [t for t, cid in TEMPLATE_PRESENT.items()
                                   if items[t]["present"] and any(c == cid or c.startswith(cid + ".") for c in items[t]["clause_ids"])],
        }
    return out


async def measure() -> dict:
    dispatcher = create_dispatcher("sha_spa")
    return {"planted": await planted_issues(dispatcher), "distractors": await distractors(dispatcher), "template": await template(dispatcher)}


def main() -> None:
    figures = anyio.run(measure)
    if "--json" in sys.argv:
        print(json.dumps(figures, indent=2, ensure_ascii=False))
        return
    planted = figures["planted"]
    print("Planted issues found by the SHA/SPA skills named in gold.json")
    print(f"{'case':<16} {'pairs':>5} {'found':>5} {'high':>5} {'focused':>7}")
    for case in sorted({r["case"] for r in planted}):
        rows = [r for r in planted if r["case"] == case]
        print(f"{case:<16} {len(rows):>5} {sum(r['found'] for r in rows):>5} {sum(r['high'] for r in rows):>5} {sum(r['found_focused'] for r in rows):>7}")
    if "-v" in sys.argv:
        for r in planted:
            print(f"  {r['case']} {r['id']} {r['clause_id']:<8} {r['skill']:<28} {'found' if r['found'] else 'MISSED':<6} {', '.join(r['reported'])}")
    flagged = [d for d in figures["distractors"] if d["flagged_high"]]
    print(f"\nspa_a distractors flagged high (Buyer side): {len(flagged)}/{len(figures['distractors'])}")
    for d in flagged:
        print(f"  {d['clause_id']}: {', '.join(d['flagged_high'])} ({d['why']})")
    print("\nSingapore SHA template (sha_governance_check)")
    for side, t in figures["template"].items():
        print(f"  {side:<10} missing reported {len(t['missing_reported'])}/{len(TEMPLATE_MISSING)}; "
              f"present recognised {len(t['present_recognised'])}/{len(TEMPLATE_PRESENT)}")


if __name__ == "__main__":
    main()
