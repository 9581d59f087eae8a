"""reStructuredText: hyperlink targets, embedded URIs, image directives and bare URIs.

What docutils reads as a URI (reStructuredText Markup Specification):
  - embedded URIs: ```text <uri>`_`` and ```text <uri>`__`` (whitespace inside the brackets is
    removed, as docutils does; ``<name_>`` is an alias to a target, not a URI);
  - external hyperlink targets: ``.. _name: uri``, ``.. __: uri`` and ``__ uri`` (a URI may
    continue on indented lines);
  - the argument of ``.. image::`` and ``.. figure::``, and their ``:target:`` option;
  - standalone hyperlinks: bare URIs in text (RFC 3986 Appendix C, the prose scanner).

What is code (candidates there are marked ``in_code``):
  - literal blocks: the indented block after a paragraph ending in ``::``, and a *quoted*
    literal block (unindented lines that all start with the same punctuation character);
  - doctest blocks: a paragraph whose first line starts with ``>>>``;
  - the bodies of code directives (:data:`CODE_DIRECTIVES`: ``code``, ``code-block``,
    ``sourcecode``, Sphinx's ``doctest`` and ``testcode`` family, ``literalinclude``, ``math``,
    ``raw``, notebook and diagram directives ...);
  - inline literals (````text````) and the text of code roles (``:code:`x```, ``:samp:``,
    ``:kbd:``, ``:file:`` ...: :data:`CODE_ROLES`).

A grid table's cells are documents of their own, as docutils parses them (GridTableParser):
each cell's lines, without the table's borders and the other cells beside them, are read as
reStructuredText, so a link wrapped over a cell's lines is one URI and the borders are no part
of it.

Interpreted text (```text```, with the default role or a prose role such as ``:emphasis:``)
is prose, read as any other text; the text of other roles (``:ref:`x```, ``:class:`x```,
``:pep:`8```) names a target or an object, never a URI, and is not read.  Comments (``..``
followed by anything else) are prose with context "comment".

:func:`code_spans` gives the code regions alone; the Python scanner uses it for docstrings.
"""

from __future__ import annotations

import functools
import re
import string
import unicodedata
from bisect import bisect_right
from typing import Callable, List, Optional, Set, Tuple

from ..candidate import Candidate
from ..finding import Edit
from ..rfc3986 import lazy
from .base import Format, code_aware
from .escapes import Pieces, Replacement, build, common_ends
from .text import OPENER, TEXT, TRAILING_PUNCTUATION, ProseStyle, Spans, escaped, scan_prose

_LINE = lazy.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")
_TARGET = lazy.compile(r"[ \t]*\.\.[ \t]+_(`[^`]*`|[^:`]+):(?:[ \t]+|$)")
#: The other form of an anonymous target: "__ uri" starting a block (Body.patterns["anonymous"]).
_ANONYMOUS_TARGET = lazy.compile(r"[ \t]*__(?: +|$)")
_DIRECTIVE = lazy.compile(r"[ \t]*\.\.[ \t]+([A-Za-z0-9_.:+-]+?)::(?:[ \t]+|$)")
_OPTION = lazy.compile(r"[ \t]+:target:[ \t]+")
_COMMENT = lazy.compile(r"[ \t]*\.\.(?:[ \t]|$)")
#: A grid table's border: "+----+---+", or "+====+===+" under its header (docutils' GridTableParser).
_GRID_BORDER = lazy.compile(r"[ \t]*\+(?:[-=]+\+)+[ \t]*(?:\r\n|\r|\n)?")
#: Wider grid tables are read as paragraphs: a bound on the work per line of the table.
_MAX_GRID_COLUMNS = 64
_PLUS = lazy.compile(r"\+")
#: No line: where no search for a simple table's end has started yet.
_NO_LINE = 1 << 62
#: A simple table's border: two or more runs of "=" (one run is a section title's over- or
#: underline).
_SIMPLE_BORDER = lazy.compile(r"[ \t]*=+(?:[ \t]+=+)+[ \t]*(?:\r\n|\r|\n)?")
#: Directives whose body (and argument) is code, not prose.
CODE_DIRECTIVES = frozenset({
    # docutils and Sphinx
    "code", "code-block", "sourcecode", "literalinclude", "highlight", "parsed-literal", "raw", "math",
    "productionlist",
    # sphinx.ext.doctest
    "doctest", "testcode", "testoutput", "testsetup", "testcleanup",
    # sessions and notebooks: IPython, jupyter-sphinx, MyST-NB, sphinx-prompt, sphinx-tabs
    "ipython", "jupyter-execute", "jupyter-input", "jupyter-output", "code-cell", "prompt", "code-tab",
    # diagrams written as code: sphinx.ext.graphviz, sphinxcontrib-mermaid and -plantuml
    "graphviz", "graph", "digraph", "mermaid", "plantuml", "uml",
})
#: Roles whose text is code (docutils' ``code`` and ``literal``, Sphinx's inline markup roles).
CODE_ROLES = frozenset({"code", "literal", "samp", "kbd", "file", "command", "program", "envvar", "option",
                        "makevar", "regexp", "math", "mimetype", "mailheader"})
