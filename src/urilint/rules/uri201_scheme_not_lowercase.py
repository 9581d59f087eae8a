"""URI201 scheme-not-lowercase."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from .base import NORMALIZATION, Analysis, Example, Rule, never
from .common import aspect_edits, normal_fix


#: Schemes commonly written without "//" whose uppercase form is still clearly a URI.
OPAQUE_SCHEMES = frozenset({"mailto", "urn", "tel", "data", "news", "sip", "sips", "xmpp", "magnet", "geo", "sms"})


def check(a: Analysis) -> Iterator[Finding]:
    scheme = a.scheme
    if scheme is None or not a.has_valid_scheme() or not aspect_edits(a, "scheme-case"):
        return
    start, end = a.span("scheme")
    # "Content-Type:text/html" and "Note:..." are not URIs, though "content-type" is even an
    # IANA-registered scheme: report only "scheme://" and the common schemes without "//".
    if not (a.text.startswith("//", end + 1) or scheme in OPAQUE_SCHEMES or scheme in a.settings.allowed_schemes):
        return
    yield RULE.finding(start, end, f"scheme {a.ref.scheme!r} should be lowercase: {scheme!r}", normal_fix(a))


RULE = Rule(
    code="URI201",
    name="scheme-not-lowercase",
    summary="The scheme has uppercase letters",
    reference="RFC 3986 section 3.1 and section 6.2.2.1",
    fix_safety="safe",
    default=False,
    family=NORMALIZATION,
    severity="warning",
    screen=never,
    aspect="scheme-case",
    doc="""\
## What it does
Reports a scheme with uppercase letters (`HTTP://`).

## Why is this bad?
Schemes are case-insensitive, but "should only produce lowercase scheme names for consistency"
(section 3.1); mixed forms defeat string comparison, caches and deduplication.

## Example
`HTTPS://example.com/` -> `https://example.com/`

## Fix safety
Safe: the normalized URI is equivalent (section 6.2.2.1).
""",
    bad=(
        Example("HTTPS://example.com/", "https://example.com/"),
        Example("Http://example.com/", "http://example.com/"),
        Example("MAILTO:someone@example.com", "mailto:someone@example.com"),
        Example("Custom+Scheme://x/", "custom+scheme://x/"),
    ),
    good=(
        "https://example.com/",
        "mailto:Someone@Example.com",
        "Content-Type:text/html",
        "Key:Value",
        "https://example.com/PATH",
        "C:\\Windows",
    ),
    check=check,
)
