"""The review as one self-contained HTML page a lawyer can open, filter and print.

One file, no network: styles and the small filter script are inline, and a Content-Security-Policy forbids
anything else, so the page looks the same from an e-mail attachment as from a file share. Every piece of
contract or model text is escaped (a clause title holding "<script>" shows as text). Each risk shows its
clause, its quote highlighted inside the clause text, the reason and the proposed wording; the severity
filters are checkboxes (the page reads fine with scripts off: everything is shown), and printing keeps what
the filters show, one risk never split over two pages. A contract written in Markdown is drawn, not shown as
markup: emphasis as <strong>/<em>, a pipe table as a table, a heading in bold, `---` as a rule (markup.py).
"""

from __future__ import annotations

import html
import re
from typing import Any

from .header import answered_by
from .markup import blocks, pieces, plain_quote
from .word import LEVELS, proposed_wording, report_risks

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "})
_CONTEXT = 500  # characters of clause text shown either side of the quote

_CSS = """
:root { --high: #b42318; --medium: #b54708; --low: #175cd3; --ink: #1d2939; --muted: #667085; --line: #d0d5dd; }
* { box-sizing: border-box; }
body { font: 15px/1.5 Georgia, "Times New Roman", serif; color: var(--ink); max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1, h2, h3, th, .badge, .filters, .meta, .label { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
h1 { font-size: 1.6rem; margin-bottom: .25rem; }
.meta { color: var(--muted); font-size: .9rem; margin: .2rem 0; }
.warning { border-left: 4px solid var(--medium); background: #fffaeb; padding: .4rem .8rem; margin: .5rem 0; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid var(--line); padding: .3rem .6rem; text-align: left; vertical-align: top; }
th { background: #f2f4f7; font-size: .85rem; }
td.n { text-align: right; }
.badge { display: inline-block; min-width: 4.5rem; text-align: center; color: #fff; border-radius: 3px;
         font-size: .75rem; font-weight: 700; padding: .05rem .4rem; letter-spacing: .04em; }
.badge.high { background: var(--high); } .badge.medium { background: var(--medium); } .badge.low { background: var(--low); }
.filters { margin: 1rem 0; padding: .5rem .8rem; border: 1px solid var(--line); border-radius: 4px; font-size: .9rem; }
.filters label { margin-right: 1.2rem; cursor: pointer; }
section.clause { margin-top: 1.5rem; }
h2 { font-size: 1.25rem; border-bottom: 2px solid var(--line); padding-bottom: .2rem; margin-top: 2rem; }
h3 { font-size: 1.05rem; margin-bottom: .2rem; }
article.risk { border: 1px solid var(--line); border-left: 6px solid var(--muted); border-radius: 4px; padding: .6rem .9rem; margin: .8rem 0; }
article.risk.high { border-left-color: var(--high); } article.risk.medium { border-left-color: var(--medium); }
article.risk.low { border-left-color: var(--low); }
.risk h4 { margin: 0 0 .3rem; font-size: 1rem; }
.label { font-size: .8rem; font-weight: 700; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.excerpt { white-space: pre-wrap; background: #f9fafb; border: 1px solid #eaecf0; padding: .5rem .7rem; font-size: .92rem; }
mark { background: #fef0c7; padding: 0 .1rem; border-bottom: 2px solid var(--medium); }
.excerpt table { margin: .3rem 0; font-size: .9rem; } .excerpt hr { border: 0; border-top: 1px solid var(--line); }
.proposed { border-left: 3px solid #039855; background: #ecfdf3; padding: .4rem .7rem; margin: .3rem 0; }
.unverified { color: var(--high); font-weight: 700; }
.hidden { display: none; }
@page { margin: 16mm 14mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10.5pt; }
  .filters { display: none; }
  article.risk, tr { break-inside: avoid; page-break-inside: avoid; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  a { color: inherit; text-decoration: none; }
  .badge, mark, .proposed, .excerpt { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""

_SCRIPT = """
document.querySelectorAll('.filters input').forEach(function (box) {
  box.addEventListener('change', function () {
    document.querySelectorAll('[data-level="' + box.value + '"]').forEach(function (el) {
      el.classList.toggle('hidden', !box.checked);
    });
  });
});
"""

_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


def _e(value: Any) -> str:
    return html.escape(str(value if value is not None else ""), quote=True)


def _find(text: str, quote: str) -> tuple[int, int] | None:
    """(start, end) of the quote in the text, up to whitespace and curly quotes, and up to Markdown when the
    quote is written without the clause's markup (or with markup the clause lacks)."""
    if not quote.strip():
        return None
    at = text.find(quote)
    if at >= 0:
        return at, at + len(quote)
    pattern = r"\s+".join(re.escape(word) for word in quote.translate(_QUOTES).split())
    found = re.search(pattern, text.translate(_QUOTES))
    if found:
        return found.start(), found.end()
    index = [i for piece in pieces(text) for i in range(piece.start, piece.end)]  # visible character -> source
    visible = "".join(text[i] for i in index).translate(_QUOTES)
    words = plain_quote(quote).translate(_QUOTES).split()
    found = re.search(r"\s+".join(re.escape(word) for word in words), visible) if words else None
    return (index[found.start()], index[found.end() - 1] + 1) if found else None


