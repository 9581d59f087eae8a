"""URI402 missing-fragment."""

from __future__ import annotations

from .base import LinkExample, link_rule

_DOCS = (
    ("README.md", "# Project\n\n## Usage\n\n## Usage\n\n<a id=\"legacy\"></a>\n"),
    ("docs/api.md", "# API\n\n## Authentication\n\n### `login()` and [tokens](t.md)\n"),
    ("docs/guide.rst", ".. _setup-steps:\n\nSetting up\n==========\n"),
    ("site/index.html", "<h1 id=\"top\">Top</h1><a name=\"old\"></a>"),
    ("src/app.py", "print()\n"),
)

RULE = link_rule(
    code="URI402",
    name="missing-fragment",
    summary="A link's #fragment names no anchor of the Markdown, reST or HTML document it targets",
    reference="RFC 3986 section 3.5 and section 5.2",
    fix_safety="unsafe",
    default=False,
    doc="""\
## What it does
For a link to a Markdown, reStructuredText or HTML document of the checked tree (or a bare
`#name` in the same document), reads the anchors that document defines and reports a fragment
that is none of them.  Anchors are headings, slugged as the `anchor-style` setting says (GitHub
by default: lowercase, punctuation and emoji dropped, spaces to `-`, non-ASCII letters kept,
duplicates numbered `-1`, `-2`; or GitLab, or MkDocs), attribute lists (`{#id}`, `{: #id}`,
`{ #id .class }`) on headings and on any other element, HTML `id=` and `<a name=...>`, reST
`.. _label:` targets and section titles (ids as docutils makes them).  A Markdown page that
includes files with pymdownx.snippets (`--8<-- "file.md"`) has their anchors too (the file is
looked up from the repository root, MkDocs' default `base_path`, then beside the page); when an
included file cannot be read, or the page builds headings from a `::: identifier` block
(mkdocstrings, mkdocs-click), its anchors are unknown and no fragment of it is judged.
Fragments of other targets (source files, images) are not judged, nor GitHub's line fragments
(`#L10`, `#L10-L20`) where GitHub gives them meaning.

## Why is this bad?
The link opens the right page at the wrong place: the reader lands at the top and has to
search.  Headings get renamed far more often than files, and nothing else notices.

## Example
`[API](api.md#autentication)` -> `[API](api.md#authentication)`

## Fix safety
Unsafe: offered only when exactly one anchor is a close match (the same without case, or a
small edit distance), which is a guess at what the author meant.
""",
    bad_links=(
        LinkExample("docs/api.md#autentication", _DOCS, fix="docs/api.md#authentication"),
        LinkExample("#usage-2", _DOCS, fix="#usage-1"),
        LinkExample("#project-1", _DOCS, fix="#project"),
        LinkExample("docs/guide.rst#setup", _DOCS),
        LinkExample("site/index.html#tpo", _DOCS, fix="site/index.html#top"),
        LinkExample("docs/api.md#login-and-token", _DOCS, fix="docs/api.md#login-and-tokens"),
    ),
    good_links=(
        LinkExample("docs/api.md#authentication", _DOCS),
        LinkExample("docs/api.md#login-and-tokens", _DOCS),
        LinkExample("#usage-1", _DOCS),
        LinkExample("#legacy", _DOCS),
        LinkExample("docs/guide.rst#setup-steps", _DOCS),
        LinkExample("docs/guide.rst#setting-up", _DOCS),
        LinkExample("site/index.html#old", _DOCS),
        LinkExample("src/app.py#L10-L20", _DOCS),
        LinkExample("docs/api.md?plain=1#L3", _DOCS),
        LinkExample("docs/#anything", _DOCS),
    ),
)