#: Roles whose text is prose, as interpreted text with the default role is.
PROSE_ROLES = frozenset({"emphasis", "strong", "title-reference", "title", "t", "subscript", "sub",
                         "superscript", "sup", "abbr", "dfn", "guilabel", "menuselection"})
_IMAGE_DIRECTIVES = frozenset({"image", "figure"})
# A doctest block starts a paragraph (docutils: ">>>" then spaces or the end of the line).
_DOCTEST = lazy.compile(r"[ \t]*>>>(?:[ \t]|\r|\n|$)")
# The characters that may start the lines of a quoted literal block (non-alphanumeric printable
# 7-bit ASCII).
_QUOTE_CHARS = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# Inline literals, then interpreted text / references: `...`_ or `...`__ (or a role's `...`).
_INLINE_LITERAL = lazy.compile(r"``[^`]+(?:`[^`]+)*``")
_INTERPRETED = lazy.compile(r"`([^`]+)`(__?)?")
# Characters of a role name (docutils: simple reference names, and ":" between domain and role).
_ROLE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+:-")
#: Longer "role names" are not looked for (a bound on the walk back from each backtick).
_MAX_ROLE = 64
_NON_SPACE = lazy.compile(r"\S+")
# An embedded URI: "<...>" ending the phrase; a backslash escapes a bracket inside it.
# (Unrolled: a backtracking frame per escape, not per character.)
_EMBEDDED = lazy.compile(r"<([^<>\\]*(?:\\[\s\S][^<>\\]*)*)>\s*\Z")
#: A backslash escape (a CR LF pair is one line break; a backslash that ends the text escapes
#: nothing), or a run of whitespace.
_ESCAPE_OR_SPACE = lazy.compile(r"\\(?:\r\n|[\s\S])?|\s+")
#: A reference name ending a target where a URI would stand ("name_", "`a phrase`_"): the
#: target is indirect (docutils' ``simplename`` and phrase reference, Body.is_reference).
_REFERENCE = lazy.compile(r"(?:(?!_)\w)+(?:[-._+:](?:(?!_)\w)+)*_|`(?! )[^`]+(?<! )`_")
#: The start of what docutils reads as a URI (Inliner's ``uri`` pattern): a scheme, ":" and a URI
#: character, or an e-mail address.  An embedded "<...>" that starts so is a URI even when it
#: ends in "_"; any other is an alias to a target (Inliner.phrase_ref).
_DOCUTILS_URI_START = lazy.compile(
    r"[A-Za-z][A-Za-z0-9.+-]*:(?://?)?[-_.!~*'()\[\];/:@&=+$,%A-Za-z0-9\\]"
    r"|[-_!~*'{|}/#?^`&=+$%A-Za-z0-9]+(?:\.[-_!~*'{|}/#?^`&=+$%A-Za-z0-9]+)*@[-_!~*'{|}/#?^`&=+$%A-Za-z0-9]")
#: An e-mail address, which docutils links as "mailto:" and the address (Inliner.email_pattern,
#: matched whole: a name and a host of its characters, ending on one a URI may end with).
_EMAILC = r"[-_!~*'{|}/#?^`&=+$%A-Za-z0-9]"
_EMAIL = lazy.compile(rf"{_EMAILC}+(?:\.{_EMAILC}+)*@{_EMAILC}+(?:\.{_EMAILC}*)*[_~*/=+A-Za-z0-9]\Z")
#: What docutils reads as URI characters (Inliner.uric): an escaped character outside them ends a
#: standalone hyperlink before its backslash.
_DOCUTILS_URIC = frozenset("-_.!~*'()[];/:@&=+$,%" + string.ascii_letters + string.digits)
#: The characters a standalone hyperlink may end with (Inliner.urilast).
_URILAST = frozenset("_~*/=+" + string.ascii_letters + string.digits)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _uri_runs(text: str, start: int, end: int, mailto: bool = False) -> Tuple[str, int, int, Pieces]:
    """The URI in ``text[start:end]`` of a hyperlink target, an embedded URI or an image, as
    docutils reads it (Body.parse_target, Inliner.phrase_ref, directives.uri; "Escaping
    Mechanism"): whitespace removed (a URI may be broken across lines), an escaped whitespace
    character (a line break too) read as one space, any other escaped character as itself.
    With ``mailto`` (an embedded URI, a named target), an e-mail address is a "mailto:" link
    (Inliner.adjust_uri), not a relative reference to a file named like it.  Returns the URI,
    its source span and its pieces."""
    runs = [m.span() for m in _NON_SPACE.finditer(text, start, end)]
    if not runs:
        return "", start, start, ()
    s, e = runs[0][0], runs[-1][1]
    replacements: List[Replacement] = []
    for m in _ESCAPE_OR_SPACE.finditer(text, s, e):
        found = m.group()
        if found[0] != "\\":
            replacements.append((m.start(), m.end(), ""))
        else:
            char = found[1:]
            replacements.append((m.start(), m.end(), " " if char.isspace() else char))
    uri, pieces = build(text, s, e, replacements)
    if mailto and _EMAIL.match(uri) is not None:
        uri, pieces = build(text, s, e, [(s, s, "mailto:")] + replacements)
    return uri, s, e, pieces


