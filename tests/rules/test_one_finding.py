"""One problem, one finding (issue 14, item 2, the rules' part).

Each rule reports a URI at most once: the message counts the occurrences, the span points at
the first, and the fix covers them all.  ASCII whitespace inside the data of a base64 data: URI
is no finding at all: every consumer drops it (RFC 2397 data is RFC 2045 base64, whose
decoders ignore line breaks, section 6.8; the Fetch Standard's data: URL processor runs the
Infra Standard's forgiving-base64 decode, which removes ASCII whitespace).
"""

from __future__ import annotations

from collections import Counter
from typing import List, Optional

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from urilint.checker import check
from urilint.finding import Finding
from urilint.pipeline import check_text
from urilint.rules import RULES
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))
DEFAULT = Settings()


def _only(text: str, code: str) -> List[Finding]:
    return [f for f in check(text, settings=ALL) if f.code == code]


# Must fire once: a URI with several occurrences of one rule's problem draws one finding of that
# rule, at the first occurrence, with a message that counts them and a fix that covers them all
# (None where the rule offers no fix or a secret is in the URI).
SEVERAL = [
    pytest.param("https://example.com/a b c d e", "URI101", 21, "4 spaces", "https://example.com/a%20b%20c%20d%20e",
                 id="URI101-four-spaces"),
    pytest.param("https://example.com/a\r\nb\r\nc", "URI101", 21, "2 carriage returns (U+000D) and 2 line breaks",
                 "https://example.com/abc", id="URI101-crlf-joined"),
    pytest.param('https://example.com/a "b" c', "URI101", 21, "2 spaces and '\"' (2 times)",
                 "https://example.com/a%20%22b%22%20c", id="URI101-mixed"),
    pytest.param("https://example.com/a b\\c\"d<e", "URI101", 21, "' ' (space), '\\\\' and 2 other characters",
                 "https://example.com/a%20b%5Cc%22d%3Ce", id="URI101-many-kinds"),
    pytest.param("data:text/plain,a\tb\nc", "URI101", 17, "U+0009 and U+000A",
                 "data:text/plain,a%09b%0Ac", id="URI101-data-not-base64"),
    pytest.param("https://example.com/%zz/%q/100%", "URI102", 20, "3 '%' signs do not start a percent-encoding",
                 "https://example.com/%25zz/%25q/100%25", id="URI102-three"),
    pytest.param("https://example.com/a]/b]#c]", "URI107", 21, "']' (3 times) are delimiters",
                 "https://example.com/a%5D/b%5D#c%5D", id="URI107-three-lone-brackets"),
    pytest.param("https://example.com/?a=b|c|d#e|f", "URI111", 24, "'|' (3 times) in the query and the fragment",
                 "https://example.com/?a=b%7Cc%7Cd#e%7Cf", id="URI111-three-pipes"),
    pytest.param("https://example.com/K\u00f6ln/\u00fc?\u00e4", "URI110", 21, "3 non-ASCII characters",
                 "https://example.com/K%C3%B6ln/%C3%BC?%C3%A4", id="URI110-three"),
    pytest.param("https://example.com/%3c%3e%7c", "URI203", 20, "'%3c' (and 2 more)", "https://example.com/%3C%3E%7C",
                 id="URI203-three"),
    pytest.param("https://example.com/%7e%41%42", "URI204", 20, "3 percent-encodings", "https://example.com/~AB",
                 id="URI204-three"),
    pytest.param("https://example.com/?token=ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM&api_key=Zx8Qw3Rt6Yu9Io2Pa5Sd",
                 "URI304", 27, "query parameters 'token' and 'api_key' carry secrets", None, id="URI304-two"),
]


@pytest.mark.parametrize(("text", "code", "start", "counted", "fix"), SEVERAL)
def test_several_problems_are_one_finding(text: str, code: str, start: int, counted: str, fix: Optional[str]) -> None:
    findings = _only(text, code)
    assert len(findings) == 1
    f = findings[0]
    assert f.start == start
    assert counted in f.message and "\n" not in f.message
    assert f.fix == fix
    if fix is not None:
        assert _only(fix, code) == [], "the fix covers every occurrence"


