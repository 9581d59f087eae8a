"""A fix of a URI in Markdown must not change the markup around it: no backslash that escapes
or breaks a line is changed, and the runs of "*", "_" and "~" beside and inside the edit of a
bare URI open and close as before, or cannot pair with anything.  Each row goes through the
whole fixer (``--fix --unsafe-fixes --select ALL``)."""

from __future__ import annotations

import json

import pytest

from urilint import pipeline
from urilint.candidate import Candidate
from urilint.scanners import extract
from urilint.scanners.markdown_markup import REACH, keeps_emphasis, runs
from urilint.settings import Settings

P = pytest.param
EVERY_RULE = Settings(select=frozenset({"ALL"}))


def fixed(text: str, fmt: str = "markdown") -> str:
    return pipeline.fix_text(text, fmt, EVERY_RULE, unsafe=True).text


#: (text, the fixed text): the fix changes nothing but the URI's bytes, emphasis included.
KEPT = [
    P("see https://example.com/%7Euser/ for it\n", "see https://example.com/~user/ for it\n", id="lone-tilde"),
    P("see https://example.com/%7Euser/\n\nand ~this~ later\n", "see https://example.com/~user/\n\nand ~this~ later\n",
      id="partner-in-another-paragraph"),
    P("see https://example.com/a%7e_b done\n", "see https://example.com/a~_b done\n", id="lone-underscore-now-opens"),
    P("see https://example.com/%7e_a *b* c\n", "see https://example.com/~_a *b* c\n", id="other-delimiter-unchanged"),
    P("see HTTPS://example.com/a_b_ *x*\n", "see https://example.com/a_b_ *x*\n", id="scheme-case-beside-runs"),
    P("see <https://example.com/%7e_u_> x_\n", "see <https://example.com/~_u_> x_\n", id="autolink-is-literal"),
    P("[a](https://example.com/%7e_u_) x_\n", "[a](https://example.com/~_u_) x_\n", id="destination-is-literal"),
    P("\u00e9t\u00e9 https://example.com/caf%C3%a9/%7Ex\n", "\u00e9t\u00e9 https://example.com/caf%C3%A9/~x\n",
      id="non-ascii-before"),
    P("~old~\n\nhttps://example.com/%7Ea/\n", "~old~\n\nhttps://example.com/~a/\n", id="partner-before-a-blank-line"),
    P("see https://x.io/%5f/\n\nand https://y.io/%5F/ now\n", "see https://x.io/_/\n\nand https://y.io/_/ now\n",
      id="two-fixes-in-two-paragraphs"),
    P("see <http://x.io/a\\b>\n", "see <http://x.io/a%5Cb>\n", id="literal-backslash-in-autolink"),
    P('a <a href="https://x.io/a%5F">x</a> b_\n', 'a <a href="https://x.io/a_">x</a> b_\n', id="inline-html-is-literal"),
    P("[t](http://x.io/a\\b)\n", "[t](http://x.io/a%5Cb)\n", id="literal-backslash-in-destination"),
    P("see HTTP://x.io/a\\b\n", "see http://x.io/a%5Cb\n", id="literal-backslash-in-prose"),
    P("[t](HTTP://x.io/a\\_b)\n", "[t](http://x.io/a\\_b)\n", id="edit-beside-an-escape-leaves-it"),
    P("see HTTPS://x.io/a|b\n", "see https://x.io/a|b\n", id="edit-before-a-pipe-leaves-it"),
    P("see <http://x.io/a|b>\n| not | a table |\n", "see <http://x.io/a%7Cb>\n| not | a table |\n",
      id="pipe-outside-tables"),
    P("| a | b |\n|---|---|\n| c | d |\n\nsee <http://x.io/a|b>\n", "| a | b |\n|---|---|\n| c | d |\n\nsee <http://x.io/a%7Cb>\n",
      id="pipe-after-a-table"),
]

