"""The full pass runs only the rules a URI's signs select (rules.signs); it never hides a finding.

Every test here compares ``full_check(..., screened=True)`` with running every enabled rule.
"""

from __future__ import annotations

import re
from typing import List, Optional

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from tests.conftest import CORPORA, need_shared
from urilint import secrets
from urilint.checker import Plan, check_hiding, check_planned, full_check
from urilint.rules import RULES
from urilint.rules.base import Analysis, Sign
from urilint.rules.signs import signs_of
from urilint.rules.uri104_invalid_host import dns_fault, may_break_dns
from urilint.settings import Settings

EVERY_RULE = Settings(select=frozenset({"ALL"}))
SETTINGS = [
    pytest.param(Settings(), id="default"),
    pytest.param(EVERY_RULE, id="every-rule"),
    pytest.param(EVERY_RULE._replace(allowed_schemes=frozenset({"htps", "myapp"}),
                                     extra_default_ports=(("myapp", 7000),)), id="allowed-schemes-and-ports"),
    pytest.param(EVERY_RULE._replace(exempt_example_hosts=True), id="exempt-example-hosts"),
]
CONTEXTS = [None, "markdown-link"]

_piece = st.sampled_from([
    "http", "https", "HTTP", "Https", "ws", "ftp", "postgres", "mailto:", "data:", "urn:", "hxxp", "htps", "myapp",
    "PLAINTEXT", "a_b", "1x", "://", ":/", "//", "///", "/", ".", "..", "/./", "/../", "a", "Z", "-", "_",
    "example.com", "EXAMPLE.com", "ex-ample", "-x", "x-", "xn--kln-sna", ":", ":80", ":443", ":", ":99999",
    ":8080", ":port", ":7000", "?", "#", "&", ";", "=", "token=", "key=", "access_token=", "a9c1d7e3f0b2",
    "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", "hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "%", "%41", "%2F", "%2f", "%7E", "%7e", "%zz", "%E2%82%AC", "@", "u:p@", "user:Xk9mQ2vL7pR4wZt8@",
    "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM@", "www.evil.com@", "10.0.0.1:80@", "\u00f6", "\u00c4",
    "\u0130", "\u017f", "\u200b", "\u00a0", "\u65e5", "127.1", "0x7f", "1.2.3.4", "999.1.1.1", "999", "[", "]",
    "[::1]", "[::1::2]", " ", "\n", "\t", "{x}", "${X}", "<id>", "$X", "%s", "a" * 64, "https//", "http;//",
    "(", ")", '"', "'", "|", "^", "`", "\\",
])
_uriish = st.lists(_piece, max_size=12).map("".join)


def _both(text: str, settings: Settings, context: Optional[str]) -> None:
    plan = Plan.of(settings)
    every = full_check(text, plan, context, screened=False)
    assert full_check(text, plan, context) == every, text
    assert check_planned(text, plan, context) == every, text


@pytest.mark.parametrize("context", CONTEXTS)
@pytest.mark.parametrize("settings", SETTINGS)
@hsettings(max_examples=300, deadline=None)
@given(text=_uriish)
def test_signs_never_hide_a_finding(settings: Settings, context: Optional[str], text: str) -> None:
    _both(text, settings, context)


def _examples() -> List[str]:
    texts: List[str] = []
    for rule in RULES:
        texts.extend(e.text for e in rule.bad)
        texts.extend(rule.good)
    return texts


@pytest.mark.parametrize("context", CONTEXTS)
@pytest.mark.parametrize("settings", SETTINGS)
def test_signs_keep_every_rules_examples(settings: Settings, context: Optional[str]) -> None:
    texts = _examples()
    assert len(texts) > 300
    for text in texts:
        _both(text, settings, context)


@pytest.mark.slow
def test_signs_on_the_docs_corpus() -> None:
    root = need_shared(CORPORA / "docs")
    pattern = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\s<>\"'`()\[\]]+|\]\(([^\s()<>]+)\)")
    uris: List[str] = []
    for path in sorted(root.rglob("*.md"))[::5]:
        for m in pattern.finditer(path.read_text(encoding="utf-8", errors="replace")):
            uris.append(m.group(1) or m.group(0))
    assert len(uris) > 1000
    plan = Plan.of(EVERY_RULE)
    reported = 0
    for uri in dict.fromkeys(uris):
        every = full_check(uri, plan, screened=False)
        assert full_check(uri, plan) == every, uri
        reported += bool(every)
    assert reported > 50  # the corpus exercises the screened pass, not only the fast path


