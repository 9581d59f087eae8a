"""Project-level checks: typing, and README, .ci/run and pyproject agreeing with each other."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    quick = text[text.index("## Quick start"):]
    return re.findall(r"```console\n(.*?)\n```", quick, re.S)[:2]


def test_ci_runs_readme_test_command_verbatim() -> None:
    run_cmd, test_cmd = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_cmd in ci
    assert "urilint" in run_cmd and run_cmd.startswith("python -m pip install .")


def test_ci_checks_the_repository_after_the_tests() -> None:
    _, test_cmd = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert "urilint check ." in ci
    assert ci.index("urilint check .") > ci.index(test_cmd)  # after the test command, as README's order


def test_the_repository_checks_itself(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """README's first command in a clone is a clean run: [tool.urilint] in pyproject.toml names
    the test data, so anything urilint reports here is a real finding (or a missing entry)."""
    from urilint.cli import main

    monkeypatch.chdir(ROOT)
    code = main(["check", "--output-format", "concise", "."])
    out = capsys.readouterr()
    assert code == 0, out.out + out.err
    assert out.out == "All checks passed!\n" and "error" not in out.err


def test_mypy_strict_on_src() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(ROOT / "src" / "urilint")],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_readme_rule_table_matches_the_registry() -> None:
    from urilint.cli import rule_table

    text = (ROOT / "README.md").read_text()
    start = text.index("<!-- rule-table")
    table = text[text.index("\n", start) + 1: text.index("<!-- /rule-table -->")].strip()
    assert table == rule_table(), "regenerate README's rule table from urilint.cli.rule_table()"


def test_src_keeps_the_declared_house_style() -> None:
    """[tool.ruff] in pyproject.toml is the style src/ follows; ruff holds it to it."""
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "src"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_package_names_its_public_api_once() -> None:
    """``urilint``'s lazy names (PEP 562) and ``__all__`` agree, and each resolves to its object."""
    import urilint

    assert sorted(urilint.__all__) == sorted([*urilint._HOMES, "__version__"])
    for name in urilint._HOMES:
        value = getattr(urilint, name)
        assert callable(value) and not isinstance(value, type(urilint)), name


@pytest.mark.xdist_group("canary")
def test_xdist_groups_reach_the_scheduler(request: pytest.FixtureRequest) -> None:
    """The suite's shared fixtures (a hook environment, batches of flake8 runs, the corpus
    audits) are built once because their tests share an xdist_group.  pytest-xdist passes the
    group to its scheduler as an "@group" suffix of the node id; when a pytest release stops
    that from working, every worker builds them again and nothing else fails (pyproject.toml
    bounds pytest for that reason)."""
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not a pytest-xdist worker running --dist=loadgroup")
    assert request.node.nodeid.endswith("@canary"), request.node.nodeid
