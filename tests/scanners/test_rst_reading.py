"""The URI a reST candidate holds is the one docutils reads, with each character mapped back to
its place in the source: backslash escapes ("Escaping Mechanism" of the reStructuredText Markup
Specification), aliases and indirect targets, e-mail addresses (a "mailto:" link).  A test
holds every table row to docutils itself, when it is installed, and so does the property for
generated standalone hyperlinks."""

from __future__ import annotations

import io
from typing import List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urilint import pipeline
from urilint.scanners import rst
from urilint.scanners.positions import LineIndex
from urilint.settings import Settings

P = pytest.param
EVERY_RULE = Settings(select=frozenset({"ALL"}))
#: The image file of the image rows (a URI docutils and urilint read besides the target).
IMAGE = "i.png"
#: Text before each URI, so that code-point offsets differ from byte offsets.
PREFIX = "Caf\u00e9 \u65e5\u672c: "


def read(text: str) -> List[Tuple[str, str]]:
    """The (uri, source text) of each candidate outside code."""
    return [(c.uri, text[c.start:c.end]) for c in rst.scan(text) if not c.in_code]


READS = [
    # Standalone hyperlinks: "\X" reads X when docutils reads X in a URI ...
    P("see https://ex.com/a\\_b now", [("https://ex.com/a_b", "https://ex.com/a\\_b")], id="escaped-underscore"),
    P("see https://ex.com/a\\_b\\_c now", [("https://ex.com/a_b_c", "https://ex.com/a\\_b\\_c")], id="two-escapes"),
    P("see https://exam\\ple.com/x now", [("https://example.com/x", "https://exam\\ple.com/x")], id="escaped-letter"),
    P("see https://ex.com/a\\tb now", [("https://ex.com/atb", "https://ex.com/a\\tb")], id="no-string-escape"),
    P("see https://ex.com/x\\%41y now", [("https://ex.com/x%41y", "https://ex.com/x\\%41y")], id="escaped-percent"),
    # ... and an escaped "_" the sentence's punctuation would give back is the URI's last.
    P("see https://ex.com/foo\\_ now", [("https://ex.com/foo_", "https://ex.com/foo\\_")], id="trailing-underscore"),
    P("see https://ex.com/foo\\_.", [("https://ex.com/foo_", "https://ex.com/foo\\_")], id="trailing-underscore-dot"),
    P("see https://ex.com/foo\\_\\_.", [("https://ex.com/foo__", "https://ex.com/foo\\_\\_")], id="two-trailing"),
    P("see https://ex.com/a\\_\\ b", [("https://ex.com/a_", "https://ex.com/a\\_")],
      id="escaped-underscore-then-space"),
    P("see https://ex.com/a\\-\\ b", [("https://ex.com/a", "https://ex.com/a")], id="escaped-hyphen-then-space"),
    P(".. _t: a\n   b_\n", [("ab_", "a\n   b_")], id="target-wrapped-name-is-no-reference"),
    # An escaped character docutils reads in no URI ends it before the backslash.
    P("see https://ex.com/x\\ y.", [("https://ex.com/x", "https://ex.com/x")], id="escaped-space"),
    P("see https://ex.com/x\\\\y.", [("https://ex.com/x", "https://ex.com/x")], id="escaped-backslash"),
    P('see https://ex.com/x\\"y.', [("https://ex.com/x", "https://ex.com/x")], id="escaped-quote"),
    P("see https://ex.com/x.\\ y", [("https://ex.com/x", "https://ex.com/x")], id="punctuation-before-it"),
    P("(https://ex.com/x\\)) z", [("https://ex.com/x", "https://ex.com/x")], id="escaped-parenthesis"),
    # Embedded URIs: an escaped space is a space (URI101 reports it), whitespace is removed.
    P("`a <https://ex.com/a\\_b>`_", [("https://ex.com/a_b", "https://ex.com/a\\_b")], id="embedded"),
    P("`a <https://ex.com/a\\ b>`_", [("https://ex.com/a b", "https://ex.com/a\\ b")], id="embedded-escaped-space"),
    P("`a <https://ex.com/a\\\\b>`_", [("https://ex.com/a\\b", "https://ex.com/a\\\\b")], id="embedded-backslash"),
    P("`a <https://ex.com/a\\>b>`_", [("https://ex.com/a>b", "https://ex.com/a\\>b")], id="embedded-bracket"),
    P("`a <https://ex.com/a_>`_", [("https://ex.com/a_", "https://ex.com/a_")], id="embedded-uri-ending-in-underscore"),
    P("`a <https://ex.com/a\\_>`__", [("https://ex.com/a_", "https://ex.com/a\\_")], id="embedded-escaped-end"),
    # Targets and images (directives.uri): the same reading.
    P(".. _t: https://ex.com/t\\_x\n", [("https://ex.com/t_x", "https://ex.com/t\\_x")], id="target"),
    P(".. _t: https://ex.com/t\\\\x\n", [("https://ex.com/t\\x", "https://ex.com/t\\\\x")], id="target-backslash"),
    P(".. _t: https://ex.com/t\\\n   x\n", [("https://ex.com/t x", "https://ex.com/t\\\n   x")],
      id="target-escaped-break"),
    P(".. _t: https://ex.com/a_\n", [("https://ex.com/a_", "https://ex.com/a_")], id="target-uri-ending-in-underscore"),
    P(".. image:: https://ex.com/i\\_m.png\n", [("https://ex.com/i_m.png", "https://ex.com/i\\_m.png")], id="image"),
    P(".. image:: i.png\n   :target: https://ex.com/t\\_\n",
      [("i.png", "i.png"), ("https://ex.com/t_", "https://ex.com/t\\_")], id="image-target"),
    # An escaped "_" ending a target is no reference name's: the target is the relative URI "name_".
    P(".. _t: name\\_\n", [("name_", "name\\_")], id="escaped-indirect-name-is-a-relative-reference"),
    P("see https://\\ex.com now", [("https://ex.com", "https://\\ex.com")], id="escaped-host-letter"),
    P(".. _t: na\\me_\n", [("name_", "na\\me_")], id="escape-in-a-name-makes-it-a-uri"),
    # An e-mail address in an embedded URI or a named target is a "mailto:" link (adjust_uri).
    P("drop me an `email <a@ex.org>`_ now", [("mailto:a@ex.org", "a@ex.org")], id="embedded-email"),
    P(".. _m: someone@ex.org\n", [("mailto:someone@ex.org", "someone@ex.org")], id="target-email"),
    P(".. _m:\n   a@ex.org\n", [("mailto:a@ex.org", "a@ex.org")], id="target-email-next-line"),
    P("`x <a\\_b@ex.org>`_", [("mailto:a_b@ex.org", "a\\_b@ex.org")], id="embedded-email-with-an-escape"),
    # The short form of an anonymous target reads its URI over its indented lines.
    P("__ https://ex.com/a\n   #frag\n", [("https://ex.com/a#frag", "https://ex.com/a\n   #frag")],
      id="short-anonymous-target"),
    # ... but not in an anonymous target, and not when docutils' pattern does not match it whole.
    P(".. __: someone@ex.org\n", [("someone@ex.org", "someone@ex.org")], id="anonymous-target-email"),
    P("`x <a@b>`__", [("a@b", "a@b")], id="embedded-no-email-one-letter-host"),
    P("`x <a.b@c.d.>`_", [("a.b@c.d.", "a.b@c.d.")], id="embedded-no-email-final-dot"),
    P("`<https://ex.com/only>`_", [("https://ex.com/only", "https://ex.com/only")], id="embedded-uri-alone"),
    P("`x\n<https://ex.com/next-line>`_", [("https://ex.com/next-line", "https://ex.com/next-line")],
      id="embedded-after-a-line-break"),
    # A grid table's cell is a document of its own: a link wrapped over its lines is one URI,
    # and the borders and the cells beside it are no part of it.
    P("+------+---------------------+\n| a    | See `docs           |\n| b    | <https://ex.com/a/  |\n"
      "| c    | b/c.html>`_         |\n+------+---------------------+\n",
      [("https://ex.com/a/b/c.html", "https://ex.com/a/  |\n| c    | b/c.html")], id="grid-cell-wrapped-link"),
    P("+----+------------------+\n| x  | https://ex.com/a |\n+====+==================+\n"
      "| y  | https://ex.com/b |\n+----+------------------+\n",
      [("https://ex.com/a", "https://ex.com/a"), ("https://ex.com/b", "https://ex.com/b")], id="grid-bare-uris"),
    P("+---------------------------+\n| https://ex.com/a          |\n+-------------+-------------+\n"
      "| https://a.b |https://c.d/ |\n+-------------+-------------+\n",
      [("https://ex.com/a", "https://ex.com/a"), ("https://a.b", "https://a.b"), ("https://c.d/", "https://c.d/")],
      id="grid-columns-of-a-lower-border"),
    P("+-------------+-------------+\n| https://ex.com/abcdefghi  |\n+-------------+-------------+\n",
      [("https://ex.com/abcdefghi", "https://ex.com/abcdefghi")], id="grid-cell-spanning-columns"),
    P("  +-----+-------------------+\n  | a   | `x <https://ex.co |\n  |     | m/p>`_            |\n"
      "  +-----+-------------------+\n", [("https://ex.com/p", "https://ex.co |\n  |     | m/p")],
      id="grid-indented"),
    P("+----------+\n| __ a.htm |\n|    l     |\n+----------+\n", [("a.html", "a.htm |\n|    l")],
      id="grid-anonymous-target-continued"),
    P("+-------------+-----+\n| `a <https:/ | x   |\n| /b.c/>`_    | y   |\n+-------------+-----+\n",
      [("https://b.c/", "https:/ | x   |\n| /b.c/")], id="grid-embedded-uri-wrapped-in-its-cell"),
    # Columns are counted as docutils counts them: a wide or full-width character takes two.
    P("+--------+---------------------+\n| \u540d\u524d   | `x <https://ex.com/ |\n"
      "|        | a/b.html>`_         |\n+--------+---------------------+\n",
      [("https://ex.com/a/b.html", "https://ex.com/ |\n|        | a/b.html")], id="grid-wide-characters-beside-a-link"),
    P("+-----------------------+\n| \u6771\u4eac `x <https://ex.c |\n| om/\uff41>`_              |\n"
      "+-----------------------+\n",
      [("https://ex.com/\uff41", "https://ex.c |\n| om/\uff41")], id="grid-wide-characters-in-a-wrapped-link"),
]

