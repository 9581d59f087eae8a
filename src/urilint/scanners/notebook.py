"""Jupyter notebooks (nbformat 4): each cell read as what it is; outputs are never read.

A notebook is JSON, but its readers see cells.  Read as plain text, its JSON escapes drew false
findings (``"see https://example.com/\\n"``).  Here a Markdown cell is read by the Markdown
scanner, a code cell by the Python scanner (when the notebook's kernel language is Python; in
any other language, and in a raw cell, as prose).  Outputs, attachments and metadata are never
read: they are what a program printed or a tool recorded, not what an author wrote.

A cell's text is decoded from its ``source`` (one JSON string, or a list of strings joined;
RFC 8259 section 7 escapes) with a piece map back to the exact source characters, so every
candidate keeps offsets in the notebook's own text and positions and fixes are exact there.  A
position is shown as ruff shows it, ``cell 3:2:5``: the cell's 1-based index among all cells
(Markdown ones included), then the line and column within the cell.  Suppression comments work
within a cell, in the cell's own syntax (``# noqa`` in code, ``<!-- urilint-... -->`` in Markdown).

IPython syntax would make a code cell unparsable: line magics and shell escapes (``%pip install
x``, ``!wget URL``, ``files = !ls``), help (``obj?``) and a cell magic's first line (``%%time``).
When a cell does not parse as it is, they are blanked out for the Python scanner (every offset
kept), and the magic lines are read as shell commands, so a URI in ``!curl`` or ``%pip`` is still
checked.  A cell magic that runs another language makes the cell that language (``%%bash``,
``%%html``, ``%%markdown``, ``%%writefile NAME`` as NAME's format; any other as prose).

A fix is written back through the cell's own format first (Python escapes, Markdown entities),
then through JSON: only the changed characters of one JSON string are rewritten (its other
escapes stay as written), and the edited notebook must parse to the same JSON value with only
that string changed.  Indentation, key order and every other byte stay as they were.
"""

from __future__ import annotations

import json
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any, Callable, Dict, FrozenSet, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from ..candidate import Candidate, Piece
from ..finding import Edit, apply_edits
from ..rfc3986 import lazy
from ..settings import Settings
from . import format_for_path, get
from . import scan as scan_format
from .base import HASH_COMMENT, HTML_COMMENT, NOQA, Format, Part, PartFinder
from .escapes import build, common_ends, first_ending_after, json_replacements, map_span, place
from .python import syntax_error

# -- the JSON walk -------------------------------------------------------------------------------
# json.loads checks the text first; this walk only finds where the cells' strings are.  Strings
# are skipped with str.find (an output can hold megabytes of base64: a regex walks them several
# times slower).
_STRUCTURE = lazy.compile(r'["\[\]{}]')
_SCALAR = lazy.compile(r"[^\s,\]}]+")
_WS = lazy.compile(r"[ \t\r\n]*")
Span = Tuple[int, int]


def _skip(text: str, pos: int) -> int:
    """The first offset from ``pos`` that is not JSON whitespace."""
    m = _WS.match(text, pos)
    return m.end() if m is not None else pos


def _string_end(text: str, pos: int) -> int:
    """The end of the JSON string that opens at ``pos``: after the first quote that an even
    number of backslashes precedes."""
    q = pos
    while True:
        q = text.find('"', q + 1)
        if q < 0:
            raise ValueError("unterminated JSON string")
        b = q - 1
        while text[b] == "\\":
            b -= 1
        if (q - 1 - b) % 2 == 0:
            return q + 1


def _value_end(text: str, pos: int) -> int:
    """The end of the JSON value that starts at ``pos`` (the text is valid JSON)."""
    c = text[pos]
    if c == '"':
        return _string_end(text, pos)
    if c in "[{":
        depth = 0
        while True:
            m = _STRUCTURE.search(text, pos)
            if m is None:
                raise ValueError("unbalanced JSON")
            t = m.group()
            if t == '"':
                pos = _string_end(text, m.start())
                continue
            pos = m.end()
            depth += 1 if t in "[{" else -1
            if depth == 0:
                return pos
    m = _SCALAR.match(text, pos)
    if m is None:
        raise ValueError("not a JSON value")
    return m.end()


