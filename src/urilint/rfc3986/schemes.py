"""Scheme-specific facts: which RFC 3986 section 6 normalizations keep a scheme's meaning.

Section 6.2.2 states its equivalences for "URIs that use components of the generic syntax", and
6.2.3 leaves the rest to each scheme's specification.  Whether an equivalence holds in practice
depends on how the scheme's consumers read the URI, so each scheme whose normalization is known
to keep the meaning has a record below, :data:`NORMALIZATION`, that names the spec saying so
and lists, aspect by aspect, what may change:

  host case (6.2.2.1)       the host is a DNS name or an IP address, compared case-insensitively
  percent-encoding (6.2.2.1, 6.2.2.2)  consumers percent-decode the URI, so "%3a" is "%3A" and
                            "%7E" is "~"
  dot-segments (6.2.2.3)    the path is hierarchical and its "." and ".." segments are removed
                            when the URI is resolved or dereferenced (section 5.2.4)
  empty and default port (3.2.3, 6.2.3)  the port is a TCP port and an empty one means the default
  empty path (6.2.3)        an empty path with an authority means "/"

The records:
  http, https: RFC 9110 sections 4.2.1-4.2.3: host case-insensitive, ports 80 and 443, "/" for
               an empty path, and normalization "based on ... Sections 6.2.2 and 6.2.3 of [URI]"
  ws, wss:     RFC 6455 section 3 (generic-syntax host, ports 80 and 443, resource name "/" for an
               empty path); the WHATWG URL Standard parses them as it parses http
  ftp:         RFC 1738 section 3.2 (a DNS host, port 21) and section 3.2.2 (an empty url-path is
               the root directory); the WHATWG URL Standard parses it as it parses http
  file:        RFC 8089: percent-encoding only.  The path is a file name, and the system that opens
               it resolves ".." after following symbolic links ("/a/link/../b" need not be "/a/b");
               the "host" may be a Windows drive ("file://C:/x" is host "C" with an empty port)
  data:        RFC 2397 section 2: percent-encoding only (the data is URL-encoded octets)
  mailto:      RFC 6068 sections 2 and 5: percent-encoding only (the address is decoded first)

Every other scheme has no record, and nothing but its case (section 3.1) is normalized.  That
covers the database URLs (sqlite, postgres, mysql, mongodb, redis, ...: "sqlite:///../data.db"
names a file relative to the working directory, and a database name is case-sensitive), the
"host"s that are not hosts (a percent-encoded socket path in "http+unix://%2Fvar%2Frun%2Fapp",
an Azure connection string in "azureblockblob://DefaultEndpointsProtocol=...;AccountKey=..."),
and every scheme this table does not know.

A relative reference has no scheme of its own: it is resolved against its document's base URI,
which for a link in published documentation is an http(s) page (:data:`RELATIVE_REFERENCE`).
Section 5.2.2 removes the dot-segments of a path that starts with "/" whatever the base
("T.path = remove_dot_segments(R.path)"), so removing them first cannot change the target; a
relative path ("../x") is merged with the base's path first and keeps its dots.  The default
port depends on which web scheme the base has, so it is not dropped.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, NamedTuple, Optional

from . import lazy


class Normalization(NamedTuple):
    """Which normalizations keep the meaning of one scheme's URIs (see the module docstring)."""

    reference: str  #: the specification that says so
    host_case: bool = False  #: the host is case-insensitive (6.2.2.1)
    percent_encoding: bool = False  #: hex case and encoded unreserved characters (6.2.2.1, 6.2.2.2)
    dot_segments: bool = False  #: "." and ".." segments may be removed (6.2.2.3)
    empty_port: bool = False  #: an empty port means the default one (3.2.3)
    default_port: Optional[int] = None  #: the port a missing one means (6.2.3)
    empty_path_is_root: bool = False  #: an empty path with an authority means "/" (6.2.3)


def _web(reference: str, port: int) -> Normalization:
    return Normalization(reference, host_case=True, percent_encoding=True, dot_segments=True,
                         empty_port=True, default_port=port, empty_path_is_root=True)


