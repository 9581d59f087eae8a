"""Rules and the core on huge numbers: no exception.

Regressions: a port, an IPv4 octet or an inet_aton part of more than 4,300 digits made int()
raise ValueError (Python's limit on int/str conversion), in check() (URI104, URI105, URI206,
URI305) and in normalize(); one such URI made ``urilint check`` report an internal error for
its whole file.  Leading zeros count towards the limit too (":000...080" is port 80).
"""

from __future__ import annotations

from typing import List, Optional

import pytest

import urilint
from urilint.rules.uri305_ambiguous_ip import inet_aton_value
from urilint.settings import Settings

EVERYTHING = Settings(select=frozenset({"ALL"}))
LONG = 5_000
#: The defaults with normalization selected (the cases include default ports).
DEFAULTS_AND_URI2 = Settings(extend_select=frozenset({"URI2"}))


@pytest.mark.parametrize(
    "uri, codes, normal",
    [
        pytest.param("http://a:" + "1" * LONG + "/", ["URI105"], None, id="long-port"),
        pytest.param("http://a:" + "0" * LONG + "80/", ["URI206"], "http://a/", id="zeros-then-default-port"),
        pytest.param("http://a:" + "0" * LONG + "1/", [], None, id="zeros-then-port"),
        pytest.param("http://1.1.1." + "1" * LONG + "/", ["URI104"], None, id="long-octet"),
        pytest.param("http://1.1.1." + "0" * LONG + "1/", ["URI305"], None, id="zeros-then-octet"),
        pytest.param("http://" + "1" * LONG + "/", ["URI104"], None, id="long-number-host"),
        pytest.param("http://0x" + "f" * LONG + "/", ["URI104"], None, id="long-hex-host"),
        pytest.param("http://0" + "7" * LONG + "/", ["URI104"], None, id="long-octal-host"),
        pytest.param("http://" + "0" * LONG + "1.1/", ["URI104", "URI305"], None, id="zeros-then-inet-parts"),
    ],
)
def test_huge_numbers(uri: str, codes: List[str], normal: Optional[str]) -> None:
    for settings in (None, EVERYTHING):
        found = urilint.check(uri, settings=settings)
        assert all(f.start <= f.end <= len(uri) for f in found)
    assert sorted({f.code for f in urilint.check(uri, settings=DEFAULTS_AND_URI2)}) == codes
    once = urilint.normalize(uri)
    assert once == (normal if normal is not None else uri)


@pytest.mark.parametrize(
    "host, value",
    # What glibc's inet_aton(3) reads, checked on Linux with socket.inet_aton.
    [
        pytest.param("127.1", 2130706433, id="two-parts"),
        pytest.param("0x7f.1", 2130706433, id="hex"),
        pytest.param("0177.0.0.1", 2130706433, id="octal"),
        pytest.param("4294967295", 4294967295, id="max-decimal"),
        pytest.param("4294967296", None, id="over-decimal"),
        pytest.param("0xffffffff", 4294967295, id="max-hex"),
        pytest.param("0x100000000", None, id="over-hex"),
        pytest.param("037777777777", 4294967295, id="max-octal"),
        pytest.param("040000000000", None, id="over-octal"),
        pytest.param("0" * 50 + "1", 1, id="leading-zeros-octal"),
        pytest.param("0x" + "0" * 50 + "1", 1, id="leading-zeros-hex"),
        pytest.param("1" * LONG, None, id="5000-digits"),
        pytest.param("1.16777215", 33554431, id="last-part-fills"),
        pytest.param("1.16777216", None, id="last-part-overflows"),
    ],
)
def test_inet_aton_value(host: str, value: Optional[int]) -> None:
    assert inet_aton_value(host) == value
