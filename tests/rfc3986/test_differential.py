"""``is_valid`` against an independent implementation of RFC 3986 Appendix A.

The ``abnf`` package ships the Appendix A rules as ``abnf.grammars.rfc3986`` and parses them with
a general ABNF engine (longest match with backtracking), sharing no code, regex or character set
with ``grammar.py``.  Both must give the same verdict for every string and every top-level rule.

Where abnf departs from the RFC text (checked against ../shared/spec/rfc3986.txt):
- none found so far for the four top-level rules.  Its grammar puts IPv4address before reg-name
  in ``host`` and keeps longest match there (its own comment on abnf issue 232), which accepts
  exactly what the RFC accepts; ``"v"`` in IPvFuture is a case-insensitive ABNF string (RFC 5234
  section 2.3), so "V" is allowed by both, as it is by the RFC.
- its pure-Python engine recurses and turns a RecursionError into ParseError, so a very long
  string could be rejected for depth, not syntax; generated strings stay short and corpus strings
  are capped at ``MAX_CORPUS_LEN`` to keep that out of the comparison.

abnf's pure-Python engine is slow (about 0.2 ms per character and rule), so the samples are
bounded: a few hundred generated strings and about a thousand corpus strings.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import List

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import urilint
from tests.conftest import CORPORA, need_shared
from tests.rfc3986.test_properties import damaged, uri_like
from urilint.rfc3986 import RULES, grammar

# abnf >= 2.9 (Python >= 3.10) is the engine this test was checked against: older releases (the
# newest for Python 3.9 is 2.4.0) read "host" first-match, rejecting "http://1.2.3.4.5/", which is
# a valid reg-name.  On those the comparison would test abnf, not urilint: skip it.
abnf = pytest.importorskip("abnf", minversion="2.9")
from abnf.grammars import rfc3986 as abnf_rfc3986  # noqa: E402  (after the importorskip)


def abnf_accepts(text: str, rule: str) -> bool:
    try:
        abnf_rfc3986.Rule(rule).parse_all(text)
    except abnf.ParseError:
        return False
    return True


def test_abnf_has_every_top_level_rule() -> None:
    # The comparison is only as wide as abnf's grammar: each of our rules must exist there.
    for rule in RULES:
        assert abnf_rfc3986.Rule(rule).definition is not None, rule


# Characters that make structure: every URI character plus a few that are never allowed.
_ALPHABET = st.sampled_from(sorted(grammar.URI_CHARS - grammar.ALPHA - grammar.DIGIT) + list("aAvV019fF \u00e9"))


# "[" any run of IPv6 characters "]": the nine IPv6address alternatives are where a hand-built
# pattern most easily goes wrong.
IP_LITERAL_LIKE = st.text(st.sampled_from("0123456789abcdef:.:"), max_size=40).map(lambda h: "//[" + h + "]")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(uri_like(), damaged(uri_like()), st.text(_ALPHABET, max_size=16), IP_LITERAL_LIKE))
@example("http://[v7.fe80::a+en1]/")
@example("http://[V7.x]")
@example("http://1.2.3.4.5/")
@example("http://256.256.256.256/")
@example("http://[::1%25lo]/")
@example("http://[::ffff:1.2.3.256]/")
@example("http://[1:2:3:4:5:6:7::]/")
@example("http://[::1:2:3:4:5:6:7]/")
@example("//[::]:80")
@example("a:b:c")
@example("1a:b")
@example("./a:b")
@example("%zz")
@example("")
def test_generated_strings_agree_with_abnf(text: str) -> None:
    for rule in RULES:
        assert urilint.is_valid(text, rule) is abnf_accepts(text, rule), (rule, text)


# --- strings from real Markdown ------------------------------------------------------------
DOCS = CORPORA / "docs"
# Inline link destinations and bare http(s) URLs: simple on purpose, the point is real text.
_LINK = re.compile(r"\]\(<?([^()\s<>]+)>?(?:\s+\"[^\"]*\")?\)|(?<![\w/])(https?://[^\s<>()\[\]\"'`]+)")
MAX_CORPUS_LEN = 300
VALID_SAMPLE = 600
INVALID_SAMPLE = 400


def corpus_strings(root: Path) -> List[str]:
    """A deterministic sample of distinct link strings: every invalid one up to a cap (they are
    the interesting ones and rare) and an even stride through the valid ones."""
    found = set()
    for md in sorted(root.rglob("*.md")):
        for m in _LINK.finditer(md.read_text(encoding="utf-8", errors="replace")):
            text = m.group(1) or m.group(2).rstrip(".,;:!?*_")
            if len(text) <= MAX_CORPUS_LEN:
                found.add(text)
    ordered = sorted(found)
    invalid = [s for s in ordered if not urilint.is_valid(s)]
    valid = [s for s in ordered if urilint.is_valid(s)]
    step = max(1, len(valid) // VALID_SAMPLE)
    return invalid[:: max(1, len(invalid) // INVALID_SAMPLE)][:INVALID_SAMPLE] + valid[::step][:VALID_SAMPLE]


@pytest.mark.slow
def test_corpus_strings_agree_with_abnf() -> None:
    strings = corpus_strings(need_shared(DOCS))
    assert len(strings) > 500, "the docs corpus should give hundreds of links"
    disagree = [
        (rule, s)
        for s in strings
        for rule in ("URI-reference", "URI")
        if urilint.is_valid(s, rule) is not abnf_accepts(s, rule)
    ]
    assert disagree == []
    # Both verdicts occur, so the comparison is not vacuous.
    verdicts = {urilint.is_valid(s) for s in strings}
    assert verdicts == {True, False}