# Must not fire: ASCII whitespace in the data of a base64 data: URI is no finding of any rule.
BASE64_WHITESPACE = [
    pytest.param("data:image/png;base64,iVBORw0K\nGgoAAAAN\nSUhEUgAA", id="line-breaks"),
    pytest.param("data:image/png;base64,iVBORw0K\r\nGgoAAAAN\r\nSUhEUgAA", id="crlf"),
    pytest.param("data:image/png;base64,\n    iVBORw0K\n    GgoAAAAN", id="indented-lines"),
    pytest.param("data:image/png;base64,iVBO Rw0K Ggo=", id="spaces"),
    pytest.param("data:image/png;base64,iVBO\tRw0K", id="tab"),
    pytest.param("data:image/png;base64,iVBO\x0cRw0K", id="form-feed"),
    pytest.param("data:image/svg+xml;BASE64,PHN2Zz4\n8L3N2Zz4=", id="upper-case-base64"),
    pytest.param("data:image/svg+xml;charset=utf-8;base64,PHN2Zz4\n8L3N2Zz4=", id="with-a-parameter"),
    pytest.param("data:image/png;Base64,iVBO\nRw0K", id="mixed-case-base64"),
    pytest.param("data:;base64,SGVs\nbG8=", id="no-media-type"),
    pytest.param("data:application/octet-stream;base64,AAAA\n\n\n  \nAAAA", id="blank-lines"),
    pytest.param("data:font/woff2;base64," + "AAAA\n" * 300 + "AA==", id="many-lines"),
    pytest.param("data:image/png;base64,iVBO\nRw0K#frag", id="with-a-fragment"),
]


@pytest.mark.parametrize("text", BASE64_WHITESPACE)
def test_whitespace_in_base64_data_is_no_finding(text: str) -> None:
    assert check(text, settings=ALL) == []


def test_the_data_scheme_is_read_in_any_case() -> None:
    assert [f.code for f in check("DATA:image/png;base64,iVBO\nRw0K", settings=ALL)] == ["URI201"]


def test_whitespace_before_the_comma_is_not_in_the_data() -> None:
    findings = check("data:image/png; base64,iVBO\nRw0K", settings=ALL)
    assert [(f.code, f.start, f.message) for f in findings] == [
        ("URI101", 15, "' ' (space) cannot appear in a URI; percent-encode it as %20")]


# ...but only there: whitespace elsewhere in a data: URI is still an accident, reported once.
NOT_BASE64_DATA = [
    pytest.param("data:text/plain,hello world\nagain", id="not-base64"),
    pytest.param("data:text/plain;base64x,SGVs\nbG8=", id="not-quite-base64"),
    pytest.param("data:image/png;base64 x,iVBO\nRw0K", id="base64-then-a-word"),
    pytest.param("data:image/png;base64,iVBO\"Rw0K\n", id="a-quote-in-base64-data"),
    pytest.param("data:image/png;base64,iVBO\u00a0Rw0K", id="no-break-space-is-not-ascii-whitespace"),
    pytest.param("data:image/png;base64,iVBO\x00Rw0K", id="nul-is-not-whitespace"),
    pytest.param("https://example.com/;base64,a b", id="not-a-data-uri"),
]


@pytest.mark.parametrize("text", NOT_BASE64_DATA)
def test_other_whitespace_in_a_data_uri_is_one_finding(text: str) -> None:
    assert [f.code for f in check(text, settings=DEFAULT)] == ["URI101"]


def test_a_wrapped_base64_image_in_an_svg_attribute_is_quiet() -> None:
    data = "\n".join("      " + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA" for _ in range(200))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">\n'
           f'  <image xlink:href="data:image/png;base64,\n{data}"/>\n</svg>\n')
    assert check_text(svg, "html", ALL) == []


def test_a_link_with_four_spaces_is_one_finding_at_the_first() -> None:
    text = 'x\n<a href="https://example.com/my big new file.pdf">f</a>\n'
    findings = check_text(text, "html", DEFAULT)
    assert [(f.code, f.start, f.end) for f in findings] == [("URI101", text.index(" big"), text.index(" big") + 1)]
    assert findings[0].message == "3 spaces cannot appear in a URI; percent-encode them as %20"
    assert findings[0].edit is not None and findings[0].edit[2] == "https://example.com/my%20big%20new%20file.pdf"


_TRICKY = st.text(alphabet=st.sampled_from(list("ab:/?#[]@%|^`{}\"<>\\ \n\t.-0189eE\u00f6\u200b")), max_size=40)


@hsettings(max_examples=300, deadline=None)
@given(st.sampled_from(["https://", "http://u:p@", "data:;base64,", "mailto:", "", "ftp://x/"]), _TRICKY)
def test_no_rule_reports_a_uri_twice(prefix: str, rest: str) -> None:
    counts = Counter(f.code for f in check(prefix + rest, settings=ALL))
    assert all(n == 1 for n in counts.values()), counts


@pytest.mark.parametrize("rule", [pytest.param(r, id=r.code) for r in RULES])
def test_no_rule_reports_its_own_examples_twice(rule: object) -> None:
    for ex in rule.bad:  # type: ignore[attr-defined]
        counts = Counter(f.code for f in check(ex.text, settings=ALL))
        assert all(n == 1 for n in counts.values()), (ex.text, counts)
