"""Where a URI starts and ends (issue 14, item 6): glued schemes, string escapes, lists.

Four tables: candidates that must be found (with their exact source slices) and text that must
not be read as a URI or split; findings that must still fire at their exact positions next to
these boundaries, and the shapes that must draw no finding at all.  Non-ASCII text stands before
many of them, so an offset counted in bytes or UTF-16 units would show.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urilint import pipeline
from urilint.settings import Settings
from urilint.scanners import extract, format_for_path, get

P = pytest.param


def slices(text: str, format: str, include_code: bool = False) -> List[Tuple[str, str]]:
    """Each candidate's URI and its exact source slice."""
    return [(c.uri, text[c.start:c.end]) for c in extract(text, format, include_code=include_code)]


def findings(text: str, format: str) -> List[Tuple[str, int]]:
    return [(f.code, f.start) for f in pipeline.lint(text, get(format), pipeline.DEFAULT_SETTINGS).findings]


# -- candidates ---------------------------------------------------------------------------------
FINDS = [
    # A word glued to a web scheme: the URI starts at the scheme.
    P("text", "READMEhttps://example.com/x", [("https://example.com/x", "https://example.com/x")], id="word-glued"),
    P("markdown", "* Voilà OWNERShttps://github.com/o/r/issues?q=is%3Aopen",
      [("https://github.com/o/r/issues?q=is%3Aopen", "https://github.com/o/r/issues?q=is%3Aopen")], id="upper-word-glued"),
    P("text", "见文档https://example.com/文档", [("https://example.com/文档", "https://example.com/文档")], id="cjk-before"),
    P("text", "x = foo_https://example.com/a", [("https://example.com/a", "https://example.com/a")], id="identifier-glued-web"),
    P("text", "q=%3Dhttps://example.com/a", [("https://example.com/a", "https://example.com/a")], id="percent-glued-web"),
    P("markdown", "_https://example.com/em_ text", [("https://example.com/em", "https://example.com/em")], id="emphasis-underscore"),
    P("text", "hhttps://example.com/typo", [("hhttps://example.com/typo", "hhttps://example.com/typo")], id="one-letter-stays"),
    # A string escape before a scheme or after a URI is not part of it.
    P("text", 'msg = "Voir:\\nhttps://example.com/a"', [("https://example.com/a", "https://example.com/a")], id="escape-before"),
    P("text", '"Report-Msgid-Bugs-To: https://github.com/o/r/issues\\n"',
      [("https://github.com/o/r/issues", "https://github.com/o/r/issues")], id="escape-after"),
    P("text", "// Fixes https://github.com/o/r/issues/1223\\n\\nconst é = 1;",
      [("https://github.com/o/r/issues/1223", "https://github.com/o/r/issues/1223")], id="two-escapes-after"),
    P("text", "`**Page:** https://prometheus.io/docs/${slug}/\\n\\n**Describe:**\\n`",
      [("https://prometheus.io/docs/${slug}/", "https://prometheus.io/docs/${slug}/")], id="template-literal"),
    P("text", '<a href=\\"https://example.com/ü\\">', [("https://example.com/ü", "https://example.com/ü")], id="escaped-quotes"),
    # A double-quoted YAML string is read decoded: its tab is in the value (URI101 reports it).
    P("yaml", 'k: "https://example.com/a\\tb"', [("https://example.com/a\tb", "https://example.com/a\\tb")],
      id="config-quoted-escape"),
    # A label after "|".
    P("text", " * the {@link https://lunrjs.com/guides/searching.html#scoring|guide}.",
      [("https://lunrjs.com/guides/searching.html#scoring", "https://lunrjs.com/guides/searching.html#scoring")],
      id="jsdoc-link-label"),
    P("text", "say <https://example.com/ä|the page> now", [("https://example.com/ä", "https://example.com/ä")], id="slack-label"),
    # Single quotes: the "'" that closes a URI opened by one ends it ("'" is a sub-delim, so the
    # run goes on past it); an apostrophe, followed by a letter, stays.
    P("text", "--dest=uri='https://example.com',acct=sa@proj.iam.example,x=1",
      [("https://example.com", "https://example.com")], id="single-quoted-in-arguments"),
    P("python", "# Voilà: uri='https://example.com/a.',b=c\n", [("https://example.com/a", "https://example.com/a")],
      id="single-quoted-sentence-dot"),
    P("markdown", "Lire 'https://w.example/wiki/Ender's_Game' ici",
      [("https://w.example/wiki/Ender's_Game", "https://w.example/wiki/Ender's_Game")], id="single-quoted-apostrophe"),
    P("python", '"""Voilà: \'https://example.com/x\';y"""\n', [("https://example.com/x", "https://example.com/x")],
      id="single-quoted-docstring"),
    # A docstring is reST or Markdown: a backslash before ASCII punctuation escapes it.
    P("python", 'def f():\n    r"""Voilà [lines](https://w.example/wiki/Shebang_\\(Unix\\))."""\n',
      [("https://w.example/wiki/Shebang_(Unix)", "https://w.example/wiki/Shebang_\\(Unix\\)")],
      id="docstring-markdown-escapes"),
    # AsciiDoc's passthrough: the "+" that opens the URI closes it.
    P("text", "Voilà `+http://localhost:8080+` ici", [("http://localhost:8080", "http://localhost:8080")],
      id="asciidoc-passthrough"),
    P("text", "(voir +https://x.example/a.+)", [("https://x.example/a", "https://x.example/a")],
      id="asciidoc-passthrough-sentence-dot"),
    # A backslash that ends the line continues it: not the URI's, nor the punctuation before it.
    P("text", "Voilà disallowAlg http://www.w3.org/TR/1999/REC-xslt-19991116,\\\n  disallowAlg x",
      [("http://www.w3.org/TR/1999/REC-xslt-19991116", "http://www.w3.org/TR/1999/REC-xslt-19991116")],
      id="line-continuation"),
    P("ini", "policy=\\\n    other=http://a.example/é\\\r\n    more\n", [("http://a.example/é", "http://a.example/é")],
      id="properties-value-continuation"),
    P("python", "# Voilà https://x.example/a/\\\n# b\n", [("https://x.example/a/", "https://x.example/a/")],
      id="comment-continuation"),
    # Lists of URIs.
    P("yaml", "KAFKA_LISTENERS: PLAINTEXT://0.0.0.0:9092,OUTSIDE://kafka:29092",
      [("PLAINTEXT://0.0.0.0:9092", "PLAINTEXT://0.0.0.0:9092"), ("OUTSIDE://kafka:29092", "OUTSIDE://kafka:29092")],
      id="kafka-listeners"),
    P("python", 'p = {"http_proxy": "http://example.com,http://proxy.org"}\n',
      [("http://example.com", "http://example.com"), ("http://proxy.org", "http://proxy.org")], id="comma-list"),
    P("python", "u = 'amqp://localhost;amqp://backup'\n",
      [("amqp://localhost", "amqp://localhost"), ("amqp://backup", "amqp://backup")], id="semicolon-list"),
    P("text", "see http://a.example/x|http://b.example/y now",
      [("http://a.example/x", "http://a.example/x"), ("http://b.example/y", "http://b.example/y")], id="bar-list"),
    P("python", "u = 'http://a.example/ https://b.example/'\n",
      [("http://a.example/", "http://a.example/"), ("https://b.example/", "https://b.example/")], id="space-list-in-string"),
    P("json", '{"brokers": "amqp://h1.example;amqp://h2.example"}',
      [("amqp://h1.example", "amqp://h1.example"), ("amqp://h2.example", "amqp://h2.example")], id="json-list"),
    P("python", "u = 'amqp://\\x41;amqp://b'\n", [("amqp://A", "amqp://\\x41"), ("amqp://b", "amqp://b")],
      id="list-through-escapes"),
    # Host lists: read as the first host.
    P("python", "u = 'mongodb://user:pw@host0.com:43437,host1.com:43437/db'\n",
      [("mongodb://user:pw@host0.com:43437", "mongodb://user:pw@host0.com:43437")], id="mongodb-hosts"),
    P("python", "b = 'memcache://127.0.0.1:11211;127.0.0.2:11211;127.0.0.3/'\n",
      [("memcache://127.0.0.1:11211", "memcache://127.0.0.1:11211")], id="memcache-hosts"),
    P("env", "DATABASE_URL=postgresql://h1:5432,[::1]:5433/app",
      [("postgresql://h1:5432", "postgresql://h1:5432")], id="libpq-hosts"),
    # Each host with its own userinfo (celery's tests of its settings' censoring).
    P("python", "b = 'cache+memcached://user:pass1@172.19.26.240:11211;user:pass2@172.19.26.242:11211/'\n",
      [("cache+memcached://user:pass1@172.19.26.240:11211",) * 2], id="memcached-userinfo-per-host"),
    P("python", "u = 'mongodb://user:pass1@host1:27017,user:pass2@host2:27017/dbname?replicaSet=mySet'\n",
      [("mongodb://user:pass1@host1:27017",) * 2], id="mongodb-userinfo-per-host"),
    P("python", "u = 'sentinel://u1:p1@h1:26379;:ambiguous@h2:26379/0'\n", [("sentinel://u1:p1@h1:26379",) * 2],
      id="sentinel-password-only-per-host"),
    # A decoded string's own wrapped URI maps back through both.
    P("json", '{"d": "see <http://a.example/x\\n  y> now"}', [("http://a.example/xy", "http://a.example/x\\n  y")],
      id="json-wrapped-angle"),
    P("gettext", 'msgid ""\n"voir <http://a.example/é\\n"\n"  y> !"\n', [("http://a.example/éy", 'http://a.example/é\\n"\n"  y')],
      id="po-wrapped-angle"),
]

