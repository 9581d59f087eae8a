"""URI205 dot-segments-in-path."""

from __future__ import annotations

import re
from typing import Iterator

from ..finding import Finding
from .base import NORMALIZATION, Analysis, CleanShape, Example, Rule
from .common import aspect_edits, normal_fix


def check(a: Analysis) -> Iterator[Finding]:
    if not aspect_edits(a, "dot-segments"):
        return
    start, end = a.span("path")
    yield RULE.finding(start, end, "the path has '.' or '..' segments; remove them", normal_fix(a))


_DOT_SEGMENT = re.compile(r"/\.\.?(?:/|$)")


def screen(shape: CleanShape) -> bool:
    """Dot-segments are removed from a URI's path, and from a relative reference's only when it
    is an absolute path (a relative path's are resolved against a base first)."""
    path = shape.path
    if not path or "/." not in path or (shape.scheme is None and not path.startswith("/")):
        return False
    return _DOT_SEGMENT.search(path) is not None


RULE = Rule(
    code="URI205",
    name="dot-segments-in-path",
    summary="'.' or '..' segments in the path of a URI or of an absolute-path reference",
    reference="RFC 3986 section 5.2.4 and section 6.2.2.3",
    fix_safety="safe",
    default=False,
    family=NORMALIZATION,
    severity="warning",
    screen=screen,
    aspect="dot-segments",
    doc="""\
## What it does
Reports complete `.` and `..` segments in the path of a URI with a scheme, or of a reference
whose path is absolute.  Relative paths (`../img.png`) are not reported: there the dots mean
something until the reference is resolved.

## Why is this bad?
Dot-segments "are intended only for use within relative references" (section 6.2.2.3); in a URI
they make two spellings of one resource, and some servers do not remove them.

## Example
`https://example.com/a/./b/../c` -> `https://example.com/a/c`

## Fix safety
Safe: remove_dot_segments (section 5.2.4) gives the equivalent path.  Not applied where the result
would begin with "//" without an authority.
""",
    bad=(
        Example("https://example.com/a/./b/../c", "https://example.com/a/c"),
        Example("https://example.com/../x", "https://example.com/x"),
        Example("/docs/./index.html", "/docs/index.html"),
        Example("https://example.com/a/.", "https://example.com/a/"),
    ),
    good=(
        "../img/logo.png",
        "./index.html",
        "https://example.com/a/.hidden/..x/",
        "https://example.com/?q=../x",
        "https://example.com/#./a/../b",
        "https://example.com/...",
        "docs/../README.md",
        "https://example.com/b c/../d",
    ),
    check=check,
)
