"""Helpers shared by several rules: problem classes, IRI characters, normalization edits."""

from __future__ import annotations

import functools
import unicodedata
from types import MappingProxyType
from typing import Dict, FrozenSet, Iterable, List, Mapping, Optional, Sequence, Tuple

from ..finding import apply_edits
from ..rfc3986 import grammar, lazy
from ..rfc3986.normalize import FRAGMENT_DIRECTIVE, decode_triplet, has_dot_segment, is_path_text, spells_port
from ..rfc3986.resolve import remove_dot_segments
from ..rfc3986.schemes import normalization
from ..rfc3986.validate import SyntaxProblem, describe
from . import idn
from .base import Analysis, default_ports

Edit = Tuple[int, int, str]

# RFC 3987 section 2.2: ucschar and iprivate, as code point ranges.
_UCSCHAR = ((0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF)) + tuple(
    (plane, plane + 0xFFFD) for plane in range(0x10000, 0xE0000 + 1, 0x10000)
)
_IPRIVATE = ((0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD))
#: Components where RFC 3987 allows ucschar (iprivate only in the query).
IRI_COMPONENTS: FrozenSet[str] = frozenset({"userinfo", "host", "path", "query", "fragment"})
#: gen-delims that are misplaced wherever the grammar rejects them (section 2.2)
DELIMITERS: FrozenSet[str] = frozenset("[]#@")