def _is_reference(raw: str) -> bool:
    """Whether the text of a target (``.. _name: raw``, an image's ``:target:``) is a reference
    name, making it an indirect target, not a URI: "name_" is one, "https://x/a_" is a URI."""
    return _REFERENCE.fullmatch(" ".join(raw.split())) is not None


def _is_alias(raw: str) -> bool:
    """Whether the text of an embedded ``<raw>`` is an alias to a target ("<name_>") rather
    than a URI: it ends in an unescaped "_" and docutils reads no URI at its start."""
    if not raw.endswith("_") or escaped(raw, len(raw) - 1, 0):
        return False
    return _DOCUTILS_URI_START.match(raw) is None


def _bare_end(text: str, start: int, end: int) -> int:
    """Where a standalone hyperlink found at ``text[start:end]`` ends as docutils reads
    backslash escapes ("Escaping Mechanism"; Inliner's ``uri`` pattern): there is none after a
    backslash that escapes its first character (``start`` is returned: an empty URI); an
    escaped character docutils reads in no URI (whitespace, a backslash, a quote, a non-ASCII
    letter) ends it before the backslash, with the sentence's punctuation given back
    (:func:`_given_back`); any other stands for itself (:func:`_escapes` drops the backslash)."""
    if start > 0 and text[start - 1] == "\\" and escaped(text, start, 0):
        return start
    i = text.find("\\", start, end)
    if i < 0:
        return end
    while i >= 0:
        if i + 1 < end and text[i + 1] in _DOCUTILS_URIC:
            i = text.find("\\", i + 2, end)
            continue
        return _given_back(text, start, i + 1 if i + 1 == end else i)
    return _given_back(text, start, end)


def _given_back(text: str, start: int, end: int) -> int:
    """The end of a standalone hyperlink holding an escape, once the sentence's punctuation is
    given back (as text.trim_tail gives it back: trailing punctuation, and closing brackets
    with no opener) the way docutils ends one: on an escaped character only when it is one of
    the URI's last characters (Inliner.urilast: a URI ending "a\\_" ends in "_"), any other going
    back with its backslash (one ending "a\\-" ends in "a").  One walk back, so a URI of a
    hundred thousand escapes costs as much as one of a hundred thousand letters (each
    backslash before ``end`` escapes a URI character: :func:`_bare_end` cut at any other)."""
    counts = {c: text.count(c, start, end) for c in "()[]{}"}
    while end > start:
        c = text[end - 1]
        if escaped(text, end - 1, start):  # an escaped character
            if c in _URILAST:
                return end
            gone = 2
        elif c == "\\":  # the backslash of an escape cut off after it
            if end < len(text) and text[end] in _URILAST:
                return end + 1
            gone = 1
        elif c not in TRAILING_PUNCTUATION and not (c in OPENER and counts[c] > counts[OPENER[c]]):
            return end
        else:
            gone = 1
        if c in counts:
            counts[c] -= 1
        end -= gone
    return end


def _escapes(text: str, start: int, end: int) -> List[Replacement]:
    """The backslash escapes of a standalone hyperlink (as :func:`_bare_end` cut it, each
    escapes a URI character), each read as the character it escapes."""
    out: List[Replacement] = []
    i = text.find("\\", start, end)
    while 0 <= i < end - 1:
        out.append((i, i + 2, text[i + 1]))
        i = text.find("\\", i + 2, end)
    return out


#: The prose of a reST document: a backslash escapes the character after it, and no string
#: escape ends a URI (its path "a\\tb" reads "atb").
RST_PROSE = ProseStyle(decoder=_escapes, bare_end=_bare_end, string_escapes=False, mentions=True)


