"""URI202 host-not-lowercase."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from .base import NORMALIZATION, Analysis, Example, Rule, Sign, never
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
    signs=Sign.HOST_CASE,
    aspect="host-case",
    doc="""\
## What it does
Reports ASCII uppercase letters in the host (reg-name or IP literal), outside percent-encodings
and placeholders, where the scheme makes the host a DNS name or an IP address: http, https, ws,
wss and ftp, and a network-path reference (`//Host/x`) in a document, which takes its page's
web scheme.  Other schemes are not reported: their "host" may be a file system path
(`http+unix://%2Fvar%2Frun%2FApp.sock`), a connection string
(`azureblockblob://DefaultEndpointsProtocol=https;AccountName=...`), a Windows drive
(`file://C:/`) or a server whose consumer compares names as written.

## Why is this bad?
Hosts are case-insensitive; URI producers "should use lowercase for registered names and
hexadecimal addresses" (section 3.2.2) so that equal URIs compare equal as strings.

## Example
`https://Example.COM/` -> `https://example.com/`

## Fix safety
Safe for those schemes (section 6.2.2.1; RFC 9110 section 4.2.3 for http and https).
`${HOST}` and `{Host}` are slots and are left alone.  Non-ASCII letters are left as they are:
IDNA (UTS 46) maps them when the name is looked up.
""",
    bad=(
        Example("https://Example.COM/", "https://example.com/"),
        Example("http://[FE80::1]/", "http://[fe80::1]/"),
        Example("https://WWW.example.com/Path", "https://www.example.com/Path"),
        Example("HTTP://Example.COM:80/a/../b", "http://example.com/b"),
        Example("//CDN.example.com/lib.js", "//cdn.example.com/lib.js"),
    ),
    good=(
        "https://example.com/Path",
        "https://${HOST}/api",
        "https://{Host}.example.com/",
        "https://example.com/?Q=Upper",
        "https://User@example.com/",
        "https://example.com/#Frag",
        "azureblockblob://DefaultEndpointsProtocol=https;AccountName=Acct;AccountKey=Key",
        "http+unix://%2Fvar%2Frun%2FApp.sock/info",
        "file://C:/Windows/",
        "postgres://DB.example.com/App",
        "mongodb://Mongo.example.com/App",
        "custom://Host/",
    ),
    check=check,
)
