"""assess_deviation (with compare_with_baseline and the pack criteria) measured on the review cases.

Run from the project root: `python -m bench.quality_deviation [--json] [--cuad N]`.

Planted issues: every planted issue of every case in ../shared/data/review_cases. assess_deviation is called
through the dispatcher on the planted clause of the named document, for the case's domain and our_party, with
the case's other documents in the review (services_a's template as its baseline). An issue is found when the
level is material or critical and a finding's evidence overlaps the gold evidence. Issues whose gold.json
names assess_deviation are counted apart from the rest (broken references, undefined terms and Contract Data
rows belong to other skills).

Serious flags: every leaf clause of the primary documents is assessed; a clause counts as a false alarm when
it is judged material or critical but is neither a planted clause nor one of its sub-clauses (services_a both with its template and with the
generic pack's baseline instead).

Robustness (--cuad N): the three skills through the dispatcher on the first 40 clauses of the first N CUAD
contracts, our_party Customer: errors, evidence not verbatim, levels, time per call.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

import anyio

from paralaw.skills import create_dispatcher, load_document, make_state

ROOT = Path(__file__).resolve().parents[1]
from .data_root import DATA  # noqa: E402  (../shared/data when present, else tests/data)
CASES = DATA / "review_cases"
SERIOUS = ("material", "critical")


def _case(case: str):
    gold = json.loads((CASES / case / "gold.json").read_text(encoding="utf-8"))
    docs = {d["file"]: (d["role"], load_document(CASES / case / d["file"])) for d in gold["documents"]}
    return gold, docs


async def _assess(dispatcher, structure, clause_id, state) -> dict:
    with anyio.fail_after(30):
        result = await dispatcher.prepare_and_call("assess_deviation", clause_id, structure, state)
    return result.data if result.success else {"deviation_level": f"error {result.error.code}", "findings": []}


def _within(clause_id: str, planted: str) -> bool:
    """The planted clause itself or one of its sub-clauses ('14.7(b)' within '14.7')."""
    return clause_id == planted or clause_id.startswith((planted + "(", planted + "."))


def _overlaps(a: str, b: str) -> bool:
    return bool(a and b) and (a in b or b in a)


async def measure() -> dict:
    planted, alarms = [], {}
    for case in sorted(p.name for p in CASES.iterdir() if (p / "gold.json").exists()):
        gold, docs = _case(case)
        dispatcher = create_dispatcher(gold["domain"])
        for issue in gold["planted"]:
            role, structure = docs[issue["document"]]
            others = [(r, s) for f, (r, s) in docs.items() if f != issue["document"]]
            state = make_state(structure, domain_id=gold["domain"], our_party=gold["our_party"], others=others)
            data = await _assess(dispatcher, structure, issue["clause_id"], state)
            found = data["deviation_level"] in SERIOUS and any(_overlaps(issue["evidence"], f["evidence"]) for f in data["findings"])
            planted.append({"case": case, "id": issue["id"], "clause_id": issue["clause_id"], "kind": issue["kind"],
                            "names_skill": "assess_deviation" in issue["skills"], "level": data["deviation_level"], "found": found})
        variants = [("", True)] + ([(" (pack baseline)", False)] if case == "services_a" else [])
        for label, with_baseline in variants:
            for file, (role, structure) in docs.items():
                if role != "primary":
                    continue
                others = [(r, s) for f, (r, s) in docs.items() if f != file and (with_baseline or r != "baseline")]
                state = make_state(structure, domain_id=gold["domain"], our_party=gold["our_party"], others=others)
                marked = {i["clause_id"] for i in gold["planted"] if i["document"] == file}
                leaves = [c.clause_id for c in structure.iter_clauses() if not c.children]
                serious = [cid for cid in leaves if (await _assess(dispatcher, structure, cid, state))["deviation_level"] in SERIOUS]
                alarms[f"{case}{label}"] = {"leaf_clauses": len(leaves), "serious": len(serious),
                                            "planted_flagged": sorted(m for m in marked if any(_within(cid, m) for cid in serious)),
                                            "false_alarms": sorted(cid for cid in serious if not any(_within(cid, m) for m in marked))}
    return {"planted": planted, "serious_flags": alarms}


async def robustness(count: int) -> dict:
    dispatcher, levels, errors, calls, unverified = create_dispatcher("generic"), Counter(), Counter(), 0, 0
    started = time.perf_counter()
    for path in sorted((CASES.parent / "cuad" / "contracts").iterdir())[:count]:
        structure = load_document(path)
        state = make_state(structure, our_party="Customer")
        for clause in list(structure.iter_clauses())[:40]:
            for skill in ("compare_with_baseline", "load_review_criteria", "assess_deviation"):
                with anyio.fail_after(30):
                    result = await dispatcher.prepare_and_call(skill, clause.clause_id, structure, state)
                calls += 1
                if not result.success:
                    errors[f"{skill} {result.error.code}"] += 1
                    continue
                unverified += sum(f["evidence"] not in structure.text for f in result.data.get("findings", []))
                if skill == "assess_deviation":
                    levels[result.data["deviation_level"]] += 1
    elapsed = time.perf_counter() - started
    return {"contracts": count, "calls": calls, "errors": dict(errors), "unverified_evidence": unverified,
            "levels": dict(levels), "ms_per_call": round(1000 * elapsed / max(calls, 1), 1)}


def main(argv: list[str]) -> None:
    if "--cuad" in argv:
        count = int(argv[argv.index("--cuad") + 1])
        print(json.dumps(anyio.run(robustness, count), indent=2))
        return
    figures = anyio.run(measure)
    if "--json" in argv:
        print(json.dumps(figures, indent=2, ensure_ascii=False))
        return
    named = [p for p in figures["planted"] if p["names_skill"]]
    print(f"planted issues naming assess_deviation: {sum(p['found'] for p in named)}/{len(named)} found")
    print(f"all planted issues: {sum(p['found'] for p in figures['planted'])}/{len(figures['planted'])} found")
    for p in figures["planted"]:
        print(f"  {p['case']:16} {p['id']} {p['clause_id']:6} {p['kind']:40} {p['level']:10} {'found' if p['found'] else '-'}")
    for name, row in figures["serious_flags"].items():
        print(f"{name}: {row['serious']} of {row['leaf_clauses']} leaf clauses material/critical; "
              f"planted {row['planted_flagged']}; false alarms {row['false_alarms']}")


if __name__ == "__main__":
    main(sys.argv[1:])
