"""Texts that are written like URIs but are not URI references, so no rule judges them, beside
the look-alikes whose problems are real.

- An e-mail address disguised against harvesters in a ``mailto:`` ("faure at kde.org", as
  DocBook's pages write their authors' links): no program reads it, its author wants no URI
  there, and no fix.
- An Amazon Resource Name in place of the authority (``s3://arn:aws:s3:...:accesspoint/ap/key``,
  how the AWS CLI names an S3 access point): its colons are the ARN's fields, not a host and port.
- A ``javascript:`` (or ``vbscript:``) URL: script a browser runs, not an identifier (an
  ``href="javascript:(function(){...})()"`` bookmarklet).  Only a credential in it is reported.
"""

from __future__ import annotations

import pytest

from urilint.checker import check
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))
P = pytest.param

NOT_URIS = [
    P("mailto:faure at kde.org", id="mailto-spaced-at"),
    P("MAILTO:Tal197 AT users.sf.net", id="mailto-upper-case"),
    P("mailto:bob [at] kde [dot] org", id="mailto-bracketed"),
    P("mailto:bob(at)kde(dot)org", id="mailto-parenthesized"),
    P("mailto:bob {at} kde.org", id="mailto-braced"),
    P("mailto:bob@kde dot org", id="mailto-spaced-dot"),
    P("mailto:hadess at hadess.net?subject=shared mime", id="mailto-with-a-query"),
    P("s3://arn:aws:s3:us-west-2:123456789012:accesspoint/myaccesspoint/mykey", id="arn-access-point"),
    P("s3://arn:aws:s3::123456789012:accesspoint/mfzwi23gnjvgw.mrap/key", id="arn-multi-region"),
    P("s3://arn:aws-cn:s3:cn-north-1:123456789012:accesspoint/ap/k", id="arn-china-partition"),
    P("s3://arn:aws-us-gov:s3-outposts:us-gov-west-1:123456789012:outpost/op-1/accesspoint/ap", id="arn-gov-outposts"),
    P("javascript:(function(){if(typeof x!='undefined'){go()}})()", id="javascript-bookmarklet"),
    P("javascript:window.open('https://a.example/b c')", id="javascript-with-a-url-inside"),
    P('JavaScript:alert("hi there")', id="javascript-upper-case"),
    P("javascript:void(0)", id="javascript-void"),
    P('vbscript:MsgBox("a b")', id="vbscript"),
]
LOOKALIKES = [
    P("mailto:bob@kde.org?body=meet at noon", "URI101", id="mailto-words-in-the-body"),
    P("mailto:bob@kde .org", "URI101", id="mailto-space-in-the-domain"),
    P("mailto:bob at@kde.org", "URI101", id="mailto-at-glued"),
    P("mailto:batman@kde.org?subject=a b", "URI101", id="mailto-at-inside-a-word"),
    P("http://x.example/faure at kde.org", "URI101", id="other-scheme-spaced-at"),
    P("mailto:bob@kde.org?cc=ann [at] x.org", "URI101", id="mailto-disguise-after-the-address"),
    P("mailto:Bob%2g@kde.org", "URI102", id="mailto-bad-encoding"),
    P("s3://arn:8o80/key", "URI105", id="host-named-arn"),
    P("https://arnold:8o80/", "URI105", id="host-starting-with-arn"),
    P("s3://bucket.example:8o80/arn:aws:s3:us-west-2:1:accesspoint/a", "URI105", id="arn-in-the-path"),
    P("s3://my_bucket:99999/arn:aws:x", "URI105", id="bad-port-before-an-arn-path"),
    P("https://x.example/?next=s3://arn:aws:s3:x&a=%zz", "URI102", id="arn-in-the-query"),
    P("javascript://admin:Zq7pw8Lk2Rt9@db.internal/", "URI301", id="javascript-with-a-password"),
    P("https://x.example/?next=javascript:go(a b)", "URI101", id="javascript-in-the-query"),
    P("https://x.example/javascript:go(a b)", "URI101", id="javascript-in-the-path"),
    P("javascripts://x.example/a b", "URI101", id="scheme-starting-with-javascript"),
    P("jscript://x.example/a b", "URI101", id="another-script-name"),
]


def test_the_tables_are_balanced() -> None:
    assert len(NOT_URIS) <= len(LOOKALIKES)


@pytest.mark.parametrize("context", [None, "html-attribute", "angle"])
@pytest.mark.parametrize("text", NOT_URIS)
def test_no_rule_judges_it(text: str, context: str) -> None:
    assert check(text, settings=ALL, context=context) == []


@pytest.mark.parametrize(("uri", "code"), LOOKALIKES)
def test_a_look_alike_with_a_real_problem_is_reported(uri: str, code: str) -> None:
    assert code in {f.code for f in check(uri, settings=ALL, context="html-attribute")}
