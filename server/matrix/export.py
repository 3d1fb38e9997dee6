"""The stored matrix written out for people and programs: JSON (the fixed shape), CSV (one flat line per
contract) and xlsx (a sheet per category group, a sheet of RED flags, frozen headers).

Every writer reads the store's rows one at a time and streams them out (openpyxl's write-only mode for xlsx),
so a matrix of a thousand contracts is never held in memory. Each writes to a temporary file beside the target
and renames it, so a failed export never leaves half a file where the last good one was.
"""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator

Rows = Iterable[tuple[dict[str, Any], str]]  # (row, domain), as MatrixStore.rows gives them


@contextmanager
def _replacing(target: str | Path, mode: str = "w") -> Iterator[Any]:
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, mode, **({"encoding": "utf-8", "newline": ""} if "b" not in mode else {})) as out:
            yield out
        # mkstemp makes the file private; the export should read like any file the user writes
        os.chmod(temp, target.stat().st_mode & 0o777 if target.exists() else 0o644)
        os.replace(temp, target)
    except BaseException:
        os.unlink(temp)
        raise


def write_json(rows: Rows, target: str | Path) -> int:
    """{"contracts": [row, ...]}, one row at a time; returns how many."""
    count = 0
    with _replacing(target) as out:
        out.write('{"contracts": [')
        for row, _domain in rows:
            out.write(("\n  " if not count else ",\n  ") + json.dumps(row, ensure_ascii=False))
            count += 1
        out.write("\n]}\n")
    return count


def _text(value: Any) -> str:
    return "; ".join(map(str, value)) if isinstance(value, list) else ("" if value is None else str(value))


