"""Shared test helpers: where ../shared is, and a skip when it is absent."""

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