MUST_NOT_FIND = [
    # Glued to an escape or an identifier: no URI starts.
    P("text", "fi%6Ce:///etc/passwd", [], id="percent-encoded-scheme"),
    P("text", "é fi%6Ce:///etc/passwd", [], id="percent-encoded-scheme-non-ascii"),
    P("html", "<title>on_page_content:s&#45;&gt;pages_point_b</title>", [], id="svg-title-identifier"),
    P("text", "node_content:s->b", [], id="identifier-registered-scheme"),
    P("text", "SASL_PLAINTEXT://h:9093", [], id="identifier-slashes"),
    P("text", 'return $symcache{$pkg,$ref} = \\*{"$pkg:\\:$_"};', [], id="perl-colon-backslash-colon"),
    P("python", 'x = "amqp://;redis://"\n', [], id="list-of-scheme-names"),
    # Outside a docstring, and before a letter, a backslash is the URI's (URI101 reports it).
    P("python", "# Voilà https://w.example/a_\\(b\\)\n", [("https://w.example/a_\\(b\\)",) * 2],
      id="comment-backslashes-kept"),
    P("python", 'def f():\n    r"""Voilà https://w.example/a\\d/b."""\n', [("https://w.example/a\\d/b",) * 2],
      id="docstring-backslash-before-a-letter-kept"),
    # A quoted scheme and "//" names the scheme in prose, in a config value's text too.
    P("yaml", 'help: |\n  Voilà, begin with either "http://" or "https://". For example\n', [],
      id="yaml-block-quoted-schemes"),
    P("toml", "k = 'https://'\n", [], id="config-single-quoted-scheme"),
    P("text", "either 'http://' or 'https://'", [], id="single-quoted-schemes"),
    # A backslash inside a line, or at the text's end, is the URI's (URI101 reports it).
    P("text", "Voilà http://x.example/a\\b\\c ok", [("http://x.example/a\\b\\c",) * 2], id="inner-backslashes-kept"),
    P("text", "Voilà http://x.example/a\\", [("http://x.example/a\\",) * 2], id="backslash-at-the-end-of-text"),
    # An "@" in a password is the password's: a host list needs a port before its separator.
    P("python", "u = 'https://u:p@ss@h1.example/x'\n", [("https://u:p@ss@h1.example/x",) * 2], id="at-in-a-password"),
    P("python", "u = 'https://u:p1@h1.example;u:p2@h2.example/'\n",
      [("https://u:p1@h1.example;u:p2@h2.example/",) * 2], id="no-port-no-host-list"),
    P("python", "u = 'https://u:a,b@h1:80/'\n", [("https://u:a,b@h1:80/",) * 2], id="comma-in-a-password"),
    # Not opened by a "+": a "+" at the end stays, as a sub-delim.
    P("text", "Voilà https://x.example/c++ ici", [("https://x.example/c++",) * 2], id="plus-at-the-end-kept"),
    P("text", "a+https://x.example/b+", [("a+https://x.example/b+",) * 2], id="compound-scheme-plus-kept"),
    # Not opened by a quote: a "'" inside the URI stays, as a sub-delim.
    P("text", "see https://example.com/a',b now", [("https://example.com/a',b",) * 2], id="unquoted-quote-kept"),
    # Kept whole: one URI, not a list.
    P("text", "https://example.com/?u=http://a.example,http://b.example",
      [("https://example.com/?u=http://a.example,http://b.example",) * 2], id="list-in-query"),
    P("markdown", "[x](http://a.example/,http://b.example/)",
      [("http://a.example/,http://b.example/",) * 2], id="link-target-is-one"),
    P("html", '<a href="http://a.example/|http://b.example/">x</a>',
      [("http://a.example/|http://b.example/",) * 2], id="attribute-is-one"),
    P("text", "data:text/uri-list,http://a.example/", [("data:text/uri-list,http://a.example/",) * 2], id="data-uri"),
    P("text", "mailto:a@example.com,b@example.com", [("mailto:a@example.com,b@example.com",) * 2], id="mailto-recipients"),
    P("python", "u = 'mongodb://h1,h2,h3/db'\n", [("mongodb://h1,h2,h3/db",) * 2], id="hosts-without-ports"),
    P("python", "u = 'http://example,com/'\n", [("http://example,com/",) * 2], id="comma-typo-kept"),
    P("text", "https://example.com/a;b=c,d", [("https://example.com/a;b=c,d",) * 2], id="path-params"),
    P("python", "u = 'https://example.com/a b'\n", [("https://example.com/a b",) * 2], id="inner-space-kept"),
    P("toml", 'c = "azureblockblob://DefaultEndpointsProtocol=http;AccountName=a;BlobEndpoint=http://h:1/a;"',
      [("azureblockblob://DefaultEndpointsProtocol=http;AccountName=a;BlobEndpoint=http://h:1/a;",) * 2],
      id="connection-string"),
    P("text", "git+https://github.com/a/b.git", [("git+https://github.com/a/b.git",) * 2], id="compound-scheme"),
    P("text", "shttp://example.com/", [("shttp://example.com/",) * 2], id="registered-glued-looking"),
    P("text", "http://x.example/a\\\\nb", [("http://x.example/a\\\\nb",) * 2], id="even-backslashes-literal"),
    P("shell", 'URL="https://x.example/\\"q\\""', [('https://x.example/\\"q\\"',) * 2], id="shell-escaped-quote-kept"),
    P("markdown", "see https://x.example/a\\'b", [("https://x.example/a'b", "https://x.example/a\\'b")],
      id="markdown-escape-decoded"),
    P("text", "redis://h1;h2/", [("redis://h1;h2/",) * 2], id="hosts-without-ports-semicolon"),
    P("text", "{@link Foo|bar} http://a.example/x|y", [("http://a.example/x|y",) * 2], id="bar-without-jsdoc"),
    P("text", "http://a.example/x,y:z", [("http://a.example/x,y:z",) * 2], id="unregistered-after-comma"),
    P("text", "READMEmailto:x@example.com", [], id="word-glued-other-scheme"),
    P("gettext", '#: mkdocs/themes/mkdocs/404.html:8\n#, python-format\nmsgid "at %(a)s:%(b)d"\nmsgstr ""\n', [],
      id="po-references-and-formats"),
    P("json", '{"k": "on_page_content:html", "v": "svc_data:/var/lib/x"}', [], id="json-identifiers"),
]


