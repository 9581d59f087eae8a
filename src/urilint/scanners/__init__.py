"""Scanners: find every URI a reader sees in a file, with its exact source position.

``extract(text, format)`` is the one entry point; ``format_for_path(name)`` picks the format
from a file name.  One module per format (text, markdown, rst, html, config, json); the plain
text scanner (RFC 3986 Appendix C) is the prose scanner every other one reuses.  Scanners know
nothing about rules: they return :class:`~urilint.candidate.Candidate` values, sorted by start.

Contexts: "bare", "quoted", "angle" (prose, RFC 3986 Appendix C), "markdown-link",
"markdown-image", "reference-definition", "autolink", "html-attribute", "rst-link", "comment",
"value" (a config or JSON value), "front-matter"; the Python scanner adds its own.
``decode``/``is_binary`` turn a file's bytes into the text to scan (no I/O here), and
``positions.LineIndex`` maps offsets to lines and columns.
"""

from __future__ import annotations

import importlib
from typing import Callable, Dict, List, cast

from ..candidate import Candidate
from .decoding import DecodedText, decode, is_binary

__all__ = ["FORMATS", "Candidate", "DecodedText", "decode", "extract", "format_for_path", "is_binary"]

#: Every format name ``extract`` accepts ("python" belongs to the Python scanner).
FORMATS = ("markdown", "rst", "html", "yaml", "toml", "json", "ini", "env", "shell", "text", "python")

_BY_SUFFIX: Dict[str, str] = {
    ".md": "markdown", ".markdown": "markdown", ".mdx": "markdown", ".mdown": "markdown",
    ".mkd": "markdown", ".qmd": "markdown", ".rmd": "markdown",
    ".rst": "rst", ".rest": "rst",
    ".html": "html", ".htm": "html", ".xhtml": "html", ".xml": "html", ".svg": "html",
    ".yaml": "yaml", ".yml": "yaml",
    ".toml": "toml",
    ".json": "json", ".jsonc": "json", ".geojson": "json", ".webmanifest": "json",
    ".ini": "ini", ".cfg": "ini", ".conf": "ini", ".properties": "ini",
    ".env": "env",
    ".sh": "shell", ".bash": "shell", ".zsh": "shell", ".ksh": "shell",
    ".py": "python", ".pyi": "python",
    ".txt": "text",
}
_BY_NAME: Dict[str, str] = {
    ".env": "env", ".bashrc": "shell", ".bash_profile": "shell", ".profile": "shell",
    ".zshrc": "shell", ".gitconfig": "ini", ".editorconfig": "ini", "setup.cfg": "ini",
    "tox.ini": "ini", "pipfile": "toml", "cargo.lock": "toml",
}


def format_for_path(name: str) -> str:
    """The format of a file, from its name alone ("text" for anything unknown)."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if base in _BY_NAME:
        return _BY_NAME[base]
    if base.startswith(".env.") or base.endswith(".env"):
        return "env"  # .env.local, .env.production, prod.env
    dot = base.rfind(".")
    if dot > 0 or (dot == 0 and base.count(".") > 1):
        return _BY_SUFFIX.get(base[dot:], "text")
    return "text"


#: format -> the module (in this package) that scans it.
_MODULES: Dict[str, str] = {
    "text": "text", "markdown": "markdown", "rst": "rst", "html": "html", "json": "json",
    "yaml": "config", "toml": "config", "ini": "config", "env": "config", "shell": "config",
    "python": "python",  # written with the Python scanner
}
Scan = Callable[[str, bool], List[Candidate]]


def _scanner(format: str) -> Scan:
    """The scan function of a format: ``scan_<format>`` if its module has one, else ``scan``.

    Modules are imported on demand: a run that reads only YAML never builds the Markdown tables."""
    if format not in _MODULES:
        raise ValueError(f"unknown format {format!r}; expected one of {', '.join(FORMATS)}")
    module = importlib.import_module(f"{__name__}.{_MODULES[format]}")
    return cast(Scan, getattr(module, f"scan_{format}", None) or getattr(module, "scan"))


def extract(text: str, format: str, *, include_code: bool = False) -> List[Candidate]:
    """Every URI candidate of ``text`` read as ``format``, sorted by source position.

    With ``include_code``, URIs inside code spans and blocks (and Markdown HTML comments) are
    reported too, with ``in_code=True``."""
    found = _scanner(format)(text, include_code)
    found.sort(key=lambda c: (c.start, c.end))
    return found
