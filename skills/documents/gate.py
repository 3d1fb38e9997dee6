"""The one gate every file the server reads passes through: documents, playbooks, baselines.

A check made on a path and a read made later on the same path can see two different files: between them the
file can be swapped for a symbolic link to a secret, or for /dev/zero. So the gate never reads by path after
checking by path. It opens the file once, without following links, and then checks and reads that descriptor:

- with a root (the allowed folder the server resolved the path in), the file is opened from the root's
  descriptor one component at a time, each with O_NOFOLLOW: a link anywhere below the root, swapped in at any
  moment, makes the open fail (ACCESS_DENIED) instead of leading elsewhere;
- without a root (a path a local user gave on the command line), the path is resolved first and the resolved
  path is opened with O_NOFOLLOW;
- the open is non-blocking, so a FIFO cannot hang it; fstat on the open descriptor then decides: only a
  regular file is read (NOT_A_FILE otherwise), and only when its size is within the limit (FILE_TOO_LARGE,
  before a byte is read);
- the read is bounded by the same limit, so a file that grows after fstat is refused, never read whole.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from ..errors import DocumentError

_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FILE_FLAGS = (os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0))
_CHUNK = 1024 * 1024


@dataclass
class GatedFile:
    """An open regular file that passed the checks; `read()` returns at most `max_bytes` bytes."""

    fd: int
    name: str
    size: int
    max_bytes: int
    shown: str

    def read(self) -> bytes:
        chunks: list[bytes] = []
        total = 0
        while total <= self.max_bytes:
            chunk = os.read(self.fd, min(_CHUNK, self.max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > self.max_bytes:
            raise DocumentError(f"{self.name} grew past the {self.max_bytes}-byte limit while it was read",
                                code="FILE_TOO_LARGE", details={"path": self.shown})
        return b"".join(chunks)

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> "GatedFile":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _refuse(exc: OSError, shown: str, name: str, where: str = "") -> DocumentError:
    if exc.errno in (errno.ELOOP, errno.EMLINK):
        return DocumentError(f"{shown} passes through a symbolic link{where}; links are not followed",
                             code="ACCESS_DENIED", details={"path": shown})
    if exc.errno == errno.ENOENT:
        return DocumentError(f"{shown} does not exist", code="FILE_NOT_FOUND", details={"path": shown})
    if exc.errno == errno.ENOTDIR:
        return DocumentError(f"{shown}: a folder on the way is not a folder", code="FILE_NOT_FOUND",
                             details={"path": shown})
    if exc.errno in (errno.EACCES, errno.EPERM):
        return DocumentError(f"{shown} cannot be read: permission denied", code="FILE_NOT_READABLE",
                             details={"path": shown})
    if exc.errno in (errno.ENAMETOOLONG, errno.EINVAL):
        return DocumentError(f"'{shown[:200]}' is not a usable path: {exc.strerror}", code="INVALID_PATH",
                             details={"path": shown[:200]})
    return DocumentError(f"{name} cannot be read: {exc.strerror or exc}", code="FILE_NOT_READABLE",
                         details={"path": shown})


def _open_below(root: Path, relative: Path, shown: str, name: str) -> int:
    """Open root/relative without following a link in any component below the root."""
    parts = [p for p in relative.parts if p not in ("", ".")]
    if not parts or ".." in parts or relative.is_absolute():
        raise DocumentError(f"{shown} does not name a file inside its folder", code="ACCESS_DENIED",
                            details={"path": shown})
    try:
        current = os.open(root, _DIR_FLAGS)
    except OSError as exc:
        raise _refuse(exc, shown, name) from exc
    try:
        for part in parts[:-1]:
            try:
                step = os.open(part, _DIR_FLAGS | _NOFOLLOW, dir_fd=current)
            except OSError as exc:
                if exc.errno == errno.ENOTDIR and _is_link(part, current):
                    exc = OSError(errno.ELOOP, os.strerror(errno.ELOOP))
                raise _refuse(exc, shown, name, f" ('{part}')") from exc
            os.close(current)
            current = step
        try:
            return os.open(parts[-1], _FILE_FLAGS, dir_fd=current)
        except OSError as exc:
            raise _refuse(exc, shown, name) from exc
    finally:
        os.close(current)


def _is_link(part: str, dir_fd: int) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(part, dir_fd=dir_fd).st_mode)
    except OSError:
        return False


def open_file(path: str | os.PathLike[str], *, max_bytes: int, root: str | os.PathLike[str] | None = None) -> GatedFile:
    """Open `path` for reading through the gate (see the module docstring); the caller reads and closes it.

    Raises DocumentError: FILE_NOT_FOUND, NOT_A_FILE, FILE_TOO_LARGE, FILE_NOT_READABLE, ACCESS_DENIED (a
    symbolic link on the way), INVALID_PATH."""
    path = Path(path)
    shown, name = str(path), path.name
    if root is not None:
        root = Path(root)
        try:
            relative = path.relative_to(root)
        except ValueError:
            raise DocumentError(f"{shown} is outside {root}", code="ACCESS_DENIED", details={"path": shown}) from None
        fd = _open_below(root, relative, shown, name)
    else:
        try:
            resolved = os.path.realpath(path.expanduser())
            fd = os.open(resolved, _FILE_FLAGS)
        except (OSError, ValueError) as exc:
            if isinstance(exc, ValueError):  # a NUL byte in the path
                raise DocumentError(f"'{shown[:200]}' is not a usable path: {exc}", code="INVALID_PATH",
                                    details={"path": shown[:200]}) from exc
            raise _refuse(exc, shown, name) from exc
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DocumentError(f"{shown} is a directory, not a file", code="NOT_A_FILE", details={"path": shown})
        if not stat.S_ISREG(info.st_mode):
            raise DocumentError(f"{shown} is not a regular file", code="NOT_A_FILE", details={"path": shown})
        if info.st_size > max_bytes:
            raise DocumentError(f"{name} is {info.st_size} bytes, over the {max_bytes}-byte limit",
                                code="FILE_TOO_LARGE", details={"path": shown, "limit": max_bytes})
        return GatedFile(fd=fd, name=name, size=info.st_size, max_bytes=max_bytes, shown=shown)
    except BaseException:
        os.close(fd)
        raise


def read_file(path: str | os.PathLike[str], *, max_bytes: int, root: str | os.PathLike[str] | None = None) -> bytes:
    """The whole file, read through the gate (at most `max_bytes` bytes)."""
    with open_file(path, max_bytes=max_bytes, root=root) as handle:
        return handle.read()


# --- structured files (playbooks): YAML without alias bombs ---------------------------------------------------

MAX_YAML_VALUES = int(os.environ.get("PARALAW_MAX_YAML_VALUES", 100_000))
MAX_YAML_DEPTH = 64


def yaml_data(text: str, source: str, *, code: str = "INVALID_PLAYBOOK") -> object:
    """YAML text as Python data, safely: only plain types (SafeLoader), and refused (DocumentError `code`)
    when aliases would expand it past MAX_YAML_VALUES values (a 570-byte "billion laughs" file names 10^9), when
    it nests deeper than MAX_YAML_DEPTH, or when an alias refers to itself. The node tree is composed first
    (aliases stay shared there, so this costs the file's size) and measured before anything is built from it."""
    import yaml

    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except RecursionError:
        raise DocumentError(f"{source} nests too deeply", code=code, details={"source": source}) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1} column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DocumentError(f"{source}: {where}not valid YAML: {problem}", code=code,
                            details={"source": source, "line": mark.line + 1 if mark else None}) from exc
    if root is None:
        return None
    _measure(root, source, code)
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_document(root)
    except RecursionError:
        raise DocumentError(f"{source} nests too deeply", code=code, details={"source": source}) from None
    except yaml.YAMLError as exc:
        raise DocumentError(f"{source}: not valid YAML: {getattr(exc, 'problem', None) or exc}", code=code,
                            details={"source": source}) from exc
    finally:
        loader.dispose()


