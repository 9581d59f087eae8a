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
    if port == "*":
        return  # any port: an origin pattern ("http://localhost:*"), as CSP's source lists write one
    if a.scheme in IMAGE_SCHEMES:
        return  # "docker://python:3.12-slim": an image and its tag, not a host and a port
    if a.ref.authority == ":memory:" and (a.scheme or "").partition("+")[0] in SQLITE_SCHEMES:
        return  # "sqlite://:memory:": SQLite's special file name for an in-memory database
    host = a.ref.host or ""
    if a.scheme == "file" and len(host) == 1 and host.isalpha():
        return  # "file://c:\\path": a Windows drive letter, not a host (RFC 8089 appendix E.2)
    for p in problems_for(a, PORT):
        yield RULE.finding(p.offset, span[1], p.message)
        return
    if port and all(c in grammar.DIGIT for c in port):
        # Length first: int() of a 5,000-digit port raises (Python's 4,300-digit limit).
        digits = port.lstrip("0") or "0"
        if len(digits) > 5 or int(digits) > 65535:
            shown = digits if len(digits) <= 12 else f"{digits[:8]}... ({len(digits)} digits)"
            yield RULE.finding(span[0], span[1], f"port {shown} is out of range: TCP and UDP ports end at 65535")


#: Schemes whose authority names a container image, "[registry/]name[:tag]": GitHub Actions'
#: "uses: docker://alpine:3.20" and skopeo's transports.
IMAGE_SCHEMES = frozenset({"docker", "docker-daemon", "docker-archive", "oci", "oci-archive", "containers-storage"})


#: SQLite's schemes (and their dialects' "+driver" forms): dj-database-url's, django-environ's
#: and Tortoise ORM's "sqlite://:memory:" names SQLite's in-memory database where a file goes.
SQLITE_SCHEMES = frozenset({"sqlite", "sqlite3", "spatialite"})


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
slots and are not reported, nor is `*`, any port in an origin pattern (CSP's source lists,
CORS allow-lists).  A container image's tag (`docker://python:3.12-slim`) and a Windows drive
letter (`file://c:\\path`) are no port, nor SQLite's name for an in-memory database
(`sqlite://:memory:`).
""",
    bad=(
        Example("http://example.com:8o80/"),
        Example("http://example.com:99999/"),
        Example("http://example.com:80:80/"),
        Example("redis://localhost:63o79/0"),
        Example("http://localhost:80*/"),
        Example("https://registry.example.com:5o00/v2/"),
        Example("file://cc:\\path"),
        Example("postgres://:memory:"),
        Example("sqlite://:mem0ry:"),
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
        "http://localhost:*",
        "https://*.example.com:*/",
        "docker://python:3.12-slim-bookworm",
        "sqlite://:memory:",
        "sqlite+aiosqlite://:memory:",
        "docker://ghcr.io/owner/image:1.0.2",
        "file://c:\\path",
        "http://STS-HOST:STS-PORT/",
    ),
    check=check,
)
