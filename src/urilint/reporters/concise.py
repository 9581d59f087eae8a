"""One line per finding, ``path:row:col: CODE [*] message`` ([*]: ``--fix`` fixes it), then the
summary: for editors' problem matchers and quick reading."""

from __future__ import annotations

from typing import Sequence

from ..report import Report, RunResult
from . import common
from .full import SummaryWriter, header


def file_text(reports: Sequence[Report], color: bool = False) -> str:
    return "".join(header(report, color) + "\n" for report in reports)


def render(result: RunResult, *, color: bool = False) -> str:
    return common.render_result(SummaryWriter, file_text, result, color=color)
