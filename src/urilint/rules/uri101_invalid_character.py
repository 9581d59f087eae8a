"""URI101 invalid-character."""

from __future__ import annotations

from typing import Iterator, List, Optional

from ..finding import Finding
from ..rfc3986 import lazy
from ..rfc3986.validate import SyntaxProblem
from .base import MALFORMED, Analysis, Example, Rule, Sign, never
from .common import CHARACTER, count_chars, encode_problems_fix, first_run, pct_encode, problems_for

#: A line break with the indentation around it: a URI wrapped across lines.
_BREAK = lazy.compile(r"[ \t]*(?:\r\n|\r|\n)[ \t]*")


def _joined(a: Analysis, problems: List[SyntaxProblem]) -> Optional[str]:
    """A URI broken across lines, with the lines joined: encoding the break ("%0A") would only
    keep the link broken.  None in a userinfo, or when the join leaves other invalid characters."""
    if any(p.component == "userinfo" for p in problems):
        return None
    joined = _BREAK.sub("", a.text)
    left = Analysis(joined, a.settings, a.enabled, aspects=a.aspects)
    rest = problems_for(left, CHARACTER)
    return encode_problems_fix(left, rest) if rest else joined


def check(a: Analysis) -> Iterator[Finding]:
    problems = problems_for(a, CHARACTER)
    if not problems:
        return
    # One finding for the URI: the message counts every character, the span is the first run,
    # and the fix encodes them all (or joins a URI wrapped across lines).
    start, end = first_run(problems)
    text = a.text
    chars = {text[p.offset] for p in problems}  # (a loop per question cost a reported URI more)
    if a.scheme != "data" and ("\r" in chars or "\n" in chars):
        fix = _joined(a, problems)
        hint = "; join the lines" if fix is not None else ""
        yield RULE.finding(start, end, f"{count_chars(a, problems)} cannot appear in a URI{hint}", fix)
        return
    fix = encode_problems_fix(a, problems)  # None in the userinfo, or for a lone surrogate
    hint = ""
    if fix is not None:
        them = "it" if len(problems) == 1 else "them"
        hint = f"; percent-encode {them}" + (f" as {pct_encode(text[start])}" if len(chars) == 1 else "")
    yield RULE.finding(start, end, f"{count_chars(a, problems)} cannot appear in a URI{hint}", fix)


RULE = Rule(
    code="URI101",
    name="invalid-character",
    summary="A character that cannot appear in a URI and breaks it: whitespace, controls, quotes, "
            "angle brackets, backslash, invisible characters",
    reference="RFC 3986 section 2; RFC 3987 section 3.1 (mapping to a URI), section 4.1 (bidi)",
    fix_safety="unsafe",
    default=True,
    reads="characters",
    family=MALFORMED,
    severity="error",
    screen=never,
    signs=Sign.BAD_CHARACTER,
    doc="""\
## What it does
Reports characters that RFC 3986 does not allow in a URI and that are accidents or break a
reader: whitespace (a space or a line break inside a link), control characters, `"`, `<`, `>`
and `\\`, invisible characters (zero-width, bidi formatting, soft hyphen, non-breaking spaces),
a brace in the path outside a template slot, a brace that does not pair up, and `|`, `^` or
`` ` `` in the userinfo or the host.  Non-ASCII letters that RFC 3987 allows in an IRI are
URI110's.  Characters that real URLs use by convention and browsers accept (`|`, `^` and `` ` ``
in the path, query and fragment, braces that pair up in the query or the fragment) are URI111's,
off by default.  Whitespace and control characters are always reported here, whatever a browser
does with them: the WHATWG URL parser drops tabs and line breaks silently, so such a link works
in one tool and breaks in the next.

ASCII whitespace in the data of a base64 `data:` URI (`data:image/png;base64,...` wrapped over
lines in an attribute) is not reported: every consumer drops it.  RFC 2397 data marked
`;base64` is base64 as RFC 2045 defines it, whose decoders ignore line breaks and other
characters outside the alphabet (section 6.8), and the Fetch Standard's data: URL processor
runs the Infra Standard's forgiving-base64 decode, which first removes all ASCII whitespace.

One finding per URI: the message counts the characters ("14 spaces"), the span points at the
first of them, and the fix encodes them all.

## Why is this bad?
Clients disagree on what to do with them: some encode, some truncate, some reject. A space or
a line break usually means a link was cut, joined or typed by mistake.  An invisible character
makes two URIs that look the same point to different places.

## Example
`https://example.com/my file.pdf` -> `https://example.com/my%20file.pdf`

## Fix safety
Unsafe: percent-encoding (UTF-8, as RFC 3987 section 3.1 maps IRIs to URIs) keeps what a browser
would request, but a space may also mean the URI was cut or joined by mistake, and a stray `"`
or `>` typed into a link should be deleted rather than encoded. No fix is offered for
characters in the userinfo.
""",
    bad=(
        Example("https://example.com/my file.pdf", "https://example.com/my%20file.pdf"),
        Example("https://example.com/docs/my guide.md#step two", "https://example.com/docs/my%20guide.md#step%20two"),
        Example('https://example.com/"quoted"', "https://example.com/%22quoted%22"),
        Example("https://exa\u200bmple.com/"),  # a host's characters are never percent-encoded
        Example("https://example.com/\u202eevil", "https://example.com/%E2%80%AEevil"),
        Example("https://example.com/a\tb", "https://example.com/a%09b"),
        Example("https://example.com/a\nb", "https://example.com/ab"),
        Example("https://github.\n  com/o/r", "https://github.com/o/r"),
        Example("https://example.com/a\\b", "https://example.com/a%5Cb"),
        Example("https://example.com/caf\u00e9\u00a0menu", "https://example.com/caf\u00e9%C2%A0menu"),
        Example("https://example.com/a{b", "https://example.com/a%7Bb"),
        Example("https://example.com/?q=}", "https://example.com/?q=%7D"),
        Example("https://exa|mple.com/", "https://exa%7Cmple.com/"),
        Example("data:text/plain,hello\tworld", "data:text/plain,hello%09world"),
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
        "https://example.com/a|b",
        "https://example.com/?q=a^b",
        "https://fonts.googleapis.com/css?family=Roboto|Open+Sans",
        "https://matrix.to/#/#room:matrix.org",
        "https://example.com/?f={a:{b:1}}",
        "data:image/png;base64,iVBORw0K\n  GgoAAAAN\r\n\tSUhEUgAA",
        "data:image/svg+xml;BASE64,PHN2Zz4 8L3N2Zz4=",
    ),
    check=check,
)
