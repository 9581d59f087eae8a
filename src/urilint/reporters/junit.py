"""JUnit XML, for CI systems that show test reports: one test suite per file, one failing test
case per finding (``type`` is the rule code), and an ``error`` case for a file that could not be
checked.  A clean run is one passing case, so the report is never empty.

The tree is built with xml.etree, which escapes markup; what it does not guard against are the
characters XML 1.0 cannot hold at all (section 2.2: most C0 controls, lone surrogates, U+FFFE,
U+FFFF), which a checked file can contain: those are written as backslash escapes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Callable, Dict, List, Sequence, TextIO, Tuple, TypeVar

from ..finding import FileError
from ..report import Report, RunResult
from ..rfc3986 import lazy
from . import common, full
from .stream import Chunk, Spool, Totals, Writer

_Item = TypeVar("_Item")

# XML 1.0's Char is #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]; what it
# leaves out, spelled positively (the negated class takes 8 ms to compile, this one 0.4 ms).
_NOT_XML = lazy.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


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


# The report is written a piece at a time, each piece indented as ET.indent indents the whole
# tree: <testsuites> at level 0, a <testsuite> at 1, a <testcase> at 2 (its child at 3).
_SUITE_GAP = "\n  "
_CASE_GAP = "\n    "
HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'


def _piece(element: ET.Element, level: int) -> str:
    ET.indent(element, level=level)
    return ET.tostring(element, encoding="unicode")


def _tags(tag: str, attrs: Dict[str, str]) -> Tuple[str, str]:
    """The opening and closing tags of an element with children, as ET writes them."""
    element = ET.Element(tag, attrs)
    element.text = "\x00"  # text() never lets a NUL into an attribute
    opening, closing = ET.tostring(element, encoding="unicode").split("\x00")
    return opening, closing


def file_text(reports: Sequence[Report], color: bool = False) -> str:
    """One file's failing test cases, each indented as inside its suite, between them the gap."""
    return _cases(reports, _finding)


def _error_cases(errors: Sequence[FileError]) -> str:
    return _cases(errors, _error)


def _cases(items: Sequence[_Item], add: Callable[[ET.Element, _Item], None]) -> str:
    """Each item's test case as ``add`` builds it inside a suite, indented as there, joined."""
    cases = []
    for item in items:
        holder = ET.Element("testsuite")
        add(holder, item)
        cases.append(_piece(holder[0], 2))
    return _CASE_GAP.join(cases)


def _suite(path: str, reports: int, cases: str, errors: Sequence[FileError]) -> str:
    opening, closing = _tags("testsuite", {
        "name": text(path), "tests": str(reports + len(errors)), "failures": str(reports),
        "errors": str(sum(1 for e in errors if e.fatal)), "skipped": "0"})
    body = _CASE_GAP.join(part for part in (cases, _error_cases(errors)) if part)
    return opening + _CASE_GAP + body + _SUITE_GAP + closing


class JunitWriter(Writer):
    """The root's totals come first in the document, so the suites wait in spools: first the
    files with findings (with their errors), then the files that have only errors."""

    def __init__(self, out: TextIO, color: bool = False) -> None:
        super().__init__(out, color)
        self.suites = self.spool()
        self.error_suites = self.spool()
        #: errors of files that were not checked (the walk's): few, and a checked file of the
        #: same path takes them into its suite
        self.pending: Dict[str, List[FileError]] = {}
        self.failures = 0
        self.errors = 0
        self.fatal = 0

    def _count(self, errors: Sequence[FileError]) -> None:
        self.errors += len(errors)
        self.fatal += sum(1 for e in errors if e.fatal)

    def error(self, error: FileError) -> None:
        self._count([error])
        self.pending.setdefault(error.path, []).append(error)

    def file(self, chunk: Chunk, errors: Sequence[FileError] = ()) -> None:
        self._count(errors)
        reports = chunk.reports
        if reports:
            self.failures += reports
            errors = self.pending.pop(chunk.path, []) + list(errors)
            self._add(self.suites, _suite(chunk.path, reports, chunk.text, errors))
        elif errors and chunk.path in self.pending:
            self.pending[chunk.path].extend(errors)
        elif errors:
            self._add(self.error_suites, _suite(chunk.path, 0, "", errors))

    @staticmethod
    def _add(spool: Spool, suite: str) -> None:
        if spool:
            spool.write(_SUITE_GAP)
        spool.write(suite)

    def close(self, totals: Totals) -> None:
        if not self.failures and not self.errors:
            self.out.write(_clean(totals.files_checked))
            return
        for path, errors in self.pending.items():
            self._add(self.suites, _suite(path, 0, "", errors))
        opening, closing = _tags("testsuites", {
            "name": "urilint", "tests": str(self.failures + self.errors), "failures": str(self.failures),
            "errors": str(self.fatal)})
        self.out.write(HEAD + opening + _SUITE_GAP)
        gap = bool(self.suites)
        self.suites.copy_to(self.out)
        if self.error_suites:
            self.out.write(_SUITE_GAP if gap else "")
            self.error_suites.copy_to(self.out)
        self.out.write("\n" + closing + "\n")


def _clean(files_checked: int) -> str:
    """A clean run: one passing case, so the report is never empty."""
    root = ET.Element("testsuites", {"name": "urilint", "tests": "1", "failures": "0", "errors": "0"})
    suite = ET.SubElement(root, "testsuite", {"name": "urilint", "tests": "1", "failures": "0",
                                              "errors": "0", "skipped": "0"})
    _case(suite, f"no findings in {common.plural(files_checked, 'file')}", "urilint")
    ET.indent(root)
    return HEAD + ET.tostring(root, encoding="unicode") + "\n"


def render(result: RunResult, *, color: bool = False) -> str:
    return common.render_result(JunitWriter, file_text, result, color=color, by_file=True)
