"""One line per finding, ``path:row:col: CODE [*] message`` ([*]: ``--fix`` fixes it), then the
summary: for editors' problem matchers and quick reading."""

from __future__ import annotations

from typing import List

from ..report import RunResult
from . import common
from .full import BOLD, header, paint


def render(result: RunResult, *, color: bool = False) -> str:
    out: List[str] = [header(report, color) for report in result.reports]
    summary = common.summary(result)
    out.append(paint(summary, BOLD, color) if result.reports else summary)
    return "\n".join(out) + "\n"
