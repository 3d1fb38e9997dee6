"""The check the redrafted-sentence tests share: a sentence read as the action, modality and condition it states."""

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
