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
    pytest.param("https://api.vendor.io/?t=ghp_abcdefghijklmnopqrstuvwxyz0123456789",
                 "ghp_abcdefghijklmnopqrstuvwxyz0123456789", id="github-token"),
    pytest.param("https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r",
                 "ghp_abcdefghijklmnopqrstuvwxyz0123456789", id="token-as-user"),
    pytest.param("https://api.vendor.io/a b?password=hunter22", "hunter22", id="password-param-with-other-finding"),
    pytest.param("https://api.vendor.io/?X-Amz-Signature=9c1e4b7a20fd3e58&%zz", "9c1e4b7a20fd3e58", id="amz"),
    # URI103 alone speaks for a wrapped link target's syntax, never for its secrets.
    pytest.param("(https://admin:s3cr3tPW@db.prod.internal/x)", "s3cr3tPW", id="wrapped-password"),
    pytest.param('"https://api.vendor.io/?access_token=abcdef123456"', "abcdef123456", id="quoted-token-param"),
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
        pytest.param("https://x/?token=abc123def456&page=2", "https://x/?token=****&page=2", id="query"),
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
                           "9f8e7d6c5b4a3921", "kQ7#vL2!pZ9@wX4$", "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
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
