"""Python sources: the URIs in string literals, docstrings and comments, with exact positions.

What a reader sees is the *value* of a literal, so that is what is checked: escapes are decoded
(``"http://a/\\x41"`` reads ``http://a/A``), implicitly concatenated literals are joined into
one value (across lines and comments), and the replacement fields of f-strings and t-strings are
slots.  Every offset of the value maps back to its exact source character through the
:class:`~urilint.candidate.Candidate` pieces, so a report points at the offending character, not
at the quote.

Which strings, and how they are read:

* a string that is a whole expression statement (a module, class or function docstring, or an
  attribute docstring) is prose (RFC 3986 Appendix C, the text scanner), except for the examples
  in it, which are code (candidates marked ``in_code``, see "Examples in docstrings" below);
* any other string whose value starts with a URI (a registered scheme, or any scheme followed by
  "//") is one candidate, whitespace included when the URI is hierarchical ("//") and the value
  holds one inner run of it, so ``"https://example.com/a b"`` is reported and not split;
* other strings with whitespace are prose; strings without it are scanned for embedded URIs
  (``"--proxy=http://p:3128"``), except that a URI right after "{" ends at the "}" (XML names
  in Clark notation, ``"{http://www.w3.org/1999/xhtml}body"``);
* regular expressions are left alone (the first argument of ``re.compile``/``re.match``...,
  and values with regex syntax such as ``\\.``, ``(?``, ``[^``, ``.*``);
* comments are prose.  ``docstrings=False`` turns off docstrings and every other prose-like
  string; ``comments=False`` turns off comments.

Examples in docstrings are code.  A docstring is reStructuredText or Markdown with examples in
it, and an example's URIs are the example's, not the prose's:

* doctest lines: from a ``>>>`` line to the next blank line (``...`` lines included);
* reStructuredText code (:func:`urilint.scanners.rst.code_spans`): the indented block after a
  line ending in ``::``, the bodies of ``.. code-block::``, ``.. doctest::``, ``.. testcode::``
  and the other code directives, doctest blocks, and inline literals (````x````);
* Markdown fences (three or more backticks or tildes) up to the closing fence (a line of
  tildes right under a title line indented alike is a reST section underline, not a fence);
* an examples header and its block: the indented run (see below) under a line that is only
  ``Example:``, ``Examples:`` or ``For example:`` (Google style), whatever it holds;
* Python: lines that, dedented, parse (``ast.parse``) as Python holding a statement that does
  something: a call, an assignment with a value, an ``assert``, an import, a definition, a
  compound statement, ``return``/``raise``/``del`` (a bare name, constant, annotation or comment
  alone is not enough).  An *indented run* is a line indented deeper than the nearest non-blank
  line above it, with the lines after it that are blank or indented at least as deep (the first
  line of a docstring counts as sitting at the docstring's margin, as ``inspect.cleandoc`` and
  Sphinx read it).  For a line that holds a candidate, the stretches tried are, in order: for
  each run around it (innermost first, at most :data:`_EXAMPLE_NESTING`), the part of its
  paragraph (lines between blank lines) inside the run, then the whole run; then the line's
  paragraph; then the line alone.  The first that reads as code is code.  So
  ``client.get("http://a.example/")`` under "Usage:", a multi-line call, or an unindented
  ``f = urlopen("http://a.example/")`` paragraph is code; an argument's description, a wrapped
  bullet or a list of URL formats is prose: prose with a URI in it does not read as code, since
  outside a string literal a URI is a syntax error (or, as ``mailto:a@b``, a bare annotation).

Nothing is parsed unless the prose scan found a candidate on the line; a stretch longer than
:data:`_MAX_EXAMPLE` characters is not parsed (nor nested deeply enough to trouble the parser);
and each docstring parses at most twice its own length plus :data:`_PARSE_ALLOWANCE`
characters, so the cost stays linear on any docstring.

Placeholders: an f-string field is kept as its source text when that text is itself a braces
placeholder with no quote in it (``{host}``, ``{0}``, ``{x!r}``: an exact, verbatim piece), and
otherwise becomes the neutral slot ``{}`` mapped to the whole field (``{a + b}``, ``{x:{w}}``,
``{d["k"]}``, whose quote would end a URI read as prose); either way the rules
see a "braces" slot (so turning that syntax off in ``placeholders`` also unslots f-string fields).
``%s``, ``{}`` and ``$name`` in ordinary strings are left as written: the shared placeholder model
(:mod:`urilint.placeholders`) already treats them as slots, whether the string is later used with
``%``, ``.format`` or ``string.Template``.

Where libcst comes in: parsing every file with libcst (or even ``ast``) costs far more than a
lint plugin may add to a flake8 run (issue 5, "Fast"), and its nodes carry no positions without
the slow metadata wrapper.  So cheap steps find the literals, and libcst reads only those that
matter:

1. a pre-filter (:func:`~urilint.scanners.text.may_hold_uri`, one regex over ":" at C speed) skips every module in
   which no scheme the text scanner accepts is followed by ":" (four in five stdlib modules);
2. a lexer (:class:`_Lexer`) finds string literals and comments with regex searches that stop
   only at quotes, "#" and the ends of literals, and gives exact code-point offsets directly.
   It follows Python's tokenizer for every prefix and quote, including PEP 701 (3.12) f-strings
   that reuse their quote inside a field; a property test holds it to ``tokenize``;
3. each literal group that yields a candidate is given to libcst alone (:func:`libcst_value`:
   ``parse_expression`` of that expression, then its SimpleString, ConcatenatedString and
   FormattedString nodes), and its value must equal the lexer's or the group is not reported;
4. only a module that yields a candidate is compiled, once, to confirm that it parses (a module
   that does not yields nothing, see :func:`syntax_error`).

On the 1,790 stdlib modules libcst reads 6,527 literal groups in about 0.8 s, with no
disagreement with the lexer; the whole scan costs a few seconds against about 160-200 s for
flake8 itself (``python -m bench python``).
"""

from __future__ import annotations

import ast
import functools
import re
import sys
import unicodedata
import warnings
from bisect import bisect_right
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Dict, FrozenSet, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from .. import deepstack, placeholders
from ..candidate import Candidate, Piece
from ..finding import Edit, apply_edits
from ..rfc3986 import lazy
from ..settings import Settings
from . import rst as _rst
from .base import HASH_COMMENT, NOQA, Format
from .decoding import decode_with_cookie
from .escapes import Replacement, backslash_replacements, build, common_ends, map_span, place
from .positions import LineIndex
from .text import (
    MAX_SCHEME,
    ProseStyle,
    Spans,
    accepts,
    may_hold_uri,
    reads_as_one_uri,
    reads_as_regex,
    scan_many,
    scan_prose,
    scheme_start,
)

if TYPE_CHECKING:  # libcst is imported only when a literal needs it (libcst_value): it is
    import libcst as cst  # most of a commit hook's start-up, and most files need no literal read

Span = Tuple[int, int]
Pieces = Tuple[Piece, ...]

