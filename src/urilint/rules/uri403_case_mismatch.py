"""URI403 case-mismatch."""

from __future__ import annotations

from .base import LinkExample, link_rule

_DOCS = (("README.md", "# Project\n"), ("img/logo.png", ""), ("docs/Guide.md", "# Guide\n"),
         ("docs/café.md", "# Café\n"))

RULE = link_rule(
    code="URI403",
    name="case-mismatch",
    summary="A relative link whose target exists only with another case (Logo.png for logo.png)",
    reference="RFC 3986 section 6.2.1 and section 5.2",
    fix_safety="unsafe",
    default=False,
    doc="""\
## What it does
Reports a relative link whose target is in the checked tree only under a name that differs in
case (`img/Logo.png` for `img/logo.png`) or in Unicode normalization (an `é` written as one
code point or as `e` and a combining accent).  Names are compared exactly, from folder
listings, so the rule fires on every file system.

## Why is this bad?
Paths are case-sensitive (RFC 3986 section 6.2.1 compares them character for character).  The
link works on a macOS or Windows checkout, whose file systems ignore case, and breaks on Linux,
in CI, on GitHub and on every web server.

## Example
`.. image:: img/Logo.png` -> `.. image:: img/logo.png`

## Fix safety
Unsafe: the fix writes the name as the tree has it; when two names differ only in case no fix
is offered.
""",
    bad_links=(
        LinkExample("img/Logo.png", _DOCS, fix="img/logo.png"),
        LinkExample("IMG/logo.png", _DOCS, fix="img/logo.png"),
        LinkExample("guide.md#guide", _DOCS, document="docs/index.md", fix="Guide.md#guide"),
        LinkExample("../Docs/Guide.md", _DOCS, document="img/x.md", fix="../docs/Guide.md"),
        LinkExample("docs/cafe\u0301.md", _DOCS, fix="docs/café.md"),
    ),
    good_links=(
        LinkExample("img/logo.png", _DOCS),
        LinkExample("docs/Guide.md", _DOCS),
        LinkExample("docs/caf%C3%A9.md", _DOCS),
        LinkExample("docs/café.md", _DOCS),
        LinkExample("https://example.com/IMG/Logo.png", _DOCS),
        LinkExample("/IMG/Logo.png", _DOCS),
    ),
)
