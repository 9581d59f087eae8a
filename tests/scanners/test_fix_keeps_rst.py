"""A fix (``--fix --unsafe-fixes --select ALL``) changes a reST document's URIs and nothing of
its structure.  The tables hold ``rst.keeps_markup`` and whole fixes to what docutils reads
(each row was checked with docutils 0.23); the property holds every fix of generated documents
to docutils itself, when it is installed: the same nodes, in the same order, after the fixes
as before."""

from __future__ import annotations

import io
from typing import List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urilint import pipeline
from urilint.candidate import Candidate
from urilint.scanners import rst
from urilint.settings import Settings

EVERY_RULE = Settings(select=frozenset({"ALL"}))
WITH_CODE = EVERY_RULE._replace(include_code_blocks=True)


def fixed(text: str, with_code: bool = False) -> str:
    return pipeline.lint(text, "rst", WITH_CODE if with_code else EVERY_RULE, fix=True, unsafe=True).text


# -- whole fixes: refused where docutils would read the document differently -------------------
REFUSED = [
    # A backslash escapes any character ("a\%7e" reads "a%7e"): a fix never rewrites an escape,
    # and "\ " is removed.
    pytest.param("see https://ex.com/a\\%7eb now\n", id="decoding-through-an-escape"),
    pytest.param("see https://ex.com/a|b\\ x now\n", id="escaped-space-after"),
    pytest.param(".. _t: https://ex.com/\\%7e\n", id="escape-in-a-target"),
    # "|...|" is a substitution reference: its closing "|" is not the URI's to encode.
    pytest.param("|https://ex.com/%c3%a9| x\n", id="substitution-reference"),
    # "%5F" decoded would write a "_", which makes references and targets.
    pytest.param("see https://ex.com/%5F now\n", id="decoded-underscore"),
    pytest.param("see https://ex.com/a%5F_ now\n", id="decoded-beside-underscore"),
    # Docutils reads no standalone link after "_" or a letter: its pattern runs across the text,
    # and the port dropped here made the next URI a link.
    pytest.param("_https://example.com:443/x (https://ex.com/y)\n", id="glued-to-underscore"),
    # A table's columns are aligned: a fix that makes a line longer or shorter breaks it
    # ("Malformed table": a border no longer lines up, or text moves into a column's margin).
    pytest.param("+----------------------+------+\n| http://b.example:80/ | ok   |\n+----------------------+------+\n",
                 id="grid-table-shorter"),
    pytest.param("+----------------------+------+\n| http://b.example     | ok   |\n+----------------------+------+\n",
                 id="grid-table-longer"),
    pytest.param("=====================  ====\nLink                   Note\n=====================  ====\n"
                 "http://a.example:80/   ok\n=====================  ====\n", id="simple-table-shorter"),
    pytest.param("=================  ====\nhttp://a.example/  x\n\nhttp://a.example:80/  ok\n=================  ====\n",
                 id="simple-table-row-after-a-blank-line"),
]
KEPT = [
    pytest.param("see HTTPS://ex.com/a now\n", "see https://ex.com/a now\n", id="scheme-case"),
    pytest.param("see https://ex.com:443/x now\n", "see https://ex.com/x now\n", id="default-port"),
    pytest.param("*see https://ex.com/a/./b/../c*\n", "*see https://ex.com/a/c*\n", id="inside-emphasis"),
    pytest.param("`t <https://EX.com/x>`_\n", "`t <https://ex.com/x>`_\n", id="embedded-uri"),
    pytest.param("`t <https://ex.com>`__\n", "`t <https://ex.com/>`__\n", id="anonymous-embedded-uri"),
    pytest.param(".. _t: https://ex.com/%7ex\n", ".. _t: https://ex.com/~x\n", id="target"),
    pytest.param(".. image:: https://ex.com/%7ea.png\n", ".. image:: https://ex.com/~a.png\n", id="image"),
    pytest.param("(https://ex.com/%7ea) x\n", "(https://ex.com/~a) x\n", id="in-parentheses"),
    pytest.param("x\\ https://ex.com:80/y\n", "x\\ https://ex.com:80/y\n", id="after-an-escaped-space-https-port"),
    pytest.param("see https://ex.com/a%7eb_ x\n", "see https://ex.com/a~b_ x\n", id="underscore-not-beside"),
    # An escape the fix does not touch stays as written.
    pytest.param("see https://ex.com/a\\_b/%7ex now\n", "see https://ex.com/a\\_b/~x now\n",
                 id="escape-kept-beside-a-fix"),
    pytest.param(".. _t: https://EX.com/a\\_b\n", ".. _t: https://ex.com/a\\_b\n", id="escape-kept-in-a-target"),
    pytest.param("see https://ex.com/foo\\_ (https://EX.com/x)\n", "see https://ex.com/foo\\_ (https://ex.com/x)\n",
                 id="after-an-escaped-last-underscore"),
    # In a table, a fix that keeps the length is applied; after the table, any fix.
    pytest.param("+----------------------+\n| HTTP://b.example/x   |\n+----------------------+\n",
                 "+----------------------+\n| http://b.example/x   |\n+----------------------+\n", id="grid-same-length"),
    pytest.param("=====  =====\nA      B\n=====  =====\n\nsee https://ex.com:443/x now\n",
                 "=====  =====\nA      B\n=====  =====\n\nsee https://ex.com/x now\n", id="after-a-simple-table"),
    pytest.param("Title\n=====\n\nsee https://ex.com:443/x now\n", "Title\n=====\n\nsee https://ex.com/x now\n",
                 id="under-a-title-no-table"),
    pytest.param("=====\nTitle\n=====\n\nsee https://ex.com:443/x now\n",
                 "=====\nTitle\n=====\n\nsee https://ex.com/x now\n", id="overlined-title-no-table"),
]


