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

Where a URI starts and ends besides (issue 14):
  - a scheme glued to a word or an escape starts no URI: ``fi%6Ce:///etc/passwd`` (the hex
    digits of a percent-encoding), ``on_page_content:s`` (an identifier).  When the glued run
    ends with ``http`` or ``https`` the URI starts there: ``READMEhttps://example.com/x`` holds
    ``https://example.com/x``.  One stray letter (``hhttps://``) stays part of the scheme: that
    is a typo, and the likely-typo rule says so.  A string escape before a scheme
    (``"...\\nhttps://x"``) is not part of it either;
  - a string escape ends a URI: ``\\n``, ``\\r``, ``\\t`` and (outside Markdown, whose
    backslash escapes are decoded) ``\\"`` and ``\\'`` (an odd run of backslashes), as in the
    ``"Report-Msgid-Bugs-To: https://x/issues\\n"`` of a gettext header, a source map's
    sources or a JavaScript template literal read as plain text;
  - a JSDoc/TSDoc ``{@link url|label}`` and a Slack ``<url|label>`` end the URI at "|";
  - :func:`split_lists`, run on every format's candidates, reads ``a://x,b://y`` (and ``;``, ``|``
    and whitespace) as two URIs and a multi-host authority (``mongodb://h1:1,h2:2/db``) as its
    first host.

Speed: the scan is driven by one literal-anchored regex over ":" (a literal prefix lets the
regex engine skip ahead at C speed), and every run is measured by a single character-class
match; no Python loop visits the characters between candidates.  Every pattern is a single
character class or a literal.  A run's measurements (its end, the escapes and closing tags
that cut it, its bracket structure) and a line's (where its content starts, for config values)
are made once and shared by every candidate in it, so a run or a line of many short URIs
("http://a)http://a)...", "k: http://a http://a ...") is still linear.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from types import MappingProxyType
from typing import Callable, FrozenSet, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from ..candidate import Candidate, Piece
from ..rfc3986 import lazy
from ..rfc3986.iana import is_pseudo, is_registered
from ..rfc3986.schemes import may_follow
from .base import Format, code_aware
from .escapes import Replacement, build, map_span, place

# Section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
_ALPHA = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_SCHEME_CHARS = _ALPHA | frozenset("0123456789+-.")
#: Longer "schemes" are words glued to a colon, not schemes (the longest IANA name has 35).
MAX_SCHEME = 40
#: Longer "keys" before ":" or "=" are not config keys (a URI deep in a long line of prose).
MAX_KEY = 256
#: Longer "labels" after "|" in "<url|label>" are not Slack labels.
MAX_LABEL = 256
_HEX = frozenset("0123456789abcdefABCDEF")
#: The schemes a word may be glued to and still start a URI, longest first.
_GLUED_TAILS = ("https", "http")
#: The string escapes (C, JavaScript, JSON, Python, gettext) that end a URI, and start none:
#: "\\n", "\\r", "\\t".
_LINE_ESCAPES = frozenset("nrt")
#: ... and escaped quotes, where a backslash escape is not the format's own (Markdown decodes
#: "\\'" as "'": _before_escape; inside a quoted config value an escaped quote is part of it).
_ESCAPES = _LINE_ESCAPES | frozenset("\"'")
# A colon that may end a scheme: something other than whitespace or a delimiter follows it.
URI_COLON = lazy.compile(r':(?![\s"<>])')
#: Trailing characters that belong to the sentence, not to a bare URI (the issue's list).
TRAILING_PUNCTUATION = frozenset(".,:;!?*_~'\"")
#: Each closing bracket's opener: a closer ending a URI is given back unless it closes one.
OPENER: Mapping[str, str] = MappingProxyType({")": "(", "]": "[", "}": "{"})
_BRACKET = lazy.compile(r"[()\[\]{}]")
#: Punctuation outside ASCII that ends a bare URI as whitespace does: curly quotes, guillemets,
#: and the CJK and full-width punctuation that follows a URI in Chinese or Japanese prose; and
#: the bidirectional formatting characters a right-to-left text puts around one, which an IRI
#: must not contain (RFC 3987 section 4.1: ALM, LRM, RLM, LRE to RLO, LRI to PDI).
UNICODE_STOPS = ("\u00ab\u00bb\u2018\u2019\u201c\u201d\u3000-\u303f\uff01\uff08\uff09\uff0c\uff1a\uff1b\uff1f\uff5c"
                 "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069")
# An entity reference at the very end of a bare URI (GFM 0.29 section 6.9 trims it too).
_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# A closing markup tag glued to a URI: rich's "[cyan]https://x/[/cyan]", BBCode's
# "[url]http://x/[/url]".  "[" cannot appear in a URI's path, so nothing of a URI is lost.
_CLOSING_TAG = lazy.compile(r"\[/[A-Za-z][A-Za-z0-9 _.=-]*\]")
_ENTITY_TAIL = lazy.compile(r"&#?[A-Za-z0-9]{1,32};\Z")
_BREAK = lazy.compile(r"[\r\n]")
# Appendix C: the whitespace around one line break inside <...> is removed.
_WRAP = lazy.compile(r"[ \t]*(?:\r\n|\r|\n)[ \t]*")
# After a hyphen at a line break: the break, the next line's indentation and quote marks.
_HYPHEN_BREAK = lazy.compile(r"(?:\r\n|\r|\n)[ \t>]*")
# Inside <...>: anything but whitespace, the delimiters, and "<".
_ANGLE_RUN = lazy.compile(r'[^\s<>"]*')

Decoder = Callable[[str, int, int], List[Replacement]]


