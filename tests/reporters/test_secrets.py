"""Secret hygiene: files holding passwords and tokens, through the real pipeline (check_text,
place) and every output; no secret may appear in any of them."""

from __future__ import annotations

from typing import List, Tuple

import pytest

from urilint import reporters
from urilint.pipeline import check_text
from urilint.finding import FileError
from urilint.report import Report, RunResult, place

# (text of a file, the secrets it holds)
FILES: List[Tuple[str, Tuple[str, ...]]] = [
    ("db: postgres://admin:s3cr3tPass99@db.prod.internal/prod and HTTP://Example.COM/a/../b\n",
     ("s3cr3tPass99",)),
    ("cache = redis://:hunter2pw@cache.internal:6379/0\n", ("hunter2pw",)),
    ("clone https://ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM@github.com/o/r.git then\n",
     ("ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM",)),
    ("api https://api.vendor.net/v1?access_token=tok3nValue42x&x=1 ok\n", ("tok3nValue42x",)),
    ("s3 https://bucket.s3.amazonaws.com/k"
     "?X-Amz-Signature=aea828633470b5017acb2d&X-Amz-Credential=AKIAV3NPQBCFOS9XESRL\n",
     ("aea828633470b5017acb2d", "AKIAV3NPQBCFOS9XESRL")),
    ("slack https://hooks.vendor.org/in?token=xoxb-7310492856-qkzwmtrbjd and amqp://guest:Gu3st!x@rabbit/vhost\n",
     ("xoxb-7310492856-qkzwmtrbjd", "Gu3st!x")),
    ("two on a line: https://u:pAss99wrd@SHOP.net/%7e and ftp://me:0therS3cret@files.vendor.net:21/\n",
     ("pAss99wrd", "0therS3cret")),
    ("\tüber ftp://ü:tab5ecret9@例え.jp/ end\n", ("tab5ecret9",)),
]


def run() -> Tuple[RunResult, List[str]]:
    reports: List[Report] = []
    secrets: List[str] = []
    for i, (text, held) in enumerate(FILES):
        assert all(s in text for s in held)
        findings = check_text(text, "text")
        assert findings, text  # each file must really be reported, or the test proves nothing
        reports.extend(place(f"docs/file{i}.md", text, findings))
        secrets.extend(held)
    errors = (FileError("bin/blob.dat", "undecodable bytes at byte 12"),)
    return RunResult(tuple(reports), errors, files_checked=len(FILES) + 1), secrets


OUTPUTS = [pytest.param(fmt, id=fmt) for fmt in reporters.FORMATS] + [
    pytest.param("errors", id="errors"), pytest.param("statistics", id="statistics")]


def render(output: str, result: RunResult) -> str:
    if output == "errors":
        return reporters.render_errors(result)
    if output == "statistics":
        return reporters.render_statistics(result)
    return reporters.render(output, result)


@pytest.mark.parametrize("output", OUTPUTS)
@pytest.mark.parametrize("color", [False, True], ids=["plain", "color"])
def test_no_secret_in_any_output(output: str, color: bool) -> None:
    result, secrets = run()
    text = reporters.render(output, result, color=color) if output in reporters.FORMATS else render(output, result)
    assert text.strip()
    for secret in secrets:
        assert secret not in text, (output, secret)


def test_the_secret_findings_are_there() -> None:
    """The reports do carry the credential findings (masked), so the test above is not vacuous."""
    result, _ = run()
    codes = {r.code for r in result.reports}
    assert {"URI301", "URI304"} <= codes
    out = reporters.render("full", result)
    assert "****" in out and "URI301" in out and "URI304" in out
