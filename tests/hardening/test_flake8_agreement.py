"""The CLI and the flake8 plugin agree on every generated Python file: same codes, same lines,
same columns.  In process (the plugin class against ``main(["check", ...])``) on many generated
modules, then once through the real flake8 on a batch of them, ``# noqa`` comments included.
(``# urilint: ignore`` in a Python file silences ``urilint check`` but not flake8: reported.)"""

from __future__ import annotations

import ast
import json
import random
import warnings
from pathlib import Path
from typing import List, Set, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urilint.cli import main
from urilint.flake8_plugin import Plugin

from tests.python.harness import check_positions, flake8_positions, run_flake8, run_urilint

Position = Tuple[int, int, str]
URIS = ["HTTP://Example.COM:80/./a", "http://a.example/%zz", "https://u:Zq7pw123@db.example/x",
        "http://a.example/ b", "htps://a.example/", "https://a.example/ok", "mailto:A@Example.COM",
        "http://[::1]:80/x", "http://a.example/?access_token=Zq7tok123", "http://a.example/{id}/./x"]
SHAPES = [
    "x = {q}{u}{q}", "x = ({q}{u}{q}\n     {q}/tail{q})", "def f():\n    {t}{u} and more{t}", "# {u}",
    "x = f{q}{u}/{{y}}{q}", "x = r{q}{u}{q}", "x = b{q}{u}{q}", "call({q}{u}{q}, k={q}{u}{q})  # {u}",
    "class C:\n    {t}\n    See {u}.\n    {t}", "x = {q}\\x48TTP://A.example/{q}", "x = '''\n{u}\n'''",
    "if x:\n    y = [\n        {q}{u}{q},\n    ]", "x = {q}{u}{q}  # noqa", "x = {q}{u}{q}  # noqa: URI201",
]


def module(rng: random.Random, suppressions: bool) -> str:
    shapes = SHAPES if suppressions else [s for s in SHAPES if "noqa" not in s and "urilint:" not in s]
    lines = []
    for _ in range(rng.randint(1, 6)):
        shape = rng.choice(shapes)
        uri = rng.choice(URIS)
        q, t = rng.choice(["'", '"']), rng.choice(["'''", '"""'])
        line = shape.replace("{q}", q).replace("{t}", t).replace("{u}", uri.replace("{", "\x00").replace("}", "\x01"))
        line = line.replace("{{", "{").replace("}}", "}").replace("\x00", "{").replace("\x01", "}")
        if "f" + q in line and "{id}" in line:
            line = line.replace("{id}", "{{id}}")
        lines.append(line)
    prefix = rng.choice(["", "# -*- coding: utf-8 -*-\n", "\u00e9 = 1\n", '"""Module doc: HTTP://Doc.example/."""\n'])
    return prefix + "\n".join(lines) + "\n"


def parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except SyntaxError:
        return False
    return True


def plugin_positions(text: str) -> Set[Position]:
    tree = ast.parse(text)
    results = Plugin(tree, text.splitlines(keepends=True), "m.py").run()
    return {(line, col + 1, message.split()[0]) for line, col, message, _ in results}


def cli_positions(path: Path, capsys: pytest.CaptureFixture[str]) -> Set[Position]:
    main(["check", "--isolated", "--exit-zero", "--output-format", "json", str(path)])
    rows = json.loads(capsys.readouterr().out)
    return {(r["location"]["row"], r["location"]["column"], r["code"]) for r in rows}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), crlf=st.booleans())
def test_plugin_and_cli_agree_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int,
                                         crlf: bool) -> None:
    text = module(random.Random(seed), suppressions=False)
    if not parses(text):
        return
    path = tmp_path / "m.py"
    path.write_bytes((text.replace("\n", "\r\n") if crlf else text).encode("utf-8"))
    assert plugin_positions(text) == cli_positions(path, capsys)


@pytest.mark.slow
def test_real_flake8_agrees_on_a_batch(tmp_path: Path) -> None:
    """One flake8 and one ``urilint check`` process over 60 generated modules, with ``# noqa``
    and ``# urilint: ignore`` comments in them."""
    rng = random.Random(3986)
    written: List[str] = []
    while len(written) < 60:
        text = module(rng, suppressions=True)
        if parses(text):
            name = f"m{len(written)}.py"
            (tmp_path / name).write_text(text, encoding="utf-8")
            written.append(name)
    flake8 = run_flake8(["--isolated", "--select=URI", "--uri-select-extra=URI2", "."], tmp_path)
    assert "Traceback" not in flake8.stderr, flake8.stderr
    check = run_urilint(["check", "--isolated", "--extend-select", "URI2", "--exit-zero", "--output-format", "json",
                         "."], tmp_path)
    assert check.returncode == 0, check.stderr
    by_flake8, by_check = flake8_positions(flake8.stdout, tmp_path), check_positions(check.stdout, tmp_path)
    assert sum(len(v) for v in by_check.values()) > 60  # the batch has findings to agree on
    differ = {name: (by_flake8.get(name, []), by_check.get(name, [])) for name in written
              if by_flake8.get(name, []) != by_check.get(name, [])}
    assert differ == {}
