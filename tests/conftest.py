"""Shared test helpers: where ../shared is, and a skip when it is absent; xdist options without xdist."""

from __future__ import annotations

from pathlib import Path

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
