"""The prose scanner (RFC 3986 Appendix C): what it finds, what it must not, and where."""

from __future__ import annotations

import re
from typing import List

import pytest

from tests.conftest import SPEC, need_shared
from urilint.scanners import extract
from urilint.scanners import text as text_scanner

P = pytest.param


def uris(text: str, format: str = "text") -> List[str]:
    return [c.uri for c in extract(text, format)]


# Each rule of extraction: a "finds" table and a "must not find" table of the same length.
FINDS = [
    P("see http://example.com/ now", ["http://example.com/"], id="bare-http"),
    P("HTTPS://EXAMPLE.COM/A", ["HTTPS://EXAMPLE.COM/A"], id="upper-case-scheme"),
    P("mail mailto:someone@example.com today", ["mailto:someone@example.com"], id="registered-mailto"),
    P("urn:isbn:0451450523 is a book", ["urn:isbn:0451450523"], id="registered-urn"),
    P("see urn:isbn:0451450523[1] here", ["urn:isbn:0451450523[1]"], id="bracket-later-in-the-path"),
    P("Note:https://x.example/[a]", ["https://x.example/[a]"], id="label-colon-then-uri"),
    P("call tel:+1-201-555-0123.", ["tel:+1-201-555-0123"], id="registered-tel"),
    P("data:text/plain;base64,SGVsbG8= here", ["data:text/plain;base64,SGVsbG8="], id="registered-data"),
    P("open file:///etc/hosts", ["file:///etc/hosts"], id="file-triple-slash"),
    P("ftp://ftp.example.org/pub", ["ftp://ftp.example.org/pub"], id="ftp"),
    P("made-up+x.y://host/p", ["made-up+x.y://host/p"], id="unregistered-with-slashes"),
    P("git+https://github.com/a/b.git@v1", ["git+https://github.com/a/b.git@v1"], id="pip-vcs-url"),
    P("URL:http://example.com/", ["http://example.com/"], id="url-prefix-dropped"),
    P("<URL:http://example.com/>", ["http://example.com/"], id="angle-url-prefix"),
    P("<URL: http://example.com/>", ["http://example.com/"], id="angle-url-prefix-space"),
    P('"http://example.com/a."', ["http://example.com/a."], id="quotes-delimit"),
    P("<http://example.com/a.>", ["http://example.com/a."], id="angles-delimit"),
    P("<http://example.com/a\n  /b>", ["http://example.com/a/b"], id="angle-wrap"),
    P("<http://example.com/a-\n  b>", ["http://example.com/a-b"], id="angle-wrap-after-hyphen"),
    P("<http://example.com/a\r\n  b>", ["http://example.com/ab"], id="angle-wrap-crlf"),
    P("see http://example.com/some-\n   thing.", ["http://example.com/some-thing"], id="bare-hyphen-break"),
    P("(http://example.com/x)", ["http://example.com/x"], id="parens-around"),
    P("https://en.wikipedia.org/wiki/Foo_(bar_(baz)).", ["https://en.wikipedia.org/wiki/Foo_(bar_(baz))"], id="nested-parens"),
    P("http://example.com/[a]{b}", ["http://example.com/[a]{b}"], id="balanced-brackets-braces"),
    P("http://example.com/x?a=1&amp;", ["http://example.com/x?a=1"], id="entity-at-end"),
    P("http://example.com/x.,:;!?*_~'", ["http://example.com/x"], id="trailing-punctuation"),
    P("http://example.com/a.b/c", ["http://example.com/a.b/c"], id="inner-dot-kept"),
    P("http://[::1]:8080/x", ["http://[::1]:8080/x"], id="ipv6"),
    P("http://user:pass@example.com:8080/", ["http://user:pass@example.com:8080/"], id="userinfo"),
    P("http://a.example/ and https://b.example/", ["http://a.example/", "https://b.example/"], id="two"),
    P("x=http://example.com/?u=http://b.example/", ["http://example.com/?u=http://b.example/"], id="nested-uri-once"),
    P("http://пример.example/путь", ["http://пример.example/путь"], id="iri"),
    P("*http://example.com/*", ["http://example.com/"], id="emphasis-stars"),
    P("'http://example.com/'", ["http://example.com/"], id="single-quotes"),
    P("see https://example.com/a.md[the text] now", ["https://example.com/a.md"], id="unclosed-opener-ends"),
    P("x (http://example.com/a)[b]", ["http://example.com/a"], id="closer-without-opener-ends"),
    P("see http:example.com/x now", ["http:example.com/x"], id="web-scheme-lost-slashes"),
    P("open file:/etc/hosts", ["file:/etc/hosts"], id="file-one-slash"),
    P("ftp:192.0.2.1/pub", ["ftp:192.0.2.1/pub"], id="ftp-address-lost-slashes"),
    P("[cyan]https://github.com/sponsors/x[/cyan]", ["https://github.com/sponsors/x"], id="rich-closing-tag"),
    P("[url]http://a.example/b[/url]", ["http://a.example/b"], id="bbcode-closing-tag"),
    # A terminal's control sequences delimit: an OSC 8 hyperlink, a colour glued to a logged URL.
    P("see \x1b]8;;https://a.example/x\x07text\x1b]8;;\x07", ["https://a.example/x"], id="osc8-hyperlink"),
    P("INFO \x1b[0;32mhttps://a.example/x\x1b[0m done", ["https://a.example/x"], id="ansi-colour-around"),
    # Bidirectional formatting characters, which an IRI must not hold (RFC 3987 section 4.1), delimit.
    P("see \u202bhttps://x.example/\u0645\u062b\u0627\u0644\u202c now", ["https://x.example/\u0645\u062b\u0627\u0644"],
      id="rtl-embedding-around"),
    P("see https://x.example/a\u200f. more", ["https://x.example/a"], id="rlm-after"),
    P("see http://x.example/a\\w b", ["http://x.example/a\\w"], id="backslash-letter-without-quantifier"),
    P("see http://x.example/a+b*c?d=w{2} now", ["http://x.example/a+b*c?d=w{2}"], id="quantifier-signs-without-escape"),
    P("we like 'http://x.example/a' here", ["http://x.example/a"], id="like-in-english"),
    P("x LIKE 'http://x.example/a'", ["http://x.example/a"], id="sql-like-without-a-wildcard"),
]

