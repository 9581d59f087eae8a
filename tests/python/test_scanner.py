"""The Python scanner: which literals and comments yield URIs, their values, and exact positions."""

from __future__ import annotations

import warnings
from typing import List, Tuple

import pytest

from urilint.scanners import extract
from urilint.scanners.python import group_value, lex, scan_python, syntax_error

P = pytest.param


def found(src: str, **kw: bool) -> List[Tuple[str, str, str]]:
    """(uri, context, source slice) of every candidate."""
    return [(c.uri, c.context, src[c.start:c.end]) for c in scan_python(src, **kw)]


# What each literal form yields: the URI as Python evaluates it, and the source it came from.
FINDS = [
    P('x = "http://a.example/p"\n', [("http://a.example/p", "py-string", "http://a.example/p")], id="plain"),
    P("x = 'http://a.example/p'\n", [("http://a.example/p", "py-string", "http://a.example/p")], id="single-quotes"),
    P('x = """http://a.example/p"""\n', [("http://a.example/p", "py-string", "http://a.example/p")], id="triple-in-expression"),
    P("x = '''http://a.example/p'''\n", [("http://a.example/p", "py-string", "http://a.example/p")], id="triple-single"),
    P('x = r"http://a.example/\\d"\n', [], id="raw-regex-class-skipped"),
    P('x = likely("tag:%zz")\n', [("tag:%zz", "py-string", "tag:%zz")], id="a-function-named-like"),
    P("# see https:///host/x (a `x` after)\n", [("https:///host/x", "comment", "https:///host/x")], id="comment-before-backquotes"),
    P("# unclosed `https:///host/x\n", [("https:///host/x", "comment", "https:///host/x")], id="comment-one-backquote"),
    P("# `a` https:///host/x `b`\n", [("https:///host/x", "comment", "https:///host/x")], id="comment-between-pairs"),
    P('x = fnmatch.fnmatch("http://a.example/p", pat)\n', [("http://a.example/p", "py-string", "http://a.example/p")],
      id="fnmatch-name-argument"),
    P('x = R"http://a.example/p"\n', [("http://a.example/p", "py-string", "http://a.example/p")], id="raw-upper"),
    P('x = b"http://a.example/p"\n', [("http://a.example/p", "py-string", "http://a.example/p")], id="bytes"),
    P('x = Rb"http://a.example/p"\n', [("http://a.example/p", "py-string", "http://a.example/p")], id="raw-bytes"),
    P('x = bR"http://a.example/p"\n', [("http://a.example/p", "py-string", "http://a.example/p")], id="bytes-raw"),
    P('x = U"http://a.example/p"\n', [("http://a.example/p", "py-string", "http://a.example/p")], id="unicode-prefix"),
    P('x = "http://a.example/\\x41b"\n', [("http://a.example/Ab", "py-string", "http://a.example/\\x41b")], id="hex-escape"),
    P('x = "http://a.example/\\u00e9"\n', [("http://a.example/\u00e9", "py-string", "http://a.example/\\u00e9")], id="unicode-escape"),
    P('x = "http://a.example/\\N{LATIN SMALL LETTER E WITH ACUTE}"\n',
      [("http://a.example/\u00e9", "py-string", "http://a.example/\\N{LATIN SMALL LETTER E WITH ACUTE}")], id="named-escape"),
    P('x = b"http://a.example/\\u00e9"\n', [("http://a.example/\\u00e9", "py-string", "http://a.example/\\u00e9")],
      id="bytes-keep-backslash-u"),
    P('x = "http://a.example/a\\tb"\n', [("http://a.example/a\tb", "py-string", "http://a.example/a\\tb")], id="tab-escape"),
    P('x = "http://a.example/a\\\nb"\n', [("http://a.example/ab", "py-string", "http://a.example/a\\\nb")],
      id="backslash-newline"),
    P('x = ("http://a.example/"\n     "path")\n', [("http://a.example/path", "py-string", 'http://a.example/"\n     "path')],
      id="implicit-concatenation"),
    P('x = ("http://a.example/"  # the host\n     f"{p}/x")\n',
      [("http://a.example/{p}/x", "py-string", 'http://a.example/"  # the host\n     f"{p}/x')], id="concatenation-comment"),
    P('x = "http://a.example/" \\\n    "path"\n', [("http://a.example/path", "py-string", 'http://a.example/" \\\n    "path')],
      id="concatenation-continuation"),
    P('x = f"https://{host}/api/{v}"\n', [("https://{host}/api/{v}", "py-string", "https://{host}/api/{v}")], id="f-string"),
    P('x = f"https://{a + b}/x"\n', [("https://{}/x", "py-string", "https://{a + b}/x")], id="f-string-expression-slot"),
    P('x = f"https://h/{x:{w}}"\n', [("https://h/{}", "py-string", "https://h/{x:{w}}")], id="f-string-nested-spec"),
    P('x = f"https://h/{{a}}"\n', [("https://h/{a}", "py-string", "https://h/{{a}}")], id="f-string-doubled-braces"),
    P('x = rf"https://h/{p}"\n', [("https://h/{p}", "py-string", "https://h/{p}")], id="raw-f-string"),
    P('x = "https://h/%s/%(id)d" % a\n', [("https://h/%s/%(id)d", "py-string", "https://h/%s/%(id)d")], id="printf"),
    P('x = "https://h/{}/{name}".format(a)\n', [("https://h/{}/{name}", "py-string", "https://h/{}/{name}")], id="format"),
    P('x = Template("https://h/$user/${repo}")\n', [("https://h/$user/${repo}", "py-string", "https://h/$user/${repo}")],
      id="template"),
    P('x = "https://example.com/a b"\n', [("https://example.com/a b", "py-string", "https://example.com/a b")],
      id="whole-value-with-space"),
    P('x = "see https://example.com/a for more"\n', [("https://example.com/a", "py-string", "https://example.com/a")],
      id="prose-string"),
    P('x = "--proxy=http://proxy.example:3128"\n', [("http://proxy.example:3128", "py-string", "http://proxy.example:3128")],
      id="embedded"),
    P('x = "{http://www.w3.org/1999/xhtml}body"\n',
      [("http://www.w3.org/1999/xhtml", "py-string", "http://www.w3.org/1999/xhtml")], id="clark-notation"),
    P('x = "mailto:a@example.com Alice"\n', [("mailto:a@example.com", "py-string", "mailto:a@example.com")],
      id="whitespace-ends-a-non-hierarchical-uri"),
    P('x = "mailto:someone@example.com"\n', [("mailto:someone@example.com", "py-string", "mailto:someone@example.com")],
      id="registered-scheme"),
    P('"""Docs: https://example.com/a.\n\nMore <http://a.example/b\n  /c> here."""\n',
      [("https://example.com/a", "docstring", "https://example.com/a"),
       ("http://a.example/b/c", "angle", "http://a.example/b\n  /c")], id="module-docstring"),
    P('def f():\n    """See https://example.com/x."""\n', [("https://example.com/x", "docstring", "https://example.com/x")],
      id="function-docstring"),
    P('x = 1  # see https://example.com/x.\n', [("https://example.com/x", "comment", "https://example.com/x")], id="comment"),
    P('x = "\u00e9\u00e9 http://a.example/"\n', [("http://a.example/", "py-string", "http://a.example/")], id="non-ascii-before"),
    P('x = 1\r\ny = "http://a.example/"\r\n', [("http://a.example/", "py-string", "http://a.example/")], id="crlf"),
    P('def f():\n    """Example.\n\n    >>> get("http://a b")\n    """\n', [], id="doctest-is-code"),
    P("x = f\"http://h/{f'{a}'}\"\n", [("http://h/{}", "py-string", "http://h/{f'{a}'}")], id="nested-f-string"),
    P('x = f"http://h/{x!r:>10}"\n', [("http://h/{x!r:>10}", "py-string", "http://h/{x!r:>10}")], id="conversion-spec"),
    P('if x:"http://a.example/"\n', [("http://a.example/", "py-string", "http://a.example/")], id="keyword-glued"),
    P('return"http://a.example/"\n', [("http://a.example/", "py-string", "http://a.example/")], id="return-glued"),
    P('print("[cyan]https://a.example/x[/cyan]")\n', [("https://a.example/x", "py-string", "https://a.example/x")],
      id="rich-markup"),
    # A field holding a quote is a slot: the prose scan would cut the URI at the quote.
    P("o = f\"host='mongodb+srv://{info['fqdn']}'\"\n", [("mongodb+srv://{}", "py-string", "mongodb+srv://{info['fqdn']}")],
      id="field-with-quotes-in-prose"),
    # A NUL ends a C string (a binary format's writer).
    P("w = b'http://www.w3.org/ns/ttml\\0'\n", [("http://www.w3.org/ns/ttml", "py-string", "http://www.w3.org/ns/ttml")],
      id="nul-terminated"),
    # A comment's URI that no pair of quotes wraps is prose.
    P('# a "quote then https:/host.io/x\n', [("https:/host.io/x", "comment", "https:/host.io/x")], id="comment-one-quote"),
    P("# see 'https:/host.io/x\" mixed\n", [("https:/host.io/x", "comment", "https:/host.io/x")], id="comment-mixed-quotes"),
]

