"""What the pipeline hands around: a rule's finding in one URI, the same finding placed in a
file, the edit that fixes it, and a file that could not be checked.  Plain frozen data."""

from __future__ import annotations

from typing import Iterable, List, NamedTuple, Optional, Tuple

APPLICABILITIES = ("safe", "unsafe", "display-only")

#: ``(start, end, replacement)``: 0-based code-point offsets into the text the edit applies to.
Edit = Tuple[int, int, str]
#: ``(start, end)``: 0-based code-point offsets.
Span = Tuple[int, int]


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """Apply ``(start, end, replacement)`` edits given in any order, in one pass (a file may
    have thousands); an edit that overlaps one before it is dropped, not merged."""
    out: List[str] = []
    pos = 0
    for start, end, repl in sorted(edits):
        if start < pos:
            continue
        out.append(text[pos:start])
        out.append(repl)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def merge_spans(spans: Iterable[Span]) -> List[Span]:
    """The spans sorted, overlapping or touching ones joined."""
    out: List[Span] = []
    for s0, s1 in sorted(spans):
        if out and s0 <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], s1))
        else:
            out.append((s0, s1))
    return out


class Finding(NamedTuple):
    code: str  #: "URI101"
    name: str  #: "invalid-character"
    message: str  #: one line; never contains a secret
    start: int  #: offset of the offending part within the checked text
    end: int
    fix: Optional[str] = None  #: the whole URI after the rule's correction
    applicability: str = "display-only"  #: of the fix: "safe", "unsafe" or "display-only"


class FileFinding(NamedTuple):
    """A finding located in a file's decoded text (0-based code-point offsets)."""

    code: str
    name: str
    message: str  #: never contains a secret
    start: int
    end: int
    uri: str  #: the candidate's URI, redacted
    context: str
    in_code: bool
    edit: Optional[Edit]  #: (start, end, replacement) in the text that applies the fix, or None
    applicability: str  #: of the edit: "safe", "unsafe" or "display-only"
    #: the source span of the whole candidate (its findings share it)
    uri_span: Tuple[int, int] = (0, 0)


#: :attr:`FileError.kind` of a file skipped because it is binary: a run has one summary line for
#: all of them (the verbose output lists each), not one notice per file.
BINARY = "binary"
#: :attr:`FileError.kind` of a notice about a file that could not be checked at all, although
#: the run goes on without failing (a Python module that does not parse: a template, Python 2):
#: the summary says so instead of "All checks passed!".
UNCHECKED = "unchecked"


class FileError(NamedTuple):
    path: str
    message: str  #: one line: what went wrong and where ("undecodable bytes at byte 1234")
    fatal: bool = True  #: False for a notice (the file was still checked, e.g. partly decoded)
    kind: str = ""  #: "" for an error or notice of its own; :data:`BINARY` for a skipped binary file,
    #: :data:`UNCHECKED` for a notice about a file not checked at all
