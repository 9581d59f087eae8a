"""The anchors each document format defines: must-define and must-not-define tables."""

from __future__ import annotations

import re

import pytest

from urilint.links.anchors import (anchors, docutils_id, heading_text, html_anchors, markdown_anchors,
                                   markdown_headings, rst_anchors)

# --- Markdown (GitHub style unless said) ---------------------------------------------------
MD_DEFINES = [
    pytest.param("# Installation\n", "installation", id="atx"),
    pytest.param("Installation\n============\n", "installation", id="setext-1"),
    pytest.param("Usage notes\n---\n", "usage-notes", id="setext-2"),
    pytest.param("Two\nlines\n===\n", "two-lines", id="setext-multiline"),
    pytest.param("## Closed ##\n", "closed", id="atx-closing-sequence"),
    pytest.param("# A\n\n# A\n", "a-1", id="duplicate-1"),
    pytest.param("# A\n\n# A\n\n# A\n", "a-2", id="duplicate-2"),
    pytest.param("# What's new?\n", "whats-new", id="punctuation-dropped"),
    pytest.param("# 😄 emoji\n", "-emoji", id="emoji-dropped"),
    pytest.param("# Привет non-latin 你好\n", "привет-non-latin-你好", id="non-ascii-kept"),
    pytest.param("# The `run()` method\n", "the-run-method", id="inline-code"),
    pytest.param("# See [the guide](guide.md)\n", "see-the-guide", id="inline-link"),
    pytest.param("# See [the guide][g]\n\n[g]: guide.md\n", "see-the-guide", id="reference-link"),
    pytest.param("# *Very* **bold** _it_\n", "very-bold-it", id="emphasis"),
    pytest.param("# __init__ hooks\n", "init-hooks", id="strong-underscores"),
    pytest.param("# snake_case_name\n", "snake_case_name", id="intraword-underscores"),
    pytest.param("# Tom &amp; Jerry &eacute;t&eacute;\n", "tom--jerry-été", id="entities"),
    pytest.param("# <b>Bold</b> tag\n", "bold-tag", id="inline-html"),
    pytest.param("# \\#1 escaped\n", "1-escaped", id="escape"),
    pytest.param("# ![logo](logo.png) Title\n", "-title", id="image-no-text"),
    pytest.param("# ![logo](logo.png) Title\n", "logo-title", id="image-alt-reading"),
    pytest.param("# :rocket: Launch\n", "-launch", id="emoji-shortcode-rendered"),
    pytest.param("# :rocket: Launch\n", "rocket-launch", id="emoji-shortcode-literal"),
    pytest.param("> ## Quoted\n", "quoted", id="in-block-quote"),
    pytest.param("- ## In a list\n", "in-a-list", id="in-list-item"),
    pytest.param("# Title {#custom}\n", "custom", id="attribute-list"),
    pytest.param("# Title {: #custom .cls }\n", "custom", id="attribute-list-colon"),
    pytest.param('<a id="manual"></a>\n', "manual", id="html-id"),
    pytest.param('<a name="old-name"></a>\n', "old-name", id="html-name"),
    pytest.param('Text <span id="inline">x</span>\n', "inline", id="inline-html-id"),
    pytest.param("---\ntitle: x\n---\n# After front matter\n", "after-front-matter", id="front-matter"),
]
MD_DEFINES_NOT = [
    pytest.param("```\n# In a fence\n```\n", "in-a-fence", id="fenced-code"),
    pytest.param("    # Indented code\n", "indented-code", id="indented-code"),
    pytest.param("#NoSpace\n", "nospace", id="not-atx"),
    pytest.param("####### Seven\n", "seven", id="seven-hashes"),
    pytest.param("# A\n\n# A\n", "a-2", id="duplicate-one-too-many"),
    pytest.param("# What's new?\n", "what's-new?", id="punctuation-kept"),
    pytest.param("# What's new?\n", "what-s-new", id="punctuation-as-dash"),
    pytest.param("# Привет\n", "", id="non-ascii-not-dropped"),
    pytest.param("# Title {#custom}\n", "", id="empty"),
    pytest.param("# Installation\n", "Installation", id="case-kept"),
    pytest.param("# See [the guide](guide.md)\n", "see-the-guideguidemd", id="link-destination"),
    pytest.param("# The `run()` method\n", "the-run-method-1", id="no-phantom-duplicate"),
    pytest.param("```html\n<a id=\"in-fence\"></a>\n```\n", "in-fence", id="html-id-in-fence"),
    pytest.param("<!-- <a id=\"commented\"></a> -->\n", "commented", id="html-id-in-comment"),
    pytest.param("Text\n\n---\n", "text", id="thematic-break-not-setext"),
    pytest.param("- item\n---\n", "item", id="list-item-then-break"),
    pytest.param("# foo_bar_\n", "foo_bar", id="unpaired-underscore-kept"),
    pytest.param("# a  b\n", "a-b", id="github-does-not-squeeze"),
    pytest.param("<div>\n# not a heading\n</div>\n", "not-a-heading", id="inside-html-block"),
    pytest.param("    <a id=\"indented\"></a>\n", "indented", id="html-id-in-indented-code"),
    pytest.param("# Title {#custom}\n", "title", id="attribute-list-not-dropped-on-github"),
    pytest.param("# A\n## B\n", "a-b", id="headings-not-joined"),
    pytest.param("# <b>Bold</b> tag\n", "bbold-tag", id="tag-name-not-text"),
    pytest.param("# Tom &amp; Jerry\n", "tom-amp-jerry", id="entity-name-not-text"),
    pytest.param("Installation\n\n============\n", "installation", id="setext-needs-adjacent-line"),
    pytest.param("# \\#1 escaped\n", "\\1-escaped", id="backslash-not-kept"),
    pytest.param("# :rocket: Launch\n", ":rocket:-launch", id="shortcode-colons-dropped"),
    pytest.param("# ![logo](logo.png) Title\n", "logopng-title", id="image-source-not-text"),
    pytest.param("> ## Quoted\n", "-quoted", id="quote-marker-not-text"),
    pytest.param("- ## In a list\n", "-in-a-list", id="list-marker-not-text"),
    pytest.param("# *Very* **bold** _it_\n", "_it_", id="emphasis-underscores-dropped"),
    pytest.param("---\ntitle: x\n---\n# After front matter\n", "title-x", id="front-matter-not-heading"),
]


