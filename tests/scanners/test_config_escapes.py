"""Config values are read as their format decodes them before the URI rules see them.

A TOML basic string's ``"\\u0040"`` and a YAML double-quoted scalar's ``"\\x40"`` are an "@":
read as written, ``"postgres://u:pw\\u0040db/x"`` had a host "u" and a port "pw..." whose first
character a message showed.  A YAML plain scalar, an INI value and an unquoted ``.env`` value
run to the end of their line, so a password with a space is still a password.
"""

from __future__ import annotations

from typing import List

import pytest

from tests.hardening.helpers import contract_violations
from urilint.candidate import Candidate
from urilint.pipeline import check_text, fix_text
from urilint.report import place
from urilint.masking import hidden_spans
from urilint.scanners import extract
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))
MARK = "Zq7"


def uris(text: str, fmt: str) -> List[str]:
    found = extract(text, fmt)
    assert contract_violations(text, found) == []
    return [c.uri for c in found]


DECODED = [
    pytest.param("toml", 'url = "postgres://admin:Zq7pw\\u0040db.vendor.io/x"\n',
                 "postgres://admin:Zq7pw@db.vendor.io/x", id="toml-u4"),
    pytest.param("toml", 'url = "postgres://admin:Zq7pw\\U00000040db.vendor.io/x"\n',
                 "postgres://admin:Zq7pw@db.vendor.io/x", id="toml-u8"),
    pytest.param("toml", 'urls = ["https://a.vendor.io/", "postgres://u:Zq7pw\\u0040db/x"]\n',
                 "postgres://u:Zq7pw@db/x", id="toml-array"),
    pytest.param("toml", '[db]\nurl="postgres://u:Zq7\\u0020pw@db/x" # note\n',
                 "postgres://u:Zq7 pw@db/x", id="toml-escaped-space"),
    pytest.param("yaml", 'url: "postgres://admin:Zq7pw\\x40db.vendor.io/x"\n',
                 "postgres://admin:Zq7pw@db.vendor.io/x", id="yaml-x2"),
    pytest.param("yaml", 'url: "postgres://admin:Zq7pw\\u0040db.vendor.io/x"\n',
                 "postgres://admin:Zq7pw@db.vendor.io/x", id="yaml-u4"),
    pytest.param("yaml", '- "https:\\/\\/vendor.io\\/a"\n', "https://vendor.io/a", id="yaml-slash"),
    pytest.param("yaml", 'a: {url: "postgres://u:Zq7\\x40db/x"}\n', "postgres://u:Zq7@db/x", id="yaml-flow"),
    pytest.param("markdown", '---\nurl: "postgres://u:Zq7pw\\x40db/x"\n---\n# T\n', "postgres://u:Zq7pw@db/x",
                 id="markdown-front-matter"),
    # tox.ini escapes the comment character of a value (sqlalchemy's and scrapy's deps).
    pytest.param("ini", "[testenv]\ndeps =\n    x: git+https://github.com/o/r.git\\#egg=r&subdirectory=p\n",
                 "git+https://github.com/o/r.git#egg=r&subdirectory=p", id="ini-escaped-hash"),
    pytest.param("ini", "[testenv]\ndeps = git+https://github.com/o/r\\#subdirectory=src/r \\\n",
                 "git+https://github.com/o/r#subdirectory=src/r", id="ini-escaped-hash-then-continuation"),
    pytest.param("ini", "[db]\nurl = postgres://u:Zq7\\;pw@db/x\n", "postgres://u:Zq7;pw@db/x", id="ini-escaped-semicolon"),
    pytest.param("ini", "[testenv]\ncommands = echo file://\\{index_file\\}/x\n", "file://{index_file}/x",
                 id="ini-escaped-braces"),
]
AS_WRITTEN = [
    pytest.param("toml", "url = 'https://vendor.io/\\u0040'\n", "https://vendor.io/\\u0040", id="toml-literal-string"),
    pytest.param("yaml", "url: 'https://vendor.io/\\x40'\n", "https://vendor.io/\\x40", id="yaml-single-quoted"),
    pytest.param("yaml", "url: https://vendor.io/\\x40\n", "https://vendor.io/\\x40", id="yaml-plain"),
    pytest.param("toml", 'a = 1 # "https://vendor.io/\\u0040"\n', "https://vendor.io/\\u0040", id="in-a-comment"),
    pytest.param("ini", 'url = "https://vendor.io/\\u0040"\n', "https://vendor.io/\\u0040", id="ini"),
    pytest.param("ini", "url = https://vendor.io/a\\\\#b\n", "https://vendor.io/a\\\\#b", id="ini-escaped-backslash"),
    pytest.param("ini", "url = https://vendor.io/a\\\\{b}\n", "https://vendor.io/a\\\\{b}", id="ini-backslash-before-a-brace"),
    pytest.param("yaml", "url: https://vendor.io/a\\#b\n", "https://vendor.io/a\\#b", id="yaml-backslash-hash"),
    pytest.param("toml", "url = 'https://vendor.io/a\\#b'\n", "https://vendor.io/a\\#b", id="toml-backslash-hash"),
    pytest.param("env", 'URL="https://vendor.io/\\u0040"\n', "https://vendor.io/\\u0040", id="env"),
    pytest.param("shell", 'URL="https://vendor.io/\\u0040"\n', "https://vendor.io/\\u0040", id="shell"),
    pytest.param("toml", 'url = "https://vendor.io/a\\"b"\n', 'https://vendor.io/a\\"b', id="escaped-quote-kept"),
    pytest.param("toml", 'url = "https://vendor.io/a\\\\u0040"\n', "https://vendor.io/a\\\\u0040",
                 id="escaped-backslash-kept"),
    # Kept as written; the prose scanner then ends the URI at the string escape.
    pytest.param("yaml", 'url: "https://vendor.io/a\\nb"\n', "https://vendor.io/a", id="line-break-kept"),
    pytest.param("yaml", 'url: "https://vendor.io/\\ud800"\n', "https://vendor.io/\\ud800", id="surrogate-kept"),
    pytest.param("yaml", 'url: "https://vendor.io/a\n  \\x40b"\n', "https://vendor.io/a", id="multi-line-string"),
    pytest.param("toml", 'a = """\nhttps://vendor.io/\\u0041\n"""\n', "https://vendor.io/\\u0041",
                 id="toml-multi-line-string"),
]


