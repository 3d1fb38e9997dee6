"""Check every gold.json of a set of unseen contracts: required keys, documents present, severities, clause ids
and verbatim evidence (after collapsing whitespace) in the primary contract.

    python tests/data/verify_unseen.py tests/data/unseen15 [tests/data/unseen16 ...]
"""
import json
import re
import sys
from pathlib import Path

TOP_KEYS = {"case_id", "language", "domain", "our_party", "documents", "planted"}
PLANT_KEYS = {"id", "clause_id", "kind", "severity", "evidence"}


def squash(text):
    return re.sub(r"\s+", " ", text).strip()


def plain(text):
    # Markdown emphasis markers are not part of the wording
    return squash(text.replace("**", "").replace("*", ""))


def check(case_dir):
    errors = []
    gold = json.loads((case_dir / "gold.json").read_text(encoding="utf-8"))
    missing = TOP_KEYS - gold.keys()
    if missing:
        errors.append(f"missing keys {sorted(missing)}")
    if gold.get("case_id") != case_dir.name:
        errors.append(f"case_id {gold.get('case_id')!r} is not the folder name")
    if gold.get("language") not in ("en", "zh"):
        errors.append(f"language {gold.get('language')!r}")
    texts = []
    for doc in gold.get("documents", []):
        if doc.get("role") != "primary" or doc.get("kind") != "contract":
            errors.append(f"document {doc} is not a primary contract")
        path = case_dir / doc.get("file", "")
        if not path.is_file():
            errors.append(f"document {doc.get('file')} not found")
            continue
        texts.append(path.read_text(encoding="utf-8"))
    if not texts:
        return errors
    body = squash("\n".join(texts))
    body_plain = plain("\n".join(texts))
    if gold.get("our_party") and gold["our_party"] not in body_plain:
        errors.append(f"our_party {gold['our_party']!r} not named in the contract")
    ids = set()
    for p in gold.get("planted", []):
        miss = PLANT_KEYS - p.keys()
        if miss:
            errors.append(f"{p.get('id')}: missing keys {sorted(miss)}")
            continue
        if p["id"] in ids:
            errors.append(f"{p['id']}: duplicate id")
        ids.add(p["id"])
        if p["severity"] not in ("high", "medium"):
            errors.append(f"{p['id']}: severity {p['severity']!r}")
        ev = squash(p["evidence"])
        if ev not in body and plain(ev) not in body_plain:
            errors.append(f"{p['id']}: evidence not found verbatim: {ev[:60]!r}")
        cid = str(p["clause_id"])
        if re.fullmatch(r"[一二三四五六七八九十]+", cid):
            # a Chinese top-level number must open a heading such as "## 六、..."
            if not re.search(rf"^#*\s*{cid}、", "\n".join(texts), re.M):
                errors.append(f"{p['id']}: no heading {cid}、 in contract")
        elif cid not in body_plain:
            errors.append(f"{p['id']}: clause_id {cid!r} not in contract")
    n = len(gold.get("planted", []))
    if n and not 3 <= n <= 5:
        errors.append(f"{n} planted issues (expected 3-5, or 0 for a clean control)")
    if not (case_dir / "README.md").is_file():
        errors.append("README.md missing")
    return errors


def size(case_dir, gold):
    text = "\n".join((case_dir / d["file"]).read_text(encoding="utf-8") for d in gold["documents"])
    if gold["language"] == "zh":
        return len(re.findall(r"[\u4e00-\u9fff]", text)), "hanzi"
    return len(re.findall(r"\S+", text)), "words"


def main(folders: list[str]) -> int:
    if not folders:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    cases = sorted(p.parent for folder in folders for p in Path(folder).glob("*/gold.json"))
    bad = 0
    for case_dir in cases:
        errors = check(case_dir)
        gold = json.loads((case_dir / "gold.json").read_text(encoding="utf-8"))
        n, unit = size(case_dir, gold)
        status = "ok" if not errors else "FAIL"
        print(f"{case_dir.name:28} {status:4} planted={len(gold.get('planted', []))} {n} {unit}")
        for e in errors:
            print("    " + e)
        bad += bool(errors)
    print(f"{len(cases)} cases, {bad} failing")
    return 1 if bad or not cases else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
