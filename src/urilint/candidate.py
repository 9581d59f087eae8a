"""A URI as a reader sees it in a file, with an exact map back to the source text.

Scanners produce Candidates; rules read ``uri``; reporters and the fixer map offsets inside
``uri`` back to the source with :meth:`Candidate.to_source`.  Offsets are 0-based code-point
offsets into the decoded text everywhere inside urilint (see design.md, "Coordinates").

The URI may differ from its source slice: a URI wrapped across lines inside ``<...>`` (RFC 3986
Appendix C), an HTML entity, a Markdown backslash escape or a Python escape sequence.  ``pieces``
records how: consecutive ``(uri_start, uri_end, src_start, src_end)`` runs that cover ``uri``.
A *verbatim* piece has ``uri[uri_start:uri_end] == text[src_start:src_end]``; any other piece
(an escape, an entity) maps its whole URI run to its whole source run.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple, Tuple

Piece = Tuple[int, int, int, int]


class Candidate(NamedTuple):
    """One URI candidate found in a text."""

    uri: str  #: the URI as the reader means it (joined, unescaped)
    start: int  #: source offset of the URI's first character
    end: int  #: source offset just past its last character
    context: str  #: e.g. "markdown-link", "autolink", "bare", "angle", "py-string", "comment"
    in_code: bool = False  #: inside a code span or block
    pieces: Tuple[Piece, ...] = ()  #: empty when ``uri == text[start:end]`` verbatim
    #: the program joins text before (``open_start``) or after (``open_end``) it at run time (a
    #: Python literal with ``+``, ``%`` or ``.format``): what depends on where the URI starts or
    #: ends is not judged, and it is never fixed
    open_start: bool = False
    open_end: bool = False

    @property
    def partial(self) -> str:
        """"" for a whole URI; "start" when text may come before it; else "end"."""
        return "start" if self.open_start else "end" if self.open_end else ""

    @classmethod
    def verbatim(cls, text: str, start: int, end: int, context: str, in_code: bool = False) -> "Candidate":
        """A candidate whose URI is exactly ``text[start:end]``."""
        return cls(text[start:end], start, end, context, in_code)

    @property
    def is_verbatim(self) -> bool:
        """True when ``uri`` is exactly its source slice (so a fix may rewrite it in place).

        Scanners leave ``pieces`` empty in that case and fill it only when the two differ."""
        return not self.pieces

    def _piece_at(self, index: int) -> Piece:
        starts = [p[0] for p in self.pieces]
        return self.pieces[max(0, bisect_right(starts, index) - 1)]

    def to_source(self, index: int) -> int:
        """Source offset of URI offset ``index`` (``len(uri)`` maps to ``end``).

        Inside a verbatim piece (equal lengths, by the scanners' contract) the map is exact;
        inside an escape or entity every URI offset maps to the escape's first character."""
        if not self.pieces:
            return self.start + index
        if index >= len(self.uri):
            return self.end
        u0, u1, s0, s1 = self._piece_at(index)
        return s0 + (index - u0) if u1 - u0 == s1 - s0 else s0

    @property
    def joins(self) -> Tuple[int, ...]:
        """URI offsets where source text was dropped between two pieces (a wrapped URI's line
        break and indentation, RFC 3986 Appendix C).  ``uri[i - 1] == "-"`` at such an offset is
        the ambiguous case: the hyphen may be a typesetter's, and a rule may say so."""
        return tuple(b[0] for a, b in zip(self.pieces, self.pieces[1:])
                     if a[1] == b[0] and a[3] < b[2] and a[1] > 0)

    def source_span(self, start: int, end: int) -> Tuple[int, int]:
        """Source span covering URI offsets ``start``..``end`` (end exclusive)."""
        if not self.pieces:
            return self.start + start, self.start + max(start, end)
        first = self.to_source(start)
        if end <= start:
            return first, first
        u0, u1, s0, s1 = self._piece_at(end - 1)
        return first, (s0 + (end - u0) if u1 - u0 == s1 - s0 else s1)
