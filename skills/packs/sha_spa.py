"""The SHA/SPA pack: share purchase and shareholders' agreements."""

from ..sha_spa import extract_conditions

SKILLS = [
    extract_conditions.registration,
]
