"""Fix contracts: safe 2xx fixes compose to normalize() for the schemes whose normalization keeps
the meaning (and only lowercase the scheme elsewhere); fixes are idempotent; never touch userinfo
or placeholders; findings stay inside the text."""

from __future__ import annotations

from typing import List

import pytest
from hypothesis import given, settings as hsettings, strategies as st

import urilint
from urilint.checker import check
from urilint.settings import Settings

ALL_2XX = Settings(extend_select=frozenset({"URI2"}))


def apply_safe_fixes(text: str, settings: Settings) -> str:
    for _ in range(10):
        fixes = [f.fix for f in check(text, settings=settings) if f.fix and f.applicability == "safe"]
        if not fixes:
            return text
        text = fixes[0]
    raise AssertionError("fixes did not converge")


@pytest.mark.parametrize(
    "text",
    [
        "HTTP://www.EXAMPLE.com:80/a/./b/../c/%7euser%2f?%aa#%3a",
        "https://Example.COM:443",
        "WSS://H:443/%41",
        "ftp://FTP.example.com:21",
        "http://[FE80::A]:80/x/../y",
        "https://ex%61mple.com/",
        "/a/b/../c/%7e",
        "//CDN.example.com:/a/./b",
    ],
)
def test_safe_fixes_equal_normalize(text: str) -> None:
    assert apply_safe_fixes(text, ALL_2XX) == urilint.normalize(text)


@pytest.mark.parametrize(
    ("text", "fixed", "rfc_normal_form"),
    [
        # RFC 3986's own example (section 6.2.2): equivalent for a generic-syntax consumer, but
        # nothing says an "example:" consumer is one, so only the scheme's case is fixed.
        pytest.param("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/./b/../b/%63/%7bfoo%7d",
                     "example://a/b/c/%7Bfoo%7D", id="rfc-example"),
        pytest.param("SQLITE:///../Data.db", "sqlite:///../Data.db", "sqlite:///Data.db", id="sqlite"),
        pytest.param("FILE:///Srv/./a/../%7e", "file:///Srv/./a/../~", "file:///Srv/~", id="file"),
        pytest.param("Postgres://DB:/App/../x", "postgres://DB:/App/../x", "postgres://db/x", id="postgres"),
        pytest.param("Mailto:A%2eB@Example.COM", "mailto:A.B@Example.COM", "mailto:A.B@Example.COM", id="mailto"),
    ],
)
def test_safe_fixes_keep_what_the_scheme_means(text: str, fixed: str, rfc_normal_form: str) -> None:
    # The RFC core stays exact (section 6.2.2 for every scheme); the rules apply only what the
    # scheme table says keeps the meaning.
    assert apply_safe_fixes(text, ALL_2XX) == fixed
    assert urilint.normalize(text) == rfc_normal_form


_segment = st.text(alphabet="aB%7e.-_~", min_size=0, max_size=5)
_uri = st.builds(
    lambda scheme, host, port, segs, q: f"{scheme}://{host}{port}/{'/'.join(segs)}{q}",
    st.sampled_from(["http", "HTTP", "https", "Https", "ws", "ftp"]),
    st.sampled_from(["example.com", "EXAMPLE.com", "ex%41mple.org", "[FE80::1]", "a.B.c"]),
    st.sampled_from(["", ":", ":80", ":443", ":21", ":8080"]),
    st.lists(st.sampled_from([".", "..", "a", "B", "%7e", "%2f", "%41", "c%3a"]), max_size=5),
    st.sampled_from(["", "?", "?a=%7e", "#%2f", "?q=1#f"]),
)


@hsettings(max_examples=300, deadline=None)
@given(_uri)
def test_safe_fixes_equal_normalize_generated(text: str) -> None:
    assert apply_safe_fixes(text, ALL_2XX) == urilint.normalize(text)


@hsettings(max_examples=300, deadline=None)
@given(st.text(max_size=40) | _uri)
def test_check_never_raises_and_spans_are_inside(text: str) -> None:
    for f in check(text, settings=Settings(select=frozenset({"ALL"}))):
        assert 0 <= f.start <= f.end <= len(text)
        assert f.applicability in ("safe", "unsafe", "display-only")
        if f.fix is not None:
            assert isinstance(f.fix, str) and f.fix != text


@pytest.mark.parametrize(
    "text",
    [
        "HTTP://{Host}/A/./B",
        "https://${HOST}:443/x/../y",
        "https://USER:{pw}@Example.com/",
        "https://us%7eer@EXAMPLE.com/%7e",
    ],
)
def test_fix_keeps_userinfo_and_placeholders(text: str) -> None:
    ref = urilint.parse(text)
    for f in check(text, settings=ALL_2XX):
        if f.fix is None:
            continue
        assert urilint.parse(f.fix).userinfo == ref.userinfo
        for token in ("{Host}", "${HOST}", "{pw}"):
            if token in text:
                assert token in f.fix


@pytest.mark.parametrize("chars", [
    pytest.param([chr(cp) for cp in range(0x80)], id="ascii"),
    pytest.param(["\u00e9", "\u07ff", "\u0800", "\uffff", "\U00010000", "\U0010ffff"], id="utf8-lengths"),
])
def test_pct_encode_is_utf8_percent_encoding(chars: List[str]) -> None:
    """RFC 3986 section 2.5: the UTF-8 bytes, each as "%" and two uppercase hex digits."""
    from urilint.rules.common import pct_encode

    for char in chars:
        assert pct_encode(char) == "".join(f"%{b:02X}" for b in char.encode("utf-8")), repr(char)
    assert pct_encode("\ud800") is None  # a lone surrogate has no UTF-8
