"""What several output formats share: levels, safe display of untrusted text, the summary.

Everything a report shows comes from the files being checked (paths, lines, URIs), so every
format treats it as hostile: a control character must not move a terminal's cursor, a lone
surrogate (a path with non-UTF-8 bytes, decoded with ``surrogateescape``) must not make the
output unwritable, and nothing may break the framing of the format around it.
"""

from __future__ import annotations

import io
import re
from itertools import groupby
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, TextIO, Tuple

from ..report import PlacedEdit, Report, RunResult, mask_line
from ..rfc3986 import lazy
from ..rules import BY_CODE, RULES
from .stream import Chunk, CodeCounts, Totals, Writer

# C0 controls, DEL and C1 controls: the characters a terminal or a log viewer acts upon.
_CONTROL = lazy.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
# Bidirectional formatting characters reorder what a terminal shows ("Trojan Source",
# CVE-2021-42574): never passed through.
_BIDI = lazy.compile(r"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# A code point that UTF-8 cannot encode: what surrogateescape leaves for an undecodable byte.
_SURROGATE = lazy.compile(r"[\ud800-\udfff]")
_UNSAFE = lazy.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def level(code: str) -> str:
    """The SARIF level of a rule code ("error", "warning" or "note"): the rule's severity."""
    rule = BY_CODE.get(code)
    return rule.severity if rule is not None else "error"


def rule_index(code: str) -> Optional[int]:
    for i, rule in enumerate(RULES):
        if rule.code == code:
            return i
    return None


def _escape_char(c: str) -> str:
    n = ord(c)
    if 0xDC80 <= n <= 0xDCFF:  # an undecodable byte, as surrogateescape keeps it
        return f"\\x{n - 0xDC00:02x}"
    if n <= 0xFF:
        return f"\\x{n:02x}"
    return f"\\u{n:04x}"


def printable(text: str, *, keep: str = "\t") -> str:
    """``text`` with controls (but those in ``keep``), bidirectional formatting characters and
    lone surrogates written as backslash escapes (``\\x1b``), for one-line display of paths and
    messages."""

    def one(m: "re.Match[str]") -> str:
        c = m.group()
        return c if c in keep else _escape_char(c)

    return _UNSAFE.sub(one, text)


def picture(text: str) -> str:
    """``text`` with each control shown as one visible character, keeping every column where it
    was (for a source line with a caret under it): C0 controls and DEL become their Unicode
    Control Pictures (U+2400 block); C1 controls, bidirectional formatting characters and lone
    surrogates become U+FFFD.  Tabs stay."""

    def one(c: str) -> str:
        n = ord(c)
        if n < 0x20:
            return chr(0x2400 + n)
        if n == 0x7F:
            return "\u2421"
        return "\ufffd"

    text = _CONTROL.sub(lambda m: one(m.group()), text)
    text = _BIDI.sub("\ufffd", text)
    return _SURROGATE.sub("\ufffd", text)


def edits(report: Report) -> Tuple[PlacedEdit, ...]:
    """The report's fix, or nothing when its text would show a secret.

    The checker never offers a fix for a URI holding a secret; this is the second net, so that
    no output format can print one through a fix's replacement text."""
    if any(mask_line(e.content) != e.content for e in report.edits):
        return ()
    return report.edits


def is_fixable(report: Report) -> bool:
    """Whether ``--fix`` applies this report's fix."""
    return report.applicability == "safe" and bool(edits(report))


def is_unsafe_fixable(report: Report) -> bool:
    """Whether only ``--unsafe-fixes`` applies it."""
    return report.applicability == "unsafe" and bool(edits(report))


def plural(n: int, word: str, words: Optional[str] = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def code_counts(reports: Iterable[Report]) -> Tuple[CodeCounts, ...]:
    """(code, name, findings, safe fixes, unsafe fixes) per code, in the order codes first
    appear: what a run keeps of a file's reports once they are written."""
    seen: dict[str, List[Any]] = {}
    for r in reports:
        row = seen.get(r.code)
        if row is None:
            row = seen[r.code] = [r.code, r.name, 0, 0, 0]
        row[2] += 1
        row[3] += is_fixable(r)
        row[4] += is_unsafe_fixable(r)
    return tuple((code, name, n, safe, unsafe) for code, name, n, safe, unsafe in seen.values())


def totals(result: RunResult) -> Totals:
    """The counters of a whole run's result."""
    out = Totals(fixed=result.fixed, files_checked=result.files_checked)
    for _, _, n, safe, unsafe in code_counts(result.reports):
        out.reports += n
        out.fixable += safe
        out.unsafe += unsafe
    for e in result.errors:
        out.add_error(e)
    return out


def summary(result: RunResult) -> str:
    """The closing lines of ``result``: :func:`summary_of` its :func:`totals`."""
    return summary_of(totals(result))


def summary_of(totals: Totals) -> str:
    """The closing lines, as ruff writes them: what was found, fixed, and what --fix would do.

    "All checks passed!" only when every file asked for was checked: a path that does not exist,
    a file that cannot be read, a module that does not parse, or a run that checked nothing says
    so instead."""
    remaining = totals.reports
    failed = totals.fatal
    unchecked = f"{plural(failed, 'file')} could not be checked or fixed." if failed else ""
    if totals.unchecked:  # (its warning says why: a module that does not parse)
        verb = "was" if totals.unchecked == 1 else "were"
        skipped = f"{plural(totals.unchecked, 'file')} {verb} not checked (see the warnings)."
        unchecked = f"{unchecked[:-1]}; {skipped}" if unchecked else skipped
    if remaining == 0 and totals.fixed == 0:
        if unchecked:
            return f"No findings, but {unchecked}"
        return "All checks passed!" if totals.files_checked else "No files were checked."
    if totals.fixed:
        lines = [f"Found {plural(remaining + totals.fixed, 'error')} "
                 f"({totals.fixed} fixed, {remaining} remaining)."]
    else:
        lines = [f"Found {plural(remaining, 'error')}."]
    fixable, unsafe = totals.fixable, totals.unsafe
    if fixable:
        lines.append(f"[*] {fixable} fixable with --fix.")
    if unsafe:
        lines.append(f"{plural(unsafe, 'unsafe fix', 'unsafe fixes')} available with --unsafe-fixes.")
    if unchecked:
        lines.append(unchecked)
    return "\n".join(lines)


#: A format's rendering of one file's reports (run in the worker that checked the file).
FileText = Callable[[Sequence[Report], bool], str]


def chunk(path: str, reports: Sequence[Report], file_text: Optional[FileText], color: bool = False) -> Chunk:
    """One file's :class:`Chunk`: its reports rendered by ``file_text`` (None: not rendered)."""
    text = file_text(reports, color) if file_text is not None and reports else ""
    return Chunk(path, text, code_counts(reports))


def render_result(make: Callable[[TextIO, bool], Writer], file_text: FileText, result: RunResult, *,
                  color: bool = False, by_file: bool = False) -> str:
    """A whole run's report through its format's streaming writer (what the CLI writes as the
    files finish, written here at once).  ``by_file``: the format groups a file's reports and
    errors together (JUnit), so each file's errors go with its reports."""
    out = io.StringIO()
    writer = make(out, color)
    if by_file:
        reports: Dict[str, List[Report]] = {}
        for r in result.reports:
            reports.setdefault(r.path, []).append(r)
        errors: Dict[str, List[Any]] = {}
        for e in result.errors:
            errors.setdefault(e.path, []).append(e)
        for path, group in reports.items():
            writer.file(chunk(path, group, file_text, color), errors.get(path, ()))
        for e in result.errors:
            if e.path not in reports:
                writer.error(e)
    else:
        for e in result.errors:
            writer.error(e)
        for path, run in groupby(result.reports, key=lambda r: r.path):
            writer.file(chunk(path, list(run), file_text, color))
    writer.close(totals(result))
    return out.getvalue()
