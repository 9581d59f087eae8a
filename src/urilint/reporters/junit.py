"""JUnit XML, for CI systems that show test reports: one test suite per file, one failing test
case per finding (``type`` is the rule code), and an ``error`` case for a file that could not be
checked.  A clean run is one passing case, so the report is never empty.

The tree is built with xml.etree, which escapes markup; what it does not guard against are the
characters XML 1.0 cannot hold at all (section 2.2: most C0 controls, lone surrogates, U+FFFE,
U+FFFF), which a checked file can contain: those are written as backslash escapes.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Dict, List

from ..finding import FileError
from ..report import Report, RunResult
from . import common, full

_NOT_XML = re.compile(r"[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def text(value: str) -> str:
    """``value`` with every character XML 1.0 cannot hold written as a backslash escape."""
    return _NOT_XML.sub(lambda m: "\\x%02x" % ord(m.group()) if ord(m.group()) < 0x100
                        else "\\u%04x" % ord(m.group()), common.printable(value, keep="\t\n"))


def _case(suite: ET.Element, name: str, classname: str, **attrs: str) -> ET.Element:
    case = ET.SubElement(suite, "testcase", {"name": text(name), "classname": text(classname)})
    for key, value in attrs.items():
        case.set(key, text(value))
    return case


def _finding(suite: ET.Element, report: Report) -> None:
    case = _case(suite, f"{report.code} {report.name} at {report.row}:{report.column}", report.path,
                 file=report.path, line=str(report.row))
    failure = ET.SubElement(case, "failure", {"message": text(report.message), "type": report.code})
    # A window of a long line, as the full format shows it: the whole of a 1 MB minified line
    # once per finding would make the report grow with findings x line length.
    line = full.window(report.line, *full.caret_span(report, report.line))[0]
    failure.text = text(f"{report.path}:{report.row}:{report.column}: {report.code} {report.message}\n"
                        f"{line}\n{report.url}")


def _error(suite: ET.Element, error: FileError) -> None:
    case = _case(suite, "read", error.path, file=error.path)
    kind = "error" if error.fatal else "system-err"
    node = ET.SubElement(case, kind, {"message": text(error.message)} if error.fatal else {})
    if error.fatal:
        node.set("type", "FileError")
    node.text = text(f"{error.path}: {error.message}")


def render(result: RunResult, *, color: bool = False) -> str:
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
            "name": text(path), "tests": str(len(reports) + len(errs)), "failures": str(len(reports)),
            "errors": str(sum(1 for e in errs if e.fatal)), "skipped": "0"})
        for report in reports:
            _finding(suite, report)
        for error in errs:
            _error(suite, error)
    if not by_file and not errors:
        root.set("tests", "1")
        suite = ET.SubElement(root, "testsuite", {"name": "urilint", "tests": "1", "failures": "0",
                                                  "errors": "0", "skipped": "0"})
        _case(suite, f"no findings in {common.plural(result.files_checked, 'file')}", "urilint")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