class ProseStyle:
    """What differs between the prose of plain text, Markdown, reST, HTML and config files."""

    __slots__ = ("decoder", "stops", "values", "backslash_escapes", "bare_end", "string_escapes", "mentions",
                 "entity_stops", "run")

    def __init__(self, decoder: Optional[Decoder] = None, stops: str = "", values: bool = False,
                 backslash_escapes: bool = False, bare_end: Optional[Callable[[str, int, int], int]] = None,
                 string_escapes: bool = True, mentions: bool = False, entity_stops: bool = False) -> None:
        #: finds the escapes (entities, backslash escapes) to decode inside a URI, or None
        self.decoder = decoder
        #: extra characters that end a bare URI (besides whitespace, ``"``, ``<``, ``>`` and "`")
        self.stops = stops
        #: config files: a URI right after ``key:`` or ``key=`` is a value (ends at whitespace
        #: only), and a quoted one extends to its closing quote
        self.values = values
        #: Markdown: a backslash before ASCII punctuation escapes it, so a URI that stops at an
        #: escaped character ("http://x/a\\`") does not end with that escape's backslash
        self.backslash_escapes = backslash_escapes
        #: reST: where a bare URI found at ``text[start:end]`` ends once the format's escapes are
        #: read (``start`` when an escape before it means there is no URI), or None
        self.bare_end = bare_end
        #: whether a string escape ("\\n", "\\t", "\\\"") ends a URI, as in a string pasted into
        #: prose; not in reST, where a backslash escapes the character after it
        self.string_escapes = string_escapes
        #: documents written as prose (Markdown, reST, docstrings): a URI between single quotes is
        #: a string the prose mentions, read as code ("URLs like 'http://:8080/'"); not in plain
        #: text, which is also what urilint reads a program in another language as
        self.mentions = mentions
        #: HTML, XML and Markdown: a character reference to "<", ">" or '"' ends a bare URI,
        #: as the character it reads would
        self.entity_stops = entity_stops
        #: the run of characters a bare URI may span (derived from ``stops``, compiled on first use):
        #: never NUL, which ends a C string (b"http://www.w3.org/ns/ttml\\0" in a binary format's
        #: writer), nor ESC or BEL, which start and end a terminal's control sequences (an OSC 8
        #: hyperlink, "\\x1b]8;;https://x.io\\x07text", or colours glued to a logged URL)
        self.run = lazy.compile(r'[^\s"<>`\x00\x07\x1b' + UNICODE_STOPS + re.escape(stops) + "]*")


TEXT = ProseStyle()


class Spans(NamedTuple):
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

    def covers(self, start: int, end: int) -> bool:
        """Whether one span holds all of ``start..end``."""
        i = bisect_right(self.ends, start)
        return i < len(self.starts) and self.starts[i] <= start and end <= self.ends[i]

    def mark_code(self, found: List[Candidate], include_code: bool) -> List[Candidate]:
        """``found`` with each candidate that one of these (code) spans holds marked ``in_code``,
        and left out without ``include_code``."""
        marked = [c._replace(in_code=True) if self.covers(c.start, c.end) else c for c in found]
        return marked if include_code else [c for c in marked if not c.in_code]

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
#: A paragraph break: a line holding nothing but spaces and tabs.
# (Any line ending, "\r" alone too; the "\r" of a "\r\n" does not end a line of its own.)
_BLANK_LINE = lazy.compile(r"(?:\r\n|\r(?!\n)|\n)[ \t]*[\r\n]")
#: The longest inline literal of a plain-text file, in characters.
_MAX_LITERAL = 400


def scheme_start(text: str, colon: int, lo: int, escapes: FrozenSet[str] = _LINE_ESCAPES) -> int:
    """Where the scheme ending at ``colon`` starts, or -1 when no scheme ends there.

    The scheme is the longest run of scheme characters before the colon, without leading
    characters that cannot start one (a scheme begins with ALPHA), and without what is glued to
    it (see the module doc): the letter of a string escape before it ("\\nhttps:"), and a word
    glued to "http" or "https" ("READMEhttps:").  A scheme glued to a percent-encoding's hex
    digits ("fi%6Ce:") or to an identifier ("on_page_content:") starts no URI, unless it ends
    with "http" or "https".  ``escapes``: the letters of the string escapes (none in reST, where
    "\\t" escapes the "t" and the scheme is "tps")."""
    s = colon
    floor = max(lo, colon - MAX_SCHEME)
    chars = _SCHEME_CHARS
    while s > floor and text[s - 1] in chars:
        s -= 1
    if s == floor and s > lo and text[s - 1] in chars:
        return -1  # a run longer than any scheme: a word glued to a colon
    glued = control = False
    if s > lo:
        before = text[s - 1]
        if before == "\\" and text[s] in escapes and escaped(text, s, lo):
            s += 1  # "\\nhttps://x" in a string: the escape's letter is not the scheme's
        elif before == "%" and s + 2 < colon and text[s] in _HEX and text[s + 1] in _HEX:
            glued = True  # "fi%6Ce:": the hex digits of a percent-encoding, then letters
        elif before == "_" and _after_word(text, s - 1, lo):
            glued = True  # "on_page_content:": an identifier ("_https://x_" is emphasis)
        elif before in "[;":
            control = True  # (perhaps a control sequence's parameters: "\x1b[0;32mhttps:")
    while s < colon and text[s] not in _ALPHA:
        s += 1
    if s >= colon:
        return -1
    if control and _ends_control_sequence(text, s, lo):
        s += 1  # "\x1b[32mhttps://x" in a coloured log: the "m" ends the colour's sequence
        if s >= colon:
            return -1
    tail = _web_tail(text, s, colon)
    if glued:
        return tail
    # "READMEhttps://x": a word glued to a web scheme.  One letter ("hhttps") is a typo of the
    # scheme, and a registered name ("shttp") or a compound ("git+https") is a scheme.
    if tail > s + 1 and text[tail - 1].isalnum() and not is_registered(text[s:colon]):
        return tail
    return s


#: A terminal's control sequence (ECMA-48 CSI: ESC "[", parameter and intermediate bytes, a
#: final byte), at most this long where it matters here.
_CSI = lazy.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
_MAX_CSI = 24


