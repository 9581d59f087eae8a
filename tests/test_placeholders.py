"""urilint.placeholders: which slices of a URI are template slots, syntax by syntax."""

from __future__ import annotations

import re

from typing import List

import pytest
from hypothesis import example, given, settings as hsettings, strategies as st

from urilint import placeholders, secrets
from urilint.checker import check
from urilint.settings import Settings


def slots(text: str) -> List[str]:
    return [text[s:e] for s, e in placeholders.find(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("https://api.example.com/repos/{owner}/{repo}", ["{owner}", "{repo}"], id="braces"),
        pytest.param("{+base}/search{?q,lang}", ["{+base}", "{?q,lang}"], id="rfc6570"),
        pytest.param("https://example.com/{{ page.url }}", ["{{ page.url }}"], id="jinja"),
        pytest.param("postgres://app:${DB_PASSWORD}@db/app", ["${DB_PASSWORD}"], id="shell-braces"),
        pytest.param("https://$HOST/api", ["$HOST"], id="shell-word"),
        pytest.param("https://example.com/%s/%(page)d", ["%s", "%(page)d"], id="printf"),
        pytest.param("https://<your-domain>/api", ["<your-domain>"], id="angle"),
        # optional parts of a syntax description, in the authority
        pytest.param("postgresql://[user[:password]@][netloc][:port][/dbname][?param1=value1&...]",
                     ["[user[:password]@]", "[netloc]", "[:port]", "[/dbname]", "[?param1=value1&...]"],
                     id="optional-libpq"),
        pytest.param("redis://[:password@]host[:port][/db]", ["[:password@]", "[:port]", "[/db]"],
                     id="optional-redis"),
        pytest.param("mongodb://[username:password@]host1[:port1][,...hostN[:portN]][/[db][?options]]",
                     ["[username:password@]", "[:port1]", "[,...hostN[:portN]]", "[/[db][?options]]"],
                     id="optional-mongodb"),
        pytest.param("scheme://[user:passwd@]proxy.server:port", ["[user:passwd@]"], id="optional-userinfo"),
        pytest.param("http://localhost[:8080]/x", ["[:8080]"], id="optional-port-digits"),
        pytest.param("http://[host]/", ["[host]"], id="optional-word"),
        pytest.param("gs://[PROJECT_NUMBER]-[builds/region]-cloudbuild-logs", ["[PROJECT_NUMBER]", "[builds/region]"],
                     id="words-joined-by-a-slash"),
        # an elided part of the authority, as comments write one
        pytest.param("http://service.[..].amazonaws.com/x", ["[..]"], id="elided-label"),
        pytest.param("http://[\u2026]:8080/", ["[\u2026]"], id="elided-host-ellipsis-character"),
        # after the authority, a group that starts a component or a parameter
        pytest.param("https://www.pushplus.plus/send/{token}[?other_params]", ["{token}", "[?other_params]"],
                     id="optional-query-after-the-path"),
        pytest.param("https://host/api[/v2]/items", ["[/v2]"], id="optional-segment"),
        pytest.param("https://host/items?page=1[&size=N]", ["[&size=N]"], id="optional-parameter"),
        # a ":" and a word after the authority: an option (a mount's "[:ro]"), or a port written late
        pytest.param("hf://[TYPE/]SOURCE:/MOUNT_PATH[:ro|:rw]", ["[TYPE/]", "[:ro|:rw]"], id="mount-format"),
        pytest.param("http://host/[:port]", ["[:port]"], id="port-after-the-path"),
    ],
)
def test_placeholder_slots(text: str, expected: List[str]) -> None:
    assert slots(text) == expected