def _object(text: str, pos: int, value: Callable[[str, int], int]) -> int:
    """Walk the object that opens at ``pos``: ``value(key, start)`` reads or skips each member's
    value and returns its end.  Returns the end of the object.  One pass: nothing is skipped
    twice (an output can hold megabytes)."""
    pos = _skip(text, pos + 1)
    while text[pos] != "}":
        key_end = _string_end(text, pos)
        colon = _skip(text, key_end)
        pos = _skip(text, value(json.loads(text[pos:key_end]), _skip(text, colon + 1)))
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return pos + 1


def _array(text: str, pos: int, value: Callable[[int], int]) -> int:
    """Walk the array that opens at ``pos``, as :func:`_object` walks an object."""
    pos = _skip(text, pos + 1)
    while text[pos] != "]":
        pos = _skip(text, value(pos))
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return pos + 1


def _strings(text: str, pos: int) -> Tuple[Tuple[Span, ...], int]:
    """The spans of the strings of a ``source`` value (one string, or an array of strings) and
    its end; a value of any other shape has no strings."""
    spans: List[Span] = []

    def element(start: int) -> int:
        end = _value_end(text, start)
        spans.append((start, end))
        return end

    if text[pos] == "[":
        end = _array(text, pos, element)
    else:
        end = element(pos)
    if any(text[a] != '"' for a, _ in spans):
        return (), end
    return tuple(spans), end


def _string_value(text: str, start: int, end: int) -> Tuple[str, Tuple[Piece, ...]]:
    """The value of the JSON string body ``text[start:end]`` and its pieces (never empty for a
    non-empty value).  A surrogate pair written as two escapes is one character, as json.loads
    reads it."""
    replacements = json_replacements(text, start, end)
    merged: List[Tuple[int, int, str]] = []
    for r in replacements:
        if (merged and r[0] == merged[-1][1] and len(r[2]) == 1 and "\udc00" <= r[2] <= "\udfff"
                and len(merged[-1][2]) == 1 and "\ud800" <= merged[-1][2] <= "\udbff"):
            high = merged.pop()
            pair = (high[2] + r[2]).encode("utf-16-le", "surrogatepass").decode("utf-16-le")
            merged.append((high[0], r[1], pair))
        else:
            merged.append(r)
    value, pieces = build(text, start, end, merged)
    if not pieces and value:
        pieces = ((0, len(value), start, end),)
    return value, pieces


# -- cells -----------------------------------------------------------------------------------------
class View(NamedTuple):
    """A cell's text as one format reads it: same length as the cell's text, every offset kept
    (what another format reads, such as IPython magics in a code cell, blanked out)."""

    format: str
    text: str


class Cell(NamedTuple):
    number: int  #: 0-based, among all cells
    part: Part
    views: Tuple[View, ...]
    listed: bool  #: ``source`` is a list of strings (else one string)


class Notebook(NamedTuple):
    data: Any  #: the parsed JSON (NaN and Infinity as strings, so two reads compare equal)
    cells: Tuple[Cell, ...]
    finder: PartFinder

    def cell_at(self, source: int) -> Optional[Tuple[Cell, int]]:
        found = self.finder.find(source)
        if found is None:
            return None
        part, inner = found
        return next(((c, inner) for c in self.cells if c.part is part), None)


def _loads(text: str) -> Any:
    return json.loads(text, parse_constant=str)


def _is_notebook(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("cells"), list)


def _kernel_language(data: Any) -> str:
    """The notebook's language, lowercased ("python" when it does not say)."""
    meta = data.get("metadata")
    if not isinstance(meta, dict):
        return "python"
    for key, name in (("kernelspec", "language"), ("language_info", "name")):
        value = meta.get(key)
        if isinstance(value, dict) and isinstance(value.get(name), str):
            return str(value[name]).lower()
    return "python"


