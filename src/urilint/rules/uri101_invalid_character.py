"""URI101 invalid-character."""

from __future__ import annotations

from typing import Iterator, List

from ..finding import Finding
from .base import MALFORMED, Analysis, Example, Rule, never
from .common import char_label, encode_problems_fix, may_percent_encode, pct_encode, problems_for, CHARACTER


def check(a: Analysis) -> Iterator[Finding]:
    problems = problems_for(a, CHARACTER)
    if not problems:
        return
    fix = encode_problems_fix(a, problems)
    # One finding per run of adjacent offending characters.
    runs: List[List[int]] = []
    for p in problems:
        if runs and runs[-1][-1] == p.offset - 1:
            runs[-1].append(p.offset)
        else:
            runs.append([p.offset])
    for run in runs:
        first = problems[[p.offset for p in problems].index(run[0])]
        what = char_label(a, run[0], first.component)
        enc = pct_encode(a.text[run[0]]) if may_percent_encode(a, first) else None
        hint = f"; percent-encode it as {enc}" if enc else ""
        more = f" (and {len(run) - 1} more)" if len(run) > 1 else ""
        yield RULE.finding(run[0], run[-1] + 1, f"{what}{more} cannot appear in a URI{hint}", fix)


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
        Example("https://example.com/a|b", "https://example.com/a%7Cb"),
        Example('https://example.com/"quoted"', "https://example.com/%22quoted%22"),
        Example("https://exa\u200bmple.com/"),  # a host's characters are never percent-encoded
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