NOT_URIS = [
    # An escaped "<" is text: the reference names the target "<image>" (docutils' own docs),
    # and so does a "<" glued to a word, or brackets with whitespace just inside.
    P("The `\\<image>`_ element.\n", id="escaped-angle-names-a-target"),
    P("see `x\\<y>`_ now", id="escaped-angle-after-text"),
    P("see `x<y>`_ now", id="angle-glued-to-a-word"),
    P("see `x < y>`_ now", id="space-inside-the-opening-angle"),
    # The cells beside a wrapped link are not read into it, nor a border.
    P("+------------+-------+\n| `x <https: | y     |\n| //ex.com>` | z     |\n+------------+-------+\n",
      id="grid-unclosed-reference"),
    P("+------+-----+\n| a    | b   |\n+------+-----+\n", id="grid-without-uris"),
    P("+---------------------------+---+\n| ``https://ex.com/a\\_b`` | x |\n+---------------------------+---+\n",
      id="grid-literal"),
    P("+-------+\n| a     |\n|       |\n| ``b`` |\n+-------+\n", id="grid-literal-alone"),
    P("+---+\n| x |\n+---+\n\n| https:\n| x\n", id="line-block-after-a-grid"),
    P("+-------------+-----+\n| see https   | x   |\n| ://b.c/     | y   |\n+-------------+-----+\n",
      id="grid-bare-uri-broken-over-lines"),
    P("+---------+\n| a       |\n+---------+\n| b       |\n+---------+\n| c: d    |\n+---------+\n",
      id="grid-field-like-text"),
    P("+------+-----------+\n| \u65e5\u672c | see https |\n|      | ://b.c/   |\n+------+-----------+\n",
      id="grid-wide-characters-beside-a-broken-uri"),
    P("+------+-------------+\n| \u65e5\u672c | ``https:/`` |\n| x    | ``/b.c/``   |\n+------+-------------+\n",
      id="grid-wide-characters-beside-literals"),
    # An escaped first character: docutils reads no standalone hyperlink.
    P("see \\https://ex.com/x now", id="escaped-start"),
    P("see https\\://ex.com/x now", id="escaped-colon"),
    P("see ht\\tps://ex.com/x now", id="escaped-scheme-letter"),
    # A reference name where a URI would stand: an alias or an indirect target.
    P("`a <name_>`_", id="alias"),
    P("`a <a phrase_>`_", id="alias-with-a-space"),
    P(".. _t: name_\n", id="indirect-target"),
    P(".. _t: `a phrase`_\n", id="indirect-target-phrase"),
    P(".. _t:\n   name_\n", id="indirect-target-next-line"),
    P(".. image:: i.png\n   :target: name_\n", id="image-indirect-target"),
    # Comments and literals are not parsed: their backslashes are text (no escapes read there).
    P("``https://ex.com/a\\_b``", id="inline-literal"),
    P(":code:`https://ex.com/a\\_b`", id="code-role"),
    P("x::\n\n   https://ex.com/a\\_b\n", id="literal-block"),
    P("`a <https://ex.com/x\\>`_", id="escaped-closing-bracket"),
    P("see \\\\\\https://ex.com/x now", id="escaped-start-after-an-escaped-backslash"),
    P("`a <x_>`__", id="anonymous-alias"),
    P(".. _t: a-b.c_\n", id="indirect-target-punctuated-name"),
    P(".. image:: i.png\n   :target: `a b`_\n", id="image-indirect-target-phrase"),
    P("see \\https://ex.com/a\\_b now", id="escaped-start-with-an-escape"),
    P("see `x`:ref:`https://ex.com/a\\_b` now", id="cross-reference-role"),
    P("`a <>`_", id="empty-embedded"),
    P("see \\nhttps://ex.com/x now", id="escaped-letter-before-the-scheme"),
    P("`a <name\\ x_>`_", id="alias-with-an-escaped-space"),
    P(".. _t: `a\n   b`_\n", id="indirect-target-wrapped-phrase"),
    P("see https:\\ now", id="escaped-slash-alone"),
    P("see x\\https://ex.com now", id="escaped-start-glued-to-a-word"),
    P("see _\\https://ex.com now", id="escaped-start-after-an-underscore"),
    P("(\\https://ex.com/x)", id="escaped-start-in-parentheses"),
    P("see https:\\ //ex.com now", id="escaped-space-after-the-colon"),
    P("`a <na\\me_>`_", id="alias-with-an-escape"),
    P("`a <x\\_y_>`_", id="alias-with-an-escaped-underscore-inside"),
    P("`a <name\n   x_>`_", id="alias-wrapped"),
    # An address outside an embedded URI or a target is no candidate (the prose scan reads
    # schemes), and in these places docutils links none either.
    P("``a@ex.org``", id="email-in-a-literal"),
    P(".. a@ex.org\n", id="email-in-a-comment"),
    P(":code:`a@ex.org`", id="email-in-a-code-role"),
    P(".. _t: `a@ex.org`_\n", id="indirect-target-to-a-phrase-like-an-address"),
    P("see `a@ex.org`_ now", id="reference-to-a-name-like-an-address"),
    P("see :title:`a@ex.org` now", id="address-in-a-prose-role"),
    P("`x <mailto_>`_", id="alias-named-like-a-scheme"),
    P("__ name_\n", id="short-anonymous-indirect-target"),
]