@lru_cache(maxsize=4)
def load(text: str) -> Optional[Notebook]:
    """The notebook in ``text``, or None when it is not an nbformat 4 notebook in valid JSON.

    The walk over the raw text is checked against json.loads: each cell's decoded source must
    be exactly what json.loads reads, or nothing is read (never a guess)."""
    try:
        data = _loads(text)
    except (ValueError, RecursionError):
        return None
    if not _is_notebook(data):
        return None
    try:
        cells = _cells(text, data)
    except (ValueError, AssertionError, IndexError, AttributeError, TypeError):
        return None
    if cells is None:
        return None
    return Notebook(data, cells, PartFinder([c.part for c in cells]))


def _sources(text: str) -> List[Optional[Tuple[Tuple[Span, ...], bool]]]:
    """For each cell of the notebook (valid JSON), the spans of its source strings and whether
    they are a list; None for a cell without a ``source`` (the last one counts, as in json.loads)."""
    cells: List[Optional[Tuple[Tuple[Span, ...], bool]]] = []

    def cell(start: int) -> int:
        found: List[Optional[Tuple[Tuple[Span, ...], bool]]] = [None]

        def member(key: str, at: int) -> int:
            if key != "source":
                return _value_end(text, at)
            spans, end = _strings(text, at)
            found[0] = (spans, text[at] == "[")
            return end

        end = _object(text, start, member) if text[start] == "{" else _value_end(text, start)
        cells.append(found[0])
        return end

    def top(key: str, at: int) -> int:
        if key != "cells":
            return _value_end(text, at)
        cells.clear()
        return _array(text, at, cell)

    _object(text, _skip(text, 0), top)
    return cells


def _cells(text: str, data: Any) -> Optional[Tuple[Cell, ...]]:
    sources = _sources(text)
    if len(sources) != len(data["cells"]):
        return None
    python = _kernel_language(data).startswith("python")
    out: List[Cell] = []
    for index, (raw, source) in enumerate(zip(data["cells"], sources)):
        if isinstance(raw, dict) and source is not None:
            cell = _cell(text, index, raw, *source, python)
            if cell is not None:
                out.append(cell)
    return tuple(out)


def _cell(text: str, index: int, raw: Any, spans: Tuple[Span, ...], listed: bool, python: bool) -> Optional[Cell]:
    """One cell: its text decoded from its source strings with the map back to them, and how it
    is read.  None for a cell of another type or a source of another shape (not nbformat)."""
    expected = raw.get("source")
    if isinstance(expected, list) and all(isinstance(x, str) for x in expected):
        expected = "".join(expected)
    if not isinstance(expected, str):
        return None
    values: List[str] = []
    pieces: List[Piece] = []
    u = 0
    for a, b in spans:
        value, ps = _string_value(text, a + 1, b - 1)
        values.append(value)
        pieces.extend((x0 + u, x1 + u, y0, y1) for x0, x1, y0, y1 in ps)
        u += len(value)
    cell_text = "".join(values)
    if cell_text != expected:
        raise ValueError("the walk disagrees with json.loads")
    kind = raw.get("cell_type")
    if kind == "markdown":
        views: Tuple[View, ...] = (View("markdown", cell_text),)
    elif kind == "code" and python and _cell_language(raw) == "python":
        views = code_views(cell_text)
    elif kind in ("code", "raw"):
        views = (View("text", cell_text),)
    else:
        return None
    part = Part(f"cell {index + 1}", views[0].format, cell_text, tuple(pieces))
    return Cell(index, part, views, listed)


def _cell_language(raw: Any) -> str:
    """A cell's own language (VS Code records one per cell), "python" when it does not say."""
    meta = raw.get("metadata")
    vscode = meta.get("vscode") if isinstance(meta, dict) else None
    language = vscode.get("languageId") if isinstance(vscode, dict) else None
    return language.lower() if isinstance(language, str) else "python"


# -- IPython syntax in code cells ------------------------------------------------------------------
_NEWLINE = lazy.compile(r"\r\n?|\n")
_NOT_NEWLINE = lazy.compile(r"[^\r\n]")
# A line IPython rewrites: a magic or shell escape ("%pip", "!ls", "?obj"), help ("obj?"), or an
# assignment from a magic or shell escape ("files = !ls").  "at"/"assigned": where that starts.
_ESCAPED = lazy.compile(r"[ \t]*(?P<at>[%!?]|[A-Za-z_][\w.]*[ \t]*\?\??[ \t]*$)"
                      r"|[ \t]*[A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*[ \t]*=[ \t]*(?P<assigned>[%!])")
