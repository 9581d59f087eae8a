"""Whole trees on disk: Markdown, reST and HTML documents with relative, nested and ``..``
links, checked through the real file system, on a subset, lazily, and on a case-sensitive
file system."""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Mapping, Optional, Set, Tuple

import pytest

from urilint.links.check import LinkSettings, check_links
from urilint.links.hosted import hosted_prefix
from urilint.links.index import LinkIndex
from urilint.links.tree import DictTree, FsTree, Tree, find_root, git_config_text
from urilint.scanners import extract, format_for_path

TREE: Dict[str, str] = {
    "README.md": (
        "# Project\n\n"
        "[Install](docs/install.md) [Setup](docs/setup.md) ![Logo](img/Logo.png)\n"
        "[API](docs/api.md#autentication) [Guide](docs/guide/index.rst#setting-up)\n"
        "[Site](site/index.html#top) [Hosted](https://github.com/acme/widget/blob/main/docs/instal.md)\n"
        "```\n[in code](docs/nowhere.md)\n```\n"
    ),
    "docs/install.md": (
        "# Install\n\n## Linux\n\n"
        "[back](../README.md#project) [api](api.md#authentication) [deep](guide/deep/page.md)\n"
        "[logo](../img/logo.png) [outside](../../outside.md) [typo](../READNE.md)\n"
    ),
    "docs/api.md": "# API\n\n## Authentication\n\n### The `token()` call\n\n[ok](#the-token-call) [bad](#the-token)\n",
    "docs/guide/index.rst": (
        "Setting up\n==========\n\n.. _deep-dive:\n\n.. image:: ../../img/Logo.png\n\n"
        "See `install <../install.md#linux>`_ and `api <../api.md#nope>`_.\n"
    ),
    "docs/guide/deep/page.md": "[rst](../index.rst#deep-dive) [rst bad](../index.rst#deep) [up](../../../README.md)\n",
    "site/index.html": (
        '<h1 id="top">Top</h1><a href="../docs/install.md#linux">i</a><img src="../img/logo.png">'
        '<a href="missing.html">m</a><a href="#top">t</a><a href="#bottom">b</a>'
    ),
    "img/logo.png": "",
}
EXPECTED: Set[Tuple[str, str, str, Optional[str]]] = {
    ("README.md", "URI401", "docs/setup.md", None),
    ("README.md", "URI403", "img/Logo.png", "img/logo.png"),
    ("README.md", "URI402", "docs/api.md#autentication", "docs/api.md#authentication"),
    ("README.md", "URI401", "https://github.com/acme/widget/blob/main/docs/instal.md",
     "https://github.com/acme/widget/blob/main/docs/install.md"),
    ("docs/install.md", "URI401", "../READNE.md", "../README.md"),
    ("docs/api.md", "URI402", "#the-token", None),
    ("docs/guide/index.rst", "URI403", "../../img/Logo.png", "../../img/logo.png"),
    ("docs/guide/index.rst", "URI402", "../api.md#nope", None),
    ("docs/guide/deep/page.md", "URI402", "../index.rst#deep", None),
    ("site/index.html", "URI401", "missing.html", None),
    ("site/index.html", "URI402", "#bottom", None),
}
GIT_CONFIG = '[core]\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:acme/widget.git\n'


