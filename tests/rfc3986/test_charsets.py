"""Each character set of grammar.py against the RFC's own ABNF text, over all of ASCII.

The sets are read from ../shared/spec/rfc3986.txt when it is there, and otherwise from the
definitions restated below (which the first test holds to the spec text when it is present).
"""

from __future__ import annotations

import re
import string
from typing import Dict, FrozenSet

import pytest

from tests.conftest import SPEC, need_shared
from urilint.rfc3986 import grammar

# Appendix A, restated: the quoted literals of each rule.
RESTATED = {
    "gen-delims": '":" / "/" / "?" / "#" / "[" / "]" / "@"',
    "sub-delims": '"!" / "$" / "&" / "\'" / "(" / ")" / "*" / "+" / "," / ";" / "="',
    "unreserved": 'ALPHA / DIGIT / "-" / "." / "_" / "~"',
}


def chars_of(rule_text: str) -> FrozenSet[str]:
    out = set(re.findall(r'"(.)"', rule_text))
    if "ALPHA" in rule_text:
        out |= set(string.ascii_letters)
    if "DIGIT" in rule_text:
        out |= set(string.digits)
    return frozenset(out)


def spec_rules() -> Dict[str, str]:
    text = need_shared(SPEC).read_text()
    appendix = text[text.index("Appendix A.  Collected ABNF"): text.index("Appendix B.")]
    rules: Dict[str, str] = {}
    for name in RESTATED:
        m = re.search(rf"^   {re.escape(name)}\s+=(.*?)(?=^   [a-zA-Z-]+\s+=|\Z)", appendix, re.M | re.S)
        assert m, name
        rules[name] = " ".join(m.group(1).split())
    return rules


def test_restated_rules_match_the_spec_text() -> None:
    for name, body in spec_rules().items():
        assert chars_of(body) == chars_of(RESTATED[name]), name


EXPECTED = {
    "GEN_DELIMS": chars_of(RESTATED["gen-delims"]),
    "SUB_DELIMS": chars_of(RESTATED["sub-delims"]),
    "UNRESERVED": chars_of(RESTATED["unreserved"]),
}
EXPECTED["RESERVED"] = EXPECTED["GEN_DELIMS"] | EXPECTED["SUB_DELIMS"]
EXPECTED["PCHAR"] = EXPECTED["UNRESERVED"] | EXPECTED["SUB_DELIMS"] | {":", "@"}
EXPECTED["USERINFO_CHARS"] = EXPECTED["UNRESERVED"] | EXPECTED["SUB_DELIMS"] | {":"}
EXPECTED["REG_NAME_CHARS"] = EXPECTED["UNRESERVED"] | EXPECTED["SUB_DELIMS"]
EXPECTED["SEGMENT_NZ_NC_CHARS"] = EXPECTED["UNRESERVED"] | EXPECTED["SUB_DELIMS"] | {"@"}
EXPECTED["QUERY_CHARS"] = EXPECTED["PCHAR"] | {"/", "?"}
EXPECTED["SCHEME_CHARS"] = frozenset(string.ascii_letters + string.digits + "+-.")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_charset_matches_rfc_over_all_ascii(name: str) -> None:
    actual: FrozenSet[str] = getattr(grammar, name)
    for code in range(128):
        c = chr(code)
        assert (c in actual) == (c in EXPECTED[name]), f"{name}: {c!r}"
    assert all(ord(c) < 128 for c in actual)


def test_unreserved_does_not_contain_bang() -> None:
    # python-hyper/rfc3986 put "!" in UNRESERVED; it is a sub-delim (section 2.2).
    assert "!" not in grammar.UNRESERVED and "!" in grammar.SUB_DELIMS


@pytest.mark.parametrize("name", ["UNRESERVED", "PCHAR", "QUERY_CHARS", "REG_NAME_CHARS"])
def test_charset_pattern_agrees_with_set(name: str) -> None:
    pattern = re.compile(grammar.char_class(getattr(grammar, name)))
    for code in range(0x110000 if name == "UNRESERVED" else 256):
        c = chr(code)
        assert bool(pattern.fullmatch(c)) == (c in getattr(grammar, name)), repr(c)