NORMALIZATION: Mapping[str, Normalization] = MappingProxyType({
    "http": _web("RFC 9110 sections 4.2.1 and 4.2.3", 80),
    "https": _web("RFC 9110 sections 4.2.2 and 4.2.3", 443),
    "ws": _web("RFC 6455 section 3", 80),
    "wss": _web("RFC 6455 section 3", 443),
    "ftp": _web("RFC 1738 section 3.2", 21),
    "file": Normalization("RFC 8089 section 2", percent_encoding=True),
    "data": Normalization("RFC 2397 section 2", percent_encoding=True),
    "mailto": Normalization("RFC 6068 sections 2 and 5", percent_encoding=True),
})

#: What a relative reference in a document keeps through resolution against an http(s) base.
RELATIVE_REFERENCE = Normalization("RFC 3986 sections 5.2.2 and 6.2.2", host_case=True, percent_encoding=True,
                                   dot_segments=True, empty_port=True)

#: A scheme with no record: only its case is normalized (section 3.1).
UNKNOWN_SCHEME = Normalization("RFC 3986 section 3.1")

DEFAULT_PORTS: Mapping[str, int] = MappingProxyType(
    {scheme: n.default_port for scheme, n in NORMALIZATION.items() if n.default_port is not None}
)
#: Schemes whose empty path with an authority is equivalent to "/".
EMPTY_PATH_IS_ROOT = frozenset(scheme for scheme, n in NORMALIZATION.items() if n.empty_path_is_root)


def normalization(scheme: Optional[str]) -> Normalization:
    """The record for a lowercase ``scheme`` (None: a relative reference)."""
    if scheme is None:
        return RELATIVE_REFERENCE
    return NORMALIZATION.get(scheme, UNKNOWN_SCHEME)


#: Schemes whose URIs, as written, put "/" or "//" right after the colon: RFC 9110 section 4.2
#: (http, https), RFC 6455 section 3 (ws, wss), RFC 1738 section 3.2 (ftp), RFC 8089 section 2
#: (file: "file-hier-part = ( "//" auth-path ) / local-path", a local-path being absolute).
SLASH_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp", "file"})
# reg-name characters (RFC 3986 section 3.2.2): a run of them stops at ":", "/", "@"...
_HOST_RUN = lazy.compile(r"[A-Za-z0-9\-._~%!$&'()*+,;=]*")


def reads_as_host(text: str, pos: int) -> bool:
    """Whether the text at ``pos`` looks like the host a URL lost its "//" before: a dotted name
    or address ("example.com", "127.0.0.1"), "localhost", or an IP literal.

    The run stops at the first character a host cannot hold and at 300 characters (a name is
    at most 255 octets), so a megabyte line of "http:http:..." costs a few steps per colon."""
    if text.startswith("[", pos):
        return True
    host = _HOST_RUN.match(text, pos, pos + 300).group().lower()  # type: ignore[union-attr]
    labels = host.split(".")
    return host == "localhost" or (len(labels) > 1 and all(labels))


#: What follows "data:" (RFC 2397 section 3): a media type, then ";" parameters or the ","
#: before the data; or the ";" or "," at once.  Not "{" (a minified script's "data:{...}"
#: property) nor "(" (a regular expression's "data:((?:application|text)...").
_DATA_START = lazy.compile(r"(?:[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+)?[;,]")
#: Registered schemes whose URIs always have an authority (Android's "content://provider/..."):
#: without "//" the word is something else (CSS's "content:attr(...)").
AUTHORITY_ONLY = frozenset({"content"})


def may_follow(scheme: str, text: str, pos: int) -> bool:
    """Whether ``text[pos:]``, right after "scheme:", can start a URI of (lowercase) ``scheme``
    as people write one: "/" for the slash schemes, or for a web scheme that lost its slashes,
    a host ("http:example.com").  "file:line:column" and "ftp:x:14:50" (a passwd line) are not
    URIs; neither is RFC 3986's own "http:g" (5.4.2) outside a link, read as a reference.

    No path starts with "[" (a gen-delim, not a pchar: section 3.3), so "scheme:[" is prose:
    "For example:[^1]" is a Markdown footnote, "Example:[docs](url)" a link."""
    if text.startswith("[", pos):
        return False
    if scheme == "data":
        return _DATA_START.match(text, pos) is not None
    if scheme in AUTHORITY_ONLY:
        return text.startswith("//", pos)
    if scheme not in SLASH_SCHEMES or text.startswith("/", pos):
        return True
    return scheme != "file" and reads_as_host(text, pos)
