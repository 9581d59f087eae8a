"""URI101 invalid-character."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from .base import MALFORMED, Analysis, Example, Rule, never
from .common import count_chars, encode_problems_fix, first_run, pct_encode, problems_for, CHARACTER


def check(a: Analysis) -> Iterator[Finding]:
    problems = problems_for(a, CHARACTER)
    if not problems:
        return
    # One finding for the URI: the message counts every character, the span is the first run,
    # and the fix encodes them all.
    start, end = first_run(problems)
    fix = encode_problems_fix(a, problems)  # None in the userinfo, or for a lone surrogate
    hint = ""
    if fix is not None:
        one_char = len({a.text[p.offset] for p in problems}) == 1
        them = "it" if len(problems) == 1 else "them"
        hint = f"; percent-encode {them}" + (f" as {pct_encode(a.text[start])}" if one_char else "")
    yield RULE.finding(start, end, f"{count_chars(a, problems)} cannot appear in a URI{hint}", fix)


RULE = Rule(
    code="URI101",
    name="invalid-character",
    summary="A character that cannot appear in a URI (space, quotes, controls, invisible characters)",
    reference="RFC 3986 section 2; RFC 3987 section 3.1 (mapping to a URI), section 4.1 (bidi)",
    fix_safety="unsafe",
    default=True,
    family=MALFORMED,
    severity="error",
    screen=never,
    doc="""\
## What it does
Reports characters that RFC 3986 does not allow anywhere in a URI: spaces, `"<>\\^`{|}`,
control characters, and invisible characters (zero-width, bidi formatting, soft hyphen, non-
breaking spaces). Non-ASCII letters that RFC 3987 allows in an IRI are not reported here
(see URI110).

One finding per URI: the message counts the characters ("14 spaces"), the span points at the
first of them, and the fix encodes them all.

## Why is this bad?
Clients disagree on what to do with them: some encode, some truncate, some reject. An invisible
character makes two URIs that look the same point to different places.

## Example
`https://example.com/my file.pdf` -> `https://example.com/my%20file.pdf`

## Fix safety
Unsafe: percent-encoding (UTF-8, as RFC 3987 section 3.1 maps IRIs to URIs) keeps what a browser
would request, but a space may also mean the URI was cut or joined by mistake. No fix is offered
for characters in the userinfo.
""",
    bad=(
        Example("https://example.com/my file.pdf", "https://example.com/my%20file.pdf"),
        Example("https://example.com/docs/my guide.md#step two", "https://example.com/docs/my%20guide.md#step%20two"),
        Example("https://example.com/a|b", "https://example.com/a%7Cb"),
        Example('https://example.com/"quoted"', "https://example.com/%22quoted%22"),
        Example("https://exa\u200bmple.com/", "https://exa%E2%80%8Bmple.com/"),
        Example("https://example.com/\u202eevil", "https://example.com/%E2%80%AEevil"),
        Example("https://example.com/a\tb", "https://example.com/a%09b"),
        Example("https://example.com/a\\b", "https://example.com/a%5Cb"),
        Example("https://example.com/?q=a^b", "https://example.com/?q=a%5Eb"),
        Example("https://example.com/caf\u00e9\u00a0menu", "https://example.com/caf\u00e9%C2%A0menu"),
    ),
    good=(
        "https://example.com/my%20file.pdf",
        "https://de.wikipedia.org/wiki/K\u00f6ln",
        "https://example.com/\u65e5\u672c\u8a9e",
        "https://api.github.com/repos/{owner}/{repo}",
        "https://example.com/{+path}{?query*}",
        "https://${HOST}/api",
        "https://example.com/%s/items",
        "https://example.com/{{ page }}",
        "https://example.com/<slug>/edit",
        "https://example.com/a%7Cb",
        "mailto:someone@example.com",
    ),
    check=check,
)