# -- the lexer ----------------------------------------------------------------------------
# Where something other than plain code starts: a comment or a quote.
_START = lazy.compile(r"[#'\"]")
# Python's string prefixes (lexical analysis, 2.4.1), lowercased; "t" is PEP 750 (3.14).
_PREFIXES = frozenset({"", "r", "u", "b", "br", "rb", "f", "fr", "rf", "t", "tr", "rt"})
_PREFIX_CHARS = frozenset("rRuUbBfFtT")
# The characters that matter inside each kind of literal body.
_PLAIN_END = {
    "'": lazy.compile(r"['\\\r\n]"), '"': lazy.compile(r'["\\\r\n]'),
    "'''": lazy.compile(r"'''|\\"), '"""': lazy.compile(r'"""|\\'),
}
_FSTRING_END = {
    "'": lazy.compile(r"['\\{}\r\n]"), '"': lazy.compile(r'["\\{}\r\n]'),
    "'''": lazy.compile(r"'''|[\\{}]"), '"""': lazy.compile(r'"""|[\\{}]'),
}
# Inside a replacement field: brackets, quotes, comments (PEP 701), the format spec's ":".
_FIELD = lazy.compile(r"[\[\](){}'\"#:\\]")
_SPEC = lazy.compile(r"[{}\r\n]")
_LINE_END = lazy.compile(r"[\r\n]")
_CONTINUATION = lazy.compile(r"\\(?:\r\n|\r|\n)")
#: Deeper nesting of f-strings in fields than any real program has: refuse, do not recurse on.
_MAX_NESTING = 16


class _LexError(Exception):
    """The text is not Python (unterminated string, runaway nesting): it yields nothing."""


class Part(NamedTuple):
    """One string literal token (a NamedTuple: the lexer makes many, and they must be cheap)."""

    start: int  #: offset of the prefix (or of the opening quote)
    body_start: int  #: after the opening quote
    body_end: int  #: at the closing quote
    end: int  #: after the closing quote
    prefix: str  #: lowercased: "", "r", "b", "rb", "f", ...
    quote: str  #: ', ", ''' or \"\"\"
    fields: Tuple[Span, ...] = ()  #: replacement fields of an f/t-string, braces included

    @property
    def raw(self) -> bool:
        return "r" in self.prefix

    @property
    def formatted(self) -> bool:
        return "f" in self.prefix or "t" in self.prefix

    @property
    def is_bytes(self) -> bool:
        return "b" in self.prefix


class Group(NamedTuple):
    """Implicitly concatenated literals (one part for a lone literal)."""

    parts: Tuple[Part, ...]
    statement: bool  #: the group is a whole expression statement (a docstring)

    @property
    def start(self) -> int:
        return self.parts[0].start

    @property
    def end(self) -> int:
        return self.parts[-1].end


class Lexed(NamedTuple):
    groups: Tuple[Group, ...]
    comments: Tuple[Span, ...]  #: from "#" to the end of its line
    starts: Tuple[int, ...] = ()  #: each group's start, in order (to find one by bisection)

    def group_at(self, offset: int) -> Optional[Group]:
        """The last group that starts at or before ``offset`` (a fix asks per literal: a walk
        over every group made a module's fixes quadratic)."""
        i = bisect_right(self.starts, offset) - 1
        return self.groups[i] if i >= 0 else None


def _prefix_start(text: str, q: int, lo: int) -> int:
    """Where the prefix of the literal whose quote is at ``q`` starts (``q`` when none).

    ``return"x"`` is a keyword before a literal: letters count as a prefix only when they form
    one and no identifier character precedes them."""
    p = q
    while p > lo and q - p < 3 and text[p - 1] in _PREFIX_CHARS:
        p -= 1
    if p == q or q - p > 2 or text[p:q].lower() not in _PREFIXES:
        return q
    if p > 0 and (text[p - 1].isalnum() or text[p - 1] == "_"):
        return q
    return p


class _Lexer:
    """One pass over a module's text: string literal groups and comments."""

    def __init__(self, text: str) -> None:
        self.text = text

    # -- literals ---------------------------------------------------------------------
    def string(self, p: int, q: int, nesting: int = 0) -> Part:
        """The literal whose prefix starts at ``p`` and whose quote is at ``q``."""
        text = self.text
        c = text[q]
        quote = c * 3 if text.startswith(c * 3, q) else c
        prefix = text[p:q].lower()
        body = q + len(quote)
        if "f" in prefix or "t" in prefix:
            if nesting > _MAX_NESTING:
                raise _LexError("nesting")
            end, fields = self._formatted_body(body, quote, nesting, "r" in prefix)
            return Part(p, body, end, end + len(quote), prefix, quote, tuple(fields))
        end = self._plain_body(body, quote)
        return Part(p, body, end, end + len(quote), prefix, quote)

    def _plain_body(self, pos: int, quote: str) -> int:
        text = self.text
        pattern = _PLAIN_END[quote]
        while True:
            m = pattern.search(text, pos)
            if m is None:
                raise _LexError("unterminated string")
            c = m.group()
            if c == "\\":  # escapes the next character, in raw literals too (2.4.1)
                pos = m.end() + (2 if text.startswith("\r\n", m.end()) else 1)
            elif c in "\r\n":
                raise _LexError("line break in a single-quoted string")
            else:
                return m.start()

    def _formatted_body(self, pos: int, quote: str, nesting: int, raw: bool) -> Tuple[int, List[Span]]:
        text = self.text
        pattern = _FSTRING_END[quote]
        fields: List[Span] = []
        while True:
            m = pattern.search(text, pos)
            if m is None:
                raise _LexError("unterminated f-string")
            c, i = m.group(), m.start()
            if c == "\\":
                j = i + 1
                if not raw and text.startswith("N{", j):  # \N{NAME} is an escape, not a field
                    close = text.find("}", j)
                    if close < 0:
                        raise _LexError("unterminated \\N{}")
                    pos = close + 1
                elif j < len(text) and text[j] in "{}":
                    pos = j  # "\{": a literal backslash, then a field
                else:
                    pos = j + (2 if text.startswith("\r\n", j) else 1)
            elif c == "{":
                if text.startswith("{", i + 1):
                    pos = i + 2
                else:
                    end = self._field(i, quote, nesting)
                    fields.append((i, end))
                    pos = end
            elif c == "}":
                pos = i + (2 if text.startswith("}", i + 1) else 1)
            elif c in "\r\n":
                raise _LexError("line break in a single-quoted f-string")
            else:
                return i, fields

    def _field(self, i: int, quote: str, nesting: int) -> int:
        """The end (after "}") of the replacement field opening at ``i``."""
        text = self.text
        depth = 0
        pos = i + 1
        while True:
            m = _FIELD.search(text, pos)
            if m is None:
                raise _LexError("unterminated field")
            c, j = m.group(), m.start()
            pos = j + 1
            if c in "([{":
                depth += 1
            elif c in ")]":
                depth -= 1
            elif c == "}":
                if depth == 0:
                    return pos
                depth -= 1
            elif c in "'\"":
                pos = self.string(_prefix_start(text, j, i + 1), j, nesting + 1).end
            elif c == "#":  # PEP 701: a comment inside a multi-line field
                eol = _LINE_END.search(text, j)
                if eol is None:
                    raise _LexError("comment at end of file inside a field")
                pos = eol.end()
            elif c == ":" and depth == 0:
                return self._spec(pos, quote, nesting)
            elif c == "\\":
                pos = j + 2

    def _spec(self, pos: int, quote: str, nesting: int) -> int:
        """The end of a field from its format spec on: nested fields, then "}"."""
        text = self.text
        while True:
            m = _SPEC.search(text, pos)
            if m is None:
                raise _LexError("unterminated format spec")
            c = m.group()
            if c == "{":
                if nesting > _MAX_NESTING:
                    raise _LexError("nesting")
                pos = self._field(m.start(), quote, nesting + 1)
            elif c == "}":
                return m.end()
            elif len(quote) == 1:
                raise _LexError("line break in a format spec")
            else:
                pos = m.end()

    # -- the module -------------------------------------------------------------------
    def run(self) -> Lexed:
        """The module's string literal groups and comments, in one pass over its tokens."""
        text = self.text
        n = len(text)
        groups: List[Group] = []
        comments: List[Span] = []
        depth = 0  # open brackets: a line break inside them does not end a statement
        stmt = True  # at the start of a statement
        parts: List[Part] = []  # the group being collected
        group_stmt = False  # whether it started a statement
        pos = 0
        while True:
            m = _START.search(text, pos)
            if m is None:
                gap_end = n
            elif m.group() == "#":
                gap_end = m.start()
            else:
                gap_end = _prefix_start(text, m.start(), pos)
            # The code between the previous token and this one.
            gap = text[pos:gap_end]
            if "\\" in gap:
                gap = _CONTINUATION.sub("", gap)
            if gap.strip():
                if parts:
                    lead = gap.lstrip(" \t\f")
                    groups.append(Group(tuple(parts), group_stmt and lead[:1] in ("\n", "\r", ";")))
                    parts = []
                depth, stmt = _after_code(gap, depth)
            elif ("\n" in gap or "\r" in gap) and depth == 0:
                if parts:
                    groups.append(Group(tuple(parts), group_stmt))
                    parts = []
                stmt = True
            if m is None:
                break
            if m.group() == "#":
                eol = _LINE_END.search(text, m.start())
                end = eol.start() if eol is not None else n
                comments.append((m.start(), end))
                if parts and depth == 0:
                    groups.append(Group(tuple(parts), group_stmt))
                    parts = []
                pos = end
                continue
            part = self.string(gap_end, m.start())
            if not parts:
                group_stmt = stmt
            parts.append(part)
            stmt = False
            pos = part.end
        if parts:
            groups.append(Group(tuple(parts), group_stmt))
        return Lexed(tuple(groups), tuple(comments), tuple(g.start for g in groups))


