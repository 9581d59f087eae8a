"""The command line through main(argv) and as a real subprocess."""

from __future__ import annotations

import subprocess
import sys

import pytest

from urilint import __version__
from urilint.cli import main
from urilint.rules import RULES


def test_rules_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for rule in RULES:
        assert rule.code in out and rule.name in out


@pytest.mark.parametrize("key", ["URI301", "uri301", "password-in-userinfo"])
def test_rule_prints_docs(key: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", key]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# URI301 password-in-userinfo") and "## Fix safety" in out


def test_unknown_rule_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "URI999"]) == 2
    assert "no rule" in capsys.readouterr().err


def test_validate_prints_caret(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "http://exa mple.com/"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "http://exa mple.com/"
    assert lines[1] == " " * 10 + "^"
    assert main(["validate", "http://example.com/"]) == 0


def test_normalize_and_resolve(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["normalize", "HTTP://Example.COM:80/a/./b"]) == 0
    assert main(["resolve", "http://a/b/c/d;p?q", "../g"]) == 0
    assert main(["resolve", "--non-strict", "http://a/b/c/d;p?q", "http:g"]) == 0
    assert capsys.readouterr().out.splitlines() == ["http://example.com/a/b", "http://a/b/g", "http://a/b/c/g"]


def test_version_and_no_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert __version__ in capsys.readouterr().out
    assert main([]) == 2


def test_console_script_runs_as_subprocess() -> None:
    proc = subprocess.run([sys.executable, "-m", "urilint.cli", "rules"], capture_output=True, text=True)
    assert proc.returncode == 0 and "URI101" in proc.stdout


def test_broken_pipe_is_quiet() -> None:
    proc = subprocess.run(f"{sys.executable} -m urilint.cli rules | head -1", shell=True,
                          capture_output=True, text=True)
    assert proc.stdout.startswith("URI101") and "Traceback" not in proc.stderr
