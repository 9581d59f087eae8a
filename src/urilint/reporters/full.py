"""The default output: each finding with its source line and a caret under the span (ruff's
"full" format), then a summary.

``path:row:col: CODE [*] message``, rows and columns 1-based in code points.  The caret line is
built from the line's own prefix so it stays aligned in a terminal: a tab in the prefix is copied
as a tab, a wide (East Asian) character takes two columns, a combining mark none.
"""

from __future__ import annotations

import unicodedata
from typing import List, Sequence, Tuple

from ..finding import FileError
from ..report import Report, RunResult
from ..rfc3986 import lazy
from . import common
from .stream import Totals, Writer

BOLD = "\x1b[1m"
RED = "\x1b[31m"
CYAN = "\x1b[36m"
RESET = "\x1b[0m"


def paint(text: str, style: str, color: bool) -> str:
    return f"{style}{text}{RESET}" if color and text else text


def _width(c: str) -> int:
    """Terminal columns one code point takes."""
    if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1


def _pad(prefix: str) -> str:
    """Blank space as wide as ``prefix`` on screen, with its tabs kept so tab stops agree."""
    if prefix.isascii():
        return _NOT_TAB.sub(" ", prefix)
    return "".join(c if c == "\t" else " " * _width(c) for c in prefix)


_NOT_TAB = lazy.compile("[^\t]")
#: Characters of context shown on each side of a span in a long line.
CONTEXT = 80
ELLIPSIS = "\u2026"


def window(line: str, start: int, end: int) -> Tuple[str, int, int]:
    """The part of a long line around ``start:end`` (with "…" where it is cut), and the span's
    place in it.  Keeps the output linear: a minified file with thousands of URIs on one line
    must not print that line, or pad up to each span, once per finding."""
    if len(line) <= 2 * CONTEXT + (end - start) + 2:
        return line, start, end
    lo = max(0, start - CONTEXT)
    hi = min(len(line), max(end, start + 1) + CONTEXT)
    head = ELLIPSIS if lo > 0 else ""
    tail = ELLIPSIS if hi < len(line) else ""
    return head + line[lo:hi] + tail, start - lo + len(head), end - lo + len(head)


def caret_span(report: Report, line: str) -> Tuple[int, int]:
    """Start and end (0-based, end exclusive) of the caret in ``line``: the finding's columns,
    cut at the line end when the span runs onto later lines; at least one character wide."""
    # line_column/line_end_column place the span in the masked line (0 when not given).
    column = report.line_column or report.column
    end_column = report.line_end_column or report.end_column
    start = min(max(column - 1, 0), len(line))
    end = end_column - 1 if report.end_row == report.row else len(line)
    end = min(max(end, start), len(line))
    return start, end


def header(report: Report, color: bool) -> str:
    """``path:row:col: CODE [*] message`` (the concise format is exactly this line); in a
    notebook, ``path:cell N:row:col:`` with the row and column within the cell, as ruff shows it."""
    sep = paint(":", CYAN, color)
    where = f"{report.row}{sep}{report.column}"
    if report.cell is not None:
        where = f"{report.cell[0]}{sep}{report.cell[1]}{sep}{report.cell[2]}"
    mark = " " + paint("[*]", CYAN, color) if common.is_fixable(report) else ""
    return (f"{paint(common.printable(report.path), BOLD, color)}{sep}{where}{sep} "
            f"{paint(report.code, BOLD + RED, color)}{mark} {common.printable(report.message)}")


#: Characters of a fix's replacement shown in a hint before it is cut with "…".
FIX_SHOWN = 120


def suggestion(report: Report) -> str:
    """What the fix writes, for a reader deciding whether to apply it: "replace with `...`"
    (cut in the middle past FIX_SHOWN characters, controls escaped), or "remove it".  Empty when
    there is no fix or it would show a secret (common.edits)."""
    edits = common.edits(report)
    if not edits:
        return ""
    content = edits[0].content
    if not content and len(edits) == 1:
        return "remove it"
    if len(edits) > 1:
        return f"apply its {len(edits)} edits"
    if len(content) > FIX_SHOWN:
        half = FIX_SHOWN // 2
        content = content[:half] + ELLIPSIS + content[-half:]
    return f"replace with `{common.printable(content)}`"


