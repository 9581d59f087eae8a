"""Every scanner, on any text: no exception, spans inside the text, source maps to the URI.

The map is the scanners' contract (:mod:`urilint.candidate`): a verbatim candidate's URI is its
source slice; any other candidate's ``pieces`` cover its URI run by run, in source order, inside
its span, and each piece as long in the URI as in the source is copied verbatim.  A scanner
that breaks it makes reports point at the wrong column and fixes edit the wrong bytes.
"""

from __future__ import annotations

from typing import List

import pytest
from hypothesis import HealthCheck, example, given, settings

from urilint.candidate import Candidate
from urilint.scanners import FORMATS, extract

from .helpers import FILE_FOR, contract_violations, hostile_text

PROPS = settings(max_examples=60, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def scan(text: str, fmt: str, include_code: bool) -> List[Candidate]:
    return extract(text, fmt, include_code=include_code)


@pytest.mark.parametrize("fmt", FORMATS)
@PROPS
@given(text=hostile_text)
@example(text="[" * 10_000 + "http://a/" + "]" * 10_000)
@example(text="(" * 10_000 + "http://a/" + ")" * 10_000)
@example(text="<" * 10_000 + "http://a/" + ">" * 10_000)
@example(text="{" * 10_000 + "http://a/" + "}" * 10_000)
@example(text="x = " + "(" * 10_000 + "'http://a/'" + ")" * 10_000 + "\n")
@example(text="a\x00http://a\x00b/\ud800\udcff\ufffd\r\n\rhttp://B/\n\r\n")
def test_any_text_keeps_the_candidate_contract(fmt: str, text: str) -> None:
    for include_code in (False, True):
        found = scan(text, fmt, include_code)
        assert contract_violations(text, found) == []


def test_formats_cover_every_scanner() -> None:
    assert sorted(FILE_FOR) == sorted(FORMATS)


@pytest.mark.parametrize(
    "fmt, text",
    [
        pytest.param("markdown", "[a](http://A/&amp;x) <http://B/&lt;> [b](<http://C/\\(>)", id="md-entities"),
        pytest.param("html", "<a href='http://A/&amp;&#x41;'>x</a>", id="html-entities"),
        pytest.param("json", '{"u": "http:\\/\\/A\\u0041/"}', id="json-escapes"),
        pytest.param("rst", "`x <http://a/\n   b>`_", id="rst-wrapped"),
        pytest.param("text", "<http://a/b\n  c/d>", id="text-wrapped-appendix-c"),
        pytest.param("python", 'x = ("http://A/" "\\x41"\n     f"{y}/p")\n', id="py-concat-escape-fstring"),
        pytest.param("python", "x = 'http://a/\\N{EM DASH}\\u00e9\\101'\n", id="py-escapes"),
    ],
)
def test_escaped_candidates_keep_the_contract(fmt: str, text: str) -> None:
    found = scan(text, fmt, True)
    assert found, "the table must exercise a candidate"
    assert contract_violations(text, found) == []
