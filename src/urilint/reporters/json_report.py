"""ruff's JSON shape: a list of findings, each with its rule, place, fix and docs URL.

Keys are sorted and the text is indented by two, so the output diffs well between runs.  Rows
and columns are 1-based (columns in code points); ``end_location`` is the position just after
the span, as in ruff.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, TextIO

from ..finding import FileError
from ..report import PlacedEdit, Report, RunResult
from . import common, json_text
from .stream import Chunk, Totals, Writer


def location(row: int, column: int) -> Dict[str, int]:
    return {"column": column, "row": row}


def edit(e: PlacedEdit) -> Dict[str, Any]:
    return {"content": e.content, "location": location(e.row, e.column),
            "end_location": location(e.end_row, e.end_column)}


def fix_message(edits: Sequence[PlacedEdit]) -> Optional[str]:
    if len(edits) == 1:
        return f"Replace with `{edits[0].content}`"
    return None


def fix(report: Report) -> Optional[Dict[str, Any]]:
    edits = common.edits(report)
    if not edits:
        return None
    return {"applicability": report.applicability, "message": fix_message(edits),
            "edits": [edit(e) for e in edits]}


def finding(report: Report) -> Dict[str, Any]:
    return {
        "code": report.code,
        "name": report.name,
        "message": report.message,
        "filename": report.path,
        "location": location(report.row, report.column),
        "end_location": location(report.end_row, report.end_column),
        "fix": fix(report),
        "url": report.url,
    }


def file_text(reports: Sequence[Report], color: bool = False) -> str:
    """One file's findings as items of the array, indented as :func:`json_text.dumps` does."""
    return json_text.pretty_rows([finding(r) for r in reports], 1)


class JsonWriter(Writer):
    """The array's brackets and commas around each file's rows (written as they come)."""

    def __init__(self, out: TextIO, color: bool = False) -> None:
        super().__init__(out, color)
        self.started = False

    def file(self, chunk: Chunk, errors: Sequence[FileError] = ()) -> None:
        if chunk.text:
            self.out.write(",\n" if self.started else "[\n")
            self.out.write(chunk.text)
            self.started = True

    def close(self, totals: Totals) -> None:
        self.out.write("\n]\n" if self.started else "[]\n")


def render(result: RunResult, *, color: bool = False) -> str:
    return common.render_result(JsonWriter, file_text, result, color=color)
