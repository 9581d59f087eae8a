"""The command line never says "All checks passed!" when it did not check (issue 15, part 3).

Each class of lie has a table of what must be refused or reported, and a table at least as long
of what must go on working; everything runs through main(argv) and asserts on the exit code,
the output and the files.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Sequence, Tuple

import pytest

from urilint.cli import COMMANDS, build_parser, main
from urilint.finding import BINARY, FileError
from urilint.reporters import is_skipped_binary

SECRET = "Sup3rS3cretPw"
PASSED = "All checks passed!"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
P = pytest.param


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with one clean file and one file with safe fixes (normalization, selected)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    (tmp_path / "urilint.toml").write_text('extend-select = ["URI2"]\n')
    (tmp_path / "clean.md").write_text("See [docs](https://example.com/a/b).\n")
    (tmp_path / "dirty.md").write_text("See [docs](HTTPS://Example.COM/a/./b).\n")
    return tmp_path


# -- 1. selectors, values and -j ------------------------------------------------------------------
BAD_ARGS = [
    P(["--select", "URI3O1"], "--select: unknown selector 'URI3O1'", id="select-letter-o"),
    P(["--select", "E501"], "--select: unknown selector 'E501'", id="select-foreign-code"),
    P(["--ignore", "URI9"], "--ignore: unknown selector 'URI9'", id="ignore-no-such-family"),
    P(["--extend-select", "URI3011"], "--extend-select: unknown selector 'URI3011'", id="extend-select-too-long"),
    P(["--extend-ignore", "secret-in-query"], "--extend-ignore: unknown selector 'secret-in-query'",
      id="extend-ignore-a-name"),
    P(["--select", ""], "--select: empty value", id="select-empty"),
    P(["--extend-select="], "--extend-select: empty value", id="extend-select-empty"),
    P(["--ignore", ","], "--ignore: empty selector", id="ignore-only-comma"),
    P(["--select", "URI1,,URI2"], "--select: empty selector", id="select-empty-item"),
    P(["--per-file-ignores", "*.md"], "--per-file-ignores: '*.md' is not GLOB:CODES", id="per-file-no-colon"),
    P(["--per-file-ignores", ":URI301"], "--per-file-ignores: ':URI301' is not GLOB:CODES", id="per-file-no-glob"),
    P(["--per-file-ignores", "*.md:"], "--per-file-ignores *.md: empty value", id="per-file-no-codes"),
    P(["--per-file-ignores", "*.md:URI3O1"], "--per-file-ignores *.md: unknown selector 'URI3O1'",
      id="per-file-unknown-code"),
    P(["-j", "0"], "argument -j/--jobs: must be at least 1, not 0", id="jobs-zero"),
    P(["--jobs", "-2"], "argument -j/--jobs: must be at least 1, not -2", id="jobs-negative"),
    P(["-j", "two"], "argument -j/--jobs: expected a whole number, not 'two'", id="jobs-not-a-number"),
]
GOOD_ARGS = [
    P(["--isolated", "--select", "URI301"], 0, id="select-code"),
    P(["--select", "uri2"], 1, id="select-prefix-lower-case"),
    P(["--select", "URI"], 1, id="select-family"),
    P(["--select", "ALL"], 1, id="select-all"),
    P(["--select", " URI1 , URI2 "], 1, id="select-spaces"),
    P(["--ignore", "URI2"], 0, id="ignore-prefix"),
    P(["--extend-select", "URI110"], 1, id="extend-select-code"),
    P(["--extend-ignore", "URI201,URI202,URI205"], 0, id="extend-ignore-codes"),
    P(["--per-file-ignores", "dirty.md:URI2"], 0, id="per-file"),
    P(["--per-file-ignores", "dirty.md:URI201,URI202", "--per-file-ignores", "*.md:URI205"], 0,
      id="per-file-repeated"),
    P(["--per-file-ignores", "d:x.md:URI1"], 1, id="per-file-glob-with-colon"),
    P(["-j", "1"], 1, id="jobs-one"),
    P(["--jobs", "2"], 1, id="jobs-two"),
    P(["--isolated"], 0, id="isolated-defaults"),
    P([], 1, id="nothing-given"),
    P(["--exit-zero"], 0, id="exit-zero"),
]


@pytest.mark.parametrize("command", ["check", "dump"])
@pytest.mark.parametrize(("argv", "message"), BAD_ARGS)
def test_bad_selectors_and_values_are_usage_errors(project: Path, capsys: pytest.CaptureFixture[str],
                                                   command: str, argv: List[str], message: str) -> None:
    code, out, err = run(capsys, command, *argv, ".")
    assert code == 2 and out == "", out
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(("argv", "expected"), GOOD_ARGS)
def test_good_selectors_and_values_check(project: Path, capsys: pytest.CaptureFixture[str],
                                         argv: List[str], expected: int) -> None:
    code, out, err = run(capsys, "check", *argv, ".")
    assert code == expected, out + err
    assert "error" not in err
    assert (PASSED in out) == (expected == 0 and "--exit-zero" not in argv)


def test_unknown_selector_in_the_configuration_is_a_usage_error(project: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (project / "urilint.toml").write_text('extend-select = ["URI2"]\nignore = ["URI3O1"]\n')
    code, out, err = run(capsys, "check", ".")
    assert code == 2 and PASSED not in out
    assert "urilint.toml: 'ignore': unknown selector 'URI3O1'" in err and "did you mean URI301?" in err


# -- 2. paths that do not exist, and runs that check nothing ------------------------------------
NOT_ALL_CHECKED = [
    P(["missing.md"], 1, "missing.md: error: cannot be read: No such file or directory",
      "No findings, but 1 file could not be checked or fixed.", id="missing-file"),
    P(["missing/"], 1, "missing: error: cannot be read", "No findings, but 1 file could not be checked or fixed.",
      id="missing-folder"),
    P(["clean.md", "missing.md"], 1, "missing.md: error", "No findings, but 1 file could not be checked or fixed.",
      id="missing-beside-a-clean-file"),
    P(["clean.md", "missing.md", "gone.md"], 1, "gone.md: error",
      "No findings, but 2 files could not be checked or fixed.", id="two-missing"),
    P(["dirty.md", "missing.md"], 1, "missing.md: error", "1 file could not be checked or fixed.",
      id="missing-beside-findings"),
    P(["--exit-zero", "missing.md"], 0, "missing.md: error", "No findings, but 1 file could not be checked",
      id="exit-zero-still-says-so"),
    P(["--output-format", "concise", "missing.md"], 1, "missing.md: error",
      "No findings, but 1 file could not be checked or fixed.", id="concise"),
    P(["blob.bin"], 0, "1 binary file skipped", "No files were checked.", id="only-a-binary-file"),
    # A module that does not parse (a template, Python 2) is not checked: a warning, and the
    # summary says so, though the run does not fail for it.
    P(["old.py"], 0, "old.py: warning: not checked: invalid Python at 2:1",
      "No findings, but 1 file was not checked (see the warnings).", id="only-invalid-python"),
    P(["clean.md", "old.py"], 0, "old.py: warning: not checked", "No findings, but 1 file was not checked",
      id="invalid-python-beside-a-clean-file"),
    P(["dirty.md", "old.py"], 1, "old.py: warning: not checked", "Found 3 errors.\n[*] 3 fixable with --fix.\n"
      "1 file was not checked (see the warnings).", id="invalid-python-beside-findings"),
    P(["missing.md", "old.py"], 1, "old.py: warning: not checked",
      "No findings, but 1 file could not be checked or fixed; 1 file was not checked", id="invalid-python-and-missing"),
]
ALL_CHECKED = [
    P(["clean.md"], id="a-clean-file"),
    P(["--ignore", "URI2", "."], id="the-folder"),
    P(["clean.md", "clean.md"], id="a-file-twice"),
    P(["--output-format", "concise", "clean.md"], id="concise"),
    P(["clean.md", "blob.bin"], id="a-binary-file-beside"),
    P(["--fix", "dirty.md"], id="everything-fixed"),
    P(["--isolated", "--select", "URI3", "dirty.md"], id="nothing-selected-fires"),
    P(["--per-file-ignores", "dirty.md:URI2", "dirty.md"], id="per-file-ignored"),
]


@pytest.mark.parametrize(("argv", "expected", "error", "summary"), NOT_ALL_CHECKED)
def test_a_run_that_did_not_check_everything_never_passes(project: Path, capsys: pytest.CaptureFixture[str],
                                                          argv: List[str], expected: int, error: str,
                                                          summary: str) -> None:
    (project / "blob.bin").write_bytes(b"\x00\x01HTTP://X.example/")
    (project / "old.py").write_text('# see http:/example.com/x\nprint "hello"\n')
    code, out, err = run(capsys, "check", *argv)
    assert code == expected
    assert PASSED not in out + err
    assert error in err and summary in out


@pytest.mark.parametrize("argv", ALL_CHECKED)
def test_a_run_that_checked_everything_passes(project: Path, capsys: pytest.CaptureFixture[str],
                                              argv: List[str]) -> None:
    (project / "blob.bin").write_bytes(b"\x00\x01HTTP://X.example/")
    code, out, err = run(capsys, "check", *argv)
    assert code == 0, out + err
    assert out.rstrip("\n").endswith(PASSED) or out.endswith("(3 fixed, 0 remaining).\n")
    assert "error" not in err


def test_nothing_to_check_is_not_a_pass(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "empty").mkdir()
    code, out, err = run(capsys, "check", "empty")
    assert code == 0 and "no files to check" in err
    assert PASSED not in out and "No files were checked." in out


# -- 3. output files that cannot be written ------------------------------------------------------
UNWRITABLE = [
    P("--output-file", "no/such/folder/out.txt", "its folder no/such/folder does not exist", id="output-no-folder"),
    P("--output-file", "adir", "is a directory", id="output-is-a-directory"),
    P("--write-baseline", "no/such/folder/base.json", "its folder no/such/folder does not exist",
      id="baseline-no-folder"),
    P("--write-baseline", "adir", "is a directory", id="baseline-is-a-directory"),
]
WRITABLE = [
    P("--output-file", "out.txt", id="output-new-file"),
    P("--output-file", "adir/out.txt", id="output-in-a-folder"),
    P("--output-file", "existing.txt", id="output-replaces-a-file"),
    P("--write-baseline", "base.json", id="baseline-new-file"),
]


@pytest.mark.parametrize(("option", "name", "message"), UNWRITABLE)
def test_unwritable_output_is_one_line_exit_2_before_anything_is_fixed(
        project: Path, capsys: pytest.CaptureFixture[str], option: str, name: str, message: str) -> None:
    (project / "adir").mkdir()
    before = (project / "dirty.md").read_bytes()
    code, out, err = run(capsys, "check", "--fix", option, name, ".")
    assert code == 2 and out == ""
    assert err == f"urilint: error: {option} {name}: {message}\n"
    assert (project / "dirty.md").read_bytes() == before  # refused before the run, not after it


@pytest.mark.parametrize(("option", "name"), WRITABLE)
def test_writable_output_is_written(project: Path, capsys: pytest.CaptureFixture[str], option: str,
                                    name: str) -> None:
    (project / "adir").mkdir()
    (project / "existing.txt").write_text("old\n")
    code, out, err = run(capsys, "check", option, name, ".")
    assert err == "" and (project / name).read_text() != "old\n"
    assert code == (0 if option == "--write-baseline" else 1)


@pytest.mark.parametrize("option", ["--output-file", "--write-baseline"])
def test_a_write_that_fails_late_is_one_line_exit_2(project: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch, option: str) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError(28, "No space left on device")

    real_open = Path.open

    def refuse_writing(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if "w" in mode:  # --output-file's report is copied, a block at a time, from its spool
            refuse(self)
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", refuse)
    monkeypatch.setattr(Path, "open", refuse_writing)
    code, out, err = run(capsys, "check", option, "out.txt", ".")
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == f"urilint: error: {option} out.txt: cannot be written: No space left on device"
    assert "Traceback" not in err


def test_unwritable_output_as_a_subprocess_has_no_traceback(project: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "urilint", "check", "--output-file", "/nonexistent/dir/x.txt", "."],
                          cwd=project, capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "--output-file /nonexistent/dir/x.txt" in proc.stderr


# -- 4. --write-baseline --------------------------------------------------------------------------
def test_write_baseline_exits_0_once_written(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "leak.yaml").write_text(f"db: postgres://app:{SECRET}@db.internal/app\n")
    code, out, err = run(capsys, "check", "--write-baseline", "base.json", ".")
    assert code == 0, out + err
    assert out == "Recorded 4 findings in base.json (`--baseline base.json` reports only new ones).\n"
    assert SECRET not in (project / "base.json").read_text() + out + err
    assert run(capsys, "check", "--baseline", "base.json", ".")[0] == 0
    (project / "new.md").write_text("See [new](HTTP://New.example/).\n")
    assert run(capsys, "check", "--baseline", "base.json", ".")[0] == 1


def test_write_baseline_with_a_file_it_could_not_read_is_not_done(project: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--write-baseline", "base.json", "dirty.md", "missing.md")
    assert code == 1 and "missing.md: error" in err  # the baseline misses that file's findings
    assert (project / "base.json").exists()


# -- 5. help, --show-fixes, the suggested fix, --diff's count, colour ---------------------------
def test_help_describes_the_program(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "finds malformed, non-normalized and credential-bearing URIs" in out
    assert "the only module that touches sys" not in out  # not a module's internal docstring
    for command in ("check", "dump", "validate", "normalize", "resolve", "rules", "rule"):
        assert command in out
    assert "exit codes:" in out


def _all_actions() -> List[Tuple[str, str, object]]:
    parser = build_parser()
    out: List[Tuple[str, str, object]] = [("urilint", a.dest, a.help) for a in parser._actions]
    for action in parser._actions:
        for name, sub in (getattr(action, "choices", None) or {}).items():
            if hasattr(sub, "_actions"):
                out += [(name, a.dest, a.help) for a in sub._actions]
    return out


@pytest.mark.parametrize(("command", "dest", "text"), [P(*a, id=f"{a[0]}-{a[1]}") for a in _all_actions()])
def test_every_option_has_help(command: str, dest: str, text: object) -> None:
    assert isinstance(text, str) and len(text) > 10, (command, dest)


@pytest.mark.parametrize("command", ["check", "dump", "validate", "normalize", "resolve", "rules", "rule"])
def test_every_command_has_a_description(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and out.startswith("usage: urilint " + command)
    description = out.split("\n\n")[1]
    assert description[:1].isupper() and description.rstrip().endswith(".")


def test_full_output_shows_the_suggested_fix(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "u.md").write_text("See <https://x.example/%zz>.\n")
    code, out, _ = run(capsys, "check", "dirty.md", "u.md")
    assert "= help: replace with `https://example.com/a/b` (safe fix: --fix)" in out
    assert "= help: replace with `https://x.example/%25zz` (unsafe fix: --fix --unsafe-fixes)" in out
    # A finding without a fix gets no hint, and a fix is never offered through a secret.
    (project / "leak.md").write_text(f"See <HTTP://app:{SECRET}@db.example/>.\n")
    _, out, _ = run(capsys, "check", "leak.md")
    assert "replace with" not in out and SECRET not in out


def test_show_fixes_lists_what_was_and_would_be_fixed(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "two.md").write_text("[a](HTTP://A.example/x) [b](HTTP://B.example/y)\n")
    enumeration = ("- dirty.md:\n    1 \u00d7 URI201 (scheme-not-lowercase)\n    1 \u00d7 URI202 (host-not-lowercase)\n"
                   "    1 \u00d7 URI205 (dot-segments-in-path)\n"
                   "- two.md:\n    2 \u00d7 URI201 (scheme-not-lowercase)\n    2 \u00d7 URI202 (host-not-lowercase)\n")
    code, out, _ = run(capsys, "check", "--show-fixes", "--output-format", "concise", ".")
    assert code == 1 and out.endswith("Would fix 7 errors:\n" + enumeration)
    code, out, err = run(capsys, "check", "--show-fixes", "--diff", ".")
    assert code == 1 and "Would fix 7 errors:\n" + enumeration in err
    code, out, _ = run(capsys, "check", "--fix", "--show-fixes", ".")
    assert code == 0 and out.endswith("Fixed 7 errors:\n" + enumeration)
    code, out, _ = run(capsys, "check", "--fix", "--show-fixes", ".")
    assert code == 0 and out.endswith("All checks passed!\nNo errors were fixed.\n")
    # A machine format stays parseable: the enumeration goes to stderr.
    (project / "two.md").write_text("[a](HTTP://A.example/x)\n")
    code, out, err = run(capsys, "check", "--show-fixes", "--output-format", "json", ".")
    assert len(json.loads(out)) == 2 and err == "Would fix 2 errors:\n- two.md:\n    1 \u00d7 URI201 " \
        "(scheme-not-lowercase)\n    1 \u00d7 URI202 (host-not-lowercase)\n"


DIFF_ENDS = [
    P(["dirty.md"], "Would fix 3 errors.\n", id="safe"),
    P(["clean.md"], "No errors would be fixed.\n", id="nothing"),
    P(["u.md"], "No errors would be fixed (1 more fix with --unsafe-fixes).\n", id="only-unsafe"),
    P(["--unsafe-fixes", "u.md"], "Would fix 1 error.\n", id="unsafe-asked"),
    P(["dirty.md", "u.md"], "Would fix 3 errors (1 more fix with --unsafe-fixes).\n", id="both"),
]


@pytest.mark.parametrize(("argv", "ending"), DIFF_ENDS)
def test_diff_ends_with_how_many_fixes_it_applies(project: Path, capsys: pytest.CaptureFixture[str],
                                                  argv: List[str], ending: str) -> None:
    (project / "u.md").write_text("See <https://x.example/%zz>.\n")
    before = {p.name: p.read_bytes() for p in project.iterdir()}
    code, out, err = run(capsys, "check", "--diff", *argv)
    assert err.endswith(ending) and err.count("\n") == 1
    assert code == (1 if out else 0) and (out == "") == ending.startswith("No errors")
    assert {p.name: p.read_bytes() for p in project.iterdir()} == before


COLOR = [
    # (--color, environment, colour on stdout)
    P("auto", {}, False, id="auto-not-a-terminal"),
    P("auto", {"FORCE_COLOR": "1"}, True, id="auto-force-color"),
    P("auto", {"NO_COLOR": "1"}, False, id="auto-no-color"),
    P("auto", {"NO_COLOR": "1", "FORCE_COLOR": "1"}, False, id="no-color-wins-over-force-color"),
    P("auto", {"FORCE_COLOR": ""}, False, id="empty-force-color-is-unset"),
    P("always", {}, True, id="always"),
    P("always", {"NO_COLOR": "1"}, True, id="always-beats-no-color"),
    P("never", {"FORCE_COLOR": "1"}, False, id="never-beats-force-color"),
]


@pytest.mark.parametrize(("choice", "env", "colored"), COLOR)
def test_color(project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
               choice: str, env: Dict[str, str], colored: bool) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out, _ = run(capsys, "check", "--color", choice, "dirty.md")
    assert code == 1 and ("\x1b[" in out) == colored
    assert ANSI.sub("", out) == run(capsys, "check", "--color", "never", "dirty.md")[1]


def test_color_auto_never_goes_into_an_output_file(project: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    run(capsys, "check", "--output-file", "out.txt", "dirty.md")
    assert "\x1b" not in (project / "out.txt").read_text()


def test_color_on_a_terminal(project: Path) -> None:
    import pty

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    proc = subprocess.run([sys.executable, "-m", "urilint", "check", "dirty.md"], cwd=project, stdout=slave,
                          stderr=subprocess.PIPE, env=env, timeout=120)
    os.close(slave)
    shown = os.read(master, 65536)
    os.close(master)
    assert proc.returncode == 1 and b"\x1b[" in shown


# -- binary files: one notice for all of them ------------------------------------------------------
@pytest.mark.parametrize("command", ["check", "dump"])
def test_binary_files_are_one_notice_and_verbose_lists_them(project: Path, capsys: pytest.CaptureFixture[str],
                                                            command: str) -> None:
    for i in range(3):
        (project / f"img{i}.png").write_bytes(b"\x89PNG\x00\x00" + bytes(range(256)))
    (project / "bad.txt").write_bytes(b"ok \xff HTTP://X.example/\n")
    code, _, err = run(capsys, command, ".")
    lines = err.splitlines()
    assert lines.count("urilint: 3 binary files skipped (-v lists them)") == 1
    assert not any(line.startswith("img") for line in lines)
    if command == "check":  # not a binary: named
        assert any(line.startswith("bad.txt: warning: undecodable") for line in lines)
    code, _, err = run(capsys, command, "-v", ".")
    listed = [line for line in err.splitlines() if line.startswith("img")]
    assert [line.split(":")[0] for line in listed] == [f"img{i}.png" for i in range(3)]
    assert all(": warning: binary file (" in line and line.endswith("): skipped") for line in listed)
    assert "skipped (-v lists them)" not in err


BINARY_KINDS: Sequence[Tuple[FileError, bool]] = [
    (FileError("a.png", "binary file (*.png): skipped", fatal=False, kind=BINARY), True),
    (FileError("a.md", "undecodable bytes (first at byte 3); the rest was checked", fatal=False), False),
    (FileError("a.md", "cannot be read: Permission denied"), False),
    # The kind says it, not the words: a message that happens to start alike is not a skip.
    (FileError("a.md", "binary file (NUL byte in the first 8 KB): skipped", fatal=False), False),
]


@pytest.mark.parametrize(("error", "binary"), [P(e, b, id=f"case{i}") for i, (e, b) in enumerate(BINARY_KINDS)])
def test_is_skipped_binary(error: FileError, binary: bool) -> None:
    assert is_skipped_binary(error) is binary


# -- dump: hostile text is a result, never a crash -----------------------------------------------
LONE_SURROGATES = [
    P("s.py", 'URL = "http://\\ud800.example/"\n', "http://\ud800.example/", id="python-escape"),
    P("s.json", '{"u": "https://x.example/\\udfff"}\n', "https://x.example/\udfff", id="json-escape"),
    P("s2.py", 'URL = "http://google.com/\\ud800"\n', "http://google.com/\ud800", id="python-path"),
]
PLAIN = [
    P("p.py", 'URL = "http://\\u00e9.example/"\n', "http://\u00e9.example/", id="python-escape-of-a-letter"),
    P("p.json", '{"u": "https://x.example/\\u00e9"}\n', "https://x.example/\u00e9", id="json-escape-of-a-letter"),
    P("p.md", "See <https://x.example/\u00e9>\n", "https://x.example/\u00e9", id="markdown-non-ascii"),
]


@pytest.mark.parametrize(("name", "text", "uri"), LONE_SURROGATES + PLAIN)
def test_dump_writes_any_uri(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str,
                             uri: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "dump", "--output-format", "json", str(tmp_path / name))
    out.encode("utf-8")
    assert code == 0 and [r["uri"] for r in json.loads(out)] == [uri]
    code, out, _ = run(capsys, "dump", str(tmp_path / name))
    out.encode("utf-8")
    assert code == 0 and out.count("\n") == 1
    # Through a real stdout, which refuses what UTF-8 cannot encode.
    proc = subprocess.run([sys.executable, "-m", "urilint", "dump", "--output-format", "json", name],
                          cwd=tmp_path, capture_output=True)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr
    assert [r["uri"] for r in json.loads(proc.stdout)] == [uri]


def _sub_help(parser: argparse.ArgumentParser, command: str) -> str:
    for action in parser._actions:
        choices = getattr(action, "choices", None) or {}
        if command in choices:
            return str(choices[command].format_help())
    raise AssertionError(command)


@pytest.mark.parametrize("command", [c[0] for c in COMMANDS])
def test_a_parser_built_for_one_command_reads_it_as_the_whole_one(command: str) -> None:
    # main() builds only the command it is given (start-up); nothing a user sees may differ.
    whole, one = build_parser(), build_parser(only=command)
    assert _sub_help(one, command) == _sub_help(whole, command)
    words = {"validate": ["validate", "a:b"], "normalize": ["normalize", "a:b"], "resolve": ["resolve", "a:/", "b"],
             "rule": ["rule", "URI101"]}.get(command, [command])
    assert vars(one.parse_args(words)) == vars(whole.parse_args(words))


@pytest.mark.parametrize("words", [P(["chek"], id="typo-gets-the-whole-list"), P(["--help"], id="top-help"),
                                   P([], id="no-command")])
def test_a_first_word_that_is_not_a_command_gets_every_command(capsys: pytest.CaptureFixture[str],
                                                               words: List[str]) -> None:
    main(words)
    shown = capsys.readouterr()
    for command in ("check", "dump", "validate", "normalize", "resolve", "rules", "rule"):
        assert command in shown.out + shown.err
