"""Nothing outside a format's own module tests for its name: the pipeline asks the Format."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import List

from urilint.scanners import REGISTRY

SRC = Path(__file__).resolve().parents[2] / "src" / "urilint"


def _name_tests(root: Path, names: frozenset) -> List[str]:
    """Comparisons (==, !=, in, not in) of anything with a string constant naming a format."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.parent.name == "scanners" and path.parent.parent == root:
            continue  # the formats' own modules, and the registry
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            if isinstance(node.left, ast.Attribute) and node.left.attr == "output_format":
                continue  # an output format ("json" output), not a file format
            for operand in [node.left, *node.comparators]:
                values = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
                for v in values:
                    if isinstance(v, ast.Constant) and v.value in names:
                        found.append(f"{path.relative_to(root)}:{node.lineno}: {v.value!r}")
    return found


def test_no_module_outside_the_scanners_tests_a_format_name() -> None:
    assert _name_tests(SRC, frozenset(REGISTRY.names)) == []


def test_the_check_sees_a_name_test(tmp_path: Path) -> None:
    (tmp_path / "fixer.py").write_text('if format == "python":\n    pass\nok = fmt in ("markdown", "x")\n')
    (tmp_path / "scanners").mkdir()
    (tmp_path / "scanners" / "python.py").write_text('if name == "python":\n    pass\n')
    assert _name_tests(tmp_path, frozenset({"python", "markdown"})) == ["fixer.py:1: 'python'", "fixer.py:3: 'markdown'"]
