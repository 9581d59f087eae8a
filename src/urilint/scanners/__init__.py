"""Scanners: find every URI a reader sees in a file, with its exact source position.

Each format is one module exporting a :class:`~urilint.scanners.base.Format` record, and one
line in :data:`REGISTRY` below: its name, where its record is, and the file names and suffixes it
claims.  Modules are imported on first use, so a run that reads only YAML never builds the
Markdown tables.  ``extract(text, format)`` is the one entry point for candidates;
``format_for_path(name)`` picks the format from a file name.  The plain text scanner (RFC 3986
Appendix C) is the prose scanner every other one reuses.  Scanners know nothing about rules:
they return :class:`~urilint.candidate.Candidate` values, sorted by start.

Contexts: "bare", "quoted", "angle" (prose, RFC 3986 Appendix C), "markdown-link",
"markdown-image", "reference-definition", "autolink", "html-attribute", "rst-link", "comment",
"value" (a config or JSON value), "front-matter"; the Python scanner adds its own.
``decode``/``is_binary`` turn a file's bytes into the text to scan (no I/O here), and
``positions.LineIndex`` maps offsets to lines and columns.
"""

from __future__ import annotations

import importlib
from typing import Dict, List, NamedTuple, Tuple, Union

from .. import globs
from ..candidate import Candidate
from ..settings import DEFAULT_SETTINGS, Settings
from .base import Format
from .decoding import DecodedText, decode, is_binary
from .text import split_lists

__all__ = ["FORMATS", "REGISTRY", "Candidate", "Claim", "DecodedText", "Format", "Registry", "decode",
           "extract", "format_for_path", "get", "is_binary"]


class Claim(NamedTuple):
    """A format's line in the registry: its name, ``"module:ATTRIBUTE"`` of its Format record
    (a module of this package, or a dotted module path), and the files it claims."""

    name: str
    record: str
    suffixes: Tuple[str, ...] = ()  #: lowercased, with the dot: ".md"
    names: Tuple[str, ...] = ()  #: whole lowercased file names: "tox.ini"
    globs: Tuple[str, ...] = ()  #: lowercased file-name globs, tried after names: ".env.*"


class Registry:
    """The formats urilint reads; never changed (``with_claim`` makes a new one)."""

    __slots__ = ("claims", "fallback", "_by_suffix", "_by_name", "_by_format")

    def __init__(self, claims: Tuple[Claim, ...], fallback: str = "text") -> None:
        self.claims = claims
        self.fallback = fallback  #: the format of a file no claim matches
        self._by_suffix: Dict[str, str] = {}
        self._by_name: Dict[str, str] = {}
        for claim in claims:
            for suffix in claim.suffixes:
                self._by_suffix.setdefault(suffix, claim.name)
            for name in claim.names:
                self._by_name.setdefault(name, claim.name)
        self._by_format = {c.name: c for c in claims}

    @property
    def names(self) -> Tuple[str, ...]:
        return tuple(c.name for c in self.claims)

    def with_claim(self, claim: Claim) -> "Registry":
        """This registry with one more format, which wins over the existing ones."""
        return Registry((claim,) + self.claims, self.fallback)

    def for_path(self, name: str) -> str:
        """The format of a file, from its name alone (the fallback for anything unknown)."""
        base = name.replace("\\", "/").rsplit("/", 1)[-1].lower()
        if base in self._by_name:
            return self._by_name[base]
        for claim in self.claims:
            if any(globs.match(base, glob) for glob in claim.globs):
                return claim.name
        dot = base.rfind(".")
        if dot > 0 or (dot == 0 and base.count(".") > 1):
            return self._by_suffix.get(base[dot:], self.fallback)
        return self.fallback

    def get(self, name: str) -> Format:
        """The Format record of a format name (its module imported on first use)."""
        claim = self._by_format.get(name)
        if claim is None:
            raise ValueError(f"unknown format {name!r}; expected one of {', '.join(self.names)}")
        module_name, _, attribute = claim.record.partition(":")
        if "." not in module_name:
            module_name = f"{__name__}.{module_name}"
        record = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(record, Format):
            raise TypeError(f"{claim.record} is not a Format record")
        return record


