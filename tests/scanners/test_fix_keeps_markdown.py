"""Property: a fix (``--fix --unsafe-fixes --select ALL``) changes a Markdown document's URIs and
nothing of its structure, as an independent CommonMark parser reads it (markdown-it-py, with
GFM's strikethrough and tables): the same blocks, emphasis, strikethrough, hard breaks, code
spans and links, in the same order.  The texts put bare URIs with fixable parts ("%7e", "%5F",
an upper-case scheme, a default port, a backslash) beside the characters that make Markdown's
inline structure, in every place Markdown puts a URI."""

from __future__ import annotations

from typing import List, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urilint import pipeline
from urilint.settings import Settings

markdown_it = pytest.importorskip("markdown_it")

EVERY_RULE = Settings(select=frozenset({"ALL"}))
_MD = markdown_it.MarkdownIt("commonmark").enable("strikethrough").enable("table")
# markdown-it refuses links to file:, data: and script schemes as a matter of policy, not of
# CommonMark: a parser that did not would read their text differently.
_MD.validateLink = lambda url: True

Shape = List[Tuple[str, ...]]


def structure(text: str) -> Shape:
    """Every token markdown-it makes of ``text``, nested inline tokens included, by type, tag and
    nesting; text and code content left out (a fix changes a URI's text)."""
    out: Shape = []

    def walk(tokens: list) -> None:  # type: ignore[type-arg]
        for t in tokens:
            if t.type == "inline":
                walk(t.children or [])
            elif t.type in ("text", "code_inline"):
                out.append((t.type,))
            else:
                out.append((t.type, t.tag, str(t.nesting)))

    walk(_MD.parse(text))
    return out


_SCHEMES = st.sampled_from(["https://", "HTTP://", "http://", "hTTps://", "ahttp://", "http:/", "mailto:",
                            "ftp://", "file:///"])
_HOSTS = st.sampled_from(["x.io", "X.IO", "x.io:80", "x.io:443", "caf\u00e9.io", "u:p@x.io", "x.io:", "[::1]"])
_PATH_PARTS = st.sampled_from(["%7e", "%7E", "%5F", "%5f", "%2a", "%2D", "%41", "%e9", "%20", "%%", "%2", "_", "*",
                               "~", "\\", "\\_", "\\*", "\\[", "[", "]", "(", ")", "`", "a", "b", "/", "/../",
                               "/./", "?q=", "#", "&amp;", "&#95;", "!", "<", ">", "|", "{x}", '"', "'", " ",
                               "\\\n", "\u00e9", ":80"])
_BEFORE = st.sampled_from(["", "_", "*", "~", "see ", "**", "[", "(", "a", "\\", "`", "\u00e9t\u00e9 "])
_AFTER = st.sampled_from(["", "_", "*", "~", " now", "**", "]", ")", "`", ".", "\n", " *b*", " _c_", " ~d~", "\\\n",
                          "\n*\n", "\n-\n", "\n\n"])
#: Where the URI stands: prose, an autolink, a link destination (raw and pointy), a code span,
#: emphasis, a table cell, a heading, a quote, a list item, a definition, an HTML attribute.
_WRAPPERS = st.sampled_from(["{}", "<{}>", "[t]({})", "[t](<{}>)", "`{}`", "**{}**", "_{}_", "~{}~",
                             "| {} | b |\n|---|---|\n| c | d |", "# {}", "> {}", "- {}", "[r]: {}",
                             '<a href="{}">x</a>'])
_URI = st.builds(lambda s, h, p: s + h + "".join(p), _SCHEMES, _HOSTS, st.lists(_PATH_PARTS, max_size=6))
_PART = st.builds(lambda b, w, u, a: "".join(b) + w.replace("{}", u) + "".join(a), st.lists(_BEFORE, max_size=2),
                  _WRAPPERS, _URI, st.lists(_AFTER, max_size=3))
_DOCUMENT = st.builds(lambda parts, sep: sep.join(parts) + "\n", st.lists(_PART, min_size=1, max_size=4),
                      st.sampled_from([" ", "\n", "\n\n"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_DOCUMENT)
def test_fixes_keep_the_documents_structure(text: str) -> None:
    fixed = pipeline.fix_text(text, "markdown", EVERY_RULE, unsafe=True).text
    assert structure(fixed) == structure(text)
    assert pipeline.fix_text(fixed, "markdown", EVERY_RULE, unsafe=True).text == fixed  # (idempotent)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_DOCUMENT, st.booleans())
def test_a_notebooks_markdown_cell_keeps_its_structure(text: str, one_string_per_line: bool) -> None:
    """The same property in a notebook's Markdown cell, whose fixes are written into the JSON
    strings of its source (one string, or one per line): the notebook stays JSON and its cell
    reads as the same document."""
    import json

    source = text.splitlines(True) if one_string_per_line else [text]
    notebook = json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": source}],
                           "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1, ensure_ascii=False) + "\n"
    fixed = pipeline.fix_text(notebook, "notebook", EVERY_RULE, unsafe=True).text
    cell = "".join(json.loads(fixed)["cells"][0]["source"])
    assert structure(cell) == structure(text)


@pytest.mark.parametrize("text", [
    pytest.param("https://example.com/%7e_u_ x\n", id="decoded-tilde-opens-emphasis"),
    pytest.param("para\n    http://127.0.0.1:8080/x%3a%2F#caf\u00e9\\\nnext line\n", id="hard-break"),
    pytest.param("see https://x.io/%5f/ and https://y.io/%5F/ now\n", id="two-fixes-pair-up"),
    pytest.param("see _http://x.io:80/\\\n*\n\nnext\n", id="empty-item-is-no-block"),
    pytest.param("<hTTp:/\\\n/>\n", id="hard-break-inside-angles"),
    pytest.param("[](<ft:\\>)\n", id="backslash-keeps-a-link-from-forming"),
    pytest.param("/||\n-|-\n<io:|>\n", id="pipe-in-a-table-cell"),
    pytest.param('<a href="https://x.io%7e%5F"">x</a>_\n', id="quoted-in-a-tag-that-is-no-tag"),
])
def test_found_by_the_property(text: str) -> None:
    """The texts the property found before the fixes were made to keep the structure: each
    changed it then, and must keep it now."""
    fixed = pipeline.fix_text(text, "markdown", EVERY_RULE, unsafe=True).text
    assert structure(fixed) == structure(text)


@pytest.mark.parametrize("corpus", ["docs", "realworld"])
def test_the_corpora_fixes_keep_their_documents_structure(corpus: str) -> None:
    """Every Markdown file of a real corpus, fixed: those that change keep their structure."""
    from tests.conftest import CORPORA, need_shared

    root = need_shared(CORPORA / corpus)
    changed, broken = 0, []
    for path in sorted(root.rglob("*.md")):
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        fixed = pipeline.fix_text(text, "markdown", EVERY_RULE, unsafe=True).text
        if fixed != text:
            changed += 1
            if structure(fixed) != structure(text):
                broken.append(str(path.relative_to(root)))
    assert changed > 10  # (the corpora hold many fixable URIs: the property is exercised)
    assert broken == []
