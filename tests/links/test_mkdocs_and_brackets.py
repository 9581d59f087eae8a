"""MkDocs sites: attribute lists on any element define anchors, pymdownx.snippets includes
bring the included file's anchors, ``::: identifier`` blocks make the anchors unknown; and
destinations whose "scheme" is no scheme (``[x]: [https://...]``) are read as the relative
paths browsers read them as."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import pytest

from urilint.links.anchors import attribute_list_ids, markdown_anchors, snippet_includes
from urilint.links.check import LinkSettings, check_links, check_reference
from urilint.links.index import LinkIndex
from urilint.links.tree import DictTree
from urilint.scanners import extract

# --- attribute lists on any element -----------------------------------------------------------
ATTR_DEFINES = [
    pytest.param("Para text.\n{: #para }\n", "para", id="kramdown-ial-after-paragraph"),
    pytest.param("Para text.\n{ #para .note }\n", "para", id="attr-list-after-paragraph"),
    pytest.param("![Logo](logo.png){ #logo }\n", "logo", id="image"),
    pytest.param("![Logo](logo.png){#logo .wide}\n", "logo", id="image-no-spaces"),
    pytest.param("*   **`locale`**{ #mkdocs-locale }: the locale\n", "mkdocs-locale", id="inline-on-strong"),
    pytest.param("- item\n  { #item-id }\n", "item-id", id="list-item"),
    pytest.param("| a | b |\n|---|---|\n| 1 | 2 |\n{ #table-id }\n", "table-id", id="table"),
    pytest.param("Text [link](x.md){: #link-id target=_blank }\n", "link-id", id="link-with-key-value"),
    pytest.param("> quoted\n> { #quote-id }\n", "quote-id", id="block-quote"),
]
ATTR_DEFINES_NOT = [
    pytest.param("```\nText\n{ #in-fence }\n```\n", "in-fence", id="fenced-code"),
    pytest.param("    Text\n    { #indented }\n", "indented", id="indented-code"),
    pytest.param("Write `{#in-span}` after a heading.\n", "in-span", id="code-span"),
    pytest.param("{# a Jinja comment #}\n", "a", id="jinja-comment"),
    pytest.param("{{ page.title }} and {% block x %}\n", "x", id="jinja-expressions"),
    pytest.param("Use { .class } only.\n", "class", id="class-only"),
    pytest.param("A set {#, x}.\n", "x", id="not-an-id"),
    pytest.param("Text { #id\nbroken }\n", "id", id="across-lines"),
    pytest.param("```md\n**x**{ #fenced-inline }\n```\n", "fenced-inline", id="inline-in-fence"),
    pytest.param("C code { int a = #b; }\n", "b", id="braces-in-prose"),
]


@pytest.mark.parametrize(("text", "anchor"), ATTR_DEFINES)
def test_attribute_lists_define(text: str, anchor: str) -> None:
    assert anchor in attribute_list_ids(text)
    for style in ("github", "gitlab", "mkdocs"):
        assert anchor in markdown_anchors("# Title\n\n" + text, style)


@pytest.mark.parametrize(("text", "anchor"), ATTR_DEFINES_NOT)
def test_attribute_lists_do_not_define(text: str, anchor: str) -> None:
    assert anchor not in markdown_anchors("# Title\n\n" + text, "mkdocs")


# --- snippets ---------------------------------------------------------------------------------
INCLUDES = [
    pytest.param('--8<-- "CONTRIBUTING.md"\n', [("CONTRIBUTING.md",)], id="double-quoted"),
    pytest.param("--8<-- 'a.md'\n", [("a.md",)], id="single-quoted"),
    pytest.param('-8<- "a.md"\n', [("a.md",)], id="short-marker"),
    pytest.param('  --8<-- "docs/a.md"\n', [("docs/a.md",)], id="indented"),
    pytest.param('--8<-- "a.md:3:10"\n', [("a.md",)], id="line-range"),
    pytest.param('--8<-- "a.md:intro"\n', [("a.md",)], id="section"),
    pytest.param("--8<--\na.md\n;b.md\n\nc.md\n--8<--\n", [("a.md", "c.md")], id="block"),
    pytest.param('```\n--8<-- "a.md"\n```\n', [("a.md",)], id="inside-a-fence-too"),
]
INCLUDES_NOT = [
    pytest.param(';--8<-- "a.md"\n', id="escaped"),
    pytest.param('Text --8<-- "a.md"\n', id="not-at-line-start"),
    pytest.param('--8<-- "a.md" trailing\n', id="trailing-text"),
    pytest.param("--8<-- a.md\n", id="unquoted"),
    pytest.param("8< cut here\n", id="scissors"),
    pytest.param("--8<--\n", id="lone-block-marker"),
    pytest.param(";--8<--\na.md\n;--8<--\n", id="escaped-block"),
    pytest.param('--8<-- ""\n', id="empty-name"),
]


@pytest.mark.parametrize(("text", "names"), INCLUDES)
def test_snippet_includes_found(text: str, names: List[Tuple[str, ...]]) -> None:
    assert [n for _, _, n in snippet_includes(text)] == names


@pytest.mark.parametrize("text", INCLUDES_NOT)
def test_snippet_includes_not_found(text: str) -> None:
    assert snippet_includes(text) == []


SITE: Dict[str, str] = {
    "CONTRIBUTING.md": "# Contributing\n\n## Installing for Development\n\n### Submitting changes\n",
    "docs/about/contributing.md": '--8<-- "CONTRIBUTING.md"\n',
    "docs/about/partial.md": '# Part\n\n--8<-- "CONTRIBUTING.md:5:7"\n',
    "docs/about/beside.md": '--8<-- "note.md"\n',
    "docs/about/note.md": "# A note\n",
    "docs/about/nested.md": '--8<-- "docs/about/contributing.md"\n\n## Installing for Development\n',
    "docs/about/missing.md": '# Here\n\n--8<-- "gone.md"\n',
    "docs/about/remote.md": '# Here\n\n--8<-- "https://example.com/x.md"\n',
    "docs/about/loop.md": '# Loop\n\n--8<-- "docs/about/loop.md"\n',
    "docs/cli.md": "# CLI\n\n::: mkdocs-click\n    :module: app.cli\n",
    "docs/api.md": "# API\n\n::: package.module\n",
    "docs/page.md": "# Page\n\nText.\n{ #custom }\n",
    "docs/theme.md": "# Theme\n\n*   **`locale`**{ #mkdocs-locale }: the locale\n",
}
MKDOCS = LinkSettings(anchor_style="mkdocs")


def _judge(link: str, document: str = "docs/index.md", settings: Optional[LinkSettings] = None) -> List[str]:
    settings = settings or MKDOCS
    index = LinkIndex(DictTree(SITE), settings.anchor_style)
    return [f.code for f in check_reference(index, document, link, settings)]


SITE_FIRES = [
    pytest.param("about/contributing.md#installing-for-developmnt", id="included-heading-typo"),
    pytest.param("about/partial.md#nowhere", id="partial-include"),
    pytest.param("about/beside.md#no-note", id="beside-include"),
    pytest.param("about/loop.md#nowhere", id="include-cycle"),
    pytest.param("page.md#custm", id="attr-list-typo"),
    pytest.param("theme.md#readthedocs-locale", id="inline-attr-list-other-id"),
]
SITE_SILENT = [
    pytest.param("about/contributing.md#installing-for-development", id="included-heading"),
    pytest.param("about/contributing.md#submitting-changes", id="included-subheading"),
    pytest.param("about/partial.md#installing-for-development", id="partial-include-counts-whole"),
    pytest.param("about/beside.md#a-note", id="include-beside-the-page"),
    pytest.param("about/nested.md#installing-for-development_1", id="nested-include-numbers-duplicates"),
    pytest.param("about/missing.md#anything", id="unreadable-include-means-unknown"),
    pytest.param("about/remote.md#anything", id="url-include-means-unknown"),
    pytest.param("about/loop.md#loop", id="include-cycle-own-heading"),
    pytest.param("cli.md#mkdocs-serve", id="mkdocs-click-block"),
    pytest.param("api.md#package.module.func", id="mkdocstrings-block"),
    pytest.param("page.md#custom", id="attr-list-after-paragraph"),
    pytest.param("theme.md#mkdocs-locale", id="inline-attr-list"),
]


@pytest.mark.parametrize("link", SITE_FIRES)
def test_mkdocs_site_fires(link: str) -> None:
    assert _judge(link) == ["URI402"]


@pytest.mark.parametrize("link", SITE_SILENT)
def test_mkdocs_site_silent(link: str) -> None:
    assert _judge(link) == []


def test_the_include_line_is_not_judged_as_a_link() -> None:
    # pymdownx.snippets reads "gone.md" against its base path, not the page: not a link.
    text = '# Here\n\n--8<-- "gone.md"\n'
    index = LinkIndex(DictTree(SITE), "mkdocs")
    assert check_links(index, "docs/about/missing.md", text, extract(text, "markdown"), MKDOCS) == []


# --- destinations whose scheme is no scheme --------------------------------------------------
NOT_A_URL = [
    pytest.param("[x]\n\n[x]: [https://github.com/o/r/blob/main/m.md#member]\n",
                 "https://github.com/o/r/blob/main/m.md#member", id="bracketed-definition"),
    pytest.param("[x]([https://example.org/a])\n", "https://example.org/a", id="bracketed-inline"),
    pytest.param("[x]\n\n[x]: (https://example.org/a)\n", "https://example.org/a", id="parenthesized"),
    pytest.param("[x](1.2:release)\n", None, id="digit-scheme"),
    pytest.param("[x](@user:matrix.org)\n", None, id="at-scheme"),
    pytest.param("[x]\n\n[x]: ['https://example.org/a']\n", None, id="bracketed-quoted-no-fix"),
]
NOT_A_URL_SILENT = [
    pytest.param("[x]\n\n[x]: https://github.com/o/r/blob/main/m.md\n", id="plain-url"),
    pytest.param("[x]\n\n[x]: <https://example.org/a>\n", id="angle-brackets"),
    pytest.param("[x](C:/Users/me/file.md)\n", id="drive-letter-is-a-scheme"),
    pytest.param("[x](mailto:me@example.org)\n", id="mailto"),
    pytest.param("[x](https://example.org/[a])\n", id="brackets-inside-a-url"),
    pytest.param("```\n[x]: [https://example.org/a]\n```\n", id="in-code"),
    pytest.param("[y]\n\n[x]: [https://example.org/a]\n", id="unused-definition"),
    pytest.param("[x]([odd]:name.md)\n", id="existing-odd-file"),
    pytest.param("[x](a+b:c)\n", id="valid-scheme"),
    pytest.param("[x]({{ url }}:x)\n", id="template"),
]


def _not_a_url(text: str) -> List[Tuple[str, Optional[str]]]:
    index = LinkIndex(DictTree({"docs/[odd]:name.md": "# Odd\n"}))
    found = check_links(index, "docs/a.md", text, extract(text, "markdown"))
    return [(lf.finding.code, lf.finding.fix) for lf in found]


@pytest.mark.parametrize(("text", "fix"), NOT_A_URL)
def test_no_scheme_is_read_as_a_relative_path(text: str, fix: Optional[str]) -> None:
    assert _not_a_url(text) == [("URI401", fix)]


@pytest.mark.parametrize("text", NOT_A_URL_SILENT)
def test_real_schemes_and_existing_paths_stay_silent(text: str) -> None:
    assert _not_a_url(text) == []


@pytest.mark.parametrize(("fire", "silent"), [(ATTR_DEFINES, ATTR_DEFINES_NOT), (INCLUDES, INCLUDES_NOT),
                                              (SITE_FIRES, SITE_SILENT), (NOT_A_URL, NOT_A_URL_SILENT)])
def test_tables_are_balanced(fire: List[object], silent: List[object]) -> None:
    assert len(silent) >= len(fire)


# --- raw HTML in MkDocs pages: the site's directory URLs --------------------------------------
MKDOCS_SITE: Dict[str, str] = {
    "mkdocs.yml": "site_name: X\nnav:\n  - index.md\n",
    "docs/index.md": "# Home\n",
    "docs/img/logo.png": "",
    "docs/user-guide/theme.md": "# Theme\n",
    "docs/user-guide/other.md": "# Other\n",
    "docs/user-guide/img/local.png": "",
    "README.md": "# Readme\n",
}


def _html_links(document: str, html: str, files: Optional[Dict[str, str]] = None) -> List[Tuple[str, str]]:
    index = LinkIndex(DictTree(files if files is not None else MKDOCS_SITE))
    found = check_links(index, document, html, extract(html, "markdown"))
    return [(lf.finding.code, lf.finding.message.split("'")[1]) for lf in found]


SITE_URL_FIRES = [
    pytest.param("docs/index.md", '<a href="nope">x</a>\n', None, [("URI401", "docs/nope")], id="nowhere-in-both"),
    pytest.param("docs/user-guide/theme.md", '<img src="../../img/nope.png">\n', None,
                 [("URI401", "docs/img/nope.png")], id="reported-as-the-site-reads-it"),
    pytest.param("docs/index.md", '<a href="user-guide/theme">x</a>\n',
                 {k: v for k, v in MKDOCS_SITE.items() if k != "mkdocs.yml"},
                 [("URI401", "docs/user-guide/theme")], id="no-mkdocs-yml"),
    pytest.param("docs/user-guide/theme.md", '<img src="../../img/logo.png">\n',
                 {**MKDOCS_SITE, "mkdocs.yml": "site_name: X\nuse_directory_urls: false\n"},
                 [("URI401", "img/logo.png")], id="without-directory-urls"),
    pytest.param("docs/user-guide/theme.md", "[x](../../img/logo.png)\n", None, [("URI401", "img/logo.png")],
                 id="markdown-links-are-rewritten-by-mkdocs"),
    pytest.param("README.md", '<a href="user-guide/theme">x</a>\n', None, [("URI401", "user-guide/theme")],
                 id="outside-docs-dir"),
]
SITE_URL_SILENT = [
    pytest.param("docs/index.md", '<a href="user-guide/theme">x</a>\n', None, id="page-url-without-slash"),
    pytest.param("docs/index.md", '<a href="user-guide/theme/">x</a>\n', None, id="page-url-with-slash"),
    pytest.param("docs/user-guide/theme.md", '<img src="../../img/logo.png">\n', None, id="up-from-directory-url"),
    pytest.param("docs/user-guide/theme.md", '<img src="img/local.png">\n', None, id="repository-reading-works"),
    pytest.param("docs/user-guide/theme.md", '<a href="../other/">x</a>\n', None, id="sibling-page"),
    pytest.param("docs/user-guide/theme.md", '<a href="../other">x</a>\n', None, id="sibling-page-no-slash"),
    pytest.param("site/sub/page.md", '<img src="../../img/logo.png">\n',
                 {"mkdocs.yml": "site_name: X\ndocs_dir: 'site'  # the pages\n", "site/sub/page.md": "# P\n",
                  "site/img/logo.png": ""}, id="docs-dir-setting"),
    pytest.param("docs/user-guide/theme.md", '<a href="../../index.md">x</a>\n', None, id="two-up-to-the-home"),
]


@pytest.mark.parametrize(("document", "html", "files", "expected"), SITE_URL_FIRES)
def test_raw_html_in_mkdocs_pages_fires(document: str, html: str, files: Optional[Dict[str, str]],
                                        expected: List[Tuple[str, str]]) -> None:
    assert _html_links(document, html, files) == expected


@pytest.mark.parametrize(("document", "html", "files"), SITE_URL_SILENT)
def test_raw_html_in_mkdocs_pages_silent(document: str, html: str, files: Optional[Dict[str, str]]) -> None:
    assert _html_links(document, html, files) == []


def test_site_url_tables_are_balanced() -> None:
    assert len(SITE_URL_SILENT) >= len(SITE_URL_FIRES)
