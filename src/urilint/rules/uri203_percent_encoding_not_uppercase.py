"""URI203 percent-encoding-not-uppercase."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from ..rfc3986 import lazy
from .base import NORMALIZATION, Analysis, CleanShape, Example, Rule, Sign
from .common import aspect_edits, normal_fix


def check(a: Analysis) -> Iterator[Finding]:
    edits = aspect_edits(a, "pct-case")
    if not edits:
        return
    # URI204 reports the triplets it decodes (not those of a fragment directive, say).
    decoded = {s for s, _, _ in aspect_edits(a, "pct-unreserved")} if "pct-unreserved" in a.aspects else set()
    edits = [e for e in edits if e[0] not in decoded]
    if not edits:
        return
    fix = normal_fix(a)
    # One finding for the URI, at the first triplet; the fix uppercases them all.
    start, end, repl = edits[0]
    more = f" (and {len(edits) - 1} more)" if len(edits) > 1 else ""
    message = f"percent-encoding {a.text[start:end]!r}{more} should use uppercase hex: {repl!r}"
    yield RULE.finding(start, end, message, fix)


_LOWER_PCT = lazy.compile("%(?:[0-9A-Fa-f][a-f]|[a-f][0-9A-F])")


def screen(shape: CleanShape) -> bool:
    return "%" in shape.text and _LOWER_PCT.search(shape.text) is not None


RULE = Rule(
    code="URI203",
    name="percent-encoding-not-uppercase",
    summary="A percent-encoding with lowercase hex digits",
    reference="RFC 3986 section 2.1 and section 6.2.2.1",
    fix_safety="safe",
    default=False,
    family=NORMALIZATION,
    severity="warning",
    screen=screen,
    signs=Sign.PERCENT,
    aspect="pct-case",
    doc="""\
## What it does
Reports percent-encodings written with lowercase hex (`%2f`), outside the userinfo, in URIs whose
scheme's consumers percent-decode: http, https, ws, wss, ftp, file, data and mailto, and
relative references (a link in a document resolves against its page).  Other schemes are not
reported: a database URL or a scheme urilint does not know may be read by a parser that compares
its text as written.

## Why is this bad?
"URI producers and normalizers should use uppercase hexadecimal digits for all
percent-encodings" (section 2.1); mixed case defeats string comparison.

## Example
`https://example.com/a%2fb` -> `https://example.com/a%2Fb`

## Fix safety
Safe for those schemes (section 6.2.2.1).  The userinfo is never changed.
""",
    bad=(
        Example("https://example.com/a%2fb", "https://example.com/a%2Fb"),
        Example("https://example.com/?q=%e6%97%a5", "https://example.com/?q=%E6%97%A5"),
        Example("https://example.com/#%3a", "https://example.com/#%3A"),
        Example("https://example.com/#:~:text=a%2db", "https://example.com/#:~:text=a%2Db"),
        Example("file:///srv/a%2fb", "file:///srv/a%2Fb"),
        Example("#caf%c3%a9", "#caf%C3%A9"),
    ),
    good=(
        "https://example.com/a%2Fb",
        "https://us%2fer@example.com/",
        "https://example.com/%s",
        "https://example.com/img%02d.png",
        "https://example.com/%E6%97%A5",
        "https://example.com/plain",
        "postgres://db.example.com/app%2fx",
        "redis://cache.example.com/0?name=%e6",
        "custom://host/a%2fb",
        "sqlite:///data%2fx.db",
    ),
    check=check,
)
