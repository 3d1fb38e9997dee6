"""Local files are read only inside the allowed roots; everything else is refused with a reason."""

from __future__ import annotations

import os

import pytest

from paralaw.server.access import AccessDenied, resolve_path, roots_from_config, roots_from_uris


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "allowed"
    (root / "deals").mkdir(parents=True)
    (root / "deals" / "msa.md").write_text("1. Term\n\nThis Agreement lasts one year.\n", encoding="utf-8")
    outside = tmp_path / "secret.md"
    outside.write_text("not for you", encoding="utf-8")
    os.symlink(outside, root / "deals" / "link.md")
    os.symlink(tmp_path, root / "up")
    return root, outside


def test_relative_and_absolute_paths_inside_a_root(tree):
    root, _ = tree
    assert resolve_path("deals/msa.md", [root]) == root / "deals" / "msa.md"
    assert resolve_path(str(root / "deals" / "msa.md"), [root]) == root / "deals" / "msa.md"


@pytest.mark.parametrize("raw, words", [
    ("../secret.md", "'..'"),
    ("deals/../../secret.md", "'..'"),
    ("~/secret.md", "'~'"),
    ("file:///etc/passwd", "URL"),
    ("https://example.com/contract.md", "URL"),
    ("", "empty"),
])
def test_refused_forms(tree, raw, words):
    root, _ = tree
    with pytest.raises(AccessDenied) as caught:
        resolve_path(raw, [root])
    assert words in caught.value.message


def test_absolute_path_outside_the_roots(tree):
    root, outside = tree
    with pytest.raises(AccessDenied) as caught:
        resolve_path(str(outside), [root])
    assert "outside the allowed folders" in caught.value.message
    assert caught.value.code == "ACCESS_DENIED"
    with pytest.raises(AccessDenied):
        resolve_path("/etc/passwd", [root])


def test_symbolic_links_are_not_followed(tree):
    root, _ = tree
    for raw in ("deals/link.md", "up/secret.md", str(root / "deals" / "link.md")):
        with pytest.raises(AccessDenied) as caught:
            resolve_path(raw, [root])
        assert "symbolic link" in caught.value.message


def test_roots_from_configuration_and_client(tmp_path, monkeypatch):
    monkeypatch.setenv("PARALAW_ALLOWED_DIRS", f"{tmp_path}{os.pathsep}{tmp_path / 'b'}")
    assert roots_from_config(None) == [tmp_path, tmp_path / "b"]
    assert roots_from_config([str(tmp_path / "c")]) == [tmp_path / "c"]
    monkeypatch.delenv("PARALAW_ALLOWED_DIRS")
    monkeypatch.chdir(tmp_path)
    assert roots_from_config(None) == [tmp_path]
    assert roots_from_uris(["file:///srv/deal%20room", "https://x.example/"]) == [__import__("pathlib").Path("/srv/deal room")]