class _Found:
    """What the line walk collects for one document."""

    __slots__ = ("out", "code_out", "code", "cell_code", "skip", "comments", "tables", "table_search")

    def __init__(self) -> None:
        self.out: List[Candidate] = []
        #: Candidates in the code of a grid table's cells (kept when code is included).
        self.code_out: List[Candidate] = []
        #: Literal blocks and code directive bodies.
        self.code: List[Tuple[int, int]] = []
        #: The code of grid-table cells, read already (their candidates are in ``code_out``).
        self.cell_code: List[Tuple[int, int]] = []
        #: Spans the prose scan must not read again.
        self.skip: List[Tuple[int, int]] = []
        self.comments: List[Tuple[int, int]] = []
        #: Grid and simple tables, whose columns are aligned: a fix must keep every length.
        self.tables: List[Tuple[int, int]] = []
        #: The last search for a simple table's bottom border: (the line it started after, the
        #: line it found, or -1 for none to the end).  A search that starts before that line
        #: finds the same one, so each line is searched once: linear on any number of top borders.
        self.table_search: Tuple[int, int] = (_NO_LINE, -1)


def scan(text: str, include_code: bool = False) -> List[Candidate]:
    return _candidates(text, _walk(text, 0, len(text)), include_code)


def code_spans(text: str, start: int, end: int, first_indent: Optional[int] = None) -> List[Tuple[int, int]]:
    """The code regions of the reStructuredText in ``text[start:end]``: literal blocks, doctest
    blocks, code directives, inline literals and code roles.  For a docstring, ``first_indent``
    is the indentation its first line counts as (its margin: the text after the opening quotes
    is not at column 0 of the docstring's reST)."""
    found = _walk(text, start, end, first_indent)
    return found.code + found.cell_code


def _walk(text: str, start: int, end: int, first_indent: Optional[int] = None) -> _Found:
    """One pass over the lines of ``text[start:end]``: markup, code blocks and paragraphs."""
    found = _Found()
    lines = [(m.start(), m.end()) for m in _LINE.finditer(text, start, end) if m.end() > m.start()]
    i = 0
    literal_next = False  # the previous paragraph ended with "::"
    literal_base = 0  # ... and this was its indentation
    n = len(lines)
    while i < n:
        l0, l1 = lines[i]
        line = text[l0:l1].rstrip("\r\n")
        if not line.strip():
            i += 1
            continue
        base = first_indent if i == 0 and first_indent is not None else _indent(line)
        if literal_next and base > literal_base:
            block_end = _block_end(text, lines, i + 1, literal_base)
            found.code.append((l0, lines[block_end - 1][1]))
            literal_next = False
            i = block_end
            continue
        if literal_next and base == literal_base and line[base] in _QUOTE_CHARS:
            block_end = _quoted_block_end(text, lines, i + 1, line[:base + 1])
            found.code.append((l0, lines[block_end - 1][1]))
            literal_next = False
            i = block_end
            continue
        i, literal_next = _markup_or_paragraph(text, lines, i, line, base, found)
        if literal_next:
            literal_base = base
    return found


def _quoted_block_end(text: str, lines: List[Tuple[int, int]], j: int, prefix: str) -> int:
    """The index past a quoted literal block: the lines that start with ``prefix`` (the first
    line's indentation and quote character), up to the first other line."""
    n = len(lines)
    while j < n and text.startswith(prefix, lines[j][0]):
        j += 1
    return j


def _markup_or_paragraph(text: str, lines: List[Tuple[int, int]], i: int, line: str, base: int,
                         found: _Found) -> Tuple[int, bool]:
    """The block at line ``i``: a hyperlink target, a directive, a comment or a paragraph.
    Returns the index of the line after it, and whether a literal block may follow ("::")."""
    l0, l1 = lines[i]
    target = _TARGET.match(text, l0, l1)
    anonymous = target is not None and target.group(1) == "_"
    if target is None and line.lstrip(" \t").startswith("__"):  # (a test per block: most are paragraphs)
        target = _ANONYMOUS_TARGET.match(text, l0, l1)
        anonymous = True
    if target is not None:
        # The URI's block ends at the first blank line (docutils reads a target's block
        # ``until_blank``): an indented paragraph after one is prose, not more of the URI.
        block_end = _block_end(text, lines, i + 1, base, until_blank=True)
        end = lines[block_end - 1][1]
        # (An anonymous target's address is not made a mailto: link: docutils links the text.)
        uri, s, e, pieces = _uri_runs(text, target.end(), end, mailto=not anonymous)
        if uri and not _is_reference(text[s:e]):  # "name_" is an indirect target, not a URI
            found.out.append(Candidate(uri, s, e, "reference-definition", False, pieces))
        found.skip.append((l0, end))
        return block_end, False
    directive = _DIRECTIVE.match(text, l0, l1)
    if directive is not None:
        return _directive(text, lines, i, base, directive, found), False
    if _COMMENT.match(text, l0, l1) and not line.strip().startswith(".. |"):
        block_end = _block_end(text, lines, i + 1, base)
        end = lines[block_end - 1][1]
        found.comments.append((l0 + line.index("..") + 2, end))
        found.skip.append((l0, end))
        return block_end, False
    if line[base:base + 1] == "+" and _GRID_BORDER.fullmatch(text, l0, l1) is not None:
        table_end = _grid_table(text, lines, i, base, found)
        if table_end is not None:
            return table_end, False
    if line[base:base + 1] == "=" and _SIMPLE_BORDER.fullmatch(text, l0, l1) is not None:
        _simple_table(text, lines, i, found)  # (its rows are read as paragraphs, as before)
    # A paragraph: it runs to the next blank line.
    j = i + 1
    while j < len(lines) and text[lines[j][0]:lines[j][1]].strip():
        j += 1
    p0, p1 = l0, lines[j - 1][1]
    doctest = next((k for k in range(i, j) if _DOCTEST.match(text, *lines[k])), j)
    if doctest < j:
        # A doctest block (docutils: a paragraph that starts with ">>>"), or doctest lines at
        # the end of a paragraph ("For example:" then ">>>" lines): code up to the blank line.
        found.code.append((lines[doctest][0], p1))
        if doctest == i:
            return j, False
        p1 = lines[doctest][0]
    _inline(text, p0, p1, found.out, found.skip, found.code)
    return j, text[lines[j - 1][0]:p1].rstrip().endswith("::")


