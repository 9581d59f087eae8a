"""Hostile configuration and baseline files: a clear error (exit 2), never a traceback.

Regressions: a deeply nested TOML array or JSON array raised RecursionError, and a baseline
count of 1e400 raised OverflowError, both as tracebacks (exit 1, as if findings remained).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from urilint.cli import main

BOMB = 100_000


@pytest.mark.parametrize(
    "name, content, message",
    [
        pytest.param("urilint.toml", "select = " + "[" * BOMB, "nested too deeply", id="toml-nested-arrays"),
        pytest.param("urilint.toml", "a = " + "{b = " * BOMB, "not valid TOML", id="toml-nested-tables"),
        pytest.param("urilint.toml", "select = [\"URI1\"]\n\udcff\n", "cannot be read", id="toml-not-utf8"),
        pytest.param("urilint.toml", "select = \"URI1\"\n", "must be a list of strings", id="toml-wrong-type"),
        pytest.param("urilint.toml", "extra-default-ports = { x = 1e400 }\n", "extra-default-ports", id="toml-inf"),
        pytest.param("pyproject.toml", "[tool]\nurilint = 3\n", "must be a table", id="pyproject-not-a-table"),
    ],
)
def test_hostile_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                        name: str, content: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_bytes(content.encode("utf-8", "surrogateescape"))
    (tmp_path / "a.txt").write_text("HTTP://A.example/\n", encoding="utf-8")
    assert main(["check", "a.txt"]) == 2
    err = capsys.readouterr().err
    assert message in err and name in err and "Traceback" not in err


@pytest.mark.parametrize(
    "content, message",
    [
        pytest.param("[" * BOMB, "nested too deeply", id="nested-arrays"),
        pytest.param('{"a":' * BOMB, "nested too deeply", id="nested-objects"),
        pytest.param('{"version": 1, "findings": {"a": {"URI201": {"x": 1e400}}}}', "not a urilint baseline",
                     id="infinite-count"),
        pytest.param('{"version": 1, "findings": {"a": {"URI201": {"x": "one"}}}}', "not a urilint baseline",
                     id="string-count"),
        pytest.param('{"version": 1, "findings": []}', "not a urilint baseline", id="findings-not-a-table"),
        pytest.param("[1]", "not a urilint baseline", id="a-list"),
        pytest.param('{"version": 2}', "unsupported baseline version", id="version"),
        pytest.param("", "not a urilint baseline", id="empty"),
    ],
)
def test_hostile_baseline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                          content: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "base.json").write_text(content, encoding="utf-8")
    (tmp_path / "a.txt").write_text("HTTP://A.example/\n", encoding="utf-8")
    assert main(["check", "--isolated", "--baseline", "base.json", "a.txt"]) == 2
    err = capsys.readouterr().err
    assert message in err and "base.json" in err and "Traceback" not in err
