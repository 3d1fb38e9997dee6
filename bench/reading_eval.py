"""The reading layer against its labelled corpus (tests/data/reading): precision and recall per field.

A provision counts as found when the reading gives one with the same action (the `action` row); its actor,
modality, conditions and figures are then compared with the labelled provision of that action. Figures match by
kind and value (periods in days within one day, money and percentages within 1%). Lines are split into `tune`
(looked at while writing the lexicon) and `report` (never looked at); the table gives both.

    python -m bench.reading_eval               # both languages, report split
    python -m bench.reading_eval --split all   # every line
    python -m bench.reading_eval --split all --family franchise --family zh_jv   # some families only
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from paralaw.skills.reading.reader import Party, SentenceReader

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "reading"
FIELDS = ("action", "actor", "modality", "conditions", "quantities")
# the conditions the corpus labels (its README); the reader's other conditions (free, indexed, by_law, background,
# improvements, regardless_of_fault, perpetual) say what a provision is about and are not scored here
LABELLED_CONDITIONS = {"convenience", "cause", "insolvency", "change_of_control", "notice", "consent", "cure", "discretion"}


def _reader(line: dict) -> SentenceReader:
    pronouns = line.get("pronouns") or {}
    return SentenceReader(tuple(Party(name) for name in line.get("parties") or []), pronouns)


def _same_quantity(a: dict, b) -> bool:
    if a["kind"] != b.kind:
        return False
    tolerance = 1 if a["kind"] == "period" else max(0.01 * abs(a["value"]), 1e-6)
    # the corpus labels a rate as written ('每逾期一日...万分之五' is 0.05); the reader gives it a year's worth
    # with the unit '%/year', so the figure as written is the yearly value over 365 or 12
    written = [b.value] + ([b.value / 365, b.value / 12] if b.unit == "%/year" else [])
    return any(abs(float(a["value"]) - value) <= tolerance for value in written)


def evaluate(lines: list[dict]) -> dict[str, dict[str, float]]:
    tp, fp, fn = Counter(), Counter(), Counter()
    for line in lines:
        read = _reader(line).read(line["text"])
        gold = line.get("provisions") or []
        gold_actions = Counter(p["action"] for p in gold)
        read_actions = Counter(p.action for p in read)
        tp["action"] += sum((gold_actions & read_actions).values())
        fp["action"] += sum((read_actions - gold_actions).values())
        fn["action"] += sum((gold_actions - read_actions).values())
        for labelled in gold:
            ours = [p for p in read if p.action == labelled["action"]]
            if not ours:
                for name in FIELDS[1:]:
                    fn[name] += 1
                continue
            best = next((p for p in ours if p.actor == labelled["actor"]), ours[0])
            for name, good in (("actor", best.actor == labelled["actor"]), ("modality", best.modality == labelled["modality"])):
                tp[name] += good
                fp[name] += not good
                fn[name] += not good
            wanted, got = set(labelled.get("conditions") or []), set(best.conditions) & LABELLED_CONDITIONS
            tp["conditions"] += len(wanted & got)
            fp["conditions"] += len(got - wanted)
            fn["conditions"] += len(wanted - got)
            matched = [q for q in labelled.get("quantities") or [] if any(_same_quantity(q, b) for b in best.quantities)]
            tp["quantities"] += len(matched)
            fn["quantities"] += len(labelled.get("quantities") or []) - len(matched)
            fp["quantities"] += max(0, len(best.quantities) - len(matched))
    out = {}
    for name in FIELDS:
        precision = tp[name] / (tp[name] + fp[name]) if tp[name] + fp[name] else 0.0
        recall = tp[name] / (tp[name] + fn[name]) if tp[name] + fn[name] else 0.0
        out[name] = {"precision": round(precision, 3), "recall": round(recall, 3), "support": tp[name] + fn[name]}
    return out


def load(language: str, split: str, families: list[str] | None = None) -> list[dict]:
    path = CORPUS / f"{language}.jsonl"
    if not path.exists():
        return []
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [line for line in lines if (split == "all" or line.get("split") == split)
            and (not families or line.get("family") in families)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("report", "tune", "all"), default="report")
    parser.add_argument("--family", action="append", help="only this drafting family (repeatable)")
    args = parser.parse_args(argv)
    print(f"| language | sentences ({args.split}) | field | precision | recall |")
    print("|---|---|---|---|---|")
    for language in ("en", "zh"):
        lines = load(language, args.split, args.family)
        if not lines:
            continue
        for name, row in evaluate(lines).items():
            print(f"| {language} | {len(lines)} | {name} | {row['precision']:.2f} | {row['recall']:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
