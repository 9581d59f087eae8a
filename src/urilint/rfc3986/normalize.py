"""Syntax-based (RFC 3986 section 6.2.2) and scheme-based (6.2.3) normalization.

What changes: scheme and host to lowercase (6.2.2.1; ASCII letters only, so IRI hosts keep their
characters), percent-encoding hex digits to uppercase (6.2.2.1), percent-encoded unreserved
characters decoded (6.2.2.2), dot-segments removed (6.2.2.3) from the paths of URIs with a scheme
and from absolute paths (a relative path's leading "../" means something until resolution), an
empty port dropped for every scheme (section 3.2.3), and for the schemes in :mod:`.schemes` the
default port dropped and an empty path made "/".

One departure from 6.2.2.2: in a fragment directive (``#:~:text=...``) encoded unreserved
characters stay encoded, because there ``%2D`` and ``-`` are not equivalent (see
:data:`FRAGMENT_DIRECTIVE`).

What never changes: the userinfo (it may be a credential; its bytes are the user's), the case of
paths, queries and fragments, reserved characters (encoded or not), empty "?" and "#"
delimiters, and any character of an invalid input: it is normalized where it can be and kept
elsewhere, so normalization never loses text and preserves validity.  A path holding a character
that no path may hold keeps its dot-segments, so no invalid segment is ever removed with them;
and where a "%" starts no triplet, encoded hex digits stay encoded, so none can complete one.
"""

from __future__ import annotations

import re
from typing import Mapping, Optional

from . import grammar, lazy
from .reference import _APPENDIX_B, URIReference, _check_str, compose_authority, parse, split_authority
from .resolve import remove_dot_segments
from .schemes import DEFAULT_PORTS, EMPTY_PATH_IS_ROOT

_ASCII_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ASCII_LOWER_TABLE = str.maketrans(_ASCII_UPPER, _ASCII_UPPER.lower())
_SPLIT_PCT = lazy.compile("(%[0-9A-Fa-f]{2})")


def ascii_lower(text: str) -> str:
    """Lowercase ASCII letters only (scheme and host case rules are ASCII rules)."""
    return text.lower() if text.isascii() else text.translate(_ASCII_LOWER_TABLE)


def decode_triplet(hex_pair: str, keep_hex: bool) -> Optional[str]:
    """The unreserved character a triplet encodes (6.2.2.2), or None to keep it encoded.

    With ``keep_hex`` an encoded hex digit stays encoded: beside a "%" that starts no triplet,
    a decoded "0"-"9"/"A"-"F" would complete one ("%3%30" would become "%30"), turning an
    invalid reference into a valid one that means something else, and breaking idempotence."""
    char = chr(int(hex_pair, 16))
    if char not in grammar.UNRESERVED or (keep_hex and char in grammar.HEXDIG):
        return None
    return char


def normalize_pct(text: str, keep_hex: Optional[bool] = None) -> str:
    """6.2.2.1 and 6.2.2.2: uppercase percent-encoding hex, decode encoded unreserved characters.

    ``keep_hex`` defaults to whether ``text`` holds a "%" that starts no triplet; a caller
    normalizing part of a component passes the whole component's answer."""
    if "%" not in text:
        return text
    if keep_hex is None:
        keep_hex = grammar.BAD_PCT.search(text) is not None

    def sub(m: "re.Match[str]") -> str:
        char = decode_triplet(m.group(1), keep_hex)
        return char if char is not None else "%" + m.group(1).upper()

    return grammar.PCT_ENCODED.sub(sub, text)


#: Where a fragment directive starts (URL Fragment Text Directives, "#:~:text=a%2Db,-c").
#: There "-", "," and "&" are the directive's syntax, so an encoded "-" and a literal one mean
#: different things: decoding "%2D" (6.2.2.2) would change which text a browser finds.
FRAGMENT_DIRECTIVE = ":~:"


def normalize_fragment(fragment: str) -> str:
    """normalize_pct, except that a fragment directive's triplets are only uppercased."""
    cut = fragment.find(FRAGMENT_DIRECTIVE)
    if cut == -1:
        return normalize_pct(fragment)
    directive = _SPLIT_PCT.sub(lambda m: m.group(1).upper(), fragment[cut:])
    return normalize_pct(fragment[:cut], grammar.BAD_PCT.search(fragment) is not None) + directive