MUST_NOT_FIND = [
    # (a scheme's name quoted in a right-to-left translation, with its mark: Django's .po files)
    P("\u0622\u062f\u0631\u0633 'http://\u200e' \u0628\u0627\u0634\u062f", id="scheme-name-before-an-lrm"),
    P("\u2067http://\u2069 x", id="scheme-name-in-an-isolate"),
    # A regular expression's repeated character class (responses' README: a passthru pattern).
    P('responses.add_passthru(re.compile("https://percy.io/\\\\w+"))', id="regex-class-repeated"),
    P("match https://x.example/\\d{3}/y here", id="regex-digits-counted"),
    # The quoted pattern of an SQL LIKE (prefect's migrations: "WHERE name LIKE 'tag:%'").
    P("SELECT * FROM t WHERE name LIKE 'tag:%'", id="sql-like-pattern"),
    P('WHERE u ILIKE "http://x.example/%"', id="sql-ilike-pattern"),
    # (a colour's final letter glued to a word with a colon is no scheme either)
    P("\x1b[1mNote\x1b[0m:value and \x1b[32mkey:value", id="ansi-colour-before-a-key"),
    P("\x1b]8;;\x07 x\x1b[0m:12:30", id="empty-osc8-then-a-time"),
    P("www.example.com", id="www-no-scheme"),
    P("someone@example.com", id="email"),
    P("key:value", id="key-value"),
    P("at 12:30 today", id="time"),
    P("T12:30:00Z", id="iso-time"),
    P("C:\\path\\to\\file", id="windows-path"),
    P("c:/Users/me", id="windows-forward"),
    P('{"a:b": 1}', id="quoted-key"),
    P("<xsl:template match='/'>", id="xml-namespace-prefix"),
    P("xmlns:xsi", id="xmlns-prefix"),
    P("std::vector<int>", id="cpp-scope"),
    P("Note: read this", id="label-colon-space"),
    P("localhost:8080", id="host-port"),
    P("git@github.com:org/repo.git", id="scp-like"),
    P("my-service:8080", id="service-suffix"),
    P("//go:generate stringer", id="go-directive"),
    P("use http:// or https:", id="scheme-names-only"),
    P("fe80::1%eth0", id="ipv6-bare"),
    P("ratio 16:9", id="ratio"),
    P("e.g.: this", id="abbreviation"),
    P("foo:bar:baz", id="unregistered-chain"),
    P("http:.", id="scheme-then-punct"),
    P("TODO:fix", id="todo"),
    P("ab:cd/ef", id="unregistered-path"),
    P("Section 3.1:", id="section-colon"),
    P("a:b", id="a-colon-b"),
    P("example.com/path", id="no-scheme-path"),
    P("x" * 50 + "://host", id="overlong-scheme"),
    P("mailto: someone", id="registered-then-space"),
    P("<>", id="empty-angle"),
    P('"" and \'\'', id="empty-quotes"),
    P("1http", id="digits"),
    P("Note:", id="label-at-end"),
    P("see: (x)", id="colon-then-paren"),
    P("Format: file:line:column[:end_line:end_column]", id="file-line-column"),
    P("ftp:x:14:50:FTP User:/var/ftp:/bin/bash", id="passwd-line"),
    P("http:g is a reference", id="rfc-5-4-2-http-g"),
    P("cfg://handlers.email[toaddrs]", id="logging-cfg"),
    P("ext://sys.stderr", id="logging-ext"),
    P("For example:[^ref-captures-trait-ltps]", id="footnote-after-registered-scheme"),
    P("See urn:[name] and tel:[number]", id="bracket-after-registered-scheme"),
]