def _hint(report: Report) -> str:
    if common.is_fixable(report):
        return f"{suggestion(report)} (safe fix: --fix)"
    if common.is_unsafe_fixable(report):
        return f"{suggestion(report)} (unsafe fix: --fix --unsafe-fixes)"
    return ""


def finding(report: Report, color: bool) -> List[str]:
    # Window first, then make controls visible (both keep one character per code point, so the
    # caret stays under the span): picturing the whole line once per finding is quadratic on a
    # long line with many findings (10,000 on a 180 KB line: 80 s).
    line, start, end = window(report.line, *caret_span(report, report.line))
    line = common.picture(line)
    carets = "^" * max(1, sum(max(_width(c), 1) for c in line[start:end]))
    gutter = " " * len(str(report.row))
    bar = paint(f"{gutter} |", CYAN, color)
    out = [header(report, color), bar,
           paint(f"{report.row} |", CYAN, color) + (" " + line if line else ""),
           f"{bar} {_pad(line[:start])}{paint(carets, RED, color)}"]
    hint = _hint(report)
    if hint:
        out.append(f"{gutter} {paint('= help:', CYAN, color)} {hint}")
    return out


def file_text(reports: Sequence[Report], color: bool = False) -> str:
    """One file's findings, each followed by a blank line."""
    return "".join("\n".join(finding(report, color)) + "\n\n" for report in reports)


class SummaryWriter(Writer):
    """The text formats (full, concise): the findings as they come, then the summary."""

    def close(self, totals: Totals) -> None:
        summary = common.summary_of(totals)
        self.out.write((paint(summary, BOLD, self.color) if totals.reports else summary) + "\n")


def render(result: RunResult, *, color: bool = False) -> str:
    return common.render_result(SummaryWriter, file_text, result, color=color)


def fix_enumeration(fixed: Sequence[Tuple[str, str, str, int]], *, would: bool = False) -> str:
    """``--show-fixes``: ruff's enumeration of the fixes, per file and code.  ``fixed`` holds
    (path, code, name, count) in output order; ``would`` words it for a run that wrote nothing."""
    total = sum(n for *_, n in fixed)
    if not total:
        return "No errors would be fixed.\n" if would else "No errors were fixed.\n"
    head = f"Would fix {common.plural(total, 'error')}" if would else f"Fixed {common.plural(total, 'error')}"
    out = [head + ":"]
    path = None
    for file, code, name, n in fixed:
        if file != path:
            out.append(f"- {common.printable(file)}:")
            path = file
        out.append(f"    {n} \u00d7 {code} ({name})")
    return "\n".join(out) + "\n"


def diff_summary(would_fix: int, unsafe: int = 0) -> str:
    """The line ``--diff`` ends with (ruff's): how many findings its diff fixes, and how many
    more ``--unsafe-fixes`` would."""
    line = f"Would fix {common.plural(would_fix, 'error')}." if would_fix else "No errors would be fixed."
    if unsafe:
        line = line[:-1] + f" ({common.plural(unsafe, 'more fix', 'more fixes')} with --unsafe-fixes)."
    return line + "\n"


def error_line(error: FileError, color: bool = False) -> str:
    kind = paint("error", BOLD + RED, color) if error.fatal else paint("warning", BOLD, color)
    return f"{paint(common.printable(error.path), BOLD, color)}: {kind}: {common.printable(error.message)}"


def render_errors(result: RunResult, *, color: bool = False) -> str:
    """One ``path: error: message`` line per file that could not be (fully) checked."""
    return "".join(error_line(e, color) + "\n" for e in result.errors)
