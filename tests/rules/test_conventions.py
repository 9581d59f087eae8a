"""Accidents versus conventions (issue 14, item 8).

By default urilint reports what is an accident or breaks a reader.  Characters that RFC 3986
forbids but that real URLs use by convention, and that browsers accept, go to URI111
(tolerated-character), off by default and one ``select`` away; whitespace and control
characters never do.  Each table below is the must-fire table of one side and the must-not-fire
table of the other.
"""

from __future__ import annotations

from typing import List

import pytest

from urilint.checker import check
from urilint.finding import Finding
from urilint.rules import BY_NAME
from urilint.settings import Settings

DEFAULT = Settings()
STRICT = Settings(extend_select=frozenset({"URI111"}))
ALL = Settings(select=frozenset({"ALL"}))
MOVED_FROM = {"URI101", "URI107"}


def _codes(text: str, settings: Settings) -> List[str]:
    return [f.code for f in check(text, settings=settings)]


def _strict(text: str) -> List[Finding]:
    return [f for f in check(text, settings=STRICT) if f.code == "URI111"]


# Conventions: URI111 fires when selected (once, at the first character, where ``first``
# starts; with the fix), and neither URI101 nor URI107 fires for them by default.
CONVENTIONS = [
    pytest.param("https://fonts.googleapis.com/css?family=Roboto|Open+Sans|Lato", "|O",
                 "https://fonts.googleapis.com/css?family=Roboto%7COpen+Sans%7CLato", id="pipe-in-query-font-api"),
    pytest.param("https://chart.example/chart?cht=p3&chd=t:60,40&chl=Hello|World", "|W",
                 "https://chart.example/chart?cht=p3&chd=t:60,40&chl=Hello%7CWorld", id="pipe-in-query-chart-api"),
    pytest.param("https://example.com/a|b", "|b", "https://example.com/a%7Cb", id="pipe-in-path"),
    pytest.param("https://example.com/#a|b", "|b", "https://example.com/#a%7Cb", id="pipe-in-fragment"),
    pytest.param("https://finance.example/quote/^GSPC", "^G", "https://finance.example/quote/%5EGSPC",
                 id="caret-in-path"),
    pytest.param("https://example.com/?q=a^b", "^b", "https://example.com/?q=a%5Eb", id="caret-in-query"),
    pytest.param("https://example.com/#x^y", "^y", "https://example.com/#x%5Ey", id="caret-in-fragment"),
    pytest.param("https://example.com/?q=`a`", "`a", "https://example.com/?q=%60a%60", id="backtick-in-query"),
    pytest.param("https://example.com/a`b", "`b", "https://example.com/a%60b", id="backtick-in-path"),
    pytest.param("https://example.com/?ids[]=1&ids[]=2", "[]=1", "https://example.com/?ids%5B%5D=1&ids%5B%5D=2",
                 id="php-array-in-query"),
    pytest.param("https://www.facebook.com/sharer.php?s=100&p[url]=x&p[images][0]=y", "[url",
                 "https://www.facebook.com/sharer.php?s=100&p%5Burl%5D=x&p%5Bimages%5D%5B0%5D=y",
                 id="nested-array-in-query"),
    pytest.param("https://github.com/o/r/blob/main/app/[slug]/page.tsx", "[slug",
                 "https://github.com/o/r/blob/main/app/%5Bslug%5D/page.tsx", id="route-segment-in-path"),
    pytest.param("https://doc.example/manifest.html#the-[features]-section", "[features",
                 "https://doc.example/manifest.html#the-%5Bfeatures%5D-section", id="brackets-in-fragment"),
    pytest.param("https://example.com/?f={a:{b:1}}", "{a:", "https://example.com/?f=%7Ba:{b:1}%7D",
                 id="nested-braces-in-query"),
    pytest.param("https://matrix.to/#/#room:matrix.org", "#room", "https://matrix.to/#/%23room:matrix.org",
                 id="chat-room-link"),
    pytest.param("https://app.element.io/#/room/#prometheus:matrix.org", "#prometheus",
                 "https://app.element.io/#/room/%23prometheus:matrix.org", id="chat-room-web-client"),
    pytest.param("https://example.com/#/a#b#c", "#b", "https://example.com/#/a%23b%23c", id="several-hashes-once"),
    # The markup of a textual data: URI (the inline-SVG favicon idiom).
    pytest.param("data:image/svg+xml,<svg xmlns=%22http://www.w3.org/2000/svg%22></svg>", "<svg",
                 "data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%3E%3C/svg%3E", id="svg-favicon"),
    pytest.param('data:text/html,<p class="a">x|y</p>', "<p",
                 "data:text/html,%3Cp%20class=%22a%22%3Ex%7Cy%3C/p%3E", id="html-data"),
]