def inline(text: str, start: int = 0, end: int | None = None, mark: tuple[int, int] | None = None) -> str:
    """text[start:end] escaped, its Markdown emphasis as <strong>/<em>, the characters in `mark` in <mark>."""
    end = len(text) if end is None else end
    out, marking = [], False
    for piece in pieces(text, start, end):
        cuts = sorted({piece.start, piece.end, *(c for c in (mark or ()) if piece.start < c < piece.end)})
        for a, b in zip(cuts, cuts[1:]):
            inside = mark is not None and mark[0] <= a < mark[1]
            if inside != marking:
                out.append("<mark>" if inside else "</mark>")
                marking = inside
            html_text = _e(text[a:b])
            if piece.italic:
                html_text = f"<em>{html_text}</em>"
            if piece.bold:
                html_text = f"<strong>{html_text}</strong>"
            out.append(html_text)
    if marking:
        out.append("</mark>")
    return "".join(out)


def drawn(text: str, lo: int = 0, hi: int | None = None, mark: tuple[int, int] | None = None) -> str:
    """The Markdown blocks of text[lo:hi] as HTML for a pre-wrapped excerpt: a heading in bold, a table as a
    table (rows outside the window left out), a rule as <hr>, a bullet with its bullet, no markup characters."""
    hi = len(text) if hi is None else hi
    out, previous = [], None
    for block in blocks(text):
        a, b = block.span
        if b < lo or a > hi or (block.kind != "rule" and b == a):
            continue
        if previous is not None:
            out.append("\n" if text.count("\n", previous, a) <= 1 else "\n\n")
        previous = b
        a, b = max(a, lo), min(b, hi)
        if block.kind == "table":
            rows = []
            for r, cells in enumerate(block.rows):
                if not cells or cells[-1][1] < lo or cells[0][0] > hi:
                    continue
                tag = "th" if r < block.header else "td"
                rows.append("<tr>" + "".join(f"<{tag}>{inline(text, max(x, lo), min(y, hi), mark)}</{tag}>"
                                             for x, y in cells) + "</tr>")
            out.append('<table class="md">' + "".join(rows) + "</table>")
        elif block.kind == "rule":
            out.append("<hr>")
        elif block.kind == "heading":
            out.append(f"<strong>{inline(text, a, b, mark)}</strong>")
        else:
            out.append(("• " if block.kind == "bullet" else "") + inline(text, a, b, mark))
    return "".join(out)


def highlighted(clause_text: str, quote: str) -> str:
    """The clause text drawn as HTML with the quote in <mark>, cut to a window around it; '' when not found."""
    spot = _find(clause_text, quote)
    if spot is None:
        return ""
    start, end = spot
    lo, hi = max(0, start - _CONTEXT), min(len(clause_text), end + _CONTEXT)
    return ("…" if lo else "") + drawn(clause_text, lo, hi, spot) + ("…" if hi < len(clause_text) else "")


def _risk_html(risk: dict[str, Any], clause_texts: dict[str, str], anchor: str) -> str:
    level = risk.get("risk_level", "low")
    parts = [f'<article class="risk {_e(level)}" id="{_e(anchor)}" data-level="{_e(level)}">',
             f'<h4><span class="badge {_e(level)}">{_e(level.upper())}</span> {inline(str(risk.get("description") or risk.get("risk_type") or ""))}</h4>',
             f'<div class="meta">Clause {_e(risk.get("clause_id"))} · {_e(risk.get("risk_type"))}'
             + (f" · {_e(risk['verdict'])}" if risk.get("verdict") else "")
             + ({"playbook": " · your playbook", "pack": " · domain pack"}.get(risk.get("position_source"), ""))
             + (f" · found by {_e(risk['source'])}" if risk.get("source") and risk.get("source") != "model" else "") + "</div>"]
    if risk.get("reason") and risk.get("reason") != risk.get("description"):
        parts.append(f'<p><span class="label">Why</span><br>{inline(str(risk["reason"]))}</p>')
    if risk.get("analysis"):
        parts.append(f'<p><span class="label">Analysis</span><br>{inline(str(risk["analysis"]))}</p>')
    quote = (risk.get("location") or {}).get("original_text") or ""
    if quote:
        excerpt = ""
        for text in (clause_texts.get(str(risk.get("clause_id"))), *clause_texts.values()):
            excerpt = highlighted(text or "", quote)
            if excerpt:
                break
        flag = "" if risk.get("quote_verified") is not False else ' <span class="unverified">(not found verbatim in the contract)</span>'
        parts.append(f'<div class="label">Clause text{flag}</div>')
        parts.append(f'<div class="excerpt">{excerpt or "<mark>" + _e(plain_quote(quote)) + "</mark>"}</div>')
    wording = proposed_wording(risk)
    if wording:
        where = (risk.get("insert_as") or {}).get("said")  # a new clause: where the Word redline puts it
        parts.append(f'<div class="label">Proposed wording{" (as " + _e(where) + ")" if where else ""}</div>'
                     f'<div class="proposed">{inline(wording)}</div>')
    parts.append("</article>")
    return "\n".join(parts)


