"""The ``adversarial_files`` bench suite runs and prints its tables (no timing is asserted)."""

from __future__ import annotations

import re

import pytest

from bench import adversarial_files


def test_quick_run_prints_a_row_per_class_and_format(capsys: pytest.CaptureFixture[str]) -> None:
    classes, formats = ["pct-run", "one-line-dirty", "nested-images-both"], ["text", "markdown", "python"]
    code = adversarial_files.run(["--quick", "--classes", ",".join(classes), "--formats", ",".join(formats),
                                  "--big-mb", "1"])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    rule = next(i for i, line in enumerate(lines) if line.startswith("-----"))
    rows = [line.split() for line in lines[rule + 1:rule + 1 + len(classes) * len(formats)]]
    assert [(r[0], r[1]) for r in rows] == [(c, f) for c in classes for f in formats]
    for r in rows:
        assert r[-1] in ("ok", "SUPERLINEAR")
        assert all(re.fullmatch(r"[0-9.e+-]+", cell) for cell in r[2:-1]), r
    assert "## urilint check on one big file" in out
    # A number, or "> 20 s" when a starved machine hits the suite's own limit (no timing asserted).
    cell = r"(?:[0-9.e+-]+|> [0-9.]+ s)"
    assert re.search(rf"big\.txt .* 1 +{cell} +{cell}$", out, re.M), out


def test_unknown_names_are_usage_errors() -> None:
    with pytest.raises(SystemExit):
        adversarial_files.run(["--quick", "--formats", "nope"])


def test_every_class_builds_at_the_asked_size() -> None:
    for name, build, _ in adversarial_files.builders():
        text = build(4096)
        assert 3000 <= len(text) <= 4200, name