def _directive(text: str, lines: List[Tuple[int, int]], i: int, base: int,
               directive: "re.Match[str]", found: _Found) -> int:
    """A directive: a code directive's body is code; an image's or figure's argument and
    ``:target:`` option are URIs.  Returns the index of the next line to read (the body of
    other directives is read as text)."""
    l0, l1 = lines[i]
    name = directive.group(1).lower()
    block_end = _block_end(text, lines, i + 1, base)
    if name in CODE_DIRECTIVES:
        end = lines[block_end - 1][1]
        found.code.append((l0, end))
        found.skip.append((l0, end))
        return block_end
    if name in _IMAGE_DIRECTIVES:
        arg_end = text.find("\n", directive.end(), l1)
        uri, s, e, pieces = _uri_runs(text, directive.end(), l1 if arg_end < 0 else arg_end)
        if uri:
            found.out.append(Candidate(uri, s, e, "rst-link", False, pieces))
        found.skip.append((l0, l1))
        for j in range(i + 1, block_end):
            o0, o1 = lines[j]
            opt = _OPTION.match(text, o0, o1)
            if opt is not None:
                uri, s, e, pieces = _uri_runs(text, opt.end(), o1)
                if uri and not _is_reference(text[s:e]):
                    found.out.append(Candidate(uri, s, e, "rst-link", False, pieces))
                found.skip.append((o0, o1))
    return i + 1


def _grid_table(text: str, lines: List[Tuple[int, int]], i: int, base: int, found: _Found) -> Optional[int]:
    """The grid table whose top border is line ``i``: each cell is read as a document of its own
    (:func:`_cell`).  Returns the index of the line after the table, or None when the lines do
    not make one (no bottom border, or wider than :data:`_MAX_GRID_COLUMNS`): a paragraph."""
    l0, l1 = lines[i]
    # The table's lines: at its indentation, each starting with "+" or "|"; it ends at its last
    # border (docutils: a table ends with one).
    indent = text[l0:l0 + base]
    borders = [i]
    j = i + 1
    while j < len(lines) and text.startswith(indent, lines[j][0]) and text[lines[j][0] + base:
                                                                            lines[j][0] + base + 1] in ("+", "|"):
        if _GRID_BORDER.fullmatch(text, *lines[j]) is not None:
            borders.append(j)
        j += 1
    if len(borders) < 2:
        return None
    # Where the columns are: every "+" of every border (a row's border may split a cell that
    # spans columns above it).
    plus: Set[int] = set()
    for k in borders:
        b0, b1 = lines[k]
        plus.update(m.start() - b0 for m in _PLUS.finditer(text, b0, b1))
        if len(plus) - 1 > _MAX_GRID_COLUMNS:
            return None
    columns = sorted(plus)
    for top, bottom in zip(borders, borders[1:]):
        row = lines[top + 1:bottom]
        if row:
            _grid_row(text, row, columns, found)
    end = lines[borders[-1]][1]
    found.skip.append((l0, end))
    found.tables.append((l0, end))
    return borders[-1] + 1


def _simple_table(text: str, lines: List[Tuple[int, int]], i: int, found: _Found) -> None:
    """Records the simple table whose top border is line ``i``: it ends at a border followed by
    a blank line or the end of the text (a border followed by text is the header's)."""
    after, bottom = found.table_search
    if after < i and (bottom < 0 or i < bottom):
        if bottom >= 0:
            found.tables.append((lines[i][0], lines[bottom][1]))
        return  # (a search from an earlier line has answered for this one)
    j = i + 1
    while j < len(lines):
        if _SIMPLE_BORDER.fullmatch(text, *lines[j]) is not None and (
                j + 1 == len(lines) or not text[lines[j + 1][0]:lines[j + 1][1]].strip()):
            found.tables.append((lines[i][0], lines[j][1]))
            found.table_search = (i, j)
            return
        j += 1
    found.table_search = (i, -1)


