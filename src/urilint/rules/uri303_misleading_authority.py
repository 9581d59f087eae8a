"""URI303 misleading-authority."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from .base import CREDENTIALS, Analysis, Example, Rule, Sign, never


def check(a: Analysis) -> Iterator[Finding]:
    if a.security_exempt() or not a.userinfo_is_misleading():
        return
    start, end = a.span("userinfo")
    yield RULE.finding(start, end, f"the part before '@' looks like a host, but the URI goes to "
                       f"{a.ref.host!r}")


RULE = Rule(
    code="URI303",
    name="misleading-authority",
    summary="Userinfo that looks like a host: 'https://www.bank.example@evil.example/'",
    reference="RFC 3986 section 7.6 (semantic attacks)",
    fix_safety="none",
    default=True,
    family=CREDENTIALS,
    severity="error",
    security_severity="5.0",
    screen=never,
    signs=Sign.USERINFO,
    doc="""\
## What it does
Reports a userinfo that reads like a host name, an IP address or `host:port`, so that a reader
takes it for the destination while the URI goes to the host after the `@`.

## Why is this bad?
Section 7.6 describes exactly this attack: `ftp://cnn.example.com&story=breaking_news@10.0.0.1/`
sends the user to 10.0.0.1.

## Example
`https://www.bank.example@evil.example/`, `https://example.com:8080@evil.example/`

## Fix safety
No fix.
""",
    bad=(
        Example("https://www.bank.example@evil.example/"),
        Example("https://example.com:8080@evil.example/"),
        Example("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"),
        Example("http://192.0.2.1@evil.example/"),
        Example("https://paypal.com@phish.example/login"),
    ),
    good=(
        "https://user@example.com/",
        "ftp://john.doe@ftp.example.com/",
        "ssh://git@github.com/o/r.git",
        "https://first.last@example.com/",
        "postgres://app:{pw}@db.example.com/x",
        "https://example.com/@www.other.example",
        "mailto:www.example.com@example.org",
    ),
    check=check,
)
