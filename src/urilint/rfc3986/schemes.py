"""Scheme-specific facts used by scheme-based normalization (RFC 3986 section 6.2.3).

Only schemes whose specifications say both things we rely on are listed: that a missing port
means the default one, and that an empty path with an authority means "/".
  http, https: RFC 9110 sections 4.2.1-4.2.3 (default ports 80 and 443; "/" for an empty path)
  ws, wss:     RFC 6455 section 3 (ports 80 and 443; resource name "/" when the path is empty)
  ftp:         RFC 1738 section 3.2 (port 21) and section 3.2.2 (empty url-path, root directory)
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Mapping

DEFAULT_PORTS: Mapping[str, int] = MappingProxyType(
    {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21}
)
#: Schemes whose empty path with an authority is equivalent to "/".
EMPTY_PATH_IS_ROOT = frozenset(DEFAULT_PORTS)

#: Schemes whose URIs, as written, put "/" or "//" right after the colon: RFC 9110 section 4.2
#: (http, https), RFC 6455 section 3 (ws, wss), RFC 1738 section 3.2 (ftp), RFC 8089 section 2
#: (file: "file-hier-part = ( "//" auth-path ) / local-path", a local-path being absolute).
SLASH_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp", "file"})
# reg-name characters (RFC 3986 section 3.2.2): a run of them stops at ":", "/", "@"...
_HOST_RUN = re.compile(r"[A-Za-z0-9\-._~%!$&'()*+,;=]*")


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


def may_follow(scheme: str, text: str, pos: int) -> bool:
    """Whether ``text[pos:]``, right after "scheme:", can start a URI of (lowercase) ``scheme``
    as people write one: "/" for the slash schemes, or for a web scheme that lost its slashes,
    a host ("http:example.com").  "file:line:column" and "ftp:x:14:50" (a passwd line) are not
    URIs; neither is RFC 3986's own "http:g" (5.4.2) outside a link, read as a reference.

    No path starts with "[" (a gen-delim, not a pchar: section 3.3), so "scheme:[" is prose:
    "For example:[^1]" is a Markdown footnote, "Example:[docs](url)" a link."""
    if text.startswith("[", pos):
        return False
    if scheme not in SLASH_SCHEMES or text.startswith("/", pos):
        return True
    return scheme != "file" and reads_as_host(text, pos)
