"""SARIF 2.1.0 (OASIS), in the subset GitHub code scanning reads.

One run; ``tool.driver.rules`` lists every rule of the registry (so ``ruleIndex`` is stable
across runs and selections); each result points at its file relative to ``%SRCROOT%`` with a
1-based region.  Columns count code points, which the run declares (``columnKind``; the SARIF
default would be UTF-16 code units, section 3.14.17).  Files that could not be checked are tool
execution notifications of the run's invocation.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any, Dict, List, Mapping, Optional, Sequence, TextIO
from urllib.parse import quote

from .. import __version__
from ..finding import FileError
from ..report import DOCS_URL, PlacedEdit, Report, RunResult
from ..rfc3986 import lazy
from ..rules import RULES, Rule
from ..rules.base import CREDENTIALS, LINKS, MALFORMED, NORMALIZATION
from . import common, json_text
from .stream import Chunk, Totals, Writer

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://github.com/urilint/urilint"
SRCROOT = "%SRCROOT%"
#: GitHub cuts rule descriptions at this many characters.
MAX_DESCRIPTION = 1024


# Characters kept as they are in a path turned into a URI reference: RFC 3986 pchar without ":"
# (a ":" in a first segment would read as a scheme, section 4.2) plus "/".
_PATH_SAFE = "/-._~!$&'()*+,;=@"
_DRIVE = lazy.compile(r"[A-Za-z]:/")
_SECTION = lazy.compile(r"^## What it does\n(.*?)(?=^## |\Z)", re.M | re.S)


def artifact_location(path: str) -> Dict[str, str]:
    """A file path as a SARIF artifactLocation: percent-encoded (UTF-8; an undecodable byte kept
    by surrogateescape is encoded as that byte), relative to %SRCROOT% unless it is absolute."""

    def encode(p: str) -> str:
        return quote(p, safe=_PATH_SAFE, encoding="utf-8", errors="surrogateescape")

    if path.startswith("/"):
        return {"uri": "file://" + encode(path)}
    if _DRIVE.match(path):  # C:/dir/file on Windows: file:///C:/dir/file (RFC 8089 appendix E.2)
        return {"uri": "file:///" + path[:2] + encode(path[2:])}
    encoded = encode(path)
    while encoded.startswith("./"):
        encoded = encoded[2:]
    return {"uri": encoded, "uriBaseId": SRCROOT}


#: GitHub code scanning's tag for each rule family.
_FAMILY_TAG: Mapping[str, str] = MappingProxyType({MALFORMED: "correctness", NORMALIZATION: "style",
                                                   CREDENTIALS: "security", LINKS: "correctness"})


def _tags(rule: Rule) -> List[str]:
    tags = [_FAMILY_TAG[rule.family]]
    if rule.cwe is not None:
        tags.append(f"external/cwe/cwe-{rule.cwe}")
    return tags


def description(rule: Rule) -> str:
    """The "What it does" section of the rule's docs, on one line, within GitHub's limit."""
    m = _SECTION.search(rule.doc)
    text = " ".join((m.group(1) if m else rule.summary).split())
    return text if len(text) <= MAX_DESCRIPTION else text[:MAX_DESCRIPTION - 3] + "..."


def rule_descriptor(rule: Rule) -> Dict[str, Any]:
    properties: Dict[str, Any] = {"tags": _tags(rule), "precision": "high"}
    if rule.security_severity is not None:
        # GitHub ranks security alerts by this score (0.0 to 10.0, as CVSS).
        properties["security-severity"] = rule.security_severity
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary[:MAX_DESCRIPTION]},
        "fullDescription": {"text": description(rule)},
        "helpUri": DOCS_URL.format(code=rule.code.lower()),
        "help": {"text": rule.doc, "markdown": rule.doc},
        "defaultConfiguration": {"enabled": rule.default, "level": common.level(rule.code)},
        "properties": properties,
    }


def region(row: int, column: int, end_row: int, end_column: int) -> Dict[str, int]:
    # SARIF's endColumn is the column just after the region (section 3.30.8), as ours is.  An
    # empty span would be an insertion point; keep the region at least one column wide so that
    # GitHub has something to underline.
    if (end_row, end_column) <= (row, column):
        end_row, end_column = row, column + 1
    return {"startLine": max(row, 1), "startColumn": max(column, 1),
            "endLine": max(end_row, 1), "endColumn": max(end_column, 1)}


def _replacement(e: PlacedEdit) -> Dict[str, Any]:
    # An insertion has an empty deleted region: endColumn == startColumn is allowed here.
    return {"deletedRegion": {"startLine": e.row, "startColumn": e.column,
                              "endLine": e.end_row, "endColumn": e.end_column},
            "insertedContent": {"text": e.content}}


def fixes(report: Report) -> Optional[List[Dict[str, Any]]]:
    edits = common.edits(report)
    if not edits:
        return None
    what = "Safe fix" if report.applicability == "safe" else "Unsafe fix"
    return [{
        "description": {"text": f"{what}: replace with {edits[0].content}" if len(edits) == 1 else what},
        "artifactChanges": [{"artifactLocation": artifact_location(report.path),
                             "replacements": [_replacement(e) for e in edits]}],
    }]


def result(report: Report) -> Dict[str, Any]:
    out: Dict[str, Any] = {
        "ruleId": report.code,
        "level": common.level(report.code),
        "message": {"text": report.message},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact_location(report.path),
            "region": region(report.row, report.column, report.end_row, report.end_column),
        }}],
    }
    index = common.rule_index(report.code)
    if index is not None:
        out["ruleIndex"] = index
    fix = fixes(report)
    if fix is not None:
        out["fixes"] = fix
    return out


def notification(error: FileError) -> Dict[str, Any]:
    return {
        "level": "error" if error.fatal else "warning",
        "message": {"text": f"{error.path}: {error.message}"},
        "locations": [{"physicalLocation": {"artifactLocation": artifact_location(error.path)}}],
    }


def log(result_: RunResult) -> Dict[str, Any]:
    """The SARIF log as a JSON-ready dict."""
    return envelope(not any(e.fatal for e in result_.errors), [notification(e) for e in result_.errors],
                    [result(r) for r in result_.reports])


def envelope(successful: bool, notifications: List[Any], results: List[Any]) -> Dict[str, Any]:
    """The SARIF log around ``notifications`` and ``results``."""
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "urilint",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": [rule_descriptor(r) for r in RULES],
            }},
            "invocations": [{
                "executionSuccessful": successful,
                "toolExecutionNotifications": notifications,
            }],
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }


#: How deep the results and the notifications stand in the log (runs[0].results[i],
#: runs[0].invocations[0].toolExecutionNotifications[i]), for json_text.pretty_rows.
RESULT_LEVEL = 4
NOTIFICATION_LEVEL = 6
# Stand-ins written into the envelope where the spooled items go (JSON writes "\x00" as "\u0000",
# which no real item begins with).
_NOTIFICATIONS = "\x00notifications"
_RESULTS = "\x00results"


def file_text(reports: Sequence[Report], color: bool = False) -> str:
    """One file's results as items of ``runs[0].results``, indented as in the whole log."""
    return json_text.pretty_rows([result(r) for r in reports], RESULT_LEVEL)


