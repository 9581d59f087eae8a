"""URI107 misplaced-delimiter."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from ..rfc3986.validate import describe
from .base import MALFORMED, Analysis, Example, Rule, never
from .common import encode_problems_fix, problems_for, DELIMITER

_WHERE = {"path": "the path", "query": "the query", "fragment": "the fragment", "host": "the host"}


def check(a: Analysis) -> Iterator[Finding]:
    problems = problems_for(a, DELIMITER)
    if not problems:
        return
    fix = encode_problems_fix(a, problems)
    for p in problems:
        if p.component == "userinfo":
            message = "the userinfo holds a delimiter ('@', '[' or ']') that must be percent-encoded"
        else:
            char = a.text[p.offset]
            extra = " (only one '#' may start the fragment)" if char == "#" else (
                " (brackets only enclose an IP literal)" if char in "[]" else "")
            message = f"{describe(char)} is a delimiter that cannot appear in {_WHERE.get(p.component, p.component)}{extra}"
        yield RULE.finding(p.offset, p.offset + 1, message, fix)


RULE = Rule(
    code="URI107",
    name="misplaced-delimiter",
    summary="A gen-delim where the grammar does not allow it: '[' or ']' outside an IP literal, a second '#', '@' in userinfo",
    reference="RFC 3986 section 2.2 (reserved characters) and section 3",
    fix_safety="unsafe",
    default=True,
    family=MALFORMED,
    severity="error",
    screen=never,
    doc="""\
## What it does
Reports `[` and `]` outside an IP literal, a second `#` (the fragment starts at the first), and
more than one `@` before the host.

## Why is this bad?
Parsers split the URI at a different place than you meant: browsers take the last `@` as the end
of the userinfo, some libraries the first; a second `#` makes the fragment ambiguous to tools that
re-split it.

## Example
`https://example.com/a[1]` -> `https://example.com/a%5B1%5D`

Optional parts of a syntax description in the authority are placeholders, not delimiters:
`postgresql://[user[:password]@][netloc][:port][/dbname]` (the `optional` placeholder syntax;
a group that could be an IP literal, such as `[::1]` or `[fe80::1%25en0]`, stays one).

## Fix safety
Unsafe: percent-encoding keeps the character as data, but it may have been meant as a delimiter.
Never fixed inside the userinfo.
""",
    bad=(
        Example("https://example.com/a[1]", "https://example.com/a%5B1%5D"),
        Example("https://example.com/#a#b", "https://example.com/#a%23b"),
        Example("https://example.com/?q[]=1", "https://example.com/?q%5B%5D=1"),
        Example("https://exa[mple.com/", "https://exa%5Bmple.com/"),
        Example("https://user@name@example.com/"),
    ),
    good=(
        "https://example.com/a%5B1%5D",
        "https://[::1]/",
        "https://example.com/#a%23b",
        "https://user@example.com/",
        "https://example.com/?q=a@b",
        "https://example.com/path@v2",
        "https://example.com/#/route?x=1",
        "https://example.com/{id}/{slot}",
        "mailto:a@example.com",
        "https://example.com/?a=1#frag",
        "postgresql://[user[:password]@][netloc][:port][/dbname][?param1=value1&...]",
        "redis://[:password@]host[:port][/db]",
        "scheme://[user:passwd@]proxy.server:port",
    ),
    check=check,
)
