"""The SHA/SPA pack: share purchase and shareholders' agreements (skill modules under paralaw.skills, loaded
one by one)."""

SKILLS = [
    "sha_spa.extract_conditions",
    "sha_spa.extract_reps_warranties",
    "sha_spa.indemnity_analysis",
    "sha_spa.governance_check",
]
