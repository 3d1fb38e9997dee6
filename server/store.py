"""The review store: reviews and their parsed documents, kept across restarts.

The server talks to a small `ReviewStore` interface so that several stateless HTTP replicas could later share
one database; `SqliteReviewStore` is the one-machine implementation (WAL mode, so a reader never blocks the
writer). Parsed documents are stored as their JSON model, so a restart does not re-read or re-parse files.
Review ids come from `secrets`: knowing one review's id tells nothing about another's.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, Field

from paralaw.skills.documents.model import DocumentStructure


class StoredDocument(BaseModel):
    document_id: str
    role: str
    filename: str
    kind: str = ""
    structure: DocumentStructure


class Review(BaseModel):
    review_id: str
    domain: str
    language: str
    our_party: str = ""
    playbook: dict[str, Any] | None = None
    owner: str = ""  # who opened it: a tenant (one per HTTP token), or "" for the local user (stdio, no token)
    created_at: str = Field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    documents: list[StoredDocument] = Field(default_factory=list)

    def primary(self) -> StoredDocument | None:
        return next((doc for doc in self.documents if doc.role == "primary"), None)

    def find_document(self, name_or_id: str) -> StoredDocument | None:
        for doc in self.documents:
            if name_or_id in (doc.document_id, doc.filename):
                return doc
        lowered = name_or_id.lower()
        return next((doc for doc in self.documents if doc.filename.lower() == lowered or doc.role == lowered), None)

    def summary(self) -> dict[str, Any]:
        """What a listing shows: no document text."""
        return {
            "review_id": self.review_id,
            "domain": self.domain,
            "language": self.language,
            "our_party": self.our_party,
            "created_at": self.created_at,
            "documents": [
                {"document_id": d.document_id, "filename": d.filename, "role": d.role, "kind": d.kind,
                 "total_clauses": d.structure.total_clauses}
                for d in self.documents
            ],
        }


def new_review_id() -> str:
    return "rev_" + secrets.token_urlsafe(16)


class ReviewStore(Protocol):
    """What the server needs from a store. Implementations must be safe to call from several threads."""

    def save(self, review: Review) -> None: ...

    def get(self, review_id: str) -> Review | None: ...

    def list(self, owner: str | None = None) -> list[Review]: ...

    def delete(self, review_id: str) -> bool: ...

    def close(self) -> None: ...


def default_store_path() -> Path:
    """PARALAW_STORE, else reviews.sqlite3 in the user's data directory."""
    configured = os.environ.get("PARALAW_STORE")
    if configured:
        return Path(configured).expanduser()
    from platformdirs import user_data_path

    return user_data_path("paralaw", appauthor=False) / "reviews.sqlite3"


_SCHEMA = """
CREATE TABLE IF NOT EXISTS reviews (
    review_id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    language TEXT NOT NULL,
    our_party TEXT NOT NULL DEFAULT '',
    playbook TEXT,
    created_at TEXT NOT NULL,
    owner TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS documents (
    review_id TEXT NOT NULL REFERENCES reviews(review_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    document_id TEXT NOT NULL,
    role TEXT NOT NULL,
    filename TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT '',
    structure TEXT NOT NULL,
    PRIMARY KEY (review_id, position)
);
"""


class SqliteReviewStore:
    """SQLite behind a lock. Parsed reviews are cached in memory once read (a review's documents never change),
    but every lookup asks the database first, so reviews closed by another process on the same file are gone."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        target = str(path) if path is not None else str(default_store_path())
        if target != ":memory:":
            Path(target).parent.mkdir(parents=True, exist_ok=True)
        self.path = target
        self._lock = threading.RLock()
        self._db = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA foreign_keys = ON")
        if target != ":memory:":
            self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA busy_timeout = 5000")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(reviews)")}
        if "owner" not in columns:  # a store from before reviews had owners: they stay the local user's
            try:
                self._db.execute("ALTER TABLE reviews ADD COLUMN owner TEXT NOT NULL DEFAULT ''")
            except sqlite3.OperationalError:  # another process on the same file added it first
                pass
        self._cache: dict[str, Review] = {}

    def save(self, review: Review) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("DELETE FROM reviews WHERE review_id = ?", (review.review_id,))
                self._db.execute(
                    "INSERT INTO reviews (review_id, domain, language, our_party, playbook, created_at, owner) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (review.review_id, review.domain, review.language, review.our_party,
                     json.dumps(review.playbook) if review.playbook is not None else None, review.created_at, review.owner),
                )
                self._db.executemany(
                    "INSERT INTO documents (review_id, position, document_id, role, filename, kind, structure) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(review.review_id, i, d.document_id, d.role, d.filename, d.kind, d.structure.model_dump_json())
                     for i, d in enumerate(review.documents)],
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._cache[review.review_id] = review

    def get(self, review_id: str) -> Review | None:
        with self._lock:
            row = self._db.execute(
                "SELECT review_id, domain, language, our_party, playbook, created_at, owner FROM reviews WHERE review_id = ?",
                (review_id,),
            ).fetchone()
            if row is None:  # perhaps closed by another server process on the same file
                self._cache.pop(review_id, None)
                return None
            if review_id in self._cache:
                return self._cache[review_id]
            docs = self._db.execute(
                "SELECT document_id, role, filename, kind, structure FROM documents WHERE review_id = ? ORDER BY position",
                (review_id,),
            ).fetchall()
        review = Review(
            review_id=row[0], domain=row[1], language=row[2], our_party=row[3],
            playbook=json.loads(row[4]) if row[4] else None, created_at=row[5], owner=row[6],
            documents=[
                StoredDocument(document_id=d[0], role=d[1], filename=d[2], kind=d[3],
                               structure=DocumentStructure.model_validate_json(d[4]))
                for d in docs
            ],
        )
        with self._lock:
            self._cache[review_id] = review
        return review

    def list(self, owner: str | None = None) -> list[Review]:
        """Every review, or only those `owner` opened."""
        with self._lock:
            if owner is None:
                ids = [r[0] for r in self._db.execute("SELECT review_id FROM reviews ORDER BY created_at, review_id")]
            else:
                ids = [r[0] for r in self._db.execute(
                    "SELECT review_id FROM reviews WHERE owner = ? ORDER BY created_at, review_id", (owner,))]
        return [review for review in (self.get(i) for i in ids) if review is not None]

    def delete(self, review_id: str) -> bool:
        with self._lock:
            cursor = self._db.execute("DELETE FROM reviews WHERE review_id = ?", (review_id,))
            self._cache.pop(review_id, None)
            return cursor.rowcount > 0

    def close(self) -> None:
        with self._lock:
            self._db.close()
