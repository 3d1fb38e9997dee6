"""Imported by the process pool's fork server before it forks any worker (run._context): the analysis modules,
the clause-type model's weights and the position packs are loaded once, and every worker starts with them in
place (a worker that read the packs itself spent about 0.2 CPU-seconds on its first contract)."""

from paralaw.server.matrix.row import DOMAINS, analyse_file, category_names  # noqa: F401
from paralaw.skills.clauses.classify_clauses import classify_clauses  # noqa: F401
from paralaw.skills.clauses.model import probabilities
from paralaw.skills.positions import pack_positions

probabilities(["warm up: the weights are read once, in the fork server"])
for _domain in DOMAINS:
    pack_positions(_domain)
