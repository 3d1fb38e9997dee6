"""The review store: reviews and their parsed documents, kept across restarts.

The server talks to a small `ReviewStore` interface so that several stateless HTTP replicas could later share
one database; `SqliteReviewStore` is the one-machine implementation (WAL mode, so a reader never blocks the
writer). Parsed documents are stored as their JSON model, so a restart does not re-read or re-parse files.
Review ids come from `secrets`: knowing one review's id tells nothing about another's.

Damage is found, not suffered: at start-up `PRAGMA quick_check` and the tables' columns are checked, and a
damaged store is refused with one line that says how to recover (StoreDamaged, STORE_DAMAGED). A single bad
row (JSON that does not parse, a document model that does not validate) is moved to the `quarantine` table
with its reason, at start-up or the first time it is read; that review then answers REVIEW_DAMAGED and every
other review keeps working. Reviews expire `retention_days` after they were last opened (PARALAW_RETENTION_DAYS,
default 30; 0 keeps them): expired ones are removed at start-up, hourly, and by `paralaw reviews prune`.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import logging
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, Field

from paralaw.skills.documents.model import DocumentStructure
from paralaw.skills.errors import ParalawError

logger = logging.getLogger(__name__)
RETENTION_DAYS = float(os.environ.get("PARALAW_RETENTION_DAYS", 30))


class StoreDamaged(ParalawError):
    """The store file cannot be used; the message says how to recover. Raised at start-up."""

    code = "STORE_DAMAGED"


class ReviewDamaged(ParalawError):
    """One review's stored rows were unreadable and have been set aside (quarantined)."""

    code = "REVIEW_DAMAGED"


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
    owner TEXT NOT NULL DEFAULT '',
    last_opened TEXT
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
CREATE TABLE IF NOT EXISTS quarantine (
    review_id TEXT NOT NULL,
    reason TEXT NOT NULL,
    quarantined_at TEXT NOT NULL,
    review_row TEXT,
    document_rows TEXT
);
"""
_COLUMNS = {
    "reviews": {"review_id", "domain", "language", "our_party", "playbook", "created_at"},
    "documents": {"review_id", "position", "document_id", "role", "filename", "kind", "structure"},
}
_ADDED = {"owner": "TEXT NOT NULL DEFAULT ''", "last_opened": "TEXT"}  # columns later versions added to reviews


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _recovery(path: str) -> str:
    return (f"move it aside (mv '{path}' '{path}.damaged') and start again with an empty store, or salvage it with "
            f"`sqlite3 '{path}' .recover | sqlite3 recovered.sqlite3` and start with --store recovered.sqlite3")


class SqliteReviewStore:
    """SQLite behind a lock. Parsed reviews are cached in memory once read (a review's documents never change),
    but every lookup asks the database first, so reviews closed by another process on the same file are gone."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, retention_days: float | None = None) -> None:
        target = str(path) if path is not None else str(default_store_path())
        if target != ":memory:":
            Path(target).parent.mkdir(parents=True, exist_ok=True)
        self.path = target
        self.retention_days = RETENTION_DAYS if retention_days is None else retention_days
        self._lock = threading.RLock()
        self._cache: dict[str, Review] = {}
        self._pruned_at = 0.0
        try:
            self._db = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
            self._open(target)
        except sqlite3.DatabaseError as exc:
            raise StoreDamaged(f"the review store {target} cannot be used ({exc}); {_recovery(target)}",
                               details={"store": target}) from exc
        self.quarantine_bad_rows()
        self.prune()

    def _open(self, target: str) -> None:
        self._db.execute("PRAGMA foreign_keys = ON")
        if target != ":memory:":
            problems = [row[0] for row in self._db.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise StoreDamaged(f"the review store {target} is damaged ({problems[0]}); {_recovery(target)}",
                                   details={"store": target, "problems": problems[:10]})
            self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA busy_timeout = 5000")
        self._db.executescript(_SCHEMA)
        for table, wanted in _COLUMNS.items():
            columns = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            missing = wanted - columns
            if missing:
                raise StoreDamaged(f"the review store {target} has a changed '{table}' table (no column "
                                   f"{', '.join(sorted(missing))}); {_recovery(target)}", details={"store": target})
            if table == "reviews":
                for column, declaration in _ADDED.items():
                    if column not in columns:  # a store from before: its reviews stay the local user's
                        try:
                            self._db.execute(f"ALTER TABLE reviews ADD COLUMN {column} {declaration}")
                        except sqlite3.OperationalError:  # another process on the same file added it first
                            pass

    def quarantine_bad_rows(self) -> list[str]:
        """Set aside every review whose stored JSON is not valid (SQLite's json_valid: cheap, no parsing in
        Python); a row that parses but does not validate is caught when it is first read."""
        try:
            with self._lock:
                bad = [(r[0], "a document's stored model is not valid JSON") for r in self._db.execute(
                    "SELECT DISTINCT review_id FROM documents WHERE NOT json_valid(structure)")]
                bad += [(r[0], "its stored playbook is not valid JSON") for r in self._db.execute(
                    "SELECT review_id FROM reviews WHERE playbook IS NOT NULL AND NOT json_valid(playbook)")]
        except sqlite3.OperationalError:  # an SQLite without JSON functions: rows are checked when read
            return []
        for review_id, reason in bad:
            self._quarantine(review_id, reason)
        return [review_id for review_id, _ in bad]

    def _quarantine(self, review_id: str, reason: str) -> None:
        """Move a review's rows to the quarantine table (kept for inspection) in one transaction."""
        logger.warning("review %s is damaged in %s (%s): moved to its quarantine table", review_id, self.path, reason)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT * FROM reviews WHERE review_id = ?", (review_id,)).fetchone()
                docs = self._db.execute("SELECT review_id, position, document_id, role, filename, kind, structure "
                                        "FROM documents WHERE review_id = ?", (review_id,)).fetchall()
                self._db.execute("INSERT INTO quarantine (review_id, reason, quarantined_at, review_row, document_rows) "
                                 "VALUES (?, ?, ?, ?, ?)", (review_id, reason, _now(), json.dumps(row, default=str),
                                                            json.dumps(docs, default=str)))
                self._db.execute("DELETE FROM documents WHERE review_id = ?", (review_id,))
                self._db.execute("DELETE FROM reviews WHERE review_id = ?", (review_id,))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._cache.pop(review_id, None)

    def _damaged(self, review_id: str) -> ReviewDamaged | None:
        with self._lock:
            row = self._db.execute("SELECT reason FROM quarantine WHERE review_id = ? ORDER BY rowid DESC LIMIT 1",
                                   (review_id,)).fetchone()
        if row is None:
            return None
        return ReviewDamaged(f"review {review_id} was damaged in the store ({row[0]}) and has been set aside; "
                             "open its documents again to make a new review", details={"review_id": review_id})

    def prune(self, now: datetime | None = None) -> int:
        """Delete the reviews last opened more than retention_days ago; how many were deleted."""
        self._pruned_at = time.monotonic()
        if not self.retention_days or self.retention_days <= 0:
            return 0
        cutoff = ((now or datetime.now(timezone.utc)) - timedelta(days=self.retention_days)).isoformat(timespec="seconds")
        with self._lock:
            expired = [r[0] for r in self._db.execute(
                "SELECT review_id FROM reviews WHERE COALESCE(last_opened, created_at) < ?", (cutoff,))]
            for review_id in expired:
                self._db.execute("DELETE FROM reviews WHERE review_id = ?", (review_id,))
                self._cache.pop(review_id, None)
        return len(expired)

    def touch(self, review_id: str) -> None:
        """Opened again (resumed): its retention period starts again."""
        with self._lock:
            self._db.execute("UPDATE reviews SET last_opened = ? WHERE review_id = ?", (_now(), review_id))

    def save(self, review: Review) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("DELETE FROM reviews WHERE review_id = ?", (review.review_id,))
                self._db.execute(
                    "INSERT INTO reviews (review_id, domain, language, our_party, playbook, created_at, owner, last_opened) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (review.review_id, review.domain, review.language, review.our_party,
                     json.dumps(review.playbook) if review.playbook is not None else None, review.created_at, review.owner,
                     _now()),
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
        """The review, None when there is none, ReviewDamaged when its rows are (or were) unreadable."""
        with self._lock:
            row = self._db.execute(
                "SELECT review_id, domain, language, our_party, playbook, created_at, owner FROM reviews WHERE review_id = ?",
                (review_id,),
            ).fetchone()
            if row is None:  # perhaps closed by another server process on the same file, or set aside
                self._cache.pop(review_id, None)
                damaged = self._damaged(review_id)
                if damaged is not None:
                    raise damaged
                return None
            if review_id in self._cache:
                return self._cache[review_id]
            docs = self._db.execute(
                "SELECT document_id, role, filename, kind, structure FROM documents WHERE review_id = ? ORDER BY position",
                (review_id,),
            ).fetchall()
        try:
            review = Review(
                review_id=row[0], domain=row[1], language=row[2], our_party=row[3],
                playbook=json.loads(row[4]) if row[4] else None, created_at=row[5], owner=row[6] or "",
                documents=[
                    StoredDocument(document_id=d[0], role=d[1], filename=d[2], kind=d[3],
                                   structure=DocumentStructure.model_validate_json(d[4]))
                    for d in docs
                ],
            )
        except (ValueError, TypeError, RecursionError) as exc:  # json and pydantic errors are ValueErrors
            reason = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
            self._quarantine(review_id, f"its stored rows do not read back: {reason}")
            raise self._damaged(review_id) or ReviewDamaged(f"review {review_id} was damaged in the store") from exc
        with self._lock:
            self._cache[review_id] = review
        return review

    def list(self, owner: str | None = None) -> list[Review]:
        """Every review, or only those `owner` opened (damaged ones are set aside and left out)."""
        if time.monotonic() - self._pruned_at > 3600:
            self.prune()
        with self._lock:
            if owner is None:
                ids = [r[0] for r in self._db.execute("SELECT review_id FROM reviews ORDER BY created_at, review_id")]
            else:
                ids = [r[0] for r in self._db.execute(
                    "SELECT review_id FROM reviews WHERE owner = ? ORDER BY created_at, review_id", (owner,))]
        reviews = []
        for review_id in ids:
            try:
                review = self.get(review_id)
            except ReviewDamaged:
                continue
            if review is not None:
                reviews.append(review)
        return reviews

    def delete(self, review_id: str) -> bool:
        with self._lock:
            cursor = self._db.execute("DELETE FROM reviews WHERE review_id = ?", (review_id,))
            self._cache.pop(review_id, None)
            return cursor.rowcount > 0

    def close(self) -> None:
        with self._lock:
            self._db.close()
