"""classify_clauses measured on CUAD's labels: which categories a contract has, and the key values read.

Run from the project root: `python -m bench.quality_classify [--json]`.

Each visible CUAD contract is classified once through the dispatcher (threshold 0.5, 3 clauses per category).

- Contract level, per category: CUAD says for every contract whether a category is present (a located span)
  or not; the skill says present when it lists the category. Precision and recall over the 26 contracts, and
  over the third the model was not trained on (every third in name order).
- Located: of the present (contract, category) pairs the skill found, the share where one of its listed
  clauses overlaps a labelled span (it found the right clause, not only the right category).
- Key values, against CUAD's answers: Governing Law (the place named, e.g. "State of New York" against "New
  York"), Agreement Date and Effective Date (the date, against CUAD's m/d/yy), Notice Period To Terminate
  Renewal (the period, against "90 days"). Counted over the pairs where CUAD has an answer and the skill listed
  the category: right, wrong, or no value read.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from datetime import datetime

import anyio

from paralaw.skills import create_dispatcher, load_document, make_state
from paralaw.skills.text.amounts import find_periods

from .data_root import DATA

CUAD = DATA / "cuad"
VALUE_CATEGORIES = ("Governing Law", "Agreement Date", "Effective Date", "Notice Period To Terminate Renewal")


def _date(value: str) -> str:
    cleaned = re.sub(r"(\d)(st|nd|rd|th)", r"\1", value.replace("day of", "")).replace(",", " ")
    for fmt in ("%B %d %Y", "%d %B %Y", "%b %d %Y", "%d %b %Y", "%m/%d/%Y", "%m/%d/%y", "%Y-%m-%d"):
        try:
            day = datetime.strptime(" ".join(cleaned.replace(".", "").split()), fmt)
            return f"{day.month}/{day.day}/{day.strftime('%y')}"
        except ValueError:
            continue
    return ""


def _days(value: str) -> float | None:
    periods = find_periods(value)
    return periods[0].days if periods and periods[0].days is not None else None


def value_matches(category: str, value: str, answer: str) -> bool:
    if category == "Governing Law":
        place = re.sub(r"^(?:the\s+)?(?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+", "", value).strip().lower()
        return bool(place) and (place in answer.lower() or answer.lower().split(",")[0].strip() in place)
    if category in ("Agreement Date", "Effective Date"):
        return _date(value) == answer.strip()
    if category == "Notice Period To Terminate Renewal":
        ours, theirs = _days(value), _days(answer)
        return ours is not None and ours == theirs
    return False


async def _measure() -> dict:
    annotations = json.loads((CUAD / "annotations.json").read_text(encoding="utf-8"))["contracts"]
    held = set(sorted(annotations)[::3])
    dispatcher = create_dispatcher("generic")
    counts = {scope: defaultdict(lambda: {"tp": 0, "fp": 0, "fn": 0}) for scope in ("all", "held_out")}
    located = [0, 0]
    values = defaultdict(lambda: {"right": 0, "wrong": 0, "none": 0, "examples": []})
    categories: list[str] = []
    for contract in sorted(annotations):
        structure = load_document(CUAD / "contracts" / contract)
        result = await dispatcher.prepare_and_call("classify_clauses", "", structure, make_state(structure))
        if not result.success:
            raise RuntimeError(f"{contract}: {result.error}")
        found = {c["category"]: c for c in result.data["categories"]}
        categories = categories or [c["category"] for c in result.data["categories"]] + result.data["not_found"]
        labels = {name.lower(): entry for name, entry in annotations[contract].items()}
        for category in categories:
            entry = labels.get(category.lower(), {})
            spans = [(s["start"], s["end"]) for s in entry.get("spans", []) if s.get("start", -1) >= 0]
            present, said = bool(spans), category in found
            for scope in ("all", "held_out") if contract in held else ("all",):
                row = counts[scope][category]
                row["tp"] += present and said
                row["fp"] += said and not present
                row["fn"] += present and not said
            if present and said:
                listed = [structure.get_clause(c["clause_id"]) for c in found[category]["clauses"]]
                located[1] += 1
                located[0] += any(c is not None and s < c.end and c.start < e for c in listed for s, e in spans)
            answer = str(entry.get("answer", "")).strip()
            if category in VALUE_CATEGORIES and said and answer and "[]" not in answer:
                value = found[category]["value"]
                verdict = "none" if not value else "right" if value_matches(category, value, answer) else "wrong"
                values[category][verdict] += 1
                if verdict != "right" and len(values[category]["examples"]) < 3:
                    values[category]["examples"].append(f"{value!r} vs {answer!r}")
    return {"counts": {s: dict(v) for s, v in counts.items()}, "located": located, "values": dict(values),
            "categories": categories}


def measure() -> dict:
    return anyio.run(_measure)


def _pr(row: dict) -> tuple[float, float]:
    p = row["tp"] / (row["tp"] + row["fp"]) if row["tp"] + row["fp"] else 1.0
    r = row["tp"] / (row["tp"] + row["fn"]) if row["tp"] + row["fn"] else 1.0
    return p, r


def report(figures: dict) -> str:
    lines = [f"{'category':36} {'tp':>3} {'fp':>3} {'fn':>3} {'prec':>6} {'recall':>6}"]
    total = {"tp": 0, "fp": 0, "fn": 0}
    for category in figures["categories"]:
        row = figures["counts"]["all"][category]
        for k in total:
            total[k] += row[k]
        p, r = _pr(row)
        lines.append(f"{category:36} {row['tp']:3d} {row['fp']:3d} {row['fn']:3d} {p:6.1%} {r:6.1%}")
    held = {"tp": 0, "fp": 0, "fn": 0}
    for row in figures["counts"]["held_out"].values():
        for k in held:
            held[k] += row[k]
    p, r = _pr(total)
    hp, hr = _pr(held)
    lines.append(f"{'overall':36} {total['tp']:3d} {total['fp']:3d} {total['fn']:3d} {p:6.1%} {r:6.1%}   "
                 f"held out: precision {hp:.1%}, recall {hr:.1%}")
    found, pairs = figures["located"]
    lines.append(f"a listed clause overlaps a labelled span in {found}/{pairs} = {found / max(1, pairs):.1%} of the pairs found")
    for category, row in figures["values"].items():
        lines.append(f"value {category}: right {row['right']}, wrong {row['wrong']}, none {row['none']}  e.g. {row['examples'][:2]}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    figures = measure()
    print(json.dumps(figures, indent=2) if "--json" in argv else report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
