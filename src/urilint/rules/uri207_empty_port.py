"""URI207 empty-port."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from .base import NORMALIZATION, Analysis, CleanShape, Example, Rule, Sign
from .common import aspect_edits, normal_fix


def check(a: Analysis) -> Iterator[Finding]:
    for start, end, _ in aspect_edits(a, "empty-port")[:1]:  # one port per URI
        yield RULE.finding(start, end, "the port is empty; omit the ':'", normal_fix(a))


def screen(shape: CleanShape) -> bool:
    return shape.port == ""


RULE = Rule(
    code="URI207",
    name="empty-port",
    summary="A ':' after the host with no port",
    reference="RFC 3986 section 3.2.3 and section 6.2.3",
    fix_safety="safe",
    default=False,
    family=NORMALIZATION,
    severity="warning",
    screen=screen,
    signs=Sign.PORT,
    aspect="empty-port",
    doc="""\
## What it does
Reports an authority ending in `:` with no port (`https://example.com:/`) in an http, https, ws,
wss or ftp URI, in a network-path reference (`//example.com:/x`), and for a scheme with an
`extra-default-ports` entry.  Other schemes are not reported: their "host:port" need not be one
(`file://C:/Windows` is a drive letter, a database URL may list several hosts).

## Why is this bad?
"URI producers and normalizers should omit the port component and its ':' delimiter if port is
empty" (section 3.2.3).  It is usually the trace of a template whose port was left out.

## Example
`https://example.com:/x` -> `https://example.com/x`

## Fix safety
Safe for those schemes: an empty port means the default one (section 6.2.3).
""",
    bad=(
        Example("https://example.com:/x", "https://example.com/x"),
        Example("http://example.com:", "http://example.com/"),
        Example("//example.com:/x", "//example.com/x"),
    ),
    good=(
        "https://example.com/x",
        "https://example.com:8080/",
        "https://user:@example.com/",
        "https://[::1]/",
        "https://example.com/a:b",
        "urn:a:b:",
        "file://C:/Windows/",
        "foo://host:/",
        "redis://cache:/0",
    ),
    check=check,
)
