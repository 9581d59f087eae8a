"""Shared test helpers: where ../shared is, and a skip when it is absent; xdist options without xdist;
one quick run of every benchmark suite."""

from __future__ import annotations

from pathlib import Path
from typing import Dict

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
SPEC = SHARED / "spec" / "rfc3986.txt"
CORPORA = SHARED / "corpora"


def need_shared(path: Path) -> Path:
    """Skip the calling test cleanly when a ../shared file is not there (a user's clone)."""
    if not path.exists():
        pytest.skip(f"{path} is not present (../shared is only beside CI and developer clones)")
    return path


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    # pyproject's addopts hands `--numprocesses=auto --dist=loadgroup` to pytest-xdist.  With xdist
    # switched off (`-p no:xdist`, say for a debugger) pytest would stop at "unrecognized
    # arguments"; accept the two options and ignore them, so the suite simply runs in one process.
    if not pluginmanager.hasplugin("xdist"):
        group = parser.getgroup("xdist-off", "pytest-xdist is not active")
        group.addoption("--numprocesses", help="ignored: pytest-xdist is not active")
        group.addoption("--dist", help="ignored: pytest-xdist is not active")


@pytest.fixture(scope="session")
def all_quick() -> Dict[str, str]:
    """Each suite's stdout, by name, in one ``python -m bench all --quick`` run (peers and
    valgrind hidden).  It serves the dispatcher's test and every suite test whose output no
    hidden peer changes: run alone as well, the slowest suites ran twice.  (Here, not in
    tests/test_bench.py: a fixture imported into a second module is a second fixture, made again.)"""
    from tests.test_bench import PEER_MODULES, run_bench  # (test_bench imports this module)

    proc = run_bench(["all", "--quick"], hide=PEER_MODULES + ",valgrind", timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    sections: Dict[str, str] = {}
    name = ""
    for line in proc.stdout.splitlines(keepends=True):
        if line.startswith("# suite: "):
            name = line[len("# suite: "):].strip()
            sections[name] = ""
        elif name:
            sections[name] += line
    return sections