@pytest.mark.parametrize("text, expected", FINDS)
def test_finds(text: str, expected: List[str]) -> None:
    # (code included: a URI that prose quotes between single quotes is read as code)
    assert [c.uri for c in extract(text, "text", include_code=True)] == expected


@pytest.mark.parametrize("text", MUST_NOT_FIND)
def test_must_not_find(text: str) -> None:
    assert uris(text) == []


def test_tables_are_balanced() -> None:
    assert len(MUST_NOT_FIND) == len(FINDS)


@pytest.mark.parametrize("text, context", [
    P("a http://example.com/ b", "bare", id="bare"),
    P('a "http://example.com/" b', "quoted", id="quoted"),
    P("a <http://example.com/> b", "angle", id="angle"),
    P("a <URL:http://example.com/> b", "angle", id="angle-url"),
    P('a "http://example.com/ b" c', "bare", id="unclosed-quote-is-bare"),
])
def test_context(text: str, context: str) -> None:
    (cand,) = extract(text, "text")
    assert cand.context == context and not cand.in_code


def test_spans_and_pieces_map_back() -> None:
    text = "x <http://a.example/p\n   q> y"
    (c,) = extract(text, "text")
    assert c.uri == "http://a.example/pq"
    assert (c.start, c.end) == (3, 26)
    assert not c.is_verbatim
    assert text[c.to_source(c.uri.index("q"))] == "q"
    assert c.source_span(0, len("http")) == (3, 7)


def test_verbatim_candidate() -> None:
    text = "go http://a.example/x now"
    (c,) = extract(text, "text")
    assert c.is_verbatim and text[c.start:c.end] == c.uri


