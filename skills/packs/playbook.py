"""A user's playbook checked whole when a review opens, so that a mistake stops the review instead of being
ignored: its criteria (criteria.py), its checklist items, its review positions (paralaw.skills.positions).

The first problems are named in one line by line, key and the value given:

    house.yaml: invalid criteria: line 8 criteria[0].severity: Input should be 'high', 'medium' or 'low' (got 'extreme')
    house.yaml: invalid checklist: line 3 checklist[0].priorty: Extra inputs are not permitted (did you mean 'priority'?)

A playbook that extends the pack (`extends_pack: true`) adds its checklist items to the pack's, an item with the
same clause_id replacing the pack's (merge_checklist); without it, a checklist of its own replaces the pack's.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from pydantic import ValidationError

from .criteria import CriteriaError, _key_path, _line_for, _marks, describe_problem, parse_criteria
from ..positions.packs import validate_positions
from ..positions.schema import PositionSet


def _checklist_item_model():
    from . import ChecklistItem

    return ChecklistItem


def _check_checklist(data: dict[str, Any], source: str, lines: dict[tuple[Any, ...], int]) -> None:
    items = data.get("checklist")
    if items is None:
        return
    if not isinstance(items, list):
        raise CriteriaError(f"{source}: invalid checklist: line {_line_for(('checklist',), lines) or '?'} checklist: "
                            f"expected a list of items (got {type(items).__name__})", code="INVALID_ARGUMENT",
                            details={"source": source})
    model = _checklist_item_model()
    known = set(model.model_fields)
    problems = []
    for index, item in enumerate(items):
        loc: tuple[Any, ...] = ("checklist", index)
        if not isinstance(item, dict):
            problems.append((loc, f"expected a mapping with clause_id and clause_name (got {item!r:.60})"))
            continue
        for key in item:
            if key not in known:
                problems.append((loc + (key,), describe_problem({"type": "extra_forbidden", "msg": "Extra inputs are not "
                                                                 "permitted", "loc": (key,)}, known)))
        try:
            model.model_validate(item)
        except ValidationError as exc:
            for err in exc.errors(include_url=False):
                problems.append((loc + tuple(err["loc"]), describe_problem(err, known)))
    if problems:
        text = "; ".join(f"{'line ' + str(line) + ' ' if (line := _line_for(loc, lines)) else ''}{_key_path(loc)}: {problem}"
                         for loc, problem in problems[:3])
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise CriteriaError(f"{source}: invalid checklist: {text}{more}", code="INVALID_ARGUMENT",
                            details={"source": source, "problems": [{"key": _key_path(loc), "problem": p} for loc, p in problems]})


def _check_positions(data: dict[str, Any], source: str) -> None:
    if not data.get("positions"):
        return
    own = validate_positions(data, source)
    if own.updates:  # a change to a pack position: the pack must have it, with those parameters
        from ..positions.packs import all_pack_positions

        try:
            own.merged_over(PositionSet(positions=list(all_pack_positions().values())))
        except ValueError as exc:
            raise CriteriaError(f"{source}: {exc}", code="INVALID_ARGUMENT", details={"source": source}) from exc


def check_playbook(text: str, source: str, fmt: str | None = None) -> dict[str, Any]:
    """The playbook's data once every part of it is valid; a CriteriaError (code INVALID_ARGUMENT) naming the
    first problems otherwise. `fmt` is json or yaml (guessed from the text when left out)."""
    try:
        parse_criteria(text, source=source, fmt=fmt)  # syntax and criteria, with line numbers
    except CriteriaError as exc:
        exc.code = "INVALID_ARGUMENT"
        raise
    fmt = fmt or ("json" if text.lstrip()[:1] in "[{" else "yaml")
    data = json.loads(text) if fmt == "json" else yaml.safe_load(text)
    if not isinstance(data, dict):
        raise CriteriaError(f"{source}: a playbook is a mapping (criteria: [...], checklist: [...], extends_pack: ...), "
                            f"not a {type(data).__name__}", code="INVALID_ARGUMENT", details={"source": source})
    _check_checklist(data, source, _marks(text))
    _check_positions(data, source)
    return data


def merge_checklist(pack_items: list[dict[str, Any]], playbook_items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pack's checklist with the playbook's items over it: an item with the same clause_id replaces the pack's
    in place, the others are added at the end."""
    mine = {item["clause_id"]: item for item in playbook_items}
    merged = [mine.pop(item["clause_id"], item) for item in pack_items]
    return merged + [item for item in playbook_items if item["clause_id"] in mine]