# -- each sign, on inputs that show it and inputs that do not ------------------------------------
SHOWS = [
    pytest.param("https://example.com/a b", Sign.INVALID, id="invalid-space"),
    pytest.param("HTTP://example.com/", Sign.SCHEME_CASE, id="scheme-case"),
    pytest.param("https://Example.com/", Sign.HOST_CASE, id="host-case"),
    pytest.param("https://ex%41mple.com/", Sign.HOST_CASE, id="host-percent"),
    pytest.param("https://example.com/%7e", Sign.PERCENT, id="percent"),
    pytest.param("https://example.com/a/../b", Sign.DOTS, id="dots"),
    pytest.param("https://example.com:/", Sign.PORT, id="empty-port"),
    pytest.param("https://example.com", Sign.EMPTY_PATH, id="empty-path"),
    pytest.param("https://u@example.com/", Sign.USERINFO, id="userinfo"),
    pytest.param("https://example.com/?access_token=abc", Sign.SECRET, id="secret-parameter"),
    pytest.param("https://HOOKS.slack.com/services/x", Sign.SECRET, id="webhook-any-case"),
    pytest.param("http://0x7f.1/", Sign.HOST_DIGIT, id="host-digit"),
    pytest.param("https://-example.com/", Sign.HOST_DNS, id="host-dns"),
    pytest.param("http://[::1::2]/", Sign.HOST_LITERAL, id="host-literal"),
    pytest.param("http://u@[v1.x]:8/", Sign.HOST_LITERAL, id="host-literal-after-userinfo"),
    pytest.param("myapp://x/", Sign.SCHEME_UNKNOWN, id="scheme-unknown"),
    pytest.param("http:/example.com", Sign.NO_HOST, id="no-host"),
    pytest.param("https//example.com", Sign.TYPO_START, id="typo-missing-colon"),
    pytest.param("https://https://example.com", Sign.TYPO_START, id="typo-doubled"),
    pytest.param("https://example.com/a b", Sign.BAD_CHARACTER, id="bad-character"),
    pytest.param("https://example.com/a%zz", Sign.BAD_PERCENT, id="bad-percent"),
    pytest.param("1a:b/c", Sign.PATH_COLON, id="path-colon"),
    pytest.param("https://example.com/a[1", Sign.BAD_DELIMITER, id="bad-delimiter"),
    pytest.param("https://example.com/caf\u00e9 x", Sign.NON_ASCII, id="non-ascii-beside-a-space"),
    pytest.param("https://example.com/a|b c", Sign.TOLERATED, id="tolerated-beside-a-space"),
    pytest.param("(https://example.com/a b)", Sign.BAD_CHARACTER, id="bad-character-after-a-wrapper"),
    pytest.param("htps://example.com/", Sign.SCHEME_NEAR_MISS, id="near-miss"),
    pytest.param("HTPPS://example.com/", Sign.SCHEME_NEAR_MISS, id="near-miss-upper-case"),
]
LACKS = [
    pytest.param("https://example.com/a", Sign.INVALID, id="valid"),
    pytest.param("https://example.com/", Sign.SCHEME_CASE, id="scheme-lowercase"),
    pytest.param("https://example.com/A/B", Sign.HOST_CASE, id="uppercase-path-not-host"),
    pytest.param("https://example.com/a", Sign.PERCENT, id="no-percent"),
    pytest.param("https://example.com/", Sign.DOTS, id="dot-in-host-only"),
    pytest.param("https://example.com/a?x=1:2", Sign.PORT, id="colon-in-query"),
    pytest.param("https://example.com/", Sign.EMPTY_PATH, id="root-path"),
    pytest.param("mailto:a", Sign.EMPTY_PATH, id="no-authority"),
    pytest.param("https://example.com/a?x=a@b", Sign.USERINFO, id="at-in-query"),
    pytest.param("https://example.com/?page=2", Sign.SECRET, id="ordinary-parameter"),
    pytest.param("https://a1.example.com/", Sign.HOST_DIGIT, id="digit-later"),
    pytest.param("https://a[1]/", Sign.HOST_LITERAL, id="bracket-later"),
    pytest.param("https://example.com/[x]", Sign.HOST_LITERAL, id="bracket-in-path"),
    pytest.param("https://a." + "b" * 63 + ".com./", Sign.HOST_DNS, id="long-label-within-bounds"),
    pytest.param("https://x/", Sign.SCHEME_UNKNOWN, id="registered"),
    pytest.param("ssh://x/", Sign.SCHEME_UNKNOWN, id="common-unregistered"),
    pytest.param("https://example.com", Sign.NO_HOST, id="has-host"),
    pytest.param("mailto:a@b", Sign.NO_HOST, id="not-a-web-scheme"),
    pytest.param("https://example.com/https//", Sign.TYPO_START, id="typo-shape-later"),
    pytest.param("https://example.com/a b", Sign.NON_ASCII, id="space-is-no-iri-character"),
    pytest.param("https://example.com/caf\u00e9 x", Sign.BAD_PERCENT, id="no-stray-percent"),
    pytest.param("https://example.com/a b", Sign.TOLERATED, id="space-is-not-tolerated"),
    pytest.param("https://example.com/a%20b", Sign.PROBLEM_KINDS, id="valid-has-no-problem-kind"),
    pytest.param("https://example.com/{x}", Sign.PROBLEM_KINDS, id="placeholder-is-no-problem"),
    pytest.param("myapp://example.com/", Sign.SCHEME_NEAR_MISS, id="unknown-but-no-near-miss"),
    pytest.param("tftp://example.com/", Sign.SCHEME_NEAR_MISS, id="near-miss-but-registered"),
    pytest.param("hp://example.com/", Sign.SCHEME_NEAR_MISS, id="too-short-to-judge"),
    pytest.param("data:image/png;base64,iVBO\n  RK5C", Sign.PROBLEM_KINDS, id="base64-whitespace-ignored"),
]