# Strings and comments that read as something else: nothing is found.
SILENT = [
    P('x = "key:value"\n', id="key-value"),
    P('x = "12:30"\n', id="time"),
    P('x = "C:\\\\path\\\\to"\n', id="windows-path"),
    P('d = {"a:b": 1, "x:y": 2}\n', id="dict-keys"),
    P('q = "SELECT a::text FROM t WHERE x = \'y:z\'"\n', id="sql"),
    P('R = re.compile(r"https://(www\\.)?example\\.com/")\n', id="regex-call"),
    P('R = r"^https?://[^/]+/(.*)$"\n', id="regex-anchors"),
    P('R = "(?P<scheme>https)://(?P<host>[^/]+)"\n', id="regex-groups"),
    P('u = re.sub(p, r"ssh://\\1\\2/\\3", url)\n', id="regex-replacement-template"),
    P('u = re.sub(p, r"ssh://\\g<host>/", url)\n', id="regex-named-backreference"),
    # SQL LIKE and shell-style patterns (prefect's "tag:%"): their "%" and "*" are wildcards.
    P('q = db.Limit.name.like("tag:%")\n', id="sql-like"),
    P("q = col.not_ilike('http://x.example/%zz')\n", id="sql-not-ilike"),
    P('ok = fnmatch.fnmatch(url, "https://*.example.com/a b")\n', id="fnmatch-pattern"),
    # What a comment quotes between backquotes is code (a URL parser's comment on bad input).
    P("# or even `https:///host/path` (invalid, but accepted)\n", id="comment-backquoted"),
    P("# `sqlite:///D:/foo` (or ``sqlite:///D:\\\\foo``)\n", id="comment-backquoted-pairs"),
    # ... and so is what it quotes as a string (aiohttp's and django-oauth-toolkit's comments).
    P('# browsers normalize "https:/example.com" to "https://example.com/", so\n', id="comment-double-quoted"),
    P("# WHATWG mode reads a host from 'http:host/p' or 'http:///host/p'\n", id="comment-single-quoted"),
    P('u = "%s://%s/" % (scheme, host)\n', id="printf-scheme"),
    P('u = f"{scheme}://{host}/"\n', id="f-string-scheme"),
    P('u = "${SCHEME}://host/"\n', id="shell-scheme"),
    P('h = "Content-Type: text/html"\n', id="header-line"),
    P('x = "HTTP::Cookies"\n', id="perl-module"),
    P('x = "aaa::1/48"\n', id="ipv6-like"),
    P('# -*- coding: utf-8 -*-\n# type: ignore\n# noqa:E501\n', id="pragmas"),
    P('x = "http://"\n', id="scheme-only"),
    P('x = a[data:end]\n', id="slice-in-code"),
    P('H = {"()": "ext://m.F", "to": "cfg://handlers.email[toaddrs]", "s": "ext://sys.stderr"}\n',
      id="logging-config-references"),
    P('raise ValueError("Format should be file:line:column[:end_line:end_column]")\n', id="file-line-column"),
]


