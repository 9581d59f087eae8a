"""check()'s fast path never hides a finding: whatever it accepts, the full pass accepts too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List

import pytest
from hypothesis import example, given, settings as hsettings, strategies as st

from tests.conftest import CORPORA, need_shared
from urilint.checker import Plan, _is_clean, check_planned, clean_shape, full_check
from urilint.rfc3986 import lazy
from urilint.rules import RULES
from urilint.settings import Settings

SETTINGS = [
    pytest.param(Settings(), id="default"),
    pytest.param(Settings(extend_select=frozenset({"URI208", "URI109", "URI302"})), id="more-rules"),
]
_piece = st.sampled_from([
    "http", "https", "HTTP", "hTTps", "WSS", "Ftp", "ws", "ftp", "://", ":/", "//", "/", ".", "..", "/./", "/../", "a", "Z", "-", "_",
    "example.com", "ex-ample", "xn--kln-sna", ".", ":", ":80", ":443", ":99999", ":8080", "?", "#", "&", ";",
    "=", "token=", "key=", "a9c1d7e3f0b2", "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", "%", "%41", "%2F", "%2f",
    "%7E", "%zz", "@", "u:p@", "\u00f6", "\u200b", "\u00a0", "\u65e5", "127.1", "0x7f", "1.2.3.4", "999", "[",
    "]", " ", "{x}", "$X", "%s", "a" * 64, "https//",
    # non-ASCII characters a "z" in their place would misread: a symbol before a token, letters
    # that case-fold to ASCII ones (Kelvin sign, long s; "http\u017f" is no scheme)
    "\u2192", "\u00b7", "\u212a", "\u017f", "ey=", "http\u017f", "\u017fftp",
])
_uriish = st.lists(_piece, max_size=12).map("".join)


@pytest.mark.parametrize("settings", SETTINGS)
@hsettings(max_examples=400, deadline=None)
@given(text=_uriish)
def test_fast_path_agrees_with_full_pass(settings: Settings, text: str) -> None:
    if _is_clean(text, settings):
        assert full_check(text, settings) == [], text


def _each_screen_holds(text: str) -> None:
    """A text of the clean shape that a rule reports: that rule's own screen must say it may
    (check() runs only the rules whose screens say so)."""
    shape = clean_shape(text)
    if shape is None:
        return
    reported = {f.code for f in full_check(text, EVERY_RULE, screened=False)}
    for rule in RULES:
        if rule.code in reported:
            assert rule.screen(shape), (rule.code, text)


EVERY_RULE = Settings(select=frozenset({"ALL"}))


@hsettings(max_examples=1000, deadline=None)
@given(text=_uriish)
def test_each_screen_says_yes_to_what_its_rule_reports(text: str) -> None:
    _each_screen_holds(text)


@pytest.mark.parametrize("text", [
    pytest.param("%7e", id="lowercase-hex-of-unreserved"),
    pytest.param("https://example.com/%7e", id="lowercase-hex-in-path"),
    pytest.param("https://example.com/%7E", id="uppercase-hex-in-path"),
    pytest.param("https://example.com:443/", id="default-port"),
    pytest.param("https://example.com/a/./b", id="dot-segment"),
    pytest.param("https://" + ".".join(["a" * 63] * 3 + ["a" * 62]) + "/", id="host-of-254"),
    pytest.param("http://https//example.com/", id="doubled-scheme-without-colon"),
    pytest.param("https//example.com/", id="missing-colon"),
    pytest.param("https://example.com/caf\u00e9", id="non-ascii-path"),
    pytest.param("https://b\u00fccher.example/", id="non-ascii-host"),
    pytest.param("https://" + "\u00e4" * 60 + ".example/", id="non-ascii-label-too-long"),
])
def test_each_screen_on_known_rows(text: str) -> None:
    assert full_check(text, EVERY_RULE, screened=False)  # each row is reported
    _each_screen_holds(text)


@pytest.mark.slow
def test_fast_path_on_the_docs_corpus() -> None:
    root = need_shared(CORPORA / "docs")
    uris: List[str] = []
    pattern = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s<>\"'`()\[\]]+|\]\(([^\s()<>]+)\)")
    for path in sorted(root.rglob("*.md"))[::7]:
        for m in pattern.finditer(path.read_text(encoding="utf-8", errors="replace")):
            uris.append(m.group(1) or m.group(0))
    assert len(uris) > 1000
    settings = Settings()
    clean = [u for u in uris if _is_clean(u, settings)]
    assert len(clean) > len(uris) // 2
    wrong = [u for u in clean if full_check(u, settings)]
    assert wrong == []


def _suspect_pattern_as_it_was() -> "re.Pattern[str]":
    """The fast path's test for non-ASCII characters as a pattern of every suspect code point
    (63 ms to build): the reference for the per-character test that replaced it."""
    from urilint.rules.common import is_iri_char

    body = "".join(f"\\u{cp:04x}" for cp in range(0x80, 0x10000) if not is_iri_char(chr(cp), "path"))
    return re.compile(f"[{body}\\U00010000-\\U0010ffff]")


def test_the_non_ascii_test_reads_as_the_pattern_it_replaced() -> None:
    from urilint.checker import _has_suspect_non_ascii

    pattern = _suspect_pattern_as_it_was()
    for cp in list(range(0x80, 0x3000)) + list(range(0xD7F0, 0x10000)) + [0x10000, 0x1F600, 0xE0001, 0x10FFFF]:
        text = "https://example.com/a" + chr(cp)
        assert _has_suspect_non_ascii(text) is (pattern.search(text) is not None), hex(cp)
    assert not _has_suspect_non_ascii("https://example.com/caf\u00e9/\u65e5\u672c")
    assert _has_suspect_non_ascii("https://example.com/a\u200bb")  # zero-width space


@hsettings(max_examples=1000, deadline=None)
@given(text=_uriish)
@example("https://example.com/%7e?q=%41")  # triplets only
@example("https://example.com/%7e?q=%4")  # and a stray "%"
def test_the_clean_shape_without_a_stray_percent_is_valid(text: str) -> None:
    """check() takes an ASCII text of the clean shape without a stray "%" as valid without
    matching it (the shape's only looseness is that it lets each "%" through)."""
    from urilint import is_valid
    from urilint.rfc3986.grammar import BAD_PCT

    if clean_shape(text) is not None and text.isascii():
        assert is_valid(text) is (BAD_PCT.search(text) is None), text


@hsettings(max_examples=1000, deadline=None)
@given(text=_uriish)
@example("https://caf\u00e9.example/\u65e5?q=\u00f6#\u2192")
@example("\u00f6/a?b")
@example("https://example.com/caf%C3%A9/\u00e9")  # a triplet beside a letter
@example("https://example.com/%\u00e9")  # a "%" before a letter is stray
def test_the_clean_shape_with_non_ascii_letters_has_only_their_problems(text: str) -> None:
    """check() tells the analysis of a non-ASCII text of the clean shape without a stray "%"
    that its letters are its only faults (diagnose's characters_only), each of the IRI kind: it
    must find what the walk finds, of the kinds problem_kind says."""
    from urilint.rfc3986.grammar import BAD_PCT
    from urilint.rfc3986.validate import _Scanner, diagnose
    from urilint.rules.base import Analysis
    from urilint.rules.common import problem_kinds

    if clean_shape(text) is None or text.isascii() or BAD_PCT.search(text) is not None:
        return
    walked = _Scanner(text, "URI-reference").run()
    walked.sort(key=lambda p: p.offset)
    assert diagnose(text, characters_only=True) == diagnose(text) == walked != [], text
    told, plain = Analysis(text, Settings()), Analysis(text, Settings())
    told.known_characters_only()
    assert problem_kinds(told) == problem_kinds(plain), text


@hsettings(max_examples=1000, deadline=None)
@given(text=_uriish)
@example("https://example.com/items/1%20b?page=2")  # a space encoded: the shape, each "%" a triplet
@example("https://example.com/a%2?b=%")  # the shape, with stray "%"s
def test_a_fix_is_judged_valid_as_is_valid_does(text: str) -> None:
    """The checker vets a fix with is_fix_valid, which takes the clean shape as valid."""
    from urilint import is_valid
    from urilint.checker import is_fix_valid

    assert is_fix_valid(text) is is_valid(text), text
    lowered = text.lower()  # (a lowercased scheme: the commonest fix, mostly of the shape)
    assert is_fix_valid(lowered) is is_valid(lowered), lowered


@hsettings(max_examples=1000, deadline=None)
@given(text=_uriish)
def test_the_clean_shape_is_a_candidate_with_a_sound_scheme(text: str) -> None:
    """check() skips the candidate test and the malformed-scheme test for the clean shape."""
    from urilint.checker import _is_candidate
    from urilint.rules.base import Analysis
    from urilint.rules.uri103_invalid_scheme import scheme_fault

    if clean_shape(text) is not None:
        assert scheme_fault(text) is None, text
        for context in (None, "markdown-link"):
            assert _is_candidate(Analysis(text, EVERY_RULE), context), text


@pytest.mark.parametrize("text", [
    pytest.param("https://example.com/\u2192ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="token-after-an-arrow"),
    pytest.param("https://example.com/\u00b7ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="token-after-a-middle-dot"),
    pytest.param("https://example.com/x?\u212aey=Xk9mQ2vL7pR4wZt8", id="kelvin-sign-key-parameter"),
    pytest.param("http://http\u017f//example.com/", id="long-s-in-a-doubled-scheme"),
])
@pytest.mark.parametrize("settings", SETTINGS + [pytest.param(EVERY_RULE, id="every-rule")])
def test_screens_read_the_uri_as_given(text: str, settings: Settings) -> None:
    """A non-ASCII URI of the clean shape reads as ASCII with a "z" for each such character; the
    screens of URI304 and URI108 read it as given, or these rows lose their finding (a token
    after a symbol, a name or a scheme that only case-folding makes)."""
    from urilint.checker import Plan, check_planned

    assert clean_shape(text) is not None
    plan = Plan.of(settings)
    found = check_planned(text, plan)
    assert found == full_check(text, plan, screened=False)
    assert {"URI304", "URI108"} & {f.code for f in found}


def _shape_reference_is_parse(text: str) -> bool:
    from urilint.checker import _clean, _shape_reference
    from urilint.rfc3986.reference import parse

    found = _clean(text)
    if found is None:
        return False
    ref = _shape_reference(text, *found)
    expected = parse(text)
    assert ref == expected, text
    assert ref.spans == expected.spans, text  # (equality leaves the spans out)
    return True


@hsettings(max_examples=2000, deadline=None)
@given(text=_uriish)
def test_the_clean_shape_reads_as_parse(text: str) -> None:
    """check() builds a shaped URI's reference from the match that found its shape."""
    _shape_reference_is_parse(text)


@pytest.mark.parametrize("text", [
    pytest.param("https://example.com", id="no-path"),
    pytest.param("https://example.com:443", id="port-no-path"),
    pytest.param("https://example.com:8080/a/b?q=1#f", id="every-component"),
    pytest.param("https://example.com?q", id="query-no-path"),
    pytest.param("https://example.com#", id="empty-fragment"),
    pytest.param("https://example.com/?", id="empty-query"),
    pytest.param("ftp://a.b/caf\u00e9/\u65e5?x=\u00e9#\u00e9", id="non-ascii"),
    pytest.param("a/b:c?d#e", id="relative"),
    pytest.param("", id="empty-relative"),
    pytest.param("?q", id="relative-query"),
    pytest.param("#f", id="relative-fragment"),
    pytest.param("/a//b", id="absolute-path"),
])
def test_the_clean_shape_reads_as_parse_on_known_rows(text: str) -> None:
    assert _shape_reference_is_parse(text)


def test_the_clean_shape_reads_as_parse_on_the_corpora() -> None:
    from urilint import scanners

    root = need_shared(CORPORA / "docs")
    shaped = 0
    for path in sorted(root.rglob("*.md"))[:300]:
        for c in scanners.extract(path.read_text("utf-8", errors="replace"), "markdown", include_code=True):
            shaped += _shape_reference_is_parse(c.uri)
    assert shaped > 1000


def _shapes_agree(text: str) -> None:
    """The clean shape's patterns match the same texts, with the same groups, whether their
    quantifiers are possessive (Python 3.11 and later) or not."""
    from urilint.checker import shape_patterns

    for possessive, plain in zip(shape_patterns("+"), shape_patterns("")):
        a, b = re.fullmatch(possessive, text), re.fullmatch(plain, text)
        assert (a is None) is (b is None), text
        if a is not None and b is not None:
            assert a.regs == b.regs, text


@pytest.mark.skipif(not lazy.POSSESSIVE, reason="possessive quantifiers need Python 3.11")
@hsettings(max_examples=2000, deadline=None)
@given(text=_uriish)
def test_the_possessive_shape_matches_as_the_plain_one(text: str) -> None:
    _shapes_agree(text)
    _shapes_agree(text.lower())


@pytest.mark.skipif(not lazy.POSSESSIVE, reason="possessive quantifiers need Python 3.11")
def test_the_possessive_shape_matches_as_the_plain_one_on_the_corpora() -> None:
    from urilint import scanners

    root = need_shared(CORPORA / "docs")
    seen = 0
    for path in sorted(root.rglob("*.md"))[:300]:
        for c in scanners.extract(path.read_text("utf-8", errors="replace"), "markdown", include_code=True):
            _shapes_agree(c.uri)
            seen += 1
    assert seen > 1000


# -- the stand-in shape: the clean shape but for ASCII characters no URI holds ------------------
_bad_piece = st.sampled_from([
    " ", "  ", "\t", "\n", "\x00", "\x7f", '"', "<", ">", "\\", "^", "`", "{", "}", "|", "{id}", "{{ x }}", "${X}",
    "<id>", "[", "]", "p[a][0]=", "%", "%2", "%41", "%7e", "%20", "\u00e9", "\u200b", "\u00a0", "\u2192",
    "/", "/.", "/..", ".", "?", "#", "=", "&", "token=", "key=", "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM",
    "Xk9mQ2vL7pR4wZt8", ":", "@", "a", "Z", "0", "-", "~", "base64,",
])
_starts_like_a_link = st.sampled_from([
    "https://example.com", "http://a.b:80", "HTTP://x.y:443", "ws://h", "ftp://f.example:21", "https://127.1",
    "https://xn--kln-sna.example", "https://exa mple.com", "https://a{b}.c", "", "/", "docs/", "a b", "?", "#",
    " https://x", '"https://x', "<https://x", "(https://x",
])
_stand_in_ish = st.tuples(_starts_like_a_link, st.lists(_bad_piece, max_size=10).map("".join)).map("".join)


@pytest.mark.parametrize("text", [
    pytest.param("https://example.com/items/0 b?page=2", id="space-in-path"),
    pytest.param("https://api.example.com/users/{id}/repos", id="template-braces"),
    pytest.param('https://example.com/search?q="a b"', id="quotes-in-query"),
    pytest.param("https://example.com/a#x y", id="space-in-fragment"),
    pytest.param("https://example.com:8080/a\\b", id="backslash-after-port"),
    pytest.param("HTTPS://example.com/a|b", id="bar-upper-case-scheme"),
    pytest.param("https://example.com/caf\u00e9 au lait", id="non-ascii-and-space"),
    pytest.param("docs/my file.md", id="relative-with-space"),
    pytest.param("{base}/path", id="relative-starting-with-a-slot"),
    pytest.param("https://example.com/%7e a", id="triplet-and-space"),
])
def test_a_stand_in_shape(text: str) -> None:
    from urilint.checker import _clean, _stand_in_shape

    assert _clean(text) is None and _stand_in_shape(text) is not None


@pytest.mark.parametrize("text", [
    pytest.param("https://example.com/items", id="clean"),
    pytest.param("https://exa mple.com/", id="space-in-host"),
    pytest.param("https://a{b}.c/", id="brace-in-host"),
    pytest.param("ht tp://example.com/", id="space-in-scheme"),
    pytest.param(" https://example.com/", id="leading-space"),
    pytest.param('"https://example.com/"', id="quoted"),
    pytest.param("<https://example.com/a b>", id="angle-brackets"),
    pytest.param("https://u:p@example.com/a b", id="userinfo"),
    pytest.param("https://EXAMPLE.com/a b", id="upper-case-host"),
    pytest.param("https://example.com/a\u200bb c", id="suspect-non-ascii"),
    pytest.param("https://example.com/[a b]", id="brackets"),
    pytest.param("mailto:a b@example.com", id="other-scheme"),
    pytest.param("https://example.com/" + "a " * 2049, id="longer-than-the-shortcut"),
])
def test_not_a_stand_in_shape(text: str) -> None:
    from urilint.checker import _clean, _stand_in_shape

    assert _stand_in_shape(text) is None or _clean(text) is not None


def _stand_in_holds(text: str) -> bool:
    """What check() takes from a stand-in shape holds: its reference is parse's, it is a
    candidate with no malformed scheme, its problems are the characters' own (diagnose's
    characters_only finds what the walk finds) and their kinds are problem_kind's."""
    from urilint.checker import _clean, _is_candidate, _shape_reference, _stand_in_shape
    from urilint.rfc3986.reference import parse
    from urilint.rfc3986.validate import _Scanner, diagnose
    from urilint.rules.base import Analysis
    from urilint.rules.common import problem_kinds
    from urilint.rules.uri103_invalid_scheme import scheme_fault

    if _clean(text) is not None:
        return False
    found = _stand_in_shape(text)
    if found is None:
        return False
    ref, expected = _shape_reference(text, *found), parse(text)
    assert ref == expected and ref.spans == expected.spans, text
    assert scheme_fault(text) is None, text
    for context in (None, "markdown-link"):
        assert _is_candidate(Analysis(text, EVERY_RULE), context), text
    walked = _Scanner(text, "URI-reference").run()
    walked.sort(key=lambda p: p.offset)
    assert diagnose(text, characters_only=True) == diagnose(text) == walked != [], text
    told, plain = Analysis(text, Settings()), Analysis(text, Settings())
    told.known_characters_only()
    assert problem_kinds(told) == problem_kinds(plain), text
    return True


@hsettings(max_examples=1500, deadline=None)
@given(text=_stand_in_ish)
@example("https://example.com/p[a][0]= |")  # brackets that pair up: URI111's, with a space
@example("https://example.com/%2 b")  # a stray "%" before a space
def test_a_stand_in_shape_reads_as_the_full_pass_does(text: str) -> None:
    from urilint.rfc3986.grammar import BAD_PCT

    if BAD_PCT.search(text) is None:  # (as check() asks: no stray "%")
        _stand_in_holds(text)
    # and check() says what running every rule says
    for settings in (Settings(), EVERY_RULE):
        plan = Plan.of(settings)
        for context in (None, "markdown-link"):
            assert check_planned(text, plan, context) == full_check(text, plan, context, screened=False), text


def test_the_stand_in_shapes_rows_hold() -> None:
    rows = ["https://example.com/items/0 b?page=2", "https://api.example.com/users/{id}/repos",
            'https://example.com/search?q="a b"', "docs/my file.md", "https://example.com/caf\u00e9 au lait"]
    assert all(_stand_in_holds(text) for text in rows)


@pytest.mark.parametrize("text, codes", [
    pytest.param("https://example.com/items/0 b?page=2", ["URI101"], id="space"),
    pytest.param("https://example.com:443/a b", ["URI206", "URI101"], id="default-port-and-space"),
    pytest.param("https://example.com/a|b", ["URI111"], id="tolerated-bar"),
    # (a normal form is a valid URI's: the dot-segment waits until the space is encoded)
    pytest.param("https://example.com/a/../b c", ["URI101"], id="dot-segment-and-space"),
    pytest.param("https://example.com/a b?token=ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", ["URI101", "URI304"],
                 id="space-and-token"),
    pytest.param("https://example.com/caf\u00e9 x", ["URI110", "URI101"], id="non-ascii-and-space"),
    pytest.param("https://api.example.com/users/{id}", [], id="template-slot"),
])
def test_a_stand_in_shape_runs_the_rules_that_report_it(text: str, codes: List[str]) -> None:
    plan = Plan.of(EVERY_RULE)
    assert [f.code for f in check_planned(text, plan)] == codes
    assert check_planned(text, plan) == full_check(text, plan, screened=False)
