"""Reports written a file at a time (issue 16): byte for byte what the whole-run renderers wrote.

The oracles below are the renderers the streaming writers replaced (a whole result in, a whole
text out); each format's writer must agree with its oracle on hand-built runs, including runs
whose files have only errors, errors of a path with findings, and nothing at all."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pytest

from urilint import reporters
from urilint.cli import main
from urilint.finding import FileError
from urilint.report import Report, RunResult
from urilint.reporters import common, dump, full, github, json_report, json_text, junit, sarif
from urilint.reporters.stream import Spool

from .sample import CLEAN, ERROR, NOTICE, REPORTS, RESULT, SCHEME, WIDE


# -- the oracles: the whole-run renderers as they were ------------------------------------------
def old_full(result: RunResult) -> str:
    out: List[str] = []
    for report in result.reports:
        out.extend(full.finding(report, False))
        out.append("")
    out.append(common.summary(result))
    return "\n".join(out) + "\n"


def old_concise(result: RunResult) -> str:
    return "\n".join([full.header(r, False) for r in result.reports] + [common.summary(result)]) + "\n"


def old_json(result: RunResult) -> str:
    return json_text.dumps([json_report.finding(r) for r in result.reports])


def old_sarif(result: RunResult) -> str:
    return json_text.dumps(sarif.log(result))


def old_github(result: RunResult) -> str:
    lines = [github.annotation(r) for r in result.reports] + [github.error_annotation(e) for e in result.errors]
    return "".join(line + "\n" for line in lines)


def old_junit(result: RunResult) -> str:
    by_file: Dict[str, List[Report]] = {}
    for report in result.reports:
        by_file.setdefault(report.path, []).append(report)
    errors: Dict[str, List[FileError]] = {}
    for error in result.errors:
        errors.setdefault(error.path, []).append(error)
    fatal = sum(1 for e in result.errors if e.fatal)
    root = ET.Element("testsuites", {"name": "urilint", "tests": str(len(result.reports) + len(result.errors)),
                                     "failures": str(len(result.reports)), "errors": str(fatal)})
    for path in dict.fromkeys([r.path for r in result.reports] + [e.path for e in result.errors]):
        reports, errs = by_file.get(path, []), errors.get(path, [])
        suite = ET.SubElement(root, "testsuite", {
            "name": junit.text(path), "tests": str(len(reports) + len(errs)), "failures": str(len(reports)),
            "errors": str(sum(1 for e in errs if e.fatal)), "skipped": "0"})
        for report in reports:
            junit._finding(suite, report)
        for error in errs:
            junit._error(suite, error)
    if not by_file and not errors:
        root.set("tests", "1")
        suite = ET.SubElement(root, "testsuite", {"name": "urilint", "tests": "1", "failures": "0",
                                                  "errors": "0", "skipped": "0"})
        junit._case(suite, f"no findings in {common.plural(result.files_checked, 'file')}", "urilint")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


ORACLES: Dict[str, Callable[[RunResult], str]] = {
    "full": old_full, "concise": old_concise, "json": old_json, "sarif": old_sarif, "github": old_github,
    "junit": old_junit}

HOSTILE = SCHEME._replace(path="a\udcffb\x1b[31m.md", message="bad \u202e\x00 message", line="x\r\ty\u2028z")
RUNS = [
    pytest.param(RESULT, id="findings-and-errors"),
    pytest.param(CLEAN, id="clean"),
    pytest.param(RunResult((), (), 0), id="nothing-checked"),
    pytest.param(RunResult((), (ERROR, NOTICE), 2), id="errors-only"),
    pytest.param(RunResult(REPORTS, (), 4), id="findings-only"),
    pytest.param(RunResult((SCHEME,), (FileError(SCHEME.path, "walk error"), NOTICE,
                                       NOTICE._replace(path=SCHEME.path)), 2, fixed=3), id="errors-of-a-path-with-findings"),
    pytest.param(RunResult((WIDE, SCHEME, WIDE), (NOTICE, NOTICE), 2), id="interleaved-paths-and-repeated-errors"),
    pytest.param(RunResult((HOSTILE, SCHEME), (FileError("b\udcfe\n.md", "x\r\ny"),), 2), id="hostile-text"),
]


@pytest.mark.parametrize("result", RUNS)
@pytest.mark.parametrize("fmt", sorted(ORACLES))
def test_streamed_report_is_the_whole_run_report(fmt: str, result: RunResult) -> None:
    assert reporters.render(fmt, result) == ORACLES[fmt](result)


@pytest.mark.parametrize("result", RUNS)
@pytest.mark.parametrize("fmt", sorted(ORACLES))
def test_the_cli_order_of_calls_writes_the_same(fmt: str, result: RunResult) -> None:
    """The CLI calls error() for what the walk could not read (first), then file() per checked
    file with that file's errors; a file's errors that came before its findings in the run's
    list are passed with them (JUnit groups them)."""
    import io

    out = io.StringIO()
    writer = reporters.writer(fmt, out)
    paths = list(dict.fromkeys([r.path for r in result.reports]))
    walked = [e for e in result.errors if e.path not in paths]
    for e in walked:
        writer.error(e)
    for path in paths:
        reports = [r for r in result.reports if r.path == path]
        errors = [e for e in result.errors if e.path == path]
        writer.file(common.chunk(path, reports, reporters.file_text(fmt)), errors)
    writer.close(common.totals(result))
    reordered = RunResult(tuple(r for p in paths for r in result.reports if r.path == p),
                          tuple(walked) + tuple(e for p in paths for e in result.errors if e.path == p),
                          result.files_checked, result.fixed)
    assert out.getvalue() == ORACLES[fmt](reordered)


# -- the JSON pieces -------------------------------------------------------------------------------
VALUES = [
    pytest.param({}, id="empty-object"),
    pytest.param([], id="empty-array"),
    pytest.param({"b": 1, "a": [1, 2, {"z": None, "y": True, "x": False}], "c": {}}, id="nested"),
    pytest.param({"text": "é 漢 \u2028 \x00 \x1f \" \\ / \t\n\r"}, id="escapes-and-non-ascii"),
    pytest.param({"n": -12, "big": 10 ** 30, "f": 7.5, "g": 0.1, "h": 1e300}, id="numbers"),
    pytest.param([[[]], [{}], [[1]]], id="nested-empties"),
    pytest.param("just a string", id="scalar-string"),
    pytest.param({"\ud800key": "\udcff"}, id="lone-surrogates"),
]


@pytest.mark.parametrize("value", VALUES)
def test_pretty_is_json_dumps_with_indent(value: Any) -> None:
    expected = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)
    assert json_text.pretty(value) == expected
    # As items of an array, at any depth: the lines an enclosing dumps() would write.
    wrapped = json_text.dumps({"a": [value, value]})
    assert wrapped == '{\n  "a": [\n' + json_text.pretty_rows([value, value], 2) + "\n  ]\n}\n"


ROWS = [
    pytest.param(("docs/a.md", "https://example.com/", "markdown-link", False, 1, 0, 1, 20), id="plain"),
    pytest.param(("d\u00e9j\u00e0/\u6f22.md", "https://u:****@h/\u00e9", "bare", True, 10, 5, 12, 0), id="non-ascii"),
    pytest.param(("a\"b\\c\n.md", "x\x00y\x1b\u202e", "html-attr", False, 2, 3, 4, 5), id="escapes"),
    pytest.param(("a\udcff.md", "http://h/\ud800", "bare", False, 1, 1, 1, 2), id="lone-surrogates"),
]


@pytest.mark.parametrize("row", ROWS)
def test_dump_rows_are_json_dumps_of_the_row(row: dump.Row) -> None:
    filename, uri, context, in_code, line, column, end_line, end_column = row
    as_dict = {"filename": filename, "uri": uri, "context": context, "in_code": in_code,
               "location": {"row": line, "column": column}, "end_location": {"row": end_line, "column": end_column}}
    assert "[\n" + dump.file_text("json", [row, row]) + "\n]\n" == json_text.dumps([as_dict, as_dict])


@pytest.mark.parametrize("row", ROWS)
def test_dump_text_lines_are_one_printable_line(row: dump.Row) -> None:
    line = dump.file_text("text", [row])
    assert line.endswith("\n") and line.count("\n") == 1
    assert common.printable(line[:-1]) == line[:-1]


# -- the spool ------------------------------------------------------------------------------------
@pytest.mark.parametrize("memory", [pytest.param(1 << 20, id="in-memory"), pytest.param(8, id="on-disk")])
def test_spool_gives_back_every_character(memory: int) -> None:
    import io

    pieces = ["a\r\n", "b\rc\n", "é漢\u2028", "\ud800 lone", "x" * 50]
    spool = Spool(memory)
    assert not spool
    for piece in pieces:
        spool.write(piece)
    assert spool
    out = io.StringIO(newline="")
    spool.copy_to(out)
    assert out.getvalue() == "".join(pieces)


# -- the command line: -j 2 writes what -j 1 writes ---------------------------------------------
SECRET = "hunter2secret"


@pytest.fixture
def many(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Enough files for worker processes (16 or more), with findings, a secret, a binary file,
    undecodable bytes and clean files, so every kind of outcome crosses from a worker."""
    monkeypatch.chdir(tmp_path)
    for name in ("NO_COLOR", "FORCE_COLOR", "CI"):
        monkeypatch.delenv(name, raising=False)
    for i in range(24):
        (tmp_path / f"page{i:02d}.md").write_text(
            f"# Page {i}\n\nSee [a](HTTP://Example.COM:80/{i}/./x) and <https://example.com/ok/{i}>.\n"
            f"Login: https://admin:{SECRET}@db.acme-corp.net/{i}\n", encoding="utf-8")
    (tmp_path / "clean.md").write_text("Nothing here.\n", encoding="utf-8")
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00" * 20)
    (tmp_path / "latin.txt").write_bytes(b"caf\xe9 http://EXAMPLE.com/\n")
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