def _ends_control_sequence(text: str, i: int, lo: int) -> bool:
    """Whether ``text[i]`` is the final byte of a control sequence ("\\x1b[0;32m").  (Asked
    only when the scheme's run follows "[" or ";": before most schemes stands a space.)"""
    esc = text.rfind("\x1b[", max(lo, i - _MAX_CSI), i)
    return esc >= 0 and _CSI.fullmatch(text, esc, i + 1) is not None


def escaped(text: str, i: int, lo: int) -> bool:
    """Whether ``text[i]`` follows an odd run of backslashes (from ``lo`` on): the last of them
    escapes it."""
    j = i
    while j > lo and text[j - 1] == "\\":
        j -= 1
    return (i - j) % 2 == 1


#: The keyword of an SQL pattern match, right before the quote of a pattern that holds a "%"
#: wildcard (in capitals, as SQL in a program's strings is written: "like" is an English word).
_SQL_LIKE = lazy.compile(r"\bI?LIKE[ \t]+\Z")
#: A regular expression's character class repeated: "\\w+", "\\d{3}", "\\S*".
_REGEX_CLASS = lazy.compile(r"\\[dDwWsS][+*?{]")
# Regex syntax that no URI contains: an escaped metacharacter or class, a backreference (also in
# a re.sub template, "ssh://\\1/\\2"), a group extension, a negated class, a quantified wildcard
# or group.
_REGEX_SYNTAX = lazy.compile(r"\\[.^$*+?()\[\]{}|/dDwWsSbBAZ0-9]|\\g<|\(\?|\[\^|[.\])][*+]|\)\?")


def reads_as_regex(value: str) -> bool:
    """Whether a whole string value (a Python literal, a JSON string) reads as a regular
    expression: anchored at either end, or holding syntax no URI holds.  Its URIs are patterns
    ("(s3://|https://).+", "^$|kafka://..."), not links."""
    if value.startswith("^") or (value.endswith("$") and not value.endswith("\\$")):
        return True
    return _REGEX_SYNTAX.search(value) is not None


def _after_word(text: str, i: int, lo: int) -> bool:
    """Whether the underscores ending at ``i`` follow a letter or digit (an identifier)."""
    while i > lo and text[i - 1] == "_":
        i -= 1
    return i > lo and text[i - 1].isalnum()


def _web_tail(text: str, s: int, colon: int) -> int:
    """Where a trailing "http" or "https" (any case) of the scheme ``text[s:colon]`` starts, or -1."""
    for name in _GLUED_TAILS:
        start = colon - len(name)
        if start >= s and text[start:colon].lower() == name:
            return start
    return -1


#: Scripts written without spaces between words, and Hangul: after a space, one starts a
#: sentence ("https://home.example.eu から取得した..." in a translation), not a URI's next part.
_SENTENCE_SCRIPT = lazy.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def reads_as_one_uri(value: str, colon: int, opaque: bool = False) -> bool:
    """Whether a string value that starts with a URI (its scheme's colon at ``colon``) is that
    URI, spaces and all: it holds no line break and at most one inner run of whitespace, before
    no sentence of a script written without spaces, and (unless ``opaque``) in a hierarchical
    URI only: in a program, "INFO:app:Reloading x" is a log line.  Otherwise it is prose, and
    the URI ends at a space."""
    if "\n" in value or "\r" in value:
        return False
    words = value.split(None, 2)
    if len(words) == 1:
        return True
    return (len(words) == 2 and (opaque or value.startswith("//", colon + 1))
            and _SENTENCE_SCRIPT.match(words[1]) is None)


def accepts(text: str, start: int, colon: int) -> bool:
    """The issue's rule: "//" follows, or the scheme is registered (and not a path's tail)."""
    if text.startswith("//", colon + 1):
        return not is_pseudo(text[start:colon])
    # "HTTP::Cookies", "URI::Escape": a Perl/C++ scope operator, not a scheme and its ":"; also
    # Perl's ":\:" ("$pkg:\:$_", which keeps "::" out of the variable's name).
    if text.startswith((":", "\\:"), colon + 1):
        return False
    # "//go:generate": a registered name right after "/" is the end of a path, not a scheme.
    if start > 0 and text[start - 1] == "/":
        return False
    scheme = text[start:colon]
    # "file:line:column[:end]" and "ftp:x:14:50" name registered schemes but are not URIs.
    return is_registered(scheme) and may_follow(scheme.lower(), text, colon + 1)


# A colon that may end a scheme in source code: not followed by whitespace or a quote.
_CODE_COLON = lazy.compile(r":(?![\s\"'<>])")


def may_hold_uri(text: str) -> bool:
    """Whether any scheme this scanner accepts (registered, or followed by "//") is followed by
    ":" somewhere in a module.  A module without one has no URI in its literals or comments, so
    it need not be lexed at all: the common case, at C speed, and light enough to run before
    the rest of urilint is imported (the flake8 plugin's start-up).  Misses only a scheme or its
    ":" written as an escape ("http\\x3a//") or split across concatenated literals ("http" "://")."""
    for m in _CODE_COLON.finditer(text):
        colon = m.start()
        s = scheme_start(text, colon, 0)
        if s >= 0 and accepts(text, s, colon):
            return True
    return False


def cut_unmatched(text: str, start: int, end: int) -> int:
    """Where an unbalanced bracket ends a bare URI: a closer without its opener ("(see
    http://x/)"), or an opener never closed ("http://x/a[label text]" in AsciiDoc)."""
    if _BRACKET.search(text, start, end) is None:
        return end
    return _Brackets.scan(text, start, end)[0]


