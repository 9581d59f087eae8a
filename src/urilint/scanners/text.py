"""URIs in prose, as RFC 3986 Appendix C delimits them; every other scanner reuses this one.

Where a candidate starts: at a scheme (section 3.1) followed by ":" when IANA registers the
scheme, or by "//" for any scheme.  No scheme, no candidate: ``www.example.com`` and
``someone@example.com`` are what section 4.5 calls suffix references, not URIs.

Where it ends (Appendix C):
  - ``<...>``: the angle brackets delimit, a ``URL:`` prefix inside them is dropped, and a line
    break inside them is removed with the whitespace around it.  (A break right after "-" is
    joined too; the hyphen stays, and the piece boundary tells a rule it may be a typesetter's.)
  - ``"..."``: double quotes delimit.
  - otherwise whitespace delimits, and of a *bare* URI the trailing ``.,:;!?*_~'"`` are
    punctuation of the sentence, not part of the URI; ``()``, ``[]`` and ``{}`` count while they
    are balanced (at any depth), an unbalanced one ends the URI; an entity reference at the end
    (``&amp;``) is not part of it.
    A bare URI that ends with "-" at a line break continues on the next line (Appendix C).

Speed: the scan is driven by one literal-anchored regex over ":" (a literal prefix lets the
regex engine skip ahead at C speed), and every run is measured by a single character-class
match; no Python loop visits the characters between candidates.  Every pattern is a single
character class or a literal, so the scan is linear on any input.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Callable, Iterable, List, Optional, Sequence, Tuple

from ..candidate import Candidate
from ..rfc3986.iana import is_pseudo, is_registered
from ..rfc3986.schemes import may_follow
from .base import Format, code_aware
from .escapes import Replacement, build

# Section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
_ALPHA = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_SCHEME_CHARS = _ALPHA | frozenset("0123456789+-.")
#: Longer "schemes" are words glued to a colon, not schemes (the longest IANA name has 35).
MAX_SCHEME = 40
# A colon that may end a scheme: something other than whitespace or a delimiter follows it.
_COLON = re.compile(r':(?![\s"<>])')
#: Trailing characters that belong to the sentence, not to a bare URI (the issue's list).
TRAILING_PUNCTUATION = frozenset(".,:;!?*_~'\"")
_OPENER = {")": "(", "]": "[", "}": "{"}
_BRACKET = re.compile(r"[()\[\]{}]")
#: Punctuation outside ASCII that ends a bare URI as whitespace does: curly quotes, guillemets,
#: and the CJK and full-width punctuation that follows a URI in Chinese or Japanese prose.
UNICODE_STOPS = "\u00ab\u00bb\u2018\u2019\u201c\u201d\u3000-\u303f\uff01\uff08\uff09\uff0c\uff1a\uff1b\uff1f\uff5c"
# An entity reference at the very end of a bare URI (GFM 0.29 section 6.9 trims it too).
_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# A closing markup tag glued to a URI: rich's "[cyan]https://x/[/cyan]", BBCode's
# "[url]http://x/[/url]".  "[" cannot appear in a URI's path, so nothing of a URI is lost.
_CLOSING_TAG = re.compile(r"\[/[A-Za-z][A-Za-z0-9 _.=-]*\]")
_ENTITY_TAIL = re.compile(r"&#?[A-Za-z0-9]{1,32};\Z")
# Appendix C: the whitespace around one line break inside <...> is removed.
_WRAP = re.compile(r"[ \t]*(?:\r\n|\r|\n)[ \t]*")
# After a hyphen at a line break: the break, the next line's indentation and quote marks.
_HYPHEN_BREAK = re.compile(r"(?:\r\n|\r|\n)[ \t>]*")
# Inside <...>: anything but whitespace, the delimiters, and "<".
_ANGLE_RUN = re.compile(r'[^\s<>"]*')

Decoder = Callable[[str, int, int], List[Replacement]]


@dataclass(frozen=True)
class ProseStyle:
    """What differs between the prose of plain text, Markdown, HTML and config files."""

    #: finds the escapes (entities, backslash escapes) to decode inside a URI, or None
    decoder: Optional[Decoder] = None
    #: extra characters that end a bare URI (besides whitespace, ``"``, ``<``, ``>`` and "`")
    stops: str = ""
    #: config files: a URI right after ``key:`` or ``key=`` is a value (ends at whitespace only),
    #: and a quoted one extends to its closing quote
    values: bool = False
    #: Markdown: a backslash before ASCII punctuation escapes it, so a URI that stops at an
    #: escaped character ("http://x/a\\`") does not end with that escape's backslash
    backslash_escapes: bool = False
    #: the run of characters a bare URI may span (derived from ``stops``, compiled once)
    run: "re.Pattern[str]" = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "run", re.compile(
            r'[^\s"<>`' + UNICODE_STOPS + re.escape(self.stops) + "]*"))


TEXT = ProseStyle()


@dataclass(frozen=True)
class Spans:
    """Sorted, non-overlapping source spans the prose scan must not enter (code, links, tags)."""

    starts: Tuple[int, ...] = ()
    ends: Tuple[int, ...] = ()

    @classmethod
    def of(cls, spans: Iterable[Tuple[int, int]]) -> "Spans":
        merged: List[List[int]] = []
        for s, e in sorted(spans):
            if e <= s:
                continue
            if merged and s <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], e)
            else:
                merged.append([s, e])
        return cls(tuple(m[0] for m in merged), tuple(m[1] for m in merged))

    def locate(self, pos: int, default_end: int) -> int:
        """-1 when ``pos`` is inside a span, else where the next span starts (or ``default_end``)."""
        i = bisect_right(self.ends, pos)
        if i < len(self.starts):
            start = self.starts[i]
            if start <= pos:
                return -1
            return start if start < default_end else default_end
        return default_end


_NO_SPANS = Spans()


def scheme_start(text: str, colon: int, lo: int) -> int:
    """Where the scheme ending at ``colon`` starts, or -1 when no scheme ends there.

    The scheme is the longest run of scheme characters before the colon, without leading
    characters that cannot start one (a scheme begins with ALPHA)."""
    s = colon
    floor = max(lo, colon - MAX_SCHEME)
    chars = _SCHEME_CHARS
    while s > floor and text[s - 1] in chars:
        s -= 1
    if s == floor and s > lo and text[s - 1] in chars:
        return -1  # a run longer than any scheme: a word glued to a colon
    while s < colon and text[s] not in _ALPHA:
        s += 1
    return s if s < colon else -1


def accepts(text: str, start: int, colon: int) -> bool:
    """The issue's rule: "//" follows, or the scheme is registered (and not a path's tail)."""
    if text.startswith("//", colon + 1):
        return not is_pseudo(text[start:colon])
    # "HTTP::Cookies", "URI::Escape": a Perl/C++ scope operator, not a scheme and its ":".
    if text.startswith(":", colon + 1):
        return False
    # "//go:generate": a registered name right after "/" is the end of a path, not a scheme.
    if start > 0 and text[start - 1] == "/":
        return False
    scheme = text[start:colon]
    # "file:line:column[:end]" and "ftp:x:14:50" name registered schemes but are not URIs.
    return is_registered(scheme) and may_follow(scheme.lower(), text, colon + 1)


def cut_unmatched(text: str, start: int, end: int) -> int:
    """Where an unbalanced bracket ends a bare URI: a closer without its opener ("(see
    http://x/)"), or an opener never closed ("http://x/a[label text]" in AsciiDoc)."""
    if text.find("(", start, end) < 0 and text.find("[", start, end) < 0 and text.find(
            "{", start, end) < 0 and text.find(")", start, end) < 0 and text.find(
            "]", start, end) < 0 and text.find("}", start, end) < 0:
        return end
    stack: List[Tuple[str, int]] = []
    for m in _BRACKET.finditer(text, start, end):
        c = m.group()
        if c in "([{":
            stack.append((c, m.start()))
        elif stack and stack[-1][0] == _OPENER[c]:
            stack.pop()
        else:
            return m.start()
    return stack[0][1] if stack else end


def trim_bare(text: str, start: int, end: int) -> int:
    """The end of a bare URI once the sentence's punctuation is given back (see module doc)."""
    if text.find("[/", start, end) >= 0:
        tag = _CLOSING_TAG.search(text, start, end)
        if tag is not None:
            end = tag.start()
    end = cut_unmatched(text, start, end)
    counts = {c: text.count(c, start, end) for c in "()[]{}"}
    while end > start:
        c = text[end - 1]
        if c == ";":
            m = _ENTITY_TAIL.search(text, max(start, end - 36), end)
            if m is not None:
                end = m.start()
                continue
        if c in TRAILING_PUNCTUATION:
            end -= 1
        elif c in _OPENER and counts[c] > counts[_OPENER[c]]:
            counts[c] -= 1
            end -= 1
        else:
            break
    return end


def _before_escape(text: str, start: int, end: int) -> int:
    """``end``, or one less when the URI's last character is the backslash of an escape of the
    character after it (an odd run of backslashes before ASCII punctuation); then the sentence's
    punctuation before that backslash is given back too."""
    k = end
    while k > start and text[k - 1] == "\\":
        k -= 1
    if (end - k) % 2 and end < len(text) and text[end] in _ASCII_PUNCTUATION:
        return trim_bare(text, start, end - 1)
    return end


def _is_empty_uri(text: str, colon: int, end: int) -> bool:
    """Only "scheme:" or "scheme://" is left: a scheme named in prose, not a URI."""
    return end <= colon + 1 or (end == colon + 3 and text.startswith("//", colon + 1))


class _Scanner:
    """One prose scan: the loop state lives here rather than in a dozen locals."""

    def __init__(self, text: str, start: int, end: int, style: ProseStyle, in_code: bool,
                 excluded: Spans) -> None:
        self.text = text
        self.start = start
        self.end = end
        self.style = style
        self.in_code = in_code
        self.excluded = excluded
        self.run = style.run
        self.next_gt = -2  # memo: the next ">" at or after the last angle bracket tried

    def candidates(self) -> List[Candidate]:
        text, excluded, lo = self.text, self.excluded, self.start
        out: List[Candidate] = []
        last_end = lo
        for m in _COLON.finditer(text, lo, self.end):
            colon = m.start()
            if colon < last_end:
                continue
            s = scheme_start(text, colon, max(lo, last_end))
            if s < 0 or not accepts(text, s, colon):
                continue
            limit = excluded.locate(s, self.end) if excluded.starts else self.end
            if limit < 0 or colon + 1 >= limit:
                continue
            found = self._extent(s, colon, limit)
            if found is None:
                continue
            cand = self._candidate(found)
            if cand is not None:
                out.append(cand)
            last_end = max(found[1], colon + 1)
        return out

    # -- extents --------------------------------------------------------------------------
    def _extent(self, s: int, colon: int, limit: int) -> Optional[Tuple[str, int, List[Tuple[int, int]]]]:
        """(context, end, runs): the URI's context, its source end and its source runs."""
        text = self.text
        prev = text[s - 1] if s > self.start else ""
        opener = -1
        if prev == "<":
            opener = s - 1
        elif prev == ":" and s - 5 >= self.start and text[s - 5] == "<" and text[s - 4:s - 1].upper() == "URL":
            opener = s - 5  # Appendix C: "<URL:http://...>", the prefix is not part of the URI
        elif (prev == " " and s - 6 >= self.start and text[s - 6] == "<"
              and text[s - 5:s - 2].upper() == "URL" and text[s - 2] == ":"):
            opener = s - 6
        if opener >= 0:
            angle = self._angle(s, colon, limit)
            if angle is not None:
                return angle
        if self.style.values and prev in ("'", '"'):
            quoted = self._config_quoted(s, prev, limit)
            if quoted is not None:
                return quoted
        run_end = run_end_of(self.run, text, colon, limit)
        if prev == '"' and run_end < len(text) and text[run_end] == '"':
            # Appendix C: double quotes delimit; what is inside them is all URI.
            if _is_empty_uri(text, colon, run_end):
                return None
            return "quoted", run_end, [(s, run_end)]
        if self.style.values and _after_key(text, s, self.start):
            if _is_empty_uri(text, colon, run_end):
                return None
            return "value", run_end, [(s, run_end)]
        end = trim_bare(text, s, run_end)
        if self.style.backslash_escapes:
            end = _before_escape(text, s, end)
        if _is_empty_uri(text, colon, end):
            return None
        runs = [(s, end)]
        # Appendix C: a URI broken right after a hyphen continues on the next line.
        while end == run_end and text[end - 1] == "-" and end < limit and text[end] in "\r\n":
            brk = _HYPHEN_BREAK.match(text, end, limit)
            assert brk is not None  # text[end] is a line break
            nxt = brk.end()
            more = run_end_of(self.run, text, nxt, limit)
            if more == nxt:
                break
            run_end = more
            end = trim_bare(text, nxt, more)
            if end == nxt:
                break
            runs.append((nxt, end))
        return "bare", end, runs

    def _angle(self, s: int, colon: int, limit: int) -> Optional[Tuple[str, int, List[Tuple[int, int]]]]:
        """The runs of ``<uri>`` when the brackets close it, else None (then it is bare)."""
        text = self.text
        if self.next_gt != -1 and self.next_gt < s:
            self.next_gt = text.find(">", s, self.end)
        if self.next_gt < 0 or self.next_gt >= limit:
            return None
        runs: List[Tuple[int, int]] = []
        pos = s
        while True:
            run_end = run_end_of(_ANGLE_RUN, text, pos, limit)
            if run_end > pos:
                runs.append((pos, run_end))
            if run_end >= limit:
                return None
            c = text[run_end]
            if c == ">":
                if not runs or _is_empty_uri(text, colon, run_end):
                    return None
                return "angle", run_end, runs
            wrap = _WRAP.match(text, run_end, limit) if c in " \t\r\n" else None
            if wrap is None or wrap.end() == run_end or not _has_break(text, run_end, wrap.end()):
                return None  # a "<", a quote, or whitespace without a line break
            pos = wrap.end()

    def _config_quoted(self, s: int, quote: str, limit: int) -> Optional[Tuple[str, int, List[Tuple[int, int]]]]:
        """A quoted config value that starts with a URI runs to its closing quote (same line)."""
        text = self.text
        pos = s
        while True:
            close = text.find(quote, pos, limit)
            if close < 0:
                return None
            nl = text.find("\n", s, close)
            if nl >= 0 or "\r" in text[s:close]:
                return None
            if text[close - 1] != "\\" or quote == "'":
                return "quoted", close, [(s, close)]
            pos = close + 1

    # -- building -------------------------------------------------------------------------
    def _candidate(self, found: Tuple[str, int, List[Tuple[int, int]]]) -> Optional[Candidate]:
        context, end, runs = found
        text = self.text
        start = runs[0][0]
        decoder = self.style.decoder
        if len(runs) == 1 and decoder is None:
            return Candidate(text[start:end], start, end, context, self.in_code)
        replacements: List[Replacement] = []
        for i, (r0, r1) in enumerate(runs):
            if i:
                replacements.append((runs[i - 1][1], r0, ""))
            if decoder is not None:
                replacements.extend(decoder(text, r0, r1))
        uri, pieces = build(text, start, end, replacements)
        return Candidate(uri, start, end, context, self.in_code, pieces)


def run_end_of(pattern: "re.Pattern[str]", text: str, pos: int, limit: int) -> int:
    """Where a ``[...]*`` run starting at ``pos`` ends (such a pattern always matches)."""
    m = pattern.match(text, pos, limit)
    return m.end() if m is not None else pos


def _has_break(text: str, start: int, end: int) -> bool:
    return text.find("\n", start, end) >= 0 or text.find("\r", start, end) >= 0


def _line_start(text: str, i: int, lo: int) -> int:
    """Where the line holding offset ``i`` starts its content (after indentation and "- ")."""
    j = i
    while j > lo and text[j - 1] not in "\r\n":
        j -= 1
    while j < i and text[j] in " \t":
        j += 1
    if text.startswith("- ", j) and j + 2 <= i:
        j += 2
        while j < i and text[j] in " \t":
            j += 1
    return j


def _after_key(text: str, s: int, lo: int) -> bool:
    """A config value position: the URI is all that follows ``key:`` or ``key=`` (a key without
    whitespace, at the start of its line, perhaps after a YAML "- "), or it starts the line.

    "Upstream: see order: https://x/," inside a YAML block of prose is not a value: its "key"
    holds spaces, so the URI is read as prose (and gives its trailing comma back)."""
    i = s
    while i > lo and text[i - 1] in " \t":
        i -= 1
    start = _line_start(text, s, lo)
    if i <= start:
        return True  # the URI starts the line (or a YAML list item)
    if text[i - 1] not in ":=":
        return False
    k = i - 1
    while k > start and text[k - 1] in " \t":
        k -= 1  # "key = value" (INI, TOML)
    key = text[start:k]
    if key.startswith(("export ", "set ", "declare ")):
        key = key.split(None, 1)[1] if " " in key.strip() else ""  # shell assignments
    return bool(key) and not any(c in key for c in " \t\"'#")


def scan_prose(text: str, start: int = 0, end: Optional[int] = None, *, style: ProseStyle = TEXT,
               in_code: bool = False, excluded: Spans = _NO_SPANS) -> List[Candidate]:
    """Every URI in ``text[start:end]`` read as prose, outside the ``excluded`` spans."""
    stop = len(text) if end is None else end
    if text.find(":", start, stop) < 0:
        return []
    return _Scanner(text, start, stop, style, in_code, excluded).candidates()


def scan(text: str, include_code: bool = False) -> List[Candidate]:
    """The plain-text format: the whole file is prose."""
    return scan_prose(text)


def scan_many(text: str, ranges: Sequence[Tuple[int, int]], *, style: ProseStyle = TEXT,
              in_code: bool = False) -> List[Candidate]:
    """Prose scans of several ranges (e.g. code blocks when code is included)."""
    out: List[Candidate] = []
    for s, e in ranges:
        if text.find(":", s, e) >= 0:
            out.extend(_Scanner(text, s, e, style, in_code, _NO_SPANS).candidates())
    return out


FORMAT = Format("text", code_aware(scan))
