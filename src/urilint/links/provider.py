"""The link rules' view of the disk for one run: each file's tree, one lazy index per tree.

The pipeline is pure: it asks a :data:`~urilint.links.check.LinkProvider` where a file sits
and gets an index, the file's path in the tree and the link settings.  :class:`TreeLinks` is
that provider for files on disk, built by the CLI once per run:

- a file's tree is the git top level holding it (so a run on a few files, a commit hook,
  still resolves against the whole repository), else the folder the run started in;
- each tree gets one :class:`~urilint.links.index.LinkIndex`, built lazily: nothing is read
  until a link names a target;
- the repository's hosted URL is the ``hosted`` setting, or else read from the tree's git
  remote "origin".

With ``-j`` the provider travels to the worker processes inside each job; unpickled, it
becomes that process's single provider of the run (:func:`_in_this_process`), so each worker
builds each index once, however many files it checks.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

from ..settings import Settings
from .check import LinkSettings, Place
from .hosted import hosted_prefix
from .index import LinkIndex
from .tree import FsTree, find_root, git_config_text


def link_settings(settings: Settings, detected_hosted: Optional[str] = None) -> LinkSettings:
    """The link settings of a tree: the configured keys, and the hosted URL read from the
    tree's git remote when ``hosted`` is not configured."""
    if settings.hosted is not None:
        hosted = settings.hosted
    else:
        hosted = (detected_hosted,) if detected_hosted else ()
    return LinkSettings(anchor_style=settings.anchor_style, site_root=settings.site_root,
                        ignore_targets=settings.ignore_targets, hosted=hosted,
                        hosted_branches=settings.hosted_branches)


class TreeLinks:
    """The :data:`~urilint.links.check.LinkProvider` of one run over files on disk."""

    def __init__(self, settings: Settings, cwd: Optional[Path] = None, token: Optional[str] = None) -> None:
        self.settings = settings
        self.cwd = (cwd or Path.cwd()).resolve()  #: the root of files in no git repository
        self.token = token or uuid.uuid4().hex  #: names the run across worker processes
        self._roots: Dict[Path, Optional[Path]] = {}
        self._trees: Dict[Path, Tuple[LinkIndex, LinkSettings]] = {}

    def __call__(self, path: str) -> Optional[Place]:
        file = Path(path).resolve()
        root = self._root(file.parent)
        try:
            document = file.relative_to(root).as_posix()
        except ValueError:
            return None  # outside its tree (the run's folder, for files in no repository)
        index, settings = self._tree(root)
        return Place(index, document, settings)

    def _root(self, folder: Path) -> Path:
        if folder not in self._roots:
            self._roots[folder] = find_root(folder)
        return self._roots[folder] or self.cwd

    def _tree(self, root: Path) -> Tuple[LinkIndex, LinkSettings]:
        if root not in self._trees:
            detected = None
            if self.settings.hosted is None:
                config = git_config_text(root)
                detected = hosted_prefix(config) if config is not None else None
            self._trees[root] = (LinkIndex(FsTree(root), self.settings.anchor_style),
                                 link_settings(self.settings, detected))
        return self._trees[root]

    def __reduce__(self) -> Tuple[Any, Tuple[Settings, Path, str]]:
        # Its caches stay behind: a worker builds its own, once per run (see _in_this_process).
        return (_in_this_process, (self.settings, self.cwd, self.token))


#: The provider of each run in this process, by token: a worker process unpickles the same
#: provider with every job, and must find the indexes it already built.
_RUNS: Dict[str, TreeLinks] = {}


def _in_this_process(settings: Settings, cwd: Path, token: str) -> TreeLinks:
    provider = _RUNS.get(token)
    if provider is None:
        provider = _RUNS[token] = TreeLinks(settings, cwd, token)
    return provider