@pytest.mark.parametrize("text", REFUSED)
def test_a_fix_that_would_change_the_markup_is_refused(text: str) -> None:
    result = pipeline.lint(text, "rst", EVERY_RULE, fix=False)
    assert result.findings  # (there is a finding: only its fix is refused)
    assert fixed(text, with_code=True) == text


@pytest.mark.parametrize("text, expected", KEPT)
def test_a_fix_that_keeps_the_markup_is_applied(text: str, expected: str) -> None:
    assert fixed(text) == expected
    assert fixed(expected) == expected  # (idempotent)


LITERAL_FIXES = [
    pytest.param("``http://ex.com``\n", "``http://ex.com/``\n", id="inline-literal"),
    pytest.param("``http://EX.com/a\\b``\n", "``http://ex.com/a%5Cb``\n", id="backslash-in-a-literal"),
    pytest.param("x::\n\n   https://ex.com/a\\_b\n", "x::\n\n   https://ex.com/a%5C_b\n", id="literal-block"),
]


@pytest.mark.parametrize("text, expected", LITERAL_FIXES)
def test_a_literal_reads_no_markup(text: str, expected: str) -> None:
    """With code blocks included, a literal's backslashes and underscores are its text."""
    assert fixed(text, with_code=True) == expected
    assert fixed(expected, with_code=True) == expected  # (idempotent)
    assert fixed(text) == text  # (and without, code is never fixed)


def _candidate(text: str, uri: str, in_code: bool = False, context: str = "bare") -> Candidate:
    start = text.index(uri)
    return Candidate(uri, start, start + len(uri), context, in_code)


@pytest.mark.parametrize("text, uri, in_code, new_uri, expected", [
    pytest.param("x https://a.io/%7e y", "https://a.io/%7e", False, "https://a.io/~", True, id="prose"),
    pytest.param("x https://a.io/%5F y", "https://a.io/%5F", False, "https://a.io/_", False, id="writes-underscore"),
    pytest.param("x https://a.io/a|b y", "https://a.io/a|b", False, "https://a.io/a%7Cb", False,
                 id="removes-a-bar"),
    pytest.param("x *https://a.io/%7e* y", "https://a.io/%7e", False, "https://a.io/~", False,
                 id="beside-an-asterisk"),
    pytest.param("x *HTTPS://a.io/x* y", "HTTPS://a.io/x", False, "https://a.io/x", True,
                 id="beside-an-asterisk-a-letter-for-a-letter"),
    pytest.param("x `HTTPS://a.io/x` y", "HTTPS://a.io/x", False, "https://a.io/x", True,
                 id="in-interpreted-text"),
    pytest.param("x https://a.io/a\\b y", "https://a.io/a\\b", False, "https://a.io/a%5Cb", False,
                 id="encodes-a-backslash"),
    pytest.param("x https://a.io/a\\b y", "https://a.io/a\\b", True, "https://a.io/a%5Cb", True,
                 id="encodes-a-backslash-in-a-literal"),
    pytest.param("x https://a.io/a`b y", "https://a.io/a`b", True, "https://a.io/a%60b", False,
                 id="removes-a-backquote-in-a-literal"),
    pytest.param("x https://a.io/%5F y", "https://a.io/%5F", True, "https://a.io/_", True,
                 id="writes-underscore-in-a-literal"),
])
def test_keeps_markup(text: str, uri: str, in_code: bool, new_uri: str, expected: bool) -> None:
    c = _candidate(text, uri, in_code)
    assert rst.keeps_markup(text, c, new_uri, (c.start, c.end, new_uri)) is expected