def _after_code(code: str, depth: int) -> Tuple[int, bool]:
    """After a stretch of code: the depth of open brackets, and whether the next token starts
    a statement (the code ends with a line break outside brackets, or with ";")."""
    for o in "([{":
        depth += code.count(o)
    for o in ")]}":
        depth -= code.count(o)
    depth = max(depth, 0)
    r = code.rstrip()
    tail = code[len(r):]
    return depth, depth == 0 and ("\n" in tail or "\r" in tail or r.endswith(";"))


@functools.lru_cache(maxsize=4)
def lex(text: str) -> Optional[Lexed]:
    """String literal groups and comments of a module, or None when it cannot be lexed.  Cached
    (a few texts): each fix of a module's literals asks for the module's groups."""
    try:
        return _Lexer(text).run()
    except _LexError:
        return None


# -- values --------------------------------------------------------------------------------
# Escape sequences of a cooked literal (lexical analysis, 2.4.1), and the line breaks that Python
# reads as "\n" (a CRLF file's multi-line strings hold "\n", not "\r\n").
_COOKED = lazy.compile(
    r"\\(?:([0-7]{1,3})|x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|N\{([^{}\r\n]{1,200})\}|(\r\n|[\s\S]))"
    r"|(\r\n?)|(\{\{|\}\})"
)
_RAW = lazy.compile(r"(\r\n?)|(\{\{|\}\})")
_SIMPLE_ESCAPES = {
    "\n": "", "\r\n": "", "\r": "", "\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b",
    "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
}
_BRACES = placeholders.SYNTAXES["braces"]
#: The slot an f-string field that is not itself a braces placeholder becomes.
SLOT = "{}"


def _escape_value(m: "re.Match[str]", is_bytes: bool) -> Optional[str]:
    """What one escape stands for; None keeps its source text (an unknown escape, or \\N, \\u in bytes)."""
    octal, hex2, hex4, hex8, name, simple = m.group(1, 2, 3, 4, 5, 6)
    if octal is not None:
        return chr(int(octal, 8) & 0xFF if is_bytes else int(octal, 8))
    if hex2 is not None:
        return chr(int(hex2, 16))
    if is_bytes and simple is None:
        return None
    if hex4 is not None or hex8 is not None:
        code = int(hex4 or hex8, 16)
        return chr(code) if code <= 0x10FFFF else None
    if name is not None:
        try:
            return unicodedata.lookup(name)
        except KeyError:
            return None
    return _SIMPLE_ESCAPES.get(simple)


def _segment_replacements(text: str, start: int, end: int, part: Part, out: List[Replacement]) -> None:
    """The escapes, line breaks and doubled braces of one literal stretch of a part's body."""
    if start >= end:
        return
    formatted = part.formatted
    if part.raw:
        if text.find("\r", start, end) < 0 and not (formatted and _has_doubled_brace(text, start, end)):
            return
        for m in _RAW.finditer(text, start, end):
            if m.group(1) is not None:
                out.append((m.start(), m.end(), "\n"))
            elif formatted:
                out.append((m.start(), m.end(), m.group()[0]))
        return
    if (text.find("\\", start, end) < 0 and text.find("\r", start, end) < 0
            and not (formatted and _has_doubled_brace(text, start, end))):
        return
    for m in _COOKED.finditer(text, start, end):
        if m.group(7) is not None:
            out.append((m.start(), m.end(), "\n"))
        elif m.group(8) is not None:
            if formatted:
                out.append((m.start(), m.end(), m.group()[0]))
        else:
            value = _escape_value(m, part.is_bytes)
            if value is not None:
                out.append((m.start(), m.end(), value))


def _has_doubled_brace(text: str, start: int, end: int) -> bool:
    return text.find("{{", start, end) >= 0 or text.find("}}", start, end) >= 0


#: Quotes end a URI in prose (RFC 3986 Appendix C): a field holding one (``{info['host']}``,
#: ``{d["k"]}``) would be cut there by the prose scan, leaving half a field in the URI, so such
#: a field becomes the neutral slot.  (A format spec's "<" or ">" is no concern: the prose scan
#: reads a field that holds one as a slot already, by the placeholder model's braces.)
_CUTS_A_FIELD = frozenset("'\"")


def field_slot(field: str) -> str:
    """The text a replacement field stands as in the value: itself when it is a braces
    placeholder that a prose scan reads whole (an exact, verbatim map), else the neutral slot
    ``{}``."""
    if _BRACES.fullmatch(field) is None or not _CUTS_A_FIELD.isdisjoint(field):
        return SLOT
    return field


def part_value(text: str, part: Part) -> Tuple[str, Pieces]:
    """The value of one literal as urilint reads it, and its pieces (empty when verbatim)."""
    out: List[Replacement] = []
    pos = part.body_start
    for fs, fe in part.fields:
        _segment_replacements(text, pos, fs, part, out)
        slot = field_slot(text[fs:fe])
        if slot != text[fs:fe]:
            out.append((fs, fe, slot))
        pos = fe
    _segment_replacements(text, pos, part.body_end, part, out)
    return build(text, part.body_start, part.body_end, out)


