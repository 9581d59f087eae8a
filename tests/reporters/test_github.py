"""GitHub Actions workflow commands: one line each, escaped as the runner unescapes them."""

from __future__ import annotations

import re
from typing import Dict, List, Tuple

import pytest

from urilint import reporters
from urilint.report import Report, RunResult
from urilint.reporters import github

from .sample import CLEAN, ERROR, NOTICE, ODD, REPORTS, RESULT, SCHEME, WRAPPED

COMMAND = re.compile(r"^::(error|warning|notice)(?: ([^:]*))?::(.*)$")


def unescape(text: str) -> str:
    """What the runner does to a value (the inverse of escape_property for these five)."""
    for escaped, raw in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(escaped, raw)
    return text


def parse(line: str) -> Tuple[str, Dict[str, str], str]:
    m = COMMAND.match(line)
    assert m, line
    props = {}
    for pair in (m.group(2) or "").split(","):
        key, _, value = pair.partition("=")
        props[key] = unescape(value)
    return m.group(1), props, unescape(m.group(3))


@pytest.mark.parametrize(("raw", "data", "prop"), [
    pytest.param("plain text", "plain text", "plain text", id="plain"),
    pytest.param("100%", "100%25", "100%25", id="percent"),
    pytest.param("%0A", "%250A", "%250A", id="percent-before-escape-text"),
    pytest.param("a\r\nb", "a%0D%0Ab", "a%0D%0Ab", id="crlf"),
    pytest.param("a:b,c", "a:b,c", "a%3Ab%2Cc", id="colon-comma"),
    pytest.param("x\x1b[0m", "x\\x1b[0m", "x\\x1b[0m", id="escape-sequence"),
    pytest.param("bad\udcff", "bad\\xff", "bad\\xff", id="undecodable-byte"),
])
def test_escaping(raw: str, data: str, prop: str) -> None:
    assert github.escape_data(raw) == data
    assert github.escape_property(raw) == prop


def test_one_annotation_per_finding_then_errors() -> None:
    lines = reporters.render("github", RESULT).splitlines()
    assert len(lines) == len(REPORTS) + 2
    assert lines[0] == ("::warning file=docs/guide.md,line=3,col=5,endLine=3,endColumn=9,"
                        "title=URI201 (scheme-not-lowercase)::scheme 'HTTP' should be lowercase: 'http'")
    assert lines[-2:] == ["::error file=bin/blob.dat,title=urilint::undecodable bytes at byte 12",
                          "::warning file=docs/latin.txt,title=urilint::decoded with replacement characters"]


@pytest.mark.parametrize("report", [
    *[pytest.param(r, id=f"{r.code}-{r.path}") for r in REPORTS],
    pytest.param(SCHEME._replace(path="we,ird:na%me\n.md", message="line1\nline2\r:: %0A,"), id="hostile"),
])
def test_round_trip(report: Report) -> None:
    (line,) = reporters.render("github", RunResult((report,), (), 1)).splitlines()
    level, props, message = parse(line)
    assert level == ("warning" if report.code.startswith("URI2") else "error")
    assert props == {"file": report.path, "line": str(report.row), "col": str(report.column),
                     "endLine": str(report.end_row), "endColumn": str(report.end_column),
                     "title": f"{report.code} ({report.name})"}
    assert message == report.message


def test_multi_line_span_and_percent_in_message() -> None:
    lines: List[str] = reporters.render("github", RunResult((WRAPPED, ODD), (), 1)).splitlines()
    assert "line=7,col=7,endLine=8,endColumn=4," in lines[0]
    assert lines[1].endswith("::query parameter 'sig' carries a secret: 100%25, really")
    assert "file=data/a%2Cb%3Ac.txt," in lines[1]


def test_nothing_to_say() -> None:
    assert reporters.render("github", CLEAN) == ""
    assert reporters.render("github", RunResult((), (NOTICE,), 1)).startswith("::warning ")
    assert reporters.render("github", RunResult((), (ERROR,), 1)).startswith("::error ")
