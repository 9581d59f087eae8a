"""Config files: YAML, TOML, INI (.cfg, .conf), .env and shell scripts.

The issue's rules, without parsing each grammar in full:
  - a quoted value that starts with a URI is one candidate up to its closing quote on that
    line, spaces and all (``"https://example.com/a b"`` is found whole, then reported);
  - an unquoted value (after ``key:``, ``key=``, ``key =`` or a YAML ``- ``) ends at whitespace
    or at an inline comment, and keeps its trailing punctuation: a program reads all of it;
  - comments are prose (RFC 3986 Appendix C), context "comment"; so is any other text.

A comment starts at ``#`` (``;`` too in INI files) at the start of a line or after whitespace,
outside quotes; ``http://host/#frag`` has no space before its ``#``.

A program reads a value as its format decodes it, and so does the scan:
  - the escapes of a YAML double-quoted scalar (``"\x40"``, ``"\u0040"``) and of a TOML basic
    string (``"\u0040"``) are decoded before the line is scanned (``pieces`` map them back), so
    ``"postgres://u:{pw}\u0040db/x"`` is a password and a host, not a host and a port named
    "pw...".  A string that spans lines (a TOML multi-line string, a folded YAML scalar) is read as written;
  - a YAML plain scalar, an INI value and an unquoted ``.env`` value run to the end of the line:
    a URI that whitespace cuts inside its authority, with the authority's "@" later on the line
    (``postgres://u:pass word@db/x``), is read through to the end of the value.
"""

from __future__ import annotations

import re
import sys
from typing import Iterator, List, Optional, Tuple

from ..candidate import Candidate
from ..finding import Edit
from ..rfc3986 import lazy
from .base import Format, code_aware
from .escapes import TOML_ESCAPE, YAML_ESCAPE, Replacement, build, changed_stretch, place, quoted_replacements
from .text import TEXT, ProseStyle, Spans, scan_prose

CONFIG_VALUES = ProseStyle(values=True)
_LINE = lazy.compile(r"[^\r\n]+")
_COMMENT_CHARS = {"yaml": "#", "toml": "#", "env": "#", "shell": "#", "ini": "#;"}
#: The escapes of a double-quoted string, in the formats that have them.
_QUOTED_ESCAPES = {"yaml": YAML_ESCAPE, "toml": TOML_ESCAPE}
#: Formats whose unquoted value runs to the end of its line (spaces and all).
_VALUE_TO_LINE_END = frozenset({"yaml", "ini", "env"})
_OPENS_QUOTE = " \t=:[,{("


def comment_spans(text: str, start: int, end: int, format: str) -> List[Tuple[int, int]]:
    """The comments of ``text[start:end]``: (start of the comment text, end of its line)."""
    chars = _COMMENT_CHARS.get(format, "#")
    spans: List[Tuple[int, int]] = []
    if not any(text.find(c, start, end) >= 0 for c in chars):
        return spans
    for m in _LINE.finditer(text, start, end):
        l0, l1 = m.span()
        if not any(text.find(c, l0, l1) >= 0 for c in chars):
            continue
        k = _comment_start(text, l0, l1, chars)
        if k >= 0:
            spans.append((k + 1, l1))
    return spans


def _comment_start(text: str, l0: int, l1: int, chars: str) -> int:
    """Offset of the comment character that starts a comment on this line, or -1."""
    quote = ""
    prev = " "
    i = l0
    for i in range(l0, l1):
        c = text[i]
        if quote:
            if c == quote and not (quote == '"' and prev == "\\"):
                quote = ""
        elif c in "\"'" and (prev in " \t=:[,{(" or i == l0):
            quote = c  # an apostrophe inside a word ("don't") opens nothing
        elif c in chars and prev in " \t":
            return i
        prev = c
    return -1


