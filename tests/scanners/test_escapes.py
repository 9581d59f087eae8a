"""Decoding with a map back to the source: entities, backslash escapes, JSON escapes."""

from __future__ import annotations

from typing import Tuple

import pytest

from urilint.candidate import Candidate
from urilint.scanners.escapes import (build, entity_replacements, json_replacements, map_span,
                                      markdown_replacements)

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
