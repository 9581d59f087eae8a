"""Finding files, reading them into text, and writing fixes back safely.

The only module besides cli.py that touches the disk.  Discovery honours .gitignore files (each
directory's own, plus .git/info/exclude) with ``pathspec``, the library black and others use for
gitignore semantics; skips VCS and virtualenv folders, build output and anything excluded; never
follows a directory symlink, and never a file symlink out of the walked root.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import globs, scanners
from .finding import BINARY, FileError
from .scanners import format_for_path
from .scanners.decoding import DecodedText, binary_reason, decode

if TYPE_CHECKING:  # pathspec is imported when a folder is walked (start-up of a one-file run)
    import pathspec

#: Folders never walked into (they are someone else's files or generated ones).
SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", ".bzr", ".venv", "venv", ".tox", ".nox", "node_modules", "__pycache__",
    ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis", "site-packages", ".eggs",
    "build", "dist", "_build", ".direnv", "__pypackages__", ".idea", ".vscode", ".ci-venv",
})


def display(path: Path) -> str:
    """A path as output shows it: "/"-separated, undecodable bytes as \\xNN, newlines escaped."""
    text = os.fsdecode(path).replace(os.sep, "/")
    out = []
    for ch in text:
        if "\udc80" <= ch <= "\udcff":
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        elif ch in "\r\n\t":
            out.append(repr(ch)[1:-1])
        else:
            out.append(ch)
    return "".join(out)


class Walker(NamedTuple):
    """Which files a run looks at."""

    exclude: Tuple[str, ...] = ()  #: globs on the path relative to the root, or on a name
    force_exclude: bool = False  #: apply exclude to files named on the command line too
    respect_gitignore: bool = True

    def excluded(self, rel: str) -> bool:
        name = rel.rsplit("/", 1)[-1]
        return any(globs.match(rel, g) or globs.match(name, g)
                   or globs.match(rel, g.rstrip("/") + "/*") for g in self.exclude)


def _load_ignore(directory: Path, root: Path) -> Optional["pathspec.GitIgnoreSpec"]:
    lines: List[str] = []
    for candidate in (directory / ".gitignore",) + ((root / ".git" / "info" / "exclude",) if directory == root else ()):
        try:
            lines += candidate.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
    if not lines:
        return None
    import pathspec

    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except ValueError:
        # A pattern pathspec cannot read ("!" alone, a trailing "\\"): git reads it as matching
        # nothing and says nothing (black's test data holds such a file), so it is left out.
        return pathspec.GitIgnoreSpec.from_lines([line for line in lines if _readable_pattern(line)])


def _readable_pattern(line: str) -> bool:
    import pathspec

    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except ValueError:
        return False
    return True


def _ignored(specs: Sequence[Tuple[Path, "pathspec.GitIgnoreSpec"]], path: Path, is_dir: bool) -> bool:
    """git's rule: the deepest .gitignore that says anything about the path decides."""
    verdict = False
    for base, spec in specs:
        rel = path.relative_to(base).as_posix() + ("/" if is_dir else "")
        result = spec.check_file(rel)
        if result.include is not None:
            verdict = result.include
    return verdict


def _git_root(start: Path) -> Optional[Path]:
    for directory in (start, *start.parents):
        if (directory / ".git").exists():
            return directory
    return None


def walk(paths: Sequence[Path], walker: Walker) -> Iterator[Union[Path, FileError]]:
    """Files to check, in a stable order, and errors for what cannot be walked."""
    for arg in paths:
        try:
            st = os.stat(arg)
        except OSError as exc:
            yield FileError(display(arg), f"cannot be read: {exc.strerror or exc}")
            continue
        if stat.S_ISDIR(st.st_mode):
            yield from _walk_dir(arg, walker)
        elif stat.S_ISREG(st.st_mode):
            if walker.force_exclude and walker.excluded(arg.as_posix().lstrip("./")):
                continue
            yield arg
        else:
            yield FileError(display(arg), "not a regular file (FIFO, device or socket): skipped", fatal=False)