_CELL_MAGIC = lazy.compile(r"%%(?P<name>[\w.-]+)(?P<args>[^\r\n]*)")
#: Cell magics whose body is Python (ruff's list): only their first line is IPython.
_PYTHON_CELL_MAGICS = frozenset({"capture", "debug", "ipytest", "prun", "pypy", "python", "python2",
                                 "python3", "time", "timeit"})
#: Cell magics whose body is another format (%%writefile: by the file's name; others: prose).
_CELL_MAGIC_FORMATS = {"bash": "shell", "sh": "shell", "script": "shell", "html": "html", "svg": "html",
                       "markdown": "markdown"}


def _lines(text: str, start: int) -> Iterator[Span]:
    """(start, end) of each line of ``text`` from ``start``, without its line break."""
    pos = start
    while True:
        m = _NEWLINE.search(text, pos)
        if m is None:
            yield pos, len(text)
            return
        yield pos, m.start()
        pos = m.end()


def _blank(text: str) -> str:
    return _NOT_NEWLINE.sub(" ", text)


def _only(text: str, spans: Sequence[Span]) -> str:
    """``text`` with everything outside ``spans`` blanked (line breaks kept)."""
    out: List[str] = []
    pos = 0
    for a, b in spans:
        out += [_blank(text[pos:a]), text[a:b]]
        pos = b
    out.append(_blank(text[pos:]))
    return "".join(out)


class _Escape(NamedTuple):
    """One stretch of a code cell that IPython rewrites."""

    start: int
    end: int
    shell: bool  #: a magic or shell command (its text is read as shell), not help
    continued: bool  #: a continuation line of the magic above


def _escapes(text: str, start: int) -> List[_Escape]:
    """What IPython rewrites in the lines of ``text`` from ``start``; a magic line ending in a
    backslash continues on the next line."""
    out: List[_Escape] = []
    continued = False
    for a, b in _lines(text, start):
        if continued:
            out.append(_Escape(a, b, out[-1].shell, True))
        else:
            e = _ESCAPED.match(text, a, b)
            if e is None:
                continue
            at = e.start("at") if e.group("at") is not None else e.start("assigned")
            out.append(_Escape(at, b, text[at] in "%!", False))
        continued = text.endswith("\\", a, b)
    return out


def code_views(text: str) -> Tuple[View, ...]:
    """How a Python code cell is read: as Python, with what IPython rewrites blanked out (only
    when the cell does not parse as it is, or starts with a cell magic), and its magics and shell
    commands as shell."""
    lead = _skip(text, 0)
    cell_magic = _CELL_MAGIC.match(text, text.rfind("\n", 0, lead) + 1)
    escapes: List[_Escape] = []
    if cell_magic is not None:
        first = _Escape(cell_magic.start(), cell_magic.end(), True, False)
        name, args = cell_magic.group("name"), cell_magic.group("args").split()
        if name not in _PYTHON_CELL_MAGICS:
            fmt = (format_for_path(args[-1]) if name in ("writefile", "file") and args
                   else _CELL_MAGIC_FORMATS.get(name, "text"))
            body = View(fmt, text[:first.start] + _blank(text[first.start:first.end]) + text[first.end:])
            if ":" not in cell_magic.group():
                return (body,)
            return body, View("shell", _only(text, [(first.start, first.end)]))  # %%sql URL
        escapes = [first] + _escapes(text, first.end)
    else:
        escapes = _escapes(text, 0)
        if not escapes or syntax_error(text) is None:
            return (View("python", text),)
    python = list(text)
    for e in escapes:
        python[e.start:e.end] = _blank(text[e.start:e.end])
        if not e.continued:
            python[e.start] = "0"  # a statement where the magic stood: a block keeps its body
    views = [View("python", "".join(python))]
    shell = [(e.start, e.end) for e in escapes if e.shell]
    if shell:
        views.append(View("shell", _only(text, shell)))
    return tuple(views)


