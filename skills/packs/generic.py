"""The generic pack: skills that apply to any contract."""

from ..generic import get_clause_context

SKILLS = [
    get_clause_context.registration,
]
