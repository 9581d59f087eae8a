"""URI202 host-not-lowercase."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from .base import NORMALIZATION, Analysis, Example, Rule, never
from .common import aspect_edits, normal_fix


def check(a: Analysis) -> Iterator[Finding]:
    if not aspect_edits(a, "host-case"):
        return
    start, end = a.span("host")
    yield RULE.finding(start, end, "the host should be lowercase", normal_fix(a))


RULE = Rule(
    code="URI202",
    name="host-not-lowercase",
    summary="The host has uppercase letters",
    reference="RFC 3986 section 3.2.2 and section 6.2.2.1",
    fix_safety="safe",
    default=False,
    family=NORMALIZATION,
    severity="warning",
    screen=never,
    aspect="host-case",
    doc="""\
## What it does
Reports ASCII uppercase letters in the host (reg-name or IP literal), outside percent-encodings
and placeholders.

## Why is this bad?
Hosts are case-insensitive; URI producers "should use lowercase for registered names and
hexadecimal addresses" (section 3.2.2) so that equal URIs compare equal as strings.

## Example
`https://Example.COM/` -> `https://example.com/`

## Fix safety
Safe (section 6.2.2.1).  `${HOST}` and `{Host}` are slots and are left alone.
""",
    bad=(
        Example("https://Example.COM/", "https://example.com/"),
        Example("http://[FE80::1]/", "http://[fe80::1]/"),
        Example("https://WWW.example.com/Path", "https://www.example.com/Path"),
    ),
    good=(
        "https://example.com/Path",
        "https://${HOST}/api",
        "https://{Host}.example.com/",
        "https://example.com/?Q=Upper",
        "https://User@example.com/",
        "https://example.com/#Frag",
    ),
    check=check,
)
