"""URI110 non-ascii."""

from __future__ import annotations

from typing import Iterator, List, Optional

from ..finding import Finding, apply_edits
from ..rfc3986.validate import SyntaxProblem
from . import idn
from .base import MALFORMED, Analysis, CleanShape, Example, Rule, Sign
from .common import IRI, Edit, components, pct_encode, problems_for


def _fix(a: Analysis, problems: List[SyntaxProblem], host: Optional[idn.ALabel]) -> Optional[str]:
    """Path, query and fragment characters percent-encoded (UTF-8, RFC 3987 section 3.1), the
    host as its A-label; no fix when a character is in the userinfo or the host has no A-label."""
    if any(p.component == "userinfo" for p in problems):
        return None
    edits: List[Edit] = [(p.offset, p.offset + 1, pct_encode(a.text[p.offset]) or a.text[p.offset])
                         for p in problems if p.component != "host"]
    if host is not None:
        span = a.ref.span("host")
        if host.text is None or span is None:
            return None
        edits.append((span[0], span[1], host.text))
    return apply_edits(a.text, edits) if edits else None


def check(a: Analysis) -> Iterator[Finding]:
    problems = problems_for(a, IRI)
    if not problems:
        return
    host_problems = [p for p in problems if p.component == "host"]
    host = idn.to_ascii(a.ref.host or "") if host_problems else None
    fix = _fix(a, problems, host)
    applicability = None if fix is None else "unsafe" if host_problems else "safe"
    # One finding for the URI: at the host when it is not ASCII, else at the first character;
    # the message counts the others.
    others = [p for p in problems if p.component != "host"]
    parts: List[str] = []
    if host is not None:
        span = a.ref.span("host") or (host_problems[0].offset, host_problems[0].offset + 1)
        if host.text is not None:
            parts.append(f"the host is not ASCII; its IDNA A-label is {host.text}")
        else:
            parts.append(f"the host is not ASCII and has no IDNA 2008 A-label: {host.reason}")
    else:
        span = (others[0].offset, others[0].offset + 1)
    if others:
        what = "non-ASCII character" if len(others) == 1 else f"{len(others)} non-ASCII characters"
        it = "it" if len(others) == 1 else "them"
        parts.append(f"{what} in {components(others)}; a URI percent-encodes {it} (UTF-8)")
    yield RULE.finding(span[0], span[1], "; ".join(parts), fix, applicability)


def screen(shape: CleanShape) -> bool:
    return not shape.ascii


RULE = Rule(
    code="URI110",
    name="non-ascii",
    summary="A valid IRI that is not a URI: non-ASCII characters (off by default)",
    reference="RFC 3987 section 3.1 (mapping IRIs to URIs); RFC 5891 and UTS 46 (IDNA A-labels)",
    fix_safety="safe",
    default=False,
    reads="characters",
    family=MALFORMED,
    severity="error",
    screen=screen,
    signs=Sign.NON_ASCII,
    doc="""\
## What it does
Reports non-ASCII characters that RFC 3987 allows in an IRI (`https://de.wikipedia.org/wiki/Köln`)
and that a URI must percent-encode.  A non-ASCII host is checked and mapped with IDNA 2008 and
the UTS 46 mapping (non-transitional, as browsers do) and given as its A-label (`xn--...`), or
reported as having none (a code point IDNA 2008 disallows, a joiner out of its context).  The
joiners U+200C and U+200D belong to the label where IDNA 2008 allows them (Persian, Sinhala,
...); elsewhere they are invisible characters (URI101).

## Why is this bad?
Some tools (older HTTP clients, some linters and proxies) handle only URIs.  Off by default:
IRIs are everywhere in real documentation and browsers handle them.

## Example
`https://example.com/Köln` -> `https://example.com/K%C3%B6ln`;
`https://faß.de/` -> `https://xn--fa-hia.de/` (IDNA 2003 said `fass.de`: another name)

## Fix safety
Safe in the path, query and fragment (the same bytes go on the wire); unsafe when the host is
converted: a consumer still on IDNA 2003 or transitional processing maps `ß`, `ς` and the joiners
differently.  A host is never percent-encoded, and never changed when it has no A-label.  The
userinfo is never changed.
""",
    bad=(
        Example("https://example.com/K\u00f6ln", "https://example.com/K%C3%B6ln"),
        Example("https://example.com/?q=\u65e5\u672c", "https://example.com/?q=%E6%97%A5%E6%9C%AC"),
        Example("https://k\u00f6ln.de/", "https://xn--kln-sna.de/", "unsafe"),
        Example("https://fa\u00df.de/", "https://xn--fa-hia.de/", "unsafe"),
        Example("https://\u0646\u0627\u0645\u0647\u200c\u0627\u06cc.example/", "https://xn--mgba3gch31f060k.example/",
                "unsafe"),
        Example("https://i\u2764.example/"),
    ),
    good=(
        "https://example.com/K%C3%B6ln",
        "https://xn--kln-sna.de/",
        "https://example.com/",
        "https://example.com/{name}",
        "https://k%C3%B6ln.de/",
        "https://my_host.example.com/",
    ),
    check=check,
)