@pytest.mark.parametrize("format, text, expected", FINDS)
def test_finds(format: str, text: str, expected: List[Tuple[str, str]]) -> None:
    # (code included: where a URI ends is the same reading in code, and a URI that prose quotes
    # between single quotes is read as code, a string it mentions)
    assert slices(text, format, include_code=True) == expected


@pytest.mark.parametrize("format, text, expected", MUST_NOT_FIND)
def test_must_not_find_or_split(format: str, text: str, expected: List[Tuple[str, str]]) -> None:
    assert slices(text, format) == [tuple(e) for e in expected]


# -- findings ------------------------------------------------------------------------------------
# (format, text, code, needle): the finding starts exactly where ``needle`` does.
FIRES = [
    P("text", "Voilà READMEhttps://example.com/a%zz", "URI102", "%zz", id="glued-word-inner-uri"),
    P("text", "hhttps://example.com/x", "URI108", "hhttps", id="one-letter-glued-is-a-typo"),
    P("text", 'msg = "Ünïcode\\nhttps://example.com/%zz"', "URI102", "%zz", id="after-escape"),
    P("text", '"see https://example.com/a%zz\\n"', "URI102", "%zz", id="before-escape"),
    P("text", "`é https://example.com/${x}/%zz\\n\\n`", "URI102", "%zz", id="template-literal"),
    P("text", " * {@link https://example.com/a%zz|label}", "URI102", "%zz", id="jsdoc"),
    P("text", "é <https://example.com/%zz|label>", "URI102", "%zz", id="slack-label"),
    P("yaml", "l: http://a.example:99999,http://b.example/", "URI105", "99999", id="list-first"),
    P("yaml", "l: é http://a.example/,http://b.example:8o80/", "URI105", "o80/", id="list-second"),
    P("python", "u = 'amqp://acme.io;amqp://svc:Zq7pw8Lk2Rt9@backup.acme.io'\n", "URI301", "Zq7pw8Lk2Rt9",
      id="list-credentials"),
    P("python", "u = 'mongodb://admin:Zq7pw8Lk2Rt9@db0.acme.io:27017,db1.acme.io:27017/app'\n", "URI301",
      "Zq7pw8Lk2Rt9", id="host-list-credentials"),
    P("python", "u = 'mongodb://db0.acme.io:270x17,db1.acme.io:27017/app'\n", "URI105", "x17,", id="host-list-bad-port"),
    P("text", "READMEhttps://svc:Zq7pw8Lk2Rt9@acme.io/", "URI301", "Zq7pw8Lk2Rt9", id="glued-credentials"),
    P("gettext", 'msgid ""\nmsgstr ""\n"Voir l’aide: https://example.com/a%zz\\n"\n', "URI102", "%zz", id="po-header"),
    P("gettext", 'msgid "<a href=\\"https://example.com/%zz\\">x</a>"\nmsgstr ""\n', "URI102", "%zz", id="po-escaped-quotes"),
    P("gettext", 'msgid ""\n"see https://example.com/a%"\n"zz\\n"\nmsgstr ""\n', "URI102", "%", id="po-joined"),
    P("gettext", '# é https://example.com/%zz\nmsgid "x"\nmsgstr "y"\n', "URI102", "%zz", id="po-comment"),
    P("json", '{"sourcesContent": ["// é https://example.com/%zz\\n\\nx"]}', "URI102", "%zz", id="source-map-json"),
    P("python", 'def f():\n    r"""Voilà https://w.example/a_\\(b\\)/%zz."""\n', "URI102", "%zz",
      id="docstring-after-escapes"),
    P("python", "# Voilà https://w.example/a_\\(b\\)\n", "URI101", "\\(", id="comment-backslash"),
    P("text", "Voilà `+http://localhost:8o80+`", "URI105", "o80", id="asciidoc-passthrough-bad-port"),
    P("text", "URL = https://x.example/%zz.tar.gz\\\n\t-o x\n", "URI102", "%zz", id="before-a-continuation"),
]

