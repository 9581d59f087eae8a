"""The signs a URI shows (rules.base.Sign), which pick the rules that may report it.

check()'s fast path settles the URIs of the clean shape; every other URI goes through the full
pass, and there most rules have nothing to say (an uppercase scheme concerns URI201 alone).
Each rule names, in ``Rule.signs``, the signs of which a URI must show at least one for the rule
to be able to report it: a necessary condition read off the rule's own first test, so the rules
a URI's signs leave out would have found nothing.  ``tests/rules/test_signs.py`` holds the
screened pass equal to running every rule, on generated URIs, every rule's examples and the
corpora."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ..rfc3986 import iana
from .base import WEB_SCHEMES, Analysis, Sign
from .common import CHARACTER, CONVENTION, DELIMITER, IRI, PATH_NOSCHEME, PCT, problem_kinds
from .uri104_invalid_host import may_break_dns
from .uri108_likely_typo import near_miss, typo_at_start

_DIGITS = frozenset("0123456789")
#: The sign of each problem kind a syntax rule reports alone (rules.common).
_KIND_SIGNS: Mapping[str, int] = MappingProxyType({
    CHARACTER: Sign.BAD_CHARACTER, PCT: Sign.BAD_PERCENT, PATH_NOSCHEME: Sign.PATH_COLON,
    DELIMITER: Sign.BAD_DELIMITER, IRI: Sign.NON_ASCII, CONVENTION: Sign.TOLERATED,
})


def signs_of(a: Analysis, wanted: int) -> int:
    """The signs ``a`` shows, of those in ``wanted`` (the plan's rules need no others).  The
    problem kinds' signs read ``a.ignore_before``: the caller settles it first.  (A test that
    yields a wanted sign may find another on the way, INVALID beside a problem kind; only the
    wanted ones are returned.)"""
    ref, text = a.ref, a.text
    found = 0
    if wanted & (Sign.INVALID | Sign.PROBLEM_KINDS) and not a.valid:
        found |= Sign.INVALID
        if wanted & Sign.PROBLEM_KINDS:
            for kind in problem_kinds(a):
                found |= _KIND_SIGNS.get(kind, 0)
    scheme = ref.scheme
    if scheme is not None:
        if wanted & Sign.SCHEME_CASE and not scheme.islower():
            found |= Sign.SCHEME_CASE
        if wanted & (Sign.SCHEME_UNKNOWN | Sign.SCHEME_NEAR_MISS) and not iana.is_known(scheme):
            found |= Sign.SCHEME_UNKNOWN
            # (URI108 compares the lowercased scheme, of three characters or more)
            if wanted & Sign.SCHEME_NEAR_MISS and len(scheme) >= 3 and near_miss(a.scheme or ""):
                found |= Sign.SCHEME_NEAR_MISS
        if wanted & Sign.NO_HOST and a.scheme in WEB_SCHEMES and (ref.authority is None or not ref.host):
            found |= Sign.NO_HOST
    host = ref.host
    if host:
        if wanted & Sign.HOST_CASE and (host != host.lower() or "%" in host):
            found |= Sign.HOST_CASE
        if wanted & Sign.HOST_DIGIT and host[0] in _DIGITS:
            found |= Sign.HOST_DIGIT
        if wanted & Sign.HOST_DNS and may_break_dns(host, host.isascii()):
            found |= Sign.HOST_DNS
        if wanted & Sign.HOST_LITERAL and host[0] == "[":
            found |= Sign.HOST_LITERAL
    if wanted & Sign.PERCENT and "%" in text:
        found |= Sign.PERCENT
    if wanted & Sign.DOTS and "." in ref.path:
        found |= Sign.DOTS
    if wanted & Sign.PORT and ref.port is not None:
        found |= Sign.PORT
    if wanted & Sign.EMPTY_PATH and ref.path == "" and ref.authority is not None:
        found |= Sign.EMPTY_PATH
    if wanted & Sign.USERINFO and ref.userinfo is not None:
        found |= Sign.USERINFO
    if wanted & Sign.SECRET and a.may_hold_secret():
        found |= Sign.SECRET
    if wanted & Sign.TYPO_START and typo_at_start(text):
        found |= Sign.TYPO_START
    return found & wanted
