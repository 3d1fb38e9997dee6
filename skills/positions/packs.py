"""Where positions come from: the domain packs' positions.yaml, and a user's playbook over them.

The generic pack's positions apply in every domain unless a position names its domains; a domain's own file
adds its positions. A playbook's `positions:` list overrides pack positions by id and adds new ones; with
`extends_pack: false` and positions of its own, it replaces them. A playbook entry of only `id` with
`parameters`, `priority` or `severity` changes the pack's position of that id (its figures, not its rules); the
position's words then state the playbook's figures (`words:` in the pack's questions.yaml).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from ..errors import SkillFailure
from .schema import Position, PositionSet, positions_from_data

MAX_PLAYBOOK_BYTES = 2_000_000


class PositionsError(SkillFailure):
    code = "INVALID_POSITIONS"


def validate_positions(data: Any, source: str) -> PositionSet:
    """Positions from parsed YAML/JSON, or PositionsError (INVALID_ARGUMENT) naming each key and problem."""
    try:
        return positions_from_data(data, source)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in entry_loc(e['loc']))}: {e['msg'].removeprefix('Value error, ')}"
                             for e in exc.errors(include_url=False))
        raise PositionsError(f"{source}: invalid positions: {problems}", code="INVALID_ARGUMENT",
                             details={"source": source}) from exc
    except ValueError as exc:
        raise PositionsError(str(exc), code="INVALID_ARGUMENT", details={"source": source}) from exc


def entry_loc(loc: tuple) -> tuple:
    """A validation error's key path without the union's tag ('position' or 'update') after an entry's index."""
    return tuple(part for i, part in enumerate(loc)
                 if not (i == 2 and loc[:1] == ("positions",) and part in ("position", "update")))


@lru_cache(maxsize=None)
def _pack_file(domain: str) -> PositionSet:
    path = resources.files("paralaw.skills.packs").joinpath("data", domain, "positions.yaml")
    if not path.is_file():
        return PositionSet(name=domain)
    return validate_positions(yaml.safe_load(path.read_text(encoding="utf-8")) or {}, f"{domain}/positions.yaml")


def pack_positions(domain: str) -> PositionSet:
    """The positions in force for a domain: the generic pack's, then the domain's own."""
    generic = _pack_file("generic")
    if domain == "generic":
        return generic
    own = _pack_file(domain)
    return PositionSet(name=own.name or domain, version=own.version, positions=list(generic.positions) + list(own.positions))


def _playbook_data(data: Any, path: str | None) -> tuple[Any, str]:
    if isinstance(data, dict):
        return data, "playbook"
    if not path:
        return None, ""
    file = Path(path)
    try:
        if file.stat().st_size > MAX_PLAYBOOK_BYTES:
            raise PositionsError(f"{file.name}: a playbook must be under {MAX_PLAYBOOK_BYTES // 1_000_000} MB",
                                 code="INVALID_ARGUMENT")
        return yaml.safe_load(file.read_text(encoding="utf-8")), f"playbook: {file.name}"
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise PositionsError(f"cannot read playbook {file.name}: {exc}", code="INVALID_ARGUMENT") from exc


DOMAINS = ("generic", "sha_spa", "fidic")


def all_pack_positions() -> dict[str, Position]:
    """Every pack position by id, over all domains: what a playbook's changes may name."""
    return {p.id: p for domain in DOMAINS for p in _pack_file(domain).positions}


@lru_cache(maxsize=None)
def pack_words() -> dict[str, dict[str, Any]]:
    """position id -> {ask: {parameter: question}, words: {title|escalate|standard|acceptable: text with
    {parameter}}}, from each domain's questions.yaml."""
    out: dict[str, dict[str, Any]] = {}
    for domain in DOMAINS:
        path = resources.files("paralaw.skills.packs").joinpath("data", domain, "questions.yaml")
        if path.is_file():
            out.update(yaml.safe_load(path.read_text(encoding="utf-8")) or {})
    return out


def _figure(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def worded(position: Position) -> Position:
    """The position with its title and rules' words stating its own figures (from questions.yaml's `words`), or
    the position as it is when the pack has no words for it."""
    words = (pack_words().get(position.id) or {}).get("words") or {}
    if not words:
        return position
    figures = {name: _figure(value) for name, value in position.parameters.items()}

    def said(template: str | None) -> str | None:  # None when a figure it states is left empty ('any law')
        names = re.findall(r"\{(\w+)\}", template or "")
        return template.format(**figures) if template and all(figures.get(n) for n in names) else None

    changes: dict[str, Any] = {}
    if title := said(words.get("title")):
        changes["title"] = title
    for name in ("escalate", "standard", "acceptable"):
        rule = getattr(position, name)
        if rule is not None and (text := said(words.get(name))):
            changes[name] = rule.model_copy(update={"text": text})
    return position.model_copy(update=changes)


def _merged(own: PositionSet, base: PositionSet, source: str) -> PositionSet:
    try:
        merged = own.merged_over(base)
    except ValueError as exc:
        raise PositionsError(f"{source}: {exc}", code="INVALID_ARGUMENT", details={"source": source}) from exc
    figures = {u.id for u in own.updates if u.parameters}  # the playbook's figures, stated in its findings
    return merged.model_copy(update={"positions": [worded(p) if p.id in figures else p for p in merged.positions]})


def resolve_positions(domain: str, playbook: Any = None, playbook_path: str | None = None) -> tuple[PositionSet, str]:
    """The review's positions and where they came from; each position's `source` says whether it is the pack's or
    the playbook's."""
    base = pack_positions(domain)
    data, source = _playbook_data(playbook, playbook_path)
    if not isinstance(data, dict) or not data.get("positions"):
        return base, f"domain pack: {domain}"
    own = validate_positions(data, source)
    if data.get("extends_pack", True) is False:
        if own.updates:
            raise PositionsError(f"{source}: '{own.updates[0].id}' changes a pack position, but extends_pack: false replaces the "
                                 "pack's positions; set extends_pack: true, or give the whole position", code="INVALID_ARGUMENT",
                                 details={"source": source})
        return PositionSet(name=own.name, version=own.version,
                           positions=[p.model_copy(update={"source": "playbook"}) for p in own.positions]), source
    return _merged(own, base, source), f"{source} over domain pack: {domain}"
