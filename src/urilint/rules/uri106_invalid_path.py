"""URI106 invalid-path."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from .base import MALFORMED, Analysis, Example, Rule, Sign, never
from .common import PATH_NOSCHEME, problems_for


def check(a: Analysis) -> Iterator[Finding]:
    for p in problems_for(a, PATH_NOSCHEME)[:1]:  # one finding per URI (the grammar has one such ':')
        yield RULE.finding(p.offset, p.offset + 1,
                           "a relative path's first segment cannot contain ':' (it would read as a "
                           "scheme); start the path with './'", "./" + a.text)


RULE = Rule(
    code="URI106",
    name="invalid-path",
    summary="A relative reference whose first path segment contains ':'",
    reference="RFC 3986 section 3.3 and section 4.2 (path-noscheme)",
    fix_safety="unsafe",
    default=True,
    family=MALFORMED,
    severity="error",
    screen=never,
    signs=Sign.PATH_COLON,
    doc="""\
## What it does
Reports a link target (a Markdown, HTML or reST link) that is a relative path whose first
segment contains a colon while what precedes the colon is not a scheme, such as
`1st:draft.html`.  Section 3.3's other constraints cannot be broken by a written URI: an
authority is always followed by "/" or nothing, and "//" always starts an authority.

## Why is this bad?
Section 4.2: such a segment "would be mistaken for a scheme name"; resolvers disagree.

## Example
`[notes](1st:draft.html)` -> `./1st:draft.html`

## Fix safety
Unsafe: prefixing "./" keeps the relative path's meaning, but the colon may be a typo.
Only link targets are checked: in prose, `key:value` and `12:30` are not URIs.
""",
    bad=(
        Example("1st:draft.html", "./1st:draft.html"),
        Example("_build:v2/index.html", "./_build:v2/index.html"),
        Example("my notes:2024.md", "./my notes:2024.md"),
    ),
    good=(
        "./1st:draft.html",
        "docs/a:b.html",
        "draft:1.html",
        "../x:y",
        "/abs:olute",
        "?q=a:b",
    ),
    check=check,
)
