"""Manual pages and other roff sources (``git.1``, ``npmrc.5``, ``*.man``): read as the
formatter prints them.

A man page is prose full of escapes (groff(7), groff_char(7)) that stand right against its
URIs: ``\\fI\\(lahttps://www.npmjs.com/\\(ra\\fR`` (a font change, angle brackets as special
characters), ``https://git\\-scm\\&.com/docs`` (a minus sign, a zero-width "\\&" that keeps
the dot from starting a request), ``\\m[blue]`` colours, ``\\:`` break points.  Read as plain
text, each backslash would be a character of the URI (URI101, with a fix that breaks the page).
So the text is decoded first, each escape read as what it prints (nothing for a font change, a
colour or a zero-width mark; "-" for ``\\-``; "<" and ">" for ``\\(la`` and ``\\(ra``; a space
for a glyph or a string whose text is unknown here), and the prose scanner reads the result;
candidates map back to the source through the decoding.  A backslash at a line's end joins the
lines, as it does for the formatter.

Request lines (``.UR https://...``, ``.TH``) are read as prose too: their arguments are text.
A comment (from ``\\"`` or ``\\#`` to the line's end) is read as prose, context "comment".
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import List, Mapping, Tuple

from ..candidate import Candidate, Piece
from ..rfc3986 import lazy
from .base import Format, code_aware
from .escapes import Replacement, build
from .text import Spans, scan_decoded, scan_prose

#: One escape: the character after the backslash, and for those that take a name, the name
#: (one character, "(" and two, or "[...]") or a quoted argument ("'...'").
_ESCAPE = lazy.compile(
    r"\\(?:"
    r"(?P<named>[fFmMn*gkYV$])(?:\((?P<two>[^\n]{2})|\[(?P<long>[^\]\n]{0,64})\]|(?P<one>[^\n]))"
    r"|(?P<special>\((?P<sp2>[^\n]{2})|\[(?P<sp>[^\]\n]{1,64})\])"
    r"|s(?P<size>[-+]?(?:\([0-9]{2}|\[[^\]\n]{0,16}\]|[0-9]))"
    r"|(?P<quoted>[hvlLDowXZbxNRBACSTU])'(?P<arg>[^'\n]{0,200})'"
    r"|(?P<newline>\r?\n)"
    r"|(?P<char>[^\n])"
    r")"
)
#: Macro and string definitions, and ignored blocks: code, whose escapes are doubled to be read
#: when the macro runs ("\\\\*(m1"), not text.  A block runs to its ".." line.
_DEFINITION = lazy.compile(r"(?m)^[.'][ \t]*(?:(?:de|de1|dei|am|am1|ami|ig)\b[^\n]*\n"
                           r"(?:(?![.'][ \t]*\.[ \t]*$)[^\n]*\n)*(?:[.'][ \t]*\.[ \t]*$)?"
                           r"|(?:ds|ds1|as|as1)\b[^\n]*)")
#: Example blocks, code as a man page shows it: man(7)'s ".EX" to ".EE" (Sphinx's man writer
#: puts a literal block there), and a no-fill block set in the constant-width font (".nf" then
#: ".ft C", older writers' literal block) to its ".fi".
_EXAMPLE = lazy.compile(r"(?m)^[.'][ \t]*(?:EX\b[^\n]*\n(?:(?![.'][ \t]*EE\b)[^\n]*\n)*(?:[.'][ \t]*EE\b[^\n]*)?"
                        r"|nf[ \t]*\n[.'][ \t]*ft[ \t]+(?:C|CW|CR)\b[^\n]*\n"
                        r"(?:(?![.'][ \t]*fi\b)[^\n]*\n)*(?:[.'][ \t]*fi\b[^\n]*)?)")
#: Special characters (groff_char(7)) that are characters of a URI or end one the way the
#: character they print does; any other name prints a glyph, read as a space.
SPECIAL: Mapping[str, str] = MappingProxyType({
    "la": "<", "ra": ">", "aq": "'", "dq": '"', "ti": "~", "ha": "^", "sl": "/", "rs": "\\",
    "lB": "[", "rB": "]", "lC": "{", "rC": "}", "at": "@", "sh": "#", "Do": "$", "bv": "|",
    "ba": "|", "pl": "+", "eq": "=", "mi": "-", "hy": "-", "ul": "_", "ga": "`", "lq": "\u201c",
    "rq": "\u201d", "oq": "\u2018", "cq": "\u2019", "em": "\u2014", "en": "\u2013", "bu": "\u2022",
    "co": "\u00a9", "rg": "\u00ae", "tm": "\u2122", "dg": "\u2020", "fm": "\u2032",
})
#: The strings of the man macros (``\\*(lq``, ``\\*R``) that print a character.
_STRINGS: Mapping[str, str] = MappingProxyType(
    {"lq": "\u201c", "rq": "\u201d", "R": "\u00ae", "Tm": "\u2122", "aq": "'"})
#: Single-character escapes and what they print: "" for the zero-width ones (the non-printing
#: "\\&", the hyphenation mark "\\%", the break point "\\:", the narrow spaces "\\|" and "\\^",
#: which a terminal prints as nothing, motions), a space for the spaces, the character itself
#: for the rest ("\\-" is "-", "\\." is ".", "\\e" prints the escape character).
_CHARS: Mapping[str, str] = MappingProxyType({
    "&": "", "%": "", ":": "", "|": "", "^": "", ")": "", ",": "", "/": "", "c": "", "d": "", "u": "",
    "p": "", "a": "", "r": "", "z": "", "{": "", "}": "", "!": "", "?": "",
    " ": " ", "~": " ", "0": " ", "t": "\t", "e": "\\", "E": "\\", "\\": "\\", "'": "\u00b4", "`": "`",
    "-": "-", ".": ".", '"': " ", "#": " ",
})


def _special(name: str) -> str:
    """What a special character prints: its table entry, a Unicode code point ("u00E9"), or a
    space for a glyph a URI cannot hold."""
    if name in SPECIAL:
        return SPECIAL[name]
    if name.startswith("u") and 5 <= len(name) <= 7:
        try:
            return chr(int(name[1:].split("_")[0], 16))
        except ValueError:
            return " "
    if name.startswith("char") and name[4:].isdigit() and int(name[4:]) < 0x110000:
        return chr(int(name[4:]))
    return " "


def _printed(m: "re.Match[str]") -> str:
    """What one escape prints, as far as a URI beside it is concerned."""
    g = m.groupdict()
    named = g["named"]
    if named is not None:
        if named == "*":
            name = g["two"] or g["long"] or g["one"] or ""
            return _STRINGS.get(name, " ")
        if named in "fFmMYV":
            return ""  # fonts, colours, device and environment controls print nothing
        return " "  # a register's value, a macro argument, a glyph by number: unknown text
    if g["special"] is not None:
        return _special(g["sp2"] or g["sp"] or "")
    if g["size"] is not None:
        return ""
    quoted = g["quoted"]
    if quoted is not None:
        return "" if quoted in "vXZxUS" else " "  # motions print no text; the others print some
    if g["newline"] is not None:
        return ""  # the formatter joins the lines
    char = g["char"]
    return _CHARS.get(char, char)


def _escapes(text: str, start: int, end: int) -> Tuple[List[Replacement], List[int]]:
    """Each escape read as what it prints, and where each comment mark ("\\"", "\\#") starts:
    one pass from left to right, so an escaped backslash ("\\\\") never starts another."""
    out: List[Replacement] = []
    marks: List[int] = []
    pos = text.find("\\", start, end)
    while 0 <= pos < end:
        m = _ESCAPE.match(text, pos, end)
        if m is None:  # a backslash at the very end
            break
        if m.group("char") in ('"', "#"):
            marks.append(m.start())
        out.append((m.start(), m.end(), _printed(m)))
        pos = text.find("\\", m.end(), end)
    return out, marks


def _comments(text: str, marks: List[int]) -> List[Tuple[int, int]]:
    """The comments' spans, each from its mark to its line's end."""
    spans: List[Tuple[int, int]] = []
    for mark in marks:
        if spans and mark < spans[-1][1]:
            continue  # a mark inside a comment
        nl = text.find("\n", mark)
        spans.append((mark, len(text) if nl < 0 else nl))
    return spans


def scan(text: str, include_code: bool = False) -> List[Candidate]:
    if ":" not in text:
        return []
    pieces: Tuple[Piece, ...] = ()
    marks: List[int] = []
    if "\\" in text:
        replacements, marks = _escapes(text, 0, len(text))
        value, pieces = build(text, 0, len(text), replacements)
    found = scan_decoded(value, pieces, 0) if pieces else scan_prose(text)
    if text[:1] in ".'" or "\n." in text or "\n'" in text:
        found = _mark_code(text, found, include_code)
    if marks:
        comments = Spans.of(_comments(text, marks))
        found = [c._replace(context="comment") if comments.locate(c.start, c.end) < 0 else c for c in found]
    return found


def _mark_code(text: str, found: List[Candidate], include_code: bool) -> List[Candidate]:
    """The candidates in definitions and example blocks marked ``in_code`` (left out without
    ``include_code``)."""
    code = Spans.of([m.span() for m in _DEFINITION.finditer(text)] + [m.span() for m in _EXAMPLE.finditer(text)])
    if not code.starts:
        return found
    return code.mark_code(found, include_code)


FORMAT = Format("roff", code_aware(scan))