@pytest.mark.parametrize(("fmt", "text", "uri"), DECODED)
def test_escapes_of_a_double_quoted_string_are_decoded(fmt: str, text: str, uri: str) -> None:
    assert uri in uris(text, fmt)


@pytest.mark.parametrize(("fmt", "text", "uri"), AS_WRITTEN)
def test_other_strings_are_read_as_written(fmt: str, text: str, uri: str) -> None:
    assert uri in uris(text, fmt)


@pytest.mark.parametrize(("fmt", "text", "uri"), [p for p in DECODED if MARK in str(p.values[1])])
def test_the_decoded_password_is_a_password_and_never_shown(fmt: str, text: str, uri: str) -> None:
    findings = check_text(text, fmt, ALL)
    assert "URI301" in {f.code for f in findings}
    assert "URI105" not in {f.code for f in findings}, "the password is not read as a port"
    for r in place("f", text, findings, hidden=hidden_spans(text, fmt, ALL)):
        assert MARK not in r.message + r.line + r.uri


def test_a_decoded_candidate_is_fixed_through_its_escapes() -> None:
    text = 'url = "HTTP://Example.COM:80/a\\u002Fb"\n'
    assert uris(text, "toml") == ["HTTP://Example.COM:80/a/b"]
    assert fix_text(text, "toml", ALL).text == 'url = "http://example.com/a\\u002Fb"\n'


@pytest.mark.parametrize(("text", "fixed"), [
    pytest.param("deps = HTTP://Example.COM/r.git\\#egg=r\n", "deps = http://example.com/r.git\\#egg=r\n", id="before"),
    pytest.param("deps = https://example.com/r.git\\#egg=a%7eb\n", "deps = https://example.com/r.git\\#egg=a~b\n",
                 id="after"),
])
def test_a_fix_keeps_an_ini_escape(text: str, fixed: str) -> None:
    assert fix_text(text, "ini", ALL).text == fixed
    assert fix_text(fixed, "ini", ALL).text == fixed  # idempotent


# --- values that run to the end of the line --------------------------------------------------
THROUGH_SPACES = [
    pytest.param("yaml", "url: postgres://admin:Zq7 sp ace@db.vendor.io/x\n",
                 "postgres://admin:Zq7 sp ace@db.vendor.io/x", id="yaml-plain"),
    pytest.param("yaml", "- postgres://admin:Zq7 sp@db.vendor.io/x   # comment\n",
                 "postgres://admin:Zq7 sp@db.vendor.io/x", id="yaml-list-with-comment"),
    pytest.param("ini", "[db]\nurl = postgres://admin:Zq7 sp@db.vendor.io/x ; c\n",
                 "postgres://admin:Zq7 sp@db.vendor.io/x", id="ini"),
    pytest.param("env", "DATABASE_URL=postgres://admin:Zq7 sp@db.vendor.io/x\n",
                 "postgres://admin:Zq7 sp@db.vendor.io/x", id="env"),
]
CUT_AT_SPACE = [
    pytest.param("shell", "URL=postgres://admin:Zq7 sp@db.vendor.io/x\n", "postgres://admin:Zq7", id="shell-words"),
    pytest.param("yaml", "url: https://vendor.io/a b@c\n", "https://vendor.io/a", id="path-started"),
    pytest.param("yaml", "url: https://vendor.io:8080 and more\n", "https://vendor.io:8080", id="no-at-after"),
    pytest.param("yaml", "url: https://vendor.io x/y@z\n", "https://vendor.io", id="slash-before-at"),
    pytest.param("yaml", "url: https://vendor.io # x@y\n", "https://vendor.io", id="at-in-comment"),
    pytest.param("yaml", "text: see https://u:p sp@h/ in prose\n", "https://u:p", id="not-a-value"),
    pytest.param("toml", "url = postgres://admin:Zq7 sp@db/x\n", "postgres://admin:Zq7", id="toml-unquoted"),
]


@pytest.mark.parametrize(("fmt", "text", "uri"), THROUGH_SPACES)
def test_a_password_with_a_space_is_still_a_password(fmt: str, text: str, uri: str) -> None:
    assert uri in uris(text, fmt)
    findings = check_text(text, fmt, ALL)
    assert "URI301" in {f.code for f in findings} and "URI105" not in {f.code for f in findings}
    for r in place("f", text, findings, hidden=hidden_spans(text, fmt, ALL)):
        assert MARK not in r.message + r.line + r.uri


@pytest.mark.parametrize(("fmt", "text", "uri"), CUT_AT_SPACE)
def test_other_values_still_end_at_whitespace(fmt: str, text: str, uri: str) -> None:
    assert uri in uris(text, fmt)


def test_candidates_from_decoded_text_are_sorted_and_exact() -> None:
    text = 'a = "https://x.vendor.io/\\u0041" # https://y.vendor.io/\nb = "https://z.vendor.io/\\u0042"\n'
    found: List[Candidate] = extract(text, "toml")
    assert [c.uri for c in found] == ["https://x.vendor.io/A", "https://y.vendor.io/", "https://z.vendor.io/B"]
    assert contract_violations(text, found) == []