@pytest.mark.parametrize(("text", "anchor"), MD_DEFINES)
def test_markdown_defines(text: str, anchor: str) -> None:
    assert anchor in markdown_anchors(text)


@pytest.mark.parametrize(("text", "anchor"), MD_DEFINES_NOT)
def test_markdown_does_not_define(text: str, anchor: str) -> None:
    assert anchor not in markdown_anchors(text)


def test_markdown_tables_are_balanced() -> None:
    assert len(MD_DEFINES_NOT) >= len(MD_DEFINES)


@pytest.mark.parametrize(("style", "text", "defined", "undefined"), [
    pytest.param("gitlab", "# a  b\n", "a-b", "a--b", id="gitlab-squeezes"),
    pytest.param("gitlab", "# 2024\n", "anchor-2024", "2024", id="gitlab-digits"),
    pytest.param("gitlab", "# A\n\n# A\n", "a-1", "a_1", id="gitlab-duplicate"),
    pytest.param("mkdocs", "# A\n\n# A\n", "a_1", "a-1", id="mkdocs-duplicate"),
    pytest.param("mkdocs", "# žlutý\n", "zluty", "žlutý", id="mkdocs-ascii"),
    pytest.param("mkdocs", "# Title {#custom}\n", "custom", "title", id="mkdocs-attr-list-replaces"),
    pytest.param("mkdocs", "# custom\n\n# Other {#custom}\n", "custom_1", "other", id="mkdocs-attr-id-reserved"),
    pytest.param("github", "# Title {#custom}\n", "title-custom", "title", id="github-attr-list-as-text"),
])
def test_markdown_styles(style: str, text: str, defined: str, undefined: str) -> None:
    found = markdown_anchors(text, style)
    assert defined in found
    assert undefined not in found