def _in(ranges: Iterable[Tuple[int, int]], cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def is_invisible_or_space(char: str) -> bool:
    """Format (bidi, zero-width, soft hyphen) and space characters: never meant in a URI even
    where RFC 3987 would allow them (section 4.1 forbids bidi formatting characters)."""
    return unicodedata.category(char) in ("Cf", "Zs", "Zl", "Zp", "Cc", "Cs")


def is_iri_char(char: str, component: str) -> bool:
    """A non-ASCII character that RFC 3987 allows in this component of an IRI."""
    cp = ord(char)
    if cp < 0x80 or is_invisible_or_space(char) or component not in IRI_COMPONENTS:
        return False
    return _in(_UCSCHAR, cp) or (component == "query" and _in(_IPRIVATE, cp))


#: What kind of syntax problem each syntax rule reports (``problems_for(a, kind)``).
PCT = "pct-encoded"
SCHEME = "scheme"
PORT = "port"
HOST = "host"
PATH_NOSCHEME = "path-noscheme"
DELIMITER = "delimiter"
IRI = "iri"
CHARACTER = "character"
#: A character RFC 3986 forbids that real URLs use by convention (URI111, off by default).
CONVENTION = "convention"
#: Not a problem at all: ASCII whitespace in the data of a base64 data: URI, which every
#: consumer drops (the WHATWG Infra Standard's forgiving-base64 decode; RFC 2045 section 6.8).
#: No rule reports this kind.
IGNORED = "ignored"

#: Characters RFC 3986 forbids but that real URLs use by convention in these components, and
#: that the WHATWG URL parser leaves as they are or percent-encodes silently (URI111's doc says
#: which).  Brackets and braces count only when they pair up inside the component; "{" and "}"
#: in a path are left out (there a brace is a template slot, or the trace of a broken one).
#: In the userinfo only "|", "^" and "`", which the parser percent-encodes there silently (the
#: userinfo percent-encode set), and which a password holds to pass a password policy
#: ("tiger^5HHH"); brackets there are delimiters.  Never the scheme, the host or the port: there
#: these characters are accidents.
CONVENTIONS: Mapping[str, FrozenSet[str]] = MappingProxyType({
    "userinfo": frozenset("|^`"),
    "path": frozenset("|^`[]"),
    "query": frozenset("|^`[]{}"),
    "fragment": frozenset("|^`[]{}#"),
})
#: Characters a textual data: URI's data holds as markup ("data:image/svg+xml,<svg
#: xmlns=%22...%22></svg>", the inline-SVG favicon idiom): the WHATWG parser keeps every one of
#: them as it is in a data: URL's opaque path (only C0 controls are encoded there), and the
#: data: URL processor hands them to the image as written.  By convention there, not accidents;
#: a line break or a tab stays one (the parser drops it, joining the markup's words).
DATA_MARKUP: FrozenSet[str] = frozenset(' <>"{}|^`')
_OPENERS = {"]": "[", "}": "{"}
#: The Infra Standard's ASCII whitespace: TAB, LF, FF, CR, SPACE.
ASCII_WHITESPACE: FrozenSet[str] = frozenset("\t\n\x0c\r ")


def _paired(a: Analysis) -> FrozenSet[int]:
    """Offsets of the brackets and braces that pair up inside their component ("p[a][0]=",
    "[slug]"), worked out once per URI.  A lone one ("/a]", "#intro]") is the trace of a typo
    or of a link cut in the wrong place, not a convention."""
    if a.paired is None:
        found: List[int] = []
        for component in CONVENTIONS:
            stack: List[int] = []
            for p in a.problems:
                if p.component != component:
                    continue
                char = a.text[p.offset]
                if char in "[{":
                    stack.append(p.offset)
                elif char in _OPENERS and stack and a.text[stack[-1]] == _OPENERS[char]:
                    found += (stack.pop(), p.offset)
        a.paired = frozenset(found)
    return a.paired


def _base64_data_start(a: Analysis) -> int:
    """Where the data of a base64 data: URI starts (after its ","); -1 for any other URI.

    As the Fetch Standard's data: URL processor reads it: the media type, stripped of ASCII
    whitespace, ends in ";" and "base64" (any case) with optional spaces between."""
    if a.base64_from is None:
        a.base64_from = -1
        comma = a.text.find(",") if a.scheme == "data" else -1
        if comma != -1:
            head = a.text[5:comma].strip("".join(ASCII_WHITESPACE))
            semi = head.rfind(";")
            if semi != -1 and head[semi + 1:].lstrip(" ").lower() == "base64":
                a.base64_from = comma + 1
    return a.base64_from


def _textual_data_start(a: Analysis) -> int:
    """Where the data of a data: URI that is not base64 starts (after its ","); -1 for any
    other URI.  (Asked for each character of DATA_MARKUP in a path: worked out once per URI,
    as a search for a "," that is not there would read the whole URI each time.)"""
    if a.scheme != "data":
        return -1
    if a.text_data_from is None:
        comma = a.text.find(",") if _base64_data_start(a) < 0 else -1
        a.text_data_from = comma + 1 if comma >= 0 else -1
    return a.text_data_from


def problem_kind(a: Analysis, p: SyntaxProblem) -> str:
    """Which kind of syntax problem ``p`` is; each syntax rule reports one kind."""
    char = a.text[p.offset] if p.offset < len(a.text) else ""
    if p.rule == "pct-encoded":
        return PCT
    if p.component == "scheme":
        return SCHEME
    if p.rule == "port":
        return PORT
    if p.rule in ("IPv6address", "IPvFuture", "IP-literal", "authority"):
        return HOST
    if p.rule == "path-noscheme":
        return PATH_NOSCHEME
    if char in CONVENTIONS.get(p.component, ()) and (char not in "[]{}" or p.offset in _paired(a)):
        return CONVENTION
    if char in DATA_MARKUP and p.component == "path" and 0 <= _textual_data_start(a) <= p.offset:
        return CONVENTION
    if char in ASCII_WHITESPACE and p.component == "path" and 0 <= _base64_data_start(a) <= p.offset:
        return IGNORED
    if char in DELIMITERS:
        return DELIMITER
    if char and is_iri_char(char, p.component):
        return IRI
    if char in idn.JOINERS and p.component == "host" and _joiner_allowed(a, p.offset):
        return IRI  # a joiner where IDNA 2008 allows it: an IDN label (URI110), not an accident
    return CHARACTER


def _joiner_allowed(a: Analysis, offset: int) -> bool:
    span = a.ref.span("host")
    if span is None or span[1] - span[0] > idn.MAX_CODE_POINTS:
        return False  # checked before slicing: each joiner of a huge host asks
    return idn.joiner_allowed(a.text[span[0]:span[1]], offset - span[0])


def problem_kinds(a: Analysis) -> Dict[str, List[SyntaxProblem]]:
    """The URI's problems by kind, each in order.  Each problem is classified once per URI: the
    signs and every syntax rule ask, and a URI may hold thousands of problems (a wrapped data:
    URI).  Read after ``a.ignore_before`` is settled (the checker sets it first)."""
    if a.kinds is None:
        kinds: Dict[str, List[SyntaxProblem]] = {}
        if a.characters_only():
            # Each non-ASCII problem is a letter is_iri_char allows in every component:
            # problem_kind would say IRI for it (a test holds the two equal).
            for p in a.problems:
                kind = IRI if a.text[p.offset] >= "\x80" else problem_kind(a, p)
                kinds.setdefault(kind, []).append(p)
        else:
            for p in a.problems:
                kinds.setdefault(problem_kind(a, p), []).append(p)
        a.kinds = kinds
    return a.kinds


def problems_for(a: Analysis, kind: str) -> List[SyntaxProblem]:
    """The URI's problems of one kind, in order."""
    return list(problem_kinds(a).get(kind, ()))


def char_label(a: Analysis, offset: int, component: str) -> str:
    """How a message names a character: never quoting the userinfo (it may be a password)."""
    if component == "userinfo":
        return "a character in the userinfo"
    return describe(a.text[offset])


#: How a message names several of one character (one is named by ``describe``).
_PLURALS = {" ": "spaces", "\n": "line breaks (U+000A)", "\r": "carriage returns (U+000D)",
            "\t": "tabs (U+0009)"}


def _count_label(char: str, n: int, noun: str) -> str:
    if char == "":
        return f"a {noun} in the userinfo" if n == 1 else f"{n} {noun}s in the userinfo"
    if n == 1:
        return describe(char)
    plural = _PLURALS.get(char)
    return f"{n} {plural}" if plural else f"{describe(char)} ({n} times)"


def count_chars(a: Analysis, problems: Sequence[SyntaxProblem], noun: str = "character") -> str:
    """How one finding's message counts the characters of all its problems, in order of first
    appearance: "' ' (space)", "14 spaces", "2 spaces and '\"'", "'[', ']' and 3 other
    characters".  Never quotes the userinfo's (it may be a password): "a {noun} in the userinfo"."""
    counts: Dict[str, int] = {}
    for p in problems:
        key = "" if p.component == "userinfo" else a.text[p.offset]
        counts[key] = counts.get(key, 0) + 1
    parts = [_count_label(char, n, noun) for char, n in counts.items()]
    if len(parts) > 3:
        parts = parts[:2] + [f"{sum(list(counts.values())[2:])} other characters"]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def first_run(problems: Sequence[SyntaxProblem]) -> Tuple[int, int]:
    """The span a finding points at: its first problem, with the problems right after it (a CR LF
    pair, two spaces)."""
    start = end = problems[0].offset
    for p in problems[1:]:
        if p.offset != end + 1:
            break
        end = p.offset
    return start, end + 1


def components(problems: Sequence[SyntaxProblem]) -> str:
    """The components the problems are in, as a message names them: "the path and the query"."""
    names = [f"the {c}" for c in dict.fromkeys(p.component for p in problems)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def pct_encode(char: str) -> Optional[str]:
    """UTF-8 percent-encoding (RFC 3986 section 2.5); None for a lone surrogate."""
    if char < "\x80":
        return f"%{ord(char):02X}"  # (one byte: the common space, quote or control character)
    try:
        data = char.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return "".join(f"%{b:02X}" for b in data)


def may_percent_encode(a: Analysis, p: SyntaxProblem) -> bool:
    """Whether a fix may percent-encode the character of ``p``: never in the userinfo (its bytes
    are the user's), never in a non-ASCII host (IDNA maps those, and a joiner may belong to its
    label; an encoded host names nothing a resolver looks up: see rules.idn)."""
    return p.component != "userinfo" and not (p.component == "host" and not (a.ref.host or "").isascii())


def encode_problems_fix(a: Analysis, problems: List[SyntaxProblem]) -> Optional[str]:
    """Percent-encode each offending character, unless one of them may not be."""
    for p in problems:  # (a loop, not all() over a generator: every reported character asks)
        if not may_percent_encode(a, p):
            return None
    return encode_chars_fix(a, [p.offset for p in problems])


def encode_chars_fix(a: Analysis, offsets: Iterable[int]) -> Optional[str]:
    """The URI with the characters at ``offsets`` percent-encoded; None if one cannot be."""
    edits: List[Edit] = []
    for off in offsets:
        enc = pct_encode(a.text[off])
        if enc is None:
            return None
        edits.append((off, off + 1, enc))
    return apply_edits(a.text, edits) if edits else None


# --- Normalization as edits (RFC 3986 section 6.2.2, 6.2.3, 3.2.3) ----------------------------
#: The aspects of the normal form; each normalization rule reports one (``Rule.aspect``).
ASPECTS = ("scheme-case", "host-case", "pct-case", "pct-unreserved", "dot-segments", "default-port",
           "empty-port", "empty-path")


def _triplet_edit(a: Analysis, i: int, aspects: FrozenSet[str], lower_decoded: bool, keep_hex: bool) -> Optional[Edit]:
    triplet = a.text[i:i + 3]
    # The core's rule (normalize.decode_triplet): beside a stray "%", hex digits stay encoded.
    char = decode_triplet(triplet[1:], keep_hex)
    if "pct-unreserved" in aspects and char is not None:
        return (i, i + 3, char.lower() if lower_decoded else char)
    if "pct-case" in aspects and triplet != triplet.upper():
        return (i, i + 3, triplet.upper())
    return None


_PCT_ASPECTS = frozenset({"pct-case", "pct-unreserved"})
_INTERESTING = lazy.compile("%[0-9A-Fa-f]{2}|[A-Z]+")
_TRIPLETS = lazy.compile("%[0-9A-Fa-f]{2}")


def _component_edits(a: Analysis, component: str, aspects: FrozenSet[str]) -> List[Edit]:
    """Percent-encoding (and for the host, case) edits inside one component.

    Visits only what can change (triplets, and uppercase runs in the host) rather than every
    character: this runs for every URI that misses check()'s fast path."""
    if not aspects & _PCT_ASPECTS and not (component == "host" and "host-case" in aspects):
        return []  # nothing here to change for these aspects (each 2xx rule asks for its own)
    span = a.ref.span(component)
    if span is None:
        return []
    start, end = span
    text = a.text
    is_host = component == "host"
    lower_host = is_host and "host-case" in aspects
    if "%" not in text[start:end] and not lower_host:
        return []
    edits: List[Edit] = []
    keep_hex = grammar.BAD_PCT.search(text, start, end) is not None
    pattern = _INTERESTING if lower_host else _TRIPLETS
    check_slots = bool(a.placeholders)
    # A fragment directive's triplets are uppercased but never decoded (as normalize_fragment).
    directive = text.find(FRAGMENT_DIRECTIVE, start, end) if component == "fragment" else -1
    only_case = aspects - {"pct-unreserved"} if directive >= 0 else aspects
    for m in pattern.finditer(text, start, end):
        i, j = m.span()
        if check_slots and a.in_placeholder(i, j):
            continue
        if text[i] == "%":
            edit = _triplet_edit(a, i, only_case if 0 <= directive <= i else aspects, lower_host, keep_hex)
            if edit is not None:
                edits.append(edit)
        else:
            edits.append((i, j, text[i:j].lower()))
    return edits


def _path_edits(a: Analysis, aspects: FrozenSet[str]) -> List[Edit]:
    ref = a.ref
    start, end = a.span("path")
    pct = _component_edits(a, "path", aspects)
    dots = "dot-segments" in aspects and (ref.scheme is not None or ref.path.startswith("/"))
    if not dots or "." not in ref.path or a.in_placeholder(start, end):
        return pct
    path = apply_edits(a.text, pct)[start:end + sum(len(r) - (e - s) for s, e, r in pct)]
    if not has_dot_segment(path) or not is_path_text(path):
        return pct  # as the core: no segment holding invalid text is ever removed
    cleaned = remove_dot_segments(path)
    if cleaned == path or (ref.authority is None and cleaned.startswith("//")):
        return pct
    return [(start, end, cleaned)]


def meaning_kept(a: Analysis) -> FrozenSet[str]:
    """The aspects of the normal form that keep this URI's meaning: its scheme's record in
    :data:`~urilint.rfc3986.schemes.NORMALIZATION` (a relative reference: what resolution
    against an http(s) page keeps).  The scheme's case always may change (section 3.1).

    A scheme with an ``extra-default-ports`` entry has a TCP port by the user's word, so its
    default and empty ports are dropped too; nothing else is assumed about it."""
    if a.kept is None:
        a.kept = _meaning_kept(a.scheme, a.settings.extra_default_ports)
    return a.kept


@functools.lru_cache(maxsize=64)
def _meaning_kept(scheme: Optional[str], extra_default_ports: Tuple[Tuple[str, int], ...]) -> FrozenSet[str]:
    # Cached per scheme (and the user's extra ports): the same few schemes come again and again.
    record = normalization(scheme)
    kept = {"scheme-case"}
    if record.host_case:
        kept.add("host-case")
    if record.percent_encoding:
        kept.update(("pct-case", "pct-unreserved"))
    if record.dot_segments:
        kept.add("dot-segments")
    port_known = scheme is not None and scheme in default_ports(extra_default_ports)
    if record.empty_port or port_known:
        kept.add("empty-port")
    if port_known:
        kept.add("default-port")
    if record.empty_path_is_root:
        kept.add("empty-path")
    return frozenset(kept)


def normalization_edits(a: Analysis, aspects: FrozenSet[str]) -> List[Edit]:
    """Edits that bring the URI to normal form for the given aspects, as far as its scheme
    keeps the meaning (:func:`meaning_kept`); userinfo is never touched and placeholders never
    changed.  Cached per URI: every 2xx rule asks.  Once a rule has asked for its own aspect
    (:func:`aspect_edits`), only the aspects that may edit this URI (:func:`live_aspects`) are
    worked out: a URI with one aspect to fix (the common reported URI) then shares the edits
    that rule found.  (A rule that asks for no aspect of its own, URI201, is not made to work
    out which ones may apply.)"""
    aspects = aspects & (a.live if a.live is not None else meaning_kept(a))
    cached = a.cache.get(aspects)
    if cached is None:
        cached = a.cache[aspects] = _normalization_edits(a, aspects)
    return list(cached)


_PORT_ASPECTS = frozenset({"default-port", "empty-port"})


def _normalization_edits(a: Analysis, aspects: FrozenSet[str]) -> List[Edit]:
    if aspects <= _PCT_ASPECTS:
        return _pct_edits(a, aspects)
    return _all_edits(a, aspects)


def _pct_edits(a: Analysis, aspects: FrozenSet[str]) -> List[Edit]:
    """_all_edits for the percent-encoding aspects alone (a subset of _PCT_ASPECTS): an encoded
    URI's rules (URI203, URI204) and its normal fix each ask for a different set, and each
    walked every component for the same triplets; they are read once per URI (a test holds
    the two ways equal)."""
    if "%" not in a.text:
        return []
    decode, upper = "pct-unreserved" in aspects, "pct-case" in aspects
    edits: List[Edit] = []
    for i, char, up in _triplets(a):
        if decode and char is not None:
            edits.append((i, i + 3, char))
        elif upper and up is not None:
            edits.append((i, i + 3, up))
    return edits


def _triplets(a: Analysis) -> List[Tuple[int, Optional[str], Optional[str]]]:
    """The URI's triplets outside the userinfo and placeholders, as _component_edits visits
    them (host, path, query, fragment): each one's offset, the unreserved character it decodes
    to (None: it stays encoded, as beside a stray "%" or in a fragment directive) and its
    uppercase (None: it is uppercase already).  Once per URI."""
    if a.triplets is None:
        found: List[Tuple[int, Optional[str], Optional[str]]] = []
        text, ref = a.text, a.ref
        for component in ("host", "path", "query", "fragment"):
            span = ref.span(component)
            if span is None or "%" not in text[span[0]:span[1]]:
                continue
            start, end = span
            keep_hex = grammar.BAD_PCT.search(text, start, end) is not None
            directive = text.find(FRAGMENT_DIRECTIVE, start, end) if component == "fragment" else -1
            for m in _TRIPLETS.finditer(text, start, end):
                i = m.start()
                if a.placeholders and a.in_placeholder(i, i + 3):
                    continue
                triplet = m.group()
                char = None if 0 <= directive <= i else decode_triplet(triplet[1:], keep_hex)
                up = triplet.upper()
                found.append((i, char, up if up != triplet else None))
        a.triplets = found
    return a.triplets


def _all_edits(a: Analysis, aspects: FrozenSet[str]) -> List[Edit]:
    # Each component is visited only when one of the aspects can change it (every reported URI
    # that misses check()'s fast path asks, most often for one aspect): the edits come out in
    # the same order, component by component.
    ref = a.ref
    edits: List[Edit] = []
    scheme = ref.scheme
    if "scheme-case" in aspects and scheme is not None and scheme != scheme.lower():
        scheme_span = ref.span("scheme")
        if scheme_span is not None:
            edits.append((scheme_span[0], scheme_span[1], scheme.lower()))
    pct = "%" in a.text and not aspects.isdisjoint(_PCT_ASPECTS)
    host = ref.host
    if host and ("%" in host or ("host-case" in aspects and host != host.lower())):
        edits += _component_edits(a, "host", aspects)
    if ref.port is not None and not aspects.isdisjoint(_PORT_ASPECTS):
        port_span = ref.span("port")
        if port_span is not None and not a.in_placeholder(*port_span):
            default = a.default_ports.get(a.scheme or "")
            if ref.port == "" and "empty-port" in aspects:
                edits.append((port_span[0] - 1, port_span[1], ""))
            elif ref.port and default is not None and "default-port" in aspects and spells_port(ref.port, default):
                edits.append((port_span[0] - 1, port_span[1], ""))
    if pct or ("dot-segments" in aspects and "." in ref.path):
        edits += _path_edits(a, aspects)
    if "empty-path" in aspects and ref.path == "" and ref.authority is not None:
        pos = a.span("path")[0]
        # An authority that ends in a slot ("http://{host}", "http://%s%s") may get its path
        # from the slot: whether the path is empty is not known.
        if not (pos and a.in_placeholder(pos - 1, pos)):
            edits.append((pos, pos, "/"))
    if pct:
        edits += _component_edits(a, "query", aspects)
        edits += _component_edits(a, "fragment", aspects)
    return edits


def normal_fix(a: Analysis) -> Optional[str]:
    """The URI normalized for every enabled 2xx aspect (one fix shared by all 2xx findings, so
    applying the safe fixes of a URI gives its normal form in one step)."""
    edits = normalization_edits(a, a.aspects)
    return apply_edits(a.text, edits) if edits else None


#: Each aspect alone, as the key of Analysis.cache (a frozenset keeps its hash once worked out).
_ONE_ASPECT: Mapping[str, FrozenSet[str]] = MappingProxyType({aspect: frozenset({aspect}) for aspect in ASPECTS})


def aspect_edits(a: Analysis, aspect: str) -> List[Edit]:
    """normalization_edits for one aspect (every 2xx rule asks for its own)."""
    if aspect not in live_aspects(a):
        return []  # the common case of a reported URI: most aspects have nothing to do
    one = _ONE_ASPECT[aspect]
    cached = a.cache.get(one)
    if cached is None:
        cached = a.cache[one] = _normalization_edits(a, one)
    return list(cached)


def live_aspects(a: Analysis) -> FrozenSet[str]:
    """The aspects that keep this URI's meaning and may edit it: a cheap necessary condition
    per aspect, worked out once per URI (an aspect left out surely edits nothing)."""
    if a.live is None:
        ref = a.ref
        live: List[str] = []
        if ref.scheme is not None and not ref.scheme.islower():
            live.append("scheme-case")
        host = ref.host
        if host is not None and (host != host.lower() or "%" in host):
            live.append("host-case")
        if "%" in a.text:
            live += _PCT_ASPECTS
        if "." in ref.path:
            live.append("dot-segments")
        if ref.port == "":
            live.append("empty-port")
        elif ref.port is not None:
            live.append("default-port")
        if ref.path == "" and ref.authority is not None:
            live.append("empty-path")
        a.live = meaning_kept(a).intersection(live)
    return a.live


