"""Imported by the process pool's fork server before it forks any worker (run._context): the analysis modules
and the clause-type model's weights are loaded once, and every worker starts with them in place."""

from paralaw.server.matrix.row import analyse_file, category_names  # noqa: F401
from paralaw.skills.clauses.classify_clauses import classify_clauses  # noqa: F401
from paralaw.skills.clauses.model import probabilities
from paralaw.skills.positions import pack_positions  # noqa: F401

probabilities(["warm up: the weights are read once, in the fork server"])