def to_html(report: dict[str, Any], clause_texts: dict[str, str] | None = None) -> str:
    """The page for a JSON report (`report.to_json`'s shape); `clause_texts` maps clause ids to their text."""
    # a clause's span can end on the "## " that opens the next heading in a Markdown contract
    clause_texts = {k: re.sub(r"\s*#+\s*$", "", v.rstrip()) for k, v in (clause_texts or {}).items()}
    review, summary = report.get("review") or {}, report.get("summary") or {}
    names = ", ".join(f"{d.get('filename')} ({d.get('role')})" for d in review.get("documents") or []) or "contract"
    counts = summary.get("risks") or {}
    risks = report_risks(report)
    anchors = {id(r): f"risk-{i + 1}" for i, r in enumerate(risks)}
    out = [
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Contract review: {_e(names)}</title>", f"<style>{_CSS}</style>", "</head>", "<body>",
        f"<header><h1>Contract review: {_e(names)}</h1>",
        f'<p class="meta">Domain {_e(review.get("domain"))}, language {_e(review.get("language"))}, acting for '
        f'{_e(review.get("our_party") or "an unspecified party")}. Reviewed {_e(report.get("finished") or "")}.</p>',
        f'<p class="meta" id="answered-by">{_e(answered_by(summary, report.get("model")))}</p>',
    ]
    out += [f'<p class="warning"><strong>Warning:</strong> {_e(w)}.</p>' for w in report.get("warnings") or []]
    out.append("</header>")
    out += ["<h2>Summary</h2>", '<table class="summary"><thead><tr><th>Severity</th><th>Risks</th></tr></thead><tbody>']
    out += [f'<tr><td><span class="badge {lvl}">{lvl.upper()}</span></td><td class="n">{int(counts.get(lvl, 0))}</td></tr>'
            for lvl in LEVELS]
    out += [f'<tr><th>Total</th><td class="n"><strong>{int(counts.get("total", len(risks)))}</strong></td></tr></tbody></table>',
            f'<p class="meta">{int(summary.get("clauses_reviewed", 0))} clauses reviewed'
            + (f"; {int(summary['unverified_quotes'])} quotes not found verbatim in the contract" if summary.get("unverified_quotes") else "")
            + (f"; {len(report.get('not_found') or [])} checklist items with no matching clause" if report.get("not_found") else "")
            + ".</p>"]
    out.append('<form class="filters" aria-label="Filter by severity"><strong>Show:</strong> '
               + "".join(f'<label><input type="checkbox" value="{lvl}" checked> {lvl}</label>' for lvl in LEVELS) + "</form>")
    if risks:
        out += ['<table class="risks"><thead><tr><th>Severity</th><th>Clause</th><th>Risk</th></tr></thead><tbody>']
        out += [f'<tr data-level="{_e(r.get("risk_level"))}"><td><span class="badge {_e(r.get("risk_level"))}">{_e(str(r.get("risk_level")).upper())}</span></td>'
                f'<td>{_e(r.get("clause_id"))}</td><td><a href="#{anchors[id(r)]}">{inline(str(r.get("description") or r.get("risk_type") or ""))}</a></td></tr>'
                for r in risks]
        out.append("</tbody></table>")
    out.append("<h2>Clause by clause</h2>")
    for clause in report.get("clauses") or []:
        item = clause.get("checklist_item") or {}
        heading = f"{clause.get('clause_id', '')} {clause.get('title') or ''}".strip()
        out.append(f'<section class="clause"><h3>{inline(heading)}'
                   + (f" — {_e(item.get('clause_name'))}" if item.get("clause_name") else "") + "</h3>")
        out.append(f'<p class="meta">Mode {_e(clause.get("mode"))}; tools used: {_e(", ".join(clause.get("tools_used") or []) or "none")}.</p>')
        clause_risks = [r for r in risks if any(r is x for x in clause.get("risks") or [])]
        out += [_risk_html(r, clause_texts, anchors[id(r)]) for r in clause_risks] or ["<p>No risks found.</p>"]
        out.append("</section>")
    if report.get("not_found"):
        out += ["<h2>Checklist items with no matching clause</h2>", "<ul>"]
        out += [f"<li>{_e(i.get('clause_name'))} ({_e(i.get('priority'))}): {_e(i.get('description'))}</li>" for i in report["not_found"]]
        out.append("</ul>")
    out += [f"<script>{_SCRIPT}</script>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def write_html(report: dict[str, Any], path: str, clause_texts: dict[str, str] | None = None) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(to_html(report, clause_texts))