QUIET = [
    P("text", "    disallowAlg http://www.w3.org/2000/09/xmldsig#sha1,\\\n    disallowAlg x\n", id="java-security"),
    P("text", "#define U https://a.example/\\\n  y\n", id="c-macro-continuation"),
    P("python", 'def f():\n    r"""Voilà [lines](https://en.wikipedia.org/wiki/Shebang_\\(Unix\\))."""\n',
      id="docstring-escaped-parentheses"),
    P("gettext", 'msgstr ""\n"Report-Msgid-Bugs-To: https://github.com/mkdocs/mkdocs/issues\\n"\n', id="po-header"),
    P("gettext", 'msgstr ""\n"Report-Msgid-Bugs-To: \\"https://github.com/o/r/"\n"issues\\"\\n"\n', id="po-header-wrapped"),
    P("gettext", '#, python-format\nmsgid ""\n"Please confirm <a href=\\"mailto:%(email)s\\">%(email)s</a>."\nmsgstr ""\n',
      id="po-mailto-placeholder"),
    P("text", '"Report-Msgid-Bugs-To: https://github.com/o/r/issues\\n"\n', id="po-as-plain-text"),
    P("text", '{"sourcesContent":["// Fixes https://github.com/popperjs/popper-core/issues/1223\\n\\nx"]}',
      id="source-map-as-plain-text"),
    P("json", '{"sourcesContent":["// Fixes https://github.com/popperjs/popper-core/issues/1223\\n\\nx"]}',
      id="source-map-as-json"),
    P("text", "`**Page:** https://prometheus.io/docs/${currentPage.slug}/\\n\\n**Describe the issue:**\\n\\n`",
      id="template-literal"),
    P("python", "b = 'memcache://127.0.0.1:11211;127.0.0.2:11211;127.0.0.3/'\n", id="memcache"),
    P("python", "b = 'cache+memcached://127.0.0.1:11211;127.0.0.2:11211;127.0.0.3/'\n", id="cache-memcached"),
    P("python", "u = 'amqp://localhost;amqp://backup'\n", id="failover-brokers"),
    P("python", "u = ('mongodb://'\n     'mongo1.example.com:27017,'\n     'mongo2.example.com:27017/'\n     'db?replicaSet=rs0')\n",
      id="mongodb-concatenated"),
    P("python", "u = 'postgresql://host1:123,host2:456/somedb?target_session_attrs=any'\n", id="libpq"),
    P("python", 'p = {"http_proxy": "http://example.com,http://proxy.org"}\n', id="proxy-list"),
    P("python", 'x = ("amqp://;redis://", {"amqp://", "redis://"})\n', id="scheme-name-list"),
    P("text", " * the {@link https://lunrjs.com/guides/searching.html#scoring|guide}.", id="jsdoc"),
    P("html", "<title>on_page_content:s&#45;&gt;pages_point_b</title>", id="svg-title"),
    P("text", "fi%6Ce:///etc/passwd", id="percent-encoded-scheme"),
    P("markdown", "* test/e2e/common/OWNERShttps://github.com/kubernetes/kubernetes/issues?q=is%3Aopen", id="glued-upper"),
    P("text", "Looks greathttps://github.com/o/r/pull/3174/files", id="glued-lower"),
    P("text", "<https://example.com/a|the page>", id="slack"),
]


