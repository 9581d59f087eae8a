"""Messages mask a secret where they copy it, and nowhere else.

Masking a secret's value wherever it occurs in a message corrupts it when the value is short:
with the password "p", "scheme 'hTTp' should be lowercase" became "scheme 'hTT****' ..." and
"example.com" became "exam****le.com".  A message is built from parts of the URI; only a part
that copies a secret is masked (urilint.checker.mask_message).
"""

from __future__ import annotations

from typing import List

import pytest

from urilint.checker import check, mask_message
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))


def messages(uri: str, codes: str = "URI") -> List[str]:
    return [f"{f.code} {f.message}" for f in check(uri, settings=ALL) if f.code.startswith(codes)]


# Each URI, with a one-or-two character password that occurs elsewhere in it: the messages are
# those of the same URI with a password that occurs nowhere else ("Q7"), but for URI301's.
SHORT_PASSWORDS = [
    pytest.param("hTTp://u:p@Example.COM:80/", "p", id="scheme-and-host"),
    pytest.param("http://u:p@-example.com/", "p", id="host-label"),
    pytest.param("http://pablo:p@host.internal:99999/", "p", id="user-name-holds-it"),
    pytest.param("http://u:x@0x7f.1/", "x", id="ambiguous-ip"),
    pytest.param("http://u:a@www.bank.example:ab@evil.io/%7e", "a", id="misleading-and-percent"),
    pytest.param("http://u:80@EXAMPLE.com:80/", "80", id="port-digits"),
    pytest.param("http://u:t@example.com/%7et/", "t", id="percent-encoded-unreserved"),
    pytest.param("http://u:s@example.com/a%2fs", "s", id="percent-case"),
    pytest.param("htp://u:h@example.com/", "h", id="typo-scheme"),
    pytest.param("foo://u:o@example.com/", "o", id="unknown-scheme"),
]


@pytest.mark.parametrize(("uri", "password"), SHORT_PASSWORDS)
def test_a_short_password_corrupts_no_message(uri: str, password: str) -> None:
    assert password in uri.replace(f":{password}@", "", 1)  # it does occur elsewhere
    other = uri.replace(f":{password}@", ":Q7@", 1)
    assert messages(uri, "URI1") == messages(other, "URI1") and messages(uri, "URI2") == messages(other, "URI2")
    assert [m for m in messages(uri) if "****" in m and not m.startswith("URI301")] == []


# Where a message does copy a secret, the copy is masked.
COPIES = [
    # URI203 quotes the triplet it points at, here inside a secret query value.
    pytest.param("https://api.vendor.io/?token=abc%2fdef123456", "'%2f'", id="percent-triplet-in-secret"),
    pytest.param("https://api.vendor.io/?access_token=ab%7ecd123456", "'%7e'", id="unreserved-in-secret"),
]


@pytest.mark.parametrize(("uri", "copy"), COPIES)
def test_a_copy_of_a_secret_is_masked(uri: str, copy: str) -> None:
    found = messages(uri)
    assert any("'****'" in m for m in found), found
    assert not any(copy in m for m in found), found


@pytest.mark.parametrize(("message", "text", "span", "expected"), [
    pytest.param("scheme 'hTTp' should be lowercase: 'http'", "hTTp://u:p@h/", (9, 10),
                 "scheme 'hTTp' should be lowercase: 'http'", id="inside-words"),
    pytest.param("the host 'exp.com'", "http://u:p@exp.com/", (9, 10), "the host 'exp.com'", id="inside-host"),
    pytest.param("password 's3cret9' shown", "http://u:s3cret9@h/", (9, 16), "password '****' shown",
                 id="quoted-copy"),
    pytest.param("(u:s3cret9@h)", "http://u:s3cret9@h/", (9, 16), "(u:****@h)", id="copy-with-context"),
    pytest.param("s3cret9", "http://u:s3cret9@h/", (9, 16), "****", id="whole-message"),
    pytest.param("xs3cret9y", "http://u:s3cret9@h/", (9, 16), "xs3cret9y", id="glued-into-a-word"),
])
def test_mask_message(message: str, text: str, span: tuple, expected: str) -> None:  # type: ignore[type-arg]
    assert mask_message(message, text, [span], (0, 0)) == expected


def test_the_user_name_is_shown_even_when_it_holds_the_password() -> None:
    [f] = [f for f in check("postgres://pablo:Pablo2024xQ@db.prod.internal/x") if f.code == "URI301"]
    assert "(pablo:****@db.prod.internal)" in f.message
    [f] = [f for f in check("postgres://xk9Qm2vZadmin:xk9Qm2vZ@db.prod.internal/x") if f.code == "URI301"]
    assert "xk9Qm2vZ" not in f.message.replace("xk9Qm2vZadmin", "")


@pytest.mark.parametrize("uri", [
    pytest.param("postgres://admin:4411,Zq8vTr2Lm:Wp7Kx3Nd9Q@db.corp.io/x", id="comma-and-colon-in-a-password"),
    pytest.param("https://h1.vendor.io:5432,deploy:Mx7Ja2Zq8vLm@h2.vendor.io/db", id="host-list"),
    pytest.param("https://foo.com:123,foo:Zq8vLm2Rt7xK@bar.com/path", id="host-list-short-user"),
    pytest.param("https://h1:123,user:Zq8vLm2Rt7xK@h2/", id="first-part-no-host"),
])
def test_no_message_names_a_part_of_what_the_source_line_masks(uri: str) -> None:
    """A URI301 message is built from parts outside the masked span (all of the userinfo after
    its first ":"): not even a host list's last user name, which lies inside it."""
    from urilint.secrets import secret_spans

    [(s, e)] = secret_spans(uri)
    masked = uri[s:e]
    for message in messages(uri, "URI301"):
        words = [w for w in masked.replace(",", ":").split(":") if len(w) >= 3]
        assert words and not any(w in message for w in words), (message, words)
