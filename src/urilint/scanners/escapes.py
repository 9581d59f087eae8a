"""Decoding a source slice into the URI a reader means, keeping the map back to the source.

Scanners meet these kinds of escapes: HTML character references (HTML text and attributes,
Markdown), Markdown backslash escapes (CommonMark 0.31 section 2.4), JSON string escapes
(RFC 8259 section 7), and the escapes of YAML double-quoted scalars (YAML 1.2.2 section 5.7)
and TOML basic strings (TOML 1.0 "String").  Each decoder returns the decoded string and the :class:`Candidate` pieces
``(uri_start, uri_end, src_start, src_end)`` that map it back; no pieces means the slice was
already verbatim.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, List, Optional, Tuple

from ..candidate import Candidate
from ..rfc3986 import lazy

Piece = Tuple[int, int, int, int]
Pieces = Tuple[Piece, ...]
#: One replacement: (source start, source end, replacement text).
Replacement = Tuple[int, int, str]

# CommonMark 0.31 section 2.5: named references must end in ";" (so must ours, everywhere: the
# HTML5 legacy forms without ";" are a browser's error recovery, not what an author wrote);
# decimal references have 1-7 digits, hexadecimal ones 1-6.
ENTITY = lazy.compile(r"&(?:#[xX]([0-9A-Fa-f]{1,6});|#([0-9]{1,7});|([A-Za-z][A-Za-z0-9]{0,31});)")
# CommonMark 0.31 section 2.4: any ASCII punctuation character may be backslash-escaped.
BACKSLASH_ESCAPE = lazy.compile(r"\\([!-/:-@\[-`{-~])")
# RFC 8259 section 7: the escapes of a JSON string.
JSON_ESCAPE = lazy.compile(r'\\(?:u([0-9A-Fa-f]{4})|(["\\/bfnrt]))')
# An escape (group 1) or an entity reference, for one left-to-right pass over Markdown.
_MARKDOWN_ESCAPE_OR_ENTITY = lazy.compile(
    r"\\([!-/:-@\[-`{-~])|&(?:#[xX][0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{0,31});")
# YAML 1.2.2 section 5.7 (double-quoted scalars only).  The escapes of a backslash and of a
# quote are matched, so that what follows them is read from the right place, but never
# decoded (see quoted_replacements).
YAML_ESCAPE = lazy.compile(r'\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|([0abtnvfre "/\\N_LP\t]))')
# TOML 1.0 basic strings ("\xHH" and "\e" are TOML 1.1's).
TOML_ESCAPE = lazy.compile(r'\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|([btnfre"\\]))')
_YAML_SIMPLE = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
                "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
                "L": "\u2028", "P": "\u2029"}
#: Decoded characters a quoted-string escape is not decoded to: the quotes and the backslash (a
#: decoded one would end the string or start an escape for the scan after) and line breaks and
#: other controls (the config scan reads line by line).  They stay as written.
_KEEP_ESCAPED = (frozenset("\"'\\\x7f\x85\u2028\u2029")
                 | frozenset(chr(c) for c in range(0x20) if chr(c) != "\t"))
_JSON_SIMPLE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def entity_value(match: "re.Match[str]") -> Optional[str]:
    """The character(s) an entity reference stands for, or None when it is not one."""
    hex_digits, dec_digits, name = match.groups()
    if name is not None:
        from html.entities import html5  # 2,000 names: loaded by the first named entity, not at start-up

        return html5.get(name + ";")
    code = int(hex_digits, 16) if hex_digits is not None else int(dec_digits)
    # CommonMark 0.31 section 2.5: invalid code points and U+0000 become U+FFFD.
    if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    return chr(code)


def build(text: str, start: int, end: int, replacements: Iterable[Replacement]) -> Tuple[str, Pieces]:
    """``text[start:end]`` with each (sorted, non-overlapping) replacement applied, and its pieces.

    A replacement with an empty source run inserts text (e.g. the ``mailto:`` of an e-mail
    autolink); one with empty text deletes (e.g. the whitespace of a wrapped URI)."""
    parts: List[str] = []
    pieces: List[Piece] = []
    u = 0
    pos = start
    for r_start, r_end, value in replacements:
        if r_start > pos:
            parts.append(text[pos:r_start])
            pieces.append((u, u + r_start - pos, pos, r_start))
            u += r_start - pos
        if value:
            parts.append(value)
            pieces.append((u, u + len(value), r_start, r_end))
            u += len(value)
        pos = r_end
    if not pieces and pos == start:
        return text[start:end], ()
    if end > pos:
        parts.append(text[pos:end])
        pieces.append((u, u + end - pos, pos, end))
    return "".join(parts), tuple(pieces)


def _replacements(pattern: "re.Pattern[str]", value: Callable[["re.Match[str]"], Optional[str]],
                  text: str, start: int, end: int) -> List[Replacement]:
    out: List[Replacement] = []
    for m in pattern.finditer(text, start, end):
        v = value(m)
        if v is not None:
            out.append((m.start(), m.end(), v))
    return out


def entity_replacements(text: str, start: int, end: int) -> List[Replacement]:
    if text.find("&", start, end) < 0:
        return []
    return _replacements(ENTITY, entity_value, text, start, end)


def markdown_replacements(text: str, start: int, end: int) -> List[Replacement]:
    """Backslash escapes and entity references of a Markdown slice, in source order."""
    has_backslash = text.find("\\", start, end) >= 0
    has_amp = text.find("&", start, end) >= 0
    if not has_backslash and not has_amp:
        return []
    if not has_amp:
        return _replacements(BACKSLASH_ESCAPE, lambda m: m.group(1), text, start, end)
    out: List[Replacement] = []
    pos = start
    # One left-to-right pass: an escaped "&" ("\&amp;") starts no entity.
    for m in _MARKDOWN_ESCAPE_OR_ENTITY.finditer(text, start, end):
        if m.start() < pos:
            continue
        if m.group(1) is not None:
            out.append((m.start(), m.end(), m.group(1)))
        else:
            em = ENTITY.match(text, m.start(), end)
            v = entity_value(em) if em else None
            if em and v is not None:
                out.append((em.start(), em.end(), v))
        pos = m.end()
    return out


def backslash_replacements(text: str, start: int, end: int) -> List[Replacement]:
    """The backslash escapes of ASCII punctuation in a slice: what reST and Markdown both read
    as the character escaped ("Shebang_\\(Unix\\)" is "Shebang_(Unix)")."""
    if text.find("\\", start, end) < 0:
        return []
    return _replacements(BACKSLASH_ESCAPE, lambda m: m.group(1), text, start, end)


def json_replacements(text: str, start: int, end: int) -> List[Replacement]:
    if text.find("\\", start, end) < 0:
        return []
    out: List[Replacement] = []
    for m in JSON_ESCAPE.finditer(text, start, end):
        hex4, simple = m.groups()
        out.append((m.start(), m.end(), chr(int(hex4, 16)) if hex4 else _JSON_SIMPLE[simple]))
    return out


def quoted_replacements(pattern: "re.Pattern[str]", text: str, start: int, end: int) -> List[Replacement]:
    """The escapes (``YAML_ESCAPE`` or ``TOML_ESCAPE``) inside one double-quoted string's body
    ``text[start:end]``, except those that decode to a quote, a backslash, a line break or
    another control character (see ``_KEEP_ESCAPED``) or to no character (a surrogate, a code
    point past U+10FFFF)."""
    out: List[Replacement] = []
    for m in pattern.finditer(text, start, end):
        x2, u4, u8, simple = m.groups()
        digits = x2 or u4 or u8
        if digits is not None:
            code = int(digits, 16)
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                continue
            value = chr(code)
        else:
            value = _YAML_SIMPLE.get(simple, "")
        if value and value not in _KEEP_ESCAPED:
            out.append((m.start(), m.end(), value))
    return out


def compose(outer: Pieces, base: int, uri: str, start: int, end: int, inner: Pieces) -> Tuple[int, int, Pieces]:
    """Map a candidate found in a decoded string back to the source.

    The decoded string's ``outer`` pieces map it to the source (from ``base``); the candidate
    spans ``start..end`` of the decoded string and its ``inner`` pieces map ``uri`` to that
    (empty: ``uri`` is the slice verbatim).  Returns the candidate's source span and its pieces
    (empty when it is verbatim in the source)."""
    if not inner:
        return map_span(outer, base, start, end)
    pieces: List[Piece] = []
    for u0, u1, d0, d1 in inner:
        s0, s1, sub = map_span(outer, base, d0, d1)
        if u1 - u0 == d1 - d0 and sub:
            pieces.extend((u0 + a, u0 + b, c, d) for a, b, c, d in sub)
        else:
            pieces.append((u0, u1, s0, s1))
    src_start, src_end, _ = map_span(outer, base, start, end)
    exact = all(p[1] - p[0] == p[3] - p[2] for p in pieces) and all(a[3] == b[2] for a, b in zip(pieces, pieces[1:]))
    if exact and pieces and pieces[0][2] == src_start and pieces[-1][3] == src_end and src_end - src_start == len(uri):
        return src_start, src_end, ()
    return src_start, src_end, tuple(pieces)


def first_ending_after(pieces: Pieces, at: int) -> int:
    """The index of the first piece that ends after decoded offset ``at`` (pieces are in order:
    a bisection, since a long string's slices are mapped once per candidate and per fix)."""
    lo, hi = 0, len(pieces)
    while lo < hi:
        mid = (lo + hi) // 2
        if pieces[mid][1] <= at:
            lo = mid + 1
        else:
            hi = mid
    return lo


def map_span(pieces: Pieces, base: int, start: int, end: int) -> Tuple[int, int, Pieces]:
    """Restrict a decoded string's pieces to its slice ``start..end``.

    ``pieces`` map the decoded string to the source (empty: verbatim from ``base``).  Returns the
    source span of the slice and the pieces of the slice itself (empty when verbatim)."""
    if not pieces:
        return base + start, base + end, ()
    out: List[Piece] = []
    for i in range(first_ending_after(pieces, start), len(pieces)):
        u0, u1, s0, s1 = pieces[i]
        if u0 >= end:
            break
        lo, hi = max(u0, start), min(u1, end)
        if u1 - u0 == s1 - s0:
            out.append((lo - start, hi - start, s0 + lo - u0, s0 + hi - u0))
        else:  # an escape cut by the slice still maps to the whole escape
            out.append((lo - start, hi - start, s0, s1))
    if not out:  # an empty slice
        return base + start, base + start, ()
    src_start, src_end = out[0][2], out[-1][3]
    # Verbatim when every run is exact and they are contiguous in the source.
    exact = all(p[1] - p[0] == p[3] - p[2] for p in out) and all(
        a[3] == b[2] for a, b in zip(out, out[1:]))
    return src_start, src_end, (() if exact else tuple(out))


def place(c: Candidate, outer: Pieces, base: int, context: Optional[str] = None) -> Candidate:
    """A candidate found in a decoded string (a literal's value, a notebook cell, a quoted
    config value) placed in the source the string was decoded from (``outer`` pieces from
    ``base``): the same candidate, with its source span and pieces (and ``context``, if given)
    replaced, so whatever else it says about itself (whether its ends are open) is kept."""
    start, end, pieces = compose(outer, base, c.uri, c.start, c.end, c.pieces)
    return c._replace(start=start, end=end, pieces=pieces, context=context or c.context)


def changed_stretch(text: str, edit: Replacement) -> Tuple[int, int]:
    """The stretch of ``text`` an edit really changes: its source run without the head and
    the tail its replacement leaves as they are (a fix rewrites a whole URI to change its
    scheme)."""
    s, e, replacement = edit
    head, tail = common_ends(text[s:e], replacement)
    return s + head, e - tail


def common_ends(old: str, new: str) -> Tuple[int, int]:
    """The lengths of the head and the tail two strings share (not overlapping): what a fix
    leaves alone around the part it changes."""
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return head, tail
