"""FIDIC construction contracts: General Conditions amended by Particular Conditions, with Employer's Requirements.

Skills (one module each, registered in paralaw.skills.packs.fidic): merge_gc_pc, calculate_time_bar,
check_pc_consistency, search_er. Shared pieces: context (which document is the GC, PC, ER), amendments (PC
instructions and Contract Data), merge (the GC with the PC applied), standards (FIDIC time limits and Chinese
benchmarks as data), time_limits (periods read in context and judged), checks (findings the skills share).
"""