def test_appendix_c_example_exactly() -> None:
    spec = need_shared(SPEC).read_text()
    start = spec.index("   For example, the text") + len("   For example, the text")
    example = spec[start:spec.index("   contains the URI references")]
    listed = spec[spec.index("   contains the URI references"):]
    listed = listed[:listed.index("Berners-Lee")]
    expected = re.findall(r"^      (\S+)$", listed, re.M)
    assert len(expected) == 3
    assert uris(example) == expected
    contexts = [c.context for c in extract(example, "text")]
    assert contexts == ["quoted", "angle", "angle"]


# Linear time on hostile input: these must finish (timing itself is measured in bench/).
ADVERSARIAL = [
    P("a" * 10_000_000, id="10MB-no-newline"),
    P("http://" + "a" * 1_000_000 + ")" * 100_000, id="long-uri-many-closers"),
    P("(" * 100_000 + "http://x" + ")" * 100_000, id="100k-parens"),
    P("[" * 100_000, id="100k-brackets"),
    P("<" * 100_000 + "http://x", id="100k-angles"),
    P("<http://x\n" * 50_000, id="unclosed-angles"),
    P("<http://x" * 50_000 + ">", id="angles-one-close"),
    P("`" * 100_000, id="100k-backticks"),
    P("a:" * 500_000, id="many-colons"),
    P("http:" * 200_000, id="many-schemes"),
    P("http://a-\n" * 50_000, id="hyphen-breaks"),
    P("x&amp;" * 100_000 + "http://a" + "&amp;" * 100_000, id="entities"),
]


@pytest.mark.parametrize("text", ADVERSARIAL)
def test_adversarial_input_finishes(text: str) -> None:
    for c in extract(text, "text"):
        assert c.start < c.end


@pytest.mark.parametrize("text, joins, after_hyphen", [
    P("<http://a.example/some-\n   thing>", (22,), True, id="angle-after-hyphen"),
    P("see http://a.example/x-\n  y.", (19,), True, id="bare-after-hyphen"),
    P("<http://a.example/p\n q>", (18,), False, id="angle-plain-wrap"),
    P("<http://a.example/pq>", (), False, id="no-wrap"),
])
def test_joins_tell_where_a_wrapped_uri_was_joined(text: str, joins: tuple, after_hyphen: bool) -> None:  # type: ignore[type-arg]
    (c,) = extract(text, "text")
    assert c.joins == joins
    assert any(c.uri[i - 1] == "-" for i in c.joins) is after_hyphen


@pytest.mark.parametrize("text", ["see HTTP::Cookies and LWP::UserAgent", "use URI::Escape;", "file::read"])
def test_scope_operator_is_not_a_scheme(text: str) -> None:
    assert [c.uri for c in extract(text, "text")] == []


# -- inline literals in a plain-text file: ``code``, as reST and Markdown write it --------------
# (Django's release notes, kept as .txt: "a URL like ``http://example..com/`` would pass".)
LITERAL_IS_CODE = [
    P("A URL like ``http://example..com/`` would pass.", "http://example..com/", id="reST-literal"),
    P("Use ``https://x.example/a b`` here", "https://x.example/a", id="a-space-inside"),
    P("a ``http://mysite.example.com\\@attacker.com``\nwould be", "http://mysite.example.com\\@attacker.com",
      id="attack-example"),
    P("run ``curl\nhttps://x.example/`` now", "https://x.example/", id="across-a-line-break"),
    P("```\nhttps://x.example/a b\n```", "https://x.example/a", id="fenced-block"),
    P("``a`` and ``http://x.example/p q``", "http://x.example/p", id="second-pair"),
    P("run ``curl\r\nhttps://x.example/`` now", "https://x.example/", id="across-a-crlf"),
]
LITERAL_IS_PROSE = [
    P("see http://example..com/ now", "http://example..com/", id="bare"),
    P("see `http://example..com/` now", "http://example..com/", id="single-backquotes"),
    P("``a``\n\nhttp://x.example/ ``b``", "http://x.example/", id="between-two-pairs"),
    P("an ``unclosed\n\nhttp://x.example/a b", "http://x.example/a", id="no-pair-across-a-paragraph"),
    P("``a\n  \t\nhttp://x.example/ ``", "http://x.example/", id="blank-line-of-spaces-breaks-it"),
    P("``a\r\n\r\nhttp://x.example/ ``", "http://x.example/", id="crlf-paragraph-break"),
    P("``a\r\rhttp://x.example/ ``", "http://x.example/", id="cr-paragraph-break"),
    P("``a\nb\nc\nhttp://x.example/ d``", "http://x.example/", id="over-three-lines"),
    P("``" + "a" * 400 + " http://x.example/ ``", "http://x.example/", id="over-400-characters"),
]