def test_tables_are_balanced() -> None:
    assert len(READS) <= len(NOT_URIS)


@pytest.mark.parametrize("text, expected", READS)
def test_reads_as_docutils(text: str, expected: List[Tuple[str, str]]) -> None:
    assert read(text) == expected


@pytest.mark.parametrize("text", NOT_URIS)
def test_reads_no_uri(text: str) -> None:
    assert [uri for uri, _ in read(text) if uri != IMAGE] == []


@pytest.mark.parametrize("text, expected", READS + [P(p.values[0], [], id=p.id) for p in NOT_URIS])
def test_each_row_is_what_docutils_reads(text: str, expected: List[Tuple[str, str]]) -> None:
    """The tables are docutils' reading, not ours: every URI of a reference, a target or an
    image that docutils finds outside literals (an image's file in the NOT_URIS rows aside)."""
    docutils = _docutils_uris(text, images=True)
    if docutils is None:  # pragma: no cover
        pytest.skip("docutils is not installed")
    if not expected:
        docutils = [u for u in docutils if u != IMAGE]
    assert sorted(set(docutils)) == sorted({uri for uri, _ in expected})


def test_positions_after_non_ascii_text_and_an_escape() -> None:
    """Each URI character maps to its source character: a finding after an escape is placed
    on the character it names, on its line and column, after non-ASCII text."""
    text = PREFIX + "see https://ex.com/a\\_b c/%7e now\n"
    [c] = [c for c in rst.scan(text) if not c.in_code]
    assert c.uri == "https://ex.com/a_b"
    # "_" stands for the two characters "\_"; "b" after it maps back past the backslash.
    assert text[c.to_source(c.uri.index("_")):c.to_source(c.uri.index("b"))] == "\\_"
    assert text[c.to_source(c.uri.index("b"))] == "b"
    text = "x\n" + PREFIX + "see https://ex.com/a\\_b/%7e now\n"
    [finding] = [f for f in pipeline.lint(text, "rst", EVERY_RULE).findings]
    assert finding.code == "URI204"
    assert LineIndex.of(text).line_col(finding.start) == (2, len(PREFIX) + len("see https://ex.com/a\\_b/") + 1)