def group_value(text: str, group: Group) -> Tuple[str, Pieces, int]:
    """The joined value of a group, its pieces (empty when verbatim from ``base``), and base."""
    first = group.parts[0]
    if len(group.parts) == 1:
        value, pieces = part_value(text, first)
        return value, pieces, first.body_start
    values: List[str] = []
    all_pieces: List[Piece] = []
    u = 0
    for part in group.parts:
        value, pieces = part_value(text, part)
        if not pieces:
            if value:
                all_pieces.append((u, u + len(value), part.body_start, part.body_end))
        else:
            all_pieces.extend((a + u, b + u, s, e) for a, b, s, e in pieces)
        values.append(value)
        u += len(value)
    return "".join(values), tuple(all_pieces), first.body_start


# -- which strings, read how ---------------------------------------------------------------
# The first argument of a regular-expression call: the string is a pattern, not a URI.
_REGEX_CALL = lazy.compile(
    r"\b(?:re|regex)\s*\.\s*(?:compile|match|search|fullmatch|sub|subn|split|findall|finditer|escape)\s*\(\s*\Z")
# The pattern of an SQL LIKE (SQLAlchemy's `column.like("tag:%")`, ilike, not_like) or of a
# shell-style match (fnmatch's second argument): "%", "_", "*" and "?" are wildcards there.
_PATTERN_CALL = lazy.compile(
    r"\.\s*(?:not_?)?i?like\s*\(\s*\Z|\bfnmatch(?:case)?\s*\([^()]{0,80},\s*\Z")
_WHITESPACE = lazy.compile(r"\s")
# Doctest examples inside a docstring: a ">>>" line starts code that runs to a blank line.
_DOCTEST = lazy.compile(r"(?m)^[ \t]*>>>")
_BLANK_LINE = lazy.compile(r"(?:\r\n|\r(?!\n)|\n)[ \t]*(?:\r\n|\r|\n|\Z)")  # (a "\r\n" is one break)


def _is_regex(text: str, group: Group, value: str) -> bool:
    lo = max(0, group.start - 80)
    if _REGEX_CALL.search(text, lo, group.start):
        return True
    if (text.find("like", lo, group.start) >= 0 or text.find("fnmatch", lo, group.start) >= 0) and (
            _PATTERN_CALL.search(text, lo, group.start)):
        return True
    return reads_as_regex(value)


def _is_whole_uri(value: str) -> bool:
    """The value starts with a URI and is that URI (at most one inner run of whitespace)."""
    colon = value.find(":")
    if colon <= 0 or colon > MAX_SCHEME or scheme_start(value, colon, 0) != 0:
        return False
    rest = value[colon + 1:colon + 3]
    # "Content-Type: text/html" is a header line, "HTTP::Cookies" a Perl module name.
    if not rest or rest[0].isspace() or rest[0] == ":" or not accepts(value, 0, colon):
        return False
    if value[colon + 1:] == "//":
        return False
    return reads_as_one_uri(value, colon)


def _doctest_spans(s: str, lo: int, hi: int) -> List[Span]:
    spans: List[Span] = []
    pos = lo
    while True:
        m = _DOCTEST.search(s, pos, hi)
        if m is None:
            return spans
        blank = _BLANK_LINE.search(s, m.end(), hi)
        end = blank.start() if blank is not None else hi
        spans.append((m.start(), end))
        pos = max(end, m.end())


# -- examples in docstrings ----------------------------------------------------------------
# A Markdown fence line, and the Google-style headers whose indented block is examples.
_FENCE_LINE = lazy.compile(r"(?m)^[ \t]*(`{3,}|~{3,})")
_EXAMPLE_HEADER = lazy.compile(r"[ \t]*(?:for[ \t]+)?examples?[ \t]*:[ \t]*", re.I)
_DOC_LINE = lazy.compile(r"([^\r\n]*)(?:\r\n|\r|\n|$)")
#: Enclosing indented runs tried per line (innermost first): a call's arguments on deeper lines,
#: a ``with`` body ... are inside a few runs at most.
_EXAMPLE_NESTING = 4
#: Runs longer than this (characters) are not parsed: docstring examples are short.
_MAX_EXAMPLE = 4000
#: Characters each docstring may parse besides twice its own length.
_PARSE_ALLOWANCE = 4096
#: Statements that hold nothing to do: alone, they do not make a run read as code.
_INERT = (ast.Pass, ast.Break, ast.Continue, ast.Global, ast.Nonlocal)
_ACTIONS = (ast.Call, ast.Await, ast.NamedExpr, ast.Yield, ast.YieldFrom)


def _underline(s: str, lo: int, hi: int, m: "re.Match[str]") -> bool:
    """Whether a fence-like line is a reStructuredText section underline: nothing but the fence
    characters, right below a text line indented alike (``pygments.lexers``, then ``~~~~``)."""
    line_end = _LINE_END.search(s, m.end(), hi)
    rest = s[m.end():line_end.start() if line_end is not None else hi].strip()
    if rest.strip(m.group(1)[0]) or m.start() <= lo:
        return False
    above_end = m.start() - 1 - (s[m.start() - 2:m.start()] == "\r\n")
    above_start = max(s.rfind("\n", lo, above_end), s.rfind("\r", lo, above_end)) + 1
    above = s[max(above_start, lo):above_end]
    indent = m.start(1) - m.start()
    return bool(above.strip()) and len(above) - len(above.lstrip(" \t")) == indent


def _fence_spans(s: str, lo: int, hi: int) -> List[Span]:
    """Markdown fences: from an opening fence line to the closing one (same character, at least
    as long), or to the end.  A section underline is not a fence."""
    spans: List[Span] = []
    opening: Optional["re.Match[str]"] = None
    for m in _FENCE_LINE.finditer(s, lo, hi):
        if opening is None:
            if not _underline(s, lo, hi, m):
                opening = m
        elif m.group(1)[0] == opening.group(1)[0] and len(m.group(1)) >= len(opening.group(1)):
            spans.append((opening.start(), m.end()))
            opening = None
    if opening is not None:
        spans.append((opening.start(), hi))
    return spans


def _docstring_code(s: str, lo: int, hi: int, margin: int) -> List[Span]:
    """The code regions of a docstring's value that its markup says are code."""
    code = _doctest_spans(s, lo, hi) if s.find(">>>", lo, hi) >= 0 else []
    if s.find("```", lo, hi) >= 0 or s.find("~~~", lo, hi) >= 0:
        code += _fence_spans(s, lo, hi)
    code += _rst.code_spans(s, lo, hi, first_indent=margin)
    return code


def _reads_as_code(source: str) -> bool:
    """Whether ``source`` parses as Python holding a statement that does something."""
    try:
        with _silenced():
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return False
    for st in tree.body:
        if isinstance(st, ast.Expr):
            if any(isinstance(n, _ACTIONS) for n in ast.walk(st.value)):
                return True
        elif isinstance(st, ast.AnnAssign):
            if st.value is not None:
                return True
        elif not isinstance(st, _INERT):
            return True
    return False


class _Run:
    """An indented run of docstring lines (see the module docstring)."""

    __slots__ = ("first", "indent", "intro", "last")

    def __init__(self, first: int, indent: int, intro: int) -> None:
        self.first = first  #: index of its first line
        self.indent = indent  #: that line's indentation
        self.intro = intro  #: index of the line that introduces it
        self.last = -1  #: index of its last non-blank line


