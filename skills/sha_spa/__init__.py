"""The SHA/SPA domain skills: one module per skill (Input/Output models, handler, prepare_input, registration).

    extract_conditions        spa_extract_conditions       conditions precedent, long-stop date, waiver, termination
    extract_reps_warranties   spa_extract_reps_warranties  warranties, their subjects and qualifiers, repetition
    indemnity_analysis        spa_indemnity_analysis       cap, de minimis, basket, claims periods, indemnities, tax
    governance_check          sha_governance_check         board, quorum, vetoes, deadlock, drag/tag, pre-emption

Shared internals: common (passages, focus, parties), limitations (reading the liability regime), market
(market ranges and the pack criteria that override them).
"""

from . import extract_conditions, extract_reps_warranties, governance_check, indemnity_analysis

__all__ = ["extract_conditions", "extract_reps_warranties", "governance_check", "indemnity_analysis"]
