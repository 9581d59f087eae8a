"""Character sets and patterns of RFC 3986 Appendix A, named after their ABNF rules.

Every set is built from the rule text so a reviewer can hold it against the RFC; the tests
compare each one with the RFC's definition over all of ASCII.  ALPHA, DIGIT and HEXDIG are the
RFC 2234 core rules: ASCII only (so no ``str.isdigit`` and no ``\\d`` anywhere in the core).

The compiled patterns are the *fast path* of validation.  They treat ``%`` as an ordinary
character wherever ``pct-encoded`` is allowed, and a second pattern (:data:`BAD_PCT`) rejects a
``%`` that is not followed by two hex digits.  The two together accept exactly Appendix A,
because every place that allows ``pct-encoded`` also allows the HEXDIG characters that follow the
``%``.  That split keeps every repetition a single character class: no nested quantifiers, so
matching is linear even on adversarial input.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import FrozenSet, Mapping

from . import lazy

# --- RFC 2234 core rules (section 1.3) -----------------------------------------------------
# ALPHA = %x41-5A / %x61-7A; DIGIT = %x30-39; HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
# (RFC 2234 is case-insensitive for quoted strings: "a" to "f" too).
ALPHA: FrozenSet[str] = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
DIGIT: FrozenSet[str] = frozenset("0123456789")
HEXDIG: FrozenSet[str] = DIGIT | frozenset("ABCDEFabcdef")

# --- Section 2.2, reserved characters -------------------------------------------------------
# gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
GEN_DELIMS: FrozenSet[str] = frozenset(":/?#[]@")
# sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
SUB_DELIMS: FrozenSet[str] = frozenset("!$&'()*+,;=")
# reserved = gen-delims / sub-delims
RESERVED: FrozenSet[str] = GEN_DELIMS | SUB_DELIMS

# --- Section 2.3, unreserved characters -------------------------------------------------------
# unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
UNRESERVED: FrozenSet[str] = ALPHA | DIGIT | frozenset("-._~")

# --- Sets of single characters allowed by each rule (pct-encoded handled apart) -------------
# Section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
SCHEME_CHARS: FrozenSet[str] = ALPHA | DIGIT | frozenset("+-.")
# Section 3.2.1: userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
USERINFO_CHARS: FrozenSet[str] = UNRESERVED | SUB_DELIMS | frozenset(":")
# Section 3.2.2: reg-name = *( unreserved / pct-encoded / sub-delims )
REG_NAME_CHARS: FrozenSet[str] = UNRESERVED | SUB_DELIMS
# Section 3.2.2: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
IPVFUTURE_TAIL_CHARS: FrozenSet[str] = UNRESERVED | SUB_DELIMS | frozenset(":")
# Section 3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
PCHAR: FrozenSet[str] = UNRESERVED | SUB_DELIMS | frozenset(":@")
# Section 3.3: segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
SEGMENT_NZ_NC_CHARS: FrozenSet[str] = UNRESERVED | SUB_DELIMS | frozenset("@")
# Sections 3.4 and 3.5: query = fragment = *( pchar / "/" / "?" )
QUERY_CHARS: FrozenSet[str] = PCHAR | frozenset("/?")
FRAGMENT_CHARS: FrozenSet[str] = QUERY_CHARS
# Every character that may appear anywhere in a URI (section 2): reserved, unreserved and "%".
URI_CHARS: FrozenSet[str] = RESERVED | UNRESERVED | frozenset("%")


def char_class(chars: FrozenSet[str]) -> str:
    """A regex character class matching exactly ``chars`` (each escaped, order fixed)."""
    return "[" + "".join(re.escape(c) for c in sorted(chars)) + "]"


# --- Pattern pieces, relaxed for the fast path ("%" as a character, see module doc) ---------
_PCT = frozenset("%")
_H16 = "[0-9A-Fa-f]{1,4}"
# Section 3.2.2: dec-octet, most specific alternative first so a regex takes the longest.
DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
IPV4ADDRESS = rf"{DEC_OCTET}\.{DEC_OCTET}\.{DEC_OCTET}\.{DEC_OCTET}"
_LS32 = rf"(?:{_H16}:{_H16}|{IPV4ADDRESS})"


def _h16_colon(times: str) -> str:
    return f"(?:{_H16}:){times}"


# Section 3.2.2: IPv6address, its nine alternatives in the RFC's order.
IPV6ADDRESS = "(?:" + "|".join(
    [
        _h16_colon("{6}") + _LS32,
        "::" + _h16_colon("{5}") + _LS32,
        f"(?:{_H16})?::" + _h16_colon("{4}") + _LS32,
        f"(?:{_h16_colon('{0,1}')}{_H16})?::" + _h16_colon("{3}") + _LS32,
        f"(?:{_h16_colon('{0,2}')}{_H16})?::" + _h16_colon("{2}") + _LS32,
        f"(?:{_h16_colon('{0,3}')}{_H16})?::{_H16}:" + _LS32,
        f"(?:{_h16_colon('{0,4}')}{_H16})?::" + _LS32,
        f"(?:{_h16_colon('{0,5}')}{_H16})?::{_H16}",
        f"(?:{_h16_colon('{0,6}')}{_H16})?::",
    ]
) + ")"
IPVFUTURE = r"[vV][0-9A-Fa-f]+\." + char_class(IPVFUTURE_TAIL_CHARS) + "+"
IP_LITERAL = rf"\[(?:{IPV6ADDRESS}|{IPVFUTURE})\]"
REG_NAME = char_class(REG_NAME_CHARS | _PCT) + "*"
# IPv4address is a subset of reg-name, so validity needs only IP-literal / reg-name here.
HOST = f"(?:{IP_LITERAL}|{REG_NAME})"
USERINFO = char_class(USERINFO_CHARS | _PCT) + "*"
PORT = "[0-9]*"
AUTHORITY = f"(?:{USERINFO}@)?{HOST}(?::{PORT})?"
SCHEME = "[A-Za-z][A-Za-z0-9+.-]*"
_PCHAR = char_class(PCHAR | _PCT)
_PCHAR_OR_SLASH = char_class(PCHAR | _PCT | frozenset("/"))
PATH_ABEMPTY = f"(?:/{_PCHAR_OR_SLASH}*)?"
PATH_ABSOLUTE = f"/(?:{_PCHAR}+{_PCHAR_OR_SLASH}*)?"
PATH_NOSCHEME = char_class(SEGMENT_NZ_NC_CHARS | _PCT) + f"+(?:/{_PCHAR_OR_SLASH}*)?"
PATH_ROOTLESS = f"{_PCHAR}+{_PCHAR_OR_SLASH}*"
QUERY = char_class(QUERY_CHARS | _PCT) + "*"
FRAGMENT = QUERY
HIER_PART = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_ROOTLESS}|)"
RELATIVE_PART = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_NOSCHEME}|)"
URI = rf"{SCHEME}:{HIER_PART}(?:\?{QUERY})?(?:#{FRAGMENT})?"
ABSOLUTE_URI = rf"{SCHEME}:{HIER_PART}(?:\?{QUERY})?"
RELATIVE_REF = rf"{RELATIVE_PART}(?:\?{QUERY})?(?:#{FRAGMENT})?"
URI_REFERENCE = f"(?:{URI}|{RELATIVE_REF})"

#: The top-level rules a caller may validate against, each compiled when first used.
RULE_PATTERNS: Mapping[str, "re.Pattern[str]"] = MappingProxyType({
    "URI": lazy.compile(URI),
    "URI-reference": lazy.compile(URI_REFERENCE),
    "absolute-URI": lazy.compile(ABSOLUTE_URI),
    "relative-ref": lazy.compile(RELATIVE_REF),
})


def _without_ip_literal(rule: str) -> str:
    """``rule`` with the IP-literal alternative of every host taken out."""
    return rule.replace(HOST, REG_NAME)


#: The same rules for a text without "[": IP-literal starts with "[", so there they accept
#: exactly the same texts, and they compile in a third of the time (IPv6address took 4 of the
#: 6 ms that the URI pattern cost the first URI a process validated).
RULE_PATTERNS_WITHOUT_IP_LITERAL: Mapping[str, "re.Pattern[str]"] = MappingProxyType({
    name: lazy.compile(_without_ip_literal(rule)) for name, rule in
    (("URI", URI), ("URI-reference", URI_REFERENCE), ("absolute-URI", ABSOLUTE_URI), ("relative-ref", RELATIVE_REF))
})
#: A character no URI-reference holds anywhere (outside unreserved, reserved and "%"): one makes
#: the text invalid under every rule, found in one search rather than by a failed full match.
OUTSIDE_URI_CHARS = lazy.compile("[^" + "".join(re.escape(c) for c in sorted(UNRESERVED | RESERVED | _PCT)) + "]")
#: A "%" that does not start a pct-encoded triplet (section 2.1).
BAD_PCT = lazy.compile("%(?![0-9A-Fa-f]{2})")
PCT_ENCODED = lazy.compile("%([0-9A-Fa-f]{2})")
SCHEME_PREFIX = lazy.compile(SCHEME + ":")
IPV4ADDRESS_RE = lazy.compile(IPV4ADDRESS)
IPV6ADDRESS_RE = lazy.compile(IPV6ADDRESS)
IPVFUTURE_RE = lazy.compile(IPVFUTURE)
