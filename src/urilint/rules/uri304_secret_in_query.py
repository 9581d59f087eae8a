"""URI304 secret-in-query."""

from __future__ import annotations

from typing import Iterator

from .. import secrets
from ..finding import Finding
from .base import CREDENTIALS, Analysis, CleanShape, Example, Rule


def check(a: Analysis) -> Iterator[Finding]:
    if a.ref.query is None or a.security_exempt():
        return
    spans = [(name, span) for name, span in secrets.secret_query_spans(a.text, a.ref, a.settings.placeholders)
             if a.secret_worth_reporting(*span)]  # not a dummy, nor next to a documentation host
    if not spans:
        return
    # One finding for the URI, at the first secret's value; the message names every parameter.
    values = [a.text[start:end] for _, (start, end) in spans]
    names = [repr(secrets.redact_in(name, values)) for name, _ in spans]
    if len(names) == 1:
        what = f"query parameter {names[0]} carries a secret (value hidden)"
    else:
        what = f"query parameters {', '.join(names[:-1])} and {names[-1]} carry secrets (values hidden)"
    it = "it" if len(names) == 1 else "them"
    start, end = spans[0][1]
    yield RULE.finding(start, end, f"{what}; send {it} in a header or read {it} from the environment")


def screen(shape: CleanShape) -> bool:
    return shape.query is not None and secrets.query_may_hold_secret(shape.query)


RULE = Rule(
    code="URI304",
    name="secret-in-query",
    summary="A token, key, signature or password in a query parameter",
    reference="RFC 3986 section 7.5; RFC 6750 section 5.3 (bearer tokens in URIs); OWASP",
    fix_safety="none",
    default=True,
    reads="characters",
    family=CREDENTIALS,
    severity="error",
    security_severity="7.5",
    cwe=798,
    screen=screen,
    secret=True,
    doc="""\
## What it does
Reports query parameters whose name says secret (`access_token`, `api_key`, `apikey`,
`password`, `client_secret`, `X-Amz-Signature`; and `token`, `key`, `sig`, `signature` when the
value looks random) with a value that is not a placeholder, and values shaped like well-known
token formats (`ghp_...`, `xoxb-...`, `AKIA...`, `AIza...`, `sk_live_...`, JWTs) under any name.
The value is never shown.

## What is not reported
Dummy values (one character, demo or default words, `[Filtered]`, keyboard sequences such as
`1234567890abcdef`) and any value next to a host reserved for documentation (`example.com`,
`*.example`, `*.test`, `*.invalid`), unless it has the shape of a real token or is long and
high-entropy.  In test data, generated files and examples only such real-looking values are
reported.  This rule also runs inside code blocks and spans.

## Why is this bad?
Query strings are logged by servers and proxies, kept in browser history and sent in Referer
headers (RFC 6750 section 5.3: "Don't pass bearer tokens in page URLs").

## Example
`https://api.vendor.io/v1/items?api_key=9f8e7d6c5b4a3921`

## Fix safety
No fix: move the secret to a header or an environment variable.
""",
    bad=(
        Example("https://api.vendor.io/v1/items?api_key=9f8e7d6c5b4a3921"),
        Example("https://app.vendor.io/cb?access_token=ya29.a0AfH6SMBx"),
        Example("https://bucket.s3.amazonaws.com/f?X-Amz-Signature=9c1e4b7a20fd3e58"),
        Example("https://api.vendor.io/?token=abc123def456"),
        Example("https://example.com/?q=1&t=ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
        Example("https://api.vendor.io/?password=hunter22"),
        Example("https://api.example.com/v1/items?api_key=9f8e7d6c5b4a3921"),
    ),
    good=(
        "https://example.com/?api_key={key}",
        "https://example.com/?api_key=${API_KEY}",
        "https://example.com/?api_key=YOUR_API_KEY",
        "https://example.com/?api_key=<api-key>",
        "https://example.com/?token=%s",
        "https://example.com/?key=README",
        "https://example.com/?token=",
        "https://example.com/?page=2&sort=asc",
        "https://example.com/?sig=abc",
        "https://example.com/?access_token=xxx",
        "https://example.com/?password=****",
        "https://example.com/#access_token=notaquery",
        "https://example.com/cb?access_token=ya29.a0AfH6SMBx",
        "https://example.com/?password=hunter22",
        "https://api.vendor.io/?token=[Filtered]",
        "https://api.vendor.io/?auth=1234567890abcdef",
        "https://api.vendor.io/?password=changeme",
        "https://api.vendor.io/?api_key=x",
    ),
    check=check,
)
