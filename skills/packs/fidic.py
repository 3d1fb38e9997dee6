"""The FIDIC pack: construction contracts built from General and Particular Conditions (skill modules under
paralaw.skills, loaded one by one)."""

SKILLS = [
    "fidic.merge_gc_pc",
    "fidic.calculate_time_bar",
    "fidic.check_pc_consistency",
    "fidic.search_er",
]