#: An INI value's escaped comment character: tox reads a backslash and "#" as "#" (a bare "#"
#: would start a comment there), as sqlalchemy's tox.ini pins a git URL's "#egg=" fragment.  Not
#: after whitespace, where the "#" it stands for would read as a comment's start once decoded.
#: And its escaped braces, which are not a substitution ("file://" and an escaped "{index_file}"
#: in pip-tools' tox.ini: a template's field once read).
_INI_ESCAPES = lazy.compile(r"(?<![\s\\])\\[#;]|(?<!\\)\\[{}]")


def scan_range(text: str, start: int, end: int, format: str, include_code: bool = False) -> List[Candidate]:
    """The candidates of a config text (or of Markdown front matter) in ``text[start:end]``."""
    if format == "ini" and text.find("\\", start, end) >= 0:
        escaped = [(m.start(), m.end(), m.group()[1]) for m in _INI_ESCAPES.finditer(text, start, end)]
        if escaped:
            decoded, pieces = build(text, start, end, escaped)
            return [place(c, pieces, start) for c in _scan(decoded, 0, len(decoded), format)]
    pattern = _QUOTED_ESCAPES.get(format)
    if pattern is not None and text.find("\\", start, end) >= 0:
        replacements = _string_escapes(text, start, end, format, pattern)
        if replacements:
            # Scan the text as a program reads it, then map each candidate back to the source.
            decoded, pieces = build(text, start, end, replacements)
            return [place(c, pieces, start) for c in _scan(decoded, 0, len(decoded), format)]
    return _scan(text, start, end, format)


def _scan(text: str, start: int, end: int, format: str) -> List[Candidate]:
    comments = comment_spans(text, start, end, format)
    out = scan_prose(text, start, end, style=CONFIG_VALUES,
                     excluded=Spans.of((c0 - 1, c1) for c0, c1 in comments) if comments else Spans())
    if format in _VALUE_TO_LINE_END:
        out = [_to_value_end(text, c, end, comments) for c in out]
    if format == "yaml":
        out = [c for c in (_before_mapping_colon(text, c, end) for c in out) if c is not None]
    for c0, c1 in comments:
        for c in scan_prose(text, c0, c1, style=TEXT):
            out.append(c._replace(context="comment", in_code=False))
    return out


def _string_escapes(text: str, start: int, end: int, format: str, pattern: "re.Pattern[str]") -> List[Replacement]:
    """The escapes to decode in the double-quoted strings of ``text[start:end]``."""
    out: List[Replacement] = []
    chars = _COMMENT_CHARS.get(format, "#")
    for m in _LINE.finditer(text, start, end):
        l0, l1 = m.span()
        if text.find("\\", l0, l1) < 0:
            continue
        for b0, b1 in _double_quoted(text, l0, l1, chars):
            out.extend(quoted_replacements(pattern, text, b0, b1))
    return out


def _double_quoted(text: str, l0: int, l1: int, chars: str) -> Iterator[Tuple[int, int]]:
    """The bodies of the double-quoted strings of one line, up to its comment.  A quote opens a
    string where :func:`_comment_start` says it does; a string not closed on the line is not
    yielded (a string that spans lines is read as written)."""
    quote = ""
    prev = " "
    body = l0
    i = l0
    while i < l1:
        c = text[i]
        if quote == '"' and c == "\\":
            i += 2  # an escape: the character after the backslash cannot close the string
            prev = "\\"
            continue
        if quote:
            if c == quote:
                if quote == '"':
                    yield body, i
                quote = ""
        elif c in "\"'" and (prev in _OPENS_QUOTE or i == l0):
            quote, body = c, i + 1
        elif c in chars and prev in " \t":
            return
        prev = c
        i += 1