def test_literal_tables_are_balanced() -> None:
    assert len(LITERAL_IS_CODE) <= len(LITERAL_IS_PROSE)


@pytest.mark.parametrize(("text", "uri"), LITERAL_IS_CODE)
def test_an_inline_literal_is_code_in_plain_text(text: str, uri: str) -> None:
    assert uri not in uris(text)
    assert [c.in_code for c in extract(text, "text", include_code=True) if c.uri == uri] == [True]


@pytest.mark.parametrize(("text", "uri"), LITERAL_IS_PROSE)
def test_outside_an_inline_literal_is_prose(text: str, uri: str) -> None:
    assert [c.in_code for c in extract(text, "text", include_code=True) if c.uri == uri] == [False]
    assert uri in uris(text)


@pytest.mark.parametrize("text", [
    P("``\n\n" * 100_000 + "http://x.example/", id="pairs-broken-by-paragraphs"),
    P("``" * 200_000 + " http://x.example/", id="backquote-pairs"),
    P("``http://x.example/ " * 20_000, id="many-literals"),
])
def test_inline_literals_stay_linear(text: str) -> None:
    # (timed in bench/; here: it finishes, and the spans are sorted and disjoint)
    spans = text_scanner.inline_literals(text)
    assert list(spans.starts) == sorted(spans.starts)
    assert all(e <= s for e, s in zip(spans.ends, spans.starts[1:]))
    extract(text, "text")


# Prose that quotes a URI between single quotes writes it as a program's string: a value it
# mentions (a changelog's "URLs like 'http://:8080/'"), read as code, in every prose format.
# A link is written bare, in "<>" or between double quotes (Appendix C); a config file's
# quotes are its value's syntax.
QUOTED_MENTIONS = [
    P("rst", "* Raise ValueError for URLs like 'http://:8080/'\n", "http://:8080/", id="rst-changelog"),
    P("metadata", "Metadata-Version: 2.1\n\n* Raise ValueError for URLs like 'http://:8080/'\n", "http://:8080/",
      id="long-description"),
    P("markdown", "Rejects 'https:/example.com/x' now.\n", "https:/example.com/x", id="markdown"),
    P("python", '"""Reads \'http:///host/p\' as a path."""\n', "http:///host/p", id="docstring"),
]
QUOTED_LINKS = [
    P("text", 'See "http://example.com/a" for more.\n', "http://example.com/a", id="double-quotes-delimit"),
    P("text", "See 'http://example.com/a. More.\n", "http://example.com/a", id="no-closing-quote"),
    P("text", "It's http://example.com/a's page.\n", "http://example.com/a's", id="apostrophes"),
    P("yaml", "url: 'http://example.com/a'\n", "http://example.com/a", id="yaml-value"),
    P("toml", "url = 'http://example.com/a'\n", "http://example.com/a", id="toml-value"),
    P("text", "See http://example.com/a' now.\n", "http://example.com/a", id="quote-only-after"),
    # Plain text is also what a program in another language is read as: its quotes are a string's.
    P("text", "target: 'http://django:8000',\n", "http://django:8000", id="plain-text-or-code"),
]


def test_quoted_mention_tables_are_balanced() -> None:
    assert len(QUOTED_MENTIONS) <= len(QUOTED_LINKS)


