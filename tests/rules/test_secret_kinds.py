"""Which parts of a URI are secrets: tokens as whole words, and secrets outside the userinfo and
the query's keys (fragments, path parameters, webhook paths, cloud key ids), each reported by
URI304 and masked wherever the URI is shown (messages, ``redact``: JSON, SARIF, dump)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from urilint import secrets
from urilint.checker import check
from urilint.cli import main
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"

# --- token formats need word boundaries ---------------------------------------------------------
TOKENS = [
    pytest.param("sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8t", id="openai-project-key"),
    pytest.param("sk-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", id="openai-key"),
    pytest.param("ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="github"),
    pytest.param("AKIAQWERTYUIOP123456", id="aws-access-key-id"),
    pytest.param("ASIAQWERTYUIOP123456", id="aws-session-key-id"),
    pytest.param("A3TXQWERTYUIOP123456", id="aws-a3t"),
    pytest.param("LTAI5tQwErTyUiOp1234AsDf", id="alibaba-key-id"),
    pytest.param("GOOG1EQWERTYUIOPASDFGHJKLZXCVBNM1234567890QWERTYUIOPASDFGHJKL", id="gcs-hmac-key-id"),
    pytest.param("AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE", id="tencent-secret-id"),
    pytest.param(JWT, id="jwt"),
    pytest.param("xoxb-7310492856-qkzwmtrbjd", id="slack-bot"),
]
NOT_TOKENS = [
    pytest.param("task-attached-to-a-different-loop", id="sk-inside-a-word"),
    pytest.param("sk-attached-to-a-different-loop", id="sk-then-a-slug"),
    pytest.param("sk-learn-preprocessing-standard-scaler", id="sk-learn-slug"),
    pytest.param("sk-abcdefghijklmnopqrstuvwx", id="sk-then-one-lowercase-word"),
    pytest.param("desk-0123456789abcdefghijklmn", id="desk-prefix"),
    pytest.param("XAKIAQWERTYUIOP123456", id="akia-inside-a-word"),
    pytest.param("AKIAQWERTYUIOP1234567", id="akia-too-long"),
    pytest.param("myghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="ghp-inside-a-word"),
    pytest.param("éghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="ghp-after-a-letter-of-any-script"),
    pytest.param("LTAIanything", id="ltai-too-short"),
    pytest.param("beyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3", id="jwt-inside-a-word"),
]


@pytest.mark.parametrize("token", TOKENS)
@pytest.mark.parametrize("around", ["{}", "/{}/", "={}&", "%20{}", "%3D{}", "({})"])
def test_a_token_is_found_as_a_whole_word(token: str, around: str) -> None:
    text = around.format(token)
    assert [text[s:e] for s, e in (m.span() for m in secrets.find_tokens(text))] == [token]


@pytest.mark.parametrize("text", NOT_TOKENS)
@pytest.mark.parametrize("around", ["{}", "/{}/", "={}&"])
def test_a_token_prefix_inside_a_word_is_no_token(text: str, around: str) -> None:
    assert secrets.find_tokens(around.format(text)) == []


@pytest.mark.parametrize("path", NOT_TOKENS)
def test_an_ordinary_path_is_not_redacted(path: str) -> None:
    uri = f"https://github.com/o/r/issues/{path}"
    assert secrets.redact(uri) == uri
    assert not [f for f in check(uri, settings=ALL) if f.code.startswith("URI3")]


# --- secrets outside the userinfo and the query's keys -----------------------------------------
# (URI, the secret it holds)
ELSEWHERE = [
    pytest.param("https://app.vendor.io/cb#access_token=ya29.A0AfH6SMxq&token_type=bearer", "ya29.A0AfH6SMxq",
                 id="fragment-access-token"),
    pytest.param("https://app.vendor.io/cb#state=x&id_token=q7RkX2mZp9LwT4v", "q7RkX2mZp9LwT4v",
                 id="fragment-id-token"),
    pytest.param("https://app.vendor.io/#/callback?access_token=Qw3rTy9uIoP1", "Qw3rTy9uIoP1",
                 id="fragment-route-then-params"),
    pytest.param(f"https://app.vendor.io/a/{JWT}/b", JWT, id="jwt-in-path"),
    pytest.param(f"https://app.vendor.io/a#{JWT}", JWT, id="jwt-in-fragment"),
    pytest.param(f"https://app.vendor.io/a?{JWT}", JWT, id="jwt-as-bare-query"),
    pytest.param("https://bucket.s3.amazonaws.com/AKIAQWERTYUIOP123456/f", "AKIAQWERTYUIOP123456",
                 id="aws-key-id-in-path"),
    pytest.param("https://hooks.slack.com/services/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",
                 "Kx9VgiMJxOJxhk7G2WYz3qeV", id="slack-webhook"),
    pytest.param("https://discord.com/api/webhooks/123456789012345678/8a8cVC-hzDMogrJFhFBLU6WX8Hw5CKJq9xRpG",
                 "8a8cVC-hzDMogrJFhFBLU6WX8Hw5CKJq9xRpG", id="discord-webhook"),
    pytest.param("https://discordapp.com/api/v10/webhooks/123456789012345678/RsIawJx2FGqBLxSeHT5CwQ",
                 "RsIawJx2FGqBLxSeHT5CwQ", id="discordapp-webhook"),
    pytest.param("https://api.telegram.org/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage",
                 "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", id="telegram-bot"),
    pytest.param("https://acme.webhook.office.com/webhookb2/a1b2c3@d4e5f6/IncomingWebhook/"
                 "40c93d77112d1e02576da6fae991c57b/0f1e2d3c", "40c93d77112d1e02576da6fae991c57b", id="teams"),
    pytest.param("https://hooks.zapier.com/hooks/catch/123456/ab1cd2e/", "ab1cd2e", id="zapier"),
    pytest.param("https://maker.ifttt.com/trigger/door/with/key/dQw4w9WgXcQ12345", "dQw4w9WgXcQ12345", id="ifttt"),
    pytest.param("https://app.vendor.io/cb?code=4P9xk2LmQ8zT&state=abc", "4P9xk2LmQ8zT", id="oauth-code"),
    pytest.param("https://shop.vendor.io/cart;jsessionid=0A1B2C3D4E5F6A7B?x=1", "0A1B2C3D4E5F6A7B",
                 id="jsessionid"),
    pytest.param("https://shop.vendor.io/cart;JSESSIONID=0A1B2C3D4E5F6A7B", "0A1B2C3D4E5F6A7B",
                 id="jsessionid-uppercase"),
    pytest.param("https://shop.vendor.io/?PHPSESSID=9f8e7d6c5b4a3921", "9f8e7d6c5b4a3921", id="phpsessid"),
    pytest.param("https://api.vendor.io/?access%5Ftoken=tok3nValue42x", "tok3nValue42x",
                 id="percent-encoded-name"),
    pytest.param("https://api.vendor.io/?%61pi_key=9f8e7d6c5b4a3921", "9f8e7d6c5b4a3921",
                 id="percent-encoded-letter-in-name"),
    pytest.param("https://api.vendor.io/?Access-Token=tok3nValue42x", "tok3nValue42x", id="hyphenated-name"),
    pytest.param("https://api.vendor.io/?accessToken=tok3nValue42x", "tok3nValue42x", id="camel-case-name"),
]
NOT_SECRETS = [
    pytest.param("https://app.vendor.io/#section-access_token", id="fragment-naming-a-parameter"),
    pytest.param("https://app.vendor.io/cb#access_token={token}", id="fragment-placeholder"),
    pytest.param("https://app.vendor.io/#:~:text=access_token", id="text-fragment"),
    pytest.param("https://app.vendor.io/a/eyJ-is-how-a-jwt-starts/b", id="eyj-in-a-slug"),
    pytest.param("https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
                 id="slack-docs-placeholder"),
    pytest.param("https://hooks.slack.com/", id="slack-host-only"),
    pytest.param("https://discord.com/channels/123456789012345678/123456789012345678", id="discord-channel"),
    pytest.param("https://api.telegram.org/bot<token>/getMe", id="telegram-placeholder"),
    pytest.param("https://shop.vendor.io/?code=US", id="country-code"),
    pytest.param("https://shop.vendor.io/?code=404", id="status-code"),
    pytest.param("https://shop.vendor.io/?code=python", id="code-word"),
    pytest.param("https://shop.vendor.io/cart;jsessionid=${SESSION}", id="jsessionid-placeholder"),
    pytest.param("https://shop.vendor.io/cart;version=2", id="path-parameter"),
    pytest.param("https://api.vendor.io/?access%5Ftoken=YOUR_TOKEN", id="encoded-name-placeholder"),
    pytest.param("https://api.vendor.io/access%5Ftoken=x/docs", id="name-in-a-path"),
    pytest.param("https://github.com/o/r/issues/task-attached-to-a-different-loop", id="sk-inside-a-word"),
    pytest.param("https://vendor.io/api/keys?page=2&sort=desc", id="ordinary-query"),
    pytest.param("https://hooks.zapier.com/hooks/catch/123456/", id="zapier-no-secret"),
    pytest.param("https://app.vendor.io/#token_type=bearer&expires_in=3600", id="fragment-no-secret"),
]


@pytest.mark.parametrize(("uri", "secret"), ELSEWHERE)
def test_a_secret_elsewhere_is_reported_and_masked(uri: str, secret: str) -> None:
    findings = check(uri, settings=ALL)
    assert "URI304" in {f.code for f in findings}, findings
    for f in findings:
        assert secret not in f.message and f.fix is None
    redacted = secrets.redact(uri)
    assert secret not in redacted and secrets.MASK in redacted
    assert secret in uri.replace(secrets.MASK, "")  # the table is right about where it stands
    [f] = [f for f in findings if f.code == "URI304"]
    assert uri[f.start:f.end] == secret


@pytest.mark.parametrize("uri", NOT_SECRETS)
def test_no_secret_is_no_finding_and_no_mask(uri: str) -> None:
    assert secrets.redact(uri) == uri
    assert "URI304" not in {f.code for f in check(uri, settings=ALL)}


# --- values that say they are examples -----------------------------------------------------------
# AWS's documentation marks its example keys, key ids and signatures "EXAMPLE" (and example ids
# "xmpl"): such a value is a dummy, and a URI whose userinfo or parameter carries the mark in a
# key-like run is an example's, every secret of it (a signed URL's signature beside its key id).
_SIG = "05050370c38894ef5bd09f5d009f36fc8f96fa4bb04e1bba9aca71b8dbe49a0f"
MARKED_AS_EXAMPLES = [
    pytest.param(f"https://b.s3.us-west-2.amazonaws.com/k?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20210621%2F"
                 f"us-west-2%2Fs3%2Faws4_request&X-Amz-Signature={_SIG}", id="signed-url-example-key-id"),
    pytest.param("https://d111111abcdef8.cloudfront.net/f.html?Expires=1577836800&Signature=nEXK7Kby47XKeZQKVc6p"
                 "wkif6oZc-JWSp&Key-Pair-Id=APKAEIBAERJR2EXAMPLE", id="signature-beside-an-example-key-pair"),
    pytest.param("https://AKIAIOSFODNN7EXAMPLE:wJalrXUtnFEMI%2FK7MDENG%2FbPxRfiCYEXAMPLEKEY@s3.vendor.io/b",
                 id="example-password"),
    pytest.param("https://bucket.s3.amazonaws.com/AKIAIOSFODNN7EXAMPLE/f", id="example-key-id-token"),
    pytest.param("http://calculator.s3.amazonaws.com/calc5.html?key=cloudformation/7870825a-xmpl-4def-92e7-"
                 "c4f8dd360cca", id="xmpl-id"),
    pytest.param("https://api.vendor.io/?api_key=f9a8example4b7c3d2e", id="lower-case-mark-in-the-value"),
]
NOT_MARKED_AS_EXAMPLES = [
    pytest.param(f"https://b.s3.amazonaws.com/k?X-Amz-Credential=AKIAQWERTYUIOP123456%2F20210621&X-Amz-Signature="
                 f"{_SIG}", id="signed-url-real-looking-key-id"),
    pytest.param("https://api.vendor.io/?api_key=9f8e7d6c5b4a3921&lang=example", id="mark-in-another-plain-value"),
    pytest.param("https://u:S3cr3tPassw0rd@db.vendor.io/?mode=EXAMPLE", id="mark-alone-in-another-value"),
    pytest.param("https://github.com/o/r/tree/main/EXAMPLES1?token=9f8e7d6c5b4a3921abcd", id="mark-in-the-path"),
    pytest.param("https://EXAMPLE1.vendor.io/?api_key=9f8e7d6c5b4a3921", id="mark-in-the-host"),
    pytest.param("https://api.vendor.io/?api_key=9f8e7d6c5b4a3921#EXAMPLE1", id="mark-in-a-plain-fragment"),
]


def test_the_example_tables_are_balanced() -> None:
    assert len(MARKED_AS_EXAMPLES) <= len(NOT_MARKED_AS_EXAMPLES)


@pytest.mark.parametrize("uri", MARKED_AS_EXAMPLES)
def test_an_example_is_no_finding_but_still_masked(uri: str) -> None:
    assert not {f.code for f in check(uri, settings=ALL)} & {"URI301", "URI304"}
    assert secrets.MASK in secrets.redact(uri)  # (shown masked all the same: masking never guesses)


@pytest.mark.parametrize("uri", NOT_MARKED_AS_EXAMPLES)
def test_a_mark_elsewhere_excuses_no_secret(uri: str) -> None:
    assert {f.code for f in check(uri, settings=ALL)} & {"URI301", "URI304"}


def test_the_message_names_where_each_secret_stands() -> None:
    [f] = [f for f in check("https://x.vendor.io/a;jsessionid=0A1B2C3D4E5F6A7B?api_key=9f8e7d6c5b4a3921"
                            "#access_token=ya29.A0AfH6SMxq", settings=ALL) if f.code == "URI304"]
    assert f.message.startswith("path parameter 'jsessionid', query parameter 'api_key' and fragment "
                                "parameter 'access_token' carry secrets (values hidden)")  # in URI order
    [f] = [f for f in check(f"https://x.vendor.io/a/{JWT}", settings=ALL) if f.code == "URI304"]
    assert f.message == ("the path holds a token or access key (hidden); read it from the environment or "
                         "a secret store")


def test_dump_masks_every_kind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """`dump` lists every candidate with redact(): the new kinds are masked there too, and an
    ordinary path that held an "sk-" is not."""
    monkeypatch.chdir(tmp_path)
    uris = [p.values[0] for p in ELSEWHERE] + [p.values[0] for p in NOT_SECRETS if "<" not in str(p.values[0])]
    (tmp_path / "links.txt").write_text("".join(f"see {u} now\n" for u in uris), encoding="utf-8")
    assert main(["dump", "--isolated", "--output-format", "json", "."]) == 0
    rows = json.loads(capsys.readouterr().out)
    shown = [r["uri"] for r in rows]
    for p in ELSEWHERE:
        uri, secret = p.values
        assert not any(secret in s for s in shown), secret
    for p in NOT_SECRETS:
        if "<" not in str(p.values[0]):
            assert p.values[0] in shown