def _measure(root: object, source: str, code: str) -> None:
    """How many values and how deep the document is once every alias is expanded, without expanding one:
    each node's expanded size is computed once (post-order, memoised by identity)."""
    import yaml

    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        if done:
            on_path.discard(key)
            size[key] = 1 + sum(size[id(c)] for c in children)
            depth[key] = 1 + max((depth[id(c)] for c in children), default=0)
            if size[key] > MAX_YAML_VALUES:
                raise DocumentError(f"{source} expands to more than {MAX_YAML_VALUES} values through its aliases (&/*)",
                                    code=code, details={"source": source, "limit": MAX_YAML_VALUES})
            if depth[key] > MAX_YAML_DEPTH:
                raise DocumentError(f"{source} nests deeper than {MAX_YAML_DEPTH} levels", code=code,
                                    details={"source": source})
            continue
        if key in size:
            continue
        if key in on_path:
            raise DocumentError(f"{source}: an alias refers to the value that contains it", code=code,
                                details={"source": source})
        on_path.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in children if id(c) not in size)


MAX_DATA_FILE_BYTES = int(os.environ.get("PARALAW_MAX_PLAYBOOK_BYTES", 2 * 1024 * 1024))
DATA_SUFFIXES = (".yaml", ".yml", ".json")


def read_data_file(path: str | os.PathLike[str], *, root: str | os.PathLike[str] | None = None,
                   max_bytes: int = MAX_DATA_FILE_BYTES, code: str = "INVALID_PLAYBOOK") -> tuple[str, str]:
    """(text, format) of a YAML or JSON file (a playbook), read through the gate and checked safe to parse: UTF-8,
    no alias bomb, no nesting past MAX_YAML_DEPTH. Whoever parses the text next can use yaml.safe_load or
    json.loads on it without blowing up."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in DATA_SUFFIXES:
        raise DocumentError(f"{path.name}: a playbook must be a .yaml, .yml or .json file", code="UNSUPPORTED_FORMAT",
                            details={"path": str(path)})
    data = read_file(path, max_bytes=max_bytes, root=root)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DocumentError(f"{path.name} is not UTF-8 text ({exc.reason} at byte {exc.start})", code="INVALID_ENCODING",
                            details={"path": str(path)}) from None
    fmt = "json" if suffix == ".json" else "yaml"
    if fmt == "yaml":
        yaml_data(text, path.name, code=code)
    else:
        import json

        try:
            _check_depth(json.loads(text), path.name, code)
        except RecursionError:
            raise DocumentError(f"{path.name} nests too deeply", code=code, details={"source": path.name}) from None
        except json.JSONDecodeError as exc:
            raise DocumentError(f"{path.name}: line {exc.lineno} column {exc.colno}: not valid JSON: {exc.msg}", code=code,
                                details={"source": path.name, "line": exc.lineno}) from exc
    return text, fmt


def _check_depth(value: object, source: str, code: str) -> None:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_YAML_DEPTH:
            raise DocumentError(f"{source} nests deeper than {MAX_YAML_DEPTH} levels", code=code, details={"source": source})
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