def test_mkdocs_headings_match_python_markdown() -> None:
    markdown = pytest.importorskip("markdown")
    text = ("# Intro\n\n## The `run()` method\n\n## See [the guide](g.md)\n\n## *Very* **bold**\n\n"
            "## Intro\n\n## Tom &amp; Jerry\n\n## Title {#custom}\n\n## žlutý kůň\n\nSetext\n------\n")
    html = markdown.markdown(text, extensions=["toc", "attr_list"])
    ids = set(re.findall(r'<h[1-6] id="([^"]*)"', html))
    assert ids == set(markdown_anchors(text, "mkdocs"))


@pytest.mark.parametrize(("inline", "text"), [
    pytest.param("`a` `` b`c ``", "a b`c", id="code-spans"),
    pytest.param("[a [b] c](x \"t\")", "a [b] c", id="nested-brackets"),
    pytest.param("<https://example.com/x>", "https://example.com/x", id="autolink"),
    pytest.param("x <!-- note --> y", "x  y", id="comment"),
    pytest.param("``unclosed", "``unclosed", id="unclosed-code"),
    pytest.param("[not a link]", "[not a link]", id="brackets-only"),
])
def test_heading_text(inline: str, text: str) -> None:
    assert heading_text(inline) == text


def test_headings_and_ids() -> None:
    assert markdown_headings("# A {#x}\n\nB\n-\n") == [("A {#x}", "x"), ("B", None)]


# --- reStructuredText -------------------------------------------------------------------------
RST_DEFINES = [
    pytest.param(".. _setup:\n\nText.\n", "setup", id="target"),
    pytest.param(".. _My Label:\n", "my-label", id="target-normalized"),
    pytest.param(".. _`label: with colon`:\n", "label-with-colon", id="target-quoted"),
    pytest.param("Getting Started\n===============\n", "getting-started", id="title"),
    pytest.param("=====\nTitle\n=====\n", "title", id="title-overline"),
    pytest.param("Short\n----\n", "short", id="underline-short-but-4"),
    pytest.param("The ``run()`` call\n==================\n", "the-run-call", id="title-literal"),
    pytest.param("Use `Sphinx <https://x.org>`_ here\n=================================\n", "use-sphinx-here",
                 id="title-embedded-link"),
    pytest.param(":code:`x` marks\n===============\n", "x-marks", id="title-role"),
    pytest.param("Straße für Ærø\n==============\n", "strasze-fur-aero", id="docutils-letters"),
    pytest.param("2. Second step\n==============\n", "second-step", id="leading-digits-stripped"),
    pytest.param("Text with _`inline target` in it.\n", "inline-target", id="inline-target"),
    pytest.param(".. figure:: a.png\n   :name: Fig One\n", "fig-one", id="name-option"),
    pytest.param("Intro\n\nSection\n-------\n\nBody\n", "section", id="title-after-paragraph"),
]
RST_DEFINES_NOT = [
    pytest.param("Text\n\n----\n\nMore\n", "text", id="transition"),
    pytest.param("Para line one\nline two\n--------\n", "line-two", id="paragraph-tail"),
    pytest.param("Abc\n--\n", "abc", id="underline-too-short"),
    pytest.param("::\n\n    Code\n    ====\n", "code", id="literal-block"),
    pytest.param(".. code-block:: rst\n\n   Title\n   =====\n", "title", id="code-directive"),
    pytest.param(".. __: https://x.org\n", "", id="anonymous"),
    pytest.param(".. _setup:\n", "_setup", id="underscore-kept"),
    pytest.param(".. _My Label:\n", "My Label", id="not-normalized"),
    pytest.param("Getting Started\n===============\n", "getting_started", id="underscore-separator"),
    pytest.param("Use `Sphinx <https://x.org>`_ here\n=================================\n",
                 "use-sphinx-https-x-org-here", id="embedded-uri-not-text"),
    pytest.param(":code:`x` marks\n===============\n", "code-x-marks", id="role-name-not-text"),
    pytest.param("2. Second step\n==============\n", "2-second-step", id="leading-digit-kept"),
    pytest.param("Getting Started\n===============\n", "Getting-Started", id="case-kept"),
    pytest.param("Straße\n======\n", "strae", id="sharp-s-dropped"),
]


