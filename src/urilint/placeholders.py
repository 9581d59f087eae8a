"""Template placeholders: slots in a URI that a program fills in later, never errors.

``https://api.example.com/repos/{owner}/{repo}`` is a good URI template (RFC 6570) even though
"{" is not a URI character, and ``postgres://app:${DB_PASSWORD}@db/app`` carries no password.
Rules treat every placeholder span as an opaque, valid slot.  Which syntaxes count is a setting
(``Settings.placeholders``); all are on by default.

Every pattern is a single pass with negated or bounded classes, so matching is linear.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import FrozenSet, Iterable, List, Mapping, Tuple

Span = Tuple[int, int]

SYNTAXES: Mapping[str, "re.Pattern[str]"] = MappingProxyType({
    # RFC 6570 expressions and str.format fields share braces: {var}, {+base}, {/id*}, {?q,x},
    # {0}, {}, {name!r:>10}.  One level of nesting is what str.format allows ({a:{w}}).
    "braces": re.compile(r"\{[^{}\s]{0,200}\}"),
    # Jinja, Django, Go, Handlebars, Helm: {{ var }}, {{{ raw }}}, {% tag %}
    "jinja": re.compile(r"\{\{\{?[^{}]{0,200}\}?\}\}|\{%[^%]{0,200}%\}"),
    # Shell and Terraform: ${VAR}, ${VAR:-default}, $VAR, $(cmd)
    "shell": re.compile(r"\$\{[^{}]{0,200}\}|\$\([^()]{0,200}\)|\$[A-Za-z_][A-Za-z0-9_]*"),
    # printf / %-formatting as URL templates use it: %s, %d, %i, %r, %.2f, %-5s, %02d, and any
    # conversion after a mapping key (%(name)s, %(n)x).  Bare %o, %e, %x, %g, %c are left out on
    # purpose: "50%off" and "%e6" are broken or lowercase percent-encodings far more often.
    "printf": re.compile(
        r"%(?:\([A-Za-z_][A-Za-z0-9_]{0,60}\)[-#+ 0]*(?:\*|[0-9]{1,3})?(?:\.(?:\*|[0-9]{1,3}))?[diouxXeEfFgGcrsab]"
        r"|[-#+ 0]*(?:\*|[0-9]{1,3})?(?:\.(?:\*|[0-9]{1,3}))?[sdir]|[-#+ 0]*(?:[0-9]{1,3})?\.[0-9]{1,3}[fF])"
    ),
    # Placeholder words in angle brackets: <host>, <your-token>, ERB <%= x %>
    "angle": re.compile(r"<[A-Za-z_][A-Za-z0-9_ .:-]{0,60}>|<%=?[^%]{0,200}%>"),
    # Optional parts of a syntax description, as manuals write them: libpq's
    # postgresql://[user[:password]@][netloc][:port][/dbname], redis://[:password@]host[:port].
    # A bracket group (one level of nesting) counts only in the authority and only when it
    # cannot be an IP literal (section 3.2.2): see _is_optional_part.
    # Its content is visible text: no space, no control character.
    "optional": re.compile(r"\[(?:[^\x00-\x20\x7f-\x9f\[\]]|\[[^\x00-\x20\x7f-\x9f\[\]]{0,100}\]){1,200}\]"),
})
DEFAULT_SYNTAXES: FrozenSet[str] = frozenset(SYNTAXES)
_HEX = frozenset("0123456789abcdefABCDEF")
_AUTHORITY_START = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_AUTHORITY_RUN = re.compile(r"[^\[/?#]*")
#: A word in brackets names a part ("[netloc]", "[host]"); all-hex words could be a broken
#: IPv6 address and "v1.x" is the IPvFuture form, so those stay IP literals.
_PART_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
_HEX_OR_FUTURE = re.compile(r"[0-9A-Fa-f]+|[vV][0-9A-Fa-f]+\..*")


def _is_pct_triplet(text: str, start: int, end: int) -> bool:
    """A "%" followed by two hex digits in the text is a percent-encoding ("%3d" is "="), not a
    conversion, unless it is a zero-padded width such as "%02d" (which would encode a control
    character)."""
    if start + 2 < len(text) and text[start + 1] in _HEX and text[start + 2] in _HEX:
        return not (text[start + 1] == "0" and end - start > 3)
    return False


def _authority_end(text: str) -> int:
    """Where the authority of ``scheme://...`` ends when bracket groups are read as wholes
    (a "/" inside "[/dbname]" does not start the path); 0 when there is no "//"."""
    m = _AUTHORITY_START.match(text)
    if m is None:
        return 0
    pos = m.end()
    group = SYNTAXES["optional"]
    while True:
        pos = _AUTHORITY_RUN.match(text, pos).end()  # type: ignore[union-attr]
        if pos == len(text) or text[pos] != "[":
            return pos
        g = group.match(text, pos)
        pos = g.end() if g is not None else pos + 1


def _is_optional_part(text: str, start: int, end: int, authority_end: int) -> bool:
    """Is the bracket group ``text[start:end]`` an optional part rather than an IP literal?

    It must lie in the authority, and its content must be something no IP literal is: nested
    brackets, an "@", a leading delimiter ("[/db]", "[?opts]", "[,host2]", "[:port]" but not
    "[::1]") or a word that is not hexadecimal ("[netloc]")."""
    if end > authority_end:  # 0 without "scheme://": no authority, no optional part
        return False
    content = text[start + 1:end - 1]
    if "[" in content or "@" in content or content[0] in "/?#,":
        return True
    if content[0] == ":":
        return content[1:2] != ":"
    return _PART_WORD.fullmatch(content) is not None and _HEX_OR_FUTURE.fullmatch(content) is None


def find(text: str, syntaxes: Iterable[str] = DEFAULT_SYNTAXES) -> List[Span]:
    """Spans of placeholders in ``text``, merged where they overlap, in order."""
    if not any(c in text for c in "{$%<["):
        return []
    spans: List[Span] = []
    authority_end = -1
    for name in syntaxes:
        pattern = SYNTAXES[name]
        for m in pattern.finditer(text):
            if name == "printf" and _is_pct_triplet(text, m.start(), m.end()):
                continue
            if name == "optional":
                if authority_end < 0:
                    authority_end = _authority_end(text)
                if not _is_optional_part(text, m.start(), m.end(), authority_end):
                    continue
            spans.append(m.span())
    if not spans:
        return spans
    spans.sort()
    merged = [spans[0]]
    for start, end in spans[1:]:
        last_start, last_end = merged[-1]
        if start < last_end:
            merged[-1] = (last_start, max(last_end, end))
        else:
            merged.append((start, end))
    return merged


def overlaps(spans: List[Span], start: int, end: int) -> bool:
    """True when ``[start, end)`` touches any placeholder span (a point when start == end)."""
    end = max(end, start + 1)
    return any(s < end and start < e for s, e in spans)


def is_placeholder(value: str, syntaxes: Iterable[str] = DEFAULT_SYNTAXES) -> bool:
    """True when the whole value is one placeholder (``{pw}``, ``$PW``, ``%s``, ``<password>``)."""
    spans = find(value, syntaxes)
    return len(spans) == 1 and spans[0] == (0, len(value))