def _signs(text: str) -> int:
    return signs_of(Analysis(text, EVERY_RULE), Sign.ANY)


@pytest.mark.parametrize("text, sign", SHOWS)
def test_a_uri_shows_its_sign(text: str, sign: int) -> None:
    assert _signs(text) & sign


@pytest.mark.parametrize("text, sign", LACKS)
def test_a_uri_lacks_a_sign(text: str, sign: int) -> None:
    assert not _signs(text) & sign


def test_only_wanted_signs_are_worked_out() -> None:
    text = "HTTP://Example.com:80/a/../%7e?token=ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM"
    every = _signs(text)
    assert every & Sign.SCHEME_CASE and every & Sign.PORT
    assert signs_of(Analysis(text, EVERY_RULE), Sign.PORT) == Sign.PORT
    assert signs_of(Analysis(text, EVERY_RULE), 0) == 0
    # Signs found on the way to a wanted one are not returned.
    assert signs_of(Analysis("https://example.com/a b", EVERY_RULE), Sign.BAD_CHARACTER) == Sign.BAD_CHARACTER
    assert signs_of(Analysis("htps://example.com/", EVERY_RULE), Sign.SCHEME_NEAR_MISS) == Sign.SCHEME_NEAR_MISS


def test_an_ordinary_reported_uri_runs_one_rule() -> None:
    """What the signs are for: an uppercase scheme concerns URI201 alone."""
    plan = Plan.of(EVERY_RULE)
    a = Analysis("HTTP://example.com/items/1", EVERY_RULE)
    assert [r.code for r in plan.rules_for(signs_of(a, plan.wanted))] == ["URI201"]


def test_an_invalid_uri_runs_the_syntax_rules_of_its_problems() -> None:
    """A space concerns URI101 (and URI103, which reads the scheme, not the problems): the
    rules of the other problem kinds do not run."""
    plan = Plan.of(EVERY_RULE)
    a = Analysis("https://example.com/a b", EVERY_RULE)
    assert [r.code for r in plan.rules_for(signs_of(a, plan.wanted))] == ["URI101", "URI103"]


def test_an_unknown_scheme_runs_uri109_alone() -> None:
    """URI108 looks at an unknown scheme only when it is one edit from a common one."""
    plan = Plan.of(EVERY_RULE)
    a = Analysis("myapp://example.com/items?page=2", EVERY_RULE)
    assert [r.code for r in plan.rules_for(signs_of(a, plan.wanted))] == ["URI109"]


