"""Examples in docs are code (issue 14, class 4): reStructuredText, Markdown and HTML.

Doctest blocks, literal blocks, code directives, inline literals, code roles and the text of
inline HTML code elements are code: only the secret rules run there by default, and nothing
there is fixed.  Interpreted text (single backticks) is prose, and is read.  Every table of
findings that must be reported has a table of findings that must not, at least as long.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urilint.pipeline import check_text, fix_text
from urilint.scanners import extract
from urilint.settings import Settings

P = pytest.param
SECRET = "http://admin:Zq7rT2vLx9wK@db.internal.corp/"  # a password that looks real: URI301


def findings(text: str, fmt: str) -> List[Tuple[str, str]]:
    """(code, the source text at the finding's start, as long as the needle) of each finding."""
    return [(f.code, text[f.start:f.end]) for f in check_text(text, fmt)]


# (format, text, expected findings as (code, source text of the finding's span)).
MUST_FIRE = [
    # A password is published wherever it is written: secrets are reported in code too.
    P("rst", f">>> connect('{SECRET}')\n", [("URI301", "Zq7rT2vLx9wK")], id="rst-doctest-secret"),
    P("rst", f".. code-block:: python\n\n   connect('{SECRET}')\n", [("URI301", "Zq7rT2vLx9wK")],
      id="rst-code-block-secret"),
    P("rst", f".. testcode::\n\n   connect('{SECRET}')\n", [("URI301", "Zq7rT2vLx9wK")], id="rst-testcode-secret"),
    P("rst", f"Run::\n\n    connect {SECRET}\n", [("URI301", "Zq7rT2vLx9wK")], id="rst-literal-block-secret"),
    P("rst", f"Use :code:`{SECRET}` here.\n", [("URI301", "Zq7rT2vLx9wK")], id="rst-code-role-secret"),
    P("rst", f"Use ``{SECRET}`` here.\n", [("URI301", "Zq7rT2vLx9wK")], id="rst-inline-literal-secret"),
    # Interpreted text is prose: read at last, so the credential in it is found, and so is a typo.
    P("rst", f"Set `{SECRET}` as the URL.\n", [("URI301", "Zq7rT2vLx9wK")], id="rst-interpreted-secret"),
    P("rst", "Open `http://a.example/%zz` now.\n", [("URI102", "%zz")], id="rst-interpreted-typo"),
    P("rst", "Open :emphasis:`http://a.example/%zz` now.\n", [("URI102", "%zz")], id="rst-prose-role"),
    P("rst", "Open `http://a.example/%zz`:strong: now.\n", [("URI102", "%zz")], id="rst-prose-role-suffix"),
    # Prose next to code is still prose.
    P("rst", "See http://a.example/%zz::\n\n    code http://b.example/%zz\n", [("URI102", "%zz")],
      id="rst-prose-before-literal-block"),
    P("rst", ".. code-block:: sh\n\n   curl http://b.example/%zz\n\nThen http://a.example/%zz.\n",
      [("URI102", "%zz")], id="rst-prose-after-code-block"),
    P("rst", "For example http://a.example/%zz:\n>>> f('http://b.example/%zz')\n", [("URI102", "%zz")],
      id="rst-prose-before-doctest-lines"),
    P("rst", "Para::\n\n> http://b.example/%zz\n\nAfter http://a.example/%zz\n", [("URI102", "%zz")],
      id="rst-prose-after-quoted-literal"),
    P("rst", "`t <http://a.example/%zz>`_ and ``x``\n", [("URI102", "%zz")], id="rst-link-beside-literal"),
    # Markdown: the text of <code>, <kbd> ... is code, but a secret there is still published.
    P("markdown", f"Run <code>curl {SECRET}</code> now.\n", [("URI301", "Zq7rT2vLx9wK")], id="md-code-secret"),
    P("markdown", f"Press <kbd>{SECRET}</kbd>.\n", [("URI301", "Zq7rT2vLx9wK")], id="md-kbd-secret"),
    P("markdown", "<code>x</code> then http://a.example/%zz\n", [("URI102", "%zz")], id="md-prose-after-code"),
    P("markdown", "<code>[t](http://a.example/%zz)</code>\n", [("URI102", "%zz")], id="md-link-inside-code"),
    P("markdown", "<kbd>x</kbd>\n\nhttp://a.example/%zz\n", [("URI102", "%zz")], id="md-next-paragraph"),
    P("html", "<p><kbd>x</kbd> http://a.example/%zz</p>\n", [("URI102", "%zz")], id="html-prose-after-kbd"),
]

MUST_NOT_FIRE = [
    # reStructuredText: doctest blocks and lines, literal blocks, code directives, code roles.
    P("rst", ">>> f('http://a.example/%zz')\n", id="rst-doctest-block"),
    P("rst", "   >>> f('http://a.example/%zz')\n   ... 'http://b.example/%zz'\n", id="rst-indented-doctest"),
    P("rst", "For example:\n>>> f('http://a.example/%zz')\n", id="rst-doctest-lines-in-paragraph"),
    P("rst", ".. doctest::\n\n   >>> f('http://a.example/%zz')\n", id="rst-doctest-directive"),
    P("rst", ".. testcode::\n\n   f('http://a.example/%zz')\n", id="rst-testcode"),
    P("rst", ".. testoutput::\n\n   http://a.example/%zz\n", id="rst-testoutput"),
    P("rst", ".. code-block:: python\n\n   f('http://a.example/%zz')\n", id="rst-code-block"),
    P("rst", ".. code:: python\n\n   f('http://a.example/%zz')\n", id="rst-code"),
    P("rst", ".. sourcecode:: python\n\n   f('http://a.example/%zz')\n", id="rst-sourcecode"),
    P("rst", ".. ipython::\n\n   In [1]: f('http://a.example/%zz')\n", id="rst-ipython"),
    P("rst", "Example::\n\n    f('http://a.example/%zz')\n", id="rst-literal-block"),
    P("rst", "Example:\n\n::\n\n    f('http://a.example/%zz')\n", id="rst-expanded-literal-block"),
    P("rst", "Example::\n\n> http://a.example/%zz\n> http://b.example/%zz\n", id="rst-quoted-literal-block"),
    P("rst", "Use ``http://a.example/%zz`` here.\n", id="rst-inline-literal"),
    P("rst", "Use :code:`http://a.example/%zz` here.\n", id="rst-code-role"),
    P("rst", "Use :samp:`http://a.example/%zz` here.\n", id="rst-samp-role"),
    P("rst", "Use :kbd:`http://a.example/%zz` here.\n", id="rst-kbd-role"),
    P("rst", "See :ref:`http://a.example/%zz`.\n", id="rst-cross-reference-role"),
    P("rst", "See :py:class:`http://a.example/%zz`.\n", id="rst-domain-role"),
    P("rst", "See `http://a.example/%zz`:ref:.\n", id="rst-suffix-role"),
    # Markdown: raw HTML code elements, inline and as HTML blocks.
    P("markdown", "Run <code>curl http://a.example/%zz</code> now.\n", id="md-code"),
    P("markdown", "Run <CODE>curl http://a.example/%zz</CODE> now.\n", id="md-code-upper-case"),
    P("markdown", "Run <code class='x'>curl http://a.example/%zz</code> now.\n", id="md-code-attributes"),
    P("markdown", "Press <kbd>http://a.example/%zz</kbd>.\n", id="md-kbd"),
    P("markdown", "It prints <samp>http://a.example/%zz</samp>.\n", id="md-samp"),
    P("markdown", "Type <tt>http://a.example/%zz</tt>.\n", id="md-tt"),
    P("markdown", "Text <pre>http://a.example/%zz</pre> inline.\n", id="md-pre-inline"),
    P("markdown", "<pre>\nhttp://a.example/%zz\n</pre>\n", id="md-pre-block"),
    P("markdown", "<kbd>\nhttp://a.example/%zz\n</kbd>\n", id="md-kbd-block"),
    P("markdown", "<p>Run <samp>http://a.example/%zz</samp></p>\n", id="md-samp-in-html-block"),
    P("markdown", "Run <code>a <code>b</code> http://a.example/%zz</code>.\n", id="md-nested-code"),
    P("markdown", "The <code> element: http://a.example/%zz\n", id="md-unclosed-code-to-paragraph-end"),
    P("markdown", "Run <code>a\nhttp://a.example/%zz</code>.\n", id="md-code-across-lines"),
    P("markdown", "`http://a.example/%zz` and <kbd>http://b.example/%zz</kbd>\n", id="md-span-and-kbd"),
    P("markdown", "```\nhttp://a.example/%zz\n```\n", id="md-fence"),
    # HTML: keyboard input and sample output are code, as <code> and <pre> are.
    P("html", "<p>Press <kbd>http://a.example/%zz</kbd></p>\n", id="html-kbd"),
    P("html", "<p>It prints <samp>http://a.example/%zz</samp></p>\n", id="html-samp"),
    P("html", "<p><tt>http://a.example/%zz</tt></p>\n", id="html-tt"),
]


@pytest.mark.parametrize("fmt, text, expected", MUST_FIRE)
def test_must_fire(fmt: str, text: str, expected: List[Tuple[str, str]]) -> None:
    assert findings(text, fmt) == expected


@pytest.mark.parametrize("fmt, text", MUST_NOT_FIRE)
def test_must_not_fire(fmt: str, text: str) -> None:
    assert findings(text, fmt) == []


def test_tables_are_balanced() -> None:
    assert len(MUST_NOT_FIRE) >= len(MUST_FIRE)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("fmt, text, expected", MUST_FIRE)
def test_positions_after_non_ascii_text(fmt: str, text: str, expected: List[Tuple[str, str]], newline: str) -> None:
    """The same findings at the same source text, after a paragraph of non-ASCII text and with
    CRLF line breaks: offsets are code points of the decoded text."""
    head = "Ünïcödé 中文 🍄 naïve\n\n"
    moved = (head + text).replace("\n", newline)
    got = check_text(moved, fmt)
    assert [(f.code, moved[f.start:f.end]) for f in got] == expected
    plain = check_text(text.replace("\n", newline), fmt)
    assert [f.start + len(head.replace("\n", newline)) for f in plain] == [f.start for f in got]


# Candidates: what is code is found with include_code, marked in_code, and only then.
IN_CODE = [
    P("rst", ">>> f('http://a.example/')\n", "http://a.example/", id="rst-doctest"),
    P("rst", ".. doctest::\n\n   >>> f('http://a.example/')\n", "http://a.example/", id="rst-doctest-directive"),
    P("rst", "Intro::\n\n| http://a.example/\n", "http://a.example/", id="rst-quoted-literal"),
    P("rst", "Use :file:`http://a.example/` now\n", "http://a.example/", id="rst-file-role"),
    P("markdown", "Run <code>http://a.example/</code>\n", "http://a.example/", id="md-code"),
    P("markdown", "Run <kbd>http://a.example/</kbd>\n", "http://a.example/", id="md-kbd"),
    P("markdown", "<kbd>\nhttp://a.example/\n</kbd>\n", "http://a.example/", id="md-kbd-block"),
    P("html", "<samp>http://a.example/</samp>", "http://a.example/", id="html-samp"),
]
PROSE = [
    P("rst", "Set `http://a.example/` here\n", "http://a.example/", id="rst-interpreted"),
    P("rst", "Set :title-reference:`http://a.example/`\n", "http://a.example/", id="rst-title-role"),
    P("rst", "Para:\n\n    http://a.example/ quoted\n", "http://a.example/", id="rst-block-quote"),
    P("rst", ".. note::\n\n   See http://a.example/\n", "http://a.example/", id="rst-note-body"),
    P("markdown", "Run <var>http://a.example/</var>\n", "http://a.example/", id="md-var"),
    P("markdown", "<code>x</code> http://a.example/\n", "http://a.example/", id="md-after-code"),
    P("markdown", "<code>[t](http://a.example/)</code>\n", "http://a.example/", id="md-link-in-code"),
    P("html", "<var>http://a.example/</var>", "http://a.example/", id="html-var"),
]


@pytest.mark.parametrize("fmt, text, uri", IN_CODE)
def test_code_is_marked(fmt: str, text: str, uri: str) -> None:
    assert [c.uri for c in extract(text, fmt)] == []
    found = extract(text, fmt, include_code=True)
    assert [(c.uri, c.in_code) for c in found] == [(uri, True)]
    assert text[found[0].start:found[0].end] == uri


@pytest.mark.parametrize("fmt, text, uri", PROSE)
def test_prose_stays_prose(fmt: str, text: str, uri: str) -> None:
    for include_code in (False, True):
        found = extract(text, fmt, include_code=include_code)
        assert [(c.uri, c.in_code) for c in found] == [(uri, False)]
        assert text[found[0].start:found[0].end] == uri


def test_tables_of_candidates_are_balanced() -> None:
    assert len(PROSE) >= len(IN_CODE)


@pytest.mark.parametrize("fmt, text, fixed", [
    P("rst", "See HTTP://A.example/x.\n\n>>> f('HTTP://B.example/x')\n",
      "See http://a.example/x.\n\n>>> f('HTTP://B.example/x')\n", id="rst-doctest"),
    P("rst", "See `HTTP://A.example/x`, not :code:`HTTP://B.example/x`.\n",
      "See `http://a.example/x`, not :code:`HTTP://B.example/x`.\n", id="rst-interpreted-and-code-role"),
    P("markdown", "See HTTP://A.example/x, not <kbd>HTTP://B.example/x</kbd>.\n",
      "See http://a.example/x, not <kbd>HTTP://B.example/x</kbd>.\n", id="md-kbd"),
])
def test_fixes_never_touch_code(fmt: str, text: str, fixed: str) -> None:
    """Normalization selected: the prose URI is fixed, the example is left as written (code is
    fixed only when ``include-code-blocks`` asks for it to be checked)."""
    result = fix_text(text, fmt, Settings(select=frozenset({"URI2"})))
    assert result.text == fixed


# Properties: any mix of the pieces these rules look at scans without raising, maps back, and
# never reports code without include_code.
RST_PIECES = st.sampled_from([
    "http://a.example/", "http://u:Zq7rT2vLx9wK@h.corp/", "`", "``", ":code:", ":ref:", ":emphasis:", ":py:class:",
    "_", "__", "<", ">", "::", ">>> ", "... ", "\n", "\n\n", "   ", "    ", ".. code-block:: py\n",
    ".. doctest::\n", ".. note::\n", ".. _t: ", "> ", "| ", "x", "é", ":", "\r\n", "\t",
])
MD_PIECES = st.sampled_from([
    "http://a.example/", "http://u:Zq7rT2vLx9wK@h.corp/", "<code>", "</code>", "<kbd>", "</kbd>", "<samp>",
    "</SAMP>", "<pre>", "</pre>", "<tt/>", "<var>", "[t](", ")", "`", "<", ">", "\n", "\n\n", "    ", "x",
    "é", "<div>\n", "</div>\n", "```\n",
])


@settings(max_examples=150, deadline=None)
@given(text=st.lists(RST_PIECES, max_size=40).map("".join), include_code=st.booleans())
def test_rst_scan_properties(text: str, include_code: bool) -> None:
    _check_candidates(text, "rst", include_code)


@settings(max_examples=150, deadline=None)
@given(text=st.lists(MD_PIECES, max_size=40).map("".join), include_code=st.booleans())
def test_markdown_scan_properties(text: str, include_code: bool) -> None:
    _check_candidates(text, "markdown", include_code)


def _check_candidates(text: str, fmt: str, include_code: bool) -> None:
    found = extract(text, fmt, include_code=include_code)
    for c in found:
        assert 0 <= c.start <= c.end <= len(text)
        assert include_code or not c.in_code
        if c.is_verbatim:
            assert text[c.start:c.end] == c.uri
    # Code adds candidates; it never takes prose away or moves it.
    prose = {(c.uri, c.start) for c in extract(text, fmt)}
    assert prose == {(c.uri, c.start) for c in extract(text, fmt, include_code=True) if not c.in_code}


def test_role_lookup_is_bounded() -> None:
    """A paragraph of role-like runs and backticks: each role is looked for within a bounded
    window, so a long name is not a role (its text is prose) and the scan stays linear."""
    long_name = ":" + "a" * 200 + ":`http://a.example/%zz`"
    assert findings(long_name, "rst") == [("URI102", "%zz")]
    many = ("`x`:" + "a:" * 40 + " ") * 2000 + ":code:`http://a.example/%zz`\n"
    assert findings(many, "rst") == []
