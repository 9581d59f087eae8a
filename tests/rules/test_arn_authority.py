"""An Amazon Resource Name in place of the authority (``s3://arn:aws:s3:...:accesspoint/ap/key``,
how the AWS CLI names an S3 access point): its colons are the ARN's fields, not a host and port,
so no rule judges it as RFC 3986's authority.  Beside it, URIs that only look alike."""

from __future__ import annotations

import pytest

from urilint.checker import check
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))
P = pytest.param

ARNS = [
    P("s3://arn:aws:s3:us-west-2:123456789012:accesspoint/myaccesspoint/mykey", id="access-point"),
    P("s3://arn:aws:s3::123456789012:accesspoint/mfzwi23gnjvgw.mrap/key", id="multi-region"),
    P("s3://arn:aws-cn:s3:cn-north-1:123456789012:accesspoint/ap/k", id="china-partition"),
    P("s3://arn:aws-us-gov:s3-outposts:us-gov-west-1:123456789012:outpost/op-1/accesspoint/ap", id="gov-outposts"),
]
NOT_ARNS = [
    P("s3://arn:8o80/key", "URI105", id="host-named-arn"),
    P("https://arnold:8o80/", "URI105", id="host-starting-with-arn"),
    P("s3://bucket.example:8o80/arn:aws:s3:us-west-2:1:accesspoint/a", "URI105", id="arn-in-the-path"),
    P("s3://my_bucket:99999/arn:aws:x", "URI105", id="bad-port-before-an-arn-path"),
    P("https://x.example/?next=s3://arn:aws:s3:x&a=%zz", "URI102", id="arn-in-the-query"),
]


def test_the_tables_are_balanced() -> None:
    assert len(ARNS) <= len(NOT_ARNS)


@pytest.mark.parametrize("uri", ARNS)
def test_an_arn_authority_is_not_judged(uri: str) -> None:
    assert check(uri, settings=ALL) == []


@pytest.mark.parametrize(("uri", "code"), NOT_ARNS)
def test_what_only_looks_like_one_is(uri: str, code: str) -> None:
    assert code in {f.code for f in check(uri, settings=ALL)}
