"""Output formats: pure functions from a run's result to the text a user or a tool reads.

The CLI picks a format with ``--output-format`` and writes what :func:`render` returns to
stdout or ``--output-file``.  Files that could not be checked are part of the machine formats'
own output (SARIF notifications, GitHub annotations, JUnit errors); for the other formats the
CLI writes :func:`render_errors` to stderr (see :data:`ERRORS_INLINE`).

Nothing here prints, reads the environment or touches a file; every value shown comes from
:mod:`urilint.report`, where URIs are redacted and source lines masked already.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Callable, Mapping

from ..finding import BINARY, FileError
from ..report import RunResult
from . import common, concise, full, github, json_report, junit, sarif, statistics

FORMATS = ("full", "concise", "json", "sarif", "github", "junit")
#: Formats whose output already carries the file errors (the CLI should not repeat them).
ERRORS_INLINE = frozenset({"sarif", "github", "junit"})

_Renderer = Callable[..., str]
_RENDERERS: Mapping[str, _Renderer] = MappingProxyType({
    "full": full.render,
    "concise": concise.render,
    "json": json_report.render,
    "sarif": sarif.render,
    "github": github.render,
    "junit": junit.render,
})


def render(format: str, result: RunResult, *, color: bool = False) -> str:
    """The report of one run in ``format`` (one of :data:`FORMATS`).  ``color`` adds ANSI
    colours to the text formats (``full``, ``concise``) and is ignored by the others."""
    try:
        renderer = _RENDERERS[format]
    except KeyError:
        raise ValueError(f"unknown output format {format!r}; choose one of {', '.join(FORMATS)}") from None
    return renderer(result, color=color)


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
    rest = replace(result, errors=tuple(e for e in result.errors if not is_skipped_binary(e)))
    text = full.render_errors(rest, color=color)
    if binaries:
        text += f"urilint: {common.plural(binaries, 'binary file')} skipped (-v lists them)\n"
    return text


def render_statistics(result: RunResult) -> str:
    """``--statistics``: one line per code, ``count<TAB>CODE<TAB>[*] name``, most frequent first."""
    return statistics.render(result)


__all__ = ["ERRORS_INLINE", "FORMATS", "is_skipped_binary", "render", "render_errors", "render_statistics"]
