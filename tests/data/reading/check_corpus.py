"""Check the reading corpus: en.jsonl and zh.jsonl in this folder.

Run from anywhere: python tests/data/reading/check_corpus.py
Exits non-zero on the first kind of error it finds (all errors are listed), and prints the counts per family,
per action, per modality and per split.

The closed vocabulary (ACTIONS, CONDITIONS, the modalities, the quantity kinds) is read from
skills/reading/model.py itself, loaded by file path so that nothing else under skills/ is imported.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import typing
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
MODEL = ROOT / "skills" / "reading" / "model.py"

MIN_LINES = 600
MIN_FAMILIES = 10
MIN_PER_ACTION = 4
MIN_TRADITIONAL = 30
TRADITIONAL_FAMILY = "zh_traditional"
CURRENCIES = {"USD", "GBP", "EUR", "CNY", "SGD", "HKD", "AUD", "CAD", "INR", "TWD"}
UNITS = {"period": {"days"}, "percent": {"%"}, "fees_months": {"months"}}
ROW_KEYS = {"id", "family", "text", "parties", "pronouns", "provisions", "split"}
PROVISION_KEYS = {"actor", "modality", "action", "conditions", "quantities"}


def vocabulary() -> tuple[set[str], set[str], set[str], set[str]]:
    spec = importlib.util.spec_from_file_location("_reading_model", MODEL)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return (set(module.ACTIONS), set(module.CONDITIONS), set(typing.get_args(module.Modality)),
            set(typing.get_args(module.QuantityKind)))


def check(path: Path, lang: str, vocab) -> tuple[list[str], list[dict]]:
    actions, conditions, modalities, kinds = vocab
    errors: list[str] = []
    rows: list[dict] = []
    seen_ids: set[str] = set()
    seen_texts: set[str] = set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}:{n}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            errors.append(f"{where}: not JSON ({exc})")
            continue
        rows.append(row)
        extra = set(row) - ROW_KEYS
        missing = ROW_KEYS - {"pronouns"} - set(row)
        if extra or missing:
            errors.append(f"{where}: keys extra {sorted(extra)} missing {sorted(missing)}")
            continue
        if not re.fullmatch(rf"{lang}-\d{{4}}", row["id"]) or row["id"] in seen_ids:
            errors.append(f"{where}: bad or repeated id {row['id']!r}")
        seen_ids.add(row["id"])
        if not isinstance(row["text"], str) or not row["text"].strip():
            errors.append(f"{where}: empty text")
        elif row["text"] in seen_texts:
            errors.append(f"{where}: repeated text")
        seen_texts.add(row["text"])
        if row["split"] not in ("tune", "report"):
            errors.append(f"{where}: split {row['split']!r}")
        parties = row["parties"]
        if not isinstance(parties, list) or not parties or not all(isinstance(p, str) and p for p in parties):
            errors.append(f"{where}: parties {parties!r}")
            continue
        for pronoun, owner in (row.get("pronouns") or {}).items():
            if owner not in parties:
                errors.append(f"{where}: pronoun {pronoun!r} owner {owner!r} not in parties")
        for k, p in enumerate(row["provisions"]):
            at = f"{where} provision {k}"
            if set(p) != PROVISION_KEYS:
                errors.append(f"{at}: keys {sorted(p)}")
                continue
            if p["actor"] is not None and p["actor"] not in parties and p["actor"] not in ("both", "third"):
                errors.append(f"{at}: actor {p['actor']!r} not in parties/both/third/null")
            if p["modality"] not in modalities:
                errors.append(f"{at}: modality {p['modality']!r}")
            if p["action"] not in actions:
                errors.append(f"{at}: action {p['action']!r}")
            bad = [c for c in p["conditions"] if c not in conditions]
            if bad or len(set(p["conditions"])) != len(p["conditions"]):
                errors.append(f"{at}: conditions {p['conditions']!r}")
            for q in p["quantities"]:
                if set(q) != {"kind", "value", "unit"} or q["kind"] not in kinds:
                    errors.append(f"{at}: quantity {q!r}")
                    continue
                if isinstance(q["value"], bool) or not isinstance(q["value"], (int, float)) or q["value"] <= 0:
                    errors.append(f"{at}: quantity value {q!r}")
                allowed = CURRENCIES if q["kind"] == "money" else UNITS[q["kind"]]
                if q["unit"] not in allowed:
                    errors.append(f"{at}: quantity unit {q!r}")
    if len(rows) < MIN_LINES:
        errors.append(f"{path.name}: {len(rows)} lines < {MIN_LINES}")
    families = Counter(r.get("family") for r in rows)
    if len(families) < MIN_FAMILIES:
        errors.append(f"{path.name}: {len(families)} families < {MIN_FAMILIES}")
    per_action = Counter(p["action"] for r in rows for p in r.get("provisions", []) if isinstance(p, dict))
    for action in sorted(actions):
        if per_action[action] < MIN_PER_ACTION:
            errors.append(f"{path.name}: action {action} only {per_action[action]} times")
    if lang == "zh" and families[TRADITIONAL_FAMILY] < MIN_TRADITIONAL:
        errors.append(f"{path.name}: {families[TRADITIONAL_FAMILY]} Traditional-Chinese lines < {MIN_TRADITIONAL}")
    return errors, rows


def report(lang: str, rows: list[dict]) -> None:
    provisions = [p for r in rows for p in r["provisions"]]
    empty = sum(1 for r in rows if not r["provisions"])
    print(f"== {lang}: {len(rows)} sentences, {len(provisions)} provisions, "
          f"{empty} with none ({100 * empty / len(rows):.0f}%)")
    print("  split:", dict(Counter(r["split"] for r in rows)))
    print("  families:")
    for fam, n in sorted(Counter(r["family"] for r in rows).items()):
        tune = sum(1 for r in rows if r["family"] == fam and r["split"] == "tune")
        print(f"    {fam:24s} {n:4d}  (tune {tune})")
    print("  actions:", ", ".join(f"{a} {n}" for a, n in sorted(Counter(p["action"] for p in provisions).items())))
    print("  modalities:", dict(Counter(p["modality"] for p in provisions)))
    print("  actors:", dict(Counter("null" if p["actor"] is None else p["actor"] if p["actor"] in ("both", "third")
                                   else "party" for p in provisions)))
    print("  conditions:", dict(Counter(c for p in provisions for c in p["conditions"])))
    print("  quantities:", dict(Counter(q["kind"] for p in provisions for q in p["quantities"])))


def main() -> int:
    vocab = vocabulary()
    failed = False
    for lang in ("en", "zh"):
        path = HERE / f"{lang}.jsonl"
        if not path.exists():
            print(f"{path.name}: missing")
            failed = True
            continue
        errors, rows = check(path, lang, vocab)
        for e in errors:
            print("ERROR", e)
        if errors:
            failed = True
        else:
            report(lang, rows)
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
