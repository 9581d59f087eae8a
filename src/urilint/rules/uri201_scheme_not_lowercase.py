"""URI201 scheme-not-lowercase."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from ..rfc3986 import iana
from ..rfc3986.schemes import NORMALIZATION as SCHEME_TABLE
from .base import NORMALIZATION, Analysis, CleanShape, Example, Rule, Sign
from .common import normal_fix

#: Schemes commonly written without "//" whose uppercase form is still clearly a URI.
OPAQUE_SCHEMES = frozenset({"mailto", "urn", "tel", "data", "news", "sip", "sips", "xmpp", "magnet", "geo", "sms"})


def is_a_name(a: Analysis, scheme: str) -> bool:
    """An all-uppercase scheme that neither the registry, the scheme table nor the settings know:
    by convention a name, not a URI typed in capitals (Kafka listener names: "PLAINTEXT://:9092",
    "INTERNAL://kafka:29092").  Lowercasing it would be equivalent by section 3.1, but nobody
    would make that change; a mixed-case one ("MyApp://") is still reported."""
    raw = a.ref.scheme or ""
    return (raw.isupper() and not iana.is_known(scheme) and scheme not in SCHEME_TABLE
            and scheme not in a.settings.allowed_schemes)


def check(a: Analysis) -> Iterator[Finding]:
    scheme = a.scheme
    # The scheme-case aspect edits exactly a valid scheme that is not in lower case (every
    # scheme keeps its meaning lowercased, section 3.1): no need to work out the edits here.
    if scheme is None or a.ref.scheme == scheme or not a.has_valid_scheme():
        return
    if is_a_name(a, scheme):
        return
    start, end = a.span("scheme")
    # "Content-Type:text/html" and "Note:..." are not URIs, though "content-type" is even an
    # IANA-registered scheme: report only "scheme://" and the common schemes without "//".
    if not (a.text.startswith("//", end + 1) or scheme in OPAQUE_SCHEMES or scheme in a.settings.allowed_schemes):
        return
    yield RULE.finding(start, end, f"scheme {a.ref.scheme!r} should be lowercase: {scheme!r}", normal_fix(a))


def screen(shape: CleanShape) -> bool:
    return shape.scheme_case


RULE = Rule(
    code="URI201",
    name="scheme-not-lowercase",
    summary="The scheme has uppercase letters",
    reference="RFC 3986 section 3.1 and section 6.2.2.1",
    fix_safety="safe",
    default=False,
    reads="scheme",
    family=NORMALIZATION,
    severity="warning",
    screen=screen,
    signs=Sign.SCHEME_CASE,
    aspect="scheme-case",
    doc="""\
## What it does
Reports a scheme with uppercase letters (`HTTP://`), for every scheme: schemes are
case-insensitive whatever they name (section 3.1), so this is the one normalization that keeps
the meaning of any URI.  Reported only before "//" or for common schemes written without it
(`MAILTO:`), so `Content-Type:text/html` is not read as a URI.  An all-uppercase scheme that is
neither registered with IANA, nor common, nor in `allowed-schemes` is a name by convention and is
not reported: Kafka's listener names (`PLAINTEXT://0.0.0.0:9092`, `INTERNAL://kafka:29092`).

## Why is this bad?
Schemes are case-insensitive, but "should only produce lowercase scheme names for consistency"
(section 3.1); mixed forms defeat string comparison, caches and deduplication.

## Example
`HTTPS://example.com/` -> `https://example.com/`

## Fix safety
Safe for every scheme: the normalized URI is equivalent (sections 3.1 and 6.2.2.1).  The fix
also applies the other enabled 2xx normalizations that the scheme keeps (see URI202-URI208); for
a scheme urilint does not know, it lowercases the scheme and nothing else.
""",
    bad=(
        Example("HTTPS://example.com/", "https://example.com/"),
        Example("Http://example.com/", "http://example.com/"),
        Example("MAILTO:someone@example.com", "mailto:someone@example.com"),
        Example("Custom+Scheme://x/", "custom+scheme://x/"),
        Example("SQLITE:///../Data.db", "sqlite:///../Data.db"),
        Example("Postgres://DB.example/App", "postgres://DB.example/App"),
    ),
    good=(
        "https://example.com/",
        "mailto:Someone@Example.com",
        "Content-Type:text/html",
        "Key:Value",
        "https://example.com/PATH",
        "C:\\Windows",
        "PLAINTEXT://0.0.0.0:9092",
        "INTERNAL://kafka:29092",
        "sqlite:///../Data.db",
    ),
    check=check,
)