class _Brackets:
    """What a scan of ``text[start:end]`` from ``start`` found out about its brackets, when it
    met no closer without its opener: the openers never closed and the outermost matched pairs.

    A later URI of the same run that starts outside every pair is answered from this (its first
    unclosed opener) without scanning again; one that starts inside a pair scans, and that scan
    stops at the pair's closer at the latest, inside the URI itself.  So a run of many short URIs
    ("http://a(http://a(...") costs one scan, not one per URI."""

    def __init__(self, start: int, end: int, openers: List[int], pairs: List[Tuple[int, int]]) -> None:
        self.start = start
        self.end = end
        self.openers = openers
        self.pair_opens = [o for o, _ in pairs]
        self.pair_closes = [c for _, c in pairs]

    @staticmethod
    def scan(text: str, start: int, end: int) -> Tuple[int, Optional["_Brackets"]]:
        """cut_unmatched's answer, and the structure when the scan reached ``end``."""
        stack: List[Tuple[str, int]] = []
        pairs: List[Tuple[int, int]] = []  # in closing order
        for m in _BRACKET.finditer(text, start, end):
            c = m.group()
            if c in "([{":
                stack.append((c, m.start()))
            elif stack and stack[-1][0] == OPENER[c]:
                pairs.append((stack.pop()[1], m.start()))
            else:
                return m.start(), None
        outer: List[Tuple[int, int]] = []
        for o, close in reversed(pairs):  # pairs nest: one that closes later contains or follows
            if not outer or close < outer[-1][0]:
                outer.append((o, close))
        outer.reverse()
        openers = [i for _, i in stack]
        return (openers[0] if openers else end), _Brackets(start, end, openers, outer)

    def answer(self, s: int) -> int:
        """cut_unmatched(text, s, self.end) for ``s >= self.start``, or -1 when ``s`` is inside a
        matched pair (then only a scan from ``s`` knows)."""
        k = bisect_right(self.pair_opens, s) - 1
        if k >= 0 and self.pair_closes[k] > s:
            return -1
        i = bisect_left(self.openers, s)
        return self.openers[i] if i < len(self.openers) else self.end


def _tag_cut(text: str, start: int, end: int) -> int:
    """Where a closing markup tag glued to the URI starts, or ``end``."""
    if text.find("[/", start, end) >= 0:
        tag = _CLOSING_TAG.search(text, start, end)
        if tag is not None:
            return tag.start()
    return end


def trim_bare(text: str, start: int, end: int) -> int:
    """The end of a bare URI once the sentence's punctuation is given back (see module doc)."""
    return trim_tail(text, start, cut_unmatched(text, start, _tag_cut(text, start, end)))


