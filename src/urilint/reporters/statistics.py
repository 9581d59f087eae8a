"""``--statistics``: how many findings of each rule, most frequent first (ruff's layout).

``count<TAB>CODE<TAB>[*] name``: ``[*]`` when ``--fix`` fixes every one of them, ``[-]`` when it
fixes some, ``[ ]`` when none.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from ..report import RunResult
from . import common


def counts(result: RunResult) -> List[Tuple[str, str, int, int]]:
    """(code, name, findings, fixable findings) per code, most findings first, then by code."""
    seen: Dict[str, Tuple[str, int, int]] = {}
    for r in result.reports:
        name, n, fixable = seen.get(r.code, (r.name, 0, 0))
        seen[r.code] = (name, n + 1, fixable + common.is_fixable(r))
    rows = [(code, name, n, fixable) for code, (name, n, fixable) in seen.items()]
    rows.sort(key=lambda row: (-row[2], row[0]))
    return rows


def render(result: RunResult) -> str:
    rows = counts(result)
    if not rows:
        return ""
    width = max(len(str(n)) for _, _, n, _ in rows)
    lines = []
    for code, name, n, fixable in rows:
        mark = "[*]" if fixable == n else "[-]" if fixable else "[ ]"
        lines.append(f"{n:>{width}}\t{code}\t{mark} {name}")
    return "\n".join(lines) + "\n"
