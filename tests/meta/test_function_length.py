"""Small functions: none in src/ over 60 lines, unless its docstring says why it must be longer."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import List

SRC = Path(__file__).resolve().parents[2] / "src" / "urilint"
LIMIT = 60
#: The words a docstring uses to say why its function is longer.
EXCUSE = "longer than usual because"


def long_functions(root: Path, limit: int = LIMIT) -> List[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > limit and EXCUSE not in (ast.get_docstring(node) or ""):
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_is_long_without_a_reason() -> None:
    assert long_functions(SRC) == []


def test_the_check_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(70))
    (tmp_path / "m.py").write_text(f"def long():\n{body}\n\n\ndef excused():\n    \"\"\"It is {EXCUSE} x.\"\"\"\n{body}\n")
    assert long_functions(tmp_path) == ["m.py:1 long (71 lines)"]
