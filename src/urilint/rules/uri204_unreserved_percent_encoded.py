"""URI204 unreserved-percent-encoded."""

from __future__ import annotations

import re
from typing import Iterator

from ..finding import Finding
from ..rfc3986 import lazy
from .base import NORMALIZATION, Analysis, CleanShape, Example, Rule, Sign
from .common import aspect_edits, normal_fix


def check(a: Analysis) -> Iterator[Finding]:
    edits = aspect_edits(a, "pct-unreserved")
    if not edits:
        return
    fix = normal_fix(a)
    # One finding for the URI, at the first triplet; the fix decodes them all.
    start, end, repl = edits[0]
    if len(edits) == 1:
        message = f"{a.text[start:end]!r} encodes the unreserved character {repl!r}; write it as is"
    else:
        message = (f"{len(edits)} percent-encodings encode unreserved characters (the first: "
                   f"{a.text[start:end]!r} for {repl!r}); write them as they are")
    yield RULE.finding(start, end, message, fix)


#: %XX of an unreserved character (section 2.3), either case of hex digit.
_UNRESERVED_PCT = lazy.compile(r"%(?:4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2[DE]|5F|7E)", re.I)


def screen(shape: CleanShape) -> bool:
    return "%" in shape.text and _UNRESERVED_PCT.search(shape.text) is not None


RULE = Rule(
    code="URI204",
    name="unreserved-percent-encoded",
    summary="A percent-encoded unreserved character (%41, %7E, %2D ...)",
    reference="RFC 3986 section 2.3 and section 6.2.2.2",
    fix_safety="safe",
    default=False,
    family=NORMALIZATION,
    severity="warning",
    screen=screen,
    signs=Sign.PERCENT,
    aspect="pct-unreserved",
    doc="""\
## What it does
Reports percent-encodings of unreserved characters (letters, digits, `-`, `.`, `_`, `~`), outside
the userinfo, in URIs whose scheme's consumers percent-decode: http, https, ws, wss, ftp, file,
data and mailto, and relative references (a link in a document resolves against its page).
Other schemes are not reported: a database URL or a scheme urilint does not know may be read by
a parser that does not decode.

## Why is this bad?
They "should not be created by URI producers" and "should be decoded" by normalizers (section
2.3): `%7Euser` and `~user` are the same URI written two ways.

## Example
`https://example.com/%7Euser` -> `https://example.com/~user`

Not reported inside a fragment directive (`#:~:text=aarch64%2Dpc`): there `-` is the
directive's syntax, so `%2D` and `-` find different text (URL Fragment Text Directives).

## Fix safety
Safe for those schemes (section 6.2.2.2).  Reserved characters (`%2F`, `%3A`, ...) are never
decoded.
""",
    bad=(
        Example("https://example.com/%7Euser", "https://example.com/~user"),
        Example("https://example.com/%41BC", "https://example.com/ABC"),
        Example("https://ex%61mple.com/", "https://example.com/"),
        Example("https://example.com/?q=%2D1", "https://example.com/?q=-1"),
        Example("/docs/%7Euser/", "/docs/~user/"),
    ),
    good=(
        "https://example.com/~user",
        "https://example.com/a%2Fb",
        "https://example.com/%20",
        "https://example.com/%3A",
        "https://us%41er@example.com/",
        "https://example.com/%25",
        "https://example.com/%E6%97%A5",
        "https://example.com/%s",
        "https://example.com/%3%30",
        "https://example.com/doc.md#:~:text=aarch64%2Dpc%2Dwindows",
        "https://example.com/#:~:text=start%2D,end",
        "postgres://db.example.com/%41pp",
        "custom://host/%7Euser",
    ),
    check=check,
)