# -- the format record -----------------------------------------------------------------------------
_FORMATS: Dict[str, Format] = {}


def _format(name: str) -> Format:
    """A cell's format record (the registry imports its module on each look-up)."""
    found = _FORMATS.get(name)
    if found is None:
        found = _FORMATS[name] = get(name)
    return found


def _scan(text: str, settings: Settings) -> List[Candidate]:
    notebook = load(text)
    if notebook is None:
        return []
    out: List[Candidate] = []
    for cell in notebook.cells:
        if ":" not in cell.part.text:
            continue
        for view in cell.views:
            for c in scan_format(view.text, _format(view.format), settings):
                if c.end > c.start:
                    out.append(place(c, cell.part.pieces, 0))
    return out


def precheck(text: str) -> Optional[str]:
    """Why a notebook cannot be checked: it is not valid JSON, or not an nbformat 4 notebook."""
    if load(text) is not None:
        return None
    try:
        data = _loads(text)
    except json.JSONDecodeError as e:
        return f"not checked: invalid notebook JSON at {e.lineno}:{e.colno} ({e.msg})"
    except (ValueError, RecursionError) as e:
        return f"not checked: invalid notebook JSON ({type(e).__name__})"
    if isinstance(data, dict) and "worksheets" in data and "cells" not in data:
        return "not checked: an nbformat 3 notebook (only nbformat 4 is read)"
    if not _is_notebook(data):
        return 'not checked: not a Jupyter notebook (no "cells" list)'
    return "not checked: the notebook's cells could not be read"


def well_formed(text: str) -> bool:
    """Whether the text is still a notebook whose Python cells all parse (a fix must not break
    either; checked only when the notebook was well-formed before)."""
    notebook = load(text)
    if notebook is None:
        return False
    return all(syntax_error(v.text) is None for cell in notebook.cells for v in cell.views
               if v.format == "python" and ":" in v.text)


class _CellEdit(NamedTuple):
    """A fix as the cell's format writes it: the cell, the view and its candidate it is read
    through, the cell edit (offsets in the cell's text) and whether it still needs its check."""

    cell: Cell
    view: View
    candidate: Candidate  #: the candidate in the view's text
    new_uri: str
    edit: Edit
    unchecked: bool


@lru_cache(maxsize=8)
def _view_candidates(view_text: str, format: str) -> Dict[int, List[Candidate]]:
    """A view's candidates (code blocks and spans included) by their start in the cell: each
    cell is scanned once for all of its fixes, not once per fix."""
    out: Dict[int, List[Candidate]] = {}
    for c in scan_format(view_text, _format(format), Settings(include_code_blocks=True)):
        if c.end > c.start:
            out.setdefault(c.start, []).append(c)
    return out


def _cell_edit(notebook: Notebook, candidate: Candidate, new_uri: str, checked: bool) -> Optional[_CellEdit]:
    """The cell edit that makes a notebook candidate read ``new_uri``, written by the cell's
    own format (through Python escapes, Markdown entities ...): ``checked`` now, or left for
    :func:`failed_edits` to check with others.  None when there is none."""
    from ..pipeline import checked_later, source_edit, unchecked_edit  # as for a file of its format

    found = _cell_candidate(notebook, candidate)
    if found is None:
        return None
    cell, view, c = found
    fmt = _format(view.format)
    later = not checked and checked_later(fmt, c)
    edit = unchecked_edit(fmt, view.text, c, new_uri) if later else source_edit(fmt, view.text, c, new_uri)
    if edit is None or cell.part.text[edit[0]:edit[1]] != view.text[edit[0]:edit[1]]:
        return None  # no cell fix, or one that touches what this view blanked out
    return _CellEdit(cell, view, c, new_uri, edit, later)