@pytest.mark.parametrize("format, text, code, needle", FIRES)
def test_fires_at_the_exact_place(format: str, text: str, code: str, needle: str) -> None:
    assert (code, text.index(needle)) in findings(text, format)


@pytest.mark.parametrize("format, text", QUIET)
def test_quiet(format: str, text: str) -> None:
    assert findings(text, format) == []


def test_tables_are_balanced() -> None:
    assert len(MUST_NOT_FIND) >= len(FINDS)
    assert len(QUIET) >= len(FIRES)


def test_listener_names_are_split_and_draw_no_syntax_finding() -> None:
    """Upper-case Kafka listener names: split, and no port or host finding.  Whether an
    unregistered scheme's case is reported at all is the normalization rules' own scope."""
    text = "KAFKA_LISTENERS: PLAINTEXT://0.0.0.0:9092,OUTSIDE://kafka:29092\n"
    assert {code for code, _ in findings(text, "yaml")} <= {"URI201"}


# -- formats, fixes, positions -------------------------------------------------------------------
@pytest.mark.parametrize("name, format", [
    P("bootstrap.bundle.min.js.map", "json", id="js-map"),
    P("dist/app.css.map", "json", id="css-map"),
    P("x.mjs.map", "json", id="mjs-map"),
    P("locale/de/LC_MESSAGES/messages.po", "gettext", id="po"),
    P("messages.pot", "gettext", id="pot"),
    P("linker.map", "text", id="other-map-is-text"),
])
def test_format_names(name: str, format: str) -> None:
    assert format_for_path(name) == format


