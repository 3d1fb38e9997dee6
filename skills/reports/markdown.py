"""A JSON report (the agent's --json shape) as Markdown: the summary, then each risk under its clause.

The agent's own Markdown report is written from its live review (with modes, fallbacks and tool use per
clause); this one serves a report that exists only as data, e.g. findings a host's model hands to
export_review.
"""

from __future__ import annotations

from typing import Any

from .header import answered_by
from .word import LEVELS, proposed_wording, report_risks


def _line(text: Any) -> str:
    return " ".join(str(text or "").split())


def to_markdown_page(report: dict[str, Any]) -> str:
    review, summary = report.get("review") or {}, report.get("summary") or {}
    names = ", ".join(f"{d.get('filename')} ({d.get('role')})" for d in review.get("documents") or []) or "contract"
    counts = summary.get("risks") or {}
    lines = [f"# Contract review: {names}", "",
             f"Domain **{review.get('domain')}**, language **{review.get('language')}**, acting for "
             f"**{review.get('our_party') or 'unspecified party'}**. {answered_by(summary, report.get('model'))}", "",
             "| severity | risks |", "|---|---|", *[f"| {lvl} | {int(counts.get(lvl, 0))} |" for lvl in LEVELS],
             f"| **total** | **{int(counts.get('total', 0))}** |"]
    lines += [f"\n**Warning:** {_line(w)}." for w in report.get("warnings") or []]
    risks = report_risks(report)
    for clause in report.get("clauses") or []:
        mine = [r for r in risks if any(r is x for x in clause.get("risks") or [])]
        if not mine:
            continue
        lines += ["", f"## {_line(clause.get('clause_id'))} {_line(clause.get('title'))}".rstrip()]
        for risk in mine:
            lines += ["", f"- **{str(risk.get('risk_level', '')).upper()}** [{_line(risk.get('risk_type'))}] {_line(risk.get('description'))}"]
            if risk.get("reason"):
                lines.append(f"  - Why: {_line(risk['reason'])}")
            quote = (risk.get("location") or {}).get("original_text")
            if quote:
                lines.append(f"  - Quote: \u201c{_line(quote)}\u201d" + ("" if risk.get("quote_verified") is not False else " (not found verbatim)"))
            if proposed_wording(risk):
                where = (risk.get("insert_as") or {}).get("said")  # a new clause: where the Word redline puts it
                lines.append(f"  - Proposed wording{f' (as {_line(where)})' if where else ''}: {_line(proposed_wording(risk))}")
    return "\n".join(lines) + "\n"
