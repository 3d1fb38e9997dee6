"""The generic pack: skills that apply to any contract, one module each (under paralaw.skills), loaded one
by one so that a skill that fails to import is skipped with a warning and the others stay up."""

SKILLS = [
    "generic.get_clause_context",
    "generic.extract_financial_terms",
    "generic.resolve_definition",
    "generic.search_reference_doc",
    "generic.cross_reference_check",
    "generic.compare_with_baseline",
    "generic.load_review_criteria",
    "generic.assess_deviation",
    "clauses.classify_clauses",
    "generic.review_positions",
]
