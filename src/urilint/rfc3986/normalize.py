"""Syntax-based (RFC 3986 section 6.2.2) and scheme-based (6.2.3) normalization.

What changes: scheme and host to lowercase (6.2.2.1; ASCII letters only, so IRI hosts keep their
characters), percent-encoding hex digits to uppercase (6.2.2.1), percent-encoded unreserved
characters decoded (6.2.2.2), dot-segments removed (6.2.2.3) from the paths of URIs with a scheme
and from absolute paths (a relative path's leading "../" means something until resolution), and
for the schemes in :mod:`.schemes` the default or empty port dropped and an empty path made "/".

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

from . import grammar
from .reference import URIReference, _check_str, compose_authority, parse
from .resolve import remove_dot_segments
from .schemes import DEFAULT_PORTS, EMPTY_PATH_IS_ROOT

_ASCII_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ASCII_LOWER_TABLE = str.maketrans(_ASCII_UPPER, _ASCII_UPPER.lower())
_SPLIT_PCT = re.compile("(%[0-9A-Fa-f]{2})")


def ascii_lower(text: str) -> str:
    """Lowercase ASCII letters only (scheme and host case rules are ASCII rules)."""
    return text.lower() if text.isascii() else text.translate(_ASCII_LOWER_TABLE)


def _decode(hex_pair: str, keep_hex: bool) -> Optional[str]:
    """The unreserved character a triplet encodes (6.2.2.2), or None to keep it encoded.

    With ``keep_hex`` an encoded hex digit stays encoded: beside a "%" that starts no triplet,
    a decoded "0"-"9"/"A"-"F" would complete one ("%3%30" would become "%30"), turning an
    invalid reference into a valid one that means something else, and breaking idempotence."""
    char = chr(int(hex_pair, 16))
    if char not in grammar.UNRESERVED or (keep_hex and char in grammar.HEXDIG):
        return None
    return char


def normalize_pct(text: str) -> str:
    """6.2.2.1 and 6.2.2.2: uppercase percent-encoding hex, decode encoded unreserved characters."""
    if "%" not in text:
        return text
    keep_hex = grammar.BAD_PCT.search(text) is not None

    def sub(m: "re.Match[str]") -> str:
        char = _decode(m.group(1), keep_hex)
        return char if char is not None else "%" + m.group(1).upper()

    return grammar.PCT_ENCODED.sub(sub, text)


def normalize_host(host: str) -> str:
    """Lowercase a host (any kind) except inside percent-encodings, after decoding unreserved."""
    if "%" not in host:
        return ascii_lower(host)
    keep_hex = grammar.BAD_PCT.search(host) is not None
    pieces = _SPLIT_PCT.split(host)
    for i, piece in enumerate(pieces):
        if i % 2:
            char = _decode(piece[1:], keep_hex)
            pieces[i] = ascii_lower(char) if char is not None else piece.upper()
        else:
            pieces[i] = ascii_lower(piece)
    return "".join(pieces)


_PATH_CHARS = grammar.PCHAR | frozenset("/%")


def _is_path_text(path: str) -> bool:
    """True when every character may stand in a path (section 3.3) and every "%" starts a
    pct-encoded triplet (2.1): the only paths whose dot-segments may be removed."""
    return all(c in _PATH_CHARS for c in path) and grammar.BAD_PCT.search(path) is None


def normalize_path(path: str, *, has_scheme: bool, has_authority: bool) -> str:
    """6.2.2.2 and 6.2.2.3 on a path, keeping its meaning and the form of its reference."""
    path = normalize_pct(path)
    if not (has_scheme or path.startswith("/")) or "." not in path:
        return path
    if not _is_path_text(path):
        # "/b c/../d" must not become "/d": dropping a segment would delete the very text a
        # problem is reported on and turn an invalid reference into a valid, different one.
        return path
    cleaned = remove_dot_segments(path)
    if not has_authority and cleaned.startswith("//"):
        # "x:/.//a" must not become "x://a": a leading "//" would read as an authority.
        return path
    return cleaned


def normalize_reference(ref: URIReference, default_ports: Mapping[str, int] = DEFAULT_PORTS) -> URIReference:
    """Normalize parsed components; ``default_ports`` may extend :data:`DEFAULT_PORTS`."""
    scheme = ascii_lower(ref.scheme) if ref.scheme is not None else None
    host, port = ref.host, ref.port
    if host is not None:
        host = normalize_host(host)
        default = default_ports.get(scheme) if scheme is not None else None
        if port is not None and default is not None and _is_port(port, default):
            port = None
    authority = compose_authority(ref.userinfo, host, port)
    path = normalize_path(ref.path, has_scheme=scheme is not None, has_authority=authority is not None)
    if path == "" and authority is not None and scheme in EMPTY_PATH_IS_ROOT:
        path = "/"
    query = normalize_pct(ref.query) if ref.query is not None else None
    fragment = normalize_pct(ref.fragment) if ref.fragment is not None else None
    return URIReference(scheme, authority, ref.userinfo, host, port, path, query, fragment)


def _is_port(port: str, default: int) -> bool:
    """An empty port, or one whose ASCII digits spell the default (":080" is ":80")."""
    if port == "":
        return True
    return all(c in grammar.DIGIT for c in port) and int(port) == default


def normalize(text: str, default_ports: Optional[Mapping[str, int]] = None) -> str:
    """The normal form of a URI reference (sections 6.2.2 and 6.2.3)."""
    _check_str(text, "text")
    return str(normalize_reference(parse(text), default_ports if default_ports is not None else DEFAULT_PORTS))
