"""Review positions as data, and the one engine that evaluates them (see schema.py for the format)."""

from .engine import PositionResult, evaluate_positions
from .packs import pack_positions, resolve_positions
from .schema import Position, PositionSet

__all__ = ["Position", "PositionResult", "PositionSet", "evaluate_positions", "pack_positions", "resolve_positions"]
