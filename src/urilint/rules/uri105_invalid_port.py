"""URI105 invalid-port."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from ..rfc3986 import grammar, lazy
from .base import MALFORMED, Analysis, CleanShape, Example, Rule, Sign
from .common import PORT, problems_for

#: A port spelled as a name: documentation's placeholder for a number ("port", "PORT_NUMBER",
#: minio's "STS-PORT").
_WORD = lazy.compile("[A-Za-z_][A-Za-z_-]*")


def check(a: Analysis) -> Iterator[Finding]:
    port, span = a.ref.port, a.ref.span("port")
    if port is None or span is None or a.in_placeholder(*span):
        return
    if _WORD.fullmatch(port):
        return  # "host:port", "HOST:PORT_NUMBER": a word written where a number goes, in a template
    for p in problems_for(a, PORT):
        yield RULE.finding(p.offset, span[1], p.message)
        return
    if port and all(c in grammar.DIGIT for c in port):
        # Length first: int() of a 5,000-digit port raises (Python's 4,300-digit limit).
        digits = port.lstrip("0") or "0"
        if len(digits) > 5 or int(digits) > 65535:
            shown = digits if len(digits) <= 12 else f"{digits[:8]}... ({len(digits)} digits)"
            yield RULE.finding(span[0], span[1], f"port {shown} is out of range: TCP and UDP ports end at 65535")


def screen(shape: CleanShape) -> bool:
    return shape.port is not None and int(shape.port) > 65535


RULE = Rule(
    code="URI105",
    name="invalid-port",
    summary="A port that is not a number, or is over 65535",
    reference="RFC 3986 section 3.2.3 (port = *DIGIT); RFC 793 and RFC 768 (16-bit ports)",
    fix_safety="none",
    default=True,
    family=MALFORMED,
    severity="error",
    screen=screen,
    signs=Sign.PORT,
    doc="""\
## What it does
Reports a port with anything but ASCII digits, and a numeric port over 65535.

## Why is this bad?
No connection can be made; a letter in the port is usually a typo or a host name glued on.

## Example
`http://example.com:8o80/`, `http://example.com:99999/`

## Fix safety
No fix.  `{port}`, `${PORT}` and a port written as a word (`host:port` in documentation) are
slots and are not reported.
""",
    bad=(
        Example("http://example.com:8o80/"),
        Example("http://example.com:99999/"),
        Example("http://example.com:80:80/"),
        Example("redis://localhost:63o79/0"),
    ),
    good=(
        "http://example.com:8080/",
        "http://example.com:65535/",
        "http://example.com:0/",
        "http://example.com:{port}/",
        "http://example.com:${PORT}/",
        "http://[::1]:443/",
        "http://example.com:/",
        "http://user:secretword@example.com/",
        "https://user:pass@host:port/path",
        "redis://localhost:PORT/0",
        "scheme://proxy.server:port_number",
        "http://STS-HOST:STS-PORT/",
    ),
    check=check,
)