#: Texts whose fix would change the markup around the URI: left as they are (URI204's fix but
#: where a row names another code).
REFUSED = [
    P("https://example.com/%7e_u_ x\n", id="runs-of-the-edit-pair-up"),
    P("see https://example.com/%7Ea/ then ~old~ text\n", id="tilde-partner-after"),
    P("~old~ then https://example.com/%7Ea/\n", id="tilde-partner-before"),
    P("see https://example.com/%7Ea/\nand ~this~ on the next line\n", id="partner-on-the-paragraphs-next-line"),
    P("~old~ then\nhttps://example.com/%7Ea/\n", id="partner-on-the-paragraphs-previous-line"),
    P("see https://x.io/%5f/ and https://y.io/%5F/ now\n", id="two-fixes-would-write-partners"),
    P("_see https://example.com/a%5F_ now\n", id="decoded-underscore-joins-a-run"),
    P("see https://example.com/a%7e*b* now\n", id="star-flanking-changes"),
    P("> quoted https://example.com/%7e_u_ x\n", id="in-a-block-quote"),
    P('<a href="https://x.io/a%5F"">x</a>_\n', id="quoted-in-a-tag-that-is-no-tag"),
    P("x" * (REACH + 10) + " https://example.com/%7Ea/ " + "y" * 10 + "\n", id="paragraph-too-long-to-tell"),
    P("[](<ft:\\>)\n", "URI101", id="backslash-keeps-a-link-from-forming"),
    P("see <http://x.io/a\\_b>\n", "URI101", id="backslash-before-punctuation"),
    P("see <http://x.io/a\\\\b>\n", "URI101", id="backslash-before-a-backslash"),
    P("| a | b |\n|---|---|\n| <http://x.io/a|b> | c |\n", "URI111", id="pipe-splits-a-table-row"),
    P("| a | b |\n| :-: | --- |\n| c | d |\n| <http://x.io/a|b> | e |\n", "URI111", id="pipe-in-a-later-row"),
]


@pytest.mark.parametrize("text, expected", KEPT)
def test_kept(text: str, expected: str) -> None:
    assert fixed(text) == expected
    assert fixed(expected) == expected  # (idempotent: a second run changes nothing)


@pytest.mark.parametrize("text, code", [p if len(p.values) == 2 else P(*p.values, "URI204", id=p.id)
                                        for p in REFUSED])
def test_refused(text: str, code: str) -> None:
    result = fixed(text)
    assert result == text
    # ... and the finding is still reported, without a fix.
    findings = pipeline.check_text(text, "markdown", EVERY_RULE)
    assert any(f.code == code and f.edit is None for f in findings)


def test_tables_are_balanced() -> None:
    assert len(KEPT) >= len(REFUSED)


def test_refused_in_a_notebooks_markdown_cell() -> None:
    """The same check where a notebook's Markdown cell holds the URI (its cell edit is written
    by the Markdown format, then into the JSON string)."""
    def notebook(source: str) -> str:
        return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": [source]}],
                           "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n"

    refused, kept = notebook("see https://example.com/%7e_u_ x"), notebook("see https://example.com/%7Euser/ x")
    assert fixed(refused, "notebook") == refused
    assert fixed(kept, "notebook") == notebook("see https://example.com/~user/ x")


def _bare(text: str) -> Candidate:
    (c,) = [c for c in extract(text, "markdown") if c.context == "bare"]
    return c


@pytest.mark.parametrize("text, edit, keeps", [
    P("a https://x.example/%7e_u_ b", (20, 23, "~"), False, id="decode-beside-underscore"),
    P("a https://x.example/%7e_u_ b", (20, 23, "%7E"), True, id="hex-case-only"),
    P("a https://x.example/a%7e_b c", (21, 24, "~"), True, id="lone-run-without-partner"),
])
def test_keeps_emphasis_on_edits(text: str, edit: tuple, keeps: bool) -> None:
    c = _bare(text)
    assert keeps_emphasis(text, c, c.uri, edit) is keeps


@pytest.mark.parametrize("text, lo, hi, expected", [
    P("a__b", 2, 3, [(1, 3)], id="whole-run"),
    P("a\\__b", 0, 5, [(3, 4)], id="escaped-char-is-no-run"),
    P("**~~", 0, 4, [(0, 2), (2, 4)], id="two-kinds"),
    P("abc", 0, 3, [], id="none"),
])
def test_runs(text: str, lo: int, hi: int, expected: list) -> None:
    assert runs(text, lo, hi) == expected
