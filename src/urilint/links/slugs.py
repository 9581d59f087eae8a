"""Heading slugs: the anchor a renderer gives a heading, per renderer (setting ``anchor-style``).

Each style takes the heading's *text content* (markup already rendered away, see
:func:`urilint.links.anchors.heading_text`) and follows one renderer's published behaviour:

``github`` (the default), as GitHub renders README and docs files (the behaviour github-slugger
reproduces, and comrak's ``header_ids`` implements):
  1. lowercase (Unicode lowercase: ``Ünï`` -> ``ünï``);
  2. drop every character that is not a letter (L*), a mark (M*), a number (N*), connector
     punctuation (Pc, so ``_`` stays), a space or ``-``: punctuation, symbols and emoji go;
  3. each space becomes ``-`` (no squeezing: ``a  b`` -> ``a--b``; no trimming of the ``-``
     left by a dropped emoji: ``😄 emoji`` -> ``-emoji``);
  4. duplicates: the first heading keeps its slug, the next ones get ``-1``, ``-2`` ...; a
     suffixed slug that is itself taken is suffixed again (``a``, ``a``, ``a-1`` -> ``a``,
     ``a-1``, ``a-1-1``).
  Non-ASCII letters are kept as they are (``Привет`` -> ``привет``).

``gitlab``, as GitLab's ``string_to_anchor`` (Banzai table-of-contents filter):
  strip, lowercase, drop what is not ``\\p{Word}`` (letters, marks, decimal digits, connector
  punctuation), ``-`` or space; spaces to ``-``; runs of ``-`` squeezed to one; a slug made
  only of digits gets the prefix ``anchor-`` (digits alone would read as issue references).
  Duplicates count per base slug: ``-1``, ``-2`` ...

``mkdocs``, as MkDocs renders by default (Python-Markdown's ``toc`` extension with its default
``slugify`` and ``unique``):
  NFKD-decompose and drop every non-ASCII character (``žlutý`` -> ``zluty``, ``Привет`` -> ``""``);
  drop what is not ``\\w``, whitespace or ``-``; strip; lowercase; runs of whitespace and ``-``
  become one ``-``.  Duplicates and empty slugs get ``_1``, ``_2`` ... (an underscore).
"""

from __future__ import annotations

import unicodedata
from typing import Dict, Set, Tuple

from ..rfc3986 import lazy

#: Every value the ``anchor-style`` setting accepts; the first is the default.  ``auto`` slugs
#: as ``github`` does, and in a tree with a ``mkdocs.yml`` a fragment that Python-Markdown's
#: slug of a heading matches is no missing anchor (MkDocs renders the page): never a "fix" to
#: a renderer the project does not use.
ANCHOR_STYLES: Tuple[str, ...] = ("auto", "github", "gitlab", "mkdocs")

_GITLAB_DASHES = lazy.compile(r"-{2,}")
_MKDOCS_DROP = lazy.compile(r"[^\w\s-]")
_MKDOCS_SEPARATORS = lazy.compile(r"[-\s]+")
_MKDOCS_COUNTED = lazy.compile(r"^(.*)_([0-9]+)$")


def _github_keeps(ch: str) -> bool:
    if ch == " " or ch == "-":
        return True
    cat = unicodedata.category(ch)
    return cat[0] in "LMN" or cat == "Pc"


def _gitlab_keeps(ch: str) -> bool:
    # Ruby's \p{Word}: letters, marks, decimal numbers (Nd, not every N), connector punctuation.
    if ch == " " or ch == "-":
        return True
    cat = unicodedata.category(ch)
    return cat[0] in "LM" or cat in ("Nd", "Pc")


def github_slug(text: str) -> str:
    """GitHub's slug of a heading's text, before duplicate numbering."""
    return "".join(ch for ch in text.lower() if _github_keeps(ch)).replace(" ", "-")


def gitlab_slug(text: str) -> str:
    """GitLab's slug of a heading's text, before duplicate numbering."""
    kept = "".join(ch for ch in text.strip().lower() if _gitlab_keeps(ch)).replace(" ", "-")
    kept = _GITLAB_DASHES.sub("-", kept)
    return "anchor-" + kept if kept.isdigit() and kept.isascii() else kept


def mkdocs_slug(text: str) -> str:
    """Python-Markdown's default ``toc`` slug (separator ``-``), before duplicate numbering."""
    ascii_only = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    value = _MKDOCS_DROP.sub("", ascii_only).strip().lower()
    return _MKDOCS_SEPARATORS.sub("-", value)


def slugify(text: str, style: str = "github") -> str:
    """The slug of one heading's text in ``style``, without duplicate numbering."""
    if style == "github" or style == "auto":
        return github_slug(text)
    if style == "gitlab":
        return gitlab_slug(text)
    if style == "mkdocs":
        return mkdocs_slug(text)
    raise ValueError(f"unknown anchor style {style!r}; expected one of {', '.join(ANCHOR_STYLES)}")


class Slugger:
    """Slugs for the headings of one document, in order, numbered as ``style`` numbers them."""

    def __init__(self, style: str = "github") -> None:
        slugify("", style)  # validates the style
        self.style = "github" if style == "auto" else style
        self.used: Set[str] = set()
        self._counts: Dict[str, int] = {}

    def reserve(self, anchor: str) -> None:
        """Mark an id as taken (Python-Markdown skips ids that elements already carry)."""
        self.used.add(anchor)

    def slug(self, text: str) -> str:
        """The unique slug of the next heading whose text is ``text``."""
        base = slugify(text, self.style)
        if self.style == "github":
            out = self._github_unique(base)
        elif self.style == "gitlab":
            n = self._counts.get(base, 0)
            self._counts[base] = n + 1
            out = f"{base}-{n}" if n else base
        else:
            out = self._mkdocs_unique(base)
        self.used.add(out)
        return out

    def _github_unique(self, base: str) -> str:
        # github-slugger: while the slug is taken, bump the base's counter and suffix it.
        out = base
        while out in self.used:
            n = self._counts.get(base, 0) + 1
            self._counts[base] = n
            out = f"{base}-{n}"
        return out

    def _mkdocs_unique(self, base: str) -> str:
        # Python-Markdown's toc.unique: "_1" then counting up, parsing an existing "_N" suffix.
        out = base
        while out in self.used or not out:
            m = _MKDOCS_COUNTED.match(out)
            out = f"{m.group(1)}_{int(m.group(2)) + 1}" if m else f"{out}_1"
        return out
