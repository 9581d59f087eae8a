"""Decoding with a map back to the source: entities, backslash escapes, JSON escapes."""

from __future__ import annotations

import json
from typing import Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urilint.candidate import Candidate
from urilint.scanners.escapes import (
    Pieces,
    build,
    entity_replacements,
    first_ending_after,
    json_replacements,
    map_span,
    markdown_replacements,
)
from urilint.scanners.notebook import _string_value

P = pytest.param


@pytest.mark.parametrize("source, decoded", [
    P("a&amp;b", "a&b", id="named"),
    P("&#x41;&#66;", "AB", id="numeric"),
    P("&#0;", "\ufffd", id="nul-is-replacement"),
    P("&#x110000;", "\ufffd", id="beyond-unicode"),
    P("&#xD800;", "\ufffd", id="surrogate"),
    P("&nosuch;", "&nosuch;", id="unknown-name-kept"),
    P("&amp", "&amp", id="no-semicolon-kept"),
    P("&#12345678;", "&#12345678;", id="too-many-digits-kept"),
])
def test_entities(source: str, decoded: str) -> None:
    assert build(source, 0, len(source), entity_replacements(source, 0, len(source)))[0] == decoded


@pytest.mark.parametrize("source, decoded", [
    P("a\\_b", "a_b", id="escape"),
    P("a\\b", "a\\b", id="not-punctuation-kept"),
    P("\\&amp;", "&amp;", id="escaped-ampersand-starts-no-entity"),
    P("&auml;\\*", "ä*", id="entity-then-escape"),
    P("\\\\", "\\", id="escaped-backslash"),
])
def test_markdown(source: str, decoded: str) -> None:
    assert build(source, 0, len(source), markdown_replacements(source, 0, len(source)))[0] == decoded


@pytest.mark.parametrize("source, decoded", [
    P("https:\\/\\/x", "https://x", id="solidus"),
    P("\\u0068t", "ht", id="unicode"),
    P('\\"\\\\\\n', '"\\\n', id="quote-backslash-newline"),
])
def test_json(source: str, decoded: str) -> None:
    assert build(source, 0, len(source), json_replacements(source, 0, len(source)))[0] == decoded


def test_pieces_map_every_uri_offset_into_its_escape() -> None:
    text = "x a\\_b&amp;c y"
    uri, pieces = build(text, 2, 12, markdown_replacements(text, 2, 12))
    cand = Candidate(uri, 2, 12, "bare", False, pieces)
    assert uri == "a_b&c"
    assert [text[cand.to_source(i)] for i in range(len(uri))] == ["a", "\\", "b", "&", "c"]
    assert cand.source_span(1, 2) == (3, 5)


@pytest.mark.parametrize("start, end, expected", [
    P(0, 5, (10, 15, ()), id="verbatim-head"),
    P(6, 9, (17, 20, ()), id="verbatim-after-escape"),
    P(4, 7, (14, 18, ((0, 1, 14, 15), (1, 2, 15, 17), (2, 3, 17, 18))), id="across-escape"),
    P(3, 3, (13, 13, ()), id="empty"),
])
def test_map_span(start: int, end: int, expected: Tuple[int, int, tuple]) -> None:  # type: ignore[type-arg]
    # decoded "abcde/fgh" from source "abcde\\/fgh" at offset 10
    pieces = ((0, 5, 10, 15), (5, 6, 15, 17), (6, 9, 17, 20))
    assert map_span(pieces, 10, start, end) == expected


def _map_span_by_walking(pieces: Pieces, base: int, start: int, end: int) -> Tuple[int, int, Pieces]:
    """map_span's meaning, by a walk over every piece (map_span bisects to the first one)."""
    if not pieces:
        return base + start, base + end, ()
    out = [(max(u0, start) - start, min(u1, end) - start,
            s0 + max(u0, start) - u0 if u1 - u0 == s1 - s0 else s0,
            s0 + min(u1, end) - u0 if u1 - u0 == s1 - s0 else s1)
           for u0, u1, s0, s1 in pieces if u1 > start and u0 < end]
    if not out:
        return base + start, base + start, ()
    exact = all(p[1] - p[0] == p[3] - p[2] for p in out) and all(a[3] == b[2] for a, b in zip(out, out[1:]))
    return out[0][2], out[-1][3], (() if exact else tuple(out))


# Sources of JSON strings: plain runs, one-character escapes, \uXXXX and a surrogate pair
# (one character from two escapes).
_JSON_BITS = st.sampled_from(["ab", "c", "/", "\\/", "\\n", "\\\\", "\\u00e9", "\\ud83d\\ude00", "x\\\"y", "%7e"])


@settings(max_examples=300, deadline=None)
@given(source=st.lists(_JSON_BITS, max_size=30).map("".join), data=st.data())
def test_map_span_is_the_walk_over_every_piece(source: str, data: st.DataObject) -> None:
    text = '{"' + source + '"}'
    value, pieces = _string_value(text, 2, len(text) - 2)  # (a notebook cell's string)
    assert value == json.loads(text[1:-1])
    start = data.draw(st.integers(0, len(value)))
    end = data.draw(st.integers(start, len(value)))
    assert map_span(pieces, 2, start, end) == _map_span_by_walking(pieces, 2, start, end)
    # (the bisection both stand on, and a notebook's insertion point)
    assert first_ending_after(pieces, start) == next((i for i, p in enumerate(pieces) if p[1] > start), len(pieces))
