"""Which files a matrix covers: every contract under the given files and folders, named relative to the folder
it was found in, and the content hash that lets a rerun skip it.

Folders are walked without following links (a data room copied with links must not pull in the rest of the
disk); hidden entries and Word's `~$` lock files are skipped. A file named on its own is always included, even
with a type the parser does not read, so that it gets a row saying so rather than vanishing.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from paralaw.skills.documents.gate import open_file
from paralaw.skills.documents.loaders import SUPPORTED
from paralaw.skills.errors import DocumentError

HASH_CHUNK = 1 << 20


@dataclass(frozen=True)
class Contract:
    path: str  # absolute, as the workers open it
    file: str  # relative to the folder given (posix separators), or the file's name when given on its own


def _wanted(name: str) -> bool:
    return not name.startswith((".", "~$")) and Path(name).suffix.lower() in SUPPORTED


def find_contracts(paths: list[str | os.PathLike[str]]) -> list[Contract]:
    """The contracts under `paths`, each once, in a stable order. Raises FileNotFoundError for a path that is
    not there, before any work starts."""
    found: dict[str, Contract] = {}
    for given in paths:
        root = Path(given).expanduser()
        if root.is_dir():
            for folder, dirs, names in os.walk(root, followlinks=False):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(names):
                    if _wanted(name):
                        path = Path(folder) / name
                        found.setdefault(str(path.absolute()), Contract(str(path.absolute()), path.relative_to(root).as_posix()))
        elif root.exists() or root.is_symlink():
            found.setdefault(str(root.absolute()), Contract(str(root.absolute()), root.name))
        else:
            raise FileNotFoundError(f"{given} does not exist")
    return sorted(found.values(), key=lambda c: (c.file, c.path))


def content_hash(path: str, root: str | None = None) -> str:
    """SHA-256 of the file's bytes, read in chunks (a 30 MB scan is never held whole) through the file gate (a
    FIFO cannot block it; with `root`, no link is followed below that folder); '' if it cannot be read, so the
    worker reports why."""
    digest = hashlib.sha256()
    try:
        with open_file(path, max_bytes=1 << 40, root=root) as handle:
            while chunk := os.read(handle.fd, HASH_CHUNK):
                digest.update(chunk)
    except (OSError, DocumentError):
        return ""
    return digest.hexdigest()
