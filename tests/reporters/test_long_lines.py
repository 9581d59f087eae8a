"""A long line is shown as a window around each span, so output stays linear in the input."""

from __future__ import annotations

import pytest

from urilint.reporters.full import CONTEXT, ELLIPSIS, window


@pytest.mark.parametrize(
    ("line", "start", "end", "shown", "span"),
    [
        pytest.param("short line", 0, 5, "short line", (0, 5), id="short-untouched"),
        pytest.param("a" * 500, 250, 254, ELLIPSIS + "a" * (CONTEXT + 4 + CONTEXT) + ELLIPSIS,
                     (CONTEXT + 1, CONTEXT + 5), id="middle"),
        pytest.param("b" * 500, 0, 3, "b" * (3 + CONTEXT) + ELLIPSIS, (0, 3), id="start"),
        pytest.param("c" * 500, 497, 500, ELLIPSIS + "c" * (CONTEXT + 3), (CONTEXT + 1, CONTEXT + 4), id="end"),
    ],
)
def test_window(line: str, start: int, end: int, shown: str, span: tuple) -> None:  # type: ignore[type-arg]
    text, s, e = window(line, start, end)
    assert (text, (s, e)) == (shown, span)
    assert text[s:e] == line[start:end]
