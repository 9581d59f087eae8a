"""Normalize only where meaning is kept (issue 14, item 9): URI2xx findings and fixes apply to
the schemes whose normalization the scheme table records as meaning-preserving, aspect by aspect;
elsewhere only the scheme's case is normalized.  Must-fire and must-not-fire tables."""

from __future__ import annotations

from typing import Optional

import pytest
from hypothesis import example, given, settings as hsettings, strategies as st

import urilint
from urilint.checker import check
from urilint.rfc3986 import iana
from urilint.rfc3986.schemes import DEFAULT_PORTS, EMPTY_PATH_IS_ROOT, NORMALIZATION, normalization
from urilint.settings import Settings

ALL_2XX = Settings(extend_select=frozenset({"URI2"}))


def _codes(text: str, context: Optional[str] = None, settings: Settings = ALL_2XX) -> list[str]:
    return [f.code for f in check(text, settings=settings, context=context) if f.code.startswith("URI2")]


# (text, context, codes that fire, the shared safe fix)
MUST_FIRE = [
    pytest.param("HTTP://Example.COM:80/a/../b", None, {"URI201", "URI202", "URI205", "URI206"},
                 "http://example.com/b", id="http-mixed-case-default-port-dots"),
    pytest.param("https://Example.com/a/./b", None, {"URI202", "URI205"}, "https://example.com/a/b", id="https"),
    pytest.param("wss://Chat.example.com:443", None, {"URI202", "URI206", "URI208"}, "wss://chat.example.com/",
                 id="wss"),
    pytest.param("ftp://FTP.example.com:21/pub/../README", None, {"URI202", "URI205", "URI206"},
                 "ftp://ftp.example.com/README", id="ftp"),
    pytest.param("https://example.com:/x/%7euser%2f", None, {"URI203", "URI204", "URI207"}, "https://example.com/x/~user%2F",
                 id="https-empty-port-pct"),
    pytest.param("/docs/./guide.md", "markdown-link", {"URI205"}, "/docs/guide.md", id="absolute-path-reference"),
    pytest.param("//CDN.example.com/a/../lib.js", "html-attribute", {"URI202", "URI205"},
                 "//cdn.example.com/lib.js", id="network-path-reference"),
    pytest.param("#caf%c3%a9", "markdown-link", {"URI203"}, "#caf%C3%A9", id="fragment-reference"),
    pytest.param("../img/%7elogo.png", "markdown-image", {"URI204"}, "../img/~logo.png", id="relative-path-pct"),
    pytest.param("file:///srv/a%2fb", None, {"URI203"}, "file:///srv/a%2Fb", id="file-pct-case"),
    pytest.param("data:text/plain,%7e", None, {"URI204"}, "data:text/plain,~", id="data-pct-unreserved"),
    pytest.param("mailto:a%2eb@example.com", None, {"URI204"}, "mailto:a.b@example.com", id="mailto-pct"),
    pytest.param("SQLITE:///../data.db", None, {"URI201"}, "sqlite:///../data.db", id="sqlite-scheme-case-only"),
    pytest.param("FILE:///Srv/Link/../Data", None, {"URI201"}, "file:///Srv/Link/../Data", id="file-scheme-case-only"),
    pytest.param("Postgres://DB.example.com:5432/App", None, {"URI201"}, "postgres://DB.example.com:5432/App",
                 id="postgres-scheme-case-only"),
    pytest.param("Custom+Scheme://Host/a/../b", None, {"URI201"}, "custom+scheme://Host/a/../b",
                 id="unknown-mixed-case-scheme"),
]


@pytest.mark.parametrize(("text", "context", "codes", "fix"), MUST_FIRE)
def test_must_fire(text: str, context: Optional[str], codes: set[str], fix: str) -> None:
    findings = [f for f in check(text, settings=ALL_2XX, context=context) if f.code.startswith("URI2")]
    assert {f.code for f in findings} == codes
    assert {f.fix for f in findings} == {fix}
    assert all(f.applicability == "safe" for f in findings)