@pytest.mark.parametrize("src, expected", FINDS)
def test_finds(src: str, expected: List[Tuple[str, str, str]]) -> None:
    assert found(src) == expected


@pytest.mark.parametrize("src", SILENT)
def test_silent(src: str) -> None:
    assert found(src) == []


# URI offset -> the source character it comes from (escapes map to their first character).
POSITIONS = [
    P('x = "http://a.example/\\x41b"\n', 17, "\\", id="escape-start"),
    P('x = "http://a.example/\\x41b"\n', 18, "b", id="after-escape"),
    P('x = ("http://a.example/"\n     "PATH")\n', 17, "P", id="second-part"),
    P('x = f"https://{a + b}/X"\n', 8, "{", id="slot"),
    P('x = f"https://{a + b}/X"\n', 11, "X", id="after-slot"),
    P('x = "\u00e9\tabc http://a.example/Z"\n', 17, "Z", id="non-ascii-and-tab"),
]


@pytest.mark.parametrize("src, index, char", POSITIONS)
def test_positions(src: str, index: int, char: str) -> None:
    [c] = scan_python(src)
    assert src[c.to_source(index)] == char


SETTINGS = [
    P('x = 1  # https://example.com/x\n', {"comments": False}, [], id="comments-off"),
    P('"""https://example.com/x"""\n', {"docstrings": False}, [], id="docstrings-off"),
    P('x = "see https://example.com/x"\n', {"docstrings": False}, [], id="prose-strings-off"),
    P('x = "https://example.com/x"\n', {"docstrings": False, "comments": False},
      [("https://example.com/x", "py-string", "https://example.com/x")], id="code-strings-stay"),
    P('def f():\n    """Ex.\n\n    >>> get("http://a.example/")\n    """\n', {"include_code": True},
      [("http://a.example/", "quoted", "http://a.example/")], id="doctest-with-include-code"),
]


@pytest.mark.parametrize("src, kw, expected", SETTINGS)
def test_settings(src: str, kw: dict, expected: List[Tuple[str, str, str]]) -> None:  # type: ignore[type-arg]
    assert found(src, **kw) == expected


