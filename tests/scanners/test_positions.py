"""Offsets to lines and columns: CRLF and CR files read like LF ones; code points, not bytes."""

from __future__ import annotations

from typing import Tuple

import pytest

from urilint.scanners import extract
from urilint.scanners.positions import LineIndex, line_col

P = pytest.param
LF = "intro line\nnaïve café ☕ 🍄 http://example.com/x\nlast\n"


@pytest.mark.parametrize("newline", [P("\n", id="lf"), P("\r\n", id="crlf"), P("\r", id="cr")])
@pytest.mark.parametrize("format", ["text", "markdown", "rst", "yaml", "html"])
def test_same_position_for_every_newline_style(newline: str, format: str) -> None:
    text = LF.replace("\n", newline)
    (cand,) = extract(text, format)
    index = LineIndex.of(text)
    assert cand.uri == "http://example.com/x"
    # "naïve café ☕ 🍄 " is 15 code points (the emoji is one, though 4 bytes and 2 UTF-16 units).
    assert index.line_col(cand.start) == (2, 16)
    assert index.line_col0(cand.start) == (2, 15)
    assert index.line_col(cand.end) == (2, 16 + len(cand.uri))


@pytest.mark.parametrize("text, offset, expected", [
    P("abc", 0, (1, 1), id="start"),
    P("abc", 3, (1, 4), id="end-of-text"),
    P("a\nb", 2, (2, 1), id="after-lf"),
    P("a\r\nb", 3, (2, 1), id="after-crlf"),
    P("a\rb", 2, (2, 1), id="after-cr"),
    P("a\r\n\r\nb", 5, (3, 1), id="two-crlf"),
    P("a\n\rb", 3, (3, 1), id="lf-then-cr-is-two-breaks"),
    P("é\nü x", 4, (2, 3), id="non-ascii"),
])
def test_line_col(text: str, offset: int, expected: Tuple[int, int]) -> None:
    assert line_col(text, offset) == expected
    index = LineIndex.of(text)
    assert index.offset(*expected) == offset


def test_multiline_candidate_end_position() -> None:
    text = "x <http://a.example/p\r\n   q> y"
    (cand,) = extract(text, "text")
    index = LineIndex.of(text)
    assert index.line_col(cand.start) == (1, 4)
    assert index.line_col(cand.end) == (2, 5)