@pytest.mark.parametrize("text", [
    P("see https://ex.com/a\\_b now\n", id="prose"),
    P("`a <https://ex.com/a\\_b>`_\n", id="embedded"),
    P(".. _t: https://ex.com/a\\_b\n", id="target"),
    P("see https://ex.com/foo\\_ now\n", id="trailing"),
])
def test_an_escape_is_no_finding(text: str) -> None:
    """The escape was URI101's false positive: "'\\\\' cannot appear in a URI"."""
    assert pipeline.lint(text, "rst", EVERY_RULE).findings == ()


# -- the property: standalone hyperlinks with escapes read as docutils reads them ---------------
# (Bodies end in a letter, and "-", "~" and "_" stand before one: where they end a URI the prose
# scan gives back "~" and "_" and keeps "-", unlike docutils; that is not an escape's matter.)
_PIECES = st.lists(st.sampled_from(["a", "b", "7", "/", "-a", ".", "~a", "_a", "%41", "\\_", "\\~", "\\.",
                                    "\\-", "\\a", "\\/", "\\%", "\\ ", "\\\\", '\\"', "\\*"]), max_size=8)


def _docutils_uris(text: str, images: bool = False) -> Optional[List[str]]:
    """The URIs of docutils' references in ``text`` (and of its targets and images, with
    ``images``), in document order; None without docutils."""
    try:
        from docutils import nodes
        from docutils.core import publish_doctree
    except ImportError:  # pragma: no cover - docutils is in the test extra
        return None
    doc = publish_doctree(text, settings_overrides={"report_level": 5, "halt_level": 5,
                                                    "warning_stream": io.StringIO()})
    found = [n["refuri"] for n in doc.findall(nodes.reference) if "refuri" in n.attributes]
    if images:
        found += [n["refuri"] for n in doc.findall(nodes.target) if "refuri" in n.attributes]
        found += [n["uri"] for n in doc.findall(nodes.image)]
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_PIECES)
def test_standalone_hyperlinks_read_as_docutils_reads_them(pieces: List[str]) -> None:
    text = "see https://ex.com/" + "".join(pieces) + "z now\n"
    expected = _docutils_uris(text)
    if expected is None:  # pragma: no cover
        pytest.skip("docutils is not installed")
    assert [uri for uri, _ in read(text)] == expected


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_finding_in_a_grid_cell_is_placed_after_non_ascii_text(newline: str) -> None:
    """A cell's candidate maps back to the document: its line and column after non-ASCII text,
    with either line ending."""
    text = (PREFIX + "\n\n+------+------------------------+\n| \u00e9t\u00e9 | `x <htps://ex.com/a/  |\n"
            "|      | b/c.html>`_            |\n+------+------------------------+\n").replace("\n", newline)
    [finding] = [f for f in pipeline.lint(text, "rst", EVERY_RULE).findings if f.code == "URI108"]
    assert text[finding.start:finding.end] == "htps"
    assert LineIndex.of(text).line_col(finding.start) == (4, 13)



def test_code_in_a_grid_cell_is_read_once() -> None:
    """A cell's literal block: one candidate, marked code (not again by the document's code scan)."""
    text = "+-------------------------+\n| Example::               |\n|                         |\n" \
           "|     HTTP://a.example/   |\n+-------------------------+\n"
    found = [c for c in rst.scan(text, include_code=True) if c.uri == "HTTP://a.example/"]
    assert [c.in_code for c in found] == [True]
    assert [c.uri for c in rst.scan(text)] == []