def test_rule_signs_are_declared() -> None:
    for rule in RULES:
        assert 0 <= rule.signs <= Sign.ANY, rule.code
        if rule.code.startswith("URI4"):
            assert rule.signs == Sign.NONE  # link rules say nothing about one URI
        else:
            assert rule.signs != Sign.NONE, rule.code


# -- the cheap tests the signs rest on ------------------------------------------------------------
_host = st.lists(st.sampled_from(["a", "b", "0", "-", ".", "\u00e4", "\ufdfa", "a" * 30, "b" * 63, "c" * 64]),
                 max_size=14).map("".join)


@hsettings(max_examples=500, deadline=None)
@given(host=_host)
def test_may_break_dns_is_necessary_for_a_dns_fault(host: str) -> None:
    if dns_fault(host) is not None:
        assert may_break_dns(host, host.isascii()), host


@pytest.mark.parametrize("n", [61, 62, 63])
def test_a_host_one_octet_too_long_is_not_hidden(n: int) -> None:
    """254 characters without a trailing dot break DNS's 253; the fast path's screen once let it by."""
    host = ".".join(["a" * 63] * 3 + ["a" * n])
    uri = f"https://{host}/"
    expected = ["URI104"] if len(host) > 253 else []
    assert [f.code for f in check_planned(uri, Plan.of(Settings()))] == expected
    assert [f.code for f in full_check(uri, Settings(), screened=False)] == expected


_mixed = st.lists(st.sampled_from(["hooks.slack.com", "HOOKS.SLACK.COM", "discordapp.com", "Office.Com",
                                   "maker.ifttt.com", "api.telegram.org", "d\u0130scord.com", "ho\u017fks",
                                   "hooks.\u017flack.com", "x", "/", ".", "\u00e4", "api.telegram.org",
                                   "ap\u0131.telegram.org", "api.telegram.org".upper(), "ma\u212aer.ifttt.com",
                                   "maker.ifttt.com".upper(), "\u0130", "\u212a"]), max_size=5).map("".join)


@hsettings(max_examples=400, deadline=None)
@given(text=_mixed)
def test_webhook_hint_reads_as_the_pattern(text: str) -> None:
    assert secrets._webhook_hint(text) is (secrets._WEBHOOK_HINT.search(text) is not None)


_marked = st.lists(st.sampled_from(["example", "EXAMPLE", "xmpl", "XmPl", "fake", "FA\u212aE", "fa\u212ae", "dummy",
                                    "DUMMY", "exa", "mple", "fa", "ke", "dum", "my", "\u017f", "\u0131", "\u0130",
                                    "x", "1", "_", "\u00e4"]), max_size=5).map("".join)


@hsettings(max_examples=400, deadline=None)
@given(value=_marked)
def test_the_example_mark_reads_as_its_pattern(value: str) -> None:
    assert secrets._has_example_mark(value.lower()) is (secrets._EXAMPLE_MARK.search(value) is not None)


def test_the_characters_that_fold_to_ascii_letters_are_all_known() -> None:
    """_webhook_hint puts an ASCII letter in place of each non-ASCII character that IGNORECASE
    matches with one, then lowers the text: the table must hold every such character, and no
    other non-ASCII character may lower to text holding an ASCII letter."""
    letter = re.compile("[a-z]", re.I)
    folding = {chr(cp) for cp in range(0x80, 0x110000) if letter.fullmatch(chr(cp))}
    assert folding == set(secrets.FOLDS_TO_ASCII)
    for char, ascii_letter in secrets.FOLDS_TO_ASCII.items():
        assert re.fullmatch(ascii_letter, char, re.I)
    lowered_to_ascii = {chr(cp) for cp in range(0x80, 0x110000) if any(c.isascii() for c in chr(cp).lower())}
    assert lowered_to_ascii <= folding


@pytest.mark.parametrize("settings", SETTINGS[:2])
@hsettings(max_examples=300, deadline=None)
@given(text=_uriish)
def test_secret_spans_from_what_the_analysis_knows(settings: Settings, text: str) -> None:
    """The checker hands secret_spans the parsed reference and may_hold_secret's answer, with
    which it returns at once when there is no userinfo either: the spans must be the same."""
    a = Analysis(text, settings)
    full = secrets.secret_spans(text, settings.placeholders)
    assert secrets.secret_spans(text, settings.placeholders, a.ref, a.may_hold_secret()) == full
    assert secrets.secret_spans(text, settings.placeholders, None, a.may_hold_secret()) == full
    if a.ref.userinfo is None and not a.may_hold_secret():
        assert full == []