# A spreadsheet runs a cell that starts like a formula; contract text can ("=", "+", "-", "@"), so CSV cells
# that do are prefixed with an apostrophe (the usual guard) and xlsx cells are typed as text.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _csv_cell(value: Any) -> str:
    text = _text(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def flag_counts(flags: list[dict[str, Any]]) -> tuple[int, int, int]:
    """How many RED, YELLOW and MISSING flags."""
    return tuple(sum(f["verdict"] == verdict for f in flags) for verdict in ("RED", "YELLOW", "MISSING"))  # type: ignore[return-value]


def flat_header(categories: Iterable[str]) -> list[str]:
    header = ["file", "domain", "error_code", "error_message"]
    for name in categories:
        header += [f"{name}: found", f"{name}: clause_ids", f"{name}: value", f"{name}: quote"]
    return header + ["red_flags", "yellow_flags", "missing_flags", "flags"]


def flat_line(row: dict[str, Any], domain: str, categories: Iterable[str]) -> list[Any]:
    error = row.get("error") or {}
    line: list[Any] = [row["file"], domain, error.get("code", ""), error.get("message", "")]
    for name in categories:
        cell = row["categories"][name]
        line += ["yes" if cell["found"] else "no", cell["clause_ids"], cell["value"], cell["quote"]]
    flags = row.get("flags") or []
    line += [*flag_counts(flags), [f"{f['verdict']} {f['risk_type']} @{f['clause_id']}" for f in flags]]
    return line


def write_csv(rows: Rows, target: str | Path) -> int:
    """One line per contract: four columns per category (found, clause ids, value, quote), then the flags."""
    import csv

    from .row import category_names

    names = category_names()
    count = 0
    with _replacing(target) as out:
        writer = csv.writer(out)
        writer.writerow(flat_header(names))
        for row, domain in rows:
            writer.writerow([_csv_cell(v) for v in flat_line(row, domain, names)])
            count += 1
    return count


def write_xlsx(rows: Rows, target: str | Path) -> int:
    """A workbook: "Summary" (one line per contract: domain, error, categories found, flags), a sheet per
    category group (found, clause ids, value and quote per category), and "RED flags" (one line per flag).
    Every sheet's header row and file column stay in view as the reader scrolls."""
    try:
        from openpyxl import Workbook
        from openpyxl.cell import WriteOnlyCell
        from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
        from openpyxl.styles import Font
    except ImportError as exc:
        from .row import MatrixError

        raise MatrixError("--xlsx needs openpyxl: pip install 'paralaw[matrix]'", code="MISSING_DEPENDENCY") from exc
    from .row import CATEGORY_GROUPS

    book = Workbook(write_only=True)
    bold = Font(bold=True)

    def sheet(title: str, header: list[str], widths: list[int]):
        ws = book.create_sheet(title)
        ws.freeze_panes = "B2"
        for i, width in enumerate(widths):
            ws.column_dimensions[_column(i)].width = width
        ws.append([_cell(ws, h, bold) for h in header])
        return ws

    def _cell(ws, value: Any, font=None):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            cell = WriteOnlyCell(ws, value=value)
        else:
            cell = WriteOnlyCell(ws, value=ILLEGAL_CHARACTERS_RE.sub("", _text(value)))
            cell.data_type = "s"  # text, never a formula
        if font:
            cell.font = font
        return cell

    summary = sheet("Summary", ["file", "domain", "error", "categories found", "RED flags", "YELLOW flags",
                                "MISSING flags"], [40, 10, 50, 16, 10, 12, 14])
    groups = {}
    for group, names in CATEGORY_GROUPS.items():
        header = ["file"]
        for name in names:
            header += [name, f"{name}: clauses", f"{name}: value", f"{name}: quote"]
        groups[group] = (sheet(group.replace("&", "and"), header, [40] + [10, 12, 20, 50] * len(names)), names)
    red = sheet("RED flags", ["file", "clause", "risk level", "position", "description", "quote"], [40, 10, 10, 28, 60, 60])
    count = 0
    for row, domain in rows:
        count += 1
        flags = row.get("flags") or []
        error = row.get("error")
        summary.append([_cell(summary, v) for v in (
            row["file"], domain, f"{error['code']}: {error['message']}" if error else "",
            sum(c["found"] for c in row["categories"].values()), *flag_counts(flags))])
        for ws, names in groups.values():
            line = [row["file"]]
            for name in names:
                cell = row["categories"][name]
                line += ["yes" if cell["found"] else ("error" if error else "no"), cell["clause_ids"], cell["value"], cell["quote"]]
            ws.append([_cell(ws, v) for v in line])
        for flag in flags:
            if flag["verdict"] == "RED":
                quote = (flag.get("location") or {}).get("original_text", "")
                red.append([_cell(red, v) for v in (row["file"], flag["clause_id"], flag["risk_level"],
                                                     flag["risk_type"].removeprefix("position_"), flag["description"], quote)])
    with _replacing(target, "wb") as out:
        book.save(out)
    return count


def _column(index: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(index + 1)


_PAGE_HEAD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Due-diligence matrix</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}
th{background:#f3f3f3;position:sticky;top:0}td.n{text-align:right;white-space:nowrap}
.RED{color:#a40000;font-weight:600}.YELLOW{color:#8a6d00;font-weight:600}.MISSING{color:#555;font-weight:600}
.err{color:#a40000}blockquote{margin:.2em 0 .4em 1em;color:#444;border-left:3px solid #ddd;padding-left:.5em}
details summary{cursor:pointer}ul{margin:.2em 0;padding-left:1.2em}
#bar{margin-bottom:1em}#bar input[type=search]{width:24em}
@media print{#bar{display:none}details{display:block}th{position:static}}
</style></head><body>
<h1>Due-diligence matrix</h1>
<div id="bar"><input type="search" id="q" placeholder="Filter: file, category, flag or word">
<label><input type="checkbox" id="red"> only contracts with RED flags</label></div>
<table id="m"><thead><tr><th>file</th><th>domain</th><th>categories found</th><th>RED</th><th>YELLOW</th>
<th>MISSING</th><th>details</th></tr></thead><tbody>
"""

_PAGE_TAIL = """</tbody></table>
<p>{count} contracts. Categories are CUAD's 41 clause types (classify_clauses); flags are the review positions'
RED, YELLOW and MISSING verdicts.</p>
<script>
const q=document.getElementById('q'),red=document.getElementById('red');
function apply(){const t=q.value.toLowerCase();for(const r of document.querySelectorAll('#m tbody tr')){
r.hidden=(t&&!r.textContent.toLowerCase().includes(t))||(red.checked&&r.dataset.red==='0');}}
q.addEventListener('input',apply);red.addEventListener('change',apply);
</script></body></html>
"""


def _html_row(row: dict[str, Any], domain: str) -> str:
    from html import escape

    flags = row.get("flags") or []
    reds, yellows, missing = flag_counts(flags)
    error = row.get("error")
    found = [(name, cell) for name, cell in row["categories"].items() if cell["found"]]
    parts = []
    if error:
        parts.append(f'<p class="err">{escape(error["code"])}: {escape(error["message"])}</p>')
    if found:
        items = "".join(f"<li><b>{escape(name)}</b> ({escape(', '.join(cell['clause_ids']))})"
                        f"{': ' + escape(cell['value']) if cell['value'] else ''}"
                        f"<blockquote>{escape(cell['quote'])}</blockquote></li>" for name, cell in found)
        parts.append(f"<details><summary>{len(found)} categories</summary><ul>{items}</ul></details>")
    if flags:
        items = "".join(f'<li><span class="{escape(f["verdict"])}">{escape(f["verdict"])}</span> '
                        f"{escape(f['risk_level'])} at {escape(f['clause_id'])}: {escape(f['description'])}"
                        + (f"<blockquote>{escape(f['location']['original_text'])}</blockquote>"
                           if (f.get("location") or {}).get("original_text") else "") + "</li>" for f in flags)
        parts.append(f"<details{' open' if reds else ''}><summary>{len(flags)} flags</summary><ul>{items}</ul></details>")
    return (f'<tr data-red="{reds}"><td>{escape(row["file"])}</td><td>{escape(domain)}</td>'
            f'<td class="n">{len(found)}</td><td class="n RED">{reds or ""}</td><td class="n YELLOW">{yellows or ""}</td>'
            f'<td class="n MISSING">{missing or ""}</td><td>{"".join(parts)}</td></tr>\n')


def write_html(rows: Rows, target: str | Path) -> int:
    """One self-contained page (no external file or script): a line per contract with its counts, the found
    categories and the flags with their quotes behind a click, a filter box and a RED-only switch. Every piece of
    contract text is escaped, so a contract cannot put markup or script on the page."""
    count = 0
    with _replacing(target) as out:
        out.write(_PAGE_HEAD)
        for row, domain in rows:
            out.write(_html_row(row, domain))
            count += 1
        out.write(_PAGE_TAIL.replace("{count}", str(count)))
    return count