def _walk_dir(root: Path, walker: Walker) -> Iterator[Union[Path, FileError]]:
    real_root = root.resolve()
    specs: List[Tuple[Path, "pathspec.GitIgnoreSpec"]] = []
    git_root = _git_root(real_root) if walker.respect_gitignore else None
    if git_root is not None and git_root != real_root:
        # .gitignore files between the repository root and the walked folder apply too.
        for directory in reversed((real_root, *real_root.parents)):
            if directory == real_root or not str(directory).startswith(str(git_root)):
                continue
            spec = _load_ignore(directory, git_root)
            if spec is not None:
                specs.append((directory, spec))
    errors: List[FileError] = []

    def onerror(exc: OSError) -> None:
        errors.append(FileError(display(Path(exc.filename or root)), f"cannot be read: {exc.strerror or exc}"))

    depth_specs: List[Tuple[Path, "pathspec.GitIgnoreSpec"]] = list(specs)
    for dirpath, dirnames, filenames in os.walk(root, onerror=onerror, followlinks=False):
        yield from errors
        errors.clear()
        here = Path(dirpath)
        real_here = here.resolve()
        depth_specs = [(b, s) for b, s in depth_specs if real_here == b or b in real_here.parents]
        if walker.respect_gitignore:
            spec = _load_ignore(real_here, git_root or real_root)
            if spec is not None:
                depth_specs.append((real_here, spec))
        keep = []
        for d in sorted(dirnames):
            rel = (here / d).relative_to(root).as_posix()
            full = real_here / d
            if d in SKIP_DIRS or d.endswith(".egg-info") or walker.excluded(rel) or os.path.islink(here / d):
                continue
            if walker.respect_gitignore and _ignored(depth_specs, full, True):
                continue
            keep.append(d)
        dirnames[:] = keep
        for name in sorted(filenames):
            path = here / name
            rel = path.relative_to(root).as_posix()
            if walker.excluded(rel):
                continue
            if walker.respect_gitignore and _ignored(depth_specs, real_here / name, False):
                continue
            try:
                st = os.stat(path)
            except OSError:
                continue  # a dangling symlink or a file removed meanwhile: nothing to check
            if not stat.S_ISREG(st.st_mode):
                continue  # FIFOs, devices, sockets
            if os.path.islink(path) and real_root not in path.resolve().parents:
                continue  # never follow a link out of the walked root
            yield path
    yield from errors


class SourceFile(NamedTuple):
    """A file read for checking, with what is needed to write it back byte for byte."""

    path: Path
    format: str
    decoded: DecodedText
    data: bytes
    mode: int
    mtime_ns: int
    writable: bool  #: False when a fix must not be written (undecodable bytes, symlink ...)
    why_not_writable: str = ""

    @property
    def text(self) -> str:
        return self.decoded.text


def encode(decoded: DecodedText, text: str) -> bytes:
    """The bytes of ``text`` in the file's own encoding, with its BOM."""
    return decoded.bom + text.encode(decoded.encoding)


def read(path: Path, format: Optional[str] = None, data: Optional[bytes] = None) -> Union[SourceFile, FileError]:
    """Read and decode one file (or given bytes, for stdin); binary files become a notice."""
    shown = display(path)
    try:
        st = os.stat(path) if data is None else None
        if data is None:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        return FileError(shown, f"cannot be read: {exc.strerror or exc}")
    fmt = format or format_for_path(path.name)
    why = _binary(data, path.name, fmt)
    if why is not None:
        return FileError(shown, f"binary file ({why}): skipped", fatal=False, kind=BINARY)
    own = scanners.get(fmt).decode
    decoded = (own(data) if own is not None else None) or decode(data)
    writable, why = True, ""
    if decoded.undecodable:
        writable, why = False, "it has undecodable bytes"
    elif encode(decoded, decoded.text) != data:
        writable, why = False, "its bytes do not survive decoding and encoding unchanged"
    elif st is not None and os.path.islink(path):
        writable, why = False, "it is a symbolic link"
    mode = st.st_mode if st is not None else 0
    mtime = st.st_mtime_ns if st is not None else 0
    return SourceFile(path, fmt, decoded, data, mode, mtime, writable, why)


#: The registry's claims without its fallback: for_path gives "" for a name no format claims.
_CLAIMS = scanners.Registry(scanners.REGISTRY.claims, fallback="")


def _binary(data: bytes, name: str, fmt: str) -> Optional[str]:
    """Why a file is skipped as binary, or None.  A name a format claims (a .svg is XML, a .txt
    is text) is text by name, so only its content can say binary; any other name may say binary
    (identify's tables: .pdf, .png, .woff, .jar...) before the content is looked at."""
    claimed = fmt != scanners.REGISTRY.fallback or _CLAIMS.for_path(name) != ""
    return binary_reason(data, "" if claimed else name)


class WriteError(Exception):
    pass


def write_atomically(source: SourceFile, new_text: str) -> None:
    """Replace the file's content: temporary file in the same folder, then rename.

    Keeps encoding, BOM, line endings (they are in the text) and the file mode.  Refuses when the
    file changed on disk since it was read, or is read-only."""
    path = source.path
    if not source.writable:
        raise WriteError(f"not fixed: {source.why_not_writable}")
    try:
        st = os.stat(path)
        with open(path, "rb") as handle:
            current = handle.read()
    except OSError as exc:
        raise WriteError(f"not fixed: cannot be read again: {exc.strerror or exc}") from None
    if st.st_mtime_ns != source.mtime_ns or current != source.data:
        raise WriteError("not fixed: the file changed on disk during the run")
    if not os.access(path, os.W_OK) or not (st.st_mode & stat.S_IWUSR):
        raise WriteError("not fixed: the file is read-only")
    try:
        data = encode(source.decoded, new_text)
    except UnicodeEncodeError:
        raise WriteError(f"not fixed: the fix cannot be written in {source.decoded.encoding}") from None
    import tempfile  # only a fix writes: a check does not pay for it at start-up

    try:
        # A folder that is not writable (the file itself may be): no temporary file, no fix.
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".urilint-tmp", dir=str(path.parent))
    except OSError as exc:
        raise WriteError(f"not fixed: cannot be written: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, stat.S_IMODE(st.st_mode))
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise WriteError(f"not fixed: cannot be written: {exc.strerror or exc}") from None