@pytest.mark.parametrize("settings", SETTINGS[:2])
@hsettings(max_examples=300, deadline=None)
@given(text=_uriish)
def test_check_hands_back_the_secret_spans(settings: Settings, text: str) -> None:
    """The pipeline shows a reported URI redacted with the spans check_hiding hands back."""
    findings, hidden = check_hiding(text, Plan.of(settings))
    assert findings == check_planned(text, Plan.of(settings))
    assert hidden == (secrets.secret_spans(text, settings.placeholders) if findings else [])
    assert secrets.masked(text, hidden) == (secrets.redact(text, settings.placeholders) if findings else text)


@pytest.mark.parametrize("value, expected", [
    pytest.param("123456", True, id="digits"),
    pytest.param("1234567890abcdef", True, id="two-runs"),
    pytest.param("abcdefghij", True, id="letters"),
    pytest.param("123abc789", True, id="three-runs-of-three"),
    pytest.param("AbCdEfGhIjKlMnOpQrStUvWxYz1234567890", True, id="case-aside"),
    pytest.param("xoxb-1234-1234-abc123", True, id="runs-after-a-prefix-word"),
    pytest.param("pingram_sk_abc123", True, id="runs-after-words"),
    pytest.param("abc123def456ghi789jkl012mno345pq", True, id="many-runs-of-three"),
    pytest.param("12345", False, id="too-short"),
    pytest.param("Xk9mQ2vL7pR4wZt8", False, id="random"),
    pytest.param("abcdefgz91", False, id="runs-of-two-and-a-half"),
    pytest.param("a1b2c3d4e5f6", False, id="interleaved"),
    pytest.param("xoxb-43598234231-3248932482278", False, id="typed-digits-after-a-prefix"),
    pytest.param("pingram_sk_Zq7pw8Lk", False, id="random-after-words"),
    pytest.param("sk_live_ab12", False, id="too-short-after-words"),
    pytest.param("hello_world", False, id="words-alone"),
])
def test_a_sequence_is_long_ascending_runs(value: str, expected: bool) -> None:
    assert secrets._is_sequence(value) is expected


_starts = st.lists(st.sampled_from(["http", "HTTPS", "ftp", "Ws", "wss", "x", "\u0127", "\u017f", "\u212a", ";", ".",
                                    ",", ":", "//", "/", "://", "https://", "a"]), max_size=6).map("".join)


@hsettings(max_examples=1000, deadline=None)
@given(text=_starts)
def test_typo_at_start_reads_as_its_patterns(text: str) -> None:
    from urilint.rules import uri108_likely_typo as typo

    plain = typo._MISSING_COLON.match(text) is not None or typo._DOUBLED.match(text) is not None
    assert typo.typo_at_start(text) is plain


@hsettings(max_examples=2000, deadline=None)
@given(scheme=st.text(alphabet="abcdefhilmopstwxz+.-", min_size=3, max_size=8))
def test_near_miss_reads_as_every_comparison(scheme: str) -> None:
    """near_miss skips a common scheme whose first and last characters both differ: one edit
    (of a scheme of three or more characters) cannot change both."""
    from urilint.rules import uri108_likely_typo as typo

    every = [] if typo._secure_variant(scheme) else [s for s in typo.COMMON_SCHEMES if typo.one_edit_apart(scheme, s)]
    assert typo.near_miss(scheme) == every


@pytest.mark.parametrize("scheme, expected", [
    pytest.param("htps", ["https", "ftps"], id="deletion"),
    pytest.param("thtp", ["http"], id="swap-at-start"),
    pytest.param("ttp", ["http", "ftp"], id="first-deleted-or-substituted"),
    pytest.param("htt", ["http"], id="last-deleted"),
    pytest.param("sws", ["ws", "wss"], id="near-a-two-letter-scheme"),
    pytest.param("myapp0", [], id="nothing-near"),
])
def test_near_miss_rows(scheme: str, expected: List[str]) -> None:
    from urilint.rules import uri108_likely_typo as typo

    assert typo.near_miss(scheme) == expected
