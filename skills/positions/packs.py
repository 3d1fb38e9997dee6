"""Where positions come from: the domain packs' positions.yaml, and a user's playbook over them.

The generic pack's positions apply in every domain unless a position names its domains; a domain's own file
adds its positions. A playbook's `positions:` list overrides pack positions by id and adds new ones; with
`extends_pack: false` and positions of its own, it replaces them.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from ..errors import SkillFailure
from .schema import PositionSet, positions_from_data

MAX_PLAYBOOK_BYTES = 2_000_000


class PositionsError(SkillFailure):
    code = "INVALID_POSITIONS"


def validate_positions(data: Any, source: str) -> PositionSet:
    """Positions from parsed YAML/JSON, or PositionsError (INVALID_ARGUMENT) naming each key and problem."""
    try:
        return positions_from_data(data, source)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg'].removeprefix('Value error, ')}"
                             for e in exc.errors(include_url=False))
        raise PositionsError(f"{source}: invalid positions: {problems}", code="INVALID_ARGUMENT",
                             details={"source": source}) from exc
    except ValueError as exc:
        raise PositionsError(str(exc), code="INVALID_ARGUMENT", details={"source": source}) from exc


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


def resolve_positions(domain: str, playbook: Any = None, playbook_path: str | None = None) -> tuple[PositionSet, str]:
    """The review's positions and where they came from."""
    base = pack_positions(domain)
    data, source = _playbook_data(playbook, playbook_path)
    if not isinstance(data, dict) or not data.get("positions"):
        return base, f"domain pack: {domain}"
    own = validate_positions(data, source)
    if data.get("extends_pack", True) is False:
        return own, source
    return own.merged_over(base), f"{source} over domain pack: {domain}"