def _grid_row(text: str, row: List[Tuple[int, int]], columns: List[int], found: _Found) -> None:
    """The cells of the lines ``row`` between two borders: a column boundary that is "|" (or
    "+") on every line separates two cells; one that is not is spanned by a cell.  ``columns``
    are display columns, as docutils counts them (:func:`_display_columns`)."""
    stops = [l0 + len(text[l0:l1].rstrip("\r\n")) for l0, l1 in row]  # (each line's end, before its break)
    lines = [_display_columns(text, l0, stop) for (l0, _), stop in zip(row, stops)]
    inner = [c for c in columns[1:-1] if all(_boundary_at(text, line, c) for line in lines)]
    edges = [columns[0], *inner, columns[-1]]
    for a, b in zip(edges, edges[1:]):
        _cell(text, [(_offset_at(line, a + 1), _offset_at(line, b)) for line in lines], found)


#: A line of a grid table: (where it starts, where it ends before its break, and for a line
#: with a wide character the offset at each display column, ~offset of the next character at
#: the second column of a wide one; None when each character takes one column).
_GridLine = Tuple[int, int, Optional[List[int]]]


def _display_columns(text: str, l0: int, stop: int) -> _GridLine:
    """A grid table's line, its columns counted as docutils counts them: a wide or full-width
    character (East Asian width W or F) takes two (``StringList.pad_double_width`` pads it
    before the table is parsed), any other one."""
    if text.isascii() or text[l0:stop].isascii():
        return l0, stop, None
    cols: List[int] = []
    for k in range(l0, stop):
        cols.append(k)
        if unicodedata.east_asian_width(text[k]) in ("W", "F"):
            cols.append(~(k + 1))  # (the pad: no character starts here)
    return l0, stop, cols


def _boundary_at(text: str, line: _GridLine, c: int) -> bool:
    """Whether a "|" or "+" stands at display column ``c`` of ``line``."""
    l0, stop, cols = line
    k = l0 + c if cols is None else (cols[c] if c < len(cols) else stop)
    return 0 <= k < stop and text[k] in "|+"


def _offset_at(line: _GridLine, c: int) -> int:
    """The offset of the first character at display column ``c`` of ``line`` or after it (the
    line's end when it is shorter)."""
    l0, stop, cols = line
    if cols is None:
        return min(l0 + c, stop)
    if c >= len(cols):
        return stop
    k = cols[c]
    return k if k >= 0 else ~k


def _cell(text: str, slices: List[Tuple[int, int]], found: _Found) -> None:
    """One cell of a grid table, its lines the ``slices`` of ``text``: read as a document, and
    its candidates and code mapped back to ``text``."""
    cell = "\n".join(text[s:e] for s, e in slices)
    if ":" not in cell and "`" not in cell and "__" not in cell:
        return  # (no scheme, embedded URI or anonymous target: nothing to find)
    starts: List[int] = []
    pos = 0
    for s, e in slices:
        starts.append(pos)
        pos += e - s + 1

    def source(x: int, end: bool = False) -> int:
        # (an end offset belongs to the line it ends, even at the start of the next one)
        k = bisect_right(starts, x - 1 if end and x > 0 else x) - 1
        return slices[k][0] + x - starts[k]

    inner = _walk(cell, 0, len(cell))
    for c in _candidates(cell, inner, True):
        mapped = _mapped(c, source)
        if mapped is not None:
            (found.code_out if mapped.in_code else found.out).append(mapped)
    for c0, c1 in inner.code:
        for k, (s, e) in enumerate(slices):
            lo, hi = max(c0, starts[k]), min(c1, starts[k] + e - s)
            if lo < hi:
                found.cell_code.append((source(lo), source(hi, True)))


def _mapped(c: Candidate, source: Callable[..., int]) -> Optional[Candidate]:
    """``c``, found in a cell's text, at its place in the document; None when a run of it
    crosses a line of the cell (it would hold the text between)."""
    start, end = source(c.start), source(c.end, True)
    if not c.pieces:
        return c._replace(start=start, end=end) if end - start == c.end - c.start else None
    pieces = []
    for u0, u1, s0, s1 in c.pieces:
        t0, t1 = source(s0), source(s1, True) if s1 > s0 else source(s0)
        if t1 - t0 != s1 - s0:
            return None
        pieces.append((u0, u1, t0, t1))
    return c._replace(start=start, end=end, pieces=tuple(pieces))


