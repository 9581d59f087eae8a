"""The text formats: full (source line and caret), concise, the summary, errors, statistics."""

from __future__ import annotations

import re
from typing import List

import pytest

from urilint import reporters
from urilint.finding import FileError
from urilint.report import PlacedEdit, Report, RunResult
from urilint.reporters import common, full

from .sample import CLEAN, ERROR, NOTICE, ODD, REPORTS, RESULT, SCHEME, TAB, WIDE, WRAPPED

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.mark.parametrize(("report", "expected"), [
    pytest.param(SCHEME, [
        "docs/guide.md:3:5: URI201 [*] scheme 'HTTP' should be lowercase: 'http'",
        "  |",
        "3 | see HTTP://example.com/ here",
        "  |     ^^^^",
        "  = help: replace with `http://example.com/` (safe fix: --fix)",
    ], id="safe-fix"),
    pytest.param(WRAPPED, [
        "docs/guide.md:7:7: URI101 a space cannot appear in a URI",
        "  |",
        "7 | link <https://example.com/a b",
        "  |       " + "^" * len("https://example.com/a b"),
    ], id="span-runs-onto-next-line-stops-at-line-end"),
    pytest.param(WIDE, [
        "src/ünï.py:12:18: URI202 [*] the host should be lowercase",
        "   |",
        "12 | s = '漢字é https://EXAMPLE.com/'",
        # "漢" and "字" take two terminal columns each, "é" one
        "   | " + " " * (5 + 2 + 2 + 1 + 1 + 8) + "^" * 11,
        "   = help: replace with `https://example.com/` (safe fix: --fix)",
    ], id="wide-and-non-ascii-before-span"),
    pytest.param(TAB, [
        "src/ünï.py:20:28: URI102 '%zz' is not a percent-encoding",
        "   |",
        "20 | \tfetch('http://example.com/%zz')",
        "   | \t" + " " * len("fetch('http://example.com/") + "^^^",
        "   = help: replace with `http://example.com/%25zz` (unsafe fix: --fix --unsafe-fixes)",
    ], id="tab-copied-into-caret-line"),
    pytest.param(SCHEME._replace(column=40, end_column=44), [
        "docs/guide.md:3:40: URI201 [*] scheme 'HTTP' should be lowercase: 'http'",
        "  |",
        "3 | see HTTP://example.com/ here",
        "  | " + " " * len(SCHEME.line) + "^",
        "  = help: replace with `http://example.com/` (safe fix: --fix)",
    ], id="span-past-line-end-clamped"),
    pytest.param(SCHEME._replace(line="a\x1b[2Jb\u202eHTTP://x", column=7, end_column=11), [
        "docs/guide.md:3:7: URI201 [*] scheme 'HTTP' should be lowercase: 'http'",
        "  |",
        "3 | a\u241b[2Jb\ufffdHTTP://x",
        "  |       ^^^^",
        "  = help: replace with `http://example.com/` (safe fix: --fix)",
    ], id="controls-and-bidi-shown-as-one-column-each"),
])
def test_full_finding(report: Report, expected: List[str]) -> None:
    assert full.finding(report, color=False) == expected


def test_full_renders_every_report_then_the_summary() -> None:
    out = reporters.render("full", RESULT)
    headers = [line for line in out.splitlines() if re.match(r"^\S+:\d+:\d+: URI\d{3} ", line)]
    assert headers == [full.header(r, False) for r in REPORTS]
    assert out.endswith("Found 5 errors.\n[*] 2 fixable with --fix.\n1 unsafe fix available with --unsafe-fixes.\n"
                        "1 file could not be checked or fixed.\n")
    assert "blob.dat" not in out  # errors go to stderr through render_errors


@pytest.mark.parametrize(("result", "expected"), [
    pytest.param(CLEAN, "All checks passed!", id="clean"),
    pytest.param(RunResult((WRAPPED,), (), 1), "Found 1 error.", id="one"),
    pytest.param(RunResult((WRAPPED, ODD), (), 1), "Found 2 errors.", id="two-none-fixable"),
    pytest.param(RunResult((SCHEME, WRAPPED), (), 1), "Found 2 errors.\n[*] 1 fixable with --fix.", id="fixable"),
    pytest.param(RunResult((TAB, TAB), (), 1), "Found 2 errors.\n2 unsafe fixes available with --unsafe-fixes.",
                 id="unsafe-only"),
    pytest.param(RunResult((), (), 1, fixed=3), "Found 3 errors (3 fixed, 0 remaining).", id="all-fixed"),
    pytest.param(RunResult((WRAPPED,), (), 1, fixed=1), "Found 2 errors (1 fixed, 1 remaining).", id="some-fixed"),
    # "All checks passed!" only when every file was checked (issue 15).
    pytest.param(RunResult((), (ERROR,), 1), "No findings, but 1 file could not be checked or fixed.",
                 id="errors-are-not-a-pass"),
    pytest.param(RunResult((), (ERROR, ERROR), 2), "No findings, but 2 files could not be checked or fixed.",
                 id="errors-counted"),
    pytest.param(RunResult((), (NOTICE,), 1), "All checks passed!", id="notices-are-a-pass"),
    pytest.param(RunResult((), (), 0), "No files were checked.", id="nothing-checked"),
    pytest.param(RunResult((WRAPPED,), (ERROR,), 1), "Found 1 error.\n1 file could not be checked or fixed.",
                 id="findings-and-errors"),
    pytest.param(RunResult((), (ERROR,), 1, fixed=2),
                 "Found 2 errors (2 fixed, 0 remaining).\n1 file could not be checked or fixed.", id="fixed-and-errors"),
])
def test_summary(result: RunResult, expected: str) -> None:
    assert common.summary(result) == expected
    assert reporters.render("full", result).endswith(expected + "\n")
    assert reporters.render("concise", result).endswith(expected + "\n")


