"""URI208 empty-path."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from .base import NORMALIZATION, Analysis, CleanShape, Example, Rule, Sign
from .common import aspect_edits, normal_fix


def check(a: Analysis) -> Iterator[Finding]:
    for start, _, _ in aspect_edits(a, "empty-path")[:1]:  # one path per URI
        message = "the path is empty; a web URI's normal form has '/'"
        yield RULE.finding(max(0, start - 1), start, message, normal_fix(a))


def screen(shape: CleanShape) -> bool:
    return shape.scheme is not None and shape.path is None


RULE = Rule(
    code="URI208",
    name="empty-path",
    summary="An http(s), ws(s) or ftp URI with an authority and an empty path (off by default)",
    reference="RFC 3986 section 6.2.3; RFC 9110 section 4.2.3",
    fix_safety="safe",
    default=False,
    family=NORMALIZATION,
    severity="warning",
    screen=screen,
    signs=Sign.EMPTY_PATH,
    aspect="empty-path",
    doc="""\
## What it does
Reports `https://example.com` (no path), whose normal form is `https://example.com/`, for the
schemes whose specifications make an empty path mean "/": http, https (RFC 9110 section 4.2.3),
ws, wss (RFC 6455 section 3) and ftp (RFC 1738 section 3.2.2).

An authority that ends in a placeholder (`http://{host}`, `http://%s%s`) is not reported: the
slot may hold the path too.

## Why is this bad?
Section 6.2.3: for http, an empty path is equivalent to "/", and normalizers should use "/".
Off by default: the short form is everywhere and harmless.

## Example
`https://example.com` -> `https://example.com/`

## Fix safety
Safe for those schemes (section 6.2.3).
""",
    bad=(
        Example("https://example.com", "https://example.com/"),
        Example("http://example.com?q=1", "http://example.com/?q=1"),
        Example("wss://example.com#f", "wss://example.com/#f"),
        Example("https://{tenant}.example.com"),
    ),
    good=(
        "https://example.com/",
        "foo://example.com",
        "mailto:a@example.com",
        "file:///etc",
        "https://example.com/x",
        "urn:x:y",
        "//example.com",
        "postgres://db.example.com",
        "http://{host}",
        "http://%s%s",
        "https://${HOST}",
    ),
    check=check,
)
