"""Reports: Markdown for people (summary by severity, then clause by clause) and JSON for machines (the same
content plus the audit trail: every clause's message history and tool calls).
"""

from __future__ import annotations

import datetime as dt
import html
import json
from typing import Any

from paralaw.skills.reports.header import answered_by
from .units import ClauseUnit

LEVELS = ("high", "medium", "low")
_ICON = {"high": "HIGH", "medium": "MEDIUM", "low": "LOW"}


def _all_risks(units: list[ClauseUnit]) -> list[dict[str, Any]]:
    return [risk for unit in units for risk in unit.risks]


def summary(data: dict[str, Any]) -> dict[str, Any]:
    risks = _all_risks(data["units"])
    modes: dict[str, int] = {}
    for unit in data["units"]:
        modes[unit.mode] = modes.get(unit.mode, 0) + 1
    usage = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0, "requests": 0}
    for unit in data["units"]:
        for key, value in unit.usage.as_dict().items():
            usage[key] += value
    return {
        "risks": {level: sum(1 for r in risks if r["risk_level"] == level) for level in LEVELS} | {"total": len(risks)},
        "unverified_quotes": sum(1 for r in risks if r.get("quote_verified") is False),
        "clauses_reviewed": len(data["units"]),
        "checklist_items_not_found": len(data["not_found"]),
        "modes": modes,
        "fallbacks": sum(len(u.fallbacks) for u in data["units"]),
        "usage": usage,
    }


def model_reached(data: dict[str, Any]) -> bool | None:
    """Whether the configured model answered any request at all (None without a model): a review where it never
    did says so, apart from one where it answered but no answer was usable."""
    if not data.get("model"):
        return None
    return any(unit.usage.requests for unit in data["units"])


def _reached_sentence(data: dict[str, Any], s: dict[str, Any]) -> str:
    reached = model_reached(data)
    if reached is None:
        return ""
    if not reached:
        return " The model was never reached (each clause below says why)."
    return f" The model was reached ({s['usage']['requests']} requests answered)."


def _unit_json(unit: ClauseUnit, *, audit: bool) -> dict[str, Any]:
    out = {
        "checklist_item": {k: unit.item.get(k) for k in ("clause_id", "clause_name", "priority", "description", "required_skills")},
        "clause_id": unit.clause_id,
        "title": unit.title,
        "mode": unit.mode,
        "fallbacks": unit.fallbacks,
        "tools_used": sorted({c["name"] for c in unit.tools_called}),
        "skipped_skills": unit.skipped_skills,
        "iterations": unit.iterations,
        "usage": unit.usage.as_dict(),
        "seconds": unit.seconds,
        "risks": unit.risks,
    }
    if audit:
        out["audit"] = {"tool_calls": unit.tools_called,
                        "messages": unit.messages}
    return out


def to_json(data: dict[str, Any]) -> dict[str, Any]:
    review = data["review"]
    return {
        "review": {k: review.get(k) for k in ("review_id", "domain", "language", "our_party", "documents")},
        "mode": data["mode"],
        "model": data["model"],
        "model_reached": model_reached(data),
        "started": _when(data["started"]),
        "finished": _when(data["finished"]),
        "summary": summary(data),
        "clauses": [_unit_json(u, audit=True) for u in data["units"]],
        "not_found": [{k: i.get(k) for k in ("clause_id", "clause_name", "priority", "description")} for i in data["not_found"]],
        "schema_refreshed": data.get("schema_refreshed", []),
        "warnings": data.get("warnings", []),
        "positions": data.get("positions", []),  # every review position's verdict, GREEN included
        "favourable": data.get("favourable", []),  # departures from the baseline in our favour: not risks
    }