def test_concise_is_one_line_per_finding() -> None:
    lines = reporters.render("concise", RESULT).splitlines()
    assert lines[:len(REPORTS)] == [
        "docs/guide.md:3:5: URI201 [*] scheme 'HTTP' should be lowercase: 'http'",
        "docs/guide.md:7:7: URI101 a space cannot appear in a URI",
        "src/ünï.py:12:18: URI202 [*] the host should be lowercase",
        "src/ünï.py:20:28: URI102 '%zz' is not a percent-encoding",  # unsafe: no [*]
        "data/a,b:c.txt:1:1: URI304 query parameter 'sig' carries a secret: 100%, really",
    ]


@pytest.mark.parametrize("fmt", ["full", "concise"])
def test_color_only_when_asked(fmt: str) -> None:
    plain = reporters.render(fmt, RESULT)
    colored = reporters.render(fmt, RESULT, color=True)
    assert "\x1b" not in plain
    assert "\x1b[" in colored
    assert ANSI.sub("", colored) == plain


@pytest.mark.parametrize(("path", "shown"), [
    pytest.param("a\nb.md", "a\\x0ab.md", id="newline"),
    pytest.param("a\x1b[31mb.md", "a\\x1b[31mb.md", id="escape-sequence"),
    pytest.param("bad\udcff.md", "bad\\xff.md", id="undecodable-byte"),
    pytest.param("x\u202egpj.md", "x\\u202egpj.md", id="bidi-override"),
])
def test_hostile_paths_stay_on_one_line(path: str, shown: str) -> None:
    result = RunResult((SCHEME._replace(path=path),), (FileError(path, "cannot read"),), 1)
    for out in (reporters.render("full", result), reporters.render("concise", result),
                reporters.render_errors(result)):
        out.encode("utf-8")  # always writable
        assert shown in out
        assert path not in out
    assert reporters.render("concise", result).splitlines()[0].startswith(shown + ":3:5: ")


def test_render_errors() -> None:
    assert reporters.render_errors(RESULT) == (
        "bin/blob.dat: error: undecodable bytes at byte 12\n"
        "docs/latin.txt: warning: decoded with replacement characters\n")
    assert reporters.render_errors(CLEAN) == ""
    colored = reporters.render_errors(RESULT, color=True)
    assert "\x1b[" in colored and ANSI.sub("", colored) == reporters.render_errors(RESULT)


@pytest.mark.parametrize(("result", "expected"), [
    pytest.param(CLEAN, "", id="clean"),
    pytest.param(RESULT, "1\tURI101\t[ ] invalid-character\n"
                         "1\tURI102\t[ ] invalid-percent-encoding\n"
                         "1\tURI201\t[*] scheme-not-lowercase\n"
                         "1\tURI202\t[*] host-not-lowercase\n"
                         "1\tURI304\t[ ] secret-in-query\n", id="sample"),
    pytest.param(RunResult((SCHEME,) * 12 + (SCHEME._replace(edits=()), WRAPPED), (), 1),
                 "13\tURI201\t[-] scheme-not-lowercase\n"
                 " 1\tURI101\t[ ] invalid-character\n", id="most-first-partly-fixable-aligned"),
])
def test_statistics(result: RunResult, expected: str) -> None:
    assert reporters.render_statistics(result) == expected


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown output format 'xml'"):
        reporters.render("xml", RESULT)


@pytest.mark.parametrize("fmt", reporters.FORMATS)
def test_every_format_renders_clean_and_dirty_runs(fmt: str) -> None:
    for result in (CLEAN, RESULT, RunResult((), (ERROR, NOTICE), 2)):
        out = reporters.render(fmt, result)
        assert isinstance(out, str)
        assert out == "" or out.endswith("\n")
        out.encode("utf-8")


def test_a_fix_that_would_show_a_secret_is_never_offered() -> None:
    secret = "hunter2hunter2x9"
    leaky = SCHEME._replace(edits=(PlacedEdit(f"postgres://admin:{secret}@db/x", 3, 5, 3, 24),))
    assert common.edits(leaky) == ()
    assert not common.is_fixable(leaky)
    assert common.edits(SCHEME) == SCHEME.edits and common.is_fixable(SCHEME)
    assert common.is_unsafe_fixable(TAB) and not common.is_unsafe_fixable(SCHEME)
    result = RunResult((leaky,), (), 1)
    for fmt in reporters.FORMATS:
        assert secret not in reporters.render(fmt, result), fmt
    assert "[*]" not in reporters.render("concise", result)
