"""URI103 invalid-scheme."""

from __future__ import annotations

import unicodedata
from typing import Iterator, Optional, Tuple

from ..finding import Finding
from ..rfc3986 import grammar
from ..rfc3986.validate import describe
from .base import MALFORMED, Analysis, Example, Rule, Sign, never


def scheme_fault(text: str) -> Optional[Tuple[int, str]]:
    """(offset, message) when ``text`` reads as ``scheme://...`` with a malformed scheme."""
    colon = text.find("://")
    if colon == -1 or grammar.SCHEME_PREFIX.match(text):
        return None
    head = text[:colon]
    if "/" in head or "?" in head or "#" in head:
        return None
    if colon == 0:
        return 0, "the URI has an empty scheme before '://'"
    if text[0] not in grammar.ALPHA:
        return 0, f"a scheme must start with a letter, not {describe(text[0])}"
    for i in range(1, colon):
        if text[i] not in grammar.SCHEME_CHARS:
            return i, f"{describe(text[i])} is not allowed in a scheme (letters, digits, '+', '-', '.')"
    return None


#: Pairs people wrap a link target in: "[docs]: (https://x)", "[a](\"https://x\")".
_WRAPPERS = {"(": ")", "[": "]", '"': '"', "'": "'"}


def _invisible_prefix(text: str) -> int:
    """How many invisible format characters (zero-width space, BOM, bidi marks) lead ``text``."""
    n = 0
    while n < len(text) and unicodedata.category(text[n]) == "Cf":
        n += 1
    return n


def unwrapped(text: str) -> Optional[str]:
    """The URI itself, when ``text`` is one behind invisible characters ("\u200bhttps://x",
    pasted from a chat or a word processor) or wrapped whole in a pair ("(https://x)")."""
    start, end = _invisible_prefix(text), len(text)
    if not start and end > 2 and _WRAPPERS.get(text[0]) == text[-1]:
        start, end = 1, end - 1
    if start and grammar.SCHEME_PREFIX.match(text, start):
        inner = text[start:end]
        return inner if scheme_fault(inner) is None else None
    return None


def check(a: Analysis) -> Iterator[Finding]:
    fault = scheme_fault(a.text)
    if fault is None or a.in_placeholder(0, max(1, a.text.find(":"))):
        return
    inner = unwrapped(a.text)
    if inner is not None:
        # The link goes to a relative path: Markdown keeps a pair in the destination, and an
        # invisible character before the scheme makes it no scheme.
        if _invisible_prefix(a.text):
            yield RULE.finding(0, len(a.text) - len(inner), f"an invisible {describe(a.text[0])} stands before "
                               "the scheme; remove it", inner)
        else:
            yield RULE.finding(0, len(a.text), f"the URI is wrapped in {a.text[0]}...{a.text[-1]}, which the link "
                               "keeps as part of its target; remove them", inner)
        return
    offset, message = fault
    yield RULE.finding(offset, max(offset + 1, a.text.find(":")), message)


RULE = Rule(
    code="URI103",
    name="invalid-scheme",
    summary="The text before '://' is not a valid scheme",
    reference="RFC 3986 section 3.1 (scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ))",
    fix_safety="unsafe",
    default=True,
    reads="scheme",
    family=MALFORMED,
    severity="error",
    screen=never,
    signs=Sign.INVALID,
    doc="""\
## What it does
Reports a URI of the form `something://...` whose scheme breaks section 3.1: empty, not starting
with a letter, or containing other characters than letters, digits, `+`, `-` and `.`.

## Why is this bad?
No parser will read it as the scheme you meant: the whole string becomes a relative path.

## Example
`ht tp://example.com/`, `git_ssh://host/repo`, `://example.com/`

A URI wrapped whole in parentheses, brackets or quotes (`[docs]: (https://example.com/)`,
`[a]("https://example.com/")`) is reported as such: Markdown keeps the pair in the link's target.
So is one behind invisible characters (a zero-width space pasted from a chat or a document).

## Fix safety
Unsafe, for a wrapped URI or invisible characters only: they are removed (a pair may, rarely,
have been meant).  Otherwise no fix: the intended scheme cannot be known.  Text like
`key:value`, `12:30` or `C:\\dir` is not a URI and is not reported.
""",
    bad=(
        Example("ht tp://example.com/"),
        Example("git_ssh://host/repo"),
        Example("://example.com/"),
        Example("1http://example.com/"),
        Example("my scheme://x"),
        Example("(https://groups.example.com/g/dev)", "https://groups.example.com/g/dev"),
        Example('"https://example.com/"', "https://example.com/"),
        Example("\u200b\u200bhttps://zoom.example/j/5", "https://zoom.example/j/5"),
    ),
    good=(
        "http://example.com/",
        "git+ssh://host/repo",
        "coap+tcp://example.com/",
        "x-custom.app://open",
        "key:value",
        "12:30",
        "C:\\Users\\me",
        "https://example.com/a://b",
        "{scheme}://example.com/",
        "https://en.wikipedia.org/wiki/Foo_(bar)",
        "(relative/path)",
        "https://example.com/\u00e9t\u00e9",
    ),
    check=check,
)