COMMANDS = [pytest.param(("check", "--output-format", fmt, "--select", "ALL"), id=f"check-{fmt}")
            for fmt in reporters.FORMATS] + [
    pytest.param(("check", "--statistics", "--select", "ALL"), id="check-statistics"),
    pytest.param(("check", "--show-fixes", "--unsafe-fixes", "--output-format", "concise"), id="check-show-fixes"),
    pytest.param(("check", "--diff", "--select", "ALL"), id="check-diff"),
    pytest.param(("check", "--diff", "--show-fixes", "--select", "ALL"), id="check-diff-show-fixes"),
    pytest.param(("dump",), id="dump-text"),
    pytest.param(("dump", "--output-format", "json"), id="dump-json"),
]


@pytest.mark.parametrize("argv", COMMANDS)
def test_workers_write_what_one_process_writes(many: Path, capsys: pytest.CaptureFixture[str],
                                               argv: Tuple[str, ...]) -> None:
    one = run(capsys, *argv, "--isolated", "-v", "-j", "1", ".")
    two = run(capsys, *argv, "--isolated", "-v", "-j", "2", ".")
    assert one == two
    assert one[1] and SECRET not in one[1] + one[2]


def test_baseline_reports_only_new_findings_across_workers(many: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", "--isolated", "-j", "2", "--write-baseline", "base.json", ".")[0] == 0
    base = json.loads((many / "base.json").read_text(encoding="utf-8"))
    assert SECRET not in json.dumps(base) and len(base["findings"]) == 24
    code, out, _ = run(capsys, "check", "--isolated", "-j", "2", "--baseline", "base.json", ".")
    assert code == 0 and out == "All checks passed!\n"
    (many / "page03.md").write_text(f"New: https://root:{SECRET}@db.acme-corp.net/\n", encoding="utf-8")
    (many / "page04.md").unlink()
    code, out, _ = run(capsys, "check", "--isolated", "-j", "2", "--baseline", "base.json",
                       "--output-format", "concise", ".")
    assert code == 1 and [line.split(":")[0] for line in out.splitlines()[:-1]] == ["page03.md"]


def test_output_file_holds_the_report_whole(many: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The report is written at the end: a previous report inside the checked tree is read as
    it was, never half rewritten."""
    code, out, _ = run(capsys, "check", "--isolated", "-j", "2", "--output-format", "json", "--exit-zero", ".")
    (many / "report.json").write_text(out, encoding="utf-8")
    expected = run(capsys, "check", "--isolated", "-j", "2", "--output-format", "json", "--exit-zero", ".")[1]
    assert run(capsys, "check", "--isolated", "-j", "2", "--output-format", "json", "--exit-zero",
               "--output-file", "report.json", ".")[1] == ""
    assert (many / "report.json").read_text(encoding="utf-8") == expected
