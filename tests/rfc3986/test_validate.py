"""Validation verdicts, offsets and rules (Appendix A exactly, nothing looser or stricter)."""

from __future__ import annotations

import pytest

import urilint

VALID = [
    pytest.param("http://256.256.256.256/", id="reg-name-not-ipv4"),
    pytest.param("http://ex_ample.com/", id="underscore-reg-name"),
    pytest.param("http://example.com:99999/", id="port-range-is-a-scheme-rule"),
    pytest.param("http://[::1]/", id="ipv6-loopback"),
    pytest.param("http://[::ffff:192.0.2.1]/", id="ipv6-ipv4-tail"),
    pytest.param("http://[1:2:3:4:5:6:7:8]/", id="ipv6-full"),
    pytest.param("http://[v7.fe80::a+en1]/", id="ipvfuture"),
    pytest.param("http://a/%7Efoo%2F", id="pct"),
    pytest.param("", id="empty-reference"),
    pytest.param("//host", id="network-path"),
    pytest.param("?q", id="query-only"),
    pytest.param("#f?/", id="fragment-with-slash-question"),
    pytest.param("a/b:c", id="colon-after-first-segment"),
    pytest.param("./a:b", id="dot-slash-colon"),
    pytest.param("http:", id="scheme-only"),
    pytest.param("http://", id="empty-host"),
    pytest.param("http://h:", id="empty-port"),
    pytest.param("foo://u:p:x@h", id="colons-in-userinfo"),
    pytest.param("mailto:a@b", id="mailto"),
]


@pytest.mark.parametrize("text", VALID)
def test_valid(text: str) -> None:
    assert urilint.is_valid(text)
    assert urilint.validate(text) == []


INVALID = [
    # text, offset, rule
    pytest.param("http://exa mple.com", 10, "reg-name", id="space-in-host"),
    pytest.param("/%zz", 1, "pct-encoded", id="bad-pct"),
    pytest.param("/a%", 2, "pct-encoded", id="pct-at-end"),
    pytest.param("/a%4", 2, "pct-encoded", id="pct-one-hex"),
    pytest.param("http://[::1::2]/", 14, "IPv6address", id="double-double-colon"),
    pytest.param("http://[fe80::1%25en0]/", 15, "IPv6address", id="zone-id"),
    pytest.param("http://[1:2:3:4:5:6:7:8:9]/", 25, "IPv6address", id="nine-groups"),
    pytest.param("http://[12345::]/", 15, "IPv6address", id="five-hex"),
    pytest.param("http://[::1/", 11, "IP-literal", id="unclosed-literal"),
    pytest.param("http://[::1]x/", 12, "authority", id="junk-after-literal"),
    pytest.param("http://[v1]/", 10, "IPvFuture", id="ipvfuture-no-dot"),
    pytest.param("http://host:8o80/", 13, "port", id="letter-in-port"),
    pytest.param("http://h:1:2/", 10, "port", id="two-colons"),
    pytest.param("http://a@b@c/", 8, "userinfo", id="two-at"),
    pytest.param("1a:b", 2, "path-noscheme", id="colon-first-segment"),
    pytest.param("ht tp://x", 2, "segment-nz-nc", id="space-in-scheme-like"),
    pytest.param("http://a/b#c#d", 12, "fragment", id="second-hash"),
    pytest.param("http://a/b c", 10, "pchar", id="space-in-path"),
    pytest.param("http://a/?q=a b", 13, "query", id="space-in-query"),
    pytest.param("http://a/[x]", 9, "pchar", id="bracket-in-path"),
    pytest.param("http://a/\u00e9", 9, "pchar", id="non-ascii"),
    pytest.param("http://a/\x00", 9, "pchar", id="nul"),
    pytest.param("http://a/\ud800", 9, "pchar", id="lone-surrogate"),
]


@pytest.mark.parametrize(("text", "offset", "rule"), INVALID)
def test_invalid_offset_and_rule(text: str, offset: int, rule: str) -> None:
    assert not urilint.is_valid(text)
    problems = urilint.validate(text)
    assert problems, text
    assert (problems[0].offset, problems[0].rule) == (offset, rule)
    assert problems[0].message


@pytest.mark.parametrize(
    ("text", "rule", "valid"),
    [
        pytest.param("http://a/#f", "absolute-URI", False, id="absolute-no-fragment"),
        pytest.param("http://a/?q", "absolute-URI", True, id="absolute-query"),
        pytest.param("//a/b", "URI", False, id="uri-needs-scheme"),
        pytest.param("//a/b", "relative-ref", True, id="relative-network-path"),
        pytest.param("http://a", "relative-ref", False, id="relative-no-scheme"),
        pytest.param("a:b", "URI", True, id="uri-minimal"),
    ],
)
def test_rules(text: str, rule: str, valid: bool) -> None:
    assert urilint.is_valid(text, rule) is valid
    assert (urilint.validate(text, rule) == []) is valid


def test_missing_scheme_colon_offset_is_end() -> None:
    [problem] = urilint.validate("http", "URI")
    assert (problem.offset, problem.rule) == (4, "scheme")


def test_userinfo_problems_never_quote_the_userinfo() -> None:
    for text in ("http://user:p%zzw@h/", "http://user:pa ss@h/", "http://u:s3cr3t@x@h/"):
        for problem in urilint.validate(text):
            assert "s3cr3t" not in problem.message and "%zz" not in problem.message and "pa ss" not in problem.message


@pytest.mark.parametrize("bad", [b"http://a", None, 3, ["http://a"]])
def test_non_str_raises_type_error(bad: object) -> None:
    for call in (urilint.is_valid, urilint.validate, urilint.parse, urilint.normalize, urilint.remove_dot_segments):
        with pytest.raises(TypeError, match="must be a str"):
            call(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        urilint.resolve("http://a/", bad)  # type: ignore[arg-type]


def test_unknown_rule_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="rule must be one of"):
        urilint.is_valid("a", "url")


@pytest.mark.parametrize(
    "text",
    ["\x00" * 10, "\ud800\udfff", "%" * 100_000, "[" * 100_000, ":" * 100_000, "a" * 1_000_000,
     "http://[" + ":" * 100_000 + "]/", "http://" + "@" * 10_000, "#" * 10_000],
)
def test_any_str_never_raises(text: str) -> None:
    urilint.is_valid(text)
    problems = urilint.validate(text)
    assert all(0 <= p.offset <= len(text) for p in problems)
    assert str(urilint.parse(text)) == text
    urilint.normalize(text)
    urilint.resolve("http://a/b", text)
