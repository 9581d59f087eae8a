"""check() and check_text() on any input: no exception, spans inside, no secret in any message.

The secrets are generated with a marker prefix (``Zq7``) that no other part of the generated text
holds, so finding it in a message, a shown URI or a fix can only mean the secret leaked.
"""

from __future__ import annotations

from typing import List

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import urilint
from urilint.pipeline import check_text
from urilint.finding import APPLICABILITIES
from urilint.rfc3986 import parse
from urilint.scanners import FORMATS
from urilint.secrets import is_placeholder_value
from urilint.settings import Settings

from .helpers import hostile_text, notebook_json, secret_value

PROPS = settings(max_examples=100, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
EVERYTHING = Settings(select=frozenset({"ALL"}))


@PROPS
@given(text=st.one_of(hostile_text, st.text(max_size=60)))
@example(text="http://[" + "1:" * 5000 + "]/")
@example(text="%" * 300)  # more is slow: see the hardening report (check() and many findings)
@example(text="\x00http://a\x00/\ud800")
@example(text="http://" + "1" * 5000 + ":" + "0" * 5000 + "80/")  # over int()'s 4,300-digit limit
def test_check_any_string(text: str) -> None:
    for s in (None, EVERYTHING):
        for context in (None, "markdown-link", "bare"):
            for f in urilint.check(text, settings=s, context=context):
                assert 0 <= f.start <= f.end <= len(text), f
                assert f.applicability in APPLICABILITIES
                assert f.fix is None or isinstance(f.fix, str)
                assert "\n" not in f.message, f


# -- secrets --------------------------------------------------------------------------------
SCHEMES = st.sampled_from(["http", "https", "HTTPS", "postgres", "redis", "ftp", "amqp", "mongodb+srv", "ws"])
HOSTS = st.sampled_from(["db.example.com", "Example.COM", "10.0.0.1", "[::1]", "h", "127.1", "x.test"])
TAILS = st.sampled_from(["", "/", "/a/./b", "/%7e/", ":80/", ":/x", "/a%zz", "/a b", "#f", "?q=1", "/{id}"])
QUERY_NAMES = st.sampled_from(["access_token", "api_key", "password", "client_secret", "X-Amz-Signature",
                               "token", "sig", "key"])


@st.composite
def uri_with_secret(draw: st.DrawFn) -> "tuple[str, str]":
    """(URI, its secret): a password, a secret query value, or a token-shaped user name."""
    secret = draw(secret_value)
    scheme, host, tail = draw(SCHEMES), draw(HOSTS), draw(TAILS)
    kind = draw(st.sampled_from(["password", "query", "token-user", "token-query"]))
    if kind == "password":
        user = draw(st.sampled_from(["admin", "u", "", "User.Name", "a%40b"]))
        return f"{scheme}://{user}:{secret}@{host}{tail}", secret
    if kind == "query":
        return f"{scheme}://{host}/p?{draw(QUERY_NAMES)}={secret}&x=1", secret
    token = "ghp_" + (secret * 4)[:36]
    if kind == "token-user":
        return f"{scheme}://{token}@{host}{tail}", token
    return f"{scheme}://{host}/p?u={token}", token


@PROPS
@given(case=uri_with_secret(), before=st.sampled_from(["", " ", "x"]))
@example(case=("HTTP://admin:Zq7hunter22@Example.COM:80/a/./b", "Zq7hunter22"), before="")
@example(case=("http://u:Zq7secret99@h/a%zz b", "Zq7secret99"), before="")
def test_no_message_or_fix_shows_the_secret(case: "tuple[str, str]", before: str) -> None:
    uri, secret = case
    for s in (None, EVERYTHING):
        for f in urilint.check(uri, settings=s):
            assert secret not in f.message, f
            assert f.fix is None or secret not in f.fix, f


def password_of(text: str) -> str:
    """The password RFC 3986 section 3.2.1 reads in a string's userinfo ("" when none)."""
    userinfo = parse(text).userinfo
    return userinfo.split(":", 1)[1] if userinfo and ":" in userinfo else ""


@PROPS
@given(text=st.one_of(hostile_text, st.builds("".join, st.lists(st.sampled_from(
    ["http://", "ftp://", "u", ":", "p4ss", "w0rd", "@", "h", "/", "?", "#", "%41", "{x}", "$Y", "%zz", " ", "["]),
    max_size=14))))
def test_no_message_shows_the_password_of_any_string(text: str) -> None:
    password = password_of(text)
    # A password that is also written elsewhere in the string, or a placeholder ("{pw}",
    # "****"), may show in a message for that other reason; everything else must not.
    if len(password) < 3 or is_placeholder_value(password) or text.count(password) > 1:
        return
    for f in urilint.check(text, settings=EVERYTHING):
        assert password not in f.message, f


DOCUMENTS = {
    "markdown": "# T\n\nSee [db]({u}) and <{u}> and {u}.\n",
    "rst": "See `db <{u}>`_ and {u}\n\n.. _x: {u}\n",
    "html": "<a href=\"{u}\">x</a> {u}\n",
    "yaml": "url: {u}\nother: \"{u}\"  # {u}\n",
    "toml": "url = \"{u}\"\n# {u}\n",
    "json": "{{\"url\": \"{u}\"}}\n",
    "gettext": "# {u}\nmsgid \"See {u}\"\nmsgstr \"\"\n\"Report-Msgid-Bugs-To: {u}\\n\"\n",
    "ini": "[s]\nurl = {u}\n; {u}\n",
    "env": "URL={u}\nexport B=\"{u}\"\n",
    "shell": "curl '{u}'\n# {u}\n",
    "text": "Go to {u} or <{u}>.\n",
    "python": "U = \"{u}\"  # {u}\nV = ('{u}')\n",
    "notebook": "{u}",  # replaced below: a notebook of the Markdown and Python documents
    "roff": ".TH T 1\n.\\\" {u}\nSee \\fI\\(la{u}\\(ra\\fR and \\fB{u}\\fR.\n.UR {u}\n.UE\n",
    # Core metadata: the headers as text, the description as its content type says.
    "metadata": "Metadata-Version: 2.1\nName: x\nHome-page: {u}\nProject-URL: Source, {u}\n"
                "Description-Content-Type: text/markdown\n\nSee [db]({u}) and <{u}> and {u}.\n",
}


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=40, deadline=None)
@given(case=uri_with_secret())
def test_check_text_never_shows_the_secret(fmt: str, case: "tuple[str, str]") -> None:
    uri, secret = case
    text = DOCUMENTS[fmt].format(u=uri) if "{" not in uri else DOCUMENTS[fmt].replace("{u}", uri)
    if fmt == "notebook":  # the Markdown and Python documents as its cells
        text = notebook_json(DOCUMENTS["markdown"].replace("{u}", uri), DOCUMENTS["python"].replace("{u}", uri))
    findings = check_text(text, fmt, EVERYTHING)
    shown: List[str] = []
    for f in findings:
        assert 0 <= f.start <= f.end <= len(text)
        shown += [f.message, f.uri] + ([f.edit[2]] if f.edit else [])
    assert not [s for s in shown if secret in s]
