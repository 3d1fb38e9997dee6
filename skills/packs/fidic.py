"""The FIDIC pack: construction contracts built from General and Particular Conditions."""

from ..fidic import calculate_time_bar, check_pc_consistency, merge_gc_pc, search_er

SKILLS = [
    merge_gc_pc.registration,
    calculate_time_bar.registration,
    check_pc_consistency.registration,
    search_er.registration,
]