#: Every format urilint reads.  Adding a format: a module exporting its Format record, and one
#: line here.
REGISTRY = Registry((
    Claim("markdown", "markdown:FORMAT",
          suffixes=(".md", ".markdown", ".mdx", ".mdown", ".mkd", ".qmd", ".rmd")),
    Claim("rst", "rst:FORMAT", suffixes=(".rst", ".rest")),
    Claim("html", "html:FORMAT", suffixes=(".html", ".htm", ".xhtml", ".xml", ".svg")),
    Claim("yaml", "config:YAML", suffixes=(".yaml", ".yml")),
    Claim("toml", "config:TOML", suffixes=(".toml",), names=("pipfile", "cargo.lock")),
    Claim("json", "json:FORMAT", suffixes=(".json", ".jsonc", ".geojson", ".webmanifest"),
          globs=("*.js.map", "*.mjs.map", "*.cjs.map", "*.css.map")),  # source maps are JSON
    Claim("gettext", "gettext:FORMAT", suffixes=(".po", ".pot")),
    Claim("ini", "config:INI", suffixes=(".ini", ".cfg", ".conf", ".properties"),
          names=(".gitconfig", ".editorconfig", "setup.cfg", "tox.ini")),
    Claim("env", "config:ENV", suffixes=(".env",), names=(".env",), globs=(".env.*", "*.env")),
    Claim("shell", "config:SHELL", suffixes=(".sh", ".bash", ".zsh", ".ksh"),
          names=(".bashrc", ".bash_profile", ".profile", ".zshrc")),
    Claim("text", "text:FORMAT", suffixes=(".txt",)),
    # Core metadata: headers, then the long description in its own markup.
    Claim("metadata", "metadata:FORMAT", names=("pkg-info", "metadata")),
    # Manual pages by section ("git.1", "npmrc.5", "ssl.1ssl", "Foo.3pm") and roff sources.
    # (Suffixes, not globs: a glob with "[" costs fnmatch a compiled pattern at start-up.)
    Claim("roff", "roff:FORMAT", suffixes=tuple(f".{n}" for n in range(1, 10)) + (
        ".1p", ".3p", ".3pm", ".1ssl", ".3ssl", ".5ssl", ".7ssl", ".man", ".roff", ".groff", ".mdoc")),
    Claim("python", "python:FORMAT", suffixes=(".py", ".pyi")),
    Claim("notebook", "notebook:FORMAT", suffixes=(".ipynb",)),
))

#: Every format name ``extract`` accepts.
FORMATS = REGISTRY.names

_WITH_CODE = Settings(include_code_blocks=True)


def format_for_path(name: str) -> str:
    """The format of a file, from its name alone ("text" for anything unknown)."""
    return REGISTRY.for_path(name)


def get(format: Union[str, Format]) -> Format:
    """The Format record of a format name (a record is returned as it is)."""
    return format if isinstance(format, Format) else REGISTRY.get(format)


def extract(text: str, format: Union[str, Format], *, include_code: bool = False) -> List[Candidate]:
    """Every URI candidate of ``text`` read as ``format``, sorted by source position.

    With ``include_code``, URIs inside code spans and blocks (and Markdown HTML comments) are
    reported too, with ``in_code=True``."""
    return scan(text, get(format), _WITH_CODE if include_code else DEFAULT_SETTINGS)


def scan(text: str, format: Format, settings: Settings) -> List[Candidate]:
    """The candidates of ``text`` read as ``format`` with the file-level ``settings``, sorted.

    Whatever the format, a candidate that holds a list of URIs or of hosts is split here, once
    (text.split_lists: where a URI ends does not depend on the format that found it)."""
    found = split_lists(format.scan(text, settings))
    if not settings.include_code_blocks:
        # (A scanner may read prose as code as it goes, a quoted mention: text.scan_prose.)
        found = [c for c in found if not c.in_code]
    found.sort(key=lambda c: (c.start, c.end))
    return found
