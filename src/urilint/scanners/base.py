"""The shape of a file format: one :class:`Format` record per format, exported by its module.

A format says how to find the URIs of a text (``scan``) and, optionally, everything else the
pipeline must do differently for it: how its bytes are decoded, why a text cannot be checked at
all, whether a text is still well-formed after fixes, how a fixed URI is written back through
its escapes, and which suppression comments it honours.  Code regions (fences, literal blocks,
doctests) are marked by the scan itself, on each candidate (``Candidate.in_code``).

A container format (a Jupyter notebook) also says which documents it holds (``parts``): each is
read as its own format, its positions are shown within it ("cell 3:2:5", as ruff shows them),
and its own suppression comments apply within it.  Offsets stay those of the container's text,
so nothing downstream changes.

Nothing outside a format's own module tests for its name: the pipeline asks the record.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Callable, Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple

from ..candidate import Candidate, Piece
from ..finding import Edit
from ..settings import Settings
from .decoding import DecodedText
from .positions import LineIndex

Scan = Callable[[str, Settings], List[Candidate]]

#: Suppression comment syntaxes (urilint.suppress implements each).
NOQA = "noqa"  #: Python's noqa comments (optionally with codes), mapped to lines as flake8 maps them
HASH_COMMENT = "hash-comment"  #: a trailing ``# urilint: ignore[CODES]``
HTML_COMMENT = "html-comment"  #: ``<!-- urilint-disable[-next-line|-file] CODES -->`` ... ``enable``


class Part:
    """One document inside a container file (a notebook's cell), read as its own format."""

    __slots__ = ("label", "format", "text", "pieces", "_src_starts")

    def __init__(self, label: str, format: str, text: str, pieces: Tuple[Piece, ...]) -> None:
        self.label = label  #: how a position inside it is shown before its line and column: "cell 3"
        self.format = format  #: the format its text is read as (its suppression comments are that format's)
        self.text = text  #: its text as that format reads it (escapes of the container decoded)
        #: ``(text_start, text_end, src_start, src_end)`` runs covering ``text``, as
        #: Candidate.pieces: a run of equal lengths is verbatim, any other is one escape
        self.pieces = pieces
        self._src_starts = tuple(p[2] for p in pieces)

    def __repr__(self) -> str:
        return f"Part({self.label!r}, {self.format!r})"

    @property
    def start(self) -> int:
        """The container offset of the part's first character (0 when it is empty)."""
        return self.pieces[0][2] if self.pieces else 0

    @property
    def end(self) -> int:
        return self.pieces[-1][3] if self.pieces else 0

    def offset(self, source: int) -> Optional[int]:
        """The part's offset of container offset ``source`` (inside an escape: the escape's
        character), or None when ``source`` lies outside every run of the part."""
        i = bisect_right(self._src_starts, source) - 1
        if i < 0:
            return None
        u0, u1, s0, s1 = self.pieces[i]
        if source >= s1:
            return u1 if source == s1 and i == len(self.pieces) - 1 else None
        return u0 + (source - s0) if u1 - u0 == s1 - s0 else u0


class Format(NamedTuple):
    """Everything urilint needs to know about one file format."""

    name: str
    #: Every URI candidate of a text, sorted by position or not (the pipeline sorts).
    scan: Scan
    #: The suppression comment syntaxes this format honours.
    suppressions: FrozenSet[str] = frozenset({HASH_COMMENT})
    #: Decode a file's bytes when the format has its own rule (a coding cookie); None: the
    #: general decoder (BOM, else UTF-8) applies.
    decode: Optional[Callable[[bytes], Optional[DecodedText]]] = None
    #: Why a text cannot be checked at all (one line), or None when it can.
    precheck: Optional[Callable[[str], Optional[str]]] = None
    #: Whether a text is still well-formed in this format (a fixed module must still parse);
    #: checked only when the text was well-formed before the fixes.
    well_formed: Optional[Callable[[str], bool]] = None
    #: Whether a fix in a text can be checked before it is written; None: always.  A Python
    #: module the running interpreter does not compile (a newer Python's, read all the same)
    #: gets no fix: nothing here could say a fixed module still compiles.
    fixable: Optional[Callable[[str], bool]] = None
    #: The source edit that makes a candidate read through escapes read ``new_uri``; None when
    #: it cannot be written exactly.  Without it the pipeline tries a minimal, verified edit.
    fix_edit: Optional[Callable[[str, Candidate, str], Optional[Edit]]] = None
    #: ``fix_edit`` before its check, and the check of many such edits applied to the text at
    #: once (the indexes of those that do not read as intended): the pipeline checks a file's
    #: edits together, in layers, not one whole-file check per fix.  None: ``fix_edit`` alone.
    propose_edit: Optional[Callable[[str, Candidate, str], Optional[Edit]]] = None
    failed_edits: Optional[Callable[[str, Sequence[Tuple[Candidate, str, Edit]]], List[int]]] = None
    #: Whether an edit making a candidate read a new URI leaves the markup around it as before
    #: (Markdown: emphasis beside a bare URI); an edit that does not is no fix.  None: any does.
    keeps_markup: Optional[Callable[[str, Candidate, str, Edit], bool]] = None
    #: Candidate contexts whose text is a program's value (a string literal): a fix there
    #: changes what the program does, so it is at most unsafe (ruff's rule).
    program_contexts: FrozenSet[str] = frozenset()
    #: A container's documents (a notebook's cells), in source order; None for a plain format.
    parts: Optional[Callable[[str], Sequence[Part]]] = None
    #: Documents whose relative links name files of their tree (Markdown, reST, HTML): the link
    #: rules (URI4xx) resolve them.
    links: bool = False


#: Where an offset is shown in a container: (part label, 1-based line, 1-based column).
Located = Tuple[str, int, int]


class PartFinder:
    """Which part of a container holds an offset (parts with text, by their first offset)."""

    def __init__(self, parts: Sequence[Part]) -> None:
        self.parts = [p for p in parts if p.pieces]
        self.starts = [p.start for p in self.parts]

    def find(self, source: int) -> Optional[Tuple[Part, int]]:
        """The part holding container offset ``source`` and the offset within it, or None."""
        i = bisect_right(self.starts, source) - 1
        if i < 0:
            return None
        inner = self.parts[i].offset(source)
        return None if inner is None else (self.parts[i], inner)


def locator(format: Format, text: str) -> Optional[Callable[[int], Optional[Located]]]:
    """For a container format, where an offset of ``text`` is shown ("cell 3", line, column
    within the cell); None for a plain format (rows and columns of the file are shown)."""
    if format.parts is None:
        return None
    finder = PartFinder(format.parts(text))
    indexes: Dict[int, LineIndex] = {}

    def locate(source: int) -> Optional[Located]:
        found = finder.find(source)
        if found is None:
            return None
        part, inner = found
        index = indexes.get(id(part))
        if index is None:
            index = indexes[id(part)] = LineIndex.of(part.text)
        line, column = index.line_col(inner)
        return part.label, line, column

    return locate


def code_aware(scan: Callable[[str, bool], List[Candidate]]) -> Scan:
    """A format's scan from a scanner that takes only ``include_code`` from the settings."""

    def run(text: str, settings: Settings) -> List[Candidate]:
        return scan(text, settings.include_code_blocks)

    return run