def normalize_host(host: str) -> str:
    """Lowercase a host (any kind) except inside percent-encodings, after decoding unreserved."""
    if "%" not in host:
        return ascii_lower(host)
    keep_hex = grammar.BAD_PCT.search(host) is not None
    # An IP literal holds no percent-encoding (section 3.2.2; zone IDs are RFC 6874's): decoding
    # "[::1.2.3%2E4]" would read it as another, valid host, so its triplets are only uppercased.
    literal = host.startswith("[")
    pieces = _SPLIT_PCT.split(host)
    for i, piece in enumerate(pieces):
        if i % 2:
            char = None if literal else decode_triplet(piece[1:], keep_hex)
            pieces[i] = ascii_lower(char) if char is not None else piece.upper()
        else:
            pieces[i] = ascii_lower(piece)
    return "".join(pieces)


_PATH_TEXT = lazy.compile(grammar.char_class(grammar.PCHAR | frozenset("/%")) + "*")
#: A complete "." or ".." segment (section 3.3): only then is remove_dot_segments needed.
_DOT_SEGMENT = lazy.compile(r"(?:^|/)\.\.?(?:/|$)")


def is_path_text(path: str) -> bool:
    """True when every character may stand in a path (section 3.3) and every "%" starts a
    pct-encoded triplet (2.1): the only paths whose dot-segments may be removed."""
    return _PATH_TEXT.fullmatch(path) is not None and ("%" not in path or grammar.BAD_PCT.search(path) is None)


def has_dot_segment(path: str) -> bool:
    return "." in path and _DOT_SEGMENT.search(path) is not None


def normalize_path(path: str, *, has_scheme: bool, has_authority: bool) -> str:
    """6.2.2.2 and 6.2.2.3 on a path, keeping its meaning and the form of its reference."""
    path = normalize_pct(path)
    if not (has_scheme or path.startswith("/")) or not has_dot_segment(path):
        return path
    if not is_path_text(path):
        # "/b c/../d" must not become "/d": dropping a segment would delete the very text a
        # problem is reported on and turn an invalid reference into a valid, different one.
        return path
    cleaned = remove_dot_segments(path)
    if not has_authority and cleaned.startswith("//"):
        # "x:/.//a" must not become "x://a": a leading "//" would read as an authority.
        return path
    return cleaned


def normalize_authority(authority: str, scheme: Optional[str], default_ports: Mapping[str, int]) -> str:
    """Host to lowercase (6.2.2.1), an empty port dropped (section 3.2.3: "URI producers and
    normalizers should omit the port component and its ':' delimiter if port is empty") and the
    scheme's default port dropped (6.2.3).  The userinfo is kept byte for byte."""
    (userinfo, _), (host, _), (port, _) = split_authority(authority)
    host = normalize_host(host or "")
    if port is not None:
        default = default_ports.get(scheme) if scheme is not None else None
        if port == "" or (default is not None and spells_port(port, default)):
            port = None
    return compose_authority(userinfo, host, port) or ""


def normalize_reference(ref: URIReference, default_ports: Mapping[str, int] = DEFAULT_PORTS) -> URIReference:
    """Normalize parsed components; ``default_ports`` may extend :data:`DEFAULT_PORTS`."""
    return parse(normalize(str(ref), default_ports))


def spells_port(port: str, default: int) -> bool:
    """Whether the ASCII digits of ``port`` spell ``default`` (":080" is ":80")."""
    # Length first: int() of a 5,000-digit port raises (Python's 4,300-digit limit) and is slow.
    # (isdigit() of an ASCII text holds for "0"-"9" alone.)
    return (port.isascii() and (port.isdigit() or not port) and len(port.lstrip("0")) <= 5
            and int(port.lstrip("0") or "0") == default)


def normalize(text: str, default_ports: Optional[Mapping[str, int]] = None) -> str:
    """The normal form of a URI reference (sections 6.2.2 and 6.2.3).

    Works on the Appendix B groups directly (no intermediate objects): it runs for every URI a
    fix touches and in the benchmark against other normalizers."""
    _check_str(text, "text")
    ports = default_ports if default_ports is not None else DEFAULT_PORTS
    m = _APPENDIX_B.match(text)
    assert m is not None  # Appendix B matches any string
    scheme, authority, path, query, fragment = m.group(1, 2, 3, 4, 5)
    out = []
    if scheme is not None:
        scheme = ascii_lower(scheme)
        out.append(scheme)
        out.append(":")
    if authority is not None:
        out.append("//")
        out.append(normalize_authority(authority, scheme, ports))
    path = normalize_path(path, has_scheme=scheme is not None, has_authority=authority is not None)
    if path == "" and authority is not None and scheme in EMPTY_PATH_IS_ROOT:
        path = "/"
    out.append(path)
    if query is not None:
        out.append("?")
        out.append(normalize_pct(query))
    if fragment is not None:
        out.append("#")
        out.append(normalize_fragment(fragment))
    return "".join(out)