def _elided_value(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` ends in an ellipsis ("..." or "\u2026") right after a query
    parameter's value of letters and digits: a value cut short, which the placeholder model reads
    as an elision (the rules then judge no secret in it)."""
    dots = end
    while dots > start and text[dots - 1] == ".":
        dots -= 1
    if end - dots < 3:
        if text[end - 1] != "\u2026":
            return False
        dots = end - 1
    eq = text.rfind("=", start, dots)
    return eq > start and text.find("?", start, eq) >= 0 and text[eq + 1:dots].isalnum()


def trim_tail(text: str, start: int, end: int) -> int:
    """trim_bare after the brackets: the trailing punctuation and entity reference given back."""
    counts = {c: text.count(c, start, end) for c in "()[]{}"}
    elision_asked = False  # (once per URI: a long run of dots must not ask at each dot)
    while end > start:
        c = text[end - 1]
        if c == ";":
            m = _ENTITY_TAIL.search(text, max(start, end - 36), end)
            if m is not None:
                end = m.start()
                continue
        if (c == "." or c == "\u2026") and not elision_asked:
            elision_asked = True
            if _elided_value(text, start, end):
                break  # "?token=c8de56fa...": a value cut short where it is shown, not a sentence's end
        if c in TRAILING_PUNCTUATION:
            end -= 1
        elif c in OPENER and counts[c] > counts[OPENER[c]]:
            counts[c] -= 1
            end -= 1
        else:
            break
    return end


def first_escape(text: str, start: int, end: int, letters: FrozenSet[str]) -> int:
    """Where the first string escape of ``letters`` in ``text[start:end]`` starts (its escaping
    backslash: the last of an odd run), or ``end``.  The escaped letter may be ``text[end]``."""
    pos = text.find("\\", start, end)
    n = len(text)
    while pos >= 0:
        j = pos + 1
        while j < end and text[j] == "\\":
            j += 1
        if (j - pos) % 2 and j < n and text[j] in letters:
            return j - 1
        pos = text.find("\\", j, end)
    return end


def _before_escape(text: str, start: int, end: int, block_end: int) -> int:
    """``end``, or one less when the URI's last character is the backslash of an escape of the
    character after it (an odd run of backslashes before ASCII punctuation), or of a hard line
    break (CommonMark 0.31 section 6.7: before a line ending that more of the block, ending at
    ``block_end``, follows; at a block's end the backslash is literal); then the sentence's
    punctuation before that backslash is given back too.  Encoding such a backslash would
    change what the text around the URI is, not the URI."""
    k = end
    while k > start and text[k - 1] == "\\":
        k -= 1
    if (end - k) % 2 and end < len(text) and (text[end] in _ASCII_PUNCTUATION or _hard_break(text, end, block_end)):
        return trim_bare(text, start, end - 1)
    return end


def _hard_break(text: str, end: int, block_end: int) -> bool:
    """Whether a line ending starts at ``end`` and more of the block follows it."""
    if text.startswith("\r\n", end):
        return end + 2 < block_end
    return text[end] in "\r\n" and end + 1 < block_end


def _is_empty_uri(text: str, colon: int, end: int) -> bool:
    """Only "scheme:" or "scheme://" is left: a scheme named in prose, not a URI."""
    return end <= colon + 1 or (end == colon + 3 and text.startswith("//", colon + 1))


def _before_continuation(text: str, s: int, end: int) -> int:
    """``end``, or before the backslash that ends the line there, and the punctuation before it:
    a line continuation (a Java properties or Makefile value, a C macro, a wrapped config list:
    "disallowAlg http://www.w3.org/TR/1999/REC-xslt-19991116,\\"), not the URI's."""
    if end > s + 1 and text[end - 1] == "\\" and end < len(text) and text[end] in "\r\n":
        return trim_tail(text, s, end - 1)
    return end


#: A character reference to a delimiter of URIs in prose: "<", ">" or '"' (HTML's named ones,
#: decimal and hexadecimal).
_DELIMITER_ENTITY = lazy.compile(r"&(?:lt|gt|quot|#0*(?:60|62|34)|#[xX]0*(?:3[cCeE]|22));")
#: The context of a URI that prose quotes as a string: a bare URI, read as code.
_MENTION = "mention"


def _closing_quote(text: str, s: int, end: int) -> int:
    """Where a URI opened by "'" ends: at the "'" that closes it, the first one not followed by
    a letter or digit (``uri='https://x.io',next=1``), or ``end``.  A "'" is a sub-delim
    (section 2.2), so the run went on past it; one followed by a letter is an apostrophe
    (``'https://w.org/wiki/Ender's_Game'``) and stays."""
    q = text.find("'", s, end)
    while q >= 0:
        if q + 1 >= len(text) or not text[q + 1].isalnum():
            return trim_tail(text, s, q)
        q = text.find("'", q + 1, end)
    return end


def _after_jsdoc_link(text: str, s: int, lo: int) -> bool:
    """Whether the URI at ``s`` is the target of a JSDoc/TSDoc ``{@link url|label}`` (also
    ``@linkcode``, ``@linkplain``): then "|" starts its label."""
    i = s
    while i > lo and i > s - 8 and text[i - 1] in " \t":
        i -= 1
    if i == s:
        return False
    head = text[max(lo, i - 11):i]
    return head.endswith(("{@link", "{@linkcode", "{@linkplain"))


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
        self.letters = (_LINE_ESCAPES if style.backslash_escapes else _ESCAPES) if style.string_escapes \
            else frozenset()
        self.scheme_escapes = _LINE_ESCAPES if style.string_escapes else frozenset()
        self.next_gt = -2  # memo: the next ">" at or after the last angle bracket tried
        self.next_break = -1  # memo: the next line break after the last URI cut inside "<...>"
        # memo: the current run (from, to, limit), and what cuts it: escapes and closing tags
        self.run_from = self.run_to = self.run_limit = -1
        self.escapes: List[int] = []
        self.tags: List[int] = []
        self.brackets: Optional[_Brackets] = None
        self.line_at = self.line_content = -1  # memo: the last URI's line and where it starts

    def candidates(self) -> List[Candidate]:
        text, excluded, lo = self.text, self.excluded, self.start
        out: List[Candidate] = []
        last_end = lo
        for m in URI_COLON.finditer(text, lo, self.end):
            colon = m.start()
            if colon < last_end:
                continue
            s = scheme_start(text, colon, max(lo, last_end), self.scheme_escapes)
            if s < 0 or not accepts(text, s, colon):
                continue
            limit = excluded.locate(s, self.end) if excluded.starts else self.end
            if limit < 0 or colon + 1 >= limit:
                continue
            found = self._extent(s, colon, limit)
            if found is None:
                continue
            cand = self._candidate(found)
            # A URI right after a regular expression's start anchor ("^https://" in a JSON
            # Schema's or an OpenAPI document's "pattern"), or holding an escaped dot
            # ("https://[a-z]+\\.example\\.com/") or a repeated class ("https://percy.io/\\w+"),
            # is part of a pattern: no URI holds any of them; so is the quoted pattern of an SQL
            # LIKE ("WHERE name LIKE 'tag:%'").  (Inline: every candidate asks.)
            if cand is not None and not ((s > lo and (text[s - 1] == "^" or (
                    text[s - 1] in "'\"" and "%" in cand.uri and _SQL_LIKE.search(text, max(lo, s - 8), s - 1))))
                    or ("\\" in cand.uri and ("\\." in cand.uri or _REGEX_CLASS.search(cand.uri) is not None))):
                if found[0] == "bare" and self._cut_in_angle(s, found[1]):
                    cand = cand._replace(open_end=True)
                out.append(cand)
            last_end = max(found[1], colon + 1)
        return out

    # -- runs -----------------------------------------------------------------------------
    def _line_start(self, s: int) -> int:
        """_line_start(text, s, start), measured once per line (the URIs of a line share it)."""
        text = self.text
        if 0 <= self.line_at <= s and not _has_break(text, self.line_at, s):
            self.line_at = s
            return self.line_content
        self.line_at, self.line_content = s, _line_start(text, s, self.start)
        return self.line_content

    def _run_end(self, pos: int, limit: int) -> int:
        """Where the run holding ``pos`` ends; measured once per run (with what cuts it)."""
        if self.run_from <= pos <= self.run_to and limit == self.run_limit:
            return self.run_to
        text = self.text
        end = run_end_of(self.run, text, pos, limit)
        if self.style.entity_stops and text.find("&", pos, end) >= 0:
            # "&lt;" reads "<", which delimits a URI as a "<" would (an RSS description's escaped
            # markup after a URL: "https://x.io/a/&lt;/a&gt;"); so do "&gt;" and "&quot;".
            m = _DELIMITER_ENTITY.search(text, pos, end)
            if m is not None:
                end = m.start()
        self.run_from, self.run_to, self.run_limit = pos, end, limit
        self.escapes = []
        p = first_escape(text, pos, end, self.letters)
        while p < end:
            self.escapes.append(p)
            p = first_escape(text, p + 2, end, self.letters)
        self.tags = []
        if text.find("[/", pos, end) >= 0:
            self.tags = [t.start() for t in _CLOSING_TAG.finditer(text, pos, end)]
        self.brackets = None
        return end

    def _escape_end(self, s: int, run_end: int) -> int:
        """The end of the run holding ``s``, or the string escape that ends the URI before it."""
        i = bisect_left(self.escapes, s)
        return self.escapes[i] if i < len(self.escapes) else run_end

    def _bare_end(self, s: int, end: int) -> int:
        """trim_bare(text, s, end), with the run's measurements shared between its URIs."""
        text = self.text
        i = bisect_left(self.tags, s)
        if i < len(self.tags) and self.tags[i] < end:
            end = self.tags[i]
        if _after_jsdoc_link(text, s, self.start):
            bar = text.find("|", s, end)
            end = bar if bar >= 0 else end
        memo = self.brackets
        cut = memo.answer(s) if memo is not None and memo.end == end and memo.start <= s else -1
        if cut < 0:
            if _BRACKET.search(text, s, end) is None:
                cut = end
            else:
                cut, found = _Brackets.scan(text, s, end)
                if found is not None:
                    self.brackets = found
        return trim_tail(text, s, cut)

    # -- extents --------------------------------------------------------------------------
    def _extent(self, s: int, colon: int, limit: int) -> Optional[Tuple[str, int, List[Tuple[int, int]]]]:
        """(context, end, runs): the URI's context, its source end and its source runs."""
        text = self.text
        prev = text[s - 1] if s > self.start else ""
        if self._opener(s) >= 0:
            angle = self._angle(s, colon, limit)
            if angle is not None:
                return angle
        if self.style.values and prev in ("'", '"'):
            quoted = self._config_quoted(s, prev, limit)
            if quoted is not None:
                # '"http://" or "https://"' names two schemes, as the double quotes of prose do.
                return None if _is_empty_uri(text, colon, quoted[1]) else quoted
        run_end = self._run_end(colon, limit)
        esc_end = self._escape_end(s, run_end)
        if prev == '"' and esc_end < len(text) and (text[esc_end] == '"' or text.startswith('\\"', esc_end)):
            # Appendix C: double quotes delimit; what is inside them is all URI.  In a string,
            # escaped quotes (\"https://x\") delimit it the same way.
            if _is_empty_uri(text, colon, esc_end):
                return None
            return "quoted", esc_end, [(s, esc_end)]
        if self.style.values and _after_key(text, s, self.start, self._line_start(s)):
            esc_end = _before_continuation(text, s, esc_end)
            if _is_empty_uri(text, colon, esc_end):
                return None
            return "value", esc_end, [(s, esc_end)]
        end = self._bare_end(s, esc_end)
        if prev == "'":
            end = _closing_quote(text, s, end)
            if self._mentioned(s, colon, end):
                return _MENTION, end, [(s, end)]
        elif prev == "+" and end - 1 > s and text[end - 1] == "+":
            # AsciiDoc's passthrough, "`+http://localhost:8080+`": the "+" that opened the URI
            # closes it ("+" is a sub-delim, kept at a URI's end elsewhere: "/c++").
            end = trim_tail(text, s, end - 1)
        if self.style.backslash_escapes:
            end = _before_escape(text, s, end, self.end)
        elif self.style.bare_end is not None:
            end = self.style.bare_end(text, s, end)
        elif text[end - 1] == "\\":  # (the call only then: every bare URI of plain text comes here)
            end = _before_continuation(text, s, end)
        if _is_empty_uri(text, colon, end):
            return None
        runs = [(s, end)]
        # Appendix C: a URI broken right after a hyphen continues on the next line.
        while end == run_end and text[end - 1] == "-" and end < limit and text[end] in "\r\n":
            brk = _HYPHEN_BREAK.match(text, end, limit)
            assert brk is not None  # text[end] is a line break
            nxt = brk.end()
            more = self._run_end(nxt, limit)
            if more == nxt:
                break
            cont = self._bare_end(nxt, self._escape_end(nxt, more))
            if cont == nxt:
                break  # (nothing of a URI after the break, " * @see" in a doc comment: it ends at the "-")
            run_end, end = more, cont
            runs.append((nxt, end))
        return "bare", end, runs

    def _mentioned(self, s: int, colon: int, end: int) -> bool:
        """Whether the URI at ``s`` that a "'" opened and the one at ``end`` closes is a string
        the prose mentions, as a program writes one ("Raise ValueError for URLs like
        'http://:8080/'", a changelog's), not a link to follow, which Appendix C's prose writes
        bare, in "<>" or in double quotes (in a style that reads mentions)."""
        text = self.text
        return self.style.mentions and end < len(text) and text[end] == "'" and not _is_empty_uri(text, colon, end)

    def _opener(self, s: int) -> int:
        """The "<" that opens a delimited URI starting at ``s`` (RFC 3986 Appendix C), or -1."""
        text, lo = self.text, self.start
        prev = text[s - 1] if s > lo else ""
        if prev == "<":
            return s - 1
        if prev == ":" and s - 5 >= lo and text[s - 5] == "<" and text[s - 4:s - 1].upper() == "URL":
            return s - 5  # Appendix C: "<URL:http://...>", the prefix is not part of the URI
        if prev == " " and s - 6 >= lo and text[s - 6] == "<" and text[s - 5:s - 2].upper() == "URL" \
                and text[s - 2] == ":":
            return s - 6
        return -1

    def _cut_in_angle(self, s: int, end: int) -> bool:
        """True when a bare URI opened by "<" ends at a space before the ">" on its line.

        ``<https://exa mple.com/>`` is no delimited URI (the space is not a line break), so it
        is read as bare text; but where the writer meant it to end is unknown, so nothing that
        depends on its end (an empty path, a trailing dot) may be judged or fixed."""
        text = self.text
        if end >= self.end or text[end] not in " \t" or self._opener(s) < 0:
            return False
        gt = self.next_gt  # _angle found it for this "<": the next ">" after ``s``, or -1
        if gt < end:
            return False
        if self.next_break < end:  # memo, as next_gt: candidates only move forward
            self.next_break = _next_break(text, end, self.end)
        return gt < self.next_break

    def _angle(self, s: int, colon: int, limit: int) -> Optional[Tuple[str, int, List[Tuple[int, int]]]]:
        """The runs of ``<uri>`` when the brackets close it, else None (then it is bare)."""
        text = self.text
        if self.next_gt != -1 and self.next_gt < s:
            self.next_gt = text.find(">", s, self.end)
        if self.next_gt < 0 or self.next_gt >= limit:
            return None
        bar = text.find("|", s, run_end_of(_ANGLE_RUN, text, s, limit))
        if bar > colon + 1 and bar < self.next_gt <= bar + MAX_LABEL and not _has_break(text, bar, self.next_gt):
            return "angle", bar, [(s, bar)]  # Slack's "<https://x|label>": the label is not the URI's
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
            if self.style.backslash_escapes and c in "\r\n" and _before_escape(text, pos, run_end, self.end) < run_end:
                return None  # Markdown: the backslash before the break makes it a hard line break
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
            k = close
            while k > s and text[k - 1] == "\\":
                k -= 1
            if (close - k) % 2 == 0 or quote == "'":  # (an even run of backslashes escapes none)
                # A string escape ends the URI inside the quotes too ("https://x\\n").
                close = first_escape(text, s, close, _LINE_ESCAPES)
                return "quoted", close, [(s, close)]
            pos = close + 1

    # -- building -------------------------------------------------------------------------
    def _candidate(self, found: Tuple[str, int, List[Tuple[int, int]]]) -> Optional[Candidate]:
        context, end, runs = found
        text = self.text
        start = runs[0][0]
        decoder = self.style.decoder
        if len(runs) == 1:
            in_code = self.in_code
            if context == _MENTION:
                context, in_code = "bare", True  # (code's reading: only credentials are judged)
            # (One run: verbatim unless the style's decoder finds an escape, most often none.)
            found_escapes = decoder(text, start, end) if decoder is not None else None
            if not found_escapes:
                return Candidate(text[start:end], start, end, context, in_code)
            uri, pieces = build(text, start, end, found_escapes)
            return Candidate(uri, start, end, context, in_code, pieces)
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


def _next_break(text: str, start: int, end: int) -> int:
    """The first line break at or after ``start`` (``end`` when there is none)."""
    m = _BREAK.search(text, start, end)
    return m.start() if m is not None else end


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


def _after_key(text: str, s: int, lo: int, start: int = -1) -> bool:
    """A config value position: the URI is all that follows ``key:`` or ``key=`` (a key without
    whitespace, at the start of its line, perhaps after a YAML "- "), or it starts the line.
    ``start`` is ``_line_start(text, s, lo)`` when the caller knows it.

    "Upstream: see order: https://x/," inside a YAML block of prose is not a value: its "key"
    holds spaces, so the URI is read as prose (and gives its trailing comma back)."""
    i = s
    while i > lo and text[i - 1] in " \t":
        i -= 1
    if start < 0:
        start = _line_start(text, s, lo)
    if i <= start:
        return True  # the URI starts the line (or a YAML list item)
    if text[i - 1] not in ":=":
        return False
    k = i - 1
    while k > start and text[k - 1] in " \t":
        k -= 1  # "key = value" (INI, TOML)
    if k - start > MAX_KEY:
        return False  # not a key: the URI is deep in a long line (and each URI of it is O(1))
    key = text[start:k]
    if key.startswith(("export ", "set ", "declare ")):
        key = key.split(None, 1)[1] if " " in key.strip() else ""  # shell assignments
    if not key or any(c in key for c in " \t\"'#"):
        return False
    # A "key" that opens a bracket it does not close is the inside of an expression, whose
    # closing bracket ends the URI: tox's "{env:NAME:https://x}" on a continuation line, a
    # YAML flow mapping's "{url: https://x}".
    return all(key.count(o) <= key.count(c) for o, c in ("{}", "[]", "()"))


def scan_prose(text: str, start: int = 0, end: Optional[int] = None, *, style: ProseStyle = TEXT,
               in_code: bool = False, excluded: Spans = _NO_SPANS) -> List[Candidate]:
    """Every URI in ``text[start:end]`` read as prose, outside the ``excluded`` spans."""
    stop = len(text) if end is None else end
    if text.find(":", start, stop) < 0:
        return []
    return _Scanner(text, start, stop, style, in_code, excluded).candidates()


def scan_decoded(value: str, pieces: Tuple[Piece, ...], base: int, style: ProseStyle = TEXT) -> List[Candidate]:
    """The prose candidates of a decoded string value, mapped back to the source."""
    return [place(c, pieces, base) for c in scan_prose(value, style=style)]


def scan(text: str, include_code: bool = False) -> List[Candidate]:
    """The plain-text format: the whole file is prose, but for inline literals (``code``)."""
    if "``" not in text or text.find(":") < 0:
        return scan_prose(text)
    code = inline_literals(text)
    if not code.starts:
        return scan_prose(text)
    # The literals are left out of the prose scan and scanned as code of their own: no
    # candidate is looked up in them one by one.
    found = scan_prose(text, excluded=code)
    if include_code:
        found.extend(c for s, e in zip(code.starts, code.ends) for c in scan_prose(text, s, e, in_code=True))
    return found


def _line_breaks(text: str, start: int, end: int) -> int:
    """Line breaks in ``text[start:end]``, "\r\n", "\r" and "\n" alike (an old Mac file's)."""
    return text.count("\n", start, end) + text.count("\r", start, end) - text.count("\r\n", start, end)


def inline_literals(text: str) -> Spans:
    """The ````code```` spans of a plain-text file, as reStructuredText and Markdown both write
    an inline literal (a README.txt, or Sphinx sources kept as .txt, as Django's are): a pair of
    double backquotes in one paragraph, over at most three lines and 400 characters (longer,
    they are two fences of a code block, or unrelated).  Whatever a URI between them shows
    ("a URL like ````http://example..com/```` would pass") is code, as it is in those formats."""
    spans: List[Tuple[int, int]] = []
    start = text.find("``")
    while start >= 0:
        end = text.find("``", start + 2)
        if end < 0:
            break
        breaks = _line_breaks(text, start, end) if end - start <= _MAX_LITERAL else 3
        if breaks > 2 or (breaks and _BLANK_LINE.search(text, start, end) is not None):
            start = end  # (no pair across a paragraph break: the closing one may open the next)
            continue
        spans.append((start, end + 2))
        start = text.find("``", end + 2)
    return Spans.of(spans)


def scan_many(text: str, ranges: Sequence[Tuple[int, int]], *, style: ProseStyle = TEXT,
              in_code: bool = False) -> List[Candidate]:
    """Prose scans of several ranges (e.g. code blocks when code is included)."""
    out: List[Candidate] = []
    for s, e in ranges:
        if text.find(":", s, e) >= 0:
            out.extend(_Scanner(text, s, e, style, in_code, _NO_SPANS).candidates())
    return out


FORMAT = Format("text", code_aware(scan))


# -- lists of URIs and lists of hosts (every format's candidates) ------------------------------
#: Contexts in which the text is one link target by definition: never split into a list.
_LINK_CONTEXTS = frozenset({"markdown-link", "markdown-image", "reference-definition", "html-attribute",
                           "rst-link", "autolink", "angle"})
# A separator of a list of URIs: ",", ";" or "|" (spaces may follow), or whitespace, right
# before something shaped like a scheme and its colon (accepts() decides).
# "::" chains two: fsspec's "zip://inner.json::https://host/archive.zip" (each URL opens the one
# before it).
_LIST_GAP = lazy.compile(r"(?:[,;|][ \t]*|[ \t]+|::)(?=[A-Za-z][A-Za-z0-9+.-]{0,39}:)")
# One host of a multi-host authority: a name or address, or an IP literal, and its port.
_HOST = r"(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._~%-]+)"
_HOST_PORT = lazy.compile(_HOST + r":[0-9]+(?=[,;])")
# The hosts after the first, each with its own userinfo or not (celery's
# "cache+memcached://u:pass1@h1:11211;u:pass2@h2:11211/", MongoDB's "u:pass1@h1:27017,u:pass2@h2:27017").
_MORE_HOSTS = lazy.compile(r"(?:[,;](?:[A-Za-z0-9._~%!$&'()*+=:-]*@)?" + _HOST + r"(?::[0-9]+)?)+")
_MAY_LIST = lazy.compile(r"[,;|\s]")  # (and "::", a substring test: an alternation costs the class its fast scan)


def _list_end(uri: str, start: int, lists: bool) -> Tuple[int, int]:
    """Where the hierarchical URI starting at ``start`` ends inside a list, and where the next
    one starts (-1: none, the rest is not a URI; ``len(uri)``: it runs to the end).

    Two shapes, both looked for in the authority and path only (a query may hold URIs):
      - with ``lists``, "a://x,b://y", "a://x;b://y", "a://x|b://y", "a://x b://y": a separator
        right before another scheme (Kafka listeners, a proxy list, a failover broker list), and
        fsspec's chains, "zip://x.json::https://host/a.zip";
      - "mongodb://u:p@h1:27017,h2:27017/db", "memcache://h1:11211;h2:11211/": a host list, the
        documented syntax of MongoDB, libpq and memcached clients.  A port is digits, so a ","
        or ";" after one starts another host; the URI is read as its first host (the userinfo
        and first host are checked, the other hosts are not a URI).  Each host may carry a
        userinfo of its own ("u:pass1@h1:11211;u:pass2@h2:11211"), and the first one's ends at its
        "@", not at the last one of the list."""
    n = len(uri)
    colon = uri.find(":", start)
    if colon < 0 or not uri.startswith("//", colon + 1):
        return n, n
    auth = colon + 3
    stop = n
    for c in "?#":
        i = uri.find(c, auth, stop)
        if i >= 0:
            stop = i
    if lists:
        for m in _LIST_GAP.finditer(uri, auth, stop):
            nxt = m.end()
            scolon = uri.find(":", nxt)
            if scheme_start(uri, scolon, nxt) == nxt and accepts(uri, nxt, scolon):
                return m.start(), nxt
    slash = uri.find("/", auth, stop)
    auth_end = slash if slash >= 0 else stop
    host = uri.rfind("@", auth, auth_end) + 1 or auth
    first = _HOST_PORT.match(uri, host, auth_end)
    if first is None and host > auth:
        # Several "@": the first host may have a userinfo of its own, as each after it has.
        first = _HOST_PORT.match(uri, uri.find("@", auth, auth_end) + 1, auth_end)
    if first is not None:
        more = _MORE_HOSTS.match(uri, first.end(), auth_end)
        if more is not None and more.end() == auth_end:
            return first.end(), -1
    return n, n


def split_list(c: Candidate) -> List[Candidate]:
    """The URIs of a candidate that holds a list of them (see _list_end); ``[c]`` when it is one.

    A link target (a Markdown or reST link, an HTML attribute, an autolink, ``<...>``) is one
    URI by definition: only a host list is read in it."""
    uri = c.uri
    if "::" not in uri and not _MAY_LIST.search(uri):
        return [c]
    lists = c.context not in _LINK_CONTEXTS
    spans: List[Tuple[int, int]] = []
    pos, n = 0, len(uri)
    while True:
        end, nxt = _list_end(uri, pos, lists)
        spans.append((pos, end))
        if nxt < 0 or nxt >= n:
            break
        pos = nxt
    if spans == [(0, n)]:
        return [c]
    parts: List[Candidate] = []
    for a, b in spans:
        colon = uri.find(":", a, b)
        if colon < 0 or _is_empty_uri(uri, colon, b):
            continue  # "amqp://;redis://": a list of scheme names
        s0, s1, pieces = map_span(c.pieces, c.start, a, b)
        # Only the last part keeps an open end, only the first an open start.
        parts.append(c._replace(uri=uri[a:b], start=s0, end=s1, pieces=pieces,
                             open_start=c.open_start and a == 0, open_end=c.open_end and b == len(uri)))
    return parts


def split_lists(found: List[Candidate]) -> List[Candidate]:
    """split_list over a format's candidates (the registry runs it on every format)."""
    out: List[Candidate] = []
    for c in found:
        out.extend(split_list(c))
    return out
