"""Fixes held end to end on whole real repositories (issue 15): a copy of each repository of
../shared/corpora/realworld is fixed as a user would fix it, and the bytes are compared.

- ``urilint check . --fix`` changes no byte outside the findings the audit calls real;
- ``--fix --unsafe-fixes`` changes only lines of audited-real findings, leaves every Python
  module's AST equal but for string constants, and every Markdown file's links the same in
  number and kind (only destinations may change).
"""

from __future__ import annotations

import ast
import csv
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

from urilint.scanners import extract

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpora" / "realworld"
VERDICTS = ROOT / "tests" / "data" / "realworld_verdicts.csv"

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpora/realworld is absent")]


def _writable_copy(tmp: Path) -> Path:
    copy = tmp / "realworld"
    shutil.copytree(CORPUS, copy, symlinks=True)
    for path in copy.rglob("*"):
        if path.is_file() and not path.is_symlink():
            path.chmod(path.stat().st_mode | stat.S_IWUSR)
    return copy


def _fix(copy: Path, *flags: str) -> None:
    for repo in sorted(p for p in copy.iterdir() if p.is_dir()):
        subprocess.run([sys.executable, "-m", "urilint", "check", ".", "--fix", *flags], cwd=repo,
                       capture_output=True, timeout=600)


def _changed(copy: Path) -> Dict[str, List[int]]:
    """file (repo/path) -> the 1-based lines that differ from the corpus."""
    out: Dict[str, List[int]] = {}
    for path in copy.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        original = CORPUS / path.relative_to(copy)
        old, new = original.read_bytes(), path.read_bytes()
        if old != new:
            a, b = old.splitlines(), new.splitlines()
            assert len(a) == len(b), f"{path}: a fix changed the number of lines"
            out[path.relative_to(copy).as_posix()] = [i + 1 for i, (x, y) in enumerate(zip(a, b)) if x != y]
    return out


def _real_lines() -> Set[Tuple[str, int]]:
    with VERDICTS.open(encoding="utf-8", newline="") as handle:
        return {(f"{r['repo']}/{r['file']}", int(r["line"])) for r in csv.DictReader(handle) if r["verdict"] == "real"}


class _Strings(ast.NodeTransformer):
    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return ast.Constant("") if isinstance(node.value, (str, bytes)) else node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return ast.Constant("")


def _links(text: str) -> List[str]:
    return [c.context for c in extract(text, "markdown") if c.context.startswith(("markdown-", "reference", "autolink"))]


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _writable_copy(tmp_path_factory.mktemp("fix"))


def test_safe_fixes_change_nothing_but_real_findings(copy: Path) -> None:
    _fix(copy)
    real = _real_lines()
    changed = _changed(copy)
    assert [(f, line) for f, lines in changed.items() for line in lines if (f, line) not in real] == []


def test_unsafe_fixes_keep_programs_and_link_structure(copy: Path) -> None:
    _fix(copy, "--unsafe-fixes")
    real = _real_lines()
    changed = _changed(copy)
    assert changed, "the audited real findings have unsafe fixes: something must change"
    assert [(f, line) for f, lines in changed.items() for line in lines if (f, line) not in real] == []
    for name in changed:
        old = (CORPUS / name).read_text(encoding="utf-8", errors="surrogateescape")
        new = (copy / name).read_text(encoding="utf-8", errors="surrogateescape")
        if name.endswith(".py"):
            assert ast.dump(_Strings().visit(ast.parse(old))) == ast.dump(_Strings().visit(ast.parse(new))), name
        if name.endswith(".md"):
            assert _links(old) == _links(new), name
