"""What a run imports (issue 16, start-up): the parts a file does not need are never loaded.

Each case runs in a fresh interpreter (a subprocess) and lists ``sys.modules`` afterwards; no
timing is asserted (the machines are noisy), only which modules were loaded."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

P = pytest.param

NO_URI = "import os\n\n\ndef f(x):\n    return x + 1  # plain\n"
PLAIN_URIS = 'URL = "https://example.com/a"\n\n\ndef f():\n    return "mailto:a@example.org"\n'
FSTRING_URI = 'def f(h):\n    return f"https://{h}/a"\n'

_PLUGIN = """
import ast, json, sys
from urilint.flake8_plugin import Plugin
text = open(sys.argv[1], encoding="utf-8").read()
found = list(Plugin(ast.parse(text), text.splitlines(True), sys.argv[1]).run())
print(json.dumps({"found": len(found), "modules": sorted(sys.modules)}))
"""


def plugin_run(tmp_path: Path, text: str) -> dict:  # type: ignore[type-arg]
    path = tmp_path / "m.py"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _PLUGIN, str(path)], capture_output=True, text=True,
                          cwd=tmp_path, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize(("text", "absent"), [
    P(NO_URI, ["urilint.pipeline", "urilint.checker", "urilint.rules", "urilint.scanners.python", "libcst"],
      id="no-uri-stops-before-the-pipeline"),
    P(PLAIN_URIS, ["dataclasses", "libcst", "urilint.suppress", "urilint.fixer", "urilint.links.check", "urilint.scanners.markdown"],
      id="plain-literals-need-no-libcst-fixer-suppression-or-links"),
])
def test_the_flake8_plugin_loads_only_what_the_module_needs(tmp_path: Path, text: str, absent: List[str]) -> None:
    result = plugin_run(tmp_path, text)
    assert result["found"] == 0
    assert not set(absent) & set(result["modules"])


@pytest.mark.parametrize(("text", "present"), [
    P(PLAIN_URIS, ["urilint.pipeline", "urilint.scanners.python"], id="uris-are-checked"),
    P(FSTRING_URI, ["libcst"], id="an-f-string-is-read-by-libcst"),
])
def test_the_flake8_plugin_loads_what_a_literal_needs(tmp_path: Path, text: str, present: List[str]) -> None:
    result = plugin_run(tmp_path, text)
    assert set(present) <= set(result["modules"])


_CHECK = """
import sys
from urilint.cli import main
code = main(sys.argv[1:])
print(repr({"code": code, "modules": sorted(sys.modules)}))  # not json: whether a run loads it is asked
"""


def check_run(tmp_path: Path, name: str, text: str, *args: str) -> dict:  # type: ignore[type-arg]
    (tmp_path / name).write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _CHECK, "check", *args, name], capture_output=True, text=True,
                          cwd=tmp_path, check=True)
    return ast.literal_eval(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


#: What a plain ``urilint check FILE`` never needs: the link rules' trees, fixing, walking
#: folders with .gitignore files, reading TOML (no configuration here), libcst, and dataclasses
#: (records are named tuples: a frozen dataclass costs ten times as much to define, and the
#: module brings ``inspect`` with it).
NEVER_FOR_A_CHECK = ["dataclasses", "inspect", "textwrap", "urilint.links.check", "urilint.links.provider", "urilint.fixer", "pathspec", "tomllib",
                     "libcst", "tempfile", "urilint.baseline", "hashlib", "urilint.masking", "difflib",
                     "urilint.reporters.junit", "urilint.reporters.sarif", "xml.etree.ElementTree"]


@pytest.mark.parametrize(("name", "text", "absent"), [
    P("m.py", NO_URI, [*NEVER_FOR_A_CHECK, "urilint.scanners.markdown"], id="python-without-uris"),
    P("m.py", PLAIN_URIS, [*NEVER_FOR_A_CHECK, "urilint.scanners.markdown"], id="python-plain-uris"),
    P("README.md", "# T\n\nSee [x](https://example.com/a).\n", [*NEVER_FOR_A_CHECK, "json", "tokenize"],
      id="markdown"),
])
def test_a_check_loads_only_what_the_file_needs(tmp_path: Path, name: str, text: str, absent: List[str]) -> None:
    result = check_run(tmp_path, name, text, "--isolated")
    assert result["code"] == 0
    assert not set(absent) & set(result["modules"])


def test_selecting_a_link_rule_loads_the_trees(tmp_path: Path) -> None:
    result = check_run(tmp_path, "README.md", "See [x](a.md).\n", "--isolated", "--select", "URI401")
    assert result["code"] == 1 and "urilint.links.provider" in result["modules"]


@pytest.mark.parametrize(("args", "text", "present"), [
    P(["--output-format", "junit"], "See [x](https://example.com/a).\n", ["urilint.reporters.junit"], id="junit"),
    P(["--output-format", "sarif"], "See [x](https://example.com/a).\n", ["urilint.reporters.sarif"], id="sarif"),
    P([], "See [x](https://u:Xk9mQ2vL7pR4wZt8@db.example.org/).\n", ["urilint.masking"], id="findings-are-masked"),
    P(["--diff", "--extend-select", "URI2"], "See [x](HTTP://example.com/a).\n", ["urilint.masking", "urilint.fixer"],
      id="diff"),
])
def test_what_a_run_asks_for_is_loaded(tmp_path: Path, args: List[str], text: str, present: List[str]) -> None:
    result = check_run(tmp_path, "README.md", text, "--isolated", *args)
    assert set(present) <= set(result["modules"])


def test_the_latency_floor_is_what_a_markdown_check_loads(tmp_path: Path) -> None:
    # bench/latency.py's FLOOR row stands for "the standard library a check cannot avoid": it
    # must name exactly what a check of one Markdown file loads besides urilint.
    from bench.latency import FLOOR

    baseline = set(ast.literal_eval(subprocess.run(
        [sys.executable, "-c", "import sys; print(sorted(sys.modules))"], capture_output=True, text=True,
        check=True).stdout))
    floor = set(ast.literal_eval(subprocess.run(
        [sys.executable, "-c", f"import {FLOOR}, sys; print(sorted(sys.modules))"], capture_output=True, text=True,
        check=True).stdout)) - baseline
    result = check_run(tmp_path, "README.md", "# T\n\nSee [x](https://example.com/a).\n", "--isolated")
    loaded = {m for m in result["modules"] if m.split(".")[0] != "urilint"} - baseline - {"__future__"}
    assert loaded == floor
