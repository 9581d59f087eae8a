"""What reporters receive: findings placed in files, and the run's errors.  Plain data.

Positions here are 1-based rows and 1-based columns (code points), as ruff and SARIF show them;
the conversion from offsets happens once, in :func:`place`.  ``line`` is the source line with
every secret masked, so a reporter can print it; no field ever holds a password or token.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Callable, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from . import placeholders, secrets
from .candidate import Candidate
from .finding import FileError, FileFinding, Span, merge_spans
from .rfc3986 import lazy
from .scanners.positions import LineIndex

DOCS_URL = "https://github.com/urilint/urilint/blob/main/README.md#{code}"


class PlacedEdit(NamedTuple):
    content: str
    row: int
    column: int
    end_row: int
    end_column: int


class Report(NamedTuple):
    path: str  #: as given on the command line or relative to the current directory, "/"-separated
    code: str
    name: str
    message: str
    row: int
    column: int
    end_row: int
    end_column: int
    line: str  #: the source line of (row), without its line break, secrets masked
    uri: str  #: the URI, redacted
    applicability: str  #: "safe", "unsafe" or "display-only"
    edits: Tuple[PlacedEdit, ...]  #: the fix as text edits (empty when there is none)
    #: the span's 1-based columns within ``line`` (masking may have moved it); end may lie on a later row
    line_column: int = 0
    line_end_column: int = 0
    #: inside a part of a container file (a notebook's cell): the part's label and the 1-based
    #: line and column within it, which the text formats show instead of row:column, as ruff
    #: does ("cell 3:2:5"); row and column stay those of the file (JSON, SARIF)
    cell: Optional[Tuple[str, int, int]] = None

    @property
    def url(self) -> str:
        return DOCS_URL.format(code=self.code.lower())


class RunResult(NamedTuple):
    reports: Tuple[Report, ...]
    errors: Tuple[FileError, ...]
    files_checked: int
    fixed: int = 0  #: findings fixed by --fix


# "//user:password@": the user part stops at the first ":" (it cannot hold one), so each "//"
# costs one pass over the run after it.  (The lazy "[^...]*?:" this replaces retried every ":"
# of the run, quadratic on a line like "//a:a:a:a...".)
_CREDENTIAL = lazy.compile(r"//[^/?#@\s\"'<>:]*:([^/?#@\s\"'<>]+)@")


def secret_spans_in_line(line: str, extra: Sequence[Span] = (),
                         known: Optional[Mapping[str, Sequence[Span]]] = None) -> List[Span]:
    """Spans of ``line`` to hide: the secrets of every URI the prose scanner finds on it, and,
    as a second net, anything shaped like "//user:password@", a secret parameter outside any
    URI (secrets.stray_param_spans) or a known token format; plus
    ``extra`` (spans the file's own scanner knows to be secrets), merged and sorted.
    ``known``: URIs whose ``secrets.secret_spans`` the caller has already, by their text (a
    reported URI's check worked them out: the line that shows it need not again)."""
    if not line:
        return []
    spans: List[Span] = []
    # On one physical line every URI the prose scanner reads is a verbatim slice of it (its
    # runs join only across line breaks), so a line no slice of which may hold a secret needs no
    # scan: the common reported line, where the scan cost as much as checking its URI.  The
    # same guard covers the nets below: "//user:password@" needs an "@", a token its prefix.
    if "\n" in line or "\r" in line or secrets.slice_may_hold_secret(line):
        from .scanners.text import scan_prose

        found = scan_prose(line)
        for c in found:
            uri_spans = known.get(c.uri) if known else None
            for s, e in secrets.secret_spans(c.uri) if uri_spans is None else uri_spans:
                spans.append(c.source_span(s, e))
        # A secret parameter outside every URI (one cut short by a space) needs a secret's name
        # or a token's prefix: the same guard.  Those inside a URI are its secret spans already.
        ends = [c.end for c in found]
        spans.extend((s, e) for s, e in secrets.stray_param_spans(line)
                     if not _inside_one(found, ends, s))
        for m in _CREDENTIAL.finditer(line):
            if not secrets.is_placeholder_value(m.group(1)):
                spans.append(m.span(1))
        spans.extend(m.span() for m in secrets.find_tokens(line))
    elif not extra:
        return spans
    spans.extend((max(0, s), min(len(line), e)) for s, e in extra)
    return merge_spans((s, e) for s, e in spans if e > s)


def _inside_one(found: Sequence[Candidate], ends: Sequence[int], offset: int) -> bool:
    """Whether ``offset`` lies in the source span of one of ``found`` (sorted, disjoint)."""
    i = bisect_right(ends, offset)
    return i < len(found) and found[i].start <= offset


def mask_line_mapped(line: str, extra: Sequence[Span] = (),
                     known: Optional[Mapping[str, Sequence[Span]]] = None) -> Tuple[str, List[Span]]:
    """The masked line and the spans that were masked (in the original line's columns);
    ``extra`` spans are masked too (``known``: as :func:`secret_spans_in_line`)."""
    spans = secret_spans_in_line(line, extra, known)
    return secrets.masked(line, spans), spans


def masked_column(spans: Sequence[Span], column: int, end: bool = False) -> int:
    """Where a 0-based column of the original line stands in the masked line: shifted by the
    masks before it; inside a masked span, at the mask's start (or its end for an end column)."""
    return _MaskMap(spans).column(column, end)


class _MaskMap:
    """:func:`masked_column` for many columns of one line: the masked spans (sorted, disjoint)
    with the shift before each, so each lookup is a bisection, not a walk over every span (a
    long line full of secrets would make place() quadratic)."""

    def __init__(self, spans: Sequence[Span]) -> None:
        self.spans = spans
        self.starts = [s for s, _ in spans]
        self.shifts: List[int] = []
        shift = 0
        for s, e in spans:
            self.shifts.append(shift)
            shift += len(secrets.MASK) - (e - s)
        self.total = shift

    def column(self, column: int, end: bool = False) -> int:
        i = bisect_left(self.starts, column)  # the spans that start before the column
        if i == 0:
            return column
        s, e = self.spans[i - 1]
        shift = self.shifts[i - 1]
        if column < e or (end and column == e):
            return s + shift + (len(secrets.MASK) if end else 0)
        return column + shift + len(secrets.MASK) - (e - s)


def mask_line(line: str) -> str:
    """A line of source with every secret of every URI on it masked, for display."""
    return mask_line_mapped(line)[0]


def secret_source_spans(candidates: Sequence[Candidate],
                        syntaxes: Iterable[str] = placeholders.DEFAULT_SYNTAXES,
                        known: Optional[Sequence[Optional[Sequence[Span]]]] = None) -> List[Span]:
    """The source spans of every secret of every candidate of a file, for :func:`place`.

    A line-by-line look cannot see a secret that a scanner reads through escapes, entities,
    implicit concatenation or a line break (``"postgres://u:" "pw@h"``, ``pw&#115;``, a URI
    wrapped in ``<...>``); the candidates can, and their pieces map each secret back to its
    exact source characters.  ``known``: per candidate, its URI's secret spans
    (``secrets.secret_spans``) when the caller has them (a reported URI's check worked them
    out), else None."""
    syntaxes = tuple(syntaxes)
    spans: List[Span] = []
    for i, c in enumerate(candidates):
        uri_spans = known[i] if known is not None else None
        for s, e in secrets.secret_spans(c.uri, syntaxes) if uri_spans is None else uri_spans:
            spans.extend(source_parts(c, s, e))
    return sorted(spans)


def read_ranges(findings: Sequence[FileFinding], index: LineIndex, length: int) -> List[Span]:
    """The source ranges in which :func:`place` looks at hidden spans for ``findings`` (each
    finding's line, each edit), sorted and merged: only the secrets of candidates reaching into
    them can change what it shows (``length``: the text's)."""
    starts = index.starts
    ranges: List[Span] = []
    for f in findings:
        row = index.line_col(f.start)[0]  # (as place() finds the line)
        ranges.append((starts[row - 1], starts[row] if row < len(starts) else length))
        if f.edit is not None:
            ranges.append((f.edit[0], max(f.edit[1], f.edit[0] + 1)))
    return merge_spans(ranges)


def reaches_into(c: Candidate, ranges: Sequence[Span], range_ends: Sequence[int]) -> bool:
    """Whether the source of ``c`` (its span and every piece) overlaps one of the sorted,
    disjoint ``ranges`` (``range_ends``: their ends)."""
    lo, hi = c.start, c.end
    for _, _, s0, s1 in c.pieces:
        lo, hi = min(lo, s0), max(hi, s1)
    i = bisect_right(range_ends, lo)
    return i < len(ranges) and ranges[i][0] < max(hi, lo + 1)


def source_parts(c: Candidate, start: int, end: int) -> List[Span]:
    """The source characters of URI offsets ``start..end``, one span per piece: what lies
    between two pieces (a closing and an opening quote, a line break and indentation) is not
    part of the secret and stays shown.  A piece that is an escape is hidden whole."""
    if not c.pieces:
        return [c.source_span(start, end)]
    out: List[Span] = []
    for u0, u1, s0, s1 in c.pieces:
        if u1 <= start or u0 >= end:
            continue
        if u1 - u0 == s1 - s0:
            out.append((s0 + max(start, u0) - u0, s0 + min(end, u1) - u0))
        else:
            out.append((s0, s1))
    return out or [c.source_span(start, end)]


def hidden_reach(hidden: Sequence[Span]) -> List[int]:
    """For sorted spans ``hidden``: ``reach[i]`` is the largest end among ``hidden[:i + 1]``
    (what :func:`hidden_in` bisects)."""
    reach: List[int] = []
    for _, e in hidden:
        reach.append(max(e, reach[-1]) if reach else e)
    return reach


def hidden_in(hidden: Sequence[Span], reach: Sequence[int], lo: int, hi: int) -> List[Span]:
    """The parts of the sorted source spans ``hidden`` inside ``lo..hi``, relative to ``lo``.
    ``reach[i]`` is the largest end among ``hidden[:i + 1]`` (non-decreasing, so bisectable):
    the first span that can reach into the line is found without walking the ones before."""
    out: List[Span] = []
    for i in range(bisect_right(reach, lo), len(hidden)):
        s, e = hidden[i]
        if s >= hi:
            break
        if e > lo and e > s:
            out.append((max(s, lo) - lo, min(e, hi) - lo))
    return out


def _touches(hidden: Sequence[Span], reach: Sequence[int], start: int, end: int) -> bool:
    """Does the source range ``start..end`` (an edit) overlap a hidden span?  Such an edit's
    replacement text would show the secret (a fix is never offered for a URI holding one: this
    is the net under that rule, for any spelling the checker could not see)."""
    return bool(hidden) and bool(hidden_in(hidden, reach, start, max(end, start + 1)))


def place(path: str, text: str, findings: Sequence[FileFinding], index: Optional[LineIndex] = None,
          hidden: Sequence[Span] = (), known: Optional[Mapping[str, Sequence[Span]]] = None) -> List[Report]:
    """Turn offset-based findings of one file into reports with rows, columns and masked lines.

    ``hidden``: source spans that must never be shown (:func:`secret_source_spans` of the file's
    candidates, :func:`urilint.masking.hidden_spans` of its text); every line is also masked by
    the line-by-line net of :func:`mask_line` (``known``: the secret spans of URIs by their
    text, as :func:`urilint.masking.known_uri_secrets` gives them), and an edit that would
    rewrite a hidden span is not shown."""
    index = index or LineIndex.of(text)
    hidden = sorted(hidden)
    reach = hidden_reach(hidden)
    out: List[Report] = []
    # One mask per line, however many findings it has: masking scans the whole line, so doing it
    # per finding is quadratic on a long line full of URIs (a minified file, a 1 MB line).
    lines: Dict[int, Tuple[str, _MaskMap]] = {}
    for f in findings:
        row, column = index.line_col(f.start)
        end_row, end_column = index.line_col(f.end)
        if row not in lines:
            line_start = index.starts[row - 1]
            line_end = index.starts[row] if row < len(index.starts) else len(text)
            raw = text[line_start:line_end].rstrip("\r\n")
            extra = hidden_in(hidden, reach, line_start, line_start + len(raw)) if hidden else []
            masked_text, spans = mask_line_mapped(raw, extra, known)
            lines[row] = (masked_text, _MaskMap(spans))
        line, masks = lines[row]
        if masks.spans:
            line_column = masks.column(column - 1) + 1
            line_end_column = (masks.column(end_column - 1, end=True) + 1 if end_row == row
                               else len(line) + 1)
        else:  # (nothing masked on the line, the common report: the columns are the line's)
            line_column, line_end_column = column, end_column if end_row == row else len(line) + 1
        edits: Tuple[PlacedEdit, ...] = ()
        if f.edit is not None and not _touches(hidden, reach, f.edit[0], f.edit[1]):
            s, e, content = f.edit
            er, ec = index.line_col(s)
            eer, eec = index.line_col(e)
            edits = (PlacedEdit(content, er, ec, eer, eec),)
        out.append(Report(path, f.code, f.name, f.message, row, column, end_row, end_column, line, f.uri,
                          f.applicability, edits, line_column, line_end_column))
    return out


def with_cells(reports: Sequence[Report], findings: Sequence[FileFinding],
               locate: Optional[Callable[[int], Optional[Tuple[str, int, int]]]]) -> List[Report]:
    """The reports :func:`place` made of ``findings`` (one each, in order), with where each
    stands in a part of a container file (``Format`` parts: a notebook's cells); ``locate``
    None (a plain file) leaves them as they are."""
    if locate is None:
        return list(reports)
    return [r._replace(cell=locate(f.start)) for r, f in zip(reports, findings)]
