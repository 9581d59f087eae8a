"""One lazy index of the checked tree per run: folders listed once, anchors read once.

Nothing is read up front.  A lookup lists only the folders on the way to its target, each once
per index (cached), and a document's anchors are computed the first time a link names one of
its fragments, so a run costs the size of the folders and documents its links reach.

Names are compared exactly, as a case-sensitive file system (Linux, and every web server)
compares them; a name that matches only without case, or only after Unicode normalization
(NFC on Linux, NFD from macOS), is a *case* match: it works on a macOS or Windows checkout and
breaks everywhere else.

An index is not shared between processes; with ``-j`` each worker builds its own.  Within one
process the caches are plain dictionaries: concurrent threads may do a lookup twice, never wrongly.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Dict, FrozenSet, List, Mapping, NamedTuple, Optional, Tuple

from ..rfc3986 import lazy
from .anchors import BUILT_HEADINGS, INCLUDES
from .anchors import anchors as document_anchors
from .slugs import slugify
from .tree import Tree, split

#: Suffixes of the documents whose anchors are known, and their format.
DOCUMENT_SUFFIXES: Mapping[str, str] = {
    ".md": "markdown", ".markdown": "markdown", ".mdown": "markdown", ".mkd": "markdown",
    ".rst": "rst", ".rest": "rst",
    ".html": "html", ".htm": "html", ".xhtml": "html",
}


def document_format(path: str) -> Optional[str]:
    """The format of a document whose anchors can be checked, from its name; else None."""
    name = path.rsplit("/", 1)[-1].lower()
    dot = name.rfind(".")
    return DOCUMENT_SUFFIXES.get(name[dot:]) if dot > 0 else None


def fold(name: str) -> str:
    """The key under which names that only differ in case or normalization meet."""
    return unicodedata.normalize("NFC", name).casefold()


class Located(NamedTuple):
    """Where a repository path leads."""

    kind: str  #: "file", "folder", "case" (exists only with other case) or "missing"
    path: str  #: the path looked up
    actual: str = ""  #: "case": the existing path; "missing": the existing folder reached
    is_folder: bool = False  #: "case": whether the existing path is a folder
    missing_at: int = -1  #: "missing": the index of the first segment not found
    ambiguous: bool = False  #: "case": more than one name matches without case


class LinkIndex:
    """The files, folders and anchors of one tree, looked up lazily and cached."""

    def __init__(self, tree: Tree, anchor_style: str = "github") -> None:
        slugify("", anchor_style)  # validates the style
        self.tree = tree
        self.anchor_style = anchor_style
        self._entries: Dict[str, Optional[Mapping[str, bool]]] = {}
        self._folded: Dict[str, Dict[str, List[str]]] = {}
        self._anchors: Dict[str, Optional[FrozenSet[str]]] = {}
        #: the same tree's anchors in the other styles ("auto" asks them of a fragment it misses)
        self._other_styles: Dict[str, "LinkIndex"] = {}
        self._mkdocs: Optional[bool] = None
        self._site: Optional[Tuple[Optional[str]]] = None

    def entries(self, folder: str) -> Optional[Mapping[str, bool]]:
        """What ``folder`` holds (name -> is a folder), listed once; None if it is no folder."""
        key = "/".join(split(folder))
        if key not in self._entries:
            self._entries[key] = self.tree.entries(key)
        return self._entries[key]

    def _by_fold(self, folder: str) -> Dict[str, List[str]]:
        if folder not in self._folded:
            table: Dict[str, List[str]] = {}
            for name in self.entries(folder) or {}:
                table.setdefault(fold(name), []).append(name)
            self._folded[folder] = table
        return self._folded[folder]

    def locate(self, path: str) -> Located:
        """Whether ``path`` (repository-relative, decoded) exists, exactly or only by case."""
        parts = split(path)
        real: List[str] = []
        is_folder = True
        case = ambiguous = False
        for i, part in enumerate(parts):
            folder = "/".join(real)
            names = self.entries(folder) if is_folder else None
            if names is None:
                return Located("missing", path, folder, missing_at=i)
            if part in names:
                real.append(part)
                is_folder = names[part]
                continue
            others = self._by_fold(folder).get(fold(part), [])
            if not others:
                return Located("missing", path, folder, missing_at=i)
            case = True
            ambiguous = ambiguous or len(others) > 1
            real.append(sorted(others)[0])
            is_folder = names[real[-1]]
        actual = "/".join(real)
        if case:
            return Located("case", path, actual, is_folder, ambiguous=ambiguous)
        return Located("folder" if is_folder else "file", path, actual, is_folder)

    def builds_with_mkdocs(self) -> bool:
        """Whether the tree holds a MkDocs configuration at its root (``mkdocs.yml``): its pages
        may be read where MkDocs renders them, with Python-Markdown's anchors."""
        if self._mkdocs is None:
            self._mkdocs = any(self.locate(name).kind == "file" for name in ("mkdocs.yml", "mkdocs.yaml"))
        return self._mkdocs

    def anchors(self, path: str, style: Optional[str] = None) -> Optional[FrozenSet[str]]:
        """The anchors of the document at ``path`` (in ``style``, by default the index's);
        None when it is not a Markdown, reST or HTML document, or cannot be read."""
        key = "/".join(split(path))
        if style is not None and style != self.anchor_style:
            other = self._other_styles.get(style)
            if other is None:  # (built once per style: setdefault built one on every call)
                other = self._other_styles[style] = LinkIndex(self.tree, style)
                other._site = self._site
            return other.anchors(path)
        if key not in self._anchors:
            fmt = document_format(key)
            text = self.tree.read_text(key) if fmt is not None else None
            if fmt is not None and text is not None:
                text = self._rendered(fmt, key, text, (key,))
                built = BUILT_HEADINGS.get(fmt)
                if text is not None and built is not None and built(text):
                    text = None  # mkdocstrings, mkdocs-click: headings made at build time
            self._anchors[key] = (document_anchors(text, fmt, self.anchor_style)
                                  if fmt is not None and text is not None else None)
        return self._anchors[key]

    def _rendered(self, fmt: str, key: str, text: str, seen: Tuple[str, ...]) -> Optional[str]:
        """The text a renderer sees: each include (Markdown: pymdownx.snippets,
        ``--8<-- "file.md"``) replaced by the included file, so its headings and anchors count
        for the including page.  None when an included file cannot be read: the page's anchors
        are unknown."""
        finder = INCLUDES.get(fmt)
        includes = finder(text) if finder is not None else []
        if not includes:
            return text
        if len(seen) > 8:
            return None
        parts: List[str] = []
        pos = 0
        for start, end, names in includes:
            parts.append(text[pos:start])
            pos = end
            for name in names:
                found = self._snippet(key, name)
                if found is None:
                    return None
                path, included = found
                if path in seen:
                    continue  # an include cycle: the renderer stops it
                inner = self._rendered(fmt, path, included, seen + (path,))
                if inner is None:
                    return None
                parts.append(inner)
        parts.append(text[pos:])
        return "".join(parts)

    def _snippet(self, document: str, name: str) -> Optional[Tuple[str, str]]:
        """The path and text of an included file.  pymdownx.snippets resolves a name against
        its ``base_path``, by default the folder MkDocs runs in (taken to be the tree's root),
        and from version 10 also beside the including file; both are tried, in that order.
        URLs (``url_download``) and names out of the tree are not read."""
        if "://" in name:
            return None
        folder = split(document)[:-1]
        for base in ([], folder):
            parts: List[str] = list(base)
            for seg in name.replace("\\", "/").split("/"):
                if seg == "..":
                    if not parts:
                        break
                    parts.pop()
                elif seg not in ("", "."):
                    parts.append(seg)
            else:
                path = "/".join(parts)
                text = self.tree.read_text(path) if parts else None
                if text is not None:
                    return path, text
        return None

    def site_docs(self) -> Optional[str]:
        """The docs folder of an MkDocs site built with directory URLs (its default), from the
        ``mkdocs.yml`` at the tree's root (``docs_dir``, by default ``docs``): its page
        ``a/b.md`` is served at ``a/b/``.  None for any other tree."""
        if self._site is None:
            config = self.tree.read_text("mkdocs.yml")
            if config is None:
                config = self.tree.read_text("mkdocs.yaml")
            docs: Optional[str] = None
            if config is not None and not _NO_DIRECTORY_URLS.search(config):
                m = _DOCS_DIR.search(config)
                docs = "/".join(split(m.group(1))) if m is not None else "docs"
            self._site = (docs,)
        return self._site[0]

    def near_names(self, folder: str, name: str) -> Tuple[str, ...]:
        """The names in ``folder`` closest to ``name``, all of them when several tie: within a
        small edit distance (a typo), or the same name with a suffix added (``install`` for
        ``install.md``, counted as one edit)."""
        limit = max_distance(name)
        scored = []
        for n in self.entries(folder) or {}:
            if n == name:
                continue
            if n.startswith(name + ".") and "." not in n[len(name) + 1:]:
                scored.append((1, n))
                continue
            d = edit_distance(n, name, limit)
            if d <= limit:
                scored.append((d, n))
        if not scored:
            return ()
        best = min(d for d, _ in scored)
        return tuple(sorted(n for d, n in scored if d == best))


#: The suffixes MkDocs builds pages from (mkdocs.utils.markdown_extensions).
MKDOCS_PAGE_SUFFIXES: Tuple[str, ...] = (".markdown", ".mdown", ".mkdn", ".mkd", ".md")
_DOCS_DIR = lazy.compile(r"""^docs_dir:[ \t]*["']?([^"'#\s]+)""", re.M)
_NO_DIRECTORY_URLS = lazy.compile(r"^use_directory_urls:[ \t]*(?:false|False|no|off)\b", re.M)


def max_distance(word: str) -> int:
    """How many edits still read as a typo rather than another name: 1 for names of up to 5
    characters, 2 beyond (``instal.md`` for ``install.md``)."""
    return 1 if len(word) <= 5 else 2


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (insertions, deletions, substitutions, adjacent
    swaps), or ``limit + 1`` as soon as it is known to exceed ``limit``."""
    if abs(len(a) - len(b)) > limit or min(len(a), len(b)) > 200:
        return limit + 1  # no typo suggestion for a name this long: the table would be big
    prev2: List[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[len(b)]
