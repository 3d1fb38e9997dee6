"""Parse quality on real contracts: how well the clause tree fits the text.

Run from the project root: `python -m bench.parse_quality [--json]`.

Per file and overall it prints:
- ok: the file parsed without error;
- clauses: number of clauses in the tree;
- refs: internal clause cross-references found ("Section 5.2(b)", "Article IV"); references to other
  instruments ("Section 16 of the Exchange Act") are recognised as external and not counted; schedule
  references ("Exhibit A") are reported separately, since SEC filings often leave exhibits out;
- resolve: share of those internal references that `resolve_reference` maps to a parsed clause;
- spans: share of the located CUAD labelled spans (annotations.json, start != -1) lying inside the deepest
  clause containing their first character: [span.start, span.end) within [clause.start, clause.end). A span
  whose first character precedes every clause lies in the preamble, which counts as one region
  [0, first clause start). A span inside the deepest clause is inside its ancestors too; the figure asks
  whether the clause tree cuts labelled provisions apart;
- largest: the largest clause's share of its document, measured on the clause's own text (heading to its
  first child or its end) and on its whole span (children included); the goal applies to own text of any
  clause, and to the whole span of any clause that is not the top of an article-style tree;
- ms: parse time.

Goals (issue 2): every file parses; >= 90% of internal references resolve; >= 90% of located spans inside;
no clause holds more than 25% of a numbered document.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from paralaw.skills.documents.loaders import load_document
from paralaw.skills.documents.model import DocumentStructure
from paralaw.skills.documents.references import resolve_reference
from paralaw.skills.errors import DocumentError

ROOT = Path(__file__).resolve().parents[1]
from .data_root import DATA  # noqa: E402  (../shared/data when present, else tests/data)
CUAD = DATA / "cuad" / "contracts"
ANNOTATIONS = DATA / "cuad" / "annotations.json"
GOALS = {"parse_ok": 1.0, "refs_resolve": 0.90, "spans_inside": 0.90, "max_clause_share": 0.25}


@dataclass
class FileFigures:
    group: str
    name: str
    ok: bool = True
    error: str = ""
    clauses: int = 0
    structure_type: str = ""
    refs: int = 0
    refs_resolved: int = 0
    external_refs: int = 0
    schedule_refs: int = 0
    schedule_resolved: int = 0
    spans: int = 0
    spans_inside: int = 0
    spans_preamble: int = 0
    largest_own: float = 0.0
    largest_own_id: str = ""
    largest_span: float = 0.0
    largest_span_id: str = ""
    seconds: float = 0.0
    unresolved: list[str] = field(default_factory=list)
    cut_spans: list[str] = field(default_factory=list)


def corpus() -> list[tuple[str, Path]]:
    """The measured corpus (CUAD + SHA/SPA), then the review cases (reported, not part of the goals)."""
    files = [("cuad", p) for p in sorted(CUAD.glob("*.txt"))]
    files += [("sha_spa", p) for p in sorted((DATA / "sha_spa").glob("*.md"))]
    files += [("review_cases", p) for p in sorted((DATA / "review_cases").glob("*/*.md")) if p.name != "README.md"]
    return files


def load_annotations() -> dict[str, list[tuple[int, int, str]]]:
    """CUAD file name -> located labelled spans (start, end, category)."""
    raw = json.loads(ANNOTATIONS.read_text(encoding="utf-8"))["contracts"]
    out: dict[str, list[tuple[int, int, str]]] = {}
    for name, categories in raw.items():
        spans = []
        for category, entry in categories.items():
            for span in entry.get("spans", []):
                if span.get("start", -1) != -1:
                    spans.append((span["start"], span["end"], category))
        out[name if name.endswith(".txt") else name + ".txt"] = spans
    return out


def deepest_region(structure: DocumentStructure, offset: int) -> tuple[str, int, int]:
    """The deepest clause containing `offset`, or the preamble before the first clause."""
    best = None
    clauses = structure.clauses
    while True:
        found = next((c for c in clauses if c.start <= offset < c.end), None)
        if found is None:
            break
        best, clauses = found, found.children
    if best is not None:
        return best.clause_id, best.start, best.end
    first = min((c.start for c in structure.clauses), default=len(structure.text))
    return "(preamble)", 0, first if offset < first else len(structure.text)


def measure(group: str, path: Path, spans: list[tuple[int, int, str]]) -> FileFigures:
    figures = FileFigures(group=group, name=path.name)
    began = time.perf_counter()
    try:
        structure = load_document(path)
    except DocumentError as exc:
        figures.ok, figures.error = False, f"{exc.code}: {exc.message}"
        return figures
    figures.seconds = time.perf_counter() - began
    figures.clauses = structure.total_clauses
    figures.structure_type = structure.structure_type
    for ref in structure.cross_references:
        if ref.kind == "external":
            figures.external_refs += 1
        elif ref.kind == "schedule":
            figures.schedule_refs += 1
            figures.schedule_resolved += resolve_reference(structure, ref) is not None
        else:
            figures.refs += 1
            if resolve_reference(structure, ref) is not None:
                figures.refs_resolved += 1
            else:
                figures.unresolved.append(ref.text)
    size = max(1, len(structure.text))
    for clause in structure.iter_clauses():
        own_end = clause.children[0].start if clause.children else clause.end
        own, whole = (own_end - clause.start) / size, (clause.end - clause.start) / size
        if own > figures.largest_own:
            figures.largest_own, figures.largest_own_id = own, clause.clause_id
        if whole > figures.largest_span and not (clause.level == 1 and clause.children):
            figures.largest_span, figures.largest_span_id = whole, clause.clause_id
    for start, end, category in spans:
        figures.spans += 1
        clause_id, c_start, c_end = deepest_region(structure, start)
        figures.spans_preamble += clause_id == "(preamble)"
        if c_start <= start and end <= c_end:
            figures.spans_inside += 1
        else:
            figures.cut_spans.append(f"{category} [{start},{end}) in {clause_id} [{c_start},{c_end})")
    return figures


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


def summarise(rows: list[FileFigures]) -> dict[str, float | int]:
    measured = [r for r in rows if r.group != "review_cases"]
    refs = sum(r.refs for r in measured)
    spans = sum(r.spans for r in measured)
    numbered = [r for r in measured if r.ok and r.structure_type != "flat"]
    return {
        "files": len(measured),
        "parse_ok": _share(sum(r.ok for r in measured), len(measured)),
        "clauses": sum(r.clauses for r in measured),
        "refs": refs,
        "refs_resolve": _share(sum(r.refs_resolved for r in measured), refs),
        "external_refs": sum(r.external_refs for r in measured),
        "schedule_refs": sum(r.schedule_refs for r in measured),
        "schedule_resolve": _share(sum(r.schedule_resolved for r in measured), sum(r.schedule_refs for r in measured)),
        "spans": spans,
        "spans_inside": _share(sum(r.spans_inside for r in measured), spans),
        "spans_preamble": sum(r.spans_preamble for r in measured),
        "max_clause_share": max((max(r.largest_own, r.largest_span) for r in numbered), default=0.0),
        "max_seconds": max((r.seconds for r in rows), default=0.0),
    }


def run() -> tuple[list[FileFigures], dict[str, float | int]]:
    annotations = load_annotations()
    rows = [measure(group, path, annotations.get(path.name, []) if group == "cuad" else []) for group, path in corpus()]
    return rows, summarise(rows)


def _pct(value: float) -> str:
    return f"{100 * value:5.1f}%"


def main(argv: list[str]) -> int:
    rows, total = run()
    if "--json" in argv:
        print(json.dumps({"files": [asdict(r) for r in rows], "overall": total}, indent=2))
        return 0
    verbose = "-v" in argv
    print(f"{'file':<48} {'ok':>2} {'type':<9} {'clauses':>7} {'refs':>5} {'resolve':>7} {'ext':>4} {'spans':>5} {'inside':>7} {'own':>6} {'span':>6} {'ms':>6}")
    for r in rows:
        name = (r.group[:4] + "/" + r.name)[:48]
        if not r.ok:
            print(f"{name:<48} NO  {r.error}")
            continue
        print(
            f"{name:<48} {'ok':>2} {r.structure_type:<9} {r.clauses:>7} {r.refs:>5} {_pct(_share(r.refs_resolved, r.refs)):>7} "
            f"{r.external_refs:>4} {r.spans:>5} {_pct(_share(r.spans_inside, r.spans)):>7} {_pct(r.largest_own):>6} "
            f"{_pct(r.largest_span):>6} {1000 * r.seconds:6.0f}"
        )
        if verbose:
            for text in r.unresolved:
                print(f"    unresolved: {text}")
            for text in r.cut_spans:
                print(f"    cut: {text}")
    print()
    print(
        f"overall ({total['files']} files, review cases excluded): parse ok {_pct(total['parse_ok'])}; "
        f"{total['clauses']} clauses; internal refs {total['refs']} resolve {_pct(total['refs_resolve'])} "
        f"(external {total['external_refs']}, schedule refs {total['schedule_refs']} resolve {_pct(total['schedule_resolve'])}); "
        f"located spans {total['spans']} inside {_pct(total['spans_inside'])} ({total['spans_preamble']} in a preamble); largest clause {_pct(total['max_clause_share'])}; "
        f"slowest parse {1000 * total['max_seconds']:.0f} ms"
    )
    met = (
        total["parse_ok"] >= GOALS["parse_ok"]
        and total["refs_resolve"] >= GOALS["refs_resolve"]
        and total["spans_inside"] >= GOALS["spans_inside"]
        and total["max_clause_share"] <= GOALS["max_clause_share"]
    )
    print("goals met" if met else "goals NOT met")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