class SarifWriter(Writer):
    """The results and notifications wait in spools: the log puts the invocation (whether the
    run succeeded, which files could not be checked) before the results, and both are known
    only at the end."""

    def __init__(self, out: TextIO, color: bool = False) -> None:
        super().__init__(out, color)
        self.results = self.spool()
        self.notifications = self.spool()
        self.fatal = False

    def error(self, error: FileError) -> None:
        if self.notifications:
            self.notifications.write(",\n")
        self.notifications.write(json_text.pretty_rows([notification(error)], NOTIFICATION_LEVEL))
        self.fatal = self.fatal or error.fatal

    def file(self, chunk: Chunk, errors: Sequence[FileError] = ()) -> None:
        for error in errors:
            self.error(error)
        if chunk.text:
            if self.results:
                self.results.write(",\n")
            self.results.write(chunk.text)

    def close(self, totals: Totals) -> None:
        text = json_text.dumps(envelope(not self.fatal, [_NOTIFICATIONS] if self.notifications else [],
                                     [_RESULTS] if self.results else []))
        for stand_in, level, spool in ((_NOTIFICATIONS, NOTIFICATION_LEVEL, self.notifications),
                                       (_RESULTS, RESULT_LEVEL, self.results)):
            if not spool:
                continue
            mark = json_text.pretty_rows([stand_in], level)
            head, text = text.split(mark, 1)
            self.out.write(head)
            spool.copy_to(self.out)
        self.out.write(text)


def render(result_: RunResult, *, color: bool = False) -> str:
    return common.render_result(SarifWriter, file_text, result_, color=color)
