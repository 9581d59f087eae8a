"""Properties of the RFC 3986 core that must hold for every string, checked with hypothesis.

The strategies build URI-shaped text from the grammar's own pieces (schemes, userinfo, every
host form including malformed IP literals, ports, paths full of dot-segments and percent-encodings
in both cases, queries, fragments), then optionally damage it with up to two stray characters,
so both sides of every rule are exercised.  Arbitrary text is checked too.  ``test_differential`` reuses
``uri_like`` and ``damaged``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import FrozenSet, List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import urilint
from urilint.rfc3986 import RULES, grammar
from urilint.rfc3986.validate import SyntaxProblem, _bad_characters, _Scanner, diagnose

# Bounded so the whole module stays within a few seconds (house rule: deadline=None).
FAST = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _chars(chars: FrozenSet[str]) -> st.SearchStrategy[str]:
    return st.sampled_from(sorted(chars))


HEX = "0123456789abcdefABCDEF"
UNRESERVED = _chars(grammar.UNRESERVED)
SUB_DELIMS = _chars(grammar.SUB_DELIMS)
# pct-encoded (2.1) with either case of hex digit; "%2e"/"%2E" and "%7e" are the interesting ones.
PCT = st.one_of(
    st.builds(lambda a, b: "%" + a + b, st.sampled_from(HEX), st.sampled_from(HEX)),
    st.sampled_from(["%2e", "%2E", "%7e", "%7E", "%41", "%2F", "%25", "%3A", "%40", "%C3%A9"]),
)
# Characters that are wrong somewhere or everywhere: delimiters, space, controls, non-ASCII,
# a lone "%", characters RFC 3986 excludes ("<>\"{}|\\^`"), a lone surrogate.
STRAY = st.sampled_from(list(" \t\n\x00%[]#?@:/\\\"<>{}|^`\u00e9\u2603\ud800") + ["%zz", "%4", "::"])


def _joined(*parts: st.SearchStrategy[str], max_size: int = 8) -> st.SearchStrategy[str]:
    return st.lists(st.one_of(*parts), max_size=max_size).map("".join)


SCHEME = st.one_of(
    st.sampled_from(["http", "https", "HTTP", "hTTps", "ftp", "ws", "mailto", "urn", "file", "x", "a+b-c.d"]),
    st.builds(lambda a, b: a + b, _chars(grammar.ALPHA), _joined(_chars(grammar.SCHEME_CHARS), max_size=5)),
)
USERINFO = _joined(UNRESERVED, SUB_DELIMS, PCT, st.just(":"), max_size=6)
_OCTET = st.one_of(st.integers(0, 255).map(str), st.sampled_from(["256", "999", "01", "00", "1000"]))
IPV4 = st.builds(lambda a, b, c, d: f"{a}.{b}.{c}.{d}", _OCTET, _OCTET, _OCTET, _OCTET)
_H16 = st.text(st.sampled_from(HEX), min_size=1, max_size=4)


@st.composite
def ipv6(draw: st.DrawFn) -> str:
    """An IPv6address, mostly valid: 8 groups (or 6 and an IPv4 tail), one run compressed."""
    groups: List[str] = draw(st.lists(_H16, min_size=8, max_size=8))
    if draw(st.booleans()):
        groups = groups[:6] + [draw(IPV4)]
    lo = draw(st.integers(0, len(groups)))
    hi = draw(st.integers(lo, len(groups)))
    if hi > lo and draw(st.booleans()):
        text = ":".join(groups[:lo]) + "::" + ":".join(groups[hi:])
    else:
        text = ":".join(groups)
    if draw(st.integers(0, 9)) == 0:  # now and then a shape fault or a zone id (RFC 6874)
        fault = draw(st.sampled_from([":", "::", ":1", "%25eth0", "%eth0", "12345", ":::", "1:"]))
        text = text + fault if draw(st.booleans()) else fault + text
    return text


IPVFUTURE = st.builds(
    lambda v, ver, tail: v + ver + "." + tail,
    st.sampled_from(["v", "V"]),
    st.text(st.sampled_from(HEX), min_size=1, max_size=2),
    _joined(UNRESERVED, SUB_DELIMS, st.just(":"), max_size=5).filter(bool),
)
REG_NAME = st.one_of(
    st.sampled_from(["example.com", "EXAMPLE.com", "a", "localhost", "ex_ample", "xn--n3h"]),
    _joined(UNRESERVED, SUB_DELIMS, PCT, max_size=6),
)
HOST = st.one_of(
    REG_NAME,
    IPV4,
    ipv6().map(lambda h: "[" + h + "]"),
    IPVFUTURE.map(lambda h: "[" + h + "]"),
)
PORT = st.one_of(st.sampled_from(["", "80", "443", "080", "8080", "21", "65536"]), st.text("0123456789", max_size=3))


@st.composite
def authority(draw: st.DrawFn) -> str:
    userinfo = draw(st.one_of(st.none(), USERINFO))
    port = draw(st.one_of(st.none(), PORT))
    out = draw(HOST)
    if userinfo is not None:
        out = f"{userinfo}@{out}"
    if port is not None:
        out = f"{out}:{port}"
    return out


SEGMENT = st.one_of(
    st.sampled_from(["", ".", "..", "%2e", "%2E%2e", ".a", "a.", "...", "a", "b", "c:d", "@", "g;x=1", "%7Efoo"]),
    _joined(UNRESERVED, SUB_DELIMS, PCT, st.sampled_from([":", "@"]), max_size=4),
)


@st.composite
def path(draw: st.DrawFn) -> str:
    segments = draw(st.lists(SEGMENT, max_size=6))
    text = "/".join(segments)
    return "/" + text if draw(st.booleans()) else text


QUERY = _joined(UNRESERVED, SUB_DELIMS, PCT, st.sampled_from([":", "@", "/", "?", "=", "&"]), max_size=6)


@st.composite
def uri_like(draw: st.DrawFn, absolute: bool = False) -> str:
    """scheme ":" / "//" authority / path / "?" query / "#" fragment, each part optional
    (``absolute``: always a scheme and never a fragment, the shape of absolute-URI)."""
    out = ""
    if absolute or draw(st.booleans()):
        out += draw(SCHEME) + ":"
    p = draw(path())
    if draw(st.booleans()):
        out += "//" + draw(authority())
        if p and not p.startswith("/"):
            p = "/" + p
    out += p
    if draw(st.booleans()):
        out += "?" + draw(QUERY)
    if not absolute and draw(st.booleans()):
        out += "#" + draw(QUERY)
    return out


@st.composite
def damaged(draw: st.DrawFn, base: st.SearchStrategy[str]) -> str:
    """``base`` with up to two stray characters inserted at drawn positions."""
    text = draw(base)
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(STRAY) + text[at:]
    return text


#: Everything the properties run on: URI-shaped, URI-shaped but damaged, and any text at all.
ANY_TEXT = st.one_of(uri_like(), damaged(uri_like()), st.text(max_size=40))

# An absolute base (absolute-URI) and a reference, both valid, for resolution.
VALID_BASE = uri_like(absolute=True).filter(lambda b: urilint.is_valid(b, "absolute-URI"))


# --- parse ---------------------------------------------------------------------------------
COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")


@FAST
@given(ANY_TEXT)
@example("http://[::1]:80/p?q#f")
@example("//u@[v1.x]:/")
@example("a@b@c://d")
def test_parse_round_trips_and_spans_slice_back(text: str) -> None:
    ref = urilint.parse(text)
    assert str(ref) == text
    for name in COMPONENTS:
        value = getattr(ref, name)
        span = ref.span(name)
        if value is None:
            assert span is None, name
        else:
            assert span is not None and text[span[0]:span[1]] == value, name
    if ref.authority is not None:
        # userinfo, host and port are pieces of the authority, in that order, inside its span.
        assert ref.with_components(host=ref.host).authority == ref.authority
        start, end = ref.span("authority")  # type: ignore[misc]
        inner = [ref.span(n) for n in ("userinfo", "host", "port")]
        bounds = [start] + [b for sp in inner if sp is not None for b in sp] + [end]
        assert bounds == sorted(bounds)


# --- validate / is_valid ------------------------------------------------------------------
# Problems whose rule is a character class: the character at the offset must be outside it.
CHAR_RULES = {
    "reg-name": grammar.REG_NAME_CHARS,
    "userinfo": grammar.USERINFO_CHARS,
    "pchar": grammar.PCHAR | frozenset("/"),
    "query": grammar.QUERY_CHARS,
    "fragment": grammar.FRAGMENT_CHARS,
    "segment-nz-nc": grammar.SEGMENT_NZ_NC_CHARS,
    "port": grammar.DIGIT,
}


@FAST
@given(ANY_TEXT)
@example("http://[::1%25eth0]/")
@example("http://a/%")
@example("1a:b")
def test_validate_agrees_with_is_valid_and_offsets_are_in_range(text: str) -> None:
    for rule in RULES:
        problems = urilint.validate(text, rule)
        assert (problems == []) is urilint.is_valid(text, rule), rule
        offsets = [p.offset for p in problems]
        assert offsets == sorted(offsets), rule
        assert all(0 <= o <= len(text) for o in offsets), rule
        for p in problems:
            assert p.message and p.component
            if p.rule in CHAR_RULES and p.offset < len(text):
                assert text[p.offset] not in CHAR_RULES[p.rule], (rule, p)
            if p.rule == "pct-encoded":
                assert text[p.offset] == "%" and grammar.BAD_PCT.match(text, p.offset), (rule, p)


# --- normalize -----------------------------------------------------------------------------
def _kept_text(text: str) -> Tuple[Counter[str], int]:
    """What normalization may never remove: characters that no normalization step (case,
    percent-encoding, dot-segments, default port) touches because they are not path characters,
    and "%" signs that do not start a percent-encoding."""
    path_chars = grammar.PCHAR | frozenset("/%")
    return Counter(c for c in text if c not in path_chars), len(grammar.BAD_PCT.findall(text))


@FAST
@given(ANY_TEXT)
@example("http://a/b c/../d")
@example("http://a/%zz/../d")
@example("x:/.//a")
@example("HTTP://A:80")
@example("%3%30")
@example("ws://[0:0:0000:0000:0000:0000:%30:0]")
@example("http://[::1.2.3%2E4]/")
def test_normalize_is_idempotent_keeps_validity_and_loses_no_text(text: str) -> None:
    once = urilint.normalize(text)
    assert urilint.normalize(once) == once
    for rule in RULES:
        if urilint.is_valid(text, rule):
            assert urilint.is_valid(once, rule), rule
    # The honest form of "never loses text": every character outside the path alphabet (each
    # one is a delimiter or a syntax error) and every bad "%" is still there, so an invalid
    # segment is never dropped by dot-segment removal; and invalid input stays invalid.
    assert _kept_text(once) == _kept_text(text)
    for rule in RULES:
        if not urilint.is_valid(text, rule):
            assert not urilint.is_valid(once, rule), rule


# --- resolve -------------------------------------------------------------------------------
@FAST
@given(VALID_BASE, st.one_of(uri_like(), st.sampled_from(["", ".", "..", "/.//a", ".//b:c", "/..//x:y"])))
@example("x:/a", "/.//b:x")
@example("x:/a", ".//b")
@example("x:", "a/..//b:c")
def test_resolving_a_valid_reference_against_a_valid_base_gives_a_valid_uri(base: str, ref: str) -> None:
    if not urilint.is_valid(ref):
        return
    r = urilint.parse(ref)
    for strict in (True, False):
        target = urilint.resolve(base, ref, strict=strict)
        assert urilint.is_valid(target, "URI"), (base, ref, strict, target)
        # 5.2.2: the target's authority is the reference's when it has a scheme or an authority,
        # else the base's; never one conjured from the path ("x:/a" and ".//b" is not "x://b").
        own_scheme = r.scheme is not None and (strict or r.scheme.lower() != base.split(":")[0].lower())
        if r.authority is not None or own_scheme:
            assert urilint.parse(target).authority == r.authority, (base, ref, target)
        elif r.scheme is None:
            assert urilint.parse(target).authority == urilint.parse(base).authority, (base, ref, target)
        # A target resolved once more has its dot-segments removed (5.2.2 copies a base path
        # as it is, "x:/." and "" give "x:/."); after that, resolving is a fixed point.
        again = urilint.resolve(base, target)
        assert urilint.resolve(base, again) == again


# --- remove_dot_segments -------------------------------------------------------------------
DOT_PATH = st.lists(st.sampled_from(["", ".", "..", "a", "b.", ".c", "..d", "%2E"]), max_size=8).map("/".join)


@FAST
@given(st.one_of(DOT_PATH, DOT_PATH.map(lambda p: "/" + p), st.text(alphabet="./a", max_size=12)))
def test_remove_dot_segments_leaves_no_dot_segment(path_text: str) -> None:
    out = urilint.remove_dot_segments(path_text)
    assert "." not in out.split("/") and ".." not in out.split("/"), out
    assert urilint.remove_dot_segments(out) == out
    # An absolute path stays absolute (5.2.4 never removes the root).
    if path_text.startswith("/"):
        assert out.startswith("/")


# --- the bugs these properties found, kept as a table --------------------------------------
@pytest.mark.parametrize(
    ("call", "args", "expected"),
    [
        # normalize removed the dot-segments of an invalid path and with them the invalid text,
        # turning an invalid reference into a valid, different one.
        pytest.param("normalize", ("http://a/b c/../d",), "http://a/b c/../d", id="invalid-segment-not-dropped"),
        pytest.param("normalize", ("http://a/%zz/../d",), "http://a/%zz/../d", id="bad-pct-segment-not-dropped"),
        pytest.param("normalize", ("HTTP://A/%7e/./x y",), "http://a/~/./x y", id="invalid-path-still-pct-and-case"),
        pytest.param("normalize", ("http://a/%7e/./b",), "http://a/~/b", id="valid-path-still-dot-normalized"),
        # Decoding an encoded hex digit next to a stray "%" completed a new triplet: "%3%30"
        # became "%30" (then "0" on a second pass), an invalid reference turned valid.
        pytest.param("normalize", ("%3%30",), "%3%30", id="stray-pct-then-encoded-digit"),
        pytest.param("normalize", ("%0%30",), "%0%30", id="stray-pct-not-completed"),
        pytest.param("normalize", ("/%%34%31",), "/%%34%31", id="stray-pct-two-encoded-digits"),
        pytest.param("normalize", ("//%3%30%7e/",), "//%3%30~/", id="host-stray-pct-tilde-still-decoded"),
        pytest.param("normalize", ("/%7e%30%zz",), "/~%30%zz", id="non-hex-unreserved-still-decoded"),
        pytest.param("normalize", ("/%7e%30",), "/~0", id="valid-text-decodes-digits"),
        # resolve produced a path starting with "//" without an authority, which reads back as
        # an authority: invalid ("x://b:c", port "c") or silently a different URI ("x://b").
        pytest.param("resolve", ("x:", "a/..//b:c"), "x:/.//b:c", id="resolve-no-authority-double-slash"),
        pytest.param("resolve", ("x:/a", ".//b"), "x:/.//b", id="resolve-dot-double-slash"),
        pytest.param("resolve", ("x:/a", "/.//b"), "x:/.//b", id="resolve-absolute-double-slash"),
        pytest.param("resolve", ("x:/a", "y:/.//b"), "y:/.//b", id="resolve-scheme-ref-double-slash"),
        pytest.param("resolve", ("x://h/a", ".//b"), "x://h//b", id="resolve-with-authority-untouched"),
    ],
)
def test_found_cases(call: str, args: Tuple[str, ...], expected: str) -> None:
    assert getattr(urilint, call)(*args) == expected


@FAST
@given(text=st.one_of(damaged(uri_like()), st.text(max_size=40)))
@example("a:b")
@example("./a:b")
@example("//a:b@c")
@example("1a:b")
def test_uri_reference_is_uri_or_relative_ref_by_its_scheme_prefix(text: str) -> None:
    """is_valid picks URI or relative-ref by the scheme prefix instead of the combined pattern
    (section 4.1); that must accept exactly what the combined Appendix A pattern accepts."""
    combined = re.fullmatch(grammar.URI_REFERENCE, text) is not None and grammar.BAD_PCT.search(text) is None
    assert urilint.is_valid(text) == combined
    assert urilint.is_valid(text) == (urilint.is_valid(text, "URI") or urilint.is_valid(text, "relative-ref"))


class _WalkingScanner(_Scanner):
    """The scanner as it was: every character tested in Python, one at a time (the reference
    for the one that jumps from one character outside the set to the next)."""

    def chars(self, start: int, end: int, allowed: FrozenSet[str], rule: str, component: str,
              pct: bool = True, first_only: bool = False) -> Optional[int]:
        text = self.text
        first: Optional[int] = None
        i = start
        while i < end and not self.full():
            if text[i] in allowed:
                i += 1
                continue
            if self.outside(i, end, rule, component, pct):
                i += 3
                continue
            if first is None:
                first = i
                if first_only:
                    break
            i += 1
        return first


@FAST
@given(ANY_TEXT)
@example("http://[::1%25eth0]/")
@example("http://u%zz@[v1.x y]:8a/%4/a b?%%#%")
@example("https://example.com/" + "a " * 600)  # more problems than MAX_PROBLEMS
def test_the_scanner_finds_what_a_character_walk_finds(text: str) -> None:
    for rule in RULES:
        assert _Scanner(text, rule).run() == _WalkingScanner(text, rule).run(), rule


def _walked(text: str) -> List[SyntaxProblem]:
    problems = _Scanner(text, "URI-reference").run()
    problems.sort(key=lambda p: p.offset)
    return problems


#: Texts whose only faults are characters no URI holds, one per component the shortcut names.
BAD_CHARACTERS_ALONE = [
    pytest.param("https://example.com/items/1 b?page=2", id="space-in-path"),
    pytest.param("https://example.com/caf\u00e9/?q=\u65e5#\u00e9", id="non-ascii-path-query-fragment"),
    pytest.param("https://us er:p\tw@ex\u00e4mple.com:8080/", id="userinfo-and-host"),
    pytest.param("//h/a\"b", id="relative-with-authority"),
    pytest.param("a b/c:d?x y", id="relative-path"),
    pytest.param("mailto:a b@example.com", id="rootless-path"),
    pytest.param("https://h/%41 %7e", id="valid-triplets-beside"),
    pytest.param("https://h/" + "a " * 1200, id="more-than-max-problems"),
]
#: Texts the shortcut leaves to the walk: a structural fault, or a character that changes the
#: split when a letter stands in for it.
TO_THE_WALK = [
    pytest.param("ht tp://example.com/", id="space-in-scheme"),
    pytest.param("a b:c", id="colon-after-space-reads-as-scheme-with-a-letter"),
    pytest.param("http://[::1 ]/", id="ip-literal"),
    pytest.param("http://h:8 0/", id="space-in-port"),
    pytest.param("http://h/% 41", id="stray-percent"),
    pytest.param("http://h/a b#c#d", id="second-hash"),
    pytest.param("http://a@b@c/ d", id="at-in-userinfo"),
    pytest.param("http://h/%zz", id="no-bad-character"),
    # Longer than the shortcut proves: the walk stops at MAX_PROBLEMS, the proof would read it all.
    pytest.param("https://h/" + "a " * 3000, id="longer-than-the-shortcut-reads"),
]


@pytest.mark.parametrize("text", BAD_CHARACTERS_ALONE)
def test_bad_characters_alone_skip_the_walk_and_find_what_it_finds(text: str) -> None:
    found = _bad_characters(text)
    assert found is not None and found == _walked(text) != []


@pytest.mark.parametrize("text", TO_THE_WALK)
def test_structural_faults_go_to_the_walk(text: str) -> None:
    assert not urilint.is_valid(text)
    assert _bad_characters(text) is None
    assert diagnose(text) == _walked(text) != []


@FAST
@given(ANY_TEXT)
@example("https://us er@h/")
@example("/a\u00e9?b c#d\te")
def test_the_bad_character_shortcut_agrees_with_the_walk(text: str) -> None:
    if urilint.is_valid(text):
        return
    found = _bad_characters(text)
    assert found is None or found == _walked(text)
    assert diagnose(text) == _walked(text)


@FAST
@given(ANY_TEXT)
@example("http://user@example.com:80/a?b#c")
@example("//h/p")
def test_the_patterns_without_ip_literal_agree_where_no_bracket_is(text: str) -> None:
    text = text.replace("[", "")
    for rule in RULES:
        full = grammar.RULE_PATTERNS[rule].fullmatch(text) is not None
        assert (grammar.RULE_PATTERNS_WITHOUT_IP_LITERAL[rule].fullmatch(text) is not None) is full, rule


def test_the_patterns_without_ip_literal_have_no_ip_literal() -> None:
    for rule in RULES:
        pattern = grammar.RULE_PATTERNS_WITHOUT_IP_LITERAL[rule].pattern
        assert "\\[" not in pattern and grammar.IPVFUTURE not in pattern, rule
        assert urilint.is_valid("http://[::1]:8080/", "URI") and urilint.is_valid("//[v1.x]/", "relative-ref")


def _is_valid_by_pattern(text: str, rule: str) -> bool:
    """is_valid as the patterns alone say it (before the search for characters no URI holds)."""
    if rule == "URI-reference":
        rule = "URI" if grammar.SCHEME_PREFIX.match(text) else "relative-ref"
    if grammar.RULE_PATTERNS[rule].fullmatch(text) is None:
        return False
    return grammar.BAD_PCT.search(text) is None


@FAST
@given(ANY_TEXT)
@example("http://example.com/a b")
@example("http://ex\u00e4mple.com/")
@example("http://[::1]/\x7f")
def test_is_valid_reads_as_the_patterns(text: str) -> None:
    for rule in RULES:
        assert urilint.is_valid(text, rule) is _is_valid_by_pattern(text, rule), rule
        if not urilint.is_valid(text, rule):
            assert diagnose(text, rule) == urilint.validate(text, rule) != [], rule


@pytest.mark.parametrize(("port", "default", "spells"), [
    pytest.param("80", 80, True, id="default"),
    pytest.param("080", 80, True, id="leading-zero"),
    pytest.param("0000443", 443, True, id="many-leading-zeros"),
    pytest.param("8080", 80, False, id="other"),
    pytest.param("", 80, False, id="empty"),
    pytest.param("", 0, True, id="empty-reads-as-zero"),
    pytest.param("\u0668\u0660", 80, False, id="arabic-indic-digits"),
    pytest.param("\u00b2", 2, False, id="superscript-two"),
    pytest.param("8 0", 80, False, id="space"),
    pytest.param("1" * 5000, 80, False, id="five-thousand-digits"),
])
def test_spells_port(port: str, default: int, spells: bool) -> None:
    """Only ASCII digits spell a port (section 3.2.3: port = *DIGIT); zeros before them do not
    change it."""
    from urilint.rfc3986.normalize import spells_port

    assert spells_port(port, default) is spells