@pytest.mark.parametrize("format, text, fixed", [
    P("yaml", "l: HTTP://a.example/,http://b.example/\n", "l: http://a.example/,http://b.example/\n", id="yaml-list"),
    P("python", "u = 'amqp://h.example;HTTP://b.example/'\n", "u = 'amqp://h.example;http://b.example/'\n", id="python-list"),
    P("json", '{"b": "amqp://h.example;HTTP://b.example/"}', '{"b": "amqp://h.example;http://b.example/"}',
      id="json-list"),
    P("text", "é READMEHTTPS://a.example/", "é READMEhttps://a.example/", id="glued-word-untouched"),
])
def test_fixes_touch_only_their_part(format: str, text: str, fixed: str) -> None:
    # Normalization selected (off by default); unsafe too, as a fix in a Python literal is.
    settings = Settings(extend_select=frozenset({"URI2"}))
    result = pipeline.lint(text, get(format), settings, fix=True, unsafe=True)
    assert result.text == fixed


def test_gettext_positions_map_back_through_escapes_and_joins() -> None:
    text = 'msgstr ""\n"À: \\"https://github.com/o/r/"\n"issues\\"\\n"\n'
    (c,) = extract(text, "gettext")
    assert c.uri == "https://github.com/o/r/issues" and c.context == "quoted"
    assert text[c.start:c.end] == 'https://github.com/o/r/"\n"issues'
    assert text[c.to_source(c.uri.index("issues"))] == "i"
    assert text[c.to_source(0)] == "h"


