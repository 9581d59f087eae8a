"""The property every harness that reads a whole text shares: no secret in any output.

For each secret of each candidate (code blocks included) that is long enough and unique in the
text, so that finding it in an output can only mean it leaked: no report's message, URI, source
line or fix edit shows it, and neither does the ``--diff`` of the text's fixes.  The source
line and the diff are masked by position (urilint.masking), so the secret's source spelling is
what must not show there (``pw&#115;``, ``pw\\u0073``), and its decoded value in messages.
"""

from __future__ import annotations

from typing import List, Tuple

import _common  # noqa: F401 - puts the repository on sys.path

from urilint.masking import hidden_spans, masked_diff
from urilint.pipeline import candidates, check_text, fix_text
from urilint.report import place, source_parts
from urilint.secrets import secret_spans
from urilint.settings import Settings

EVERYTHING = Settings(select=frozenset({"ALL"}), include_code_blocks=True)
#: Shorter values may occur in an output by chance (a scheme, a word of a message).
MIN_LENGTH = 6


def _rare(needle: str, haystack: str, most: int) -> bool:
    return len(needle) >= MIN_LENGTH and haystack.lower().count(needle.lower()) <= most


def secrets_of(text: str, fmt: str) -> Tuple[List[str], List[str]]:
    """(decoded values, source spellings) of the text's secrets that an output must not show:
    those that stand once in the text (or not at all: spelled with escapes) and once among the
    candidates' URIs, so that finding one in an output can only mean it leaked."""
    found = candidates(text, fmt, EVERYTHING)
    uris = "\n".join(c.uri for c in found)
    values: List[str] = []
    spellings: List[str] = []
    for c in found:
        for s, e in secret_spans(c.uri):
            value = c.uri[s:e]
            if _rare(value, text, 1) and _rare(value, uris, 1):
                values.append(value)
            spellings.extend(text[a:b] for a, b in source_parts(c, s, e)
                             if _rare(text[a:b], text, 1) and _rare(text[a:b], uris, 1))
    return values, spellings


def assert_no_secret_shown(text: str, fmt: str, unsafe: bool = True) -> None:
    values, spellings = secrets_of(text, fmt)
    if not values and not spellings:
        return
    findings = check_text(text, fmt, EVERYTHING)
    reports = place("f", text, findings, hidden=hidden_spans(text, fmt, EVERYTHING))
    fixed = fix_text(text, fmt, EVERYTHING, unsafe=unsafe).text
    diff = masked_diff("f", text, fixed, hidden_spans(text, fmt, EVERYTHING), hidden_spans(fixed, fmt, EVERYTHING))
    for r in reports:
        shown = [r.message, r.uri] + [e.content for e in r.edits]
        for value in values:
            assert all(value not in part for part in shown), (fmt, text, value, r)
        for spelling in spellings:
            assert spelling not in r.line, (fmt, text, spelling, r.line)
    for spelling in spellings:
        assert spelling not in diff, (fmt, text, spelling, diff)
