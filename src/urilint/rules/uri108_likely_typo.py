"""URI108 likely-typo."""

from __future__ import annotations

import re
from typing import Iterator, List, Optional, Tuple

from ..finding import Finding
from ..rfc3986 import iana, lazy
from ..rfc3986.schemes import reads_as_host
from .base import MALFORMED, WEB_SCHEMES, Analysis, CleanShape, Example, Rule, Sign

#: Schemes people mean when they mistype one; a near miss of these is reported.
COMMON_SCHEMES = ("http", "https", "ftp", "ftps", "sftp", "ssh", "mailto", "file", "ws", "wss", "git")
#: Deliberately altered schemes ("defanged" links in security writing) and tools' own schemes
#: one edit from a common one (awscli's "fileb://" reads a file as binary) are not typos.
DEFANGED = frozenset({"hxxp", "hxxps", "hxxpx", "fxp", "meow", "fileb"})
#: "https//host", or "https;//host" with a neighbour key typed for the colon.
_MISSING_COLON = lazy.compile(r"(https?|ftp|wss?)([;.,]?)//", re.I)
_SCHEME = lazy.compile(r"[a-z][a-z0-9+.-]*")  # RFC 3986 section 3.1, lowercased
_DOUBLED = lazy.compile(r"([a-z][a-z0-9+.-]*)://(https?|ftp|wss?):?//", re.I)


