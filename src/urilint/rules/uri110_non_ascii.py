"""URI110 non-ascii."""

from __future__ import annotations

from typing import Iterator, List, Optional

from ..finding import Finding
from .base import MALFORMED, Analysis, CleanShape, Example, Rule
from .common import Edit, apply_edits, components, pct_encode, problems_for, IRI


def a_label(host: str) -> Optional[str]:
    """The IDNA A-label form of a host (Python's built-in IDNA codec, RFC 3490)."""
    try:
        return host.encode("idna").decode("ascii")
    except (UnicodeError, ValueError):
        return None


def check(a: Analysis) -> Iterator[Finding]:
    problems = problems_for(a, IRI)
    if not problems:
        return
    host_problems = [p for p in problems if p.component == "host"]
    if any(p.component == "userinfo" for p in problems):
        fix = None
    else:
        edits: List[Edit] = []
        for p in problems:
            if p.component != "host":
                edits.append((p.offset, p.offset + 1, pct_encode(a.text[p.offset]) or a.text[p.offset]))
        host_span = a.ref.span("host")
        if host_problems and host_span is not None and a.ref.host is not None:
            label = a_label(a.ref.host)
            if label is not None:
                edits.append((host_span[0], host_span[1], label))
        fix = apply_edits(a.text, edits) if edits else None
    applicability = "unsafe" if host_problems else "safe"
    # One finding for the URI: at the host when it is not ASCII, else at the first character;
    # the message counts the others.
    others = [p for p in problems if p.component != "host"]
    parts: List[str] = []
    if host_problems:
        span = a.ref.span("host") or (host_problems[0].offset, host_problems[0].offset + 1)
        label = a_label(a.ref.host or "")
        hint = f"; its IDNA A-label is {label}" if label else ""
        parts.append(f"the host is not ASCII{hint}")
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
    reference="RFC 3987 section 3.1 (mapping IRIs to URIs); RFC 5891 (IDNA A-labels)",
    fix_safety="safe",
    default=False,
    family=MALFORMED,
    severity="error",
    screen=screen,
    doc="""\
## What it does
Reports non-ASCII characters that RFC 3987 allows in an IRI (`https://de.wikipedia.org/wiki/Köln`)
and that a URI must percent-encode; for a host, gives its IDNA A-label (`xn--...`).

## Why is this bad?
Some tools (older HTTP clients, some linters and proxies) handle only URIs.  Off by default:
IRIs are everywhere in real documentation and browsers handle them.

## Example
`https://example.com/Köln` -> `https://example.com/K%C3%B6ln`

## Fix safety
Safe in the path, query and fragment (the same bytes go on the wire); unsafe when the host is
converted (IDNA 2003 and 2008 differ for a few characters).  Never in the userinfo.
""",
    bad=(
        Example("https://example.com/K\u00f6ln", "https://example.com/K%C3%B6ln"),
        Example("https://example.com/?q=\u65e5\u672c", "https://example.com/?q=%E6%97%A5%E6%9C%AC"),
        Example("https://k\u00f6ln.de/", "https://xn--kln-sna.de/", "unsafe"),
    ),
    good=(
        "https://example.com/K%C3%B6ln",
        "https://xn--kln-sna.de/",
        "https://example.com/",
        "https://example.com/{name}",
    ),
    check=check,
)
