"""Hostile documents: every anchor reader and the link check complete on large adversarial
inputs (no timing here, as everywhere in the suite; a quadratic reader would stall the run)."""

from __future__ import annotations

import pytest

from urilint.links.anchors import heading_text, html_anchors, markdown_anchors, rst_anchors
from urilint.links.check import check_reference
from urilint.links.index import LinkIndex
from urilint.links.tree import DictTree

N = 50_000

HEADINGS = {
    "open-brackets": "[" * N,
    "close-brackets": "]" * N,
    "bracket-paren": "[a](" * N,
    "images": "![" * N,
    "backtick-runs": "".join("`" * (k % 50 + 1) + " " for k in range(N // 25)),
    "unclosed-tags": "<a " * N,
    "quoted-tags": '<a "' * N,
    "unclosed-comments": "<!--" * N,
    "spaces": "a" + " " * N + "b",
    "underscores": "_a" * N,
    "entities": "&amp" * N,
    "escapes": "\\" * N,
    "braces": "{#" * N,
    "hashes": "x " + "# " * N,
    "shortcodes": ":a" * N,
}


@pytest.mark.parametrize("inline", list(HEADINGS.values()), ids=list(HEADINGS))
def test_markdown_heading(inline: str) -> None:
    assert isinstance(heading_text(inline, image_alt=True, emoji_shortcodes=True), str)
    assert isinstance(markdown_anchors("# " + inline + "\n", "github"), set)
    assert isinstance(markdown_anchors(inline + "\n===\n", "mkdocs"), set)


@pytest.mark.parametrize("text", [
    pytest.param("a\n=\n" * N, id="many-titles"),
    pytest.param(":" * N + "\n" + "=" * N + "\n", id="colon-title"),
    pytest.param("x " + " " * N + "<y>`\n" + "=" * 10 + "\n", id="spaces-before-embedded"),
    pytest.param(".. _" + "\\:" * N + ":\n", id="escaped-label"),
    pytest.param("_`" * N, id="inline-targets"),
], )
def test_rst(text: str) -> None:
    assert isinstance(rst_anchors(text), set)


@pytest.mark.parametrize("text", [
    pytest.param("<a id=" * N, id="unclosed"),
    pytest.param("<!--" * N, id="comments"),
    pytest.param('<a name="' * N, id="quotes"),
])
def test_html(text: str) -> None:
    assert isinstance(html_anchors(text), set)


@pytest.mark.parametrize("link", [
    pytest.param("a/" * N, id="deep-path"),
    pytest.param("../" * N + "x", id="climbing"),
    pytest.param("doc.md#" + "x" * N, id="long-fragment"),
    pytest.param("%" * N, id="percent-signs"),
    pytest.param("x" * N, id="long-name"),
])
def test_check(link: str) -> None:
    tree = DictTree({"doc.md": "# " + "x" * N + "\n", "xx": ""})
    assert isinstance(check_reference(LinkIndex(tree), "doc.md", link), list)