def write_tree(root: Path, files: Mapping[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / ".git").mkdir(exist_ok=True)
    (root / ".git" / "config").write_text(GIT_CONFIG)


def check_tree(tree: Tree, documents: List[str], settings: LinkSettings) -> Set[Tuple[str, str, str, Optional[str]]]:
    index = LinkIndex(tree, settings.anchor_style)
    out = set()
    for doc in documents:
        text = tree.read_text(doc)
        assert text is not None
        for lf in check_links(index, doc, text, extract(text, format_for_path(doc)), settings):
            out.add((doc, lf.finding.code, lf.candidate.uri, lf.finding.fix))
    return out


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    write_tree(tmp_path, TREE)
    return tmp_path


def settings_for(root: Path) -> LinkSettings:
    config = git_config_text(root)
    assert config is not None
    prefix = hosted_prefix(config)
    assert prefix == "https://github.com/acme/widget"
    return LinkSettings(hosted=(prefix,))


def test_disk_tree_findings(repo: Path) -> None:
    assert check_tree(FsTree(repo), sorted(TREE), settings_for(repo)) == EXPECTED


def test_dict_tree_agrees_with_disk(repo: Path) -> None:
    settings = settings_for(repo)
    assert check_tree(DictTree(TREE), sorted(TREE), settings) == check_tree(FsTree(repo), sorted(TREE), settings)


@pytest.mark.parametrize("folder", ["", "docs", "docs/guide", "img", "missing", "README.md"])
def test_trees_list_alike(repo: Path, folder: str) -> None:
    disk = FsTree(repo).entries(folder)
    memory = DictTree(TREE).entries(folder)
    assert (dict(disk) if disk is not None else None) == (dict(memory) if memory is not None else None)


def test_subset_resolves_against_the_whole_root(repo: Path) -> None:
    # A run on one nested file still sees the rest of the repository.
    nested = repo / "docs" / "guide" / "deep" / "page.md"
    root = find_root(nested)
    assert root == repo.resolve()
    found = check_tree(FsTree(root), ["docs/guide/deep/page.md"], settings_for(root))
    assert found == {e for e in EXPECTED if e[0] == "docs/guide/deep/page.md"}


class CountingTree:
    """A tree that records every question asked of it."""

    def __init__(self, inner: Tree) -> None:
        self.inner = inner
        self.listed: List[str] = []
        self.read: List[str] = []

    def entries(self, folder: str) -> Optional[Mapping[str, bool]]:
        self.listed.append(folder)
        return self.inner.entries(folder)

    def read_text(self, path: str) -> Optional[str]:
        self.read.append(path)
        return self.inner.read_text(path)


def test_index_is_lazy_and_cached(repo: Path) -> None:
    tree = CountingTree(FsTree(repo))
    index = LinkIndex(tree)
    text = TREE["README.md"]
    check_links(index, "README.md", text, extract(text, "markdown"), settings_for(repo))
    check_links(index, "README.md", text, extract(text, "markdown"), settings_for(repo))
    # Only the documents whose fragments are named are read, each once.
    assert sorted(tree.read) == ["docs/api.md", "docs/guide/index.rst", "site/index.html"]
    # Each folder is listed at most once; folders no link reaches are never listed.
    assert len(tree.listed) == len(set(tree.listed))
    assert "docs/guide/deep" not in tree.listed


def test_case_mismatch_on_a_case_sensitive_file_system(tmp_path: Path) -> None:
    write_tree(tmp_path, {"img/logo.png": "", "README.md": "![Logo](img/Logo.png)\n"})
    if (tmp_path / "img" / "Logo.png").exists():
        pytest.skip("this file system ignores case")
    # The premise: on this file system the link does not open ...
    assert not (tmp_path / "img" / "Logo.png").exists()
    # ... and the rule says so, with the name the tree has.
    found = check_tree(FsTree(tmp_path), ["README.md"], LinkSettings())
    assert found == {("README.md", "URI403", "img/Logo.png", "img/logo.png")}


def test_case_mismatch_without_case_sensitivity_in_the_tree(tmp_path: Path) -> None:
    # Listings compare names exactly, so the answer does not depend on the file system.
    write_tree(tmp_path, {"img/logo.png": "", "README.md": "![Logo](img/Logo.png)\n"})
    index = LinkIndex(FsTree(tmp_path))
    assert index.locate("img/Logo.png").kind == "case"
    assert index.locate("img/logo.png").kind == "file"


def test_binary_and_unreadable_targets(tmp_path: Path) -> None:
    write_tree(tmp_path, {"README.md": "[x](page.html#a)\n"})
    (tmp_path / "page.html").write_bytes(b"\x00\x01<a id='b'>")
    assert check_tree(FsTree(tmp_path), ["README.md"], LinkSettings()) == set()


def test_git_config_of_a_linked_worktree(tmp_path: Path) -> None:
    main = tmp_path / "main"
    write_tree(main, {"README.md": ""})
    gitdir = main / ".git" / "worktrees" / "wt"
    gitdir.mkdir(parents=True)
    (gitdir / "commondir").write_text("../..\n")
    wt = tmp_path / "wt"
    wt.mkdir()
    (wt / ".git").write_text(f"gitdir: {gitdir}\n")
    assert find_root(wt) == wt.resolve()
    config = git_config_text(wt)
    assert config is not None and hosted_prefix(config) == "https://github.com/acme/widget"


def test_outside_a_repository(tmp_path: Path) -> None:
    assert git_config_text(tmp_path) is None