# Slots the sdists of popular packages showed, each beside the nearest text that is no such slot.
NEW_SLOTS = [
    pytest.param("WinNT://$env:COMPUTERNAME,computer", ["$env:COMPUTERNAME"], id="powershell-env"),
    pytest.param("https://$Env:HOST/x", ["$Env:HOST"], id="powershell-env-any-case"),
    pytest.param("http://<{location}>", ["<{location}>"], id="field-in-angle-brackets"),
    pytest.param("http://localhost:8888/?token=c8de56fa...", ["..."], id="value-cut-short"),
    pytest.param("tcp://[H\u00f4te]:[Port]", ["[H\u00f4te]", "[Port]"], id="part-named-in-french"),
    pytest.param("serial://[Appareil local]", ["[Appareil local]"], id="part-named-in-words"),
    # A "$" escaped for an outer layer (a shell script in YAML, a Makefile's doubled "$").
    pytest.param("gs://bucket/\\${DATE_DIR}/", ["\\${DATE_DIR}"], id="escaped-shell-braces"),
    pytest.param("gs://bucket/\\$DIR/", ["\\$DIR"], id="escaped-shell-word"),
    pytest.param("gs://$${BUCKET}/\\$${DATE_DIR}/", ["${BUCKET}", "\\$${DATE_DIR}"], id="escaped-make-doubled"),
    # autoconf's, CMake's and Meson's variables between at signs.
    pytest.param("gs://@INFRA_PREFIX@-run-results/*.csv", ["@INFRA_PREFIX@"], id="at-variable"),
    pytest.param("https://@HOST@:@PORT@/api", ["@HOST@", "@PORT@"], id="at-variables"),
    # Django's escaped tags: a project template's tag to be, whole (wagtail's start template).
    pytest.param("{% templatetag openblock %} url 'search' {% templatetag closeblock %}",
                 ["{% templatetag openblock %} url 'search' {% templatetag closeblock %}"], id="templatetag-pair"),
    pytest.param("{% templatetag openvariable %} x.url {% templatetag closevariable %}/a",
                 ["{% templatetag openvariable %} x.url {% templatetag closevariable %}"], id="templatetag-variable"),
    pytest.param("{% templatetag openblock %} static 'js/{{ project_name }}.js' {% templatetag closeblock %}",
                 ["{% templatetag openblock %} static 'js/{{ project_name }}.js' {% templatetag closeblock %}"],
                 id="templatetag-holding-a-variable"),
]
NOT_THOSE_SLOTS = [
    pytest.param("https://$env/x:80", ["$env"], id="env-alone"),
    pytest.param("https://$envx:NAME/", ["$envx"], id="longer-name-before-a-colon"),
    pytest.param("https://$env:1abc/", ["$env"], id="env-then-a-digit"),
    pytest.param("http://<{a b}>/", [], id="space-in-the-field"),
    pytest.param("http://<{}>/", ["{}"], id="empty-field"),
    pytest.param("https://github.com/o/r/compare/v1.0...v2.0", [], id="range-between-versions"),
    pytest.param("https://x.example/a....b", [], id="dots-between-letters"),
    pytest.param("http://[dead beef]/", [], id="hex-words"),
    pytest.param("https://[ a]/", [], id="leading-space"),
    pytest.param("http://[a  b]/", [], id="two-spaces"),
    pytest.param("http://[a\tb]/", [], id="tab"),
    pytest.param("https://x.example/a\\b$", [], id="backslash-before-a-lone-dollar"),
    pytest.param("https://x.example/\\{x}", ["{x}"], id="backslash-before-braces"),
    pytest.param("https://alice@corp@evil.example.net/", [], id="at-lower-case-word"),
    pytest.param("https://A@B@host/", [], id="at-one-letter"),
    pytest.param("mailto:a@EXAMPLE.COM", [], id="at-never-closed"),
    pytest.param("https://@HOST/x", [], id="at-opened-only"),
    # The "@" that ends the userinfo, with a host after it, closes no slot: a password holding
    # an "@" ("Xq7@PROD2"); a slot before the userinfo's own "@" is one.
    pytest.param("postgres://admin:Xq7vLm2Rk9@PROD2@db.corp.io/", [], id="at-ending-the-userinfo"),
    pytest.param("postgres://user:@PASSWORD@@db.corp.io/", ["@PASSWORD@"], id="at-slot-before-the-userinfos-at"),
    pytest.param("{% templatetag openblock %} a b {% templatetag closevariable %}",
                 ["{% templatetag openblock %}", "{% templatetag closevariable %}"], id="templatetag-mismatched"),
    pytest.param("{% templatetag openblock %}/a b", ["{% templatetag openblock %}"], id="templatetag-unclosed"),
]


def test_new_slot_tables_are_balanced() -> None:
    assert len(NEW_SLOTS) <= len(NOT_THOSE_SLOTS)


@pytest.mark.parametrize(("text", "expected"), NEW_SLOTS + NOT_THOSE_SLOTS)
def test_slots_found_in_packages(text: str, expected: List[str]) -> None:
    assert slots(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # IP literals (section 3.2.2) are never optional parts, well-formed or not
        pytest.param("http://[::1]:8080/", id="ipv6-loopback"),
        pytest.param("ldap://[2001:db8::7]/c=GB?objectClass?one", id="ipv6"),
        pytest.param("http://[v1.fe]/", id="ipvfuture"),
        pytest.param("http://[fe80::1%25en0]/", id="zone-id"),
        pytest.param("http://[fe80::1%en0]/", id="zone-id-unencoded"),
        pytest.param("http://[dead]/", id="hex-word"),
        pytest.param("http://[::1::2]/", id="bad-ipv6"),
        pytest.param("http://[12345::]/", id="bad-ipv6-group"),
        pytest.param("http://[fe80::1/64]/", id="prefix-length"),
        pytest.param("http://[a/]/", id="slash-at-the-end"),
        # brackets after the authority are data (PHP-style arrays), reported by URI107
        pytest.param("https://example.com/?q[]=1", id="query-array"),
        pytest.param("https://example.com/?filter[status]=active", id="query-key"),
        pytest.param("https://example.com/a[1]", id="path"),
        pytest.param("https://example.com/#[x]", id="fragment"),
        pytest.param("http://host/[:80]", id="after-the-path-a-colon-and-digits"),
        pytest.param("http://host/[:]", id="after-the-path-a-colon-alone"),
        # no "//": no authority, so no optional part
        pytest.param("https://example.com/{id}[x]", id="after-a-placeholder-in-the-path"),
        pytest.param("urn:[name]", id="no-authority"),
        pytest.param("[user@]host", id="no-scheme"),
        pytest.param("https://exa[mple.com/", id="unclosed"),
        pytest.param("https://[ ]/", id="space-inside"),
        pytest.param("https://[]/", id="empty"),
        pytest.param("http://[.1]/", id="dot-then-a-digit"),
        pytest.param("https://example.com/[..]", id="dots-in-the-path"),
    ],
)
def test_not_an_optional_part(text: str) -> None:
    assert not any(s.startswith("[") for s in slots(text))