@pytest.mark.parametrize(("fmt", "text", "uri"), QUOTED_MENTIONS)
def test_a_single_quoted_uri_in_prose_is_a_mention(fmt: str, text: str, uri: str) -> None:
    assert [c.in_code for c in extract(text, fmt, include_code=True) if c.uri == uri] == [True]


@pytest.mark.parametrize(("fmt", "text", "uri"), QUOTED_LINKS)
def test_other_quotes_are_links_or_values(fmt: str, text: str, uri: str) -> None:
    assert [c.in_code for c in extract(text, fmt, include_code=True) if c.uri == uri] == [False]


def test_a_secret_in_a_quoted_mention_is_still_reported() -> None:
    from urilint.pipeline import check_text

    text = "Set it to 'postgres://admin:Zq7pw8Lk4r2T@db.prod.internal/x' and go.\n"
    assert [f.code for f in check_text(text, "rst")] == ["URI301"]
    assert [f.code for f in check_text("Rejects 'http://:8080/' now.\n", "rst")] == []
    assert [f.code for f in check_text("Rejects http://:8080/ now.\n", "rst")] == ["URI108"]


# Appendix C: a URI broken right after a hyphen continues on the next line, unless nothing of a
# URI stands there; then it ends at the hyphen, and never holds the line break.
HYPHEN_ENDS = [
    P(" * @see http://x.example/a#events-\n * @see https://y.example/b\n", ["http://x.example/a#events-",
                                                                          "https://y.example/b"], id="jsdoc-tags"),
    P(" * see http://x.example/a-\n * */\n", ["http://x.example/a-"], id="comment-close"),
    P("see http://x.example/a-\n  ...\n", ["http://x.example/a-"], id="punctuation-only"),
]
HYPHEN_JOINS = [
    P("see http://x.example/a-\n  more text\n", ["http://x.example/a-more"], id="word"),
    P("see http://x.example/long-\n> path/x.html\n", ["http://x.example/long-path/x.html"], id="quoted-line"),
    P("see http://x.example/a-\n*b\n", ["http://x.example/a-*b"], id="star-then-word"),
]


@pytest.mark.parametrize(("text", "expected"), HYPHEN_ENDS + HYPHEN_JOINS)
def test_a_hyphen_at_a_line_end(text: str, expected: List[str]) -> None:
    found = extract(text, "text")
    assert [c.uri for c in found] == expected
    assert not any("\n" in text[c.start:c.end] for c in found if c.is_verbatim)


# A value cut short where it is shown ("?token=c8de56fa..."): the dots are the URI's, an elision
# the placeholder model reads; a sentence's dots after anything else are given back.
ELIDED = [
    P("http://localhost:8888/?token=c8de56fa... :: /Users/you", "http://localhost:8888/?token=c8de56fa...",
      id="query-value-cut-short"),
    P("see https://x.example/?a=1&t=abc\u2026 now", "https://x.example/?a=1&t=abc\u2026", id="ellipsis-character"),
]
NOT_ELIDED = [
    P("see http://x.example/a... more", "http://x.example/a", id="path-then-dots"),
    P("see http://x.example/?t=abc-d... more", "http://x.example/?t=abc-d", id="value-with-a-hyphen"),
    P("see http://x.example/?q=1.", "http://x.example/?q=1", id="one-dot"),
    P("see http://x.example/a=b... more", "http://x.example/a=b", id="no-query"),
]


def test_elision_tables_are_balanced() -> None:
    assert len(ELIDED) <= len(NOT_ELIDED)


@pytest.mark.parametrize(("text", "uri"), ELIDED + NOT_ELIDED)
def test_an_elided_value_keeps_its_dots(text: str, uri: str) -> None:
    assert uris(text) == [uri]


def test_an_elided_token_is_no_finding() -> None:
    from urilint.pipeline import check_text

    assert check_text("http://localhost:8888/?token=c8de56fa... :: x\n", "text") == []
    assert [f.code for f in check_text("http://localhost:8888/?token=c8de56fa4dee1d24 :: x\n", "text")] == ["URI304"]