def _candidates(text: str, found: _Found, include_code: bool) -> List[Candidate]:
    """The candidates of the markup, then bare URIs in the prose, in comments, and in code."""
    out = found.out
    found.skip.extend(found.code)
    out.extend(scan_prose(text, style=RST_PROSE, excluded=Spans.of(found.skip)))
    for c0, c1 in found.comments:
        for c in scan_prose(text, c0, c1, style=TEXT):
            out.append(c._replace(context="comment", in_code=False))
    if include_code:
        out.extend(found.code_out)
        for c0, c1 in found.code:
            for c in scan_prose(text, c0, c1, style=TEXT):
                out.append(c._replace(in_code=True))
    return out


def _block_end(text: str, lines: List[Tuple[int, int]], j: int, base: int, until_blank: bool = False) -> int:
    """The index past an indented block's last line (blank lines inside it included, or with
    ``until_blank`` ending it)."""
    n = len(lines)
    last = j
    while j < n:
        l0, l1 = lines[j]
        line = text[l0:l1].rstrip("\r\n")
        if line.strip():
            if _indent(line) <= base:
                break
            last = j + 1
        elif until_blank:
            break
        j += 1
    return last


def _inline(text: str, p0: int, p1: int, out: List[Candidate], skip: List[Tuple[int, int]],
            code: List[Tuple[int, int]]) -> None:
    """Inline literals, code roles and embedded URIs of one paragraph.  Interpreted text with
    the default role or a prose role is left to the prose scan."""
    if text.find("`", p0, p1) < 0:
        return
    pos = p0
    lit = _INLINE_LITERAL.search(text, pos, p1)
    ref = _INTERPRETED.search(text, pos, p1)
    while ref is not None or lit is not None:
        # Each search result is kept until the scan passes it: linear on any paragraph.
        if lit is not None and lit.start() < pos:
            lit = _INLINE_LITERAL.search(text, pos, p1)
            continue
        if ref is not None and ref.start() < pos:
            ref = _INTERPRETED.search(text, pos, p1)
            continue
        if lit is not None and (ref is None or lit.start() <= ref.start()):
            skip.append(lit.span())
            code.append((lit.start() + 2, lit.end() - 2))
            pos = lit.end()
            continue
        assert ref is not None
        pos = ref.end()
        if not ref.group(2):
            role = _role(text, p0, ref.start(), ref.end(), p1)
            if role is None or role in PROSE_ROLES:
                continue  # interpreted text is prose: the prose scan reads it
            skip.append(ref.span())
            if role in CODE_ROLES:
                code.append(ref.span(1))
            continue  # a cross-reference role names a target, not a URI
        skip.append(ref.span())
        r0, r1 = ref.span(1)
        emb = _EMBEDDED.search(text, r0, r1)
        if emb is None or not _opens_embedded(text, r0, emb.start(), emb.end(1)):
            continue  # a reference to a name ("`\\<image>`_" names the target "<image>")
        uri, s, e, pieces = _uri_runs(text, emb.start(1), emb.end(1), mailto=True)
        if uri and not _is_alias(text[s:e]):
            out.append(Candidate(uri, s, e, "rst-link", False, pieces))


def _opens_embedded(text: str, start: int, lt: int, gt: int) -> bool:
    """Whether the "<" at ``lt`` (the reference's text starting at ``start``, its ">" at ``gt``)
    opens an embedded URI, as docutils reads one (Inliner.patterns.embedded_link): it starts
    the text or follows whitespace, so an escaped "\\<" is text; and no whitespace stands
    right inside the brackets."""
    if lt > start and text[lt - 1] not in " \t\r\n":
        return False
    return lt + 1 < gt and text[lt + 1] not in " \t\r\n" and text[gt - 1] not in " \t\r\n"


def _role(text: str, lo: int, start: int, end: int, hi: int) -> Optional[str]:
    """The role of the interpreted text ``text[start:end]`` (backticks included), lowercased:
    ``:name:`` right before it, or right after it; None for the default role.

    A prefix role starts the word (``x:ref:`t``` is not one); each walk is bounded, so a
    paragraph of backticks stays linear."""
    if start - 1 > lo and text[start - 1] == ":":
        k = start - 1
        floor = max(lo, k - _MAX_ROLE)
        while k > floor and text[k - 1] in _ROLE_CHARS:
            k -= 1
        # text[k:start - 1] is ":name" when the role markup starts at k.
        if text[k] == ":" and k + 1 < start - 1 and text[k + 1].isalnum() and (k == lo or not text[k - 1].isalnum()):
            return text[k + 1:start - 1].lower()
    if end < hi and text[end] == ":":
        k = end + 1
        ceiling = min(hi, k + _MAX_ROLE)
        while k < ceiling and text[k] in _ROLE_CHARS:
            k += 1
        close = text.rfind(":", end + 1, k)  # "`t`:py:func:" ends at its last colon
        if close > end + 1 and text[end + 1].isalnum():
            return text[end + 1:close].lower()
    return None


