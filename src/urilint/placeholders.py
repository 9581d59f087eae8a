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
})
DEFAULT_SYNTAXES: FrozenSet[str] = frozenset(SYNTAXES)
_HEX = frozenset("0123456789abcdefABCDEF")


def _is_pct_triplet(text: str, start: int, end: int) -> bool:
    """A "%" followed by two hex digits in the text is a percent-encoding ("%3d" is "="), not a
    conversion, unless it is a zero-padded width such as "%02d" (which would encode a control
    character)."""
    if start + 2 < len(text) and text[start + 1] in _HEX and text[start + 2] in _HEX:
        return not (text[start + 1] == "0" and end - start > 3)
    return False


def find(text: str, syntaxes: Iterable[str] = DEFAULT_SYNTAXES) -> List[Span]:
    """Spans of placeholders in ``text``, merged where they overlap, in order."""
    if not any(c in text for c in "{$%<"):
        return []
    spans: List[Span] = []
    for name in syntaxes:
        pattern = SYNTAXES[name]
        for m in pattern.finditer(text):
            if name == "printf" and _is_pct_triplet(text, m.start(), m.end()):
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