# -- properties ----------------------------------------------------------------------------------
PIECES = st.sampled_from([
    "http://a.example/", "amqp://b", "README", "https://", "_", "%6C", "%", "\\", "\\n", "\\\"", '"', "'",
    ",", ";", "|", " ", "\n", ":", "//", "h1:1", "@", "/", "?", "#", "(", ")", "{@link ", "<", ">", "é", "中",
    "x", "msgid ", "#: ", "mongodb://", "PLAINTEXT://", "content:s", "&gt;",
])


@settings(max_examples=200, deadline=None)
@given(text=st.lists(PIECES, max_size=40).map("".join))
def test_every_candidate_maps_back(text: str) -> None:
    for format in ("text", "markdown", "yaml", "json", "gettext", "html"):
        for c in extract(text, format):
            assert 0 <= c.start <= c.end <= len(text)
            if c.is_verbatim:
                assert text[c.start:c.end] == c.uri
            else:
                for i in range(len(c.uri) + 1):
                    assert c.start <= c.to_source(i) <= c.end


# Linear time: each input holds tens of thousands of short URIs in one run (no whitespace), the
# shapes that cost a scan of the whole run per URI before (no timing here: they must finish).
ADVERSARIAL = [
    P("http://a)" * 20_000, id="closers"),
    P("http://a(" * 20_000, id="openers"),
    P("http://a[/b]" * 20_000, id="closing-tags"),
    P("http://a\\n" * 20_000, id="escapes"),
    P("http://a(b)c(http://x" * 10_000, id="pairs-and-openers"),
    P("a://b,c://d;" * 20_000, id="lists"),
    P("mongodb://h:1," * 20_000, id="host-list"),
    P("<http://x|" * 20_000 + ">", id="angle-bars"),
    P("k: " + "http://a.example/ " * 20_000, id="one-config-line"),
    P("\\" * 100_000 + "nhttp://x", id="backslash-run"),
    P("x_" * 100_000 + "content:x", id="underscore-run"),
]


@pytest.mark.parametrize("text", ADVERSARIAL)
def test_adversarial_runs_finish(text: str) -> None:
    for format in ("text", "yaml"):
        for c in extract(text, format):
            assert c.start < c.end
