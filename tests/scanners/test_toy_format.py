"""Adding a format is one module plus one line in one list: a toy format, end to end."""

from __future__ import annotations

import pytest

from urilint import pipeline
from urilint.scanners import REGISTRY, Claim
from urilint.settings import Settings

from . import toy_format

TOY = REGISTRY.with_claim(Claim("toy", "tests.scanners.toy_format:FORMAT", suffixes=(".toy",), names=("toyfile",)))


@pytest.mark.parametrize(("name", "format"), [
    pytest.param("notes.toy", "toy", id="suffix"),
    pytest.param("dir/ToyFile", "toy", id="whole-name"),
    pytest.param("notes.md", "markdown", id="others-unchanged"),
    pytest.param("notes.unknown", "text", id="fallback"),
])
def test_the_claim_picks_files(name: str, format: str) -> None:
    assert TOY.for_path(name) == format


def test_the_record_is_found_and_only_the_claim_is_new() -> None:
    assert TOY.get("toy") is toy_format.FORMAT
    assert REGISTRY.for_path("notes.toy") == "text"  # the default registry is unchanged
    with pytest.raises(ValueError, match="unknown format 'toy'"):
        REGISTRY.get("toy")


def test_the_pipeline_runs_the_toy_format() -> None:
    text = "title: é\nsee: HTTP://Example.COM/a\nsee: HTTP://x.example/  # urilint: ignore\n"
    fmt = TOY.get("toy")
    settings = Settings(extend_select=frozenset({"URI2"}))  # normalization, in a "value" context
    result = pipeline.lint(text, fmt, settings)
    assert [(f.code, text[f.start:f.end]) for f in result.findings] == [
        ("URI201", "HTTP"), ("URI202", "Example.COM")]  # the suppressed line is not reported
    fixed = pipeline.lint(text, fmt, settings, fix=True)
    assert fixed.text == text.replace("HTTP://Example.COM/a", "http://example.com/a")
    assert fixed.fixed == 2 and fixed.findings == ()
