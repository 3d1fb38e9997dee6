"""The generic pack: skills that apply to any contract."""

from ..generic import get_clause_context
from ..generic import extract_financial_terms
from ..generic import resolve_definition
from ..generic import search_reference_doc
from ..generic import cross_reference_check
from ..generic import compare_with_baseline
from ..generic import load_review_criteria
from ..generic import assess_deviation
from ..clauses import classify_clauses
from ..generic import review_positions

SKILLS = [
    get_clause_context.registration,
    extract_financial_terms.registration,
    resolve_definition.registration,
    search_reference_doc.registration,
    cross_reference_check.registration,
    compare_with_baseline.registration,
    load_review_criteria.registration,
    assess_deviation.registration,
    classify_clauses.registration,
    review_positions.registration,
]
