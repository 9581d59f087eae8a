"""What reporters receive: findings placed in files, and the run's errors.  Plain data.

Positions here are 1-based rows and 1-based columns (code points), as ruff and SARIF show them;
the conversion from offsets happens once, in :func:`place`.  ``line`` is the source line with
every secret masked, so a reporter can print it; no field ever holds a password or token.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from . import secrets
from .checker import FileFinding
from .scanners.positions import LineIndex

DOCS_URL = "https://github.com/urilint/urilint/blob/main/README.md#{code}"


@dataclass(frozen=True)
class Edit:
    content: str
    row: int
    column: int
    end_row: int
    end_column: int


@dataclass(frozen=True)
class Report:
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
    edits: Tuple[Edit, ...]  #: the fix as text edits (empty when there is none)

    @property
    def url(self) -> str:
        return DOCS_URL.format(code=self.code.lower())


@dataclass(frozen=True)
class FileError:
    path: str
    message: str  #: one line: what went wrong and where ("undecodable bytes at byte 1234")
    fatal: bool = True  #: False for a notice (the file was still checked, e.g. partly decoded)


@dataclass(frozen=True)
class RunResult:
    reports: Tuple[Report, ...]
    errors: Tuple[FileError, ...]
    files_checked: int
    fixed: int = 0  #: findings fixed by --fix


_CREDENTIAL = re.compile(r"(//[^/?#@\s\"'<>]*?:)([^/?#@\s\"'<>]+)(@)")


def mask_line(line: str) -> str:
    """A line of source with every secret of every URI on it masked, for display.

    Each URI the prose scanner finds on the line is redacted; as a second net, anything shaped
    like "//user:password@" or a known token format is masked even where no URI was found."""
    if not line:
        return line
    from .scanners import extract

    pieces: List[str] = []
    pos = 0
    for c in extract(line, "text"):
        if c.is_verbatim and c.start >= pos:
            redacted = secrets.redact(c.uri)
            if redacted != c.uri:
                pieces.append(line[pos:c.start])
                pieces.append(redacted)
                pos = c.end
    pieces.append(line[pos:])
    masked = "".join(pieces)
    masked = _CREDENTIAL.sub(lambda m: m.group(1) + (m.group(2) if secrets.is_placeholder_value(m.group(2))
                                                      else secrets.MASK) + m.group(3), masked)
    return secrets.TOKEN.sub(secrets.MASK, masked)


def place(path: str, text: str, findings: Sequence[FileFinding], index: Optional[LineIndex] = None) -> List[Report]:
    """Turn offset-based findings of one file into reports with rows, columns and masked lines."""
    index = index or LineIndex.of(text)
    out: List[Report] = []
    for f in findings:
        row, column = index.line_col(f.start)
        end_row, end_column = index.line_col(f.end)
        line_start = index.starts[row - 1]
        line_end = index.starts[row] if row < len(index.starts) else len(text)
        line = text[line_start:line_end].rstrip("\r\n")
        line = mask_line(line)
        edits: Tuple[Edit, ...] = ()
        if f.edit is not None:
            s, e, content = f.edit
            er, ec = index.line_col(s)
            eer, eec = index.line_col(e)
            edits = (Edit(content, er, ec, eer, eec),)
        out.append(Report(path, f.code, f.name, f.message, row, column, end_row, end_column, line, f.uri,
                          f.applicability, edits))
    return out