def write_json(data: dict[str, Any], path: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(to_json(data), fh, ensure_ascii=False, indent=2, default=str)


def _when(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp, tz=dt.timezone.utc).isoformat(timespec="seconds")


_MARKDOWN_ACTIVE = str.maketrans({c: "\\" + c for c in "\\`*[]|"})


def _md_text(text: str) -> str:
    """Contract text (a clause title, a file name) as inert Markdown on one line: HTML is escaped, and the
    characters Markdown acts on are backslash-escaped, so `<img onerror=...>` or `](javascript:...)` stay text."""
    return html.escape(" ".join(str(text).split()), quote=False).translate(_MARKDOWN_ACTIVE)


_POSITION_SOURCE = {"playbook": " (your playbook)", "pack": " (domain pack)"}  # whose position a verdict judges


def _cell(text: str) -> str:
    return html.escape(" ".join(str(text).split()), quote=False).replace("|", "\\|")


def _quote(text: str, limit: int = 400) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def to_markdown(data: dict[str, Any]) -> str:
    review, s = data["review"], summary(data)
    names = ", ".join(f"{_md_text(d.get('filename'))} ({d.get('role')})" for d in review.get("documents", []))
    lines = [
        f"# Contract review: {names}",
        "",
        f"Domain **{review.get('domain')}**, language **{review.get('language')}**, acting for **{review.get('our_party') or 'unspecified party'}**. "
        f"Mode **{data['mode']}**. {answered_by(s, data.get('model'))}{_reached_sentence(data, s)}",
        "",
        "## Summary",
        "",
        "| severity | risks |",
        "|---|---|",
        *[f"| {level} | {s['risks'][level]} |" for level in LEVELS],
        f"| **total** | **{s['risks']['total']}** |",
        "",
        f"{s['clauses_reviewed']} clauses reviewed ({', '.join(f'{n} {m}' for m, n in sorted(s['modes'].items())) or 'none'})"
        + (f"; {s['fallbacks']} fallbacks" if s["fallbacks"] else "")
        + (f"; {s['unverified_quotes']} quotes NOT found verbatim in the contract (flagged below)" if s["unverified_quotes"] else "")
        + ".",
    ]
    lines += [f"\n**Warning:** {warning}." for warning in data.get("warnings", [])]
    risks = sorted(_all_risks(data["units"]), key=lambda r: LEVELS.index(r["risk_level"]))
    if risks:
        lines += ["", "| severity | clause | risk |", "|---|---|---|"]
        lines += [f"| {r['risk_level']} | {_cell(r['clause_id'])} | {_cell(r['description'] or r['risk_type'])} |" for r in risks]
    lines += ["", "## Clause by clause"]
    for unit in data["units"]:
        item = unit.item
        heading = _md_text(f"{unit.clause_id} {unit.title}".strip())
        lines += ["", f"### {heading} — {_md_text(item.get('clause_name', ''))}", ""]
        meta = f"Checklist priority {item.get('priority', 'medium')}; mode **{unit.mode}**"
        if unit.fallbacks:
            meta += " (after " + "; ".join(f"{f['mode']} failed: {f['reason']}" for f in unit.fallbacks) + ")"
        tools = sorted({c["name"] for c in unit.tools_called})
        meta += f"; tools used: {', '.join(tools) if tools else 'none'}"
        if unit.usage.total_tokens:
            meta += f"; {unit.iterations} model turns, {unit.usage.total_tokens} tokens"
        lines.append(meta + ".")
        if not unit.risks:
            lines += ["", "No risks found."]
        for risk in unit.risks:  # in the contract's order (the pipeline arranges them)
            verdict = (f" {risk['verdict']}" if risk.get("verdict") else "") + _POSITION_SOURCE.get(risk.get("position_source"), "")
            lines += ["", f"- **{_ICON[risk['risk_level']]}**{verdict} [{risk['risk_type']}] (clause {risk['clause_id']}) {risk['description']}"]
            if risk.get("reason") and risk["reason"] != risk["description"]:
                lines.append(f"  - Why: {risk['reason']}")
            if risk.get("analysis"):
                lines.append(f"  - Analysis: {risk['analysis']}")
            quote = (risk.get("location") or {}).get("original_text")
            if quote:
                flag = "" if risk.get("quote_verified") else " **(quote not found verbatim in the contract)**"
                lines.append(f"  - Quote: “{_quote(quote)}”{flag}")
            for note in risk.get("also_noted") or []:  # what other skills said about the same provision
                lines.append(f"  - Also: {note}")
            if risk.get("proposed_wording"):
                where = (risk.get("insert_as") or {}).get("said")  # a new clause: where the redline puts it
                lines.append(f"  - Proposed wording{f' (as {_md_text(where)})' if where else ''}: “{_quote(risk['proposed_wording'])}”")
            found_by = risk.get("found_by") or ([risk["source"]] if risk.get("source") and risk["source"] != "model" else [])
            if found_by:
                lines.append("  - Found by: " + ", ".join(f"`{name}`" for name in found_by))
    positions = data.get("positions") or []
    if positions:
        lines += ["", "## Review positions", "",
                  "Each position of the domain pack (or playbook) with its verdict: GREEN at the standard, YELLOW "
                  "acceptable or to look at, RED to escalate, MISSING expected but absent.", "",
                  "| verdict | clause | position | what the contract says |", "|---|---|---|---|"]
        lines += [f"| {p['verdict']} | {_cell(p['clause_id'])} | {_cell(p['title'])} | {_cell(_quote(p.get('evidence') or '-', 160))} |"
                  for p in positions]
    favourable = data.get("favourable") or []
    if favourable:
        lines += ["", "## In our favour", "", "Departures from the baseline that favour us (not risks):", ""]
        lines += [f"- (clause {_cell(r['clause_id'])}) {r['description']}" for r in favourable]
    if data["not_found"]:
        lines += ["", "## Checklist items with no matching clause", ""]
        lines += [f"- {i.get('clause_name')} ({i.get('priority')}): {i.get('description', '')}" for i in data["not_found"]]
    return "\n".join(lines) + "\n"


def exit_status(data: dict[str, Any], fail_on: str | None) -> int:
    """1 when a risk at or above `fail_on` was found (for CI), else 0."""
    if not fail_on:
        return 0
    threshold = LEVELS.index(fail_on)
    return 1 if any(LEVELS.index(r["risk_level"]) <= threshold for r in _all_risks(data["units"])) else 0
