"""No message ever shows a password or token; redaction masks exactly the secret parts."""

from __future__ import annotations

import re
from typing import Optional

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from urilint import secrets
from urilint.checker import check
from urilint.rfc3986 import lazy
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))

SECRET_URIS = [
    pytest.param("postgres://admin:s3cr3tPW@db.prod.internal/prod", "s3cr3tPW", id="postgres"),
    pytest.param("redis://:hunter2pw@cache:6379/0", "hunter2pw", id="redis-no-user"),
    pytest.param("amqp://guest:Gu3st!x@rabbit/vh", "Gu3st!x", id="amqp"),
    pytest.param("mysql://root:a@b@db/x", "a@b", id="at-in-password"),
    pytest.param("https://u:p a ss@shop.internal/", "p a ss", id="space-in-password"),
    pytest.param("https://u:p%zzss@shop.internal/", "p%zzss", id="bad-pct-in-password"),
    pytest.param("https://u:P\u00e4ssw\u00f6rd@shop.internal/", "P\u00e4ssw\u00f6rd", id="non-ascii-password"),
    pytest.param("HTTPS://u:Secr3tValue@SHOP.internal:443/./x", "Secr3tValue", id="with-normalization"),
    pytest.param("https://www.bank.example:pw1234x@evil.io/", "pw1234x", id="misleading-with-pw"),
    pytest.param("https://api.vendor.io/?api_key=9f8e7d6c5b4a3921", "9f8e7d6c5b4a3921", id="api-key"),
    pytest.param("https://api.vendor.io/?a=1&access_token=ya29.A0AfH6SM", "ya29.A0AfH6SM", id="access-token"),
    pytest.param("https://api.vendor.io/?t=ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM",
                 "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="github-token"),
    pytest.param("https://ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM@github.com/o/r",
                 "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="token-as-user"),
    pytest.param("https://api.vendor.io/a b?password=hunter22", "hunter22", id="password-param-with-other-finding"),
    pytest.param("https://api.vendor.io/?X-Amz-Signature=9c1e4b7a20fd3e58&%zz", "9c1e4b7a20fd3e58", id="amz"),
    # URI103 alone speaks for a wrapped link target's syntax, never for its secrets.
    pytest.param("(https://admin:s3cr3tPW@db.prod.internal/x)", "s3cr3tPW", id="wrapped-password"),
    pytest.param('"https://api.vendor.io/?access_token=f3a9c1e7b2d4"', "f3a9c1e7b2d4", id="quoted-token-param"),
    pytest.param("\u200bpostgres://u:Pw12345x@db.prod.internal/x", "Pw12345x", id="invisible-prefix-password"),
]


@pytest.mark.parametrize(("uri", "secret"), SECRET_URIS)
def test_no_message_or_fix_shows_the_secret(uri: str, secret: str) -> None:
    findings = check(uri, settings=ALL)
    assert findings, uri
    for f in findings:
        assert secret not in f.message, f
        assert f.fix is None, "a URI holding a secret is never fixed"
    assert secret not in secrets.redact(uri)
    assert secrets.MASK in secrets.redact(uri)


@pytest.mark.parametrize(("uri", "secret"), SECRET_URIS)
def test_a_credential_rule_fires(uri: str, secret: str) -> None:
    codes = {f.code for f in check(uri, settings=ALL)}
    assert codes & {"URI301", "URI303", "URI304"}, codes


@pytest.mark.parametrize(
    ("uri", "expected"),
    [
        pytest.param("postgres://admin:s3cr3t@db/x", "postgres://admin:****@db/x", id="password"),
        pytest.param("https://x/?token=a9c1d7e3f0b2&page=2", "https://x/?token=****&page=2", id="query"),
        pytest.param("https://u:{pw}@h/", "https://u:{pw}@h/", id="placeholder-kept"),
        pytest.param("https://x/?key=README", "https://x/?key=README", id="not-a-secret"),
        pytest.param("https://example.com/", "https://example.com/", id="nothing"),
        pytest.param("https://u@h/", "https://u@h/", id="user-only"),
    ],
)
def test_redact(uri: str, expected: str) -> None:
    assert secrets.redact(uri) == expected


def test_message_shows_user_and_host_but_masks_password() -> None:
    [f] = [f for f in check("postgres://admin:s3cr3t@db.prod.internal/x") if f.code == "URI301"]
    assert "admin:****@db.prod.internal" in f.message
    assert (f.start, f.end) == (17, 23)


def _worth_reporting_as_it_was(value: str, host: Optional[str], user: str, real_only: bool) -> bool:
    """worth_reporting before it tested dummies first and weighed the entropy only when it
    decides (the reference for the reordering)."""
    if secrets._BRACKETED_WORD.fullmatch(value):
        return False
    value = value.strip("[]")
    if (secrets._is_sequence(user) or secrets._names_a_secret(user)) and not secrets.find_tokens(value):
        return False
    if secrets.looks_real(value) and not secrets.is_dummy(value, user):
        return True
    if real_only or (host and secrets.is_documentation_host(host)):
        return False
    return not secrets.is_dummy(value, user)


_VALUES = st.sampled_from(["", "x", "guest", "changeme", "password", "hunter2", "s3cr3tPW", "[Filtered]",
                           "[secure]", "aws_secret_access_key", "1234567890abcdef", "ABCDEFGHIJ",
                           "9f8e7d6c5b4a3921", "kQ7#vL2!pZ9@wX4$", "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM",
                           "aaaaaaaaaaaaaaaaaaaa", "Xk9mQ2vL7pR4wZt8", "[user]", "[Xk9mQ2vL7pR4wZt8]"])


@hsettings(max_examples=600, deadline=None)
@given(value=_VALUES, user=st.sampled_from(["", "guest", "app", "ABCDEFGHIJKLMNOPQRST", "aws_access_key_id"]),
       host=st.sampled_from([None, "", "db.internal", "example.com", "api.example.org", "localhost"]),
       real_only=st.booleans())
def test_worth_reporting_reads_as_it_did(value: str, user: str, host: Optional[str], real_only: bool) -> None:
    assert (secrets.worth_reporting(value, host=host, user=user, real_only=real_only)
            == _worth_reporting_as_it_was(value, host, user, real_only))


@pytest.mark.skipif(not lazy.POSSESSIVE, reason="possessive quantifiers need Python 3.11")
@hsettings(max_examples=1500, deadline=None)
@given(text=st.lists(st.sampled_from(["?", "#", "&", ";", "/", "!", "=", "a", "token", "page", "x" * 70, "%5F",
                                      "\u212a", " "]), max_size=14).map("".join))
def test_the_parameter_name_pattern_is_possessive_without_a_difference(text: str) -> None:
    """may_hold_secret finds "name=" with a possessive quantifier where Python has them."""
    plain = re.compile(secrets._NAME_EQ.pattern.replace("}+)", "})"))
    assert [m.span(1) for m in secrets._NAME_EQ.finditer(text)] == [m.span(1) for m in plain.finditer(text)]


# -- the cheap gates in front of the secret tests every URI meets ----------------------------------
def test_every_token_hint_passes_the_gate() -> None:
    """has_token_hint skips the alternation for a text without a capital, "_", "-" or "xox"."""
    for hint in secrets.TOKEN_HINTS:
        assert hint == "xox" or secrets._TOKEN_GATE.search(hint) is not None, hint


def test_every_secret_name_holds_a_gate_word() -> None:
    for name in secrets.SECRET_NAMES:
        assert any(word in name for word in secrets._SECRET_NAME_WORDS), name
    for word in secrets._SECRET_NAME_WORDS:
        assert word == word.lower() and "-" not in word and "_" not in word  # (as _name_key reads)


def _secret_param_name_ungated(text: str) -> bool:
    return any(secrets._name_key(m.group(1)) in secrets.SECRET_NAMES for m in secrets._NAME_EQ.finditer(text))


MAY_HOLD_A_SECRET = [
    pytest.param("https://h.io/?api_key=abc", id="api-key"),
    pytest.param("https://h.io/?API-KEY=abc", id="upper-case-dashed"),
    pytest.param("https://h.io/?\u212aey=abc", id="kelvin-sign-key"),
    pytest.param("https://h.io/?%6Bey=abc", id="encoded-letter"),
    pytest.param("https://h.io/?access%5Ftoken=abc", id="encoded-underscore"),
    pytest.param("https://h.io/x;JSESSIONID=abc", id="session-id"),
    pytest.param("https://h.io/?q=ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="github-token"),
    pytest.param("https://h.io/?q=xoxb-123456789012-abcdefghij", id="slack-token-lowercase-prefix"),
    pytest.param("https://h.io/?q=eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.SflKxwRJSMeKKF2QT4", id="jwt"),
]
MAY_NOT_HOLD_A_SECRET = [
    pytest.param("https://h.io/items/7?page=2", id="plain"),
    pytest.param("https://h.io/?keyboard=us", id="word-holding-key"),
    pytest.param("https://h.io/monkey/?sort=asc", id="key-in-a-path"),
    pytest.param("https://h.io/?q=%20x&page=2", id="percent-without-a-name"),
    pytest.param("https://h.io/?lang=de-DE&Sort=Name_Asc", id="capitals-and-marks-without-a-hint"),
    pytest.param("https://h.io/xo/x/?q=1", id="no-xox"),
    pytest.param("https://h.io/caf\u00e9?page=2", id="non-ascii"),
]


@pytest.mark.parametrize("uri", MAY_HOLD_A_SECRET)
def test_may_hold_a_secret(uri: str) -> None:
    assert secrets.may_hold_secret.__wrapped__(uri)
    assert secrets.slice_may_hold_secret(f"- see [it]({uri}) now")


@pytest.mark.parametrize("uri", MAY_NOT_HOLD_A_SECRET)
def test_may_not_hold_a_secret(uri: str) -> None:
    assert not secrets.may_hold_secret.__wrapped__(uri)
    assert not secrets.slice_may_hold_secret(uri)


_GATE_PIECES = ["?", "&", "/", ";", "=", "%", "%6B", "%5F", "\u212a", "K", "k", "ey", "EY", "Token", "sig", "sess",
                "id", "page", "-", "_", "x", "o", "xox", "A", "KIA", "ghp", "eyJ", "b-", "1234567890", " "]


@hsettings(max_examples=3000, deadline=None)
@given(text=st.lists(st.sampled_from(_GATE_PIECES), max_size=16).map("".join))
def test_the_gates_change_no_answer(text: str) -> None:
    """The gated tests answer as the tests behind them do, on texts made of the gates' edges."""
    assert secrets.has_token_hint(text) == (secrets._TOKEN_HINT.search(text) is not None)
    assert secrets._secret_param_name(text) == _secret_param_name_ungated(text)
