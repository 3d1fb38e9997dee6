"""Who answered: the one sentence every report's header carries about the model.

A configured model is not a model that answered. When every call failed (a wrong key, a server down), each
clause falls back to the skills' own findings, and a header naming the model would claim a review nobody did.
The sentence is worked out from which mode produced each clause (the report's summary "modes").
"""

from __future__ import annotations

from typing import Any

MODEL_MODES = ("react", "checklist", "host")  # host: findings an MCP host's model handed to export_review


def answered_by(summary: dict[str, Any], model: str | None) -> str:
    """E.g. "Model gpt-4o answered 11 of 12 clauses (10 checklist, 1 react); 1 clause offline (the skills' own
    findings)." - from a report summary (`report.summary`) and the model the run was configured with."""
    modes: dict[str, int] = dict(summary.get("modes") or {})
    total = sum(modes.values())
    by_model = {m: n for m, n in modes.items() if m in MODEL_MODES and n}
    others = {m: n for m, n in modes.items() if m not in MODEL_MODES and n}
    rest = ", ".join(f"{n} {m}" for m, n in sorted(others.items()))
    if not model:
        return f"No model: {total} clause{'s' if total != 1 else ''} reviewed with the skills' own findings ({rest or 'none'})."
    if not by_model:
        return (f"Model {model} was configured but answered no clause: all {total} were reviewed with the skills' own "
                f"findings ({rest or 'none'}).")
    answered = sum(by_model.values())
    sentence = (f"Model {model} answered {answered} of {total} clause{'s' if total != 1 else ''} "
                f"({', '.join(f'{n} {m}' for m, n in sorted(by_model.items()))})")
    if others:
        sentence += f"; {rest} without it (the skills' own findings)"
    return sentence + "."