class _Examples:
    """The indented Python examples of one docstring value ``s[lo:hi]``."""

    def __init__(self, s: str, lo: int, hi: int) -> None:
        self.s = s
        #: (start, end) of each line's text, line breaks excluded.
        self.lines: List[Span] = [m.span(1) for m in _DOC_LINE.finditer(s, lo, hi) if m.end() > m.start()]
        self.starts = [a for a, _ in self.lines]
        self.indents = [len(s[a:b]) - len(s[a:b].lstrip(" \t")) if s[a:b].strip() else -1 for a, b in self.lines]
        #: The indentation of the docstring's text (``inspect.cleandoc``'s), where its first
        #: line counts as sitting.
        self.margin = min((d for d in self.indents[1:] if d >= 0), default=0)
        if self.indents and self.indents[0] >= 0:
            self.indents[0] = self.margin
        self.budget = 2 * (hi - lo) + _PARSE_ALLOWANCE
        self.tried: Dict[Span, bool] = {}

    def line_of(self, pos: int) -> int:
        return max(0, bisect_right(self.starts, pos) - 1)

    def code_lines(self, wanted: Sequence[int]) -> Spans:
        """The source spans of the examples holding any of the ``wanted`` lines."""
        runs, around = self._runs(frozenset(wanted))
        paragraphs = self._paragraphs()
        spans: List[Span] = []
        for line in sorted(set(wanted)):
            found = self._example(line, [runs[r] for r in reversed(around.get(line, []))], paragraphs[line])
            if found is not None:
                spans.append(self._span(*found))
        return Spans.of(spans)

    def _example(self, line: int, runs: List[_Run], paragraph: Span) -> Optional[Span]:
        """The first and last line of the example holding ``line``, or None: for each run around
        it (innermost first) the run under an examples header, its part of the line's paragraph,
        the whole run; then the line's whole paragraph; at last the line alone (a statement in a
        paragraph that also holds prose)."""
        p0, p1 = paragraph
        for run in runs:
            if _EXAMPLE_HEADER.fullmatch(self.s, *self.lines[run.intro]):
                return run.first, run.last
            chunk = (max(run.first, p0), min(run.last, p1))
            if self._python(*chunk):
                return chunk
            if chunk != (run.first, run.last) and self._python(run.first, run.last):
                return run.first, run.last
        if self._python(p0, p1):
            return paragraph
        return (line, line) if self._python(line, line) else None

    def _runs(self, wanted: FrozenSet[int]) -> Tuple[List[_Run], Dict[int, List[int]]]:
        """Every indented run, and for each wanted line the runs around it (innermost last)."""
        runs: List[_Run] = []
        stack: List[int] = []
        around: Dict[int, List[int]] = {}
        prev = -1
        for i, d in enumerate(self.indents):
            if d < 0:
                continue
            while stack and runs[stack[-1]].indent > d:
                runs[stack.pop()].last = prev
            if prev >= 0 and d > self.indents[prev]:
                stack.append(len(runs))
                runs.append(_Run(i, d, prev))
            if i in wanted and stack:
                around[i] = stack[-_EXAMPLE_NESTING:]
            prev = i
        for r in stack:
            runs[r].last = prev
        return runs, around

    def _paragraphs(self) -> List[Span]:
        """For each line, the first and last line of its paragraph (lines between blank ones)."""
        n = len(self.indents)
        out: List[Span] = [(0, 0)] * n
        first = 0
        for i in range(n + 1):
            if i == n or self.indents[i] < 0:
                for j in range(first, i):
                    out[j] = (first, i - 1)
                first = i + 1
        return out

    def _span(self, first: int, last: int) -> Span:
        return self.lines[first][0], self.lines[last][1]

    def _python(self, first: int, last: int) -> bool:
        """Whether lines ``first..last``, dedented, read as Python code (within the budget)."""
        key = (first, last)
        if key in self.tried:
            return self.tried[key]
        s0, s1 = self._span(first, last)
        ok = False
        if s1 - s0 <= min(_MAX_EXAMPLE, self.budget):
            self.budget -= s1 - s0
            indent = min(d for d in self.indents[first:last + 1] if d >= 0)
            source = "\n".join(self.s[a + indent:b] if self.indents[k] >= 0 else ""
                               for k, (a, b) in enumerate(self.lines[first:last + 1], first))
            ok = _reads_as_code(source)
        self.tried[key] = ok
        return ok


#: The prose of a docstring: reST or Markdown, which both read a backslash before ASCII
#: punctuation as that character ("[lines](https://w.org/wiki/Shebang_\\(Unix\\))").
DOCSTRING_PROSE = ProseStyle(decoder=backslash_replacements, backslash_escapes=True, mentions=True)


def _docstring_candidates(s: str, lo: int, hi: int, include_code: bool) -> List[Candidate]:
    """The candidates of a docstring's value ``s[lo:hi]``: its prose, and (``include_code``)
    its examples, marked ``in_code``."""
    found = scan_prose(s, lo, hi, style=DOCSTRING_PROSE)
    if not found:
        return found  # no URI at all, in prose or in code
    examples = _Examples(s, lo, hi)
    code = _docstring_code(s, lo, hi, examples.margin)
    if code:
        found = scan_prose(s, lo, hi, style=DOCSTRING_PROSE, excluded=Spans.of(code))
    python = examples.code_lines([examples.line_of(c.start) for c in found]) if found else Spans()
    out: List[Candidate] = []
    for c in found:
        if python.starts and python.locate(c.start, c.end) < 0:
            if include_code:
                out.append(c._replace(in_code=True))
        else:
            out.append(c)
    if include_code and code:
        merged = Spans.of(code)
        out += scan_many(s, list(zip(merged.starts, merged.ends)), in_code=True)
        out.sort(key=lambda c: c.start)
    return out


def _in_placeholder(spans: Sequence[Span], index: int) -> bool:
    return any(s < index < e for s, e in spans)


def _prose(text: str, value: str, pieces: Pieces, base: int, context: str, include_code: bool,
           docstring: bool) -> List[Candidate]:
    """Appendix C candidates of a literal's value, mapped to the source."""
    # A verbatim value is scanned in place: the scanner's offsets are already source offsets.
    s, lo, hi = (text, base, base + len(value)) if not pieces else (value, 0, len(value))
    found = _docstring_candidates(s, lo, hi, include_code) if docstring else scan_prose(s, lo, hi)
    slots: Optional[List[Span]] = None
    out: List[Candidate] = []
    for c in found:
        if c.in_code and not docstring:
            # A string's own quotes are its data's syntax ("host='mongodb+srv://{}'"), as a
            # config file's are: a value, not a mention.
            c = c._replace(in_code=False)
        elif c.in_code and not include_code:
            continue  # (a URI the docstring quotes between single quotes: a mention, read as code)
        if not docstring:
            close = s.find("}", c.start, min(c.end + 1, hi)) if c.start > lo and s[c.start - 1] == "{" else -1
            if close >= 0 and c.is_verbatim:
                # Clark notation, "{namespace}local": the braces delimit a URI, not a slot.
                if close < c.end:
                    c = Candidate.verbatim(s, c.start, close, c.context, c.in_code)
            else:
                if slots is None:
                    slots = [(a + lo, b + lo) for a, b in placeholders.find(s[lo:hi])]
                if _in_placeholder(slots, c.start):
                    continue  # "%s://host", "$SCHEME://host": the scheme is a slot
        if _scope_operator(c.uri):
            continue
        ctx = context if c.context == "bare" else c.context
        out.append(place(c, pieces, base, ctx) if pieces else c._replace(context=ctx))
    return out


