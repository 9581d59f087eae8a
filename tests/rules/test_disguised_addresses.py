"""E-mail addresses disguised against harvesters in a ``mailto:`` ("faure at kde.org", as
DocBook's pages write their authors' links): no program reads them, their authors want no URI
there, so no rule reports them and nothing is fixed.  Beside them, ``mailto:`` URIs whose
problems are real: a space elsewhere, the words in a body, a plain address mistyped."""

from __future__ import annotations

import pytest

from urilint.checker import check
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))
P = pytest.param

DISGUISED = [
    P("mailto:faure at kde.org", id="spaced-at"),
    P("MAILTO:Tal197 AT users.sf.net", id="upper-case"),
    P("mailto:bob [at] kde [dot] org", id="bracketed"),
    P("mailto:bob(at)kde(dot)org", id="parenthesized"),
    P("mailto:bob {at} kde.org", id="braced"),
    P("mailto:bob@kde dot org", id="spaced-dot"),
    P("mailto:hadess at hadess.net?subject=shared mime", id="with-a-query"),
]
REPORTED = [
    P("mailto:bob@kde.org?body=meet at noon", "URI101", id="words-in-the-body"),
    P("mailto:bob@kde .org", "URI101", id="space-in-the-domain"),
    P("mailto:bob at@kde.org", "URI101", id="at-glued"),
    P("mailto:batman@kde.org?subject=a b", "URI101", id="at-inside-a-word"),
    P("http://x.example/faure at kde.org", "URI101", id="other-scheme"),
    P("mailto:bob@kde.org?cc=ann [at] x.org", "URI101", id="disguise-after-the-address"),
    P("mailto:Bob%2g@kde.org", "URI102", id="bad-encoding"),
]


def test_the_tables_are_balanced() -> None:
    assert len(DISGUISED) <= len(REPORTED)


@pytest.mark.parametrize("context", [None, "html-attribute", "angle"])
@pytest.mark.parametrize("uri", DISGUISED)
def test_a_disguised_address_is_no_uri(uri: str, context: str) -> None:
    assert check(uri, settings=ALL, context=context) == []


@pytest.mark.parametrize(("uri", "code"), REPORTED)
def test_a_mailto_with_a_real_problem_is_reported(uri: str, code: str) -> None:
    assert code in {f.code for f in check(uri, settings=ALL, context="html-attribute")}
