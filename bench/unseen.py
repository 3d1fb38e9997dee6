"""First-run figures on a set of unseen contracts: planted issues found at their clause and at their severity,
high findings on clauses that are fine, and how many findings each contract gets (clean ones included).

    python -m bench.unseen tests/data/unseen15          # a table
    python -m bench.unseen tests/data/unseen15 --json   # the same as JSON
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import anyio

from bench.review_recall import review_case, risk_matches


def measure(folder: Path) -> list[dict]:
    rows = []
    for manifest in sorted(folder.glob("*/gold.json")):
        gold = json.loads(manifest.read_text(encoding="utf-8"))
        report = anyio.run(review_case, manifest)
        risks = [r for clause in report["clauses"] for r in clause["risks"]]
        planted = gold["planted"]
        at_clause = [p["id"] for p in planted if any(risk_matches(r, p) for r in risks)]
        at_severity = [p["id"] for p in planted if any(risk_matches(r, p) and r["risk_level"] == p["severity"] for r in risks)]
        high_fp = [r for r in risks if r["risk_level"] == "high" and not any(risk_matches(r, p) for p in planted)]
        rows.append({"case": gold["case_id"], "planted": len(planted), "at_clause": len(at_clause), "at_severity": len(at_severity),
                     "missed": [p["id"] for p in planted if p["id"] not in at_clause], "high_false_positives": len(high_fp),
                     "findings": len(risks), "medium_or_above": sum(r["risk_level"] in ("high", "medium") for r in risks)})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = measure(args.folder)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print("| case | found at clause | at severity | high on fine clauses | findings | medium+ | missed |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['case']} | {r['at_clause']}/{r['planted']} | {r['at_severity']}/{r['planted']} | {r['high_false_positives']} | "
              f"{r['findings']} | {r['medium_or_above']} | {', '.join(r['missed'])} |")
    planted = sum(r["planted"] for r in rows)
    print(f"| all | {sum(r['at_clause'] for r in rows)}/{planted} | {sum(r['at_severity'] for r in rows)}/{planted} | "
          f"{sum(r['high_false_positives'] for r in rows)} | {sum(r['findings'] for r in rows)} | {sum(r['medium_or_above'] for r in rows)} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
