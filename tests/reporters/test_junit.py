"""JUnit XML: well-formed whatever the file held, one suite per file, one case per finding."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from urilint import reporters
from urilint.finding import FileError
from urilint.report import Report, RunResult

from .sample import CLEAN, REPORTS, RESULT, SCHEME


def parse(result: RunResult) -> ET.Element:
    out = reporters.render("junit", result)
    assert out.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    return ET.fromstring(out.encode("utf-8"))


def test_suites_per_file_and_counts() -> None:
    root = parse(RESULT)
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("7", "5", "1")
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == [
        "docs/guide.md", "src/ünï.py", "data/a,b:c.txt", "bin/blob.dat", "docs/latin.txt"]
    assert [(s.get("tests"), s.get("failures"), s.get("errors")) for s in suites] == [
        ("2", "2", "0"), ("2", "2", "0"), ("1", "1", "0"), ("1", "0", "1"), ("1", "0", "0")]
    failures = [case.find("failure") for case in root.iter("testcase")][:len(REPORTS)]
    assert [(f.get("type"), f.get("message")) for f in failures if f is not None] == [
        (r.code, r.message) for r in REPORTS]
    error = suites[3].find("testcase/error")
    assert error is not None and error.get("message") == "undecodable bytes at byte 12"
    notice = suites[4].find("testcase")
    assert notice is not None and notice.find("error") is None and notice.find("failure") is None


def test_clean_run_is_one_passing_case() -> None:
    root = parse(CLEAN)
    cases = list(root.iter("testcase"))
    assert len(cases) == 1 and not list(cases[0])
    assert root.get("failures") == "0" and "3 files" in (cases[0].get("name") or "")


@pytest.mark.parametrize(("report", "shown"), [
    pytest.param(SCHEME._replace(message='a <b> & "c" \'d\''), 'a <b> & "c" \'d\'', id="markup"),
    pytest.param(SCHEME._replace(message="]]> <!-- -->"), "]]> <!-- -->", id="cdata-end-and-comment"),
    pytest.param(SCHEME._replace(message="nul\x00 bell\x07 esc\x1b"), "nul\\x00 bell\\x07 esc\\x1b",
                 id="controls-xml-cannot-hold"),
    pytest.param(SCHEME._replace(message="lone \udcff and \ufffe"), "lone \\xff and \\ufffe", id="non-characters"),
    pytest.param(SCHEME._replace(message="ü 漢 \U0001f600"), "ü 漢 \U0001f600", id="non-ascii"),
])
def test_escaping(report: Report, shown: str) -> None:
    root = parse(RunResult((report,), (), 1))
    failure = root.find("testsuite/testcase/failure")
    assert failure is not None and failure.get("message") == shown
    assert failure.text is not None and shown in failure.text


@pytest.mark.parametrize("path", [
    pytest.param('we"ird<&>.md', id="markup"),
    pytest.param("new\nline.md", id="newline"),
    pytest.param("bad\udcff.md", id="undecodable-byte"),
])
def test_hostile_paths(path: str) -> None:
    root = parse(RunResult((SCHEME._replace(path=path),), (FileError(path, "cannot read"),), 1))
    (suite,) = root.findall("testsuite")
    assert len(suite.findall("testcase")) == 2
    if "\udcff" not in path:
        assert suite.get("name") == path


def test_junit_drops_exactly_what_xml_1_0_excludes() -> None:
    """junit's positive class equals the complement of XML 1.0's Char production over all of
    Unicode (it replaced a negated class that was slow to compile)."""
    import re

    from urilint.reporters import junit

    char = re.compile(r"[\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
    everything = "".join(map(chr, range(0x110000)))
    assert junit._NOT_XML.sub("", everything) == "".join(char.findall(everything))