def _cell_candidate(notebook: Notebook, candidate: Candidate) -> Optional[Tuple[Cell, View, Candidate]]:
    """The cell, the view and the view's candidate a notebook candidate is read through."""
    found = notebook.cell_at(candidate.start)
    if found is None:
        return None
    cell, inner = found
    for view in cell.views:
        for c in _view_candidates(view.text, view.format).get(inner, ()):
            mapped = place(c, cell.part.pieces, 0)
            if (mapped.uri, mapped.start, mapped.end, mapped.pieces) == (
                    candidate.uri, candidate.start, candidate.end, candidate.pieces):
                return cell, view, c
    return None


def keeps_markup(text: str, candidate: Candidate, new_uri: str, edit: Edit) -> bool:
    """Whether a notebook edit leaves the markup of its cell reading as before, as the cell's
    format judges it (Markdown's emphasis).  A verbatim candidate's edit is written in place,
    with no cell edit worked out: here its cell's format sees it (an edit through escapes was
    judged already, when :func:`_cell_edit` wrote it)."""
    notebook = load(text) if candidate.is_verbatim else None
    found = _cell_candidate(notebook, candidate) if notebook is not None else None
    if found is None:
        return True
    _cell, view, c = found
    fmt = _format(view.format)
    return fmt.keeps_markup is None or fmt.keeps_markup(view.text, c, new_uri, (c.start, c.end, new_uri))


def fix_edit(text: str, candidate: Candidate, new_uri: str) -> Optional[Edit]:
    """The notebook edit that makes a candidate read ``new_uri``: the cell's own format writes the
    cell edit (through Python escapes, Markdown entities ...), then the changed stretch is
    written into its JSON string.  None unless the edited notebook provably reads as intended."""
    notebook = load(text)
    found = _cell_edit(notebook, candidate, new_uri, True) if notebook is not None else None
    if notebook is None or found is None:
        return None
    written = _json_edit(text, found.cell, found.edit)
    if written is None:
        return None
    edit, cell_edit = written
    edited = apply_edits(text, [edit])
    return edit if not _misread(edited, notebook, {found.cell.number: [cell_edit]}) else None


def propose_edit(text: str, candidate: Candidate, new_uri: str) -> Optional[Edit]:
    """:func:`fix_edit` before its checks (:func:`failed_edits` checks many at once)."""
    notebook = load(text)
    found = _cell_edit(notebook, candidate, new_uri, False) if notebook is not None else None
    written = _json_edit(text, found.cell, found.edit) if found is not None else None
    return written[0] if written is not None else None


def failed_edits(text: str, proposals: Sequence[Tuple[Candidate, str, Edit]]) -> List[int]:
    """The indexes of ``proposals`` (edits of :func:`propose_edit`, non-overlapping) that do not
    read as intended when all are applied at once: :func:`fix_edit`'s checks with each cell's
    edits checked together by the cell's format, and the edited notebook parsed once."""
    notebook = load(text)
    if notebook is None:
        return list(range(len(proposals)))
    failed: List[int] = []
    found: Dict[int, Tuple[_CellEdit, Edit]] = {}  # index -> the cell edit, trimmed as written
    for i, (c, new_uri, edit) in enumerate(proposals):
        cell_edit = _cell_edit(notebook, c, new_uri, False)
        written = _json_edit(text, cell_edit.cell, cell_edit.edit) if cell_edit is not None else None
        if cell_edit is None or written is None or written[0] != edit:
            failed.append(i)
        else:
            found[i] = (cell_edit, written[1])
    failed += _failed_in_cells(found)
    failing = set(failed)
    kept = [i for i in found if i not in failing]
    cells: Dict[int, List[Edit]] = {}
    for i in kept:
        cells.setdefault(found[i][0].cell.number, []).append(found[i][1])
    wrong = _misread(apply_edits(text, [proposals[i][2] for i in kept]), notebook, cells)
    return failed + [i for i in kept if found[i][0].cell.number in wrong]


