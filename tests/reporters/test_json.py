"""The JSON format: ruff's shape, stable, and read back to what was reported."""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest

from urilint import reporters
from urilint.report import PlacedEdit, Report, RunResult

from .sample import CLEAN, REPORTS, RESULT, SCHEME, TAB, WRAPPED

KEYS = ["code", "end_location", "filename", "fix", "location", "message", "name", "url"]


def rendered() -> Any:
    return json.loads(reporters.render("json", RESULT))


def test_one_object_per_report_with_ruffs_keys_in_order() -> None:
    data = rendered()
    assert isinstance(data, list) and len(data) == len(REPORTS)
    for obj in data:
        assert list(obj) == KEYS


@pytest.mark.parametrize("index", range(len(REPORTS)), ids=[f"{r.code}-{r.row}" for r in REPORTS])
def test_round_trip(index: int) -> None:
    report, obj = REPORTS[index], rendered()[index]
    assert obj["code"] == report.code and obj["name"] == report.name
    assert obj["message"] == report.message and obj["filename"] == report.path
    assert obj["location"] == {"row": report.row, "column": report.column}
    assert obj["end_location"] == {"row": report.end_row, "column": report.end_column}
    assert obj["url"] == report.url and obj["url"].startswith("https://")
    if not report.edits:
        assert obj["fix"] is None
        return
    fix: Dict[str, Any] = obj["fix"]
    assert fix["applicability"] == report.applicability
    assert [PlacedEdit(e["content"], e["location"]["row"], e["location"]["column"], e["end_location"]["row"],
                 e["end_location"]["column"]) for e in fix["edits"]] == list(report.edits)
    assert fix["message"] == f"Replace with `{report.edits[0].content}`"


@pytest.mark.parametrize("report", [
    pytest.param(SCHEME, id="plain"),
    pytest.param(SCHEME._replace(path="dir/\udcff\udcfe.md"), id="undecodable-bytes-in-path"),
    pytest.param(SCHEME._replace(message='quote " backslash \\ nul \x00 tab \t é 漢'), id="escapes"),
    pytest.param(WRAPPED._replace(path="a\nb"), id="newline-in-path"),
])
def test_strings_survive_and_output_is_writable(report: Report) -> None:
    out = reporters.render("json", RunResult((report,), (), 1))
    out.encode("utf-8")
    (obj,) = json.loads(out)
    assert obj["filename"] == report.path and obj["message"] == report.message


def test_stable_and_readable() -> None:
    out = reporters.render("json", RESULT)
    assert out == reporters.render("json", RESULT)
    assert out == json.dumps(json.loads(out), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert "ünï" in out  # UTF-8 text, not \\u escapes


def test_clean_run_is_an_empty_list() -> None:
    assert reporters.render("json", CLEAN) == "[]\n"


def test_unsafe_fix_applicability() -> None:
    (obj,) = json.loads(reporters.render("json", RunResult((TAB,), (), 1)))
    assert obj["fix"]["applicability"] == "unsafe"
