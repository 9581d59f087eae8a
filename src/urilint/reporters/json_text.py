"""JSON text as the JSON-based formats write it (json, sarif, dump): sorted keys, indent 2,
UTF-8, and every lone surrogate written as its escape.  Its own module so that a run printing
text never imports ``json``."""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any, Iterable

from .common import _SURROGATE


def dumps(value: Any) -> str:
    """Stable, readable JSON (sorted keys, indent 2, UTF-8 text) that can always be written:
    a lone surrogate, which UTF-8 cannot encode, is written as its ``\\uXXXX`` escape, which
    json.loads reads back to the same string."""
    return escape_surrogates(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)) + "\n"


def escape_surrogates(text: str) -> str:
    """JSON text with each lone surrogate written as its ``\\uXXXX`` escape (outside strings
    JSON text is ASCII, so every surrogate sits inside a string)."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


#: A line break and the indentation of each level (indent 2, as :func:`dumps` writes).
_PADS = tuple("\n" + "  " * level for level in range(16))


def pretty(value: Any, level: int = 0) -> str:
    """``value`` as :func:`dumps` writes it (keys sorted, indent 2, no final line break), as
    if it stood ``level`` levels deep: a report writes its rows one at a time with this.

    json.dumps with ``indent`` always runs the pure-Python encoder; this walks the (small)
    containers in Python and encodes every string with the C escaper, several times faster."""
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    if kind is int:
        return int.__repr__(value)
    if kind is dict:
        if not value:
            return "{}"
        inner = _PADS[level + 1]
        items = [encode_basestring(k) + ": " + pretty(value[k], level + 1) for k in sorted(value)]
        return "{" + inner + ("," + inner).join(items) + _PADS[level] + "}"
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        inner = _PADS[level + 1]
        return "[" + inner + ("," + inner).join([pretty(v, level + 1) for v in value]) + _PADS[level] + "]"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return json.dumps(value)  # a float: its repr, as json writes it


def pretty_rows(rows: Iterable[Any], level: int) -> str:
    """Array items at ``level`` as :func:`dumps` writes them inside their array: each on its
    own indented lines, separated by ",\\n" (the caller writes the brackets)."""
    pad = _PADS[level][1:]
    return escape_surrogates(pad + (",\n" + pad).join([pretty(r, level) for r in rows]))
