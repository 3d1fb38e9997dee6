"""The SQLite file a matrix streams into: one row per contract, written (and committed) the moment its worker
finishes, so an interrupted run loses only the contracts in flight and a rerun skips every contract whose bytes
and settings are unchanged. The exports read the rows back one at a time: no process holds the whole matrix.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any, Iterator

# Rows with these errors are worth another try on a rerun: the contract itself may be fine.
RETRY_CODES = frozenset({"INTERNAL_ERROR", "WORKER_LOST", "OUT_OF_MEMORY"})

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rows (
    path TEXT PRIMARY KEY,      -- absolute path of the contract
    file TEXT NOT NULL,         -- as the matrix names it (relative to the folder given)
    sha256 TEXT NOT NULL,
    settings TEXT NOT NULL,     -- the options the row was made with (domain, party, format version)
    domain TEXT NOT NULL,
    error_code TEXT,
    row TEXT NOT NULL,          -- the row's JSON
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)  -- the last build: paths, settings, counts
"""


class MatrixStore:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(_SCHEMA)
        self._db.commit()

    def is_current(self, path: str, sha256: str, settings: str) -> bool:
        """True when the stored row was made from these bytes with these settings (and is not worth a retry)."""
        found = self._db.execute("SELECT sha256, settings, error_code FROM rows WHERE path = ?", (path,)).fetchone()
        return bool(found and sha256 and found[0] == sha256 and found[1] == settings and found[2] not in RETRY_CODES)

    def put(self, path: str, file: str, sha256: str, settings: str, domain: str, row: dict[str, Any]) -> None:
        error = (row.get("error") or {}).get("code")
        self._db.execute("INSERT OR REPLACE INTO rows VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (path, file, sha256, settings, domain, error, json.dumps(row, ensure_ascii=False), time.time()))
        self._db.commit()

    def error_count(self, paths: list[str]) -> int:
        """How many of these contracts' stored rows carry an error."""
        return sum(1 for p in paths if (self._db.execute("SELECT error_code FROM rows WHERE path = ?", (p,)).fetchone()
                                        or (None,))[0])

    def rows(self, paths: list[str] | None = None) -> Iterator[tuple[dict[str, Any], str]]:
        """(row, domain) for the stored rows, by file name; with `paths`, only those contracts (the ones a run
        covered)."""
        if paths is None:
            cursor = self._db.execute("SELECT row, domain FROM rows ORDER BY file, path")
        else:
            self._db.execute("CREATE TEMP TABLE IF NOT EXISTS wanted (path TEXT PRIMARY KEY)")
            self._db.execute("DELETE FROM wanted")
            self._db.executemany("INSERT OR IGNORE INTO wanted VALUES (?)", [(p,) for p in paths])
            cursor = self._db.execute("SELECT row, domain FROM rows JOIN wanted USING (path) ORDER BY file, path")
        for text, domain in cursor:
            yield json.loads(text), domain

    def keep_only(self, paths: list[str]) -> int:
        """Forget the rows of contracts no longer in the matrix (removed from the data room); returns how many."""
        self._db.execute("CREATE TEMP TABLE IF NOT EXISTS kept (path TEXT PRIMARY KEY)")
        self._db.execute("DELETE FROM kept")
        self._db.executemany("INSERT OR IGNORE INTO kept VALUES (?)", [(p,) for p in paths])
        gone = self._db.execute("DELETE FROM rows WHERE path NOT IN (SELECT path FROM kept)").rowcount
        self._db.commit()
        return gone

    def set_meta(self, **values: Any) -> None:
        self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                             [(k, json.dumps(v, ensure_ascii=False)) for k, v in values.items()])
        self._db.commit()

    def meta(self) -> dict[str, Any]:
        return {k: json.loads(v) for k, v in self._db.execute("SELECT key, value FROM meta")}

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "MatrixStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