# fsspec chains two URLs with "::" (each opens the one before it); a "::" before digits is a
# typo, and one inside a path is the path's.
CHAINS = [
    P("zip://train-00000.json.gz::https://foo.bar/data.zip", ["zip://train-00000.json.gz", "https://foo.bar/data.zip"],
      id="zip-in-https"),
    P("see gzip://file.txt::http://foo.bar/file.txt.gz now", ["gzip://file.txt", "http://foo.bar/file.txt.gz"],
      id="gzip-in-http"),
    P("see https://foo.bar::8080/data.zip", ["https://foo.bar::8080/data.zip"], id="double-colon-before-digits"),
    P("see https://x.example/a::b and HTTP::Cookies", ["https://x.example/a::b"], id="in-a-path"),
]


@pytest.mark.parametrize(("text", "expected"), CHAINS)
def test_fsspec_chains(text: str, expected: List[str]) -> None:
    assert uris(text) == expected


# What follows a scheme's colon must be able to start its URI: a data: URI's media type or its
# ";" or "," (RFC 2397), an authority for content: (Android's provider URIs).
SCHEME_STARTS = [
    P("src=data:image/png;base64,iVBOR", ["data:image/png;base64,iVBOR"], id="data-image"),
    P("see data:,Hello%20World now", ["data:,Hello%20World"], id="data-comma"),
    P("see data:;base64,SGk= now", ["data:;base64,SGk="], id="data-semicolon"),
    P("open content://com.app.provider/items", ["content://com.app.provider/items"], id="content-provider"),
]
NOT_SCHEME_STARTS = [
    P("this.eventHandler({eventName:n2e,data:{x:1}})", [], id="data-property-of-a-script"),
    P("re = /sourceMappingURL=data:(((?:application|text)\\/json)/", [], id="data-in-a-regular-expression"),
    P("a::after{content:attr(data-x);top:50%}", [], id="css-content"),
    P("the data:text/html scheme", [], id="data-media-type-alone"),
]


def test_scheme_start_tables_are_balanced() -> None:
    assert len(SCHEME_STARTS) <= len(NOT_SCHEME_STARTS)


@pytest.mark.parametrize(("text", "expected"), SCHEME_STARTS + NOT_SCHEME_STARTS)
def test_what_may_follow_a_scheme(text: str, expected: List[str]) -> None:
    assert uris(text) == expected


# In HTML, XML and Markdown a character reference to "<", ">" or '"' ends a bare URI, as the
# character would (an RSS description's escaped markup right after a URL).
ENTITY_ENDS = [
    P("html", "<x>https://example.org/a/&lt;/a&gt;</x>", ["https://example.org/a/"], id="lt-in-xml-text"),
    P("html", "<x>https://example.org/a/&#60;/a&#62;</x>", ["https://example.org/a/"], id="decimal-lt"),
    P("markdown", "see https://example.org/a/&lt;b&gt;", ["https://example.org/a/"], id="markdown-lt"),
]
ENTITY_KEPT = [
    P("html", "<p>https://example.org/a?x=1&amp;y=2 ok</p>", ["https://example.org/a?x=1&y=2"], id="amp-is-data"),
    P("html", "<p>https://example.org/a&#47;b ok</p>", ["https://example.org/a/b"], id="slash-entity"),
    P("text", "see https://example.org/a/&lt;b more", ["https://example.org/a/&lt;b"], id="plain-text-reads-no-entity"),
    P("html", "<p>https://example.org/a&ltx</p>", ["https://example.org/a&ltx"], id="unterminated-reference"),
]


@pytest.mark.parametrize(("fmt", "text", "expected"), ENTITY_ENDS + ENTITY_KEPT)
def test_a_delimiter_entity_ends_a_bare_uri(fmt: str, text: str, expected: List[str]) -> None:
    assert [c.uri for c in extract(text, fmt)] == expected
