"""URI302 userinfo-in-http."""

from __future__ import annotations

from typing import Iterator

from .. import secrets
from ..finding import Finding
from .base import CREDENTIALS, WEB_SCHEMES, Analysis, Example, Rule, Sign, never


def check(a: Analysis) -> Iterator[Finding]:
    if a.scheme not in WEB_SCHEMES - {"ftp"} or a.ref.userinfo is None or a.security_exempt():
        return
    if a.in_placeholder(*a.span("userinfo")):
        return
    if secrets.password_span(a.ref) is not None or secrets.user_token_span(a.ref) is not None:
        return  # URI301's
    if a.userinfo_is_misleading():
        return  # URI303's
    start, end = a.span("userinfo")
    yield RULE.finding(start, end, f"user information in an {a.scheme} URI; browsers warn about it or drop it")


RULE = Rule(
    code="URI302",
    name="userinfo-in-http",
    summary="A user name in an http(s) or ws(s) URI (off by default)",
    reference="RFC 9110 section 4.2.4 (userinfo deprecated in http(s) URIs); RFC 3986 section 7.5",
    fix_safety="none",
    default=False,
    family=CREDENTIALS,
    severity="error",
    security_severity="5.0",
    screen=never,
    signs=Sign.USERINFO,
    doc="""\
## What it does
Reports `user@` in http, https, ws and wss URIs.

## Why is this bad?
RFC 9110 section 4.2.4: senders "MUST NOT generate the userinfo subcomponent"; browsers strip it
or warn, and it is a phishing pattern.  Off by default: git-over-https URLs use it legitimately.

## Example
`https://deploy@example.com/repo.git`

## Fix safety
No fix.
""",
    bad=(
        Example("https://deploy@example.com/repo.git"),
        Example("http://admin@192.0.2.1/"),
        Example("wss://bot@chat.example.com/socket"),
    ),
    good=(
        "https://example.com/",
        "ssh://git@example.com/repo.git",
        "ftp://anonymous@ftp.example.com/",
        "https://example.com/@user",
        "mailto:user@example.com",
        "https://{user}@example.com/",
    ),
    check=check,
)
