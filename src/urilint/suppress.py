"""Suppression comments.  Pure: text and findings in, the kept findings out.

Each format names the syntaxes it honours (``Format.suppressions``); this module implements them:

- ``noqa`` (Python): ``# noqa`` and ``# noqa: URI301,URI2`` (codes match by prefix, as in flake8), mapped to
  lines exactly as flake8 maps them (see :func:`_python_noqa`), so `urilint check` and flake8
  suppress the same findings.
- ``html-comment`` (Markdown, HTML): ``<!-- urilint-disable-next-line [CODES] -->``,
  ``<!-- urilint-disable [CODES] -->`` ... ``<!-- urilint-enable [CODES] -->``, and ``<!-- urilint-disable-file -->``.
- ``hash-comment`` (every format by default): a trailing
  ``# urilint: ignore`` or ``# urilint: ignore[URI301, URI2]`` on the line.

In a container (a notebook), each finding is under the comments of the part it lies in (its
cell), in that part's own syntax and lines: a ``# noqa`` covers a line of its cell, never a line
of the JSON that holds several.
"""

from __future__ import annotations

import io
import re
from typing import Dict, FrozenSet, Iterator, List, Optional, Sequence, Set, Tuple, Union

from . import scanners
from .finding import FileFinding
from .rfc3986 import lazy
from .scanners.base import HASH_COMMENT, HTML_COMMENT, NOQA, Format, Part, PartFinder
from .scanners.positions import LineIndex

ALL: FrozenSet[str] = frozenset({"URI"})
_NOQA = lazy.compile(r"#\s*noqa(?::[\s]?(?P<codes>[A-Z][0-9A-Z]*(?:[,\s]+[A-Z][0-9A-Z]*)*))?", re.I)
_IGNORE = lazy.compile(r"#\s*urilint:\s*ignore(?:\[(?P<codes>[^\]]*)\])?", re.I)
# The opening of a directive comment; its codes run to the first "-->" (without a ">" before it).
_HTML_OPEN = lazy.compile(r"<!--\s*urilint-(?P<kind>disable-next-line|disable-file|disable|enable)\b", re.I)
_CODE = lazy.compile(r"URI[0-9]*", re.I)


def _codes(raw: Optional[str]) -> FrozenSet[str]:
    found = frozenset(c.upper() for c in _CODE.findall(raw or ""))
    return found or ALL


def _matches(code: str, codes: FrozenSet[str]) -> bool:
    return any(code.startswith(c) for c in codes)


#: flake8's own pattern (flake8/defaults.py, NOQA_INLINE_REGEXP): parity with flake8 is the point.
_FLAKE8_NOQA = lazy.compile(r"# noqa(?::[\s]?(?P<codes>([A-Z]+[0-9]+(?:[,\s]+)?)+))?", re.I)


def _flake8_codes(raw: Optional[str]) -> FrozenSet[str]:
    """flake8 compares codes as written, by prefix (violation.py, is_inline_ignored)."""
    if raw is None:
        return ALL
    return frozenset(c for c in re.split(r"[,\s]+", raw) if c)


def _python_noqa(text: str) -> Dict[int, FrozenSet[str]]:
    """line -> codes suppressed by ``# noqa``, mapped exactly as flake8 maps them
    (processor.py, _noqa_line_mapping): tokens are grouped up to each NL or NEWLINE token, and a
    noqa anywhere in a group's lines covers all of them (so one after a multi-line string covers
    the string; one after ")" does not cover a string on an earlier line inside the brackets).
    A file that does not tokenize falls back to each physical line, as flake8 does."""
    import tokenize  # Python files only: a check of other files never loads it

    lines = text.splitlines(keepends=True)
    out: Dict[int, FrozenSet[str]] = {}

    def cover(lo: int, hi: int) -> None:
        found = _FLAKE8_NOQA.search("".join(lines[lo - 1:hi]))
        if found:
            codes = _flake8_codes(found.group("codes"))
            for line in range(lo, hi + 1):
                out[line] = codes

    try:
        lo, hi = len(lines) + 2, -1
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in (tokenize.ENDMARKER, tokenize.DEDENT):
                continue
            lo, hi = min(lo, tok.start[0]), max(hi, tok.end[0])
            if tok.type in (tokenize.NL, tokenize.NEWLINE):
                cover(lo, hi)
                lo, hi = len(lines) + 2, -1
    except (tokenize.TokenError, SyntaxError, IndentationError):
        out.clear()
        for number in range(1, len(lines) + 1):
            cover(number, number)
    return out


