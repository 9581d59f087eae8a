"""``--statistics``: how many findings of each rule, most frequent first (ruff's layout).

``count<TAB>CODE<TAB>[*] name``: ``[*]`` when ``--fix`` fixes every one of them, ``[-]`` when it
fixes some, ``[ ]`` when none.
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ..report import RunResult
from . import common
from .stream import CodeCounts


def counts(result: RunResult) -> List[Tuple[str, str, int, int]]:
    """(code, name, findings, fixable findings) per code, most findings first, then by code."""
    total = Counts()
    total.add(common.code_counts(result.reports))
    return total.rows()


def render(result: RunResult) -> str:
    return render_counts(counts(result))


class Counts:
    """The counts of a run whose reports are not kept: :meth:`add` each file's code counts."""

    def __init__(self) -> None:
        self.seen: Dict[str, Tuple[str, int, int]] = {}

    def add(self, codes: Sequence[CodeCounts]) -> None:
        for code, name, n, fixable, _ in codes:
            first, total, fixes = self.seen.get(code, (name, 0, 0))
            self.seen[code] = (first, total + n, fixes + fixable)

    def rows(self) -> List[Tuple[str, str, int, int]]:
        rows = [(code, name, n, fixable) for code, (name, n, fixable) in self.seen.items()]
        rows.sort(key=lambda row: (-row[2], row[0]))
        return rows


def render_counts(rows: Sequence[Tuple[str, str, int, int]]) -> str:
    """``rows`` of :func:`counts` as the ``--statistics`` table."""
    if not rows:
        return ""
    width = max(len(str(n)) for _, _, n, _ in rows)
    lines = []
    for code, name, n, fixable in rows:
        mark = "[*]" if fixable == n else "[-]" if fixable else "[ ]"
        lines.append(f"{n:>{width}}\t{code}\t{mark} {name}")
    return "\n".join(lines) + "\n"
