"""A one-line `summary` for each built-in tool's result, as the skills' results carry one (tool-schema
specification: a summary field first). A model, or a person reading a host's log, gets the gist before the
details, and it is the part a client's head-and-tail truncation always keeps.

One function per tool in a table; a tool without one gets a plain sentence, so a new built-in never answers
without a summary.
"""

from __future__ import annotations

from typing import Any, Callable


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _open_review(data: dict[str, Any]) -> str:
    documents = data.get("documents") or []
    names = ", ".join(f"{d.get('filename')} ({d.get('role')})" for d in documents)
    party = data.get("our_party") or "no party named"
    verb = "resumed" if data.get("resumed") else "opened"
    return (f"Review {data.get('review_id')} {verb}: {_plural(len(documents), 'document')} ({names}), domain "
            f"{data.get('domain')}, acting for {party}.")


def _list_reviews(data: dict[str, Any]) -> str:
    return f"{_plural(len(data.get('reviews') or []), 'open review')}."


def _get_outline(data: dict[str, Any]) -> str:
    shown, total = len(data.get("clauses") or []), data.get("total", 0)
    more = f"; the next page starts at offset {data['next_offset']}" if data.get("next_offset") is not None else ""
    return f"{shown} of {_plural(total, 'clause')} of {data.get('filename')}{more}."


def _find_clauses(data: dict[str, Any]) -> str:
    hits = data.get("hits") or []
    if not hits:
        return f"No clause found for '{data.get('query')}'" + (f": {data['reason']}" if data.get("reason") else ".")
    ids = ", ".join(str(h.get("clause_id")) for h in hits[:5])
    return f"{_plural(len(hits), 'clause')} about '{data.get('query')}', best first: {ids}."


def _get_checklist(data: dict[str, Any]) -> str:
    items = data.get("items") or []
    missing = sum(1 for item in items if not item.get("resolved_clause_ids"))
    return (f"{_plural(len(items), 'checklist item')} for the {data.get('domain')} domain"
            + (f"; {missing} not found in the contract." if missing else ", each found in the contract."))


def _describe_tools(data: dict[str, Any]) -> str:
    names = ", ".join(t.get("name", "") for t in data.get("tools") or []) or "no tool"
    unknown = data.get("unknown") or []
    return f"Full schemas of {names}" + (f"; unknown: {', '.join(unknown)}." if unknown else ".")


def _close_review(data: dict[str, Any]) -> str:
    if data.get("closed"):
        return f"Review {data.get('review_id')} closed; its stored documents are deleted."
    return f"Review {data.get('review_id')} not closed: {data.get('reason', 'not confirmed')}."


def _export_review(data: dict[str, Any]) -> str:
    if data.get("written"):
        return f"Review {data.get('review_id')} written as {data.get('format')} to {data.get('path')}."
    return f"Review {data.get('review_id')} not written: {data.get('reason', 'not confirmed')}."


SUMMARIES: dict[str, Callable[[dict[str, Any]], str]] = {
    "open_review": _open_review, "list_reviews": _list_reviews, "get_outline": _get_outline,
    "find_clauses": _find_clauses, "get_checklist": _get_checklist, "describe_tools": _describe_tools,
    "close_review": _close_review, "export_review": _export_review,
}


def with_summary(name: str, data: dict[str, Any]) -> dict[str, Any]:
    """The result with `summary` first (kept when the tool gave its own)."""
    if "summary" in data:
        return data
    summarise = SUMMARIES.get(name)
    try:
        summary = summarise(data) if summarise else f"{name} done."
    except Exception:  # a summary must never fail the call it describes
        summary = f"{name} done."
    return {"summary": summary, **data}