def _hash_ignores(text: str) -> Dict[int, FrozenSet[str]]:
    out: Dict[int, FrozenSet[str]] = {}
    if "urilint" not in text:
        return out
    for number, line in enumerate(text.splitlines(), 1):
        m = _IGNORE.search(line)
        if m:
            out[number] = _codes(m.group("codes"))
    return out


def _html_directives(text: str) -> Iterator[Tuple[int, int, str, str]]:
    """(start, end, kind, codes) of each ``<!-- urilint-KIND CODES -->`` comment.

    Linear: the first "-->" after an opening is found once and reused by the openings before
    it (a regex with a lazy run to "-->" rescans the rest of the text from every "<!--" when
    none closes: 8,000 unclosed openings took 21 s)."""
    close = gt = -1  # the next "-->" and the next ">", each searched again only once passed
    pos = text.find("<!--")
    while pos >= 0:
        m = _HTML_OPEN.match(text, pos)
        if m is not None:
            if close < m.end():
                close = text.find("-->", m.end())
                if close < 0:
                    return  # no comment closes from here on
            if gt < m.end():
                gt = text.find(">", m.end())
            if gt == close + 2:  # no ">" in the codes: the first one is the comment's own
                yield pos, close + 3, m.group("kind").lower(), text[m.end():close]
                pos = text.find("<!--", close + 3)
                continue
        pos = text.find("<!--", pos + 1)


def _html_ranges(text: str, index: LineIndex) -> List[Tuple[int, int, FrozenSet[str]]]:
    """(first line, last line, codes) suppressed by HTML comment directives."""
    ranges: List[Tuple[int, int, FrozenSet[str]]] = []
    open_: Dict[FrozenSet[str], int] = {}
    last = len(index.starts) + 1
    for start, end, kind, raw in _html_directives(text):
        codes = _codes(raw)
        line = index.line_col(start)[0]
        end_line = index.line_col(end)[0]
        if kind == "disable-file":
            ranges.append((1, last, codes))
        elif kind == "disable-next-line":
            ranges.append((end_line + 1, end_line + 1, codes))
        elif kind == "disable":
            open_.setdefault(codes, line)
        else:  # enable: closes the matching disable, or every open one when it names no codes
            for key in [k for k in open_ if codes == ALL or k == codes]:
                ranges.append((open_.pop(key), line, key))
    ranges.extend((start, last, codes) for codes, start in open_.items())
    return ranges


def apply(text: str, format: Union[str, Format], findings: Sequence[FileFinding],
          index: Optional[LineIndex] = None) -> List[FileFinding]:
    """The findings that no suppression comment of the format's syntaxes covers."""
    if not findings:
        return list(findings)
    fmt = scanners.get(format)
    if fmt.parts is not None:
        return _apply_in_parts(fmt.parts(text), findings)
    syntaxes = fmt.suppressions
    by_line: Dict[int, FrozenSet[str]] = {}
    if NOQA in syntaxes and "noqa" in text.lower():
        by_line.update(_python_noqa(text))
    if HASH_COMMENT in syntaxes:
        for line, codes in _hash_ignores(text).items():
            by_line[line] = by_line.get(line, frozenset()) | codes
    ranges: List[Tuple[int, int, FrozenSet[str]]] = []
    if HTML_COMMENT in syntaxes and "urilint-" in text:
        index = index or LineIndex.of(text)
        ranges = _html_ranges(text, index)
    if not by_line and not ranges:
        return list(findings)  # no comment suppresses anything: no finding's line to look up
    index = index or LineIndex.of(text)
    kept = []
    for f in findings:
        line = index.line_col(f.start)[0]
        on_line = by_line.get(line)
        if on_line is not None and _matches(f.code, on_line):
            continue
        if any(lo <= line <= hi and _matches(f.code, codes) for lo, hi, codes in ranges):
            continue
        kept.append(f)
    return kept


def _apply_in_parts(parts: Sequence[Part], findings: Sequence[FileFinding]) -> List[FileFinding]:
    """The findings of a container that no suppression comment of their own part covers; a
    finding outside every part is kept."""
    finder = PartFinder(parts)
    inside: Dict[int, Tuple[Part, List[int], List[FileFinding]]] = {}
    for i, f in enumerate(findings):
        found = finder.find(f.start)
        if found is not None:
            part, inner = found
            entry = inside.setdefault(id(part), (part, [], []))
            entry[1].append(i)
            entry[2].append(f._replace(start=inner, end=inner))
    dropped: Set[int] = set()
    for part, numbers, moved in inside.values():
        kept = {id(f) for f in apply(part.text, part.format, moved)}
        dropped.update(n for n, f in zip(numbers, moved) if id(f) not in kept)
    return [f for i, f in enumerate(findings) if i not in dropped]
