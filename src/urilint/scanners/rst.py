"""reStructuredText: hyperlink targets, embedded URIs, image directives and bare URIs.

What docutils reads as a URI (reStructuredText Markup Specification):
  - embedded URIs: ```text <uri>`_`` and ```text <uri>`__`` (whitespace inside the brackets is
    removed, as docutils does; ``<name_>`` is an alias to a target, not a URI);
  - external hyperlink targets: ``.. _name: uri`` (a URI may continue on indented lines);
  - the argument of ``.. image::`` and ``.. figure::``, and their ``:target:`` option;
  - standalone hyperlinks: bare URIs in text (RFC 3986 Appendix C, the prose scanner).
Literal blocks (after ``::``, and the bodies of ``code``, ``code-block``, ``sourcecode``,
``literalinclude`` and ``math`` directives) and inline literals are code.  Comments (``..``
followed by anything else) are prose with context "comment".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import List, Tuple

from ..candidate import Candidate
from .base import Format, code_aware
from .escapes import Pieces, build
from .text import TEXT, Spans, scan_prose

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")
_TARGET = re.compile(r"[ \t]*\.\.[ \t]+_(?:`[^`]*`|[^:`]+):(?:[ \t]+|$)")
_DIRECTIVE = re.compile(r"[ \t]*\.\.[ \t]+([A-Za-z0-9_.:+-]+?)::(?:[ \t]+|$)")
_OPTION = re.compile(r"[ \t]+:target:[ \t]+")
_COMMENT = re.compile(r"[ \t]*\.\.(?:[ \t]|$)")
_CODE_DIRECTIVES = frozenset({"code", "code-block", "sourcecode", "literalinclude", "math",
                              "highlight", "parsed-literal", "raw"})
_IMAGE_DIRECTIVES = frozenset({"image", "figure"})
# Inline literals, then interpreted text / references: `...`_ or `...`__ (or a role's `...`).
_INLINE_LITERAL = re.compile(r"``[^`]+(?:`[^`]+)*``")
_INTERPRETED = re.compile(r"`([^`]+)`(__?)?")
_NON_SPACE = re.compile(r"\S+")
_EMBEDDED = re.compile(r"<([^<>]+)>\s*\Z")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _uri_runs(text: str, start: int, end: int) -> Tuple[str, int, int, Pieces]:
    """A URI that may be broken by whitespace (docutils removes it): uri, span, pieces."""
    runs = [m.span() for m in _NON_SPACE.finditer(text, start, end)]
    if not runs:
        return "", start, start, ()
    s, e = runs[0][0], runs[-1][1]
    gaps = [(a[1], b[0], "") for a, b in zip(runs, runs[1:])]
    uri, pieces = build(text, s, e, gaps)
    return uri, s, e, pieces


@dataclass
class _Found:
    """What the line walk collects for one document."""

    out: List[Candidate] = field(default_factory=list)
    #: Literal blocks and code directive bodies.
    code: List[Tuple[int, int]] = field(default_factory=list)
    #: Spans the prose scan must not read again.
    skip: List[Tuple[int, int]] = field(default_factory=list)
    comments: List[Tuple[int, int]] = field(default_factory=list)


def scan(text: str, include_code: bool = False) -> List[Candidate]:
    found = _Found()
    lines = [(m.start(), m.end()) for m in _LINE.finditer(text) if m.end() > m.start()]
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
        base = _indent(line)
        if literal_next and base > literal_base:
            block_end = _block_end(text, lines, i + 1, literal_base)
            found.code.append((l0, lines[block_end - 1][1]))
            literal_next = False
            i = block_end
            continue
        i, literal_next = _markup_or_paragraph(text, lines, i, line, base, found)
        if literal_next:
            literal_base = base
    return _candidates(text, found, include_code)


def _markup_or_paragraph(text: str, lines: List[Tuple[int, int]], i: int, line: str, base: int,
                         found: _Found) -> Tuple[int, bool]:
    """The block at line ``i``: a hyperlink target, a directive, a comment or a paragraph.
    Returns the index of the line after it, and whether a literal block may follow ("::")."""
    l0, l1 = lines[i]
    target = _TARGET.match(text, l0, l1)
    if target is not None:
        block_end = _block_end(text, lines, i + 1, base)
        end = lines[block_end - 1][1]
        uri, s, e, pieces = _uri_runs(text, target.end(), end)
        if uri and not uri.endswith("_"):  # "name_" is an indirect target, not a URI
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
    # A paragraph: it runs to the next blank line.
    j = i + 1
    while j < len(lines) and text[lines[j][0]:lines[j][1]].strip():
        j += 1
    p0, p1 = l0, lines[j - 1][1]
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
    if name in _CODE_DIRECTIVES:
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
                if uri:
                    found.out.append(Candidate(uri, s, e, "rst-link", False, pieces))
                found.skip.append((o0, o1))
    return i + 1


def _candidates(text: str, found: _Found, include_code: bool) -> List[Candidate]:
    """The candidates of the markup, then bare URIs in the prose, in comments, and in code."""
    out = found.out
    found.skip.extend(found.code)
    out.extend(scan_prose(text, style=TEXT, excluded=Spans.of(found.skip)))
    for c0, c1 in found.comments:
        for c in scan_prose(text, c0, c1, style=TEXT):
            out.append(Candidate(c.uri, c.start, c.end, "comment", False, c.pieces))
    if include_code:
        for c0, c1 in found.code:
            for c in scan_prose(text, c0, c1, style=TEXT):
                out.append(Candidate(c.uri, c.start, c.end, c.context, True, c.pieces))
    return out


def _block_end(text: str, lines: List[Tuple[int, int]], j: int, base: int) -> int:
    """The index past an indented block's last line (blank lines inside it included)."""
    n = len(lines)
    last = j
    while j < n:
        l0, l1 = lines[j]
        line = text[l0:l1].rstrip("\r\n")
        if line.strip():
            if _indent(line) <= base:
                break
            last = j + 1
        j += 1
    return last


def _inline(text: str, p0: int, p1: int, out: List[Candidate], skip: List[Tuple[int, int]],
            code: List[Tuple[int, int]]) -> None:
    """Inline literals and embedded URIs of one paragraph."""
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
        skip.append(ref.span())
        pos = ref.end()
        if not ref.group(2):
            continue  # a role or interpreted text: not a reference
        r0, r1 = ref.span(1)
        emb = _EMBEDDED.search(text, r0, r1)
        if emb is None:
            continue
        uri, s, e, pieces = _uri_runs(text, emb.start(1), emb.end(1))
        if uri and not (uri.endswith("_") and not uri.endswith("\\_")):
            out.append(Candidate(uri, s, e, "rst-link", False, pieces))


FORMAT = Format("rst", code_aware(scan), links=True)
