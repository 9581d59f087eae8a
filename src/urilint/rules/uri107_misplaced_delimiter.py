"""URI107 misplaced-delimiter."""

from __future__ import annotations

from typing import Iterator, List

from ..finding import Finding
from ..rfc3986.validate import SyntaxProblem, describe
from .base import MALFORMED, Analysis, Example, Rule, Sign, never
from .common import DELIMITER, components, count_chars, encode_problems_fix, problems_for

_WHERE = {"path": "the path", "query": "the query", "fragment": "the fragment", "host": "the host"}


def _why(chars: str) -> str:
    # A second '#' in the fragment is URI111's (a convention), so only brackets need a reason.
    return " (brackets only enclose an IP literal)" if "[" in chars or "]" in chars else ""


def _message(a: Analysis, problems: List[SyntaxProblem]) -> str:
    if all(p.component == "userinfo" for p in problems):
        n = len(problems)
        what = "a delimiter" if n == 1 else f"{n} delimiters"
        return f"the userinfo holds {what} ('@', '[' or ']') that must be percent-encoded"
    if len(problems) == 1:
        p = problems[0]
        char = a.text[p.offset]
        return (f"{describe(char)} is a delimiter that cannot appear in "
                f"{_WHERE.get(p.component, p.component)}{_why(char)}")
    chars = "".join(a.text[p.offset] for p in problems if p.component != "userinfo")
    return (f"{count_chars(a, problems, 'delimiter')} are delimiters that cannot appear in "
            f"{components(problems)}{_why(chars)}")


def check(a: Analysis) -> Iterator[Finding]:
    problems = problems_for(a, DELIMITER)
    if not problems:
        return
    # One finding for the URI, at the first delimiter; the fix encodes them all.
    first = problems[0].offset
    yield RULE.finding(first, first + 1, _message(a, problems), encode_problems_fix(a, problems))


RULE = Rule(
    code="URI107",
    name="misplaced-delimiter",
    summary=("A gen-delim where the grammar does not allow it: a lone '[' or ']', a bracket in the host, "
             "'@' in userinfo"),
    reference="RFC 3986 section 2.2 (reserved characters) and section 3",
    fix_safety="unsafe",
    default=True,
    family=MALFORMED,
    severity="error",
    screen=never,
    signs=Sign.BAD_DELIMITER,
    doc="""\
## What it does
Reports `[` and `]` outside an IP literal that do not pair up (a stray bracket in the path,
query or fragment: `https://example.com/a]`, `#intro]`), any `[` or `]` in the host outside an
IP literal, and more than one `@` before the host.  Brackets that pair up in the path, query or
fragment (`?ids[]=1`, `?filter[name]=x`) and a second `#` in the fragment
(`https://matrix.to/#/#room:matrix.org`) are conventions that browsers accept: URI111 reports
them, off by default.

One finding per URI: the message counts the delimiters, the span points at the first, and the
fix encodes them all.

## Why is this bad?
Parsers split the URI at a different place than you meant: browsers take the last `@` as the end
of the userinfo, some libraries the first; a lone bracket is usually the trace of a typo or of
a Markdown link cut in the wrong place, and the WHATWG URL parser rejects a host that holds one.

## Example
`https://example.com/docs#intro]` -> `https://example.com/docs#intro%5D`

Optional parts of a syntax description in the authority are placeholders, not delimiters:
`postgresql://[user[:password]@][netloc][:port][/dbname]` (the `optional` placeholder syntax;
a group that could be an IP literal, such as `[::1]` or `[fe80::1%25en0]`, stays one).

## Fix safety
Unsafe: percent-encoding keeps the character as data, but it may have been meant as a delimiter,
or typed by mistake (then delete it).  Never fixed inside the userinfo.
""",
    bad=(
        Example("https://example.com/docs#intro]", "https://example.com/docs#intro%5D"),
        Example("https://example.com/a[1", "https://example.com/a%5B1"),
        Example("https://example.com/?q=1]", "https://example.com/?q=1%5D"),
        Example("https://exa[mple.com/", "https://exa%5Bmple.com/"),
        Example("https://ex]ample.com/", "https://ex%5Dample.com/"),
        Example("https://user@name@example.com/"),
        Example("https://example.com/a]/b]", "https://example.com/a%5D/b%5D"),
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
        "https://example.com/?q[]=1",
        "https://example.com/a[1]",
        "https://matrix.to/#/#room:matrix.org",
        "https://example.com/#a#b",
    ),
    check=check,
)
