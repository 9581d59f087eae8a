"""The RFC's own examples: 1.1.2, section 3's component example, 5.2.4 traces, 5.4, 6.2.2."""

from __future__ import annotations

import pytest

import urilint

# Section 1.1.2: each is a valid URI.
SECTION_1_1_2 = [
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
]


@pytest.mark.parametrize("uri", SECTION_1_1_2)
def test_section_1_1_2_examples_are_valid_uris(uri: str) -> None:
    assert urilint.is_valid(uri, "URI")
    assert urilint.validate(uri, "URI") == []
    assert str(urilint.parse(uri)) == uri


def test_section_3_component_example() -> None:
    text = "foo://example.com:8042/over/there?name=ferret#nose"
    ref = urilint.parse(text)
    expected = {
        "scheme": "foo", "authority": "example.com:8042", "host": "example.com", "port": "8042",
        "path": "/over/there", "query": "name=ferret", "fragment": "nose", "userinfo": None,
    }
    for name, value in expected.items():
        assert getattr(ref, name) == value, name
        if value is not None:
            start, end = ref.span(name)  # type: ignore[misc]
            assert text[start:end] == value, name
    assert ref.span("userinfo") is None
    urn = urilint.parse("urn:example:animal:ferret:nose")
    assert (urn.scheme, urn.authority, urn.path) == ("urn", None, "example:animal:ferret:nose")


# Sections 5.4.1 and 5.4.2 as one table, base "http://a/b/c/d;p?q".
BASE = "http://a/b/c/d;p?q"
SECTION_5_4 = [
    ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"),
    ("../..", "http://a/"), ("../../", "http://a/"), ("../../g", "http://a/g"),
    # 5.4.2 abnormal examples
    ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
    ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
]


@pytest.mark.parametrize(("ref", "target"), [pytest.param(r, t, id=repr(r)) for r, t in SECTION_5_4])
def test_section_5_4_resolution(ref: str, target: str) -> None:
    assert urilint.resolve(BASE, ref) == target
    assert urilint.is_valid(target, "URI")


def test_section_5_4_2_non_strict_http_g() -> None:
    assert urilint.resolve(BASE, "http:g", strict=False) == "http://a/b/c/g"
    assert urilint.resolve(BASE, "HTTP:g", strict=False) == "http://a/b/c/g"
    assert urilint.resolve(BASE, "ftp:g", strict=False) == "ftp:g"


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        pytest.param("/a/b/c/./../../g", "/a/g", id="5.2.4-trace-1"),
        pytest.param("mid/content=5/../6", "mid/6", id="5.2.4-trace-2"),
        pytest.param("", "", id="empty"),
        pytest.param(".", "", id="lone-dot"),
        pytest.param("..", "", id="lone-dotdot"),
        pytest.param("/.", "/", id="slash-dot"),
        pytest.param("/..", "/", id="slash-dotdot"),
        pytest.param("/a/..", "/", id="up-to-root"),
        pytest.param("a/..", "/", id="rootless-up"),
        pytest.param("../../a", "a", id="leading-dotdots"),
        pytest.param("/a//../b", "/a/b", id="empty-segment-popped"),
        pytest.param("/a/b/.../c", "/a/b/.../c", id="three-dots-kept"),
        pytest.param("/a/.b/..c/", "/a/.b/..c/", id="dot-prefixed-names-kept"),
    ],
)
def test_remove_dot_segments(path: str, expected: str) -> None:
    assert urilint.remove_dot_segments(path) == expected


# Section 6.2.2: each group of URIs is equivalent and normalizes to the first.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D", id="6.2.2-already"),
        pytest.param("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D", id="6.2.2-example"),
        pytest.param("HTTP://www.EXAMPLE.com/", "http://www.example.com/", id="6.2.2.1-case"),
        pytest.param("http://a/%7euser", "http://a/~user", id="6.2.2.2-tilde"),
        pytest.param("http://example.com", "http://example.com/", id="6.2.3-empty-path"),
        pytest.param("http://example.com:/", "http://example.com/", id="6.2.3-empty-port"),
        pytest.param("http://example.com:80/", "http://example.com/", id="6.2.3-default-port"),
        pytest.param("mailto:Joe@Example.COM", "mailto:Joe@Example.COM", id="mailto-untouched"),
        pytest.param("foo://host:/x", "foo://host/x", id="3.2.3-empty-port-any-scheme"),
        pytest.param("foo://host:80/x", "foo://host:80/x", id="unknown-scheme-port-kept"),
        pytest.param("http://u:P%7e@H/", "http://u:P%7e@h/", id="userinfo-untouched"),
        # A fragment directive's "-" is syntax: its triplets are uppercased, never decoded.
        pytest.param("https://a/%7e#:~:text=aarch64%2dpc%2Dwin", "https://a/~#:~:text=aarch64%2Dpc%2Dwin",
                     id="text-directive-kept"),
        pytest.param("https://a/#sec%2D1:~:text=a%2Db", "https://a/#sec-1:~:text=a%2Db", id="before-directive-decoded"),
        pytest.param("https://a/#a%30:~:%3", "https://a/#a%30:~:%3", id="stray-percent-in-directive-keeps-hex"),
    ],
)
def test_section_6_normalization(text: str, expected: str) -> None:
    assert urilint.normalize(text) == expected