def _text_part_value(raw_text: str, part: Part) -> Optional[str]:
    """The value of a libcst FormattedStringText: escapes decoded by Python itself, "{{" as "{"."""
    prefix = ("r" if part.raw else "") + ("b" if part.is_bytes else "")
    quote = "'" * 3 if "'''" not in raw_text else '"' * 3
    value: Any = ast.literal_eval(prefix + quote + raw_text + "\n" + quote)
    value = value.decode("latin-1") if isinstance(value, bytes) else value
    return str(value)[:-1].replace("{{", "{").replace("}}", "}")


def _cst_value(node: "cst.BaseExpression", slots: List[str], parts: Iterator[Part]) -> Optional[str]:
    """The value of a string expression as libcst reads it, f-string fields as their slots."""
    import libcst as cst  # loaded already by libcst_value, the only caller

    if isinstance(node, cst.ConcatenatedString):
        left = _cst_value(node.left, slots, parts)
        right = _cst_value(node.right, slots, parts)
        return None if left is None or right is None else left + right
    if isinstance(node, cst.SimpleString):
        next(parts)
        value = node.evaluated_value
        return value.decode("latin-1") if isinstance(value, bytes) else value
    if isinstance(node, cst.FormattedString):
        part = next(parts)
        out: List[str] = []
        for piece in node.parts:
            if isinstance(piece, cst.FormattedStringText):
                text_value = _text_part_value(piece.value, part)
                if text_value is None:
                    return None
                out.append(text_value)
            elif slots:
                out.append(slots.pop(0))
            else:
                return None
        return "".join(out)
    return None


@contextmanager
def _silenced() -> Iterator[None]:
    """Compiling or evaluating user code warns about its invalid escapes ("\\q": a
    DeprecationWarning, a SyntaxWarning that Python 3.12 prints): the user's own linter
    reports those (W605), and urilint's output must not carry them."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def libcst_value(text: str, group: Group) -> Optional[str]:
    """The joined value of a literal group, read by libcst from the group's own source.

    Only the expression is parsed (parenthesised, so implicit concatenation across lines and
    comments is one expression): issue 5's "give libcst only what needs it".  None when libcst
    cannot read it (PEP 701 f-strings that reuse their quote, Python 3.12+)."""
    # Python's tokenizer reads a raw line break inside a literal as "\n", whatever the file's
    # newlines; escaped ones ("\\r") are two characters here and stay as written.
    source = "(" + text[group.start:group.end].replace("\r\n", "\n").replace("\r", "\n") + "\n)"
    import libcst as cst  # deferred: see the import under TYPE_CHECKING

    try:
        with _silenced():  # evaluating "\q" warns (libcst's evaluated_value, literal_eval)
            node = cst.parse_expression(source)
            slots = [field_slot(text[fs:fe]) for part in group.parts for fs, fe in part.fields]
            value = _cst_value(node, slots, iter(group.parts))
    except Exception:  # noqa: BLE001 - libcst is given arbitrary text: any failure means "cannot read"
        return None
    return value


def _verbatim(text: str, part: Part) -> bool:
    """Whether a literal's value is exactly its body: no escape, no field, no "\\r" (Python reads
    a raw "\\r\\n" inside a triple-quoted literal as "\\n")."""
    return (not part.formatted and text.find("\\", part.body_start, part.body_end) < 0
            and text.find("\r", part.body_start, part.body_end) < 0)


def _group_candidates(text: str, group: Group, include_code: bool, docstrings: bool) -> List[Candidate]:
    if not any(text.find(":", p.body_start, p.body_end) >= 0 for p in group.parts):
        return []
    if group.statement and not docstrings:
        return []
    value, pieces, base = group_value(text, group)
    found = _read_group(text, group, value, pieces, base, include_code, docstrings)
    # libcst reads the literal (only those that hold a candidate: few, and each alone); the
    # lexer gives the exact source offsets.  Should the two ever disagree on the value, the
    # group is not reported rather than reported at a wrong place.  A literal without escapes,
    # fields or carriage returns is its source text: nothing to read, and libcst (a fifth of a
    # second to import) is not loaded for it.
    if found and not all(_verbatim(text, p) for p in group.parts):
        read = libcst_value(text, group)
        if read is not None and read != value:
            return []
    return found


# Inside brackets a line break may separate the operator from the literal.
_AFTER = lazy.compile(r"[ \t\r\n]*(?:\\\r?\n[ \t\r\n]*)*(?:\+|%(?!=)|\.(?:format|join)\b)")
_BEFORE = lazy.compile(r"\+[ \t\r\n]*(?:\\\r?\n[ \t\r\n]*)*\Z")


#: A literal that is the start or the end of some other string, not a whole one: the argument
#: of ``str.startswith``/``removeprefix`` (ansible's get_url module tests a one-slash "ftp:" prefix) or of
#: ``endswith``/``removesuffix``, alone or in a tuple of them.
_PREFIX_TEST = lazy.compile(r"\.(?:startswith|removeprefix)\([ \t\r\n]*(?:\([^()]*)?\Z")
_SUFFIX_TEST = lazy.compile(r"\.(?:endswith|removesuffix)\([ \t\r\n]*(?:\([^()]*)?\Z")
#: A literal that is a piece of some other string: what ``str.replace`` looks for or puts in
#: its place (streamlink's ``url.replace("https:////", "https://")`` repairs a malformed URL),
#: and what ``split``, ``partition``, ``find`` and ``index`` look for.
_SEARCH_CALL = lazy.compile(
    r"\.(?:replace|r?split|r?partition|r?find|r?index)\([ \t\r\n]*(?:[^()]{0,200},[ \t\r\n]*)?\Z")
_SEARCH_NAMES = ("replace(", "split(", "partition(", "find(", "index(")


def continued(text: str, group: Group) -> Tuple[bool, bool]:
    """Whether the program joins more text before and after the literal group at run time: a
    ``+`` before it, a ``+``, ``%`` or ``.format``/``.join`` after it (on the same logical line);
    or the literal is what a string is tested to start or end with, or a piece searched for or
    put in place (both ends open)."""
    before = _BEFORE.search(text, max(0, group.start - 64), group.start) is not None
    after = _AFTER.match(text, group.end) is not None
    lo = max(0, group.start - 256)
    if text.find("with(", lo, group.start) >= 0 or text.find("fix(", lo, group.start) >= 0:
        # (two substring tests per literal; the patterns run only after such a call's name)
        after = after or _PREFIX_TEST.search(text, lo, group.start) is not None
        before = before or _SUFFIX_TEST.search(text, lo, group.start) is not None
    if not (before and after):
        for name in _SEARCH_NAMES:  # (a loop of substring tests; the pattern runs after a name)
            if text.find(name, lo, group.start) >= 0:
                if _SEARCH_CALL.search(text, lo, group.start) is not None:
                    return True, True
                break
    return before, after


def _mark_partial(found: List[Candidate], value: str, open_start: bool, open_end: bool) -> List[Candidate]:
    """The candidates that reach an open end of the value are partial: the program continues
    them at run time (``"http://h:" + str(port)``, ``"https://" + host``), so only their
    characters are judged, never how they start or end, and they are never fixed."""
    out = []
    for c in found:
        starts, ends = open_start and value.startswith(c.uri), open_end and value.endswith(c.uri)
        if starts or ends:
            c = c._replace(open_start=starts or c.open_start, open_end=ends or c.open_end)
        out.append(c)
    return out


def _read_group(text: str, group: Group, value: str, pieces: Pieces, base: int, include_code: bool,
                docstrings: bool) -> List[Candidate]:
    found = _read_group_value(text, group, value, pieces, base, include_code, docstrings)
    if found and not group.statement:
        open_start, open_end = continued(text, group)
        if open_start or open_end:
            return _mark_partial(found, value, open_start, open_end)
    return found


def _read_group_value(text: str, group: Group, value: str, pieces: Pieces, base: int, include_code: bool,
                      docstrings: bool) -> List[Candidate]:
    if group.statement:
        return _prose(text, value, pieces, base, "docstring", include_code, True)
    if _is_regex(text, group, value):
        return []
    if "\x00" not in value and _is_whole_uri(value):  # (a NUL ends a C string: b"http://a/b\0")
        s0, s1, ps = map_span(pieces, base, 0, len(value))
        return [Candidate(value, s0, s1, "py-string", False, ps)]
    if not docstrings and _WHITESPACE.search(value):
        return []
    return _prose(text, value, pieces, base, "py-string", include_code, False)


def _scope_operator(uri: str) -> bool:
    """``HTTP::Cookies``, ``aaa::1/48``: a scope operator or an IPv6 address, not a scheme."""
    colon = uri.find(":")
    return uri.startswith("::", colon)


def _comment_candidates(text: str, start: int, end: int, include_code: bool = False) -> List[Candidate]:
    out = []
    for c in scan_prose(text, start + 1, end):
        if _scope_operator(c.uri):
            continue
        out.append(c._replace(context="comment") if c.context == "bare" else c)
    if out and text.find("`", start, end) >= 0:
        # A comment quotes code between backquotes, as Markdown does ("# or even
        # `https:///host/path` (invalid, but accepted)"): what is quoted is code.
        out = _backquoted(text, start, end).mark_code(out, include_code)
    if out and (text.find('"', start, end) >= 0 or text.find("'", start, end) >= 0):
        # A comment that quotes a URI as a string mentions it, as code would hold it ("# browsers
        # normalize "https:/example.com" to ...", '# reads a host from "http:host/p"'): what is
        # quoted is code, as between backquotes.  (A link to follow is written bare.)
        out = [c._replace(in_code=True) if _quoted(text, c.start, c.end) else c for c in out]
        if not include_code:
            out = [c for c in out if not c.in_code]
    return out


def _quoted(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands between a pair of the same quote."""
    return 0 < start and end < len(text) and text[start - 1] in "\"'" and text[end] == text[start - 1]


