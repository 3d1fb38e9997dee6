"""A playbook said back as sentences a lawyer can confirm: each position from its title, its rules' words and
its figures ("price_changes: ... RED when the other side may raise prices at will, without a cap, or on less
than 30 days' notice.").

An entry that changes a pack position is explained as the pack's position with the playbook's figures, in the
words that state them (questions.yaml `words`); a whole position in its own words. Criteria and checklist items
are named by their titles.
"""

from __future__ import annotations

from typing import Any

from ..positions.packs import all_pack_positions, worded
from ..positions.schema import Position, PositionUpdate, positions_from_data

_PRIORITY = {"must_have": "must-have", "should_have": "should-have", "nice_to_have": "nice-to-have"}


def position_sentence(position: Position) -> str:
    """One position as a sentence: title, then GREEN, YELLOW and RED with their words, and what a missing
    provision counts as."""
    parts = [f"{position.id} ({_PRIORITY[position.priority]}, {position.severity} severity): {position.title.rstrip('.')}."]
    for verdict, rule in (("GREEN", position.standard), ("YELLOW", position.acceptable), ("RED", position.escalate)):
        if rule is not None and rule.text:
            parts.append(f"{verdict} when {rule.text.rstrip('.')}.")
    if position.if_missing is not None:
        parts.append(f"{position.if_missing.verdict} if the contract has no such provision.")
    return " ".join(parts)


def explained_positions(data: dict[str, Any]) -> list[Position]:
    """The playbook's positions as a review would judge them: a change applied to the pack's position (and worded
    with the playbook's figures), a whole position as written. The playbook must be valid (playbook_problems)."""
    pack = all_pack_positions()
    out = []
    for entry in positions_from_data({"positions": data.get("positions") or []}, "playbook").positions:
        if isinstance(entry, PositionUpdate):
            changed = entry.applied_to(pack[entry.id])
            out.append(worded(changed) if entry.parameters else changed)
        else:
            out.append(entry)
    return out


def explain_playbook(data: dict[str, Any]) -> list[str]:
    """The lines `paralaw playbook explain` prints."""
    lines = [position_sentence(p) for p in explained_positions(data)]
    for criterion in data.get("criteria") or []:
        lines.append(f"criterion {criterion.get('id', '?')}: {criterion.get('title', '').rstrip('.')} (checked by its own words and patterns).")
    for item in data.get("checklist") or []:
        lines.append(f"checklist item {item.get('clause_id', '?')}: {item.get('clause_name', '')} ({item.get('priority', 'medium')} priority).")
    if not lines:
        lines.append("This playbook sets nothing: the review uses the domain pack as it is.")
    return lines
