"""The SQLite review store: reviews and parsed documents survive a new store on the same file."""

from __future__ import annotations

import sqlite3

from mcp_flow import MSA
from paralaw.server.store import Review, SqliteReviewStore, StoredDocument, new_review_id
from paralaw.skills import load_document


def _review(structure) -> Review:
    return Review(review_id=new_review_id(), domain="generic", language="en", our_party="Customer",
                  playbook={"criteria": [{"id": "x"}]},
                  documents=[StoredDocument(document_id=structure.document_id, role="primary",
                                            filename=structure.filename, structure=structure)])


def test_reviews_persist_across_store_instances(tmp_path):
    structure = load_document(MSA)
    path = tmp_path / "nested" / "reviews.db"
    store = SqliteReviewStore(path)
    review = _review(structure)
    store.save(review)
    store.close()

    again = SqliteReviewStore(path)
    loaded = again.get(review.review_id)
    assert loaded is not None and loaded.our_party == "Customer" and loaded.playbook == {"criteria": [{"id": "x"}]}
    document = loaded.primary()
    assert document.structure.text == structure.text
    assert document.structure.get_clause("15.2").title == structure.get_clause("15.2").title
    assert [r.review_id for r in again.list()] == [review.review_id]
    assert again.delete(review.review_id) is True
    assert again.get(review.review_id) is None and again.delete(review.review_id) is False
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_review_ids_are_unguessable():
    ids = {new_review_id() for _ in range(1000)}
    assert len(ids) == 1000
    assert all(i.startswith("rev_") and len(i) >= 24 for i in ids)


def test_a_review_closed_by_another_process_is_gone(tmp_path):
    structure = load_document(MSA)
    path = tmp_path / "reviews.db"
    first, second = SqliteReviewStore(path), SqliteReviewStore(path)
    review = _review(structure)
    first.save(review)
    assert second.get(review.review_id) is not None and first.get(review.review_id) is not None
    assert second.delete(review.review_id)
    assert first.get(review.review_id) is None and first.list() == []
