"""Which local files the server may read: only those inside the allowed roots.

The server's folders come from `--allow-dir` / PARALAW_ALLOWED_DIRS, else the working directory, unless that is
a filesystem root, a home folder itself, the folder of home folders or a system folder: hosts such as Claude
Desktop start servers in `/`, where "the working directory" would mean the whole disk. Then the server reads no
file, and every file tool says how to pass --allow-dir (`no_folder_error`). A client that
offers MCP roots narrows them, never widens them: the folders in force are the intersection of the two (a
client root inside an allowed folder, or an allowed folder inside a client root), so a client offering
`file:///` still reads only inside the server's folders. A path is refused, with a message that says why, when
it is a URL, starts with `~`, has a `..` component, passes through a symbolic link, or lies outside every root.
Relative paths are taken relative to each root in turn. The check here names the file; the read itself goes
through the file gate (paralaw.skills.documents.gate), which opens it from its root one component at a time
with O_NOFOLLOW, so a link swapped in after this check is refused rather than followed.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

from paralaw.skills.errors import ParalawError


class AccessDenied(ParalawError):
    code = "ACCESS_DENIED"


HOW_TO_ALLOW = ("start the server with --allow-dir FOLDER (repeatable) for the folder that holds your contracts, "
                "or set PARALAW_ALLOWED_DIRS; `paralaw mcp-config --allow-dir FOLDER --write` puts it in the MCP "
                "host's configuration")
# folders (and everything below them) that hold the system, not a user's documents
_SYSTEM_TREES = ("/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin",
                 "/sys", "/usr", "/var", "/System", "/Library", "/private", "/Applications", "/Volumes", "/cores")
_HOME_PARENTS = ("/home", "/Users", "/root")


def unsafe_default(folder: Path) -> str | None:
    """Why `folder` must not become the allowed folder by default (None when it may): it is a filesystem root,
    the home folder itself, the folder that holds home folders, or a system folder."""
    folder = Path(os.path.abspath(folder))
    resolved = folder.resolve()
    if resolved == Path(resolved.anchor) or folder == Path(folder.anchor):
        return "the root of the file system"
    home = Path.home().absolute()
    if resolved in (home, home.resolve()) or str(folder) in _HOME_PARENTS or str(resolved) in _HOME_PARENTS:
        return "a home folder itself"
    if resolved.parent in (Path(p) for p in _HOME_PARENTS) and resolved.parent != Path("/root"):
        return "a home folder itself"
    temporary = Path(tempfile.gettempdir()).resolve()
    if _inside(resolved, temporary) and resolved != temporary:  # a scratch folder (on macOS it lies under /private/var)
        return None
    windows = os.environ.get("SystemRoot") or os.environ.get("WINDIR")
    trees = list(_SYSTEM_TREES) + ([windows, os.environ.get("ProgramFiles", ""), os.environ.get("ProgramFiles(x86)", "")]
                                   if windows else [])
    for tree in filter(None, trees):
        if _inside(resolved, Path(tree)) or _inside(folder, Path(tree)):
            return "a system folder"
    return None


def default_root() -> tuple[list[Path], str | None]:
    """The working directory as the allowed folder, or no folder with the reason (see unsafe_default)."""
    cwd = Path(os.getcwd()).absolute()
    reason = unsafe_default(cwd)
    return ([], f"the server was started in {cwd} ({reason}) with no --allow-dir") if reason else ([cwd], None)


def roots_from_config(allowed_dirs: list[str] | None = None) -> list[Path]:
    """--allow-dir values, else PARALAW_ALLOWED_DIRS (os.pathsep-separated), else the working directory when it
    is safe to serve (none when it is /, a home folder itself or a system folder)."""
    dirs = list(allowed_dirs or [])
    if not dirs:
        dirs = [d for d in os.environ.get("PARALAW_ALLOWED_DIRS", "").split(os.pathsep) if d.strip()]
    if not dirs:
        return default_root()[0]
    return [Path(d).expanduser().absolute() for d in dirs]


def no_folder_error() -> AccessDenied:
    """What every file tool answers when the server may read no folder at all."""
    _, reason = default_root()
    why = reason or "no folder is allowed"
    return AccessDenied(f"this server reads no files: {why}. To review a file, {HOW_TO_ALLOW}. "
                        "Documents can still be sent as text.", code="NO_ALLOWED_FOLDER",
                        details={"how": "--allow-dir FOLDER or PARALAW_ALLOWED_DIRS"})


def roots_from_uris(uris: list[str]) -> list[Path]:
    """MCP roots (file:// URIs) as local folders; other schemes are ignored."""
    paths = []
    for uri in uris:
        parsed = urlparse(str(uri))
        if parsed.scheme == "file" and parsed.path:
            paths.append(Path(unquote(parsed.path)).absolute())
    return paths


def narrow_roots(configured: list[Path], offered: list[Path]) -> list[Path]:
    """The folders both the server and the client allow: for each pair, the inner one (compared resolved, so a
    client root that reaches outside through a link does not count as inside). Empty when they share none."""
    kept: list[Path] = []
    for server_root in configured:
        server_real = server_root.resolve()
        for client_root in offered:
            client_real = client_root.resolve()
            if _inside(client_real, server_real):
                inner = client_root
            elif _inside(server_real, client_real):
                inner = server_root
            else:
                continue
            if inner not in kept:
                kept.append(inner)
    return kept


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
        return True
    except ValueError:
        return False


def _symlink_below(root: Path, relative: Path) -> Path | None:
    current = root
    for part in relative.parts:
        current = current / part
        if current.is_symlink():
            return current
    return None


def resolve_path(raw: str, roots: list[Path]) -> Path:
    """The file `raw` names, if it lies inside one of `roots`; AccessDenied otherwise (also for a path the
    operating system cannot take: too long, a NUL byte, ...)."""
    return resolve_in_root(raw, roots)[0]


def resolve_in_root(raw: str, roots: list[Path]) -> tuple[Path, Path]:
    """(the file `raw` names, the root it lies in): what the file gate opens it from, link-free below the root."""
    try:
        return _resolve(raw, roots)
    except (OSError, ValueError) as exc:
        shown = (raw or "")[:200]
        reason = getattr(exc, "strerror", None) or str(exc)
        raise AccessDenied(f"'{shown}' is not a usable path: {reason}", code="INVALID_PATH",
                           details={"path": shown}) from exc


def _resolve(raw: str, roots: list[Path]) -> tuple[Path, Path]:
    text = (raw or "").strip()
    if not text:
        raise AccessDenied("empty path", code="INVALID_PATH")
    if "://" in text or text.lower().startswith("file:"):
        raise AccessDenied(f"'{text}' is a URL; give a file path inside an allowed folder instead",
                           details={"path": text, "allowed_roots": [str(r) for r in roots]})
    if text.startswith("~"):
        raise AccessDenied(f"'{text}' starts with '~'; give the path relative to an allowed folder or in full",
                           details={"path": text, "allowed_roots": [str(r) for r in roots]})
    candidate = Path(text)
    if ".." in candidate.parts:
        raise AccessDenied(f"'{text}' contains '..'; parent-directory steps are not allowed",
                           details={"path": text, "allowed_roots": [str(r) for r in roots]})
    if not roots:
        raise no_folder_error()
    if candidate.is_absolute():
        attempts = [(root, candidate) for root in roots if _inside(candidate, root)]
        attempts += [(root.resolve(), candidate) for root in roots if _inside(candidate, root.resolve())]
        if not attempts:
            raise AccessDenied(
                f"'{text}' is outside the allowed folders ({', '.join(str(r) for r in roots)})",
                details={"path": text, "allowed_roots": [str(r) for r in roots]},
            )
    else:
        attempts = [(root, root / candidate) for root in roots]
        existing = [(root, path) for root, path in attempts if path.exists() or path.is_symlink()]
        attempts = existing or attempts[:1]
    root, path = attempts[0]
    link = _symlink_below(root, path.relative_to(root))
    if link is not None:
        raise AccessDenied(f"'{text}' passes through the symbolic link '{link}'; links are not followed",
                           details={"path": text, "link": str(link)})
    if not _inside(path.resolve(), root.resolve()):
        raise AccessDenied(f"'{text}' resolves outside the allowed folders", details={"path": text})
    return path, root