@pytest.mark.parametrize(("text", "anchor"), RST_DEFINES)
def test_rst_defines(text: str, anchor: str) -> None:
    assert anchor in rst_anchors(text)


@pytest.mark.parametrize(("text", "anchor"), RST_DEFINES_NOT)
def test_rst_does_not_define(text: str, anchor: str) -> None:
    assert anchor not in rst_anchors(text)


def test_rst_tables_are_balanced() -> None:
    assert len(RST_DEFINES_NOT) >= len(RST_DEFINES)


@pytest.mark.parametrize("name", ["Getting Started", "Straße für Ærø", "2. Second", "ĳ ligature",
                                  "  spaced   out  ", "łódź", "-dash-", "über_score", "日本語 text"])
def test_docutils_id_matches_docutils(name: str) -> None:
    nodes = pytest.importorskip("docutils.nodes")
    assert docutils_id(name) == nodes.make_id(name)


def test_rst_ids_match_docutils() -> None:
    core = pytest.importorskip("docutils.core")
    text = ("Getting Started\n===============\n\n.. _my-target:\n\nSecond Part\n-----------\n\n"
            "The ``run()`` call\n------------------\n\nText.\n")
    html = core.publish_parts(text, writer="html5", settings_overrides={"report_level": 5})["body"]
    ids = set(re.findall(r'id="([^"]*)"', html))
    assert ids <= rst_anchors(text) | {"getting-started"}


# --- HTML -----------------------------------------------------------------------------------
HTML_DEFINES = [
    pytest.param('<h2 id="intro">Intro</h2>', "intro", id="id"),
    pytest.param("<div id='single'></div>", "single", id="single-quoted"),
    pytest.param("<div id=bare></div>", "bare", id="unquoted"),
    pytest.param('<a name="legacy"></a>', "legacy", id="a-name"),
    pytest.param('<DIV ID="Upper"></DIV>', "Upper", id="upper-case-attribute"),
    pytest.param('<p id="caf&eacute;">', "café", id="entity"),
]
HTML_DEFINES_NOT = [
    pytest.param('<!-- <h2 id="gone"> -->', "gone", id="comment"),
    pytest.param('<meta name="viewport">', "viewport", id="name-not-on-a"),
    pytest.param('<div data-id="x"></div>', "x", id="data-id"),
    pytest.param("<p>id=text</p>", "text", id="text-not-attribute"),
    pytest.param('<h2 id="intro">Intro</h2>', "Intro", id="heading-text"),
    pytest.param('<div id=""></div>', "", id="empty"),
]


@pytest.mark.parametrize(("text", "anchor"), HTML_DEFINES)
def test_html_defines(text: str, anchor: str) -> None:
    assert anchor in html_anchors(text)


@pytest.mark.parametrize(("text", "anchor"), HTML_DEFINES_NOT)
def test_html_does_not_define(text: str, anchor: str) -> None:
    assert anchor not in html_anchors(text)


def test_anchors_dispatch() -> None:
    assert anchors("# A\n", "markdown") == {"a"}
    assert anchors("A\n=\n", "rst") == {"a"}
    assert anchors('<i id="a">', "html") == {"a"}
    with pytest.raises(ValueError):
        anchors("", "yaml")
