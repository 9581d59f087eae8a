"""What a run imports (issue 16, start-up): the parts a file does not need are never loaded.

Each case runs in a fresh interpreter (a subprocess) and lists ``sys.modules`` afterwards; no
timing is asserted (the machines are noisy), only which modules were loaded."""

from __future__ import annotations

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
    P(PLAIN_URIS, ["libcst"], id="plain-literals-need-no-libcst"),
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
