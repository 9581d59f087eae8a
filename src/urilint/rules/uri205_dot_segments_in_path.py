"""URI205 dot-segments-in-path."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from ..rfc3986 import lazy
from .base import NORMALIZATION, Analysis, CleanShape, Example, Rule, Sign
from .common import aspect_edits, normal_fix


def check(a: Analysis) -> Iterator[Finding]:
    if not aspect_edits(a, "dot-segments"):
        return
    start, end = a.span("path")
    yield RULE.finding(start, end, "the path has '.' or '..' segments; remove them", normal_fix(a))


_DOT_SEGMENT = lazy.compile(r"/\.\.?(?:/|$)")


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
    signs=Sign.DOTS,
    aspect="dot-segments",
    doc="""\
## What it does
Reports complete `.` and `..` segments in the path of an http, https, ws, wss or ftp URI, and
of a reference whose path is absolute (`/docs/./index.html`, `//cdn.example.com/a/../b.js`).
Not reported:

- relative paths (`../img.png`): the dots mean something until the reference is resolved;
- `file:` URIs: the path names a file, and the system that opens it resolves `..` after following
  symbolic links, so `/srv/link/../data` need not be `/srv/data`;
- database URLs and every scheme urilint does not know: `sqlite:///../data.db` is the file
  `../data.db` relative to the working directory, and `sqlite:///data.db` is another database.

## Why is this bad?
Dot-segments "are intended only for use within relative references" (section 6.2.2.3); in a URI
they make two spellings of one resource, and some servers do not remove them.  A reference
whose path starts with "/" loses them when it is resolved, whatever its base (section 5.2.2:
`T.path = remove_dot_segments(R.path)`), so removing them first names the same target.

## Example
`https://example.com/a/./b/../c` -> `https://example.com/a/c`

## Fix safety
Safe for those URIs and references: remove_dot_segments (section 5.2.4) gives the equivalent
path.  Not applied where the result would begin with "//" without an authority.
""",
    bad=(
        Example("https://example.com/a/./b/../c", "https://example.com/a/c"),
        Example("https://example.com/../x", "https://example.com/x"),
        Example("/docs/./index.html", "/docs/index.html"),
        Example("https://example.com/a/.", "https://example.com/a/"),
        Example("//cdn.example.com/a/../lib.js", "//cdn.example.com/lib.js"),
        Example("HTTP://Example.COM:80/a/../b", "http://example.com/b"),
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
        "sqlite:///../data.db",
        "sqlite:////srv/app/../data.db",
        "file:///srv/link/../data",
        "postgres://db.example.com/../app",
        "custom://host/a/../b",
        "jar:file:///srv/app.jar!/a/../b",
    ),
    check=check,
)
