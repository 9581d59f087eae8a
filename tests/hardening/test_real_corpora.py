"""Real repositories: ``urilint check -j 2`` over the shared docs corpus and over the running
interpreter's standard library finishes with zero internal errors, and prints the number of
findings per code, so a reviewer sees what real text triggers (shown even without ``-s``).

The standard library's files are passed by name: under pyenv (and other managers) it sits in a
folder that an enclosing repository's .gitignore excludes, which a directory walk honours.  To
keep the suite fast the test takes every other file (sorted, so the sample is deterministic);
``python -m bench adversarial_files`` runs the whole standard library and the docs corpus.
"""

from __future__ import annotations

import json
import sysconfig
from collections import Counter
from pathlib import Path
from typing import List

import pytest

from urilint.cli import main
from urilint.scanners import format_for_path

from tests.conftest import CORPORA, need_shared

SUFFIXES = frozenset({".py", ".txt", ".rst", ".md", ".html", ".xml", ".json", ".toml", ".cfg", ".ini", ".sh"})


def check_corpus(paths: List[str], capsys: pytest.CaptureFixture[str], label: str) -> Counter[str]:
    code = main(["check", "--isolated", "-j", "2", "--output-format", "json", "--exit-zero", *paths])
    captured = capsys.readouterr()
    assert code == 0
    assert "internal error" not in captured.err, [line for line in captured.err.splitlines() if "internal" in line]
    reports = json.loads(captured.out)
    counts = Counter(r["code"] for r in reports)
    files = len({r["filename"] for r in reports})
    with capsys.disabled():
        print(f"\n{label}: {len(reports)} findings in {files} files; per code: "
              + ", ".join(f"{code} {n}" for code, n in sorted(counts.items())))
        notices = [line for line in captured.err.splitlines() if line]
        print(f"{label}: {len(notices)} file notices (undecodable or binary files...)")
    return counts


@pytest.mark.slow
def test_docs_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    docs = need_shared(CORPORA / "docs")
    counts = check_corpus([str(docs)], capsys, "docs corpus")
    assert sum(counts.values()) > 0  # real docs do hold non-normalized URIs


def stdlib_files() -> List[str]:
    """Every file of the running interpreter's standard library that urilint reads, sorted."""
    root = Path(sysconfig.get_paths()["stdlib"])
    return sorted(str(p) for p in root.rglob("*")
                  if p.suffix in SUFFIXES and "site-packages" not in p.parts and p.is_file() and not p.is_symlink())


@pytest.mark.slow
def test_standard_library(capsys: pytest.CaptureFixture[str]) -> None:
    files = stdlib_files()[::2]
    assert any(format_for_path(f) == "python" for f in files)
    counts = check_corpus(files, capsys, f"standard library ({len(files)} files)")
    assert sum(counts.values()) > 0
