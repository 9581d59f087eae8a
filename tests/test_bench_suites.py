"""The python suite's repeated runs.

As in test_bench.py: each suite runs in ``--quick`` mode as a subprocess, and the tests check
that it exits 0, prints every expected row with a number (or the reason it has none) and
computes every ratio and target line.  No timing is asserted: PASS and FAIL are both fine.
"""

from __future__ import annotations

import re
from typing import List, Sequence

from tests.test_bench import run_bench, table_free_lines, table_rows

NUMBER = re.compile(r"[0-9][0-9,.]*(e[+-][0-9]+)?")
RATIO = re.compile(r"[0-9][0-9.]*x")
VERDICT = re.compile(r"(PASS|FAIL)  ")


def cells(row: str) -> List[str]:
    """A table row's cells (columns are separated by two spaces or more)."""
    return re.split(r"\s{2,}", row.strip())


def verdicts(out: str, heading: str, expected: Sequence[str]) -> List[str]:
    """The target lines under ``heading``: one per expected claim, each PASS or FAIL."""
    lines = table_free_lines(out, heading)
    found = []
    for claim in expected:
        line = next((v for v in lines if claim in v), None)
        assert line is not None, f"no target line for {claim!r}:\n" + "\n".join(lines)
        assert VERDICT.match(line), line
        found.append(line)
    return found


# -- python: repeated runs, medians ----------------------------------------------------------
def test_python_reports_the_median_of_repeated_runs() -> None:
    proc = run_bench(["python", "--quick", "--repeat", "3", "--jobs", "1", "--files", "3"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = table_rows(proc.stdout, "wall time on the standard library")
    assert [cells(r)[0] for r in rows] == ["flake8", "flake8+urilint", "urilint check"]
    for row in rows:
        c = cells(row)
        assert c[3] == "3", row  # runs
        assert all(NUMBER.fullmatch(v) for v in c[4:7]) and RATIO.fullmatch(c[7]), row
    lines = table_free_lines(proc.stdout, "## targets")
    assert sum(1 for line in lines if VERDICT.match(line) and "median" in line) == 2, lines
