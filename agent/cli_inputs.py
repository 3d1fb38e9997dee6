"""`paralaw review`'s input, checked before any review work starts: files, manifest and output paths.

Each problem is a UsageError (one line, exit status 2).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .cli_errors import UsageError
from .cli_options import DOMAINS, LANGUAGES
from .pipeline import DocumentInput, ReviewRequest

ROLES = ("primary", "gc", "pc", "er", "reference", "baseline")
CONTRACT_SUFFIXES = (".md", ".txt", ".docx", ".pdf")


def parse_file_argument(value: str) -> DocumentInput:
    """PATH (the primary contract) or ROLE=PATH."""
    role, sep, path = value.partition("=")
    if sep and role.lower() in ROLES:
        return DocumentInput(path=path, role=role.lower())
    return DocumentInput(path=value)


def place_roles(documents: list[DocumentInput]) -> list[DocumentInput]:
    """A manifest may list several 'primary' documents told apart by kind (a FIDIC GC and PC). The server wants
    one primary: the amending document (PC) stays primary, the others take their kind (gc, er) as role."""
    primaries = [d for d in documents if d.role == "primary"]
    if len(primaries) <= 1:
        return documents
    keep = next((d for d in primaries if d.kind == "pc"), primaries[0])
    for doc in primaries:
        if doc is not keep:
            doc.role = doc.kind if doc.kind in ROLES and doc.kind != "primary" else "reference"
    return documents


def load_manifest(path: str) -> tuple[ReviewRequest, dict]:
    """A manifest in the review cases' gold.json form: documents [{file, role, kind}], domain, our_party, language."""
    manifest_path = Path(path)
    if manifest_path.is_dir():
        raise UsageError("IS_A_FOLDER", f"manifest {path} is a folder; give the manifest's .json file")
    try:
        data = json.loads(manifest_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError("FILE_NOT_FOUND", f"manifest {path} does not exist") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UsageError("INVALID_MANIFEST", f"manifest {path} is not readable JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("documents"), list) or not data["documents"]:
        raise UsageError("INVALID_MANIFEST", f"manifest {path} needs a non-empty 'documents' list")
    documents = []
    for index, entry in enumerate(data["documents"]):
        if not isinstance(entry, dict) or not entry.get("file"):
            raise UsageError("INVALID_MANIFEST", f"manifest {path}: documents[{index}] needs a 'file'")
        role = str(entry.get("role") or "primary").lower()
        if role not in ROLES:
            raise UsageError("INVALID_MANIFEST", f"manifest {path}: documents[{index}] has unknown role '{role}' ({', '.join(ROLES)})")
        documents.append(DocumentInput(path=str(manifest_path.parent / entry["file"]), role=role, kind=str(entry.get("kind") or "")))
    domain, language = data.get("domain"), data.get("language")
    if domain is not None and domain not in DOMAINS:
        raise UsageError("INVALID_MANIFEST", f"manifest {path}: unknown domain '{domain}' ({', '.join(DOMAINS)})")
    if language is not None and language not in LANGUAGES:
        raise UsageError("INVALID_MANIFEST", f"manifest {path}: unknown language '{language}' ({', '.join(LANGUAGES)})")
    request = ReviewRequest(documents=place_roles(documents), domain=domain, our_party=data.get("our_party") or "",
                           language=language)
    return request, data


def _contracts_in(folder: Path, limit: int = 3) -> list[str]:
    try:
        found = sorted(p.name for p in folder.iterdir() if p.suffix.lower() in CONTRACT_SUFFIXES and p.is_file())
    except OSError:
        return []
    return found[:limit] + (["..."] if len(found) > limit else [])


def check_file(path: str, what: str = "") -> None:
    """The file is there and is a file; a folder gets a hint naming the contracts in it."""
    target = Path(path).expanduser()
    label = f"{what} {path}".strip()
    if target.is_dir():
        inside = _contracts_in(target)
        one = f", or review one of them: paralaw review {os.path.join(path, inside[0])}" if inside else ""
        raise UsageError("IS_A_FOLDER", f"{label} is a folder, not a contract file: for every contract in it, run "
                                        f"paralaw matrix {path} --csv matrix.csv{one}")
    if not target.exists():
        raise UsageError("FILE_NOT_FOUND", f"{label} does not exist")
    if not target.is_file():
        raise UsageError("NOT_A_FILE", f"{label} is not a regular file")


def check_files(request: ReviewRequest) -> None:
    for doc in request.documents:
        check_file(doc.path)
    if request.playbook:
        check_file(request.playbook, "playbook")


# what each report option writes, and the file name endings that say so
OUTPUT_KINDS = {
    "--out": ("Markdown", (".md", ".markdown", ".txt")),
    "--json": ("JSON", (".json",)),
    "--docx": ("Word", (".docx",)),
    "--html": ("HTML", (".html", ".htm")),
    "--xlsx": ("Excel", (".xlsx",)),
    "--csv": ("CSV", (".csv",)),
}


def check_extension(option: str, value: str) -> None:
    """A report whose file name says another format (`--out report.pdf`, `--docx report.md`) is refused: the
    file would open in the wrong program, or not at all. A name without an extension is taken as given."""
    kind, endings = OUTPUT_KINDS.get(option, ("", ()))
    suffix = Path(value).suffix.lower()
    if endings and suffix and suffix not in endings:
        raise UsageError("INVALID_OUTPUT", f"{option} {value}: {option} writes {kind}, which does not go in a "
                                           f"{suffix} file; give a name ending in {' or '.join(endings)}")


def prepare_outputs(outputs: dict[str, str | None]) -> None:
    """Each report path (by option name) fits its format and can be written: a missing folder is created now,
    before the review; a path that cannot be written is refused now, not after the review has run."""
    seen: dict[str, str] = {}
    for option, value in outputs.items():
        if not value:
            continue
        path = Path(value).expanduser()
        resolved = str(path.resolve())
        if resolved in seen:
            raise UsageError("INVALID_OUTPUT", f"{option} and {seen[resolved]} both write {value}")
        seen[resolved] = option
        check_extension(option, value)
        if path.is_dir():
            raise UsageError("INVALID_OUTPUT", f"{option} {value} is a folder; give a file name inside it")
        folder = path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise UsageError("INVALID_OUTPUT", f"{option} {value}: {folder} is a file, not a folder") from None
        except OSError as exc:
            raise UsageError("INVALID_OUTPUT", f"{option} {value}: cannot create the folder {folder}: "
                                               f"{exc.strerror or exc}") from None
        if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise UsageError("INVALID_OUTPUT", f"{option} {value}: not allowed to write there")