# Accidents: the default rules keep reporting them, and URI111 never does, even when selected.
ACCIDENTS = [
    pytest.param("https://example.com/my file.pdf", "URI101", id="space"),
    pytest.param("https://example.com/a\nb", "URI101", id="line-break"),
    pytest.param("https://example.com/a\tb", "URI101", id="tab"),
    pytest.param("https://example.com/a\x00b", "URI101", id="nul"),
    pytest.param("https://example.com/a\x7fb", "URI101", id="delete"),
    pytest.param("https://example.com/a\u200bb", "URI101", id="zero-width-space"),
    pytest.param('https://example.com/a"b', "URI101", id="double-quote"),
    pytest.param("https://example.com/plans>", "URI101", id="stray-greater-than"),
    pytest.param("https://example.com/a<b", "URI101", id="less-than"),
    pytest.param("https://example.com/a\\b", "URI101", id="backslash"),
    pytest.param("https://example.com/a{b", "URI101", id="brace-in-path"),
    pytest.param("https://example.com/{a b}", "URI101", id="brace-with-space-in-path"),
    pytest.param("https://example.com/?q=}", "URI101", id="lone-brace-in-query"),
    pytest.param("https://exa|mple.com/", "URI101", id="pipe-in-host"),
    pytest.param("https://exa^mple.com/", "URI101", id="caret-in-host"),
    pytest.param("https://us{er@example.com/", "URI101", id="brace-in-userinfo"),
    pytest.param("https://u:p]w@example.com/", "URI107", id="bracket-in-userinfo"),
    pytest.param("https://example.com/docs#intro]", "URI107", id="lone-bracket-in-fragment"),
    pytest.param("https://example.com/a]", "URI107", id="lone-bracket-in-path"),
    pytest.param("https://example.com/?a=[1", "URI107", id="lone-bracket-in-query"),
    pytest.param("https://example.com/a]b[", "URI107", id="brackets-in-the-wrong-order"),
    pytest.param("https://ex]ample.com/", "URI107", id="bracket-in-host"),
    pytest.param("https://user@name@example.com/", "URI107", id="second-at-in-userinfo"),
    pytest.param("data:image/svg+xml,svg\nxmlns", "URI101", id="line-break-in-data"),
    pytest.param("data:image/svg+xml;base64,PHN2<Zz4=", "URI101", id="markup-in-base64-data"),
    pytest.param("data:image/svg+xml,a\\b", "URI101", id="backslash-in-data"),
]


@pytest.mark.parametrize(("text", "first", "fix"), CONVENTIONS)
def test_a_convention_is_reported_by_the_strict_rule_once(text: str, first: str, fix: str) -> None:
    findings = _strict(text)
    assert len(findings) == 1
    f = findings[0]
    assert (f.start, f.fix, f.applicability) == (text.index(first), fix, "unsafe")
    assert "RFC 3986 does not allow" in f.message


@pytest.mark.parametrize(("text", "first", "fix"), CONVENTIONS)
def test_a_convention_is_not_reported_by_default(text: str, first: str, fix: str) -> None:
    assert _codes(text, DEFAULT) == []
    assert MOVED_FROM.isdisjoint(_codes(text, ALL))


@pytest.mark.parametrize(("text", "code"), ACCIDENTS)
def test_an_accident_stays_with_the_default_rules(text: str, code: str) -> None:
    assert _codes(text, DEFAULT).count(code) == 1


@pytest.mark.parametrize(("text", "code"), ACCIDENTS)
def test_an_accident_is_never_the_strict_rule(text: str, code: str) -> None:
    assert "URI111" not in _codes(text, ALL)


def test_the_strict_rule_is_off_by_default_and_one_select_away() -> None:
    rule = BY_NAME["tolerated-character"]
    assert rule.code == "URI111" and rule.default is False
    assert not DEFAULT.is_enabled("URI111") and STRICT.is_enabled("URI111")
    assert Settings(select=frozenset({"URI1"})).is_enabled("URI111")


def test_a_badge_with_spaces_and_pipes_is_one_finding_of_each_rule() -> None:
    """The shape of a real badge URL: the spaces are the accident (URI101, by default), the
    pipes a convention (URI111, when selected); each is one finding for the whole URI."""
    text = "https://img.shields.io/badge/python-3.7 | 3.8 | 3.9 | 3.10-blue.svg"
    default = check(text, settings=DEFAULT)
    assert [(f.code, f.start, f.message) for f in default] == [
        ("URI101", 39, "6 spaces cannot appear in a URI; percent-encode them as %20")]
    assert default[0].fix == text.replace(" ", "%20")
    strict = check(text, settings=STRICT)
    assert sorted((f.code, f.start) for f in strict) == [("URI101", 39), ("URI111", 40)]
    pipes = [f for f in strict if f.code == "URI111"][0]
    assert pipes.fix == text.replace("|", "%7C")
    assert pipes.message.startswith("'|' (3 times) in the path")


def test_fixing_both_rules_reaches_a_valid_uri() -> None:
    from urilint.pipeline import fix_text

    text = '<img src="https://img.shields.io/badge/a | b-blue.svg">\n'
    wanted = '<img src="https://img.shields.io/badge/a%20%7C%20b-blue.svg">\n'
    assert fix_text(text, "markdown", STRICT, unsafe=True).text == wanted
    # With the defaults only the accident is fixed: the pipe is left as browsers accept it.
    assert fix_text(text, "markdown", DEFAULT, unsafe=True).text == wanted.replace("%7C", "|")


@pytest.mark.parametrize("text", [
    pytest.param("https://us|er@example.com/", id="pipe-in-user"),
    pytest.param("mssql+pymssql://scott:tiger^5HHH@mssql2022:1433/test", id="caret-in-a-demo-password"),
    pytest.param("https://u:p`w@example.com/", id="backtick-in-password"),
])
def test_a_convention_in_the_userinfo_is_tolerated_and_never_quoted_or_fixed(text: str) -> None:
    """The parser percent-encodes "|", "^" and "`" in the userinfo silently (a password made to
    pass a password policy holds them): URI111's, never quoted (it may be a password) and never
    fixed (the userinfo's bytes are the user's)."""
    assert {f.code for f in check(text)} <= {"URI301"}
    [found] = _strict(text)
    assert found.fix is None
    userinfo = text.split("//", 1)[1].split("@", 1)[0]
    assert userinfo not in found.message and found.message.startswith("a character in the userinfo: ")
