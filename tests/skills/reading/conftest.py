"""The checks the redrafted-sentence tests share: a sentence read as the action, modality and condition it states, and
a whole contract judged by a pack's positions for one party."""

import pytest


def _assert_read_as(reader, text: str, action: str, modality: str | None = None, condition: str | None = None):
    read = [p for p in reader.read(text) if p.action == action]
    assert read, f"no {action} read"
    if modality:
        assert any(p.modality == modality for p in read), [p.modality for p in read]
    if condition:
        assert any(condition in p.conditions for p in read), [sorted(p.conditions) for p in read]
    return read


@pytest.fixture
def assert_read_as():
    return _assert_read_as


def _judged(text: str, our_party: str, domain: str = "generic", filename: str = "c.md") -> dict:
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.positions import evaluate_positions, resolve_positions

    positions, _ = resolve_positions(domain, None)
    return {r.position_id: r for r in evaluate_positions(positions, parse_document_text(text, filename=filename),
                                                         domain=domain, our_party=our_party)}


@pytest.fixture
def judged():
    """A contract's position results by position id, for the party we act for."""
    return _judged