BROKEN = [
    P('x = "http://a.example/\n', id="unterminated"),
    P('x = "http://a.example/"\ndef (:\n', id="syntax-error-elsewhere"),
    P('x = f"http://h/{\n', id="unterminated-field"),
    P('x = "http://a.example/" +\n', id="incomplete"),
]


@pytest.mark.parametrize("src", BROKEN)
def test_broken_module_yields_nothing(src: str) -> None:
    assert scan_python(src) == []
    assert syntax_error(src) is not None


def test_syntax_error_is_none_for_good_code() -> None:
    assert syntax_error('x = "http://a.example/"\n') is None


def test_extract_entry_point() -> None:
    assert [c.uri for c in extract('x = "HTTP://a/"\n', "python")] == ["HTTP://a/"]


# The lexer follows PEP 701 (Python 3.12) f-strings whatever the running interpreter: a field
# may reuse the string's quote, nest f-strings, hold comments and line breaks.
PEP701 = [
    P('x = f"https://h/{d["k"]}/x"\n', 'https://h/{}/x', id="same-quote-in-field"),
    P('x = f"http://h/{f"{a}"}"\n', "http://h/{}", id="nested-same-quote"),
    P('x = f"""http://h/{\n  a  # the host\n}/x"""\n', "http://h/{}/x", id="comment-in-field"),
    P('x = f"http://h/{x:{"w"}}"\n', "http://h/{}", id="quote-in-nested-spec"),
]


@pytest.mark.parametrize("src, value", PEP701)
def test_pep701_lexing(src: str, value: str) -> None:
    lexed = lex(src)
    assert lexed is not None
    [group] = lexed.groups
    assert group_value(src, group)[0] == value
    assert src[group.end:] == "\n"


def test_docstring_detection() -> None:
    src = 'x = 1\n"""a"""\nclass A:\n    """b"""\n    y: int = "c"\n    "d"\nf("e")\n'
    lexed = lex(src)
    assert lexed is not None
    assert [src[g.start:g.end] for g in lexed.groups if g.statement] == ['"""a"""', '"""b"""', '"d"']


@pytest.mark.parametrize(
    "src",
    [
        pytest.param('A = f"https://Example.com/{x}\\q"\n', id="f-string-text-part"),
        pytest.param('B = "https://Example.org/\\q" "more"\n', id="concatenation"),
        pytest.param('C = "https://example.net/\\d"\n', id="plain-literal"),
        pytest.param('D = "https://example.net/\\d" +\n', id="module-with-a-syntax-error"),
    ],
)
def test_invalid_escapes_in_user_code_raise_no_warning(src: str) -> None:
    """Evaluating "\\q" warns (a SyntaxWarning that Python 3.12 prints on stderr, under every
    finding): the user's linter reports invalid escapes, urilint's output must not."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        extract(src, "python")
        syntax_error(src)
    assert [str(w.message) for w in caught] == []


def test_a_backquoted_uri_in_a_comment_is_code_when_code_is_included() -> None:
    src = "# or even `https:///host/path` (invalid); see https:///a/b\n"
    assert [(c.uri, c.in_code) for c in scan_python(src, include_code=True)] == [
        ("https:///host/path", True), ("https:///a/b", False)]


# A literal that is a piece of another string: both of its ends are open (only its characters
# are judged, it is never fixed).  A literal passed on whole is not.
PIECES = [
    P('u = url.replace("https:////", "https://a.io/")\n', [(True, True), (True, True)], id="replace-both-arguments"),
    P('u = url.replace(\n    "http:/x", "https://y")\n', [(True, True), (True, True)], id="replace-across-lines"),
    P('u = s.split("https://a.io/x")[0]\n', [(True, True)], id="split"),
    P('i = s.find("https://a.io/x", 3)\n', [(True, True)], id="find"),
    P('a, _, b = s.partition("https://a.io/x")\n', [(True, True)], id="partition"),
    P('ok = s.startswith("https://a.io/x")\n', [(False, True)], id="prefix-test"),
    P('u = fetch("https://a.io/x")\n', [(False, False)], id="plain-call"),
    P('u = replace_all("https://a.io/x")\n', [(False, False)], id="a-function-named-replace"),
    P('u = s.replace(old, new) + "https://a.io/x"\n', [(True, False)], id="after-a-replace-call"),
    P('u = fetch(s.split(",")[0], "https://a.io/x")\n', [(False, False)], id="beside-a-split-call"),
]


@pytest.mark.parametrize("src, expected", PIECES)
def test_pieces_of_other_strings(src: str, expected: List[Tuple[bool, bool]]) -> None:
    assert [(c.open_start, c.open_end) for c in scan_python(src)] == expected
