"""URI401 missing-target."""

from __future__ import annotations

from .base import LinkExample, link_rule

_DOCS = (("README.md", "# Project\n"), ("docs/install.md", "# Install\n"),
         ("docs/my file.md", "# Mine\n"), ("docs/guide.rst", "Guide\n=====\n"),
         ("img/logo.png", ""), ("CHANGELOG.md", "# Changes\n"))

RULE = link_rule(
    code="URI401",
    name="missing-target",
    summary="A relative link whose target is not in the repository",
    reference="RFC 3986 section 5.2",
    fix_safety="unsafe",
    default=False,
    doc="""\
## What it does
Resolves each relative link of a Markdown, reStructuredText or HTML document against the
document's own location (RFC 3986 section 5.2), sets the query and fragment apart, decodes
percent-encodings (`my%20file.md` is `my file.md`) and reports the link when no file or folder
of the checked tree has that path.  A link starting with `/` is resolved against the
`site-root` setting, and is not judged without one; links that climb out of the repository,
links with a scheme or a host (except the repository's own hosted files, see `hosted`),
templated links and targets matching `ignore-targets` are not judged.  `page.html` or `page/`
whose source `page.md` or `page.rst` is beside it is the page a site generator builds, and
`_sources/page.rst.txt` the copy Sphinx writes of it: fine.  A destination whose text before
the first `:` is no scheme (`[x]: [https://host/page]`, `(https://...)`) is no URL: renderers
and browsers read it as a relative path, and so it is judged, with the wrapped URL as the fix.
The path of a pymdownx.snippets include (`--8<-- "file.md"`) is not a link and is not judged.
In an MkDocs project (`mkdocs.yml` at the root, directory URLs on), a raw-HTML link of a page
is also read from the URL the page is served at (`docs/a/b.md` at `a/b/`), as the browser reads
it, and reported only when that reading fails too.

## Why is this bad?
The link is broken: a reader who follows it lands on a 404 page, on GitHub and on any site
built from the repository.  A typo, a renamed file or a wrong number of `../` are the usual
causes, and each is provable offline.

## Example
`[Install](docs/instal.md)` -> `[Install](docs/install.md)`

## Fix safety
Unsafe: offered only when exactly one existing name is a close match (a small edit distance,
or the same name with a suffix added), which is a guess at what the author meant.
""",
    bad_links=(
        LinkExample("docs/instal.md", _DOCS, fix="docs/install.md"),
        LinkExample("docs/install", _DOCS, fix="docs/install.md"),
        LinkExample("../../install.md#top", _DOCS, document="docs/guide/index.md"),
        LinkExample("img/logo.svg", _DOCS, fix="img/logo.png"),
        LinkExample("CHANGES.md", _DOCS),
        LinkExample("my%20fil.md", _DOCS, document="docs/index.md", fix="my%20file.md"),
        LinkExample("[https://example.com/page]", _DOCS, fix="https://example.com/page"),
    ),
    good_links=(
        LinkExample("docs/install.md", _DOCS),
        LinkExample("./docs/install.md?plain=1#install", _DOCS),
        LinkExample("../img/logo.png", _DOCS, document="docs/index.md"),
        LinkExample("my%20file.md", _DOCS, document="docs/index.md"),
        LinkExample("docs/", _DOCS),
        LinkExample("guide.html", _DOCS, document="docs/index.rst"),
        LinkExample("../../../outside.md", _DOCS, document="docs/index.md"),
        LinkExample("https://example.com/missing.md", _DOCS),
        LinkExample("{{ site.baseurl }}/missing.md", _DOCS),
    ),
)
