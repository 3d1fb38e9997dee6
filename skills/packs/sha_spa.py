"""The SHA/SPA pack: share purchase and shareholders' agreements."""

from ..sha_spa import extract_conditions, extract_reps_warranties, governance_check, indemnity_analysis

SKILLS = [
    extract_conditions.registration,
    extract_reps_warranties.registration,
    indemnity_analysis.registration,
    governance_check.registration,
]
