"""suppress.py on hostile input: HTML directive comments are found in linear time, and exactly
where the old regular expression found them (kept here as the reference).

Regression: ``<!--\\s*urilint-KIND\\b[^>]*?-->`` rescanned the rest of the text from every
opening when no "-->" closed it: 8,000 unclosed ``<!-- urilint-disable`` took 21 s.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urilint import suppress
from urilint.pipeline import check_text

REFERENCE = re.compile(r"<!--\s*urilint-(?P<kind>disable-next-line|disable-file|disable|enable)\b(?P<codes>[^>]*?)-->",
                       re.I)
PIECES = ["<!--", "-->", " ", "\n", "urilint-", "URILINT-", "disable", "disable-next-line", "disable-file", "enable",
          "URI201", ",", ">", "-", "x", "<!-- urilint-disable ", "<!--urilint-enable-->"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_directives_match_the_reference(text: str) -> None:
    expected = [(m.start(), m.end(), m.group("kind").lower(), m.group("codes")) for m in REFERENCE.finditer(text)]
    assert list(suppress._html_directives(text)) == expected


@pytest.mark.parametrize(
    "tail",
    [
        pytest.param("<!-- urilint-disable " * 20_000, id="unclosed-openings"),
        pytest.param("<!-- urilint-disable >" * 20_000 + "-->", id="openings-with-gt"),
        pytest.param("<!-- urilint-disable " * 20_000 + ">-->", id="one-gt-at-the-end"),
        pytest.param("<!--" * 100_000, id="bare-openings"),
    ],
)
def test_many_unclosed_directives_complete(tail: str) -> None:
    text = "[a](http:/A.example/)\n" + tail
    findings = check_text(text, "markdown")
    assert findings
    assert suppress.apply(text, "markdown", findings) == findings
