"""FIDIC test helpers (imported by the test modules beside it): the review cases as review states, the original fixtures, and a synchronous skill call."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import anyio
import pytest

from paralaw.skills import create_dispatcher, load_document

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
from data_paths import CASES, SYNTHETIC_PC  # noqa: E402


def _require(path: Path) -> Path:
    if not path.exists():
        pytest.fail(f"test data missing: {path}")
    return path


@functools.lru_cache(maxsize=None)
def doc(path: str):
    return load_document(_require(Path(path)))


def fixture(name: str):
    return doc(str(FIXTURES / name))


def gold(case: str) -> dict:
    return json.loads(_require(CASES / case / "gold.json").read_text(encoding="utf-8"))


def case_state(case: str):
    """The review state as gold.json lays the case out: roles as given (GC and PC both 'primary'), kinds kept."""
    spec = gold(case)
    documents, primary = [], None
    for entry in spec["documents"]:
        structure = doc(str(CASES / case / entry["file"]))
        documents.append({"document_id": structure.document_id, "role": entry["role"], "kind": entry.get("kind", ""),
                          "filename": entry["file"], "structure": structure})
        if entry["role"] == "primary" and primary is None:
            primary = structure
    state = {"review_id": case, "domain_id": "fidic", "our_party": spec["our_party"], "language": spec["language"], "documents": documents}
    return primary, state


def roles_state(our_party: str = "Contractor", **roles):
    """A state with documents under explicit roles: roles_state(gc=..., pc=..., er=...)."""
    documents = [{"document_id": s.document_id, "role": role, "filename": s.filename, "structure": s} for role, s in roles.items()]
    return {"review_id": "t", "domain_id": "fidic", "our_party": our_party, "language": "en", "documents": documents}


_DISPATCHER = create_dispatcher("fidic")


def call(skill_id: str, clause_id: str, state: dict, primary=None, **arguments):
    """Run a skill the way the server does (prepare_input, then the model's arguments), synchronously."""
    async def run():
        with anyio.fail_after(60):
            return await _DISPATCHER.prepare_and_call(skill_id, clause_id, primary, state, llm_arguments=arguments)

    return anyio.run(run)


def texts_of(state: dict) -> list[str]:
    return [d["structure"].text for d in state["documents"]]


def assert_verbatim(findings: list[dict], state: dict) -> None:
    texts = texts_of(state)
    for finding in findings:
        assert finding["evidence"], finding
        assert any(finding["evidence"] in t for t in texts), f"evidence not verbatim: {finding['evidence'][:80]}"