def _failed_in_cells(found: Dict[int, Tuple[_CellEdit, Edit]]) -> List[int]:
    """Those of ``found`` whose cell edit fails its format's check, each view's edits checked
    together as the edits of a file of that format."""
    from ..pipeline import check_edits

    views: Dict[Tuple[int, View], List[int]] = {}  # (a cell's two views may share a format)
    for i, (e, _) in found.items():
        if e.unchecked:
            views.setdefault((e.cell.number, e.view), []).append(i)
    failed: List[int] = []
    for ids in views.values():
        first = found[ids[0]][0]
        bad = check_edits(_format(first.view.format), first.view.text,
                          [(found[i][0].candidate, found[i][0].new_uri, found[i][0].edit) for i in ids])
        failed += [ids[k] for k in bad]
    return failed


def _source_offset(part: Part, at: int) -> int:
    """Where to insert before the cell's character ``at``: in the same JSON string as it."""
    i = first_ending_after(part.pieces, at)  # (a bisection: a cell may have many fixes)
    if i < len(part.pieces) and part.pieces[i][0] <= at:
        u0, u1, s0, s1 = part.pieces[i]
        return s0 + (at - u0) if u1 - u0 == s1 - s0 else s0
    return part.end


def _json_edit(text: str, cell: Cell, edit: Edit) -> Optional[Tuple[Edit, Edit]]:
    """A cell edit as an edit of the notebook's text (only the changed characters, in one JSON
    string, written with JSON's escapes) and the cell edit trimmed to those characters; None
    when the change spans two JSON strings.  Not checked here (see :func:`_misread`)."""
    part = cell.part
    old = part.text[edit[0]:edit[1]]
    head, tail = common_ends(old, edit[2])
    a, b = edit[0] + head, edit[1] - tail
    new = edit[2][head:len(edit[2]) - tail]
    if a < b:
        s0, s1, inner = map_span(part.pieces, 0, a, b)
        if any(x[3] != y[2] for x, y in zip(inner, inner[1:])):
            return None  # the change spans two JSON strings
    else:
        s0 = s1 = _source_offset(part, a)
    return (s0, s1, _written(text, part, a, part.text[a:b], new)), (a, b, new)


def _written(text: str, part: Part, at: int, old: str, new: str) -> str:
    """The JSON source of ``new``, which replaces the cell's ``old`` at cell offset ``at``: the
    characters it keeps are copied from the source as they are written there (an escape stays
    an escape), the others are written with JSON's escapes (non-ASCII escaped in a file that
    escapes it)."""
    out: List[str] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            s0, s1, _ = map_span(part.pieces, 0, at + i1, at + i2)
            out.append(text[s0:s1])
        elif j2 > j1:
            out.append(json.dumps(new[j1:j2], ensure_ascii=text.isascii())[1:-1])
    return "".join(out)


def _misread(edited: str, notebook: Notebook, cells: Dict[int, List[Edit]]) -> FrozenSet[int]:
    """The numbers of the cells (of those ``cells`` edits, trimmed cell edits) that the edited
    notebook does not read as intended: each must read its text with its edits and keep its
    shape (one string, or a list of as many strings); all of them when the edited notebook does
    not parse to the same JSON value but for those cells' sources."""
    try:
        data = _loads(edited)
        sources = {n: data["cells"][n]["source"] for n in cells}
    except (ValueError, RecursionError, KeyError, IndexError, TypeError):
        return frozenset(cells)
    by_number = {c.number: c for c in notebook.cells}
    wrong: List[int] = []
    for n, edits in cells.items():
        cell, source = by_number[n], sources[n]
        old = notebook.data["cells"][n]["source"]
        if isinstance(source, list) != cell.listed or (cell.listed and len(source) != len(old)):
            wrong.append(n)
        elif ("".join(source) if isinstance(source, list) else source) != apply_edits(cell.part.text, edits):
            wrong.append(n)
        data["cells"][n]["source"] = old
    return frozenset(wrong) if data == notebook.data else frozenset(cells)


def _parts(text: str) -> Sequence[Part]:
    notebook = load(text)
    return [c.part for c in notebook.cells] if notebook is not None else []


FORMAT = Format("notebook", _scan, suppressions=frozenset({NOQA, HASH_COMMENT, HTML_COMMENT}),
                precheck=precheck, well_formed=well_formed, fix_edit=fix_edit, propose_edit=propose_edit,
                failed_edits=failed_edits, parts=_parts, keeps_markup=keeps_markup)
