"""URI206 default-port."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from ..rfc3986.schemes import DEFAULT_PORTS
from .base import NORMALIZATION, Analysis, CleanShape, Example, Rule, Sign
from .common import aspect_edits, normal_fix


def check(a: Analysis) -> Iterator[Finding]:
    edits = aspect_edits(a, "default-port")
    for start, end, _ in edits[:1]:  # one port per URI
        yield RULE.finding(start, end, f"':{a.ref.port}' is the default port of {a.scheme}; omit it", normal_fix(a))


def screen(shape: CleanShape) -> bool:
    return (shape.port is not None and shape.scheme is not None
            and int(shape.port) == DEFAULT_PORTS.get(shape.scheme))


RULE = Rule(
    code="URI206",
    name="default-port",
    summary="The scheme's default port written out (':80' on http, ':443' on https ...)",
    reference="RFC 3986 section 3.2.3 and section 6.2.3",
    fix_safety="safe",
    default=False,
    family=NORMALIZATION,
    severity="warning",
    screen=screen,
    signs=Sign.PORT,
    aspect="default-port",
    doc="""\
## What it does
Reports a port equal to the scheme's default: http and ws 80, https and wss 443, ftp 21 (their
specifications say a missing port means that one), plus any `extra-default-ports` from the
configuration.  A relative reference (`//host:80/`) is not reported: its scheme, and so its
default port, is its base's.

## Why is this bad?
"URI producers and normalizers should omit the port component ... if its value is the same as
the default port for the scheme" (section 3.2.3).

## Example
`https://example.com:443/` -> `https://example.com/`

## Fix safety
Safe for those schemes (section 6.2.3; RFC 9110 section 4.2.3, RFC 6455 section 3, RFC 1738
section 3.2).
""",
    bad=(
        Example("https://example.com:443/", "https://example.com/"),
        Example("http://example.com:80/x", "http://example.com/x"),
        Example("ws://example.com:80/", "ws://example.com/"),
        Example("ftp://example.com:21/f", "ftp://example.com/f"),
    ),
    good=(
        "https://example.com:8443/",
        "http://example.com:443/",
        "https://example.com/",
        "redis://localhost:6379/0",
        "https://example.com:{port}/",
        "foo://example.com:80/",
        "//example.com:80/",
        "postgres://db.example.com:5432/app",
    ),
    check=check,
)
