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
from typing import Any, Dict, List, Mapping, Optional
from urllib.parse import quote

from .. import __version__
from ..finding import FileError
from ..report import DOCS_URL, PlacedEdit, Report, RunResult
from ..rules import RULES, Rule
from ..rules.base import CREDENTIALS, LINKS, MALFORMED, NORMALIZATION
from . import common

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://github.com/urilint/urilint"
SRCROOT = "%SRCROOT%"
#: GitHub cuts rule descriptions at this many characters.
MAX_DESCRIPTION = 1024


# Characters kept as they are in a path turned into a URI reference: RFC 3986 pchar without ":"
# (a ":" in a first segment would read as a scheme, section 4.2) plus "/".
_PATH_SAFE = "/-._~!$&'()*+,;=@"
_DRIVE = re.compile(r"[A-Za-z]:/")
_SECTION = re.compile(r"^## What it does\n(.*?)(?=^## |\Z)", re.M | re.S)


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
                "executionSuccessful": not any(e.fatal for e in result_.errors),
                "toolExecutionNotifications": [notification(e) for e in result_.errors],
            }],
            "columnKind": "unicodeCodePoints",
            "results": [result(r) for r in result_.reports],
        }],
    }


def render(result_: RunResult, *, color: bool = False) -> str:
    return common.dumps(log(result_))
