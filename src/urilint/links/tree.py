"""The checked tree, seen through two questions: what a folder holds, and what a file says.

Paths are repository-relative, ``/``-separated, without a leading ``/``; ``""`` is the root.
:class:`DictTree` answers from a mapping (tests, editors with unsaved buffers); :class:`FsTree`
answers from a folder on disk and is the only place in :mod:`urilint.links` that reads files.
Folder listings compare names exactly, so a case-insensitive file system (macOS, Windows) still
shows ``Logo.png`` and ``logo.png`` apart.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional, Protocol, Union

from ..scanners.decoding import decode, is_binary


class Tree(Protocol):
    """What the link checks need to know about the files of the checked tree."""

    def entries(self, folder: str) -> Optional[Mapping[str, bool]]:
        """The names in ``folder`` mapped to "is a folder"; None when ``folder`` is no folder."""

    def read_text(self, path: str) -> Optional[str]:
        """The decoded text of the file at ``path``; None when it is missing or binary."""


def split(path: str) -> List[str]:
    """The segments of a repository-relative path (``""`` has none)."""
    return [s for s in path.split("/") if s]


class DictTree:
    """A tree held in memory: ``{"docs/a.md": "# A", ...}``; folders are implied by the paths,
    and ``folders`` adds empty ones."""

    def __init__(self, files: Mapping[str, str], folders: Iterable[str] = ()) -> None:
        self.files: Dict[str, str] = {"/".join(split(p)): t for p, t in files.items()}
        self._folders: Dict[str, Dict[str, bool]] = {"": {}}
        for folder in folders:
            self._add_folder(split(folder))
        for path in self.files:
            parts = split(path)
            self._add_folder(parts[:-1])
            self._folders["/".join(parts[:-1])][parts[-1]] = False

    def _add_folder(self, parts: List[str]) -> None:
        for i in range(len(parts)):
            parent = "/".join(parts[:i])
            self._folders.setdefault(parent, {})[parts[i]] = True
            self._folders.setdefault("/".join(parts[:i + 1]), {})

    def entries(self, folder: str) -> Optional[Mapping[str, bool]]:
        return self._folders.get("/".join(split(folder)))

    def read_text(self, path: str) -> Optional[str]:
        return self.files.get("/".join(split(path)))


class FsTree:
    """The tree under ``root`` on disk.  Symbolic links are followed; the ``.git`` folder is
    not listed (nothing links into it)."""

    def __init__(self, root: Union[str, "os.PathLike[str]"]) -> None:
        self.root = Path(root)

    def _path(self, rel: str) -> Path:
        return self.root.joinpath(*split(rel))

    def entries(self, folder: str) -> Optional[Mapping[str, bool]]:
        out: Dict[str, bool] = {}
        try:
            with os.scandir(self._path(folder)) as it:
                for entry in it:
                    if entry.name == ".git":
                        continue
                    try:
                        out[entry.name] = entry.is_dir()
                    except OSError:
                        out[entry.name] = False
        except OSError:  # missing, not a folder, not readable
            return None
        return out

    def read_text(self, path: str) -> Optional[str]:
        try:
            data = self._path(path).read_bytes()
        except OSError:
            return None
        if is_binary(data):
            return None
        return decode(data).text


def find_root(start: Union[str, "os.PathLike[str]"]) -> Optional[Path]:
    """The git top level holding ``start`` (the nearest folder with a ``.git`` folder or file),
    or None outside a repository."""
    here = Path(start).resolve()
    if not here.is_dir():
        here = here.parent
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return None


def git_config_text(root: Union[str, "os.PathLike[str]"]) -> Optional[str]:
    """The text of the repository's ``config`` file: ``.git/config``, or for a linked worktree
    (``.git`` is a file ``gitdir: ...``) the shared one its ``commondir`` names."""
    dot_git = Path(root) / ".git"
    try:
        if dot_git.is_file():
            line = dot_git.read_text(encoding="utf-8").strip()
            if not line.startswith("gitdir:"):
                return None
            git_dir = (Path(root) / line[len("gitdir:"):].strip()).resolve()
            common = git_dir / "commondir"
            if common.is_file():
                git_dir = (git_dir / common.read_text(encoding="utf-8").strip()).resolve()
        else:
            git_dir = dot_git
        return (git_dir / "config").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
