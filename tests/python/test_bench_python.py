"""The ``python`` bench suite runs (``--quick``) and prints every row and target; no timing asserted."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT

ROWS = ["flake8 ", "flake8+urilint ", "urilint check "]
STEPS = ["pre-filter", "lex,", "compile to confirm", "scan_python", "check_text", "libcst"]


@pytest.mark.slow
def test_quick_run_prints_every_row() -> None:
    done = subprocess.run([sys.executable, "-m", "bench", "python", "--quick", "--jobs", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for row in ROWS:
        [line] = [x for x in lines if x.startswith(row)]
        assert re.search(r" [0-9]+\.[0-9]{2}x", line) or "not" in line, line  # a ratio, or why there is none
    for step in STEPS:
        assert any(x.startswith(step) for x in lines), step
    assert "libcst (reading each candidate literal)" in done.stdout
    verdicts = [x for x in lines if x.startswith(("PASS", "FAIL", "SKIP"))]
    assert len(verdicts) == 2
