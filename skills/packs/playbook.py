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


def _checklist_problems(data: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    items = data.get("checklist")
    if items is None:
        return []
    if not isinstance(items, list):
        return [(("checklist",), f"expected a list of items (got {type(items).__name__})")]
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
    return problems


def _check_checklist(data: dict[str, Any], source: str, lines: dict[tuple[Any, ...], int]) -> None:
    problems = _checklist_problems(data)
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


def _positions_problems(data: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """Every problem of the playbook's positions: each entry on its own, then each change against the pack."""
    from ..positions.packs import all_pack_positions, entry_loc
    from ..positions.schema import PositionEntry, PositionUpdate
    from pydantic import TypeAdapter

    entries = data.get("positions")
    if entries is None:
        return []
    if not isinstance(entries, list):
        return [(("positions",), f"expected a list of positions (got {type(entries).__name__})")]
    adapter, pack, problems, seen = TypeAdapter(PositionEntry), all_pack_positions(), [], set()
    for index, entry in enumerate(entries):
        loc: tuple[Any, ...] = ("positions", index)
        try:
            position = adapter.validate_python(entry)
        except ValidationError as exc:
            problems += [(loc + entry_loc(("positions", index) + tuple(err["loc"]))[2:], describe_problem(err, _POSITION_KEYS))
                         for err in exc.errors(include_url=False)]
            continue
        if position.id in seen:
            problems.append((loc + ("id",), f"position id '{position.id}' is used twice"))
        seen.add(position.id)
        if isinstance(position, PositionUpdate):
            if position.id not in pack:
                try:
                    PositionSet(positions=[position]).merged_over(PositionSet(positions=list(pack.values())))
                except ValueError as exc:
                    problems.append((loc + ("id",), str(exc)))
                continue
            for name, value in position.parameters.items():
                try:
                    PositionUpdate(id=position.id, parameters={name: value}).applied_to(pack[position.id])
                except ValueError as exc:
                    problems.append((loc + ("parameters", name), str(exc)))
    return problems


_POSITION_KEYS = {"id", "title", "topic", "applies", "find", "provision", "parameters", "extract", "escalate", "standard",
                  "acceptable", "if_missing", "severity", "rationale", "redline", "priority", "also_reported_as"}
_TOP_KEYS = {"name", "description", "version", "extends_pack", "criteria", "checklist", "positions"}


def playbook_problems(text: str, source: str, fmt: str | None = None) -> list[str]:
    """Every problem of a playbook, one line each naming the line, the key and the value given ([] when the
    playbook is valid): what `paralaw playbook check` prints."""
    if not text.strip():
        return [f"{source}: the playbook is empty"]
    fmt = fmt or ("json" if text.lstrip()[:1] in "[{" else "yaml")
    try:
        data = json.loads(text) if fmt == "json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError):
        try:
            parse_criteria(text, source=source, fmt=fmt)
        except CriteriaError as exc:
            return [exc.message]
        return [f"{source}: not valid {fmt.upper()}"]
    if not isinstance(data, dict):
        return [f"{source}: a playbook is a mapping (positions: [...], criteria: [...], checklist: [...]), not a {type(data).__name__}"]
    lines = _marks(text)
    found: list[tuple[tuple[Any, ...], str]] = []
    for key in data:
        if key not in _TOP_KEYS:
            found.append(((key,), describe_problem({"type": "extra_forbidden", "msg": "Extra inputs are not permitted",
                                                   "loc": (key,)}, _TOP_KEYS)))
    try:
        parse_criteria(text, source=source, fmt=fmt)
    except CriteriaError as exc:  # the criteria's own problems (a top-level key is named once, above)
        found += [(_loc_of(p["key"]), p["problem"]) for p in exc.details.get("problems") or [] if p["key"] in ("criteria",)
                  or p["key"].startswith(("criteria[", "criteria."))
                  or (p["key"] in _TOP_KEYS and p["key"] not in ("checklist", "positions"))]
    found += _checklist_problems(data)
    found += _positions_problems(data)
    out = []
    for loc, problem in found:
        line = _line_for(loc, lines)
        out.append(f"{source}: {'line ' + str(line) + ' ' if line else ''}{_key_path(loc)}: {problem}")
    return list(dict.fromkeys(out))


def _loc_of(key_path: str) -> tuple[Any, ...]:
    """('criteria', 0, 'severity') from 'criteria[0].severity'."""
    import re

    return tuple(int(part) if part.isdigit() else part for part in re.findall(r"[^.\[\]]+", key_path))
