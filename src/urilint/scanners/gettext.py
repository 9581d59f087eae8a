"""gettext catalogs (``.po``, ``.pot``): every string is decoded before it is read.

A PO file is a list of entries, each a keyword (``msgid``, ``msgstr``, ``msgstr[0]``,
``msgctxt``, ``msgid_plural``) followed by one or more C-style quoted strings on consecutive
lines, which gettext joins into one value::

    msgstr ""
    "Report-Msgid-Bugs-To: https://github.com/o/r/issues\\n"
    "Language: de\\n"

So a value is read as the reader (gettext) means it: the strings of one keyword are joined, and
their C escapes are decoded (``\\n``, ``\\"``, ``\\\\``, octal and hex), before the prose scanner
reads it; the candidates map back to the source through the pieces.  The ``\\n`` after a header
URI is a line break, not part of the URI; a URI wrapped across two strings is one URI; and
``<a href=\\"mailto:%(email)s\\">`` holds a quoted URI.  Comment lines (``#``, ``#.``, ``#:``,
``#|``) are prose, context "comment"; an obsolete entry's lines (``#~ msgid ...``,
``#~ "..."``) are an entry, whose strings are joined as an active entry's are.  The format of the strings themselves
(``python-format``, ``c-format``) is left to the placeholder model, as for any text.
"""

from __future__ import annotations

from typing import List, Tuple

from ..candidate import Candidate
from ..rfc3986 import lazy
from .base import Format, code_aware
from .escapes import Replacement, build
from .text import TEXT, scan_decoded, scan_prose

# A comment line, or a C string: escapes or single characters other than the quote, the
# backslash and line breaks (two alternatives with distinct first characters: no backtracking).
# (A lone CR ends a line too, as an old Mac file writes one.)
_TOKEN = lazy.compile(r'(?m)(?:^|(?<=\r))[ \t]*#[^\r\n]*|"([^"\\\r\n]*(?:\\.[^"\\\r\n]*)*)"')
# The escapes of a C string as gettext reads them (po-lex.c): simple, octal and hexadecimal.
_C_ESCAPE = lazy.compile(r"\\(?:([abfnrtv\\\"'?])|([0-7]{1,3})|x([0-9A-Fa-f]{1,2}))")
_SIMPLE = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
           "\\": "\\", '"': '"', "'": "'", "?": "?"}
_BLANK = lazy.compile(r"[ \t\r\n]*")
#: What stands between two strings of one value in an obsolete entry: a line break and "#~".
_OBSOLETE_GAP = lazy.compile(r"[ \t]*(?:\r\n|\r|\n)[ \t]*#~[ \t]*|[ \t]*")
#: A C string inside an obsolete entry's line.
_STRING = lazy.compile(r'"([^"\\\r\n]*(?:\\.[^"\\\r\n]*)*)"')

Span = Tuple[int, int]


def _escapes(text: str, start: int, end: int) -> List[Replacement]:
    if text.find("\\", start, end) < 0:
        return []
    out: List[Replacement] = []
    for m in _C_ESCAPE.finditer(text, start, end):
        simple, octal, hexa = m.groups()
        value = _SIMPLE[simple] if simple else chr(int(octal, 8) if octal else int(hexa, 16))
        out.append((m.start(), m.end(), value))
    return out


def _value(text: str, bodies: List[Span]) -> List[Candidate]:
    """The candidates of one keyword's strings, joined and decoded."""
    if not any(text.find(":", b0, b1) >= 0 for b0, b1 in bodies):
        return []
    start, end = bodies[0][0], bodies[-1][1]
    replacements: List[Replacement] = []
    for i, (b0, b1) in enumerate(bodies):
        if i:
            replacements.append((bodies[i - 1][1], b0, ""))  # '"', the line break, '"'
        replacements.extend(_escapes(text, b0, b1))
    value, pieces = build(text, start, end, replacements)
    if not pieces:
        return scan_prose(text, start, end, style=TEXT)
    return scan_decoded(value, pieces, start)


def _blank_end(text: str, pos: int) -> int:
    m = _BLANK.match(text, pos)
    return m.end() if m is not None else pos


def scan(text: str, include_code: bool = False) -> List[Candidate]:
    out: List[Candidate] = []
    bodies: List[Span] = []  # the strings of the current keyword
    obsolete: List[Span] = []  # ... of an obsolete entry's current keyword
    for m in _TOKEN.finditer(text):
        b0, b1 = m.span(1)
        if b0 < 0:  # a comment line
            if bodies:
                out.extend(_value(text, bodies))
                bodies = []
            c0, c1 = m.span()
            hash_at = text.index("#", c0)
            if text.startswith("#~", hash_at):
                obsolete = _obsolete_line(text, hash_at + 2, c1, obsolete, out)
                continue
            if obsolete:
                out.extend(_value(text, obsolete))
                obsolete = []
            if text.find(":", c0, c1) >= 0:
                out.extend(c._replace(context="comment", in_code=False)
                           for c in scan_prose(text, hash_at + 1, c1, style=TEXT))
            continue
        if obsolete:
            out.extend(_value(text, obsolete))
            obsolete = []
        # A string continues the value when only blanks separate it from the one before.
        if bodies and _blank_end(text, bodies[-1][1] + 1) != m.start():
            out.extend(_value(text, bodies))
            bodies = []
        bodies.append((b0, b1))
    if bodies:
        out.extend(_value(text, bodies))
    if obsolete:
        out.extend(_value(text, obsolete))
    return out


def _obsolete_line(text: str, start: int, end: int, bodies: List[Span], out: List[Candidate]) -> List[Span]:
    """The strings of one line of an obsolete entry (after its "#~"): each continues the value
    of the line before when only a line break and "#~" stand between; a keyword starts a new
    one.  Returns the strings of the value still open."""
    for m in _STRING.finditer(text, start, end):
        b0, b1 = m.span(1)
        if bodies and _OBSOLETE_GAP.fullmatch(text, bodies[-1][1] + 1, m.start()) is None:
            out.extend(_value(text, bodies))
            bodies = []
        bodies.append((b0, b1))
    if not bodies or bodies[-1][1] < start:  # (a line without a string: "#~ msgid" alone, or prose)
        if bodies:
            out.extend(_value(text, bodies))
        return []
    return bodies


FORMAT = Format("gettext", code_aware(scan))
