"""One contract -> one matrix row. This is the function the process pool and Dask workers run, so it takes and
returns plain values (picklable, JSON-ready) and never raises: a file that cannot be read or analysed becomes
a row with its error, and the batch goes on.

A row is {"file", "error": null | {"code", "message"}, "categories": {<each of CUAD's 41 names>: {"found",
"clause_ids", "quote", "value"}}, "flags": [...]}. Flags are the review positions' RED, YELLOW and MISSING
verdicts in the shape of the review JSON's risks (clause_id, risk_level, risk_type "position_<id>",
description, verdict, location {original_text} or null), so one reader serves both.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from paralaw.skills.errors import ParalawError

FLAG_VERDICTS = ("RED", "YELLOW", "MISSING")  # GREEN is within the position: not a flag
DOMAIN_OF_KIND = {"share_purchase": "sha_spa", "shareholders": "sha_spa", "construction": "fidic"}
DOMAINS = ("generic", "fidic", "sha_spa")

# The xlsx gets one sheet per group: a reader works through deal terms, then covenants, then IP, and so on.
CATEGORY_GROUPS: dict[str, tuple[str, ...]] = {
    "Basics": ("Document Name", "Parties", "Agreement Date", "Effective Date", "Expiration Date", "Renewal Term",
               "Notice Period To Terminate Renewal", "Governing Law"),
    "Control & exit": ("Change Of Control", "Anti-Assignment", "Termination For Convenience", "Rofr/Rofo/Rofn",
                       "Post-Termination Services", "Third Party Beneficiary"),
    "Restrictions": ("Most Favored Nation", "Competitive Restriction Exception", "Non-Compete", "Exclusivity",
                     "No-Solicit Of Customers", "No-Solicit Of Employees", "Non-Disparagement", "Covenant Not To Sue"),
    "Money & liability": ("Revenue/Profit Sharing", "Price Restrictions", "Minimum Commitment", "Volume Restriction",
                          "Uncapped Liability", "Cap On Liability", "Liquidated Damages", "Warranty Duration",
                          "Insurance", "Audit Rights"),
    "IP & licences": ("Ip Ownership Assignment", "Joint Ip Ownership", "License Grant", "Non-Transferable License",
                      "Affiliate License-Licensor", "Affiliate License-Licensee", "Unlimited/All-You-Can-Eat-License",
                      "Irrevocable Or Perpetual License", "Source Code Escrow"),
}


@dataclass(frozen=True)
class RowSettings:
    """How every contract of one matrix is judged. Plain values, so a pool or Dask worker receives them whole."""

    domain: str | None = None  # the pack whose positions apply; None: guessed per contract
    party: str = ""  # the party we act for, for positions that depend on the side
    playbook: dict[str, Any] | None = None  # a checked playbook (its `positions:` override the pack's)
    root: str | None = None  # open each file from this folder through the file gate (no link followed)

    def key(self, version: int) -> str:
        """What a stored row was made with: a rerun redoes a contract whose settings changed."""
        playbook = (hashlib.sha256(json.dumps(self.playbook, sort_keys=True, default=str).encode()).hexdigest()[:16]
                    if self.playbook else "")
        return json.dumps({"version": version, "domain": self.domain or "auto", "party": self.party,
                           "playbook": playbook}, sort_keys=True)


class MatrixError(ParalawError):
    """A matrix cannot be built as asked (no contracts, a scheduler that does not answer, a missing extra)."""

    code = "MATRIX_ERROR"


@lru_cache(maxsize=1)
def category_names() -> tuple[str, ...]:
    """CUAD's 41 categories in the model's order (the model ships the list, so the matrix cannot drift from it)."""
    from paralaw.skills.clauses.model import categories

    return tuple(categories())


def empty_row(file: str, error: dict[str, str] | None = None) -> dict[str, Any]:
    return {"file": file, "error": error,
            "categories": {name: {"found": False, "clause_ids": [], "quote": "", "value": ""} for name in category_names()},
            "flags": []}


def guess_domain(text: str) -> str:
    from paralaw.skills.documents.kinds import contract_kind

    return DOMAIN_OF_KIND.get(contract_kind(text), "generic")


def _flag(result) -> dict[str, Any]:
    return {"clause_id": result.clause_id, "risk_level": result.severity,
            "risk_type": f"position_{result.position_id}", "description": result.message, "verdict": result.verdict,
            "topic": result.topic, "location": {"original_text": result.evidence} if result.evidence else None}


def _quiet() -> None:
    # a worker process starts fresh: keep the PDF library's complaints about a damaged file off the terminal
    for name in ("pypdf", "docx"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def analyse_file(path: str, file: str, settings: RowSettings | None = None) -> dict[str, Any]:
    """The matrix row for one contract, and the domain it was judged in: {"row": ..., "domain": ...}."""
    _quiet()
    settings = settings or RowSettings()
    domain = settings.domain
    try:
        return _analyse(path, file, settings)
    except ParalawError as exc:
        message = exc.message if exc.message.startswith(Path(file).name) else f"{file}: {exc.message}"
        return {"row": empty_row(file, {"code": exc.code, "message": message}), "domain": domain or ""}
    except MemoryError:
        return {"row": empty_row(file, {"code": "OUT_OF_MEMORY", "message": f"{file}: ran out of memory"}), "domain": domain or ""}
    except Exception as exc:  # a bug on one contract must not cost the batch: its row says what happened
        message = f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
        return {"row": empty_row(file, {"code": "INTERNAL_ERROR", "message": message}), "domain": domain or ""}


def analyse_limited(path: str, file: str, settings: RowSettings | None = None) -> dict[str, Any]:
    """analyse_file within the pool worker's per-contract CPU budget (limits.py)."""
    from .limits import OverTime, cpu_budget

    try:
        with cpu_budget():
            return analyse_file(path, file, settings)
    except OverTime as exc:  # the signal came between analyse_file's own handlers
        domain = settings.domain if settings else None
        return {"row": empty_row(file, {"code": exc.code, "message": f"{file}: {exc.message}"}), "domain": domain or ""}


def _analyse(path: str, file: str, settings: RowSettings) -> dict[str, Any]:
    from paralaw.skills.clauses.classify_clauses import ClassifyClausesInput, classify_clauses
    from paralaw.skills.documents.loaders import load_document
    from paralaw.skills.positions import evaluate_positions, resolve_positions

    structure = load_document(path, root=settings.root)
    domain = settings.domain or guess_domain(structure.text)
    row = empty_row(file)
    classified = classify_clauses(ClassifyClausesInput(document_structure=structure))
    for result in classified.categories:
        best = result.clauses[0]
        row["categories"][result.category] = {"found": True, "clause_ids": [c.clause_id for c in result.clauses],
                                              "quote": best.quote, "value": result.value}
    positions, _ = resolve_positions(domain, playbook=settings.playbook)
    verdicts = evaluate_positions(positions, structure, domain=domain, our_party=settings.party)
    row["flags"] = [_flag(v) for v in verdicts if v.verdict in FLAG_VERDICTS]
    return {"row": row, "domain": domain}
