"""Core metadata files (``PKG-INFO`` in an sdist, ``METADATA`` in a wheel's ``.dist-info``).

Such a file is email-style headers (``Home-page:``, ``Project-URL:``), a blank line, then the
project's long description, written in the markup its ``Description-Content-Type`` header
names: ``text/markdown``, ``text/x-rst`` (the default when the header is absent) or
``text/plain`` (the Core Metadata specification, version 2.1 and later).  Read as plain text,
a README's Markdown tables and reST code blocks were reported as broken URIs; so the headers
are read as plain text and the description in its own markup.

Each part is scanned in a copy of the whole text where the other part is blanked (every
character but line breaks becomes a space): offsets, lines and columns stay those of the file,
with no mapping between them.
"""

from __future__ import annotations

import re
from typing import List, Tuple

from ..candidate import Candidate
from ..finding import Edit
from ..rfc3986 import lazy
from ..settings import Settings
from . import markdown, rst, text
from .base import HASH_COMMENT, HTML_COMMENT, Format

#: The end of the headers: the first empty line.
_HEADERS_END = lazy.compile(r"\r?\n\r?\n|\r\r")
_CONTENT_TYPE = lazy.compile(r"^Description-Content-Type:[ \t]*([^\r\n;]*)", re.I | re.M)
_NOT_A_BREAK = lazy.compile(r"[^\r\n]")


def _parts(source: str) -> Tuple[int, Format]:
    """Where the description starts (len(source) when there is none) and its format.  A file
    that does not start with its ``Metadata-Version`` header is some other "METADATA": text."""
    if not source.lstrip("\ufeff").startswith("Metadata-Version:"):
        return len(source), text.FORMAT
    m = _HEADERS_END.search(source)
    body = m.end() if m is not None else len(source)
    found = _CONTENT_TYPE.search(source, 0, body)
    kind = found.group(1).strip().lower() if found is not None else "text/x-rst"
    if kind == "text/markdown":
        return body, markdown.FORMAT
    if kind == "text/plain":
        return body, text.FORMAT
    return body, rst.FORMAT


def _blank(part: str) -> str:
    return _NOT_A_BREAK.sub(" ", part)


def scan(source: str, settings: Settings) -> List[Candidate]:
    body, description = _parts(source)
    found = text.FORMAT.scan(source[:body] + _blank(source[body:]), settings)
    if body < len(source):
        found.extend(description.scan(_blank(source[:body]) + source[body:], settings))
    return found


def keeps_markup(source: str, candidate: Candidate, new_uri: str, edit: Edit) -> bool:
    """The description's own test (Markdown's emphasis beside a bare URI...); headers: any."""
    body, description = _parts(source)
    if candidate.start < body or description.keeps_markup is None:
        return True
    return description.keeps_markup(source, candidate, new_uri, edit)


FORMAT = Format("metadata", scan, suppressions=frozenset({HASH_COMMENT, HTML_COMMENT}), keeps_markup=keeps_markup)
