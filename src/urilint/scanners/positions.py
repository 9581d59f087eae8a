"""Offsets to lines and columns, at the edges only (design.md, "Coordinates").

Inside urilint every position is a 0-based code-point offset into the decoded text.  Reporters
want a 1-based line with a 1-based column (text output, SARIF) or a 0-based one (flake8).  A
line ends at ``\\r\\n``, ``\\r`` or ``\\n`` (CommonMark 0.31 section 2.1, and what editors do), so a
CRLF or CR file gives the same lines and columns as its LF twin; columns count code points, so a
non-ASCII character before a URI counts once.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple, Tuple

from ..rfc3986 import lazy

NEWLINE = lazy.compile(r"\r\n?|\n")


class LineIndex(NamedTuple):
    """The start offset of every line of one text; build once, query many times."""

    starts: Tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> "LineIndex":
        if "\r" not in text:
            # The common case, without the alternation: a literal search is several times faster.
            starts = [0]
            find = text.find
            pos = find("\n")
            while pos >= 0:
                starts.append(pos + 1)
                pos = find("\n", pos + 1)
            return cls(tuple(starts))
        return cls((0,) + tuple(m.end() for m in NEWLINE.finditer(text)))

    def line_col(self, offset: int) -> Tuple[int, int]:
        """1-based line and 1-based column of ``offset``."""
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def line_col0(self, offset: int) -> Tuple[int, int]:
        """1-based line and 0-based column of ``offset`` (what flake8 reports)."""
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1]

    def offset(self, line: int, column: int) -> int:
        """The offset of a 1-based line and 1-based column (the inverse of :meth:`line_col`)."""
        return self.starts[line - 1] + column - 1


def line_col(text: str, offset: int) -> Tuple[int, int]:
    """1-based line and column of one offset (build a :class:`LineIndex` for many)."""
    return LineIndex.of(text).line_col(offset)