def test_optional_parts_are_a_setting() -> None:
    text = "redis://[:password@]host[:port][/db]"
    assert check(text) == []
    without = Settings(placeholders=placeholders.DEFAULT_SYNTAXES - {"optional"})
    assert "URI107" in {f.code for f in check(text, settings=without)}


def test_a_password_inside_an_optional_part_is_still_judged() -> None:
    """The bracket ends the value that is judged: "password]" is the placeholder word, but a real
    password in the same notation is still a secret, reported and never shown."""
    assert check("http://[user[:password]@]host/") == []
    for text, secret in [("http://[user[:s3cr3tPW]@]host/", "s3cr3tPW"),
                         ("https://u:x]S3cretPW@host.internal/", "S3cretPW"),
                         ("https://u:password]S3cretPW@host.internal/", "S3cretPW")]:
        assert "URI301" in {f.code for f in check(text)}, text
        assert all(secret not in f.message for f in check(text))
        assert secret not in secrets.redact(text)


def test_long_bracket_runs_stay_linear() -> None:
    """Many unclosed groups in the authority: each "[" is tried once with a bounded pattern."""
    text = "http://" + "[a" * 50_000 + "/x"
    assert not any(s.startswith("[") for s in slots(text))


# -- the gates of the syntaxes "%" announces: a cheaper test, never another answer ------------
_PCT_PIECES = st.sampled_from(["%", "%%", "%2", "%20", "%0", "%02d", "%2d", "%s", "%d", "%(", "%(name)", "%{", "}",
                               "%C3%A9", "%7e", "%7E", "%A9t%", "%APPDATA%", "%aa_b%", "%.2f", "%-5s", "%r",
                               "%A9", "%Ab.c%", "%E2%80%", "%_x", "%a%",
                               "a", "Z", "_", ".", "0", "9", "e", "s", "d", "/", "?", "=", "&", "{", "x"])


@hsettings(max_examples=1500, deadline=None)
@given(text=st.lists(_PCT_PIECES, max_size=10).map("".join))
@example(text="%%A9%%")  # the doubled form's name may be two hex digits: its gate once missed it
def test_the_percent_gates_change_no_answer(text: str) -> None:
    """A "%" syntax whose gate finds nothing would have matched nothing either (the gates only
    skip patterns that would have found no slot)."""
    gated = placeholders.find(text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(placeholders, "_GATES", {})
        mp.setattr(placeholders, "_ANY_GATE", re.compile("%"))  # (the gates read as one, before any syntax)
        assert placeholders.find(text) == gated, text


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("https://example.com/my%20file", [], id="triplet"),
    pytest.param("https://example.com/caf%C3%A9", [], id="utf8-triplets"),
    pytest.param("https://example.com/%20s", [], id="triplet-then-s"),
    pytest.param("https://example.com/%02d/x", ["%02d"], id="zero-padded-width"),
    pytest.param("https://example.com/%s", ["%s"], id="printf"),
    pytest.param("%PUBLIC_URL%/favicon.ico", ["%PUBLIC_URL%"], id="percent-variable"),
    pytest.param("https://x.example/project/%%project%%/sites/%%config.siteId%%", ["%%project%%",
                 "%%config.siteId%%"], id="doubled-percent-variable"),
    pytest.param("https://x.example/%%20%%", [], id="doubled-around-a-triplet"),
    pytest.param("https://x.example/%%A9%%/b", ["%%A9%%"], id="doubled-hex-name"),
    pytest.param("https://x.example/a%%b", [], id="doubled-percent-alone"),
    pytest.param("https://%{HTTP_HOST}/x", ["%{HTTP_HOST}"], id="percent-braces"),
    pytest.param("https://example.com/a/.../b", ["..."], id="long-hint-only"),
])
def test_percent_rows(text: str, expected: List[str]) -> None:
    assert slots(text) == expected
