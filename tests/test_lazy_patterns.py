"""Module-level patterns are compiled on first use (issue 16, start-up): each one still compiles,
behaves as ``re.compile`` would, and a run that does not need one never compiles it."""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import sys
from typing import Iterator, List, Tuple

import pytest

import urilint
from urilint.rfc3986 import lazy

P = pytest.param


def _modules() -> Iterator[str]:
    for info in pkgutil.walk_packages(urilint.__path__, "urilint."):
        if not info.name.endswith("__main__"):  # runs the command line when imported
            yield info.name


def _lazy_patterns() -> List[Tuple[str, object]]:
    found = []
    for name in _modules():
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if isinstance(value, lazy._Lazy):
                found.append((f"{name}.{attr}", value))
    return found


def test_every_module_level_pattern_compiles() -> None:
    patterns = _lazy_patterns()
    assert len(patterns) > 150  # the rewrite covers the package, not a handful
    for where, p in patterns:
        assert re.compile(p.pattern, p.flags).pattern == p.pattern, where  # type: ignore[attr-defined]
        assert p.groups >= 0, where  # type: ignore[attr-defined]


@pytest.mark.parametrize(("method", "args", "expected"), [
    P("search", ("xx a1 b22",), "a1"),
    P("match", ("a1 b22",), "a1"),
    P("fullmatch", ("b22",), "b22"),
    P("findall", ("a1 b22 c",), ["a1", "b22"]),
    P("sub", ("#", "a1 b22"), "# #"),
    P("split", ("a1 b22 c",), ["", " ", " c"]),
], ids=lambda v: v if isinstance(v, str) else None)
def test_a_lazy_pattern_answers_as_the_compiled_one(method: str, args: Tuple[str, ...], expected: object) -> None:
    source, flags = r"[a-z]\d+", re.IGNORECASE
    eager = re.compile(source, flags)
    late = lazy.compile(source, flags)
    result = getattr(late, method)(*args)
    if method in {"search", "match", "fullmatch"}:
        assert result is not None and result.group() == expected
    else:
        assert result == expected
    assert type(result) is type(getattr(eager, method)(*args))
    assert late.pattern == source and late.flags == eager.flags


def test_composing_from_a_lazy_pattern_does_not_compile_it() -> None:
    late = lazy.compile("a+")
    bigger = re.compile("(?:" + late.pattern + ")b")
    assert bigger.fullmatch("aab")
    assert "search" not in vars(late)
    late.search("a")
    assert "search" in vars(late)


def test_a_bad_pattern_fails_on_first_use() -> None:
    late = lazy.compile("(")
    with pytest.raises(re.error):
        late.search("x")


def test_a_small_markdown_check_compiles_few_patterns(tmp_path: object) -> None:
    # Counted in a fresh interpreter: patterns the file never needed stay uncompiled.
    probe = (
        "import re, sys, io, contextlib\n"
        "from urilint.rfc3986 import lazy\n"
        "from urilint.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['check', sys.argv[1]])\n"
        "import gc\n"
        "made = [o for o in gc.get_objects() if isinstance(o, lazy._Lazy)]\n"
        "print(len(made), sum('search' in vars(o) for o in made))\n"
    )
    path = f"{tmp_path}/README.md"
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Title\n\nSee <https://example.com/a> and [docs](https://example.org/b).\n")
    done = subprocess.run([sys.executable, "-c", probe, path], capture_output=True, text=True, check=True)
    made, compiled = map(int, done.stdout.split())
    assert made > 100
    assert compiled < made // 3