@pytest.mark.parametrize("text, start, expected", [
    pytest.param("x https://a", 2, True, id="after-space"),
    pytest.param("https://a", 0, True, id="at-the-start"),
    pytest.param("(https://a", 1, True, id="after-parenthesis"),
    pytest.param("\u201chttps://a", 1, True, id="after-a-curly-quote"),
    pytest.param("*https://a", 1, True, id="after-an-asterisk"),
    pytest.param("_https://a", 1, False, id="after-underscore"),
    pytest.param("xhttps://a", 1, False, id="after-a-letter"),
    pytest.param("9https://a", 1, False, id="after-a-digit"),
    pytest.param("`https://a", 1, True, id="opening-interpreted-text"),
    pytest.param("x`https://a", 2, False, id="after-a-backquote-glued-to-a-letter"),
])
def test_where_docutils_may_start_markup(text: str, start: int, expected: bool) -> None:
    assert rst._may_start_markup(text, start) is expected


# -- the property: docutils reads the same document after the fixes ------------------------------
_URIS = st.sampled_from([
    "HTTP://Example.COM/a", "https://example.com:443/x", "https://example.com/a%7eb", "https://example.com",
    "https://example.com/a/./b/../c", "https://ex.com/a b", "https://ex.com/%c3%a9", "https://ex.com/a_b_",
    "https://ex.com/*x*", "https://ex.com/a\\_b", "https://ex.com/x%2A", "https://ex.com/%5F", "https://ex.com/a|b",
    "https://ex.com/`x", "HTTPS://ex.com/a_", "https://ex.com/%7e_", "https://ex.com/~a~"])
# (A raw non-ASCII URI is left out: docutils links only its ASCII head, "https://ex.com" of
# "https://ex.com/caf\u00e9", and URI110's encoding fix makes it link the whole URI, as meant.)
_CONTEXTS = st.sampled_from([
    "{u}", "see {u} now", "*{u}*", "**{u}**", "`link <{u}>`_", "`link <{u}>`__", "({u})", "<{u}>", "*see {u}*",
    "{u}_", "_{u}", "``{u}``", "``{u}\\``", "``a {u}``", ":emphasis:`{u}`", "|{u}|", "[{u}]", "'{u}'", '"{u}"',
    "{u}:", "x\\ {u}", "{u}\\ x"])
_BLOCKS = st.sampled_from([
    "{p}", ".. _t{n}: {u}", ".. image:: {u}", ".. image:: x.png\n   :target: {u}", "- {p}", "* {p}\n  {p}",
    "Title {n}\n=========\n\n{p}", "{p}\n\n   {p}", ":field: {p}", ".. note:: {p}", "| {p}", "x::\n\n   {p}",
    ".. code:: text\n\n   {p}", ">>> {p}", "GRID", "SIMPLE"])


def _table(kind: str, p: str) -> str:
    """A grid or simple table with ``p`` in its first column, its borders as wide as ``p``."""
    w = len(p)
    if kind == "GRID":
        border = "+" + "-" * (w + 2) + "+----+"
        return f"{border}\n| {p} | ok |\n{border}"
    rule = "=" * w + "  " + "==="
    return f"{rule}\n{p}  ok\n{rule}"


@st.composite
def documents(draw: st.DrawFn) -> str:
    blocks = []
    for n in range(draw(st.integers(1, 4))):
        p = " ".join(draw(_CONTEXTS).format(u=draw(_URIS)) for _ in range(draw(st.integers(1, 3))))
        block = draw(_BLOCKS)
        blocks.append(_table(block, p) if block in ("GRID", "SIMPLE") else block.format(p=p, u=draw(_URIS), n=n))
    return "\n\n".join(blocks) + "\n"


def doctree_shape(text: str) -> List[str]:
    core = pytest.importorskip("docutils.core")
    doc = core.publish_doctree(text, settings_overrides={"report_level": 5, "halt_level": 5,
                                                         "warning_stream": io.StringIO()})
    return [getattr(node, "tagname", "#text") for node in doc.findall()]


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=documents(), with_code=st.booleans())
def test_docutils_reads_the_same_document_after_the_fixes(text: str, with_code: bool) -> None:
    after = fixed(text, with_code)
    assert doctree_shape(after) == doctree_shape(text), after
    assert fixed(after, with_code) == after  # (idempotent)
