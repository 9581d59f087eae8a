"""The IANA URI scheme registry data (iana.py) and the generator that writes it."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import ROOT
from urilint.rfc3986 import grammar, iana

SCHEME_RE = re.compile(grammar.SCHEME)


def load_generator() -> ModuleType:
    path = ROOT / "tools" / "update_iana.py"
    spec = importlib.util.spec_from_file_location("update_iana", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REGISTERED = [
    # permanent
    pytest.param("http", "permanent", id="http"),
    pytest.param("https", "permanent", id="https"),
    pytest.param("ftp", "permanent", id="ftp"),
    pytest.param("mailto", "permanent", id="mailto"),
    pytest.param("file", "permanent", id="file"),
    pytest.param("data", "permanent", id="data"),
    pytest.param("ws", "permanent", id="ws"),
    pytest.param("wss", "permanent", id="wss"),
    pytest.param("urn", "permanent", id="urn"),
    pytest.param("tel", "permanent", id="tel"),
    pytest.param("ldap", "permanent", id="ldap"),
    pytest.param("news", "permanent", id="news"),
    pytest.param("nntp", "permanent", id="nntp"),
    pytest.param("telnet", "permanent", id="telnet"),
    pytest.param("sip", "permanent", id="sip"),
    pytest.param("about", "permanent", id="about"),
    pytest.param("coap", "permanent", id="coap-parent-of-coap+tcp"),
    pytest.param("coap+tcp", "permanent", id="plus-in-name"),
    pytest.param("iris.beep", "permanent", id="dot-in-name"),
    pytest.param("z39.50r", "permanent", id="digits-and-dot"),
    pytest.param("shttp", "permanent", id="shttp-annotated-obsolete-in-registry"),
    pytest.param("doi", "permanent", id="doi"),
    # provisional
    pytest.param("ssh", "provisional", id="ssh"),
    pytest.param("git", "provisional", id="git"),
    pytest.param("irc", "provisional", id="irc"),
    pytest.param("redis", "provisional", id="redis"),
    pytest.param("rediss", "provisional", id="rediss"),
    pytest.param("mongodb", "provisional", id="mongodb"),
    pytest.param("sftp", "provisional", id="sftp"),
    pytest.param("vscode", "provisional", id="vscode"),
    pytest.param("spotify", "provisional", id="spotify"),
    pytest.param("blob", "provisional", id="blob"),
    pytest.param("chrome", "provisional", id="chrome"),
    pytest.param("chrome-extension", "provisional", id="chrome-extension"),
    pytest.param("view-source", "provisional", id="view-source"),
    pytest.param("magnet", "provisional", id="magnet"),
    pytest.param("web+ap", "provisional", id="web+ap"),
    pytest.param("ms-settings", "provisional", id="ms-settings"),
    pytest.param("ibi-", "provisional", id="trailing-hyphen"),
    pytest.param("machineprovisioningprogressreporter", "provisional", id="mixed-case-in-registry"),
    # historical
    pytest.param("fax", "historical", id="fax"),
    pytest.param("wais", "historical", id="wais"),
    pytest.param("prospero", "historical", id="prospero"),
    pytest.param("snews", "historical", id="snews"),
    pytest.param("videotex", "historical", id="videotex"),
    pytest.param("z39.50", "historical", id="z39.50"),
    pytest.param("payment", "historical", id="payment"),
]


@pytest.mark.parametrize(("scheme", "expected"), REGISTERED)
def test_registered_scheme_and_status(scheme: str, expected: str) -> None:
    assert iana.is_registered(scheme)
    assert iana.status(scheme) == expected
    assert iana.is_known(scheme)


CASES = [
    pytest.param("HTTP", "permanent", id="upper"),
    pytest.param("Https", "permanent", id="title"),
    pytest.param("mAiLtO", "permanent", id="mixed"),
    pytest.param("Coap+TCP", "permanent", id="with-plus"),
    pytest.param("IRIS.Beep", "permanent", id="with-dot"),
    pytest.param("VSCode", "provisional", id="provisional"),
    pytest.param("machineProvisioningProgressReporter", "provisional", id="as-iana-spells-it"),
    pytest.param("WAIS", "historical", id="historical"),
]


@pytest.mark.parametrize(("scheme", "expected"), CASES)
def test_lookup_ignores_ascii_case(scheme: str, expected: str) -> None:
    assert iana.is_registered(scheme)
    assert iana.status(scheme) == expected


UNREGISTERED = [
    pytest.param("htps", id="typo-htps"),
    pytest.param("htttp", id="typo-htttp"),
    pytest.param("hhttp", id="typo-hhttp"),
    pytest.param("mailt", id="typo-mailt"),
    pytest.param("foo", id="foo"),
    pytest.param("key", id="key-from-key:value"),
    pytest.param("c", id="windows-drive-letter"),
    pytest.param("C", id="windows-drive-letter-upper"),
    pytest.param("note", id="note-from-prose"),
    pytest.param("", id="empty"),
    pytest.param("http:", id="with-colon"),
    pytest.param(" http", id="leading-space"),
    pytest.param("http ", id="trailing-space"),
    pytest.param("postgresql", id="postgresql-is-not-registered"),
    pytest.param("postgres", id="postgres-is-not-registered"),
    pytest.param("amqp", id="amqp-is-not-registered"),
    pytest.param("s3", id="s3-is-not-registered"),
    pytest.param("javascript", id="javascript-is-not-registered"),
    pytest.param("mongodb+srv", id="mongodb+srv-is-not-registered"),
    pytest.param("ftps", id="ftps-is-not-registered"),
    pytest.param("\u212aeyparc", id="kelvin-sign-is-not-k"),
    pytest.param("\u0130rc", id="dotted-capital-i-is-not-i"),
    pytest.param("\uff48ttp", id="fullwidth-h"),
]


@pytest.mark.parametrize("scheme", UNREGISTERED)
def test_unregistered_names(scheme: str) -> None:
    assert not iana.is_registered(scheme)
    assert iana.status(scheme) is None


def test_unicode_lowering_would_have_matched() -> None:
    # Why lookups lower ASCII only: str.lower() turns KELVIN SIGN into "k", so a lookup built on
    # it would call "\u212aeyparc" the registered "keyparc".
    assert "\u212aeyparc".lower() in iana.SCHEME_STATUS
    assert not iana.is_registered("\u212aeyparc")


KNOWN_UNREGISTERED = [
    pytest.param("postgresql", id="postgresql"),
    pytest.param("POSTGRES", id="postgres-upper"),
    pytest.param("mysql", id="mysql"),
    pytest.param("mongodb+srv", id="mongodb+srv"),
    pytest.param("jdbc", id="jdbc"),
    pytest.param("sqlite", id="sqlite"),
    pytest.param("git+ssh", id="git+ssh"),
    pytest.param("svn+http", id="svn+http"),
    pytest.param("HG+HTTPS", id="hg+https-upper"),
    pytest.param("hg+static-http", id="hg+static-http"),
    pytest.param("bzr+lp", id="bzr+lp"),
    pytest.param("git+file", id="git+file"),
    pytest.param("s3", id="s3"),
    pytest.param("gs", id="gs"),
    pytest.param("javascript", id="javascript"),
]


@pytest.mark.parametrize("scheme", KNOWN_UNREGISTERED)
def test_common_unregistered_are_known_but_not_registered(scheme: str) -> None:
    assert iana.is_known(scheme)
    assert not iana.is_registered(scheme)
    assert iana.status(scheme) is None


@pytest.mark.parametrize("scheme", ["htps", "htttp", "foo", "key", "c", "", "\u212aeyparc", "git+htps", "cvs+http",
                                    "git+", "+https", "svn+static-http+x", "git+lp+http", "lp", "static-http"])
def test_typos_are_not_known(scheme: str) -> None:
    assert not iana.is_known(scheme)


TABLES = [
    pytest.param(frozenset(iana.SCHEME_STATUS), id="registry"),
    pytest.param(iana.COMMON_UNREGISTERED, id="common-unregistered"),
]


@pytest.mark.parametrize("names", TABLES)
def test_every_name_is_an_rfc3986_scheme(names: frozenset) -> None:  # type: ignore[type-arg]
    bad = sorted(n for n in names if not SCHEME_RE.fullmatch(n))
    assert bad == []


@pytest.mark.parametrize("names", TABLES)
def test_every_name_is_stored_in_ascii_lowercase(names: frozenset) -> None:  # type: ignore[type-arg]
    bad = sorted(n for n in names if not n.isascii() or n != n.lower())
    assert bad == []


def test_common_unregistered_is_disjoint_from_the_registry() -> None:
    assert sorted(iana.COMMON_UNREGISTERED & frozenset(iana.SCHEME_STATUS)) == []


def test_status_sets_are_disjoint_and_make_up_the_mapping() -> None:
    sets = {"permanent": iana.PERMANENT, "provisional": iana.PROVISIONAL,
            "historical": iana.HISTORICAL}
    assert sum(len(s) for s in sets.values()) == len(iana.SCHEME_STATUS)
    for state, names in sets.items():
        assert {n: iana.SCHEME_STATUS[n] for n in names} == dict.fromkeys(names, state)


COUNTS = [
    # The registry only grows (entries move to "historical" rather than leave); about 430 in 2026.
    pytest.param(frozenset(iana.SCHEME_STATUS), 370, 1000, id="all"),
    pytest.param(iana.PERMANENT, 90, 200, id="permanent"),
    pytest.param(iana.PROVISIONAL, 250, 900, id="provisional"),
    pytest.param(iana.HISTORICAL, 15, 60, id="historical"),
]


@pytest.mark.parametrize(("names", "low", "high"), COUNTS)
def test_count_is_in_the_expected_range(names: frozenset, low: int, high: int) -> None:  # type: ignore[type-arg]
    assert low <= len(names) <= high


def test_mapping_is_read_only() -> None:
    with pytest.raises(TypeError):
        iana.SCHEME_STATUS["foo"] = "permanent"  # type: ignore[index]


# --- the generator (tools/update_iana.py) ---------------------------------------------------

CSV_HEADER = "URI Scheme,Template,Description,Status,Well-Known URI Support,Reference,Notes\n"


def test_generator_reads_name_and_status_only(tmp_path: Path) -> None:
    gen = load_generator()
    csv_path = tmp_path / "uri-schemes-1.csv"
    csv_path.write_text(
        CSV_HEADER
        + 'http,,Hypertext Transfer Protocol,Permanent,-,"[RFC9110, Section 4.2.1]",\n'
        + "shttp (OBSOLETE),,Secure Hypertext Transfer Protocol,Permanent,-,[RFC2660],\n"
        + "machineProvisioningProgressReporter,prov/x,Windows,Provisional,-,[x],\n"
        + "wais,,Wide Area Information Servers,Historical,-,[RFC4156],\n",
        encoding="utf-8",
    )
    assert gen.read_registry(csv_path) == {
        "http": "permanent", "shttp": "permanent",
        "machineprovisioningprogressreporter": "provisional", "wais": "historical",
    }


BAD_ROWS = [
    pytest.param("http,,x,Permanent,-,,\nhttp,,x,Historical,-,,\n", id="conflicting-duplicate"),
    pytest.param("http,,x,Deprecated,-,,\n", id="unknown-status"),
    pytest.param("1http,,x,Permanent,-,,\n", id="not-a-scheme"),
]


@pytest.mark.parametrize("rows", BAD_ROWS)
def test_generator_refuses_bad_rows(tmp_path: Path, rows: str) -> None:
    gen = load_generator()
    csv_path = tmp_path / "uri-schemes-1.csv"
    csv_path.write_text(CSV_HEADER + rows, encoding="utf-8")
    with pytest.raises(ValueError):
        gen.read_registry(csv_path)


def test_module_block_is_exactly_what_the_generator_writes() -> None:
    gen = load_generator()
    text = (ROOT / "src" / "urilint" / "rfc3986" / "iana.py").read_text(encoding="utf-8")
    assert gen.replace_block(text, gen.render_block(iana.SCHEME_STATUS)) == text


def test_rendered_block_round_trips_and_stays_narrow() -> None:
    gen = load_generator()
    sample = {"http": "permanent", "a.b": "provisional", "z39.50": "historical",
              **{f"s{i}": "provisional" for i in range(60)}}
    block = gen.render_block(sample)
    namespace: dict = {}  # type: ignore[type-arg]
    exec("from typing import FrozenSet\n" + block, namespace)
    assert namespace["PERMANENT"] == {"http"}
    assert namespace["PROVISIONAL"] == {"a.b", *(f"s{i}" for i in range(60))}
    assert namespace["HISTORICAL"] == {"z39.50"}
    assert max(len(line) for line in block.splitlines()) <= gen.WIDTH