def _to_value_end(text: str, c: Candidate, end: int, comments: List[Tuple[int, int]]) -> Candidate:
    """A value cut by whitespace inside its authority, whose "@" comes later on the line
    (``url: postgres://u:pass word@db/x``), read to the end of the value: the password is a
    password, not a port that starts with its first character."""
    if c.context != "value" or c.pieces or c.end >= end or text[c.end] not in " \t":
        return c
    slashes = c.uri.find("//")
    if slashes < 0 or any(ch in c.uri[slashes + 2:] for ch in "/?#@"):
        return c
    stop = _line_end(text, c.end, end)
    comment = _comment_at(comments, c.end, stop)
    if comment is not None:
        stop = comment
    while stop > c.end and text[stop - 1] in " \t":
        stop -= 1
    at = text.find("@", c.end, stop)
    if at < 0 or any(text.find(ch, c.end, at) >= 0 for ch in "/?#"):
        return c
    return Candidate(text[c.start:stop], c.start, stop, c.context, c.in_code)


def _line_end(text: str, pos: int, end: int) -> int:
    m = re.compile(r"[\r\n]").search(text, pos, end)
    return m.start() if m is not None else end


def _comment_at(comments: List[Tuple[int, int]], lo: int, hi: int) -> Optional[int]:
    """Where the comment character of a comment starting in ``lo..hi`` stands, if any."""
    for c0, _ in comments:
        if lo < c0 <= hi:
            return c0 - 1
    return None


#: What is left of a URI when a YAML key's colon is taken off: a scheme named, not a URI.
_SCHEME_ONLY = lazy.compile(r"[A-Za-z][A-Za-z0-9+.-]*:(?://)?")


def _before_mapping_colon(text: str, c: Candidate, end: int) -> Optional[Candidate]:
    """A plain YAML scalar ends before ":" and the whitespace or line end after it (YAML 1.2.2
    section 7.3.3: the mapping value indicator), so "- https://x.io:" is a mapping whose key is
    "https://x.io", and its last ":" is no empty port: ``c`` without it (None when only a
    scheme is left).  Quoted values keep their colons."""
    if c.context == "quoted" or c.pieces or not c.uri.endswith(":") or (
            c.end < end and text[c.end] not in " \t\r\n"):
        return c
    uri = c.uri[:-1]
    if _SCHEME_ONLY.fullmatch(uri) is not None:
        return None
    return c._replace(uri=uri, end=c.end - 1)


def scan_yaml(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "yaml", include_code)


def scan_toml(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "toml", include_code)


def scan_ini(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "ini", include_code)


def scan_env(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "env", include_code)


def scan_shell(text: str, include_code: bool = False) -> List[Candidate]:
    return scan_range(text, 0, len(text), "shell", include_code)


def keeps_escapes(text: str, candidate: Candidate, new_uri: str, edit: Edit) -> bool:
    """Whether ``edit`` leaves every backslash, and the character after one, as it is.  In a
    double-quoted string (YAML, TOML basic strings, ``.env`` and shell double quotes) a
    backslash starts an escape, and the scan keeps the escapes of a backslash and of a quote
    as written (``quoted_replacements``): encoding the two characters of "\\\\" as
    "%5C%5C" would write two backslashes where the value had one.  Elsewhere a backslash is
    literal, and left alone all the same: the edit does not say which string it is in."""
    s, e, _ = edit
    if text.find("\\", s, e) < 0 and not (s > 0 and text[s - 1] == "\\"):
        return True
    c0, c1 = changed_stretch(text, edit)
    return not (c0 > 0 and text[c0 - 1] == "\\") and text.find("\\", c0, c1) < 0


def parses_as_toml(text: str) -> bool:
    """Whether ``text`` is a TOML document (a fixed file must still be one)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):  # (tomllib recurses on nested arrays)
        return False
    return True


YAML = Format("yaml", code_aware(scan_yaml), keeps_markup=keeps_escapes)
TOML = Format("toml", code_aware(scan_toml), well_formed=parses_as_toml, keeps_markup=keeps_escapes)
INI = Format("ini", code_aware(scan_ini), keeps_markup=keeps_escapes)
ENV = Format("env", code_aware(scan_env), keeps_markup=keeps_escapes)
SHELL = Format("shell", code_aware(scan_shell), keeps_markup=keeps_escapes)