# (text, context, the 2xx code that must stay silent)
MUST_NOT_FIRE = [
    # the issue's example: another database file, not the same one
    pytest.param("sqlite:///../data.db", None, "URI205", id="sqlite-relative-file"),
    pytest.param("sqlite:////srv/app/../data.db", None, "URI205", id="sqlite-absolute-file"),
    pytest.param("mongodb+srv://Cluster0.Example.net/App", None, "URI202", id="mongodb-srv-host"),
    pytest.param("file:///srv/link/../data", None, "URI205", id="file-symlink-dots"),
    pytest.param("file://C:/Windows/", None, "URI207", id="file-drive-letter-port"),
    pytest.param("file://Server/Share/x", None, "URI202", id="file-unc-host"),
    pytest.param("postgres://DB.example.com:5432/App", None, "URI202", id="postgres-host"),
    pytest.param("postgresql://%2Fvar%2Frun%2FPG/app", None, "URI202", id="postgres-socket-path"),
    pytest.param("postgres://db.example.com/../app", None, "URI205", id="postgres-dots"),
    pytest.param("postgres://db.example.com/app%2fx", None, "URI203", id="postgres-pct-case"),
    pytest.param("mysql://root@DB/Shop", None, "URI202", id="mysql-host"),
    pytest.param("mongodb://Mongo1.example.com,Mongo2.example.com/App", None, "URI202", id="mongodb-host-list"),
    pytest.param("redis://Cache:/0", None, "URI207", id="redis-empty-port"),
    pytest.param("redis://cache:6379/0", None, "URI206", id="redis-port-not-declared"),
    pytest.param("azureblockblob://DefaultEndpointsProtocol=http;AccountName=Acct;AccountKey=AbC%2f",
                 None, "URI202", id="azure-connection-string-case"),
    pytest.param("azureblockblob://DefaultEndpointsProtocol=http;AccountName=Acct;AccountKey=AbC%2f",
                 None, "URI203", id="azure-connection-string-pct"),
    pytest.param("http+unix://%2Fvar%2Frun%2FSOCKET/path", None, "URI202", id="http-unix-socket-path"),
    pytest.param("s3://Bucket/a/../b", None, "URI205", id="s3-key-with-dots"),
    pytest.param("s3://bucket/a%7eb", None, "URI204", id="s3-key-pct"),
    pytest.param("custom://Host/a/../b", None, "URI202", id="unknown-scheme-host"),
    pytest.param("custom://host/a/../b", None, "URI205", id="unknown-scheme-dots"),
    pytest.param("custom://host:80/", None, "URI206", id="unknown-scheme-port"),
    pytest.param("jar:file:///srv/app.jar!/a/../b", None, "URI205", id="jar-nested"),
    pytest.param("PLAINTEXT://0.0.0.0:9092", None, "URI201", id="kafka-listener-name"),
    pytest.param("INTERNAL://kafka:29092", None, "URI201", id="kafka-internal-listener"),
    pytest.param("../img/./logo.png", "markdown-image", "URI205", id="relative-path-dots"),
    pytest.param("//example.com:80/", "html-attribute", "URI206", id="network-path-default-port"),
    pytest.param("//example.com", "html-attribute", "URI208", id="network-path-empty-path"),
    pytest.param("postgres://db.example.com", None, "URI208", id="postgres-empty-path"),
    pytest.param("file:///srv/a/./b", None, "URI205", id="file-dot"),
    pytest.param("mailto:Someone@Example.COM", None, "URI202", id="mailto-address-case"),
    pytest.param("urn:example:a%2fb", None, "URI203", id="urn-pct"),
]


@pytest.mark.parametrize(("text", "context", "code"), MUST_NOT_FIRE)
def test_must_not_fire(text: str, context: Optional[str], code: str) -> None:
    assert code not in _codes(text, context)


def test_must_not_fire_table_is_at_least_as_long() -> None:
    assert len(MUST_NOT_FIRE) >= len(MUST_FIRE)


@pytest.mark.parametrize(
    ("text", "fix"),
    [
        pytest.param("redis://cache:6379/0", "redis://cache/0", id="declared-default-port"),
        pytest.param("redis://cache:/0", "redis://cache/0", id="declared-port-empty"),
    ],
)
def test_extra_default_ports_declare_a_port(text: str, fix: str) -> None:
    # The user's word that the scheme has a TCP port: its default and empty ports go, nothing else.
    settings = Settings(extend_select=frozenset({"URI2"}), extra_default_ports=(("redis", 6379),))
    findings = [f for f in check(text, settings=settings) if f.code.startswith("URI2")]
    assert findings and {f.fix for f in findings} == {fix}
    assert "URI205" not in _codes("redis://cache:6379/a/../0", settings=settings)


def test_the_rfc_core_stays_exact() -> None:
    # urilint.normalize() is RFC 3986 section 6.2.2 for every scheme; the policy is the rules'.
    assert urilint.normalize("sqlite:///../data.db") == "sqlite:///data.db"
    assert urilint.normalize("Custom://Host/a/../b") == "custom://host/b"


@pytest.mark.parametrize("scheme", sorted(NORMALIZATION))
def test_every_record_cites_its_spec_and_is_registered(scheme: str) -> None:
    record = NORMALIZATION[scheme]
    assert record.reference.startswith("RFC ")
    assert iana.is_registered(scheme)
    assert record.default_port == DEFAULT_PORTS.get(scheme)
    assert record.empty_path_is_root == (scheme in EMPTY_PATH_IS_ROOT)
    # a port or an empty path only means something with a DNS host
    if record.default_port is not None or record.empty_path_is_root:
        assert record.host_case


def test_unknown_and_relative_records() -> None:
    unknown = normalization("sqlite")
    assert not (unknown.host_case or unknown.percent_encoding or unknown.dot_segments or unknown.empty_port)
    relative = normalization(None)
    assert relative.dot_segments and relative.default_port is None and not relative.empty_path_is_root


_PCT_PIECES = st.sampled_from([
    "https://", "HTTP://", "urn:", "//", "/", "?", "#", "&", "=", ":8080", "@", "u:p@", "a", "Z", ".", "..",
    "ex%41mple.com", "%7e", "%7E", "%2f", "%2F", "%41", "%c3%a9", "%", "%zz", "%4", "{x}", "{%7e}", "${X}",
    ":~:text=", "%2d", "%5f", "%25", "caf\u00e9", " ",
])


@hsettings(max_examples=1500, deadline=None)
@given(text=st.lists(_PCT_PIECES, max_size=10).map("".join))
@example(text="https://ex%41mple.com/%7e?q=%2f#:~:text=%7e%2d")
@example(text="https://h/%7e%zz/{%7e}")
def test_the_percent_aspects_read_once_edit_as_the_walk(text: str) -> None:
    """The percent-encoding aspects' edits come from triplets read once per URI (rules.common
    ._pct_edits); each set of them must edit as the walk over every component does."""
    from urilint.rules.base import Analysis
    from urilint.rules.common import _PCT_ASPECTS, _all_edits, _pct_edits

    for aspects in (frozenset({"pct-case"}), frozenset({"pct-unreserved"}), _PCT_ASPECTS, frozenset()):
        a, b = Analysis(text, Settings()), Analysis(text, Settings())
        assert _pct_edits(a, aspects) == _all_edits(b, aspects), aspects
