"""URI references split into components (RFC 3986 section 3, Appendix B) and recomposed (5.3).

Splitting never fails: it follows the Appendix B regular expression, which reads any string, and
then the authority rules of section 3.2 (userinfo ends at the *last* "@", as browsers and
``urllib`` read it, so a password containing "@" is still seen as userinfo; the port starts at
the first ":" after the host).  Whether the parts are *valid* is :mod:`.validate`'s job.

A component is ``None`` when its delimiter is absent and ``""`` when the delimiter is present
with nothing after it (section 5.3 keeps the two apart: ``http://a/?`` differs from
``http://a/``).  ``path`` is always a string.  Every component also carries its span in the
text it came from, as 0-based code-point offsets.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple, Optional, Tuple

from . import grammar, lazy

# Appendix B, with DOTALL so a newline inside a (malformed) reference does not end the match.
_APPENDIX_B = lazy.compile(r"(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?", re.S)

Span = Tuple[int, int]
_COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
_INDEX = {name: i for i, name in enumerate(_COMPONENTS)}  # (rules ask for spans dozens of times)


def _check_str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


class URIReference(NamedTuple):
    """The components of one URI reference and where each one stands in the source text.

    Two references are equal when their components are: ``spans`` (where they stood in a
    source, if they had one) is left out of equality and hashing."""

    scheme: Optional[str]
    authority: Optional[str]
    userinfo: Optional[str]
    host: Optional[str]
    port: Optional[str]
    path: str
    query: Optional[str]
    fragment: Optional[str]
    spans: Tuple[Optional[Span], ...] = (None,) * 8

    def __eq__(self, other: object) -> bool:
        # Never NotImplemented: a plain tuple would then compare its items with ours.
        return isinstance(other, URIReference) and self[:8] == other[:8]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:8])

    def span(self, component: str) -> Optional[Span]:
        """``(start, end)`` of a component's value in the parsed text; None when undefined."""
        index = _INDEX.get(component)
        if index is None:
            raise ValueError(f"{component!r} is not a component: one of {', '.join(_COMPONENTS)}")
        return self.spans[index]

    @property
    def host_kind(self) -> Optional[str]:
        """Which host alternative of section 3.2.2 the host is, first match winning."""
        host = self.host
        if host is None:
            return None
        if host.startswith("[") and host.endswith("]"):
            inner = host[1:-1]
            if grammar.IPV6ADDRESS_RE.fullmatch(inner):
                return "IPv6address"
            if grammar.IPVFUTURE_RE.fullmatch(inner):
                return "IPvFuture"
            return "IP-literal"
        if grammar.IPV4ADDRESS_RE.fullmatch(host):
            return "IPv4address"
        return "reg-name"

    def __str__(self) -> str:
        # Section 5.3, Component Recomposition.
        parts = []
        if self.scheme is not None:
            parts.append(self.scheme + ":")
        if self.authority is not None:
            parts.append("//" + self.authority)
        parts.append(self.path)
        if self.query is not None:
            parts.append("?" + self.query)
        if self.fragment is not None:
            parts.append("#" + self.fragment)
        return "".join(parts)

    def with_components(self, **changes: Optional[str]) -> "URIReference":
        """A copy with some components replaced; the authority is rebuilt from its parts when
        userinfo, host or port change.  Spans of the copy are dropped (it has no source)."""
        values = {name: getattr(self, name) for name in _COMPONENTS}
        values.update(changes)
        if {"userinfo", "host", "port"} & changes.keys():
            values["authority"] = compose_authority(values["userinfo"], values["host"], values["port"])
        path = values.pop("path")
        return URIReference(path=path if path is not None else "", **values)


def compose_authority(userinfo: Optional[str], host: Optional[str], port: Optional[str]) -> Optional[str]:
    """authority = [ userinfo "@" ] host [ ":" port ] (section 3.2); None without a host."""
    if host is None:
        return None
    out = host
    if userinfo is not None:
        out = userinfo + "@" + out
    if port is not None:
        out = out + ":" + port
    return out


def split_authority(authority: str, offset: int = 0) -> Tuple[Tuple[Optional[str], Optional[Span]], ...]:
    """Split an authority into (userinfo, host, port), each with its span shifted by ``offset``."""
    at = authority.rfind("@")
    userinfo: Optional[str] = None
    userinfo_span: Optional[Span] = None
    host_start = 0
    if at != -1:
        userinfo, userinfo_span = authority[:at], (offset, offset + at)
        host_start = at + 1
    search_from = host_start
    if authority.startswith("[", host_start):
        close = authority.find("]", host_start)
        # Without a closing bracket the whole rest is the (malformed) IP literal.
        search_from = close + 1 if close != -1 else len(authority)
    colon = authority.find(":", search_from)
    host_end = colon if colon != -1 else len(authority)
    host = authority[host_start:host_end]
    host_span = (offset + host_start, offset + host_end)
    port: Optional[str] = None
    port_span: Optional[Span] = None
    if colon != -1:
        port, port_span = authority[colon + 1 :], (offset + colon + 1, offset + len(authority))
    return ((userinfo, userinfo_span), (host, host_span), (port, port_span))


def parse(text: str) -> URIReference:
    """Split any string into its components (Appendix B and section 3.2); never raises for a str.

    ``str(parse(s)) == s`` for every string ``s``.
    """
    return _parse(_check_str(text, "text"))


@functools.lru_cache(maxsize=256)
def _parse(text: str) -> URIReference:
    # Cached (a reference is immutable): checking one reported URI parsed it three times (the
    # rules' analysis, the secret spans, the fix's vetting), and a file repeats its links.
    m = _APPENDIX_B.match(text)
    assert m is not None  # every group is optional: Appendix B matches any string
    scheme, authority, path, query, fragment = m.group(1, 2, 3, 4, 5)
    userinfo = host = port = None
    ui_span = host_span = port_span = None
    if authority is not None:
        (userinfo, ui_span), (host, host_span), (port, port_span) = split_authority(authority, m.start(2))

    spans = (m.span(1) if scheme is not None else None, m.span(2) if authority is not None else None,
             ui_span, host_span, port_span, m.span(3), m.span(4) if query is not None else None,
             m.span(5) if fragment is not None else None)
    return URIReference(scheme, authority, userinfo, host, port, path, query, fragment, spans)