def one_edit_apart(a: str, b: str) -> bool:
    """Damerau-Levenshtein distance exactly 1 (insert, delete, substitute or swap neighbours)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def near_miss(scheme: str) -> List[str]:
    # One edit changes one place or two neighbours, so with three characters or more it leaves
    # the first or the last character where it was: a cheap test before comparing (every unknown
    # scheme is asked, eleven times).
    if _secure_variant(scheme):
        return []
    return [s for s in COMMON_SCHEMES
            if (scheme[:1] == s[:1] or scheme[-1:] == s[-1:]) and one_edit_apart(scheme, s)]


#: The common schemes of network protocols that have a TLS variant named with an "s".
_TLS_BASES = frozenset({"http", "ftp", "mailto", "ws", "git"})


def _secure_variant(scheme: str) -> bool:
    """A common scheme with the "s" that names its TLS variant (https, wss, ftps, imaps):
    apprise's "mailtos://" is its mail over TLS, not a mistyped "mailto".  Not a scheme that
    has its "s" already ("httpss" is a typo), nor one no TLS carries ("files" is "file"'s)."""
    return scheme[-1:] == "s" and scheme[:-1] in _TLS_BASES and scheme not in COMMON_SCHEMES


def _typo(a: Analysis) -> Optional[Tuple[int, int, str, Optional[str]]]:
    """(start, end, message, fix) of the likeliest typo, if any."""
    text, ref, scheme = a.text, a.ref, a.scheme
    m = _MISSING_COLON.match(text)
    if m and ref.scheme is None:
        name, sep = m.group(1, 2)
        repaired = f"{name}:{text[len(name) + len(sep):]}"
        if sep:
            return 0, m.end(), f"'{name}{sep}//' has {sep!r} where the scheme's ':' belongs", repaired
        return 0, m.end(), f"'{name}//' is missing the ':' after the scheme", repaired
    m = _DOUBLED.match(text)
    if m:
        fixed = m.group(2) + "://" + text[m.end():]
        return 0, m.end(), f"the scheme is doubled: '{m.group(1)}://{m.group(2)}'", fixed
    if scheme is None:
        return None
    sspan = a.span("scheme")
    if scheme in WEB_SCHEMES:
        after = text[sspan[1] + 1:]
        if ref.authority is None and ref.path.startswith("/"):
            if ref.path.startswith(("/...", "/\u2026")):
                # "http:/..." and "http:/\u2026": an address cut short or left out (a quoted
                # tweet, a docstring's sketch of a header), no host that lost a slash.
                return None
            return 0, sspan[1] + 2, f"'{ref.scheme}:/' has one slash; a {scheme} URI needs '//' before its host", \
                f"{ref.scheme}://{after[1:]}"
        if ref.authority is None and ref.path:
            if not reads_as_host(ref.path, 0):
                # "http:g" is RFC 3986's own example of a reference (5.4.2, 5.2.2's strict
                # parsers), and "ftp:x:14:50:FTP User:/var/ftp" is a passwd line: neither
                # names a host, so neither was a URL that lost its slashes.
                return None
            return 0, sspan[1] + 1, f"'{ref.scheme}:' is not followed by '//'; the host reads as a path", \
                f"{ref.scheme}://{after}"
        if ref.authority == "" and ref.path.startswith("/") and len(ref.path) > 1 and ref.path[1] != "/":
            return 0, sspan[1] + 4, f"'{ref.scheme}:///' has three slashes; the host reads as a path", \
                f"{ref.scheme}://{after[3:]}"
        if ref.host == "" or ref.authority is None:
            auth = ref.span("authority")
            if auth is not None and a.in_placeholder(auth[0], auth[1]):
                return None  # a slot ends it ("https://@HOST@/": the host is the variable's)
            end = sspan[1] + 1 + (2 if ref.authority is not None else 0)
            return 0, end, f"a {scheme} URI needs a host", None
        return None
    # A scheme that breaks the grammar ("(https" from "[ref]: (https://...)") is URI103's.
    if (len(scheme) >= 3 and _SCHEME.fullmatch(scheme) and scheme not in DEFANGED
            and scheme not in a.settings.allowed_schemes
            and not iana.is_known(scheme)
            and text[sspan[1]:sspan[1] + 2] == ":/"):
        targets = near_miss(scheme)
        if targets:
            # targets keep COMMON_SCHEMES order: when http(s) is among them it is the likely intent
            # ("htps" is one edit from both https and ftps).
            sure = len(targets) == 1 or targets[0] in ("http", "https")
            fix = targets[0] + text[sspan[1]:] if sure else None
            alternatives = " or ".join(map(repr, targets))
            return sspan[0], sspan[1], f"unknown scheme {scheme!r} looks like a typo of {alternatives}", fix
    return None


def typo_at_start(text: str) -> bool:
    """The TYPO_START sign: "https//", "http;//" or a doubled scheme begins ``text``.  (String
    tests first: a missing colon starts with h, f or w; a doubled scheme holds "//" twice.)"""
    return ((text[:1] in ("h", "H", "f", "F", "w", "W") and _MISSING_COLON.match(text) is not None)
            or (text.count("//") > 1 and _DOUBLED.match(text) is not None))


def check(a: Analysis) -> Iterator[Finding]:
    typo = _typo(a)
    if typo is not None and not a.in_placeholder(typo[0], typo[1]):
        start, end, message, fix = typo
        yield RULE.finding(start, end, message, fix)


def screen(shape: CleanShape) -> bool:
    """"https//host" is a relative reference of the clean shape, and "http://https//host" (a
    doubled scheme) an absolute one."""
    return typo_at_start(shape.given or shape.text)  # its patterns ignore case: "\u017f" reads as "s"


RULE = Rule(
    code="URI108",
    name="likely-typo",
    summary="Valid by the grammar but almost surely wrong: 'http:/x', 'https//x', 'htps://', doubled schemes, no host",
    reference="RFC 3986 section 3 (hier-part); RFC 9110 section 4.2.1 (http URIs need a host)",
    fix_safety="unsafe",
    default=True,
    family=MALFORMED,
    severity="error",
    screen=screen,
    signs=Sign.TYPO_START | Sign.NO_HOST | Sign.SCHEME_NEAR_MISS,
    doc="""\
## What it does
Reports URIs that parse but are almost certainly not what was meant: `http:/host/x` and
`http:example.com` (missing slashes; without any, reported when what follows the colon reads
as a host, a dotted name, `localhost` or an IP literal, so RFC 3986's own `http:g` and a passwd
line's `ftp:x:14:50` stay quiet, and so does an address cut short, `http:/...` or a quoted
tweet's `http:/\u2026`), `http:///host` (one too many), `https//host` (missing colon),
`http://http://host` (doubled scheme), near misses of common schemes (`htps`, `htttp`, `fpt`)
that are not registered, and web URIs with an empty host.

## Why is this bad?
Each reads as something else: a relative path, a path on an empty host, a host named "http".

## Example
`http:/example.com/x` -> `http://example.com/x`

## Fix safety
Unsafe: offered only where one intent is clear.  Defanged links (`hxxp://`) are deliberate and are
not reported, nor is a common scheme with the "s" of its TLS variant (`mailtos://`, as `https`
is `http`'s).
""",
    bad=(
        Example("http:/example.com/x", "http://example.com/x"),
        Example("http:example.com", "http://example.com"),
        Example("http:localhost:8000/x", "http://localhost:8000/x"),
        Example("http:/localhost:8000/x", "http://localhost:8000/x"),
        Example("https:/192.0.2.1/x", "https://192.0.2.1/x"),
        Example("https:/[::1]/x", "https://[::1]/x"),
        Example("http:/docs/x..y", "http://docs/x..y"),
        Example("https:192.0.2.1/x", "https://192.0.2.1/x"),
        Example("https:///example.com/x", "https://example.com/x"),
        Example("https//example.com/", "https://example.com/"),
        Example("https;//example.com/malformed", "https://example.com/malformed"),
        Example("http://http://example.com/", "http://example.com/"),
        Example("http://https://example.com/", "https://example.com/"),
        Example("htps://example.com/", "https://example.com/"),
        Example("htttp://example.com/", "http://example.com/"),
        Example("httpss://example.com/", "https://example.com/"),
        Example("files:///etc/hosts", "file:///etc/hosts"),
        Example("https://", None),
        Example("http://:8080/", None),
        Example("ws:///////Va?3", None),
    ),
    good=(
        "http://example.com/x",
        "https://example.com",
        "file:///etc/hosts",
        "file:/etc/hosts",
        "hxxp://malware.example/",
        "fileb://payload.bin",
        "mailtos://me@mail.example.com/",
        "gist://id/file",
        "oss://bucket/key",
        "https://@HOST@/api",
        "gits://git.example.com/repo",
        # (and "files://x" is still "file://"'s typo: a file has no TLS variant)
        "ssl://broker.example:61617",
        "sftp://host/x",
        "ftps://host/x",
        "mailto:someone@example.com",
        "urn:isbn:0451450523",
        "https://example.com/http://other",
        "git://github.com/x/y.git",
        "{scheme}://example.com/",
        "http:g",
        "ftp:x:14:50:FTP",
        "http:abc",
        "https:v1.",
        "(https://example.com/)",
        "[http://example.com/]",
        "a;//b",
        "https;x",
        "http:/\u2026",
        "http:/.../front.jpeg",
        "https:/\u2026/status/1",
    ),
    check=check,
)
