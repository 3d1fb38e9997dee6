"""extract_financial_terms' typing measured on CUAD spans: is an amount in an insurance clause typed insurance?

Run from the project root: `python -m bench.quality_financial_types [--json]`.

For the CUAD categories that name a kind of money term (Insurance -> insurance, Minimum Commitment ->
minimum_commitment, Revenue/Profit Sharing -> revenue_share, Liquidated Damages -> damages, Cap On Liability ->
cap), every amount or percentage the skill returns (whole document, once per contract) whose quote lies inside a
labelled span of the category counts; it is right when its term_type is the category's type. Measured twice in
one run: with the rules alone (the clause model's re-typing switched off) and as shipped. The figures are on the
26 visible contracts, 9 of which the model never saw in training (reported apart).
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict

from paralaw.skills import load_document
from paralaw.skills.generic import extract_financial_terms as skill

from .data_root import DATA

CUAD = DATA / "cuad"
EXPECTED = {"Insurance": "insurance", "Minimum Commitment": "minimum_commitment", "Revenue/Profit Sharing": "revenue_share",
            "Liquidated Damages": "damages", "Cap On Liability": "cap"}


def _terms(structure, with_model: bool):
    original = skill._retype
    if not with_model:
        skill._retype = lambda structure, terms: None
    try:
        data = skill.FinancialTermsInput(clause_id="*", document_structure=structure, max_terms=5000)
        return skill.extract_financial_terms(data).terms
    finally:
        skill._retype = original


def measure() -> dict:
    annotations = json.loads((CUAD / "annotations.json").read_text(encoding="utf-8"))["contracts"]
    held = set(sorted(annotations)[::3])
    out = {mode: defaultdict(lambda: {"terms": 0, "right": 0, "held_terms": 0, "held_right": 0}) for mode in ("rules", "model")}
    wrong: list[str] = []
    for contract in sorted(annotations):
        structure = load_document(CUAD / "contracts" / contract)
        for mode in ("rules", "model"):
            terms = [t for t in _terms(structure, mode == "model") if t.kind != "period"]
            for label, entry in annotations[contract].items():
                expected = EXPECTED.get(label)
                if expected is None:
                    continue
                spans = [(s["start"], s["end"]) for s in entry.get("spans", []) if s.get("start", -1) >= 0]
                for term in terms:
                    if any(s <= term.start and term.end <= e for s, e in spans):
                        row = out[mode][label]
                        ok = term.term_type == expected
                        row["terms"] += 1
                        row["right"] += ok
                        if contract in held:
                            row["held_terms"] += 1
                            row["held_right"] += ok
                        if mode == "model" and not ok and len(wrong) < 12:
                            wrong.append(f"{label}: {term.quote!r} typed {term.term_type}")
    return {"rules": dict(out["rules"]), "model": dict(out["model"]), "wrong": wrong}


def report(figures: dict) -> str:
    lines = [f"{'category':26} {'terms':>5} {'rules':>7} {'+model':>7}   held out: rules / +model"]
    totals = {m: [0, 0, 0, 0] for m in ("rules", "model")}
    for label in EXPECTED:
        rules, model = figures["rules"].get(label), figures["model"].get(label)
        if not rules:
            continue
        for mode, row in (("rules", rules), ("model", model)):
            totals[mode] = [a + b for a, b in zip(totals[mode], (row["right"], row["terms"], row["held_right"], row["held_terms"]))]
        held = (f"{rules['held_right']}/{rules['held_terms']} / {model['held_right']}/{model['held_terms']}"
                if rules["held_terms"] else "-")
        lines.append(f"{label:26} {rules['terms']:5d} {rules['right'] / rules['terms']:7.1%} "
                     f"{model['right'] / model['terms']:7.1%}   {held}")
    r, m = totals["rules"], totals["model"]
    lines.append(f"{'overall':26} {r[1]:5d} {r[0] / r[1]:7.1%} {m[0] / m[1]:7.1%}   "
                 f"{r[2]}/{r[3]} = {r[2] / max(1, r[3]):.1%} / {m[2]}/{m[3]} = {m[2] / max(1, m[3]):.1%}")
    lines += [f"  still wrong: {w}" for w in figures["wrong"][:6]]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    figures = measure()
    print(json.dumps(figures, indent=2) if "--json" in argv else report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