#: The characters that start or end inline markup: emphasis and strong emphasis, literals and
#: interpreted text, references ("name_", "`text`_") and targets ("_`name`"), substitution
#: references ("|name|"), footnote and citation references ("[1]_").
_INLINE_MARKUP = frozenset("*`_|[]")


#: Contexts whose URI docutils reads from the markup around it (a target, an embedded URI),
#: wherever it stands; a URI in any other context is a standalone hyperlink, or no link.
_TARGET_CONTEXTS = frozenset({"rst-link", "reference-definition"})
#: What may stand before inline markup, a standalone hyperlink included (Inline markup
#: recognition rules, 5): whitespace, these characters, or Unicode punctuation of these kinds.
_MARKUP_AFTER = frozenset("-:/'\"<([{")
_PUNCTUATION_AFTER = frozenset({"Pd", "Po", "Pi", "Pf", "Ps"})


def _may_start_markup(text: str, start: int) -> bool:
    """Whether docutils may read inline markup, a standalone hyperlink among it, starting at
    ``start``: what stands before it allows one.  Before "_https://x", "a_" or a letter it
    does not, and the text docutils reads there is no URI: its pattern may match across it,
    so fixing the URI can change what the text after it reads as (a link further on
    appearing or not)."""
    if start == 0:
        return True
    before = text[start - 1]
    if before == "`":  # (interpreted text, whose opening backquote may itself start markup)
        return _may_start_markup(text, start - 1)
    return before.isspace() or before in _MARKUP_AFTER or unicodedata.category(before) in _PUNCTUATION_AFTER


def _reads_as(char: str) -> str:
    """What inline-markup recognition reads of ``char`` beside a markup character (rules 2-7):
    whitespace (or the end), a punctuation character itself, or any other character."""
    if not char or char.isspace():
        return " "
    return char if char in string.punctuation or unicodedata.category(char).startswith("P") else "a"


@functools.lru_cache(maxsize=4)
def _tables(text: str) -> Spans:
    """The grid and simple tables of a document (worked out once for all of its fixes)."""
    return Spans.of(_walk(text, 0, len(text)).tables)


def _in_table(text: str, offset: int) -> bool:
    if "==" not in text and "+-" not in text:
        return False  # (no table border: most documents)
    return _tables(text).covers(offset, offset)


def keeps_markup(text: str, candidate: Candidate, new_uri: str, edit: Edit) -> bool:
    """Whether ``edit`` (making ``candidate`` read ``new_uri`` in the reST ``text``) leaves the
    markup around the URI reading as docutils read it before (reStructuredText Markup
    Specification, "Escaping Mechanism" and "Inline markup recognition rules").

    In a literal (``in_code``) docutils reads no markup and no escape: the stretch the edit
    changes only must not write or remove a backquote, which may end one.  Elsewhere a URI
    outside a target or an embedded URI stands where docutils may read markup
    (:func:`_may_start_markup`), and the stretch holds no backslash, before or after, and
    follows none: a backslash escapes any character, and one before whitespace removes both.
    In a table (grid or simple) it keeps the line's length: the columns are aligned.
    It writes and removes no inline-markup character, and beside one it changes no character
    into one that reads otherwise (:func:`_reads_as`): whether a "*" or "|" starts or ends
    markup depends on what is beside it.  ("%5F" is then not decoded to
    "_", and "|" not encoded, in reST prose: a fix refused, never a document changed.)"""
    s, e, replacement = edit
    if len(replacement) != e - s and _in_table(text, s):
        return False  # a table's columns are aligned: a longer or shorter line breaks it
    head, tail = common_ends(text[s:e], replacement)
    c0, c1 = s + head, e - tail  # (escapes.changed_stretch, with the new text beside it)
    old, new = text[c0:c1], replacement[head:len(replacement) - tail]
    if candidate.in_code:
        return "`" not in old and "`" not in new
    if candidate.context not in _TARGET_CONTEXTS and not _may_start_markup(text, candidate.start):
        return False
    if (c0 > 0 and text[c0 - 1] == "\\") or "\\" in old or "\\" in new:
        return False
    if c0 > 0 and text[c0 - 1] in _INLINE_MARKUP and _reads_as(old[:1] or text[c1:c1 + 1]) != _reads_as(
            new[:1] or text[c1:c1 + 1]):
        return False
    if c1 < len(text) and text[c1] in _INLINE_MARKUP and _reads_as(old[-1:] or text[c0 - 1:c0]) != _reads_as(
            new[-1:] or text[c0 - 1:c0]):
        return False
    return not (_INLINE_MARKUP.intersection(old) or _INLINE_MARKUP.intersection(new))


FORMAT = Format("rst", code_aware(scan), links=True, keeps_markup=keeps_markup)
