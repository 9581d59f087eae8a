"""URI109 unknown-scheme."""

from __future__ import annotations

from typing import Iterator

from ..finding import Finding
from ..rfc3986 import iana
from .base import MALFORMED, Analysis, Example, Rule, Sign, never


def check(a: Analysis) -> Iterator[Finding]:
    scheme = a.scheme
    if scheme is None or not a.has_valid_scheme():
        return
    if iana.is_known(scheme) or scheme in a.settings.allowed_schemes:
        return
    start, end = a.span("scheme")
    yield RULE.finding(start, end, f"scheme {scheme!r} is not in the IANA URI scheme registry; "
                       "add it to allowed-schemes if it is yours")


RULE = Rule(
    code="URI109",
    name="unknown-scheme",
    summary="A scheme not in the IANA registry (off by default)",
    reference="RFC 3986 section 3.1; RFC 7595 (URI scheme registration); IANA URI Schemes registry",
    fix_safety="none",
    default=False,
    reads="scheme",
    family=MALFORMED,
    severity="error",
    screen=never,
    signs=Sign.SCHEME_UNKNOWN,
    doc="""\
## What it does
Reports schemes that are neither in the IANA "Uniform Resource Identifier (URI) Schemes" registry
(shipped with urilint) nor in a short list of widely used unregistered ones (postgresql, jdbc,
s3, ...), nor a version control system's `<vcs>+<transport>` (`git+https`, `hg+ssh`,
`svn+http`, `bzr+lp`: pip's VCS URLs), nor in the `allowed-schemes` setting.

## Why is this bad?
An unregistered scheme may be a typo or a private convention that other tools will not know.

## Example
`fooo://example.com/`

## Fix safety
No fix.  Off by default: private schemes are common and legitimate.
""",
    bad=(
        Example("fooo://example.com/"),
        Example("myapp-internal://open"),
        Example("notascheme://x"),
        Example("cvs+http://cvs.example.org/repo"),
    ),
    good=(
        "https://example.com/",
        "urn:isbn:0451450523",
        "mailto:a@example.com",
        "postgresql://localhost/db",
        "tel:+1-816-555-1212",
        "data:text/plain,hi",
        "svn+http://svn.example.org/svn/MyApp#egg=MyApp",
        "hg+https://hg.example.org/repo",
    ),
    check=check,
)