def _backquoted(text: str, start: int, end: int) -> Spans:
    """The spans between pairs of backquote runs on one comment line (each run opens or closes,
    in turn: one pass)."""
    runs: List[Span] = []
    i = text.find("`", start, end)
    while i >= 0:
        j = i + 1
        while j < end and text[j] == "`":
            j += 1
        runs.append((i, j))
        i = text.find("`", j, end)
    return Spans.of((runs[k][0], runs[k + 1][1]) for k in range(0, len(runs) - 1, 2))


# -- entry points --------------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def syntax_error(text: str) -> Optional[Tuple[int, int, str]]:
    """(line, column, message) of the first syntax error of a module, None when it parses.

    Parsed by the running interpreter with ``ast`` as flake8 does, so both agree on what
    parses.  A bytecode compile is tried first: it skips building the Python AST objects, so it
    is about 40% faster, and it fails on everything ``ast.parse`` fails on; it also rejects a
    few programs that do parse ("'return' outside function"), so its errors are confirmed with
    ``ast``.  (Cached for the last module: the scan, the fixes' check and the precheck ask.)"""
    return deepstack.call(lambda: _syntax_error(text))


def _syntax_error(text: str) -> Optional[Tuple[int, int, str]]:
    with _silenced():
        try:
            compile(text, "<urilint>", "exec", dont_inherit=True)
            return None
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            pass
        try:
            compile(text, "<urilint>", "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
        except SyntaxError as e:
            return (e.lineno or 1, e.offset or 1, f"{type(e).__name__}: {e.msg}")
        except (ValueError, RecursionError, MemoryError) as e:  # NUL bytes, absurd nesting
            return (1, 1, f"{type(e).__name__}: {e}")
    return None


def scan_python(text: str, include_code: bool = False, *, comments: bool = True,
                docstrings: bool = True) -> List[Candidate]:
    """Every URI candidate of a Python module, sorted by source position.

    A module that does not parse yields none (see :func:`syntax_error` for the reason), unless
    it is a newer Python's (:func:`newer_python`)."""
    if not may_hold_uri(text):
        return []
    lexed = lex(text)
    if lexed is None:
        return []
    out: List[Candidate] = []
    for group in lexed.groups:
        out.extend(_group_candidates(text, group, include_code, docstrings))
    if comments:
        for start, end in lexed.comments:
            if text.find(":", start, end) >= 0:
                out.extend(_comment_candidates(text, start, end, include_code))
    if out and syntax_error(text) is not None and not newer_python(text):
        return []
    out.sort(key=lambda c: (c.start, c.end))
    return out


# -- fixes ---------------------------------------------------------------------------------
_CONTROL = lazy.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_SHORT_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _encode(value: str, part: Part) -> Optional[str]:
    """Source text that reads ``value`` inside ``part``'s body, or None when it cannot be written
    there (a quote or backslash in a raw literal, a non-Latin-1 character in bytes)."""
    quote = part.quote[0]
    if part.formatted:
        value = value.replace("{", "{{").replace("}", "}}")
    if part.raw:
        bad = "\\" + quote + ("" if len(part.quote) == 3 else "\r\n")
        if any(c in value for c in bad) or (part.is_bytes and not value.isascii()):
            return None
        return value
    out = []
    for c in value:
        if c in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[c])
        elif c == quote:
            out.append("\\" + c)
        elif part.is_bytes and (ord(c) > 0x7E or _CONTROL.match(c)):
            if ord(c) > 0xFF:
                return None
            out.append(f"\\x{ord(c):02x}")
        elif _CONTROL.match(c):
            out.append(f"\\x{ord(c):02x}" if ord(c) <= 0xFF else f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return "".join(out)


def _source_at(pieces: Pieces, base: int, index: int, end: bool) -> int:
    """The source offset of value offset ``index``: where the piece holding it starts (``end``
    False), or where the piece holding ``index - 1`` ends (``end`` True)."""
    if not pieces:
        return base + index
    for u0, u1, s0, s1 in pieces:
        if (u0 < index <= u1) if end else (u0 <= index < u1):
            if u1 - u0 == s1 - s0:
                return s0 + index - u0
            return s1 if end else s0
    return pieces[-1][3]


def _expand(pieces: Pieces, a: int, b: int) -> Tuple[int, int]:
    """Grow value span ``a..b`` to whole escapes and slots: they are rewritten whole or not at all
    (a slot then overlaps a field, and the fix is refused)."""
    for u0, u1, s0, s1 in pieces:
        if u1 - u0 != s1 - s0 and (u0 < b and a < u1 or u0 < a < u1):
            a, b = min(a, u0), max(b, u1)
    return a, b


def _python_value(src: str, part: Part) -> Optional[str]:
    """What Python itself evaluates a (non-f) literal to, as urilint reads it."""
    try:
        with _silenced():
            value = ast.literal_eval(src[part.start:part.end])
    except (SyntaxError, ValueError):
        return None
    if isinstance(value, bytes):
        return value.decode("latin-1")
    return value if isinstance(value, str) else None


def fix_edit(text: str, candidate: Candidate, new_uri: str) -> Optional[Edit]:
    """The source edit that makes a candidate read ``new_uri``, keeping the literal's prefix and
    quotes; None unless the result provably reads as intended (LibCST codemods' rule: refuse
    rather than guess).

    The change (what differs between the old and the new URI) must lie inside one literal and
    outside every f-string field; it is written with that literal's escaping.  The edited module
    is lexed again: the literal group must read exactly the intended value, each edited plain
    literal must evaluate (``ast.literal_eval``) to what urilint reads, and the module must still
    compile."""
    found = _proposed(text, candidate, new_uri)
    if found is None:
        return None
    edit, group, new_value = found
    start, end, written = edit
    return edit if _reads(text[:start] + written + text[end:], group, new_value, len(written) - (end - start)) else None


def propose_edit(text: str, candidate: Candidate, new_uri: str) -> Optional[Edit]:
    """:func:`fix_edit` before its check (:func:`failed_edits` checks many at once)."""
    found = _proposed(text, candidate, new_uri)
    return None if found is None else found[0]


def failed_edits(text: str, proposals: Sequence[Tuple[Candidate, str, Edit]]) -> List[int]:
    """The indexes of ``proposals`` (edits of :func:`propose_edit`, non-overlapping) that do not
    read as intended when all are applied to ``text`` at once: :func:`fix_edit`'s check, with
    one lexing and one compilation of the edited module for them all."""
    order = sorted(range(len(proposals)), key=lambda i: proposals[i][2][:2])
    shift = 0
    shifts: Dict[int, int] = {}  # the change of length of the edits before each
    for i in order:
        start, end, written = proposals[i][2]
        shifts[i] = shift
        shift += len(written) - (end - start)
    edited = apply_edits(text, [p[2] for p in proposals])
    if syntax_error(edited) is not None:
        return list(range(len(proposals)))
    failed: List[int] = []
    for i in order:
        c, new_uri, (start, end, written) = proposals[i]
        found = _proposed(text, c, new_uri)
        if found is None or found[0] != (start, end, written) or not _reads(
                edited, found[1], found[2], len(written) - (end - start), shifts[i], compiles=False):
            failed.append(i)
    return failed


def _proposed(text: str, candidate: Candidate, new_uri: str) -> Optional[Tuple[Edit, Group, str]]:
    """The edit of :func:`fix_edit`, the literal group it is in and the group's value after it."""
    lexed = lex(text)
    if lexed is None:
        return None
    group = lexed.group_at(candidate.start)  # (top-level groups do not nest: one may hold it)
    if group is not None and not (group.parts[0].body_start <= candidate.start
                                  and candidate.end <= group.parts[-1].body_end):
        group = None
    if group is None:
        return None
    value, pieces, base = group_value(text, group)
    old = candidate.uri
    at = value.find(old)
    while at >= 0 and map_span(pieces, base, at, at + len(old)) != (candidate.start, candidate.end, candidate.pieces):
        at = value.find(old, at + 1)
    if at < 0:
        return None  # not a slice of the value (e.g. a URI wrapped across lines in <...>)
    p, q = common_ends(old, new_uri)
    a, b = _expand(pieces, at + p, at + len(old) - q)
    new_value = value[:at] + new_uri + value[at + len(old):]
    replacement = new_value[a:len(new_value) - (len(value) - b)]
    start = _source_at(pieces, base, a, end=False) if a < b or not pieces else _source_at(pieces, base, a, end=a > 0)
    end = _source_at(pieces, base, b, end=True) if a < b else start
    part = next((x for x in group.parts if x.body_start <= start and end <= x.body_end), None)
    if part is None or any(fs < end and start < fe for fs, fe in part.fields):
        return None
    written = _encode(replacement, part)
    if written is None:
        return None
    return (start, end, written), group, new_value


def _reads(edited: str, group: Group, new_value: str, shift: int, before: int = 0, compiles: bool = True) -> bool:
    """The edited module holds the same literal group, reading ``new_value``, and compiles
    (unless the caller checks that); ``shift``: the edit's change of length, ``before``: that
    of the edits before the group (several applied at once)."""
    lexed = lex(edited)
    if lexed is None:
        return False
    twin = lexed.group_at(group.start + before)
    twin = twin if twin is not None and twin.start == group.start + before else None
    if twin is None or len(twin.parts) != len(group.parts) or twin.end != group.end + before + shift:
        return False
    if any((x.prefix, x.quote) != (y.prefix, y.quote) for x, y in zip(twin.parts, group.parts)):
        return False
    if group_value(edited, twin)[0] != new_value:
        return False
    for part in twin.parts:
        if not part.formatted and _python_value(edited, part) != part_value(edited, part)[0]:
            return False
    return not compiles or syntax_error(edited) is None



# -- the format record ----------------------------------------------------------------------
def _scan(text: str, settings: Settings) -> List[Candidate]:
    return scan_python(text, settings.include_code_blocks, comments=settings.check_comments,
                       docstrings=settings.check_docstrings)


def precheck(text: str) -> Optional[str]:
    """Why a module cannot be checked: a module that does not parse yields no candidates, so a
    module that may hold a URI and does not parse is said so once, clearly (issue 5)."""
    if not may_hold_uri(text):
        return None
    fault = syntax_error(text)
    if fault is None or newer_python(text):
        return None
    line, column, message = fault
    return f"not checked: invalid Python at {line}:{column} ({message})"


#: The statements PEP 695 (Python 3.12) added, at the start of the line the interpreter stopped
#: at: "type Alias = ...", and type parameters after a function's or a class's name.
_PEP695 = lazy.compile(r"[ \t]*(?:type[ \t]+\w+[ \t]*[\[=]"
                       r"|(?:async[ \t]+)?def[ \t]+\w+[ \t]*\[|class[ \t]+\w+[ \t]*\[)")


def newer_python(text: str) -> bool:
    """Whether a module the running interpreter rejects is a newer Python's: the first error it
    reports is in a construct Python 3.12 added (PEP 701's f-strings, whose fields may reuse
    the quote; PEP 695's type statements and type parameters), on an older Python.  Such a
    module is read (the lexer follows PEP 701), but no fix is offered in it: a fix must compile
    here before it is written.  (Decided from the error, not by another parser: libcst's native
    one crashes the process on a long chain of unary operators.)"""
    if sys.version_info >= (3, 12):
        return False
    fault = syntax_error(text)
    if fault is None:
        return False
    line, _, message = fault
    if message.startswith("SyntaxError: f-string: "):
        return True
    if not message.startswith("SyntaxError: "):
        return False  # (RecursionError, MemoryError, a NUL byte: no newer grammar reads those)
    starts = LineIndex.of(text).starts
    return line <= len(starts) and _PEP695.match(text, starts[line - 1]) is not None


def parses(text: str) -> bool:
    """Whether a module parses (a fix must never make one stop parsing: ruff's rule), as
    :func:`syntax_error` says: NUL bytes and absurd nesting ("1 + 1 + ..." 200,000 times,
    "x = ----...1") do not parse either, as far as a fix is concerned.  The Format's
    ``well_formed`` and ``fixable`` (a module the running interpreter does not parse, a newer
    Python's, gets no fix)."""
    return syntax_error(text) is None


FORMAT = Format("python", _scan, suppressions=frozenset({NOQA, HASH_COMMENT}), decode=decode_with_cookie,
                precheck=precheck, well_formed=parses, fixable=parses, fix_edit=fix_edit,
                propose_edit=propose_edit, failed_edits=failed_edits, program_contexts=frozenset({"py-string"}))
