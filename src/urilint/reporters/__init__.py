"""Output formats: pure functions from a run's result to the text a user or a tool reads.

The CLI picks a format with ``--output-format`` and writes what :func:`render` returns to
stdout or ``--output-file``.  Files that could not be checked are part of the machine formats'
own output (SARIF notifications, GitHub annotations, JUnit errors); for the other formats the
CLI writes :func:`render_errors` to stderr (see :data:`ERRORS_INLINE`).

Nothing here prints, reads the environment or touches a file; every value shown comes from
:mod:`urilint.report`, where URIs are redacted and source lines masked already.
"""

from __future__ import annotations

import importlib
from types import MappingProxyType, ModuleType
from typing import Callable, Mapping, Optional, TextIO, Tuple

from ..finding import BINARY, FileError
from ..report import RunResult
from . import common, full
from .stream import Chunk, Totals, Writer

FORMATS = ("full", "concise", "json", "sarif", "github", "junit")
#: Formats whose output already carries the file errors (the CLI should not repeat them).
ERRORS_INLINE = frozenset({"sarif", "github", "junit"})

#: Each format's module (``render`` and ``file_text``) and the class that streams it.  The
#: modules load when their format is asked for: a run writes one format, and JUnit's XML
#: escaping and SARIF's tables are not every run's start-up.
_MODULES: Mapping[str, str] = MappingProxyType({
    "full": "full", "concise": "concise", "json": "json_report", "sarif": "sarif", "github": "github",
    "junit": "junit",
})
_WRITERS: Mapping[str, Tuple[str, str]] = MappingProxyType({
    "full": ("full", "SummaryWriter"),
    "concise": ("full", "SummaryWriter"),
    "json": ("json_report", "JsonWriter"),
    "sarif": ("sarif", "SarifWriter"),
    "github": ("github", "GithubWriter"),
    "junit": ("junit", "JunitWriter"),
})


def _module(name: str) -> ModuleType:
    return importlib.import_module("." + name, __name__)


def _format_module(format: str) -> ModuleType:
    try:
        return _module(_MODULES[format])
    except KeyError:
        raise ValueError(f"unknown output format {format!r}; choose one of {', '.join(FORMATS)}") from None


def render(format: str, result: RunResult, *, color: bool = False) -> str:
    """The report of one run in ``format`` (one of :data:`FORMATS`).  ``color`` adds ANSI
    colours to the text formats (``full``, ``concise``) and is ignored by the others."""
    renderer: Callable[..., str] = _format_module(format).render
    return renderer(result, color=color)


def file_text(format: str) -> common.FileText:
    """How ``format`` renders one file's reports (what a worker sends back as a chunk)."""
    found: common.FileText = _format_module(format).file_text
    return found


def writer(format: str, out: TextIO, *, color: bool = False) -> Writer:
    """The writer that streams a run's report in ``format`` to ``out``: :meth:`Writer.file`
    per checked file, as they finish and in order, :meth:`Writer.error` for each file that could
    not be walked, then :meth:`Writer.close`.  Its output is :func:`render`'s, byte for byte."""
    module, name = _WRITERS[format]
    made: Writer = getattr(_module(module), name)(out, color)
    return made


def is_skipped_binary(error: FileError) -> bool:
    """Whether ``error`` is the notice of a binary file that was skipped (not checked, by
    design): files.py marks it with its kind."""
    return error.kind == BINARY


def render_errors(result: RunResult, *, color: bool = False, verbose: bool = True) -> str:
    """``path: error: message`` per file that could not be checked (``warning`` for notices).
    Without ``verbose`` the skipped binary files are one line at the end, their number: a tree
    with a thousand images must not bury the one real error."""
    if verbose:
        return full.render_errors(result, color=color)
    binaries = sum(1 for e in result.errors if is_skipped_binary(e))
    rest = result._replace(errors=tuple(e for e in result.errors if not is_skipped_binary(e)))
    text = full.render_errors(rest, color=color)
    if binaries:
        text += f"urilint: {common.plural(binaries, 'binary file')} skipped (-v lists them)\n"
    return text


class ErrorLog:
    """:func:`render_errors` a file at a time, as the run goes: each line written at once, the
    skipped binary files counted (without ``verbose``) and their line written by :meth:`close`."""

    def __init__(self, out: TextIO, *, color: bool = False, verbose: bool = True,
                 before: Optional[Callable[[], None]] = None) -> None:
        self.out, self.color, self.verbose, self.before = out, color, verbose, before
        self.binaries = 0

    def add(self, error: FileError) -> None:
        if not self.verbose and is_skipped_binary(error):
            self.binaries += 1
            return
        if self.before is not None:
            self.before()
        self.out.write(full.error_line(error, self.color) + "\n")
        self.out.flush()

    def close(self) -> None:
        if self.binaries:
            if self.before is not None:
                self.before()
            self.out.write(f"urilint: {common.plural(self.binaries, 'binary file')} skipped (-v lists them)\n")
            self.out.flush()


def render_statistics(result: RunResult) -> str:
    """``--statistics``: one line per code, ``count<TAB>CODE<TAB>[*] name``, most frequent first."""
    from . import statistics

    return statistics.render(result)


__all__ = ["ERRORS_INLINE", "FORMATS", "Chunk", "ErrorLog", "Totals", "Writer", "file_text", "is_skipped_binary",
           "render", "render_errors", "render_statistics", "writer"]
