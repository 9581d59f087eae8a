"""JSON: every string is decoded (RFC 8259 section 7) before it is read.

A string that starts with a URI is one candidate, whole (``"https://example.com/a b"`` too, like a
quoted config value), context "value", unless it reads as a sentence (line breaks, several runs
of whitespace: a translation's "https://app.example/ adresinden API ..."), which is prose;
``https:\\/\\/example.com\\/x`` is found as ``https://example.com/x`` with pieces mapping each
escape back.  Any other string is read as
prose ("see https://example.com/ for details").  Keys are strings like any other.

The value of a ``"bom-ref"`` key is skipped: in a CycloneDX BOM (every wheel ships one since
PEP 770) it is "an identifier ... unique within the BOM", free text that often starts like a
URI ("path+file:///build#crate@1.0 bin-target-0"), not a URI.  The ``purl`` beside it is read.
In a document that says it is a CycloneDX BOM (``"bomFormat": "CycloneDX"``), the references
to such identifiers are skipped too: a dependency's ``"ref"`` and the strings of its
``"dependsOn"`` and ``"provides"`` arrays (Cargo's "registry+https://github.com/rust-lang/
crates.io-index#asn1@0.24.1" is a package id, not a URI).

Comments (JSONC: ``tsconfig.json``, VS Code settings, ``.jsonc``) are prose, context "comment",
and a quote inside one starts no string.  Plain JSON has no comments, so reading them costs a
valid file nothing.
"""

from __future__ import annotations

from typing import List

from ..candidate import Candidate
from ..rfc3986 import lazy
from .base import Format, code_aware
from .escapes import build, json_replacements
from .text import TEXT, URI_COLON, accepts, reads_as_one_uri, reads_as_regex, scan_decoded, scan_prose, scheme_start

# A JSON string: escapes or single characters other than the quote, backslash and line breaks
# (two alternatives with distinct first characters: no backtracking).
STRING = lazy.compile(r'"([^"\\\r\n]*(?:\\.[^"\\\r\n]*)*)"')
# A string or a comment, whichever comes first.  A block comment without its "*/" runs to the
# end of the text (one attempt: the text is consumed, so the scan stays linear).
_TOKEN = lazy.compile(STRING.pattern + r"|//[^\r\n]*|/\*[^*]*\*+(?:[^/*][^*]*\*+)*/|/\*[\s\S]*")
_SCHEME_COLON = lazy.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,39}:")
#: The key whose string value is an identifier, never a URI (see the module docstring).
_IDENTIFIER_KEY = "bom-ref"
#: In a CycloneDX BOM, the keys whose string value, or array of strings, names such identifiers.
_REFERENCE_KEYS = frozenset({"ref", "dependsOn", "provides"})
_CYCLONEDX = lazy.compile(r'"bomFormat"[ \t\r\n]*:[ \t\r\n]*"CycloneDX"')
_ARRAY_END = lazy.compile(r"[ \t\r\n]*\]")
_KEY_COLON = lazy.compile(r"[ \t\r\n]*:[ \t\r\n]*")


def _starts_with_uri(value: str) -> bool:
    """Whether a string value is a URI as a whole: it starts with a scheme that the prose scan
    accepts, and the colon is followed by what a URI may hold (not whitespace, as in the
    description "Example: create a namespace", whose word is a registered scheme)."""
    m = _SCHEME_COLON.match(value)
    if m is None:
        return False
    colon = m.end() - 1
    # (The prose scan's colon: no whitespace, quote or angle bracket after it.)
    return (len(value) > colon + 1 and URI_COLON.match(value, colon) is not None
            and scheme_start(value, colon, 0) == 0 and accepts(value, 0, colon))


def scan(text: str, include_code: bool = False) -> List[Candidate]:
    out: List[Candidate] = []
    identifier_at = -1  # where the value of an identifier key opens its quote (or its array)
    in_identifiers = False  # inside an array of identifiers: its strings are skipped
    references = _REFERENCE_KEYS if '"CycloneDX"' in text and _CYCLONEDX.search(text) else frozenset()
    for m in _TOKEN.finditer(text):
        s0, s1 = m.span(1)
        if in_identifiers and s0 >= 0:
            in_identifiers = _ARRAY_END.match(text, m.end()) is None
            continue
        if m.start() == identifier_at:
            continue
        if (s1 - s0 == len(_IDENTIFIER_KEY) and text.startswith(_IDENTIFIER_KEY, s0)) or (  # no slice per string
                references and s1 - s0 <= 9 and text[s0:s1] in references):
            colon = _KEY_COLON.match(text, s1 + 1)
            if colon is not None:  # a key (a colon follows), not a value that reads "bom-ref"
                identifier_at = colon.end()
                if text.startswith("[", identifier_at):
                    in_identifiers = _ARRAY_END.match(text, identifier_at + 1) is None
        if s0 < 0:  # a comment
            c0, c1 = m.span()
            if text.startswith("/*", c0) and c1 - c0 >= 4 and text.startswith("*/", c1 - 2):
                c1 -= 2  # the closing "*/" is not prose
            if text.find(":", c0, c1) >= 0:
                out.extend(c._replace(context="comment", in_code=False)
                           for c in scan_prose(text, c0 + 2, c1, style=TEXT))
            continue
        if text.find(":", s0, s1) < 0:
            continue
        value, pieces = build(text, s0, s1, json_replacements(text, s0, s1))
        if reads_as_regex(value):
            continue  # a JSON Schema's "pattern", an allow-list's regex: its URIs are patterns
        if _starts_with_uri(value) and reads_as_one_uri(value, value.find(":"), opaque=True):
            out.append(Candidate(value, s0, s1, "value", False, pieces))
        elif not pieces:
            out.extend(scan_prose(text, s0, s1, style=TEXT))
        else:
            # Found in the decoded string: mapped back through the escapes (and through the
            # candidate's own pieces: "<http://x\n  y>" is wrapped once decoded).
            out.extend(scan_decoded(value, pieces, s0))
    return out


def parses_as_json(text: str) -> bool:
    """Whether ``text`` is a JSON document (a fixed file must still be one; a file with
    comments was none before, and is not held to it)."""
    import json  # (the standard library's: loaded only when a JSON file is fixed)

    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


FORMAT = Format("json", code_aware(scan), well_formed=parses_as_json)
