"""flake8's own machinery and the plugin's options, through the real flake8.

Every scenario is one flake8 subprocess in its own folder; they all start together (a thread
pool) so the module costs about as much as its slowest run, and the tests read their results.
How each option maps to Settings is tested in-process, as a table.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest

from tests.python.harness import Position, flake8_positions, run_flake8
from urilint.config import ConfigError
from urilint.flake8_plugin import settings_from_options, yes_no
from urilint.settings import Settings

P = pytest.param

SOURCE = '''"""Docs: http:/doc.example/."""
a = "http:/a.example/"
b = "https://b.example/\u00e9"
c = "https://svc.internal/%zz"
# see http:/comment.example/
'''
DOCSTRING = (1, 10, "URI108")
STRING = (2, 6, "URI108")
NON_ASCII = (3, 24, "URI110")
HOST = (4, 27, "URI102")
COMMENT = (5, 7, "URI108")
DEFAULT = [DOCSTRING, STRING, HOST, COMMENT]


SHOW = 'x = ("\u00e9", "https://a.example/%zz")\n'
SECRET = 'DATABASE_URL = "postgres://admin:s3cr3t@db.prod.internal/app"\n'
BROKEN = 'x = "HTTP://a/"\ndef (:\n    pass\n'


@dataclass(frozen=True)
class Scenario:
    args: Tuple[str, ...]
    #: file name -> the (line, column, code) of the URI errors flake8 must report in it
    expected: Dict[str, List[Position]]
    files: Dict[str, str] = field(default_factory=dict)  #: configuration files
    sources: Dict[str, str] = field(default_factory=lambda: {"a.py": SOURCE})


# Few scenarios, each checking several things at once: every one is a flake8 process.
SCENARIOS: Dict[str, Scenario] = {
    "defaults": Scenario(("--isolated", "--show-source"), {"a.py": DEFAULT, "show.py": [(1, 30, "URI102")],
                                                             "secret.py": [(1, 34, "URI301")], "broken.py": []},
                         sources={"a.py": SOURCE, "show.py": SHOW, "secret.py": SECRET, "broken.py": BROKEN}),
    "exit-zero": Scenario(("--isolated", "--exit-zero"), {"a.py": DEFAULT}),
    "extend-ignore-and-per-file-ignores": Scenario(
        ("--isolated", "--extend-ignore=URI102", "--per-file-ignores=a.py:URI108"),
        {"a.py": [], "b.py": [DOCSTRING, STRING, COMMENT]}, sources={"a.py": SOURCE, "b.py": SOURCE}),
    "extend-select-full-code": Scenario(("--isolated", "--extend-select=URI110"),
                                        {"a.py": sorted(DEFAULT + [NON_ASCII])}),
    "flake8-config-file": Scenario(
        (), {"a.py": [DOCSTRING, STRING, NON_ASCII]},
        files={".flake8": "[flake8]\nuri-check-comments = false\nuri-ignore-hosts = *.internal, x.test\n"
                          "uri-select-extra = URI110\n"}),
    "tool-urilint-table": Scenario(
        ("--isolated",), {"a.py": [DOCSTRING, STRING, NON_ASCII, HOST], "b.py": [DOCSTRING, STRING]},
        files={"pyproject.toml": '[tool.urilint]\ncheck-comments = false\nextend-select = ["URI110"]\n'
                                 '[tool.urilint.per-file-ignores]\n"b.py" = ["URI102", "URI110"]\n'},
        sources={"a.py": SOURCE, "b.py": SOURCE}),
    "flake8-option-overrides-table": Scenario(
        ("--isolated", "--uri-check-comments=yes"), {"a.py": DEFAULT},
        files={"pyproject.toml": "[tool.urilint]\ncheck-comments = false\n"}),
    "unknown-key": Scenario(("--isolated",), {}, files={"pyproject.toml": "[tool.urilint]\nno-such-key = 1\n"}),
    "bad-placeholder-option": Scenario(("--isolated", "--uri-placeholders=nope"), {}),
    # A code that names no rule would turn nothing on, silently (issue 15).
    "unknown-select-extra": Scenario(("--isolated", "--uri-select-extra=URI3O1"), {}),
    "unknown-selector-in-table": Scenario(("--isolated",), {},
                                          files={"pyproject.toml": '[tool.urilint]\nignore = ["URI9"]\n'}),
}
GOOD = [name for name, s in SCENARIOS.items() if s.expected]
Results = Dict[str, "Future[subprocess.CompletedProcess[str]]"]
# One xdist worker takes this module, so the module-scoped `results` (every flake8 run) happens once.
pytestmark = pytest.mark.xdist_group("flake8-options")


def _run(root: Path, scenario: Scenario) -> "subprocess.CompletedProcess[str]":
    root.mkdir()
    for name, content in {**scenario.sources, **scenario.files}.items():
        (root / name).write_text(content, encoding="utf-8")
    return run_flake8([*scenario.args, *sorted(scenario.sources)], root)


@pytest.fixture(scope="module")
def results() -> Iterator[Results]:
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(max_workers=4) as pool:
        yield {name: pool.submit(_run, Path(tmp) / name, s) for name, s in SCENARIOS.items()}


def _result(results: Results, name: str) -> "subprocess.CompletedProcess[str]":
    return results[name].result(timeout=300)


@pytest.mark.slow
@pytest.mark.parametrize("name", GOOD)
def test_scenario(results: Results, name: str) -> None:
    result = _result(results, name)
    assert not result.stderr, result.stderr
    assert result.returncode == (0 if "--exit-zero" in SCENARIOS[name].args else 1)
    found = flake8_positions(result.stdout, Path("."))
    for file, expected in SCENARIOS[name].expected.items():
        assert [p for p in found.get(file, []) if p[2].startswith("URI")] == sorted(expected), file


@pytest.mark.slow
def test_show_source_points_at_the_character(results: Results) -> None:
    lines = _result(results, "defaults").stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("show.py:1:30: URI102 "))
    assert lines[at + 1] == SHOW.rstrip("\n")
    assert lines[at + 2] == " " * 29 + "^"


@pytest.mark.slow
def test_syntax_error_leaves_only_e999(results: Results) -> None:
    codes = [p[2] for p in flake8_positions(_result(results, "defaults").stdout, Path(".")).get("broken.py", [])]
    assert codes == ["E999"]


@pytest.mark.slow
def test_messages_hide_secrets(results: Results) -> None:
    out = _result(results, "defaults").stdout
    line = next(x for x in out.splitlines() if x.startswith("secret.py:1:34: URI301 "))
    assert "s3cr3t" not in line


@pytest.mark.slow
@pytest.mark.parametrize("name, message", [
    P("unknown-key", "unknown key 'no-such-key'"),
    P("bad-placeholder-option", "unknown syntaxes nope"),
    P("unknown-select-extra", "--uri-select-extra: unknown selector 'URI3O1'"),
    P("unknown-selector-in-table", "'ignore': unknown selector 'URI9'"),
])
def test_bad_configuration_is_one_clear_error(results: Results, name: str, message: str) -> None:
    result = _result(results, name)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "urilint: " in result.stderr and message in result.stderr


# -- the option -> Settings map, in-process --------------------------------------------------
BASE = Settings(ignore_hosts=("a.test",), allowed_schemes=frozenset({"x-a"}), extend_select=frozenset({"URI208"}))
OPTION_CASES = [
    P({}, {}, id="nothing-given"),
    P({"select": ["E", "URI"]}, {}, id="prefix-select-changes-nothing"),
    P({"select": ["URI109"], "extend_select": ["uri110", "W6"]},
      {"extend_select": frozenset({"URI208", "URI109", "URI110"})}, id="full-codes-turn-rules-on"),
    P({"uri_select_extra": ["URI302", " "]}, {"extend_select": frozenset({"URI208", "URI302"})}, id="select-extra"),
    P({"uri_ignore_hosts": ["*.internal"]}, {"ignore_hosts": ("a.test", "*.internal")}, id="hosts-add"),
    P({"uri_allowed_schemes": ["X-B"]}, {"allowed_schemes": frozenset({"x-a", "x-b"})}, id="schemes-add"),
    P({"uri_ignore_schemes": ["Data"]}, {"ignore_schemes": frozenset({"data"})}, id="ignore-schemes"),
    P({"uri_placeholders": ["printf", "braces"]}, {"placeholders": frozenset({"printf", "braces"})},
      id="placeholders-replace"),
    P({"uri_check_comments": False, "uri_check_docstrings": True, "uri_exempt_example_hosts": True},
      {"check_comments": False, "check_docstrings": True, "exempt_example_hosts": True}, id="booleans"),
]


@pytest.mark.parametrize("given, changed", OPTION_CASES)
def test_settings_from_options(given: Dict[str, Any], changed: Dict[str, Any]) -> None:
    got = settings_from_options(argparse.Namespace(**given), BASE)
    for name in Settings._fields:
        assert getattr(got, name) == changed.get(name, getattr(BASE, name)), name


@pytest.mark.parametrize("extra", [P(["URI3O1"], id="letter-o"), P(["URI9"], id="no-such-family"),
                                   P(["E501"], id="foreign"), P(["URI1", "password-in-userinfo"], id="a-name")])
def test_unknown_select_extra_is_a_config_error(extra: List[str]) -> None:
    with pytest.raises(ConfigError, match="--uri-select-extra: unknown selector"):
        settings_from_options(argparse.Namespace(uri_select_extra=extra), BASE)


@pytest.mark.parametrize("extra, selected", [
    P(["uri110"], {"URI110"}, id="lower-case"), P(["URI1"], {"URI1"}, id="prefix"),
    P(["URI"], {"URI"}, id="family"), P(["ALL", " "], {"ALL"}, id="all-and-a-blank"),
])
def test_known_select_extra_is_taken(extra: List[str], selected: set) -> None:  # type: ignore[type-arg]
    got = settings_from_options(argparse.Namespace(uri_select_extra=extra), BASE)
    assert got.extend_select == BASE.extend_select | selected


def test_unknown_placeholder_syntax_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="unknown syntaxes nope"):
        settings_from_options(argparse.Namespace(uri_placeholders=["nope"]), BASE)


@pytest.mark.parametrize("text, value", [
    P("true", True), P(" Yes", True), P("ON", True), P("1", True),
    P("false", False), P("no", False), P("Off ", False), P("0", False),
])
def test_yes_no(text: str, value: bool) -> None:
    assert yes_no(text) is value


@pytest.mark.parametrize("text", ["", "maybe", "2"])
def test_yes_no_rejects(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        yes_no(text)
